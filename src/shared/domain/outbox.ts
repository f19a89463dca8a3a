/**
 * The outbox as the bridge carries it: an entry (one change waiting to reach the service, with its state, history and
 * what the user may do about it), and the list and the deltas a page follows.
 */
import type { Said } from '../i18n/said';
import type { SyncState } from './local-log';

export type OutboxKind = 'add' | 'edit' | 'delete';
/** The fields of a log an outbox entry's Fix form has. */
export type OutboxField = 'hours' | 'workDate' | 'job' | 'description';
export interface OutboxAttempt {
  at: number;
  outcome: 'applied' | 'refused' | 'retry' | 'ambiguous' | 'reconciled';
  message?: string;
  /** `message` as a code and values, worded by each shell (src/shared/i18n/said.ts). */
  said?: Said;
}
export interface OutboxEntry {
  id: string;
  kind: OutboxKind;
  /** The ledger entry this operation belongs to. */
  localId: string;
  /** Summary for display: date, hours, job. */
  workDate: string;
  hours?: string;
  jobName?: string;
  state: SyncState;
  message?: string;
  /** `message` as a code and values, worded by each shell (src/shared/i18n/said.ts). */
  said?: Said;
  /**
   * The field of the log that a refusal concerns, when known (the Fix form opens on it and says there what is wrong):
   * from the company rule it breaks, or from the service's refusal code (real-service-notes: 8000-8002 the job or the
   * hours, 8008 a weekend/holiday/leave day, 9004 a date it could not read, 9009 a processed pay period). A locked
   * week is the date's problem (pick a date in another week).
   */
  field?: OutboxField;
  /** What the user can do about a needs-attention entry. */
  resolutions: Array<'retry' | 'fix' | 'discard' | 'mark-recorded'>;
  /** Its request may have reached the service (the answer was lost): discarding it does not undo it there. */
  maybeSent?: boolean;
  /**
   * Logged while the company's rules were not known (first use, offline): checked against them before it is sent,
   * and refused to "needs attention" with the rule's words if it breaks one.
   */
  unchecked?: boolean;
  /**
   * Made under another account than the signed-in one: it waits for that account and is never sent with this one.
   * In plain words, e.g. "waits for maya@acme.com on people.zoho.eu: sign in to that account to send it".
   */
  waitsFor?: string;
  /** `waitsFor` as a code and values, worded by each shell. */
  waitsForSaid?: Said;
  /**
   * Held for the user's answer: a damaged outbox record held a delete of this log that was not saved, and nothing of
   * the log is sent until the user chooses "Delete it" or "Keep it" (the banner, or `punch data log-again|discard
   * <report>`). In plain words, e.g. "waiting for your answer: you deleted this log and the delete was not saved, ...".
   */
  waitsForAnswer?: string;
  /** `waitsForAnswer` as a code and values, worded by each shell. */
  waitsForAnswerSaid?: Said;
  /** The damage report whose answer it waits for (`punch data` takes its id). */
  heldByReport?: string;
  /**
   * Waiting for the service's day to begin: the service refused it as a future day while that day is already the
   * user's today (the service's calendar is still on an earlier day: another time zone). Nothing is wrong with it; it is
   * sent again by itself (docs/outbox.md "Waiting for the service's day"). In plain words, e.g. "Waiting for the
   * service's day to begin: it is still Sat 28 Nov there (another time zone). Punchcard sends this log then."
   */
  waitsForServiceDay?: string;
  /** `waitsForServiceDay` as a code and values, worded by each shell. */
  waitsForServiceDaySaid?: Said;
  attempts: OutboxAttempt[];
  createdAt: number;
  updatedAt: number;
}

/** The outbox's groups, in the order they are shown (src/shared/status/outbox-groups.ts). */
export type OutboxGroupId = 'attention' | 'waiting' | 'other-account' | 'sent';
/**
 * What changed in the outbox (the `outboxChange` event): the entries added or changed, each whole, and the ids of
 * those that left, from version `from` to `version`. A page holding `from` applies it; one holding another version
 * (it missed one: a reconnect, a window opened meanwhile) asks for the whole list once (`getOutboxList`). Versions
 * count the changes of one running core; a new core starts elsewhere, so a page never mistakes its versions.
 */
export interface OutboxChange {
  version: number;
  from: number;
  /** Added or changed, as they are now. */
  entries: OutboxEntry[];
  /** Ids of the entries no longer in the outbox. */
  removed: string[];
  /**
   * `entries` is the whole outbox: what a page holds is replaced, whatever its version (another account signed in and
   * every entry's `waitsFor` may have changed, or the journal was read again whole).
   */
  whole?: true;
  /**
   * Every group's count after the change, and how many entries the outbox holds: a page that holds only a window of
   * the list (or none) shows true counts without reading it. Since the list has windows; absent from older cores.
   */
  groups?: Record<OutboxGroupId, number>;
  /**
   * Of `groups.waiting`, the entries held for the user's answer to a torn delete (as AppStatus
   * `outbox.heldForAnswer`, 0 included), counted on the same document as `groups`: the Waiting heading says both, so
   * it takes them from one push. Absent from older cores.
   */
  heldForAnswer?: number;
  total?: number;
}

/**
 * The outbox at a version (`getOutboxList`): what a page starts from, and the deltas that follow apply to. Asked
 * without `window`: every entry, in the outbox's order (as always). Asked with `window: { from, count }`: that part of
 * the list as the page shows it (groups needs attention, waiting, another account's, sent; newest first in each:
 * src/shared/status/outbox-groups.ts), so a page shows the first screen of 10,000 entries without 10,000 being mapped and
 * sent; it asks for the next part as it scrolls.
 */
export interface OutboxList {
  version: number;
  entries: OutboxEntry[];
  /** How many entries the outbox holds (with `window`, more than `entries` may hold). */
  total?: number;
  /** How many entries each group holds (the headings' counts). */
  groups?: Record<OutboxGroupId, number>;
  /** Of `groups.waiting`, the entries held for the user's answer to a torn delete (see `OutboxChange`). */
  heldForAnswer?: number;
  /** The part of the list `entries` is, in the page's order: asked with `window` only. */
  window?: { from: number; count: number };
}
