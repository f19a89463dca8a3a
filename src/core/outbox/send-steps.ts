/**
 * The steps of a send, as the outbox records them on an entry: which entry goes next (`nextOperation`), the
 * write-ahead mark before it leaves (`markSending`), and what the attempt did to it (`markApplied`, `markRetry`,
 * `markAbsent`, `markRefused`, `markAmbiguous`, `noteAttempt`). Pure functions over a draft of the journal, each one
 * atomic write in `ledger.change(...)`; the sync engine (../sync/) is their one caller (eslint.config.js `SEND_STEPS`).
 * An entry that turns out not to have reached the service folds again with what the user changed meanwhile
 * (./operations.ts `recompact`).
 */
import type { OutboxField, OutboxKind, RuleViolation } from '../../shared/domain';
import type { Journal, LedgerRow, LogFields, OutboxOp } from '../journal';
import { findItem } from '../journal';
import { redact, redactSaid } from '../../shared/redact';
import { saidOf, type Said, type Words } from '../../shared/i18n/said';
import { outboxWords } from './outbox-words';
import { ofAccount } from './ledger-queries';
import { clean, findOp, recompact } from './operations';
import { keepShown, prune } from './housekeeping';
import type { Days } from '../../shared/time/zone';

export const ENDPOINT: Record<OutboxKind, string> = {
  add: 'timetracker/addtimelog',
  edit: 'timetracker/edittimelog',
  delete: 'timetracker/deletetimelog',
};

export const AMBIGUOUS_ADD_MESSAGE = outboxWords.ambiguousAdd().message;
export const AMBIGUOUS_CHANGE_MESSAGE = outboxWords.ambiguousChange().message;

/** A message kept in the journal: the core's words (code, values and English), or English text not converted. */
export type Text = string | Words;
const englishOf = (t: Text): string => (typeof t === 'string' ? t : t.message);
/** Its code and values, redacted like its English: a value may quote the service, which may echo a token. */
const saidIn = (t: Text): { said?: Said } => (typeof t === 'string' ? {} : { said: redactSaid(saidOf(t)) });

export type Readiness = { ready: true; op: OutboxOp; reconcile: boolean } | { ready: false };

/**
 * The next entry to work on, in the order the user made them. Skips finished and refused ones, ones whose
 * endpoint is paused (429 / lock-out: only that endpoint waits), and ones waiting for an earlier entry of the
 * same log (an edit waits for its add; a refused add holds its edits back but nothing else).
 * An op that may have reached the service (found in `sending` after a crash, or answered ambiguously) is
 * reconciled before anything is re-sent, unless the user checked and chose "Send again".
 */
export function nextOperation(
  j: Readonly<Journal>,
  isPaused: (endpoint: string) => boolean,
  account?: string,
  /** In flight in another process right now (../sync/claims.ts): it and what follows it of the same log wait. */
  claimedElsewhere: (op: OutboxOp) => boolean = () => false,
  /** A queued entry that waits out its backoff step before it goes again (`retryAt`): it and its log's wait. */
  held: (op: OutboxOp) => boolean = () => false,
): Readiness {
  const blocked = new Set<string>();
  for (const op of j.ops) {
    if (op.state === 'synced') continue;
    // its delete, read from a torn record, is offered to the user (../journal/torn-end.ts): nothing goes until they answer
    if (j.rows[op.localId]?.deleteOffered !== undefined) continue;
    // made under another account (the user switched): it waits until that account is back, never goes elsewhere
    if (account !== undefined && !ofAccount(j.rows[op.localId], account)) continue;
    const waiting = blocked.has(op.localId);
    blocked.add(op.localId);
    if (waiting || op.state === 'needs-attention') continue;
    if (op.state === 'sending' && claimedElsewhere(op)) continue;
    if (op.state === 'queued' && op.retryAt !== undefined && held(op)) continue;
    if (isPaused(ENDPOINT[op.kind])) continue;
    return { ready: true, op, reconcile: op.maybeSent && !op.resendApproved };
  }
  return { ready: false };
}

/** Write-ahead: durably marked before the request is sent; a crash after this point is ambiguous. */
export function markSending(j: Journal, id: string, now: number, by?: OutboxOp['sendingBy']): void {
  const op = findOp(j, id);
  op.state = 'sending';
  op.maybeSent = true;
  if (by) op.sendingBy = by;
  else delete op.sendingBy;
  // the user's "Send again" covers this one send only: after a crash from here on, reconcile again
  delete op.resendApproved;
  op.sentAt = now;
  delete op.retryAt;
  op.updatedAt = now;
}

export function markApplied(
  j: Journal,
  id: string,
  now: number,
  how: {
    timeLogId?: string;
    outcome?: 'applied' | 'reconciled';
    message?: Text;
    /** The user's days: housekeeping counts its 16 weeks back from their today (./housekeeping.ts `prune`). */
    days?: Pick<Days, 'dayOf'>;
  } = {},
): void {
  const op = findOp(j, id);
  delete op.sendingBy;
  const row = j.rows[op.localId];
  op.state = 'synced';
  op.syncedAt = now;
  op.updatedAt = now;
  op.resolutions = [];
  delete op.message;
  delete op.said;
  delete op.field;
  delete op.resendApproved;
  delete op.retryAt;
  delete op.waitsForServiceDay;
  addAttempt(op, { at: now, outcome: how.outcome ?? 'applied' }, how.message);
  if (op.kind === 'add' && row) {
    if (how.timeLogId) row.timeLogId = how.timeLogId;
    row.remote = { ...op.add! };
  } else if (op.kind === 'edit' && row) {
    row.remote = { ...(row.remote ?? pickFields(row)), ...op.patch };
  } else if (op.kind === 'delete') {
    // the delete and the log's synced edits stay listed a while: they keep the day, hours and job the list shows
    if (row) keepShown(j, row);
    delete j.rows[op.localId];
  }
  prune(j, now, how.days);
}

/**
 * A waiting add whose log was found on the service by another way than its answer (in a timesheet read before the
 * user deletes it: ../week/adopt.ts): settled with that log's id, as a reconciliation, and its history says where it
 * was found. What the week adopts, said as what it means; the send's transitions stay the engine's.
 */
export function settleFoundInTimesheet(j: Journal, id: string, timeLogId: string, now: number, days?: Pick<Days, 'dayOf'>): void {
  markApplied(j, id, now, { timeLogId, outcome: 'reconciled', message: outboxWords.foundInDeleted(), days });
}

/**
 * A send is over without reaching `synced`: the entry leaves `sending` for `state`, and `maybeSent` says whether
 * the service may hold it. The user's "Send again" covered that one send only.
 */
function sendOver(j: Journal, id: string, now: number, state: 'queued' | 'needs-attention', maybeSent: boolean): OutboxOp {
  const op = findOp(j, id);
  delete op.sendingBy;
  delete op.resendApproved;
  delete op.retryAt;
  delete op.waitsForServiceDay;
  op.state = state;
  op.maybeSent = maybeSent;
  op.updatedAt = now;
  return op;
}

/** The service surely did not apply it (network before sending, 429, 5xx before processing): try again later. */
export function markRetry(j: Journal, id: string, now: number, message: Text): void {
  const op = sendOver(j, id, now, 'queued', false);
  addAttempt(op, { at: now, outcome: 'retry' }, message);
  recompact(j, op.localId);
}

/**
 * Sent, answered ambiguously, and the service shows it did NOT apply it: it goes again, but not before `retryAt` (one
 * backoff step after its last send, ../sync/outcomes.ts). The write path failed without reaching the service (a reset,
 * a gateway page, a sign-in page on that path only) and will likely fail the same way at once: re-sending as soon as
 * the list showed it absent made 30 to 60 sends in two seconds.
 */
export function markAbsent(j: Journal, id: string, now: number, retryAt: number, message: Text): void {
  markRetry(j, id, now, message);
  const op = findItem(j.ops, (o) => o.id === id);
  if (!op) return;
  op.resends = (op.resends ?? 0) + 1;
  if (retryAt > now) op.retryAt = retryAt;
}

/**
 * Refused as a future date while its day is already the user's (./service-day.ts): nothing was written, and the
 * service's day comes within hours. It waits as queued (not refused, nothing to fix) and goes again at `retryAt`;
 * `since` is kept from the first such refusal, so the wait is bounded.
 */
export function markWaitingForServiceDay(
  j: Journal,
  id: string,
  now: number,
  retryAt: number,
  wait: { since: number; serviceDay?: string },
  message: Text,
): void {
  const op = sendOver(j, id, now, 'queued', false);
  addAttempt(op, { at: now, outcome: 'retry' }, message);
  op.retryAt = retryAt;
  op.waitsForServiceDay = wait.serviceDay ? { since: wait.since, serviceDay: wait.serviceDay } : { since: wait.since };
  recompact(j, op.localId);
}

/** Offline for a day means hundreds of retries: the history keeps the latest ones. */
const MAX_ATTEMPTS = 20;
function addAttempt(op: OutboxOp, a: OutboxOp['attempts'][number], message?: Text): void {
  // stored: a message may quote the service, which may echo the request's token back (src/shared/redact.ts)
  op.attempts.push(message !== undefined ? { ...a, message: redact(englishOf(message)), ...saidIn(message) } : a);
  if (op.attempts.length > MAX_ATTEMPTS) op.attempts.splice(0, op.attempts.length - MAX_ATTEMPTS);
}

/**
 * The field of a log a refusal or a broken rule concerns, as the outbox's Fix form has it: a locked week is the date's
 * problem (the log moves to a date in another week).
 */
export function outboxField(field: RuleViolation['field'] | undefined): OutboxField | undefined {
  return field === 'week' ? 'workDate' : field;
}

/**
 * The service refused it (validation): the user must fix or discard; entries behind it that do not depend on it go on.
 * `field`: the log's field the refusal concerns, when known (the Fix form opens on it).
 */
export function markRefused(j: Journal, id: string, now: number, message: Text, field?: RuleViolation['field']): void {
  const op = sendOver(j, id, now, 'needs-attention', false);
  op.message = redact(englishOf(message));
  const { said } = saidIn(message);
  if (said) op.said = said;
  else delete op.said;
  const f = op.kind === 'delete' ? undefined : outboxField(field);
  if (f) op.field = f;
  else delete op.field;
  op.resolutions = op.kind === 'delete' ? ['retry', 'discard'] : ['fix', 'retry', 'discard'];
  addAttempt(op, { at: now, outcome: 'refused' }, message);
  recompact(j, op.localId);
}

/** The outcome could not be established: never re-send blindly, ask the user. */
export function markAmbiguous(j: Journal, id: string, now: number, message?: Text): void {
  const op = sendOver(j, id, now, 'needs-attention', true);
  delete op.field;
  const words = message ?? (op.kind === 'add' ? outboxWords.ambiguousAdd() : outboxWords.ambiguousChange());
  op.message = redact(englishOf(words));
  const { said } = saidIn(words);
  if (said) op.said = said;
  else delete op.said;
  op.resolutions = ['mark-recorded', 'retry', 'discard'];
  addAttempt(op, { at: now, outcome: 'ambiguous' }, words);
}

/** A note on an attempt that changes nothing else (e.g. reconciliation could not reach the service). */
export function noteAttempt(j: Journal, id: string, now: number, outcome: 'retry' | 'ambiguous', message: Text): void {
  const op = findOp(j, id);
  addAttempt(op, { at: now, outcome }, message);
  op.updatedAt = now;
}

function pickFields(row: LedgerRow): LogFields {
  const { workDate, hours, jobId, jobName, billingStatus, workItem, description } = row;
  return clean({ workDate, hours, jobId, jobName, billingStatus, workItem, description }) as LogFields;
}
