/** The outbox: every queued write with its state, and what the user can do about the ones that need attention. */
import type { OpInput } from '../../../../shared/contract';
import type { OutboxEntry, SyncReport } from '../../../../shared/domain';
import { defineMessages, type MessageDescriptor } from '../../../../shared/i18n/messages';
import { words, type Words } from '../../i18n/words';
import { actionRunner } from '../action';
import type { UserError } from '../errors';
import { patchSlice, type SliceCreator } from '../types';

export type FixFields = Omit<OpInput<'fixEntry'>, 'id'>;

export interface OutboxSlice {
  outbox: {
    entries: OutboxEntry[];
    loaded: boolean;
    error: UserError | null;
    syncing: boolean;
    lastReport: SyncReport | null;
    /**
     * How many `outbox` pushes arrived (store/events.ts). The core pushes every change it makes to the outbox, an
     * action's own too, so a push that arrived while a call was out is at least as new as the call's answer: the
     * answer must not overwrite it (a fix's answer, still "queued", landing after the push that says "synced").
     */
    received: number;
    /** Entries with a call in flight (their buttons are disabled). */
    busyIds: string[];
    load(): Promise<void>;
    syncNow(): Promise<void>;
    retry(id: string): Promise<boolean>;
    discard(id: string): Promise<boolean>;
    markRecorded(id: string): Promise<boolean>;
    fix(id: string, fields: FixFields): Promise<boolean>;
  };
}

/** The outbox's groups, in the order they are shown: what needs the user first. */
export type OutboxGroupId = 'attention' | 'waiting' | 'other-account' | 'sent';

export interface OutboxGroup {
  id: OutboxGroupId;
  title: MessageDescriptor;
  entries: OutboxEntry[];
}

const M = defineMessages({
  attention: {
    id: 'outbox.group.attention',
    defaultMessage: 'Needs attention',
    description: 'Heading: entries the service refused, or may not have.',
  },
  waiting: { id: 'outbox.group.waiting', defaultMessage: 'Waiting', description: 'Heading: entries queued or being sent.' },
  otherAccount: {
    id: 'outbox.group.other-account',
    defaultMessage: 'For another account',
    description: 'Heading: entries made under another account, sent when it signs in again.',
  },
  sent: { id: 'outbox.group.sent', defaultMessage: 'Sent recently', description: 'Heading: entries the service has.' },
  offline: {
    id: 'outbox.sync.offline',
    defaultMessage: 'The service is not reachable. {remaining} waiting; they will sync when it is back.',
    description: 'After Sync now, offline. {remaining}: a number of entries.',
  },
  report: {
    id: 'outbox.sync.report',
    defaultMessage:
      'Sent {sent}.{remaining, plural, =0 {} other { # waiting.}}{attention, plural, =0 {} one { # needs attention.} other { # need attention.}}{done, select, yes { Everything reached the service.} other {}}',
    description: 'After Sync now: how many entries were sent, still wait, and need attention.',
  },
});

const GROUP_TITLES: Record<OutboxGroupId, MessageDescriptor> = {
  attention: M.attention,
  waiting: M.waiting,
  'other-account': M.otherAccount,
  sent: M.sent,
};

/**
 * Which group an entry belongs to. An entry of another account (`waitsFor`) is in its own group whatever its state: it
 * waits for that account, not for the network or the user (src/shared/status/sync-words.ts counts it apart the same way), so
 * the "Waiting" group holds exactly what the status line counts as waiting (queued + syncing) and "Needs attention"
 * exactly what it counts as needing attention.
 */
export function groupOf(e: OutboxEntry): OutboxGroupId {
  if (e.waitsFor) return 'other-account';
  if (e.state === 'needs-attention') return 'attention';
  if (e.state === 'synced') return 'sent';
  return 'waiting';
}

/**
 * The outbox as shown: non-empty groups in GROUP order, each newest first. "Newest" is when the entry was made
 * (`createdAt`), except for "Sent recently", which goes by when it reached the service (`updatedAt`); ties keep the
 * later entry first (entry ids grow with the outbox's sequence).
 */
export function groupOutbox(entries: readonly OutboxEntry[]): OutboxGroup[] {
  const order: OutboxGroupId[] = ['attention', 'waiting', 'other-account', 'sent'];
  return order
    .map((id) => {
      const when = (e: OutboxEntry) => (id === 'sent' ? e.updatedAt : e.createdAt);
      const mine = entries.filter((e) => groupOf(e) === id).sort((a, b) => when(b) - when(a) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
      return { id, title: GROUP_TITLES[id], entries: mine };
    })
    .filter((g) => g.entries.length > 0);
}

/** The sentence after "Sync now". */
export function describeSync(r: SyncReport): Words {
  if (!r.online) return words(M.offline, { remaining: r.remaining });
  return words(M.report, {
    sent: r.sent,
    remaining: r.remaining,
    attention: r.needsAttention,
    done: !r.remaining && !r.needsAttention ? 'yes' : 'no',
  });
}

export const createOutboxSlice: SliceCreator<OutboxSlice> =
  ({ api }) =>
  (set, get) => {
    const patch = (p: Partial<OutboxSlice['outbox']>) => patchSlice(set, 'outbox', p);
    const run = actionRunner(patch);
    /** A push arrived since the call started: it is at least as new as the call's answer. */
    const fresher = (seen: number) => get().outbox.received !== seen;
    /** One entry's resolution: its buttons are disabled while it is out (busy per entry, not for the whole list). */
    async function act(id: string, call: () => Promise<OutboxEntry[]>): Promise<boolean> {
      const idle = () => ({ busyIds: get().outbox.busyIds.filter((b) => b !== id) });
      const seen = get().outbox.received;
      const answer = await run(
        {
          error: 'error',
          start: { busyIds: [...get().outbox.busyIds, id] },
          // the last "Sync now" report no longer describes the outbox once the user changed an entry
          done: (entries) => ({ ...(fresher(seen) ? {} : { entries }), lastReport: null, ...idle() }),
          failed: idle,
        },
        call,
      );
      return answer.ok;
    }
    return {
      outbox: {
        entries: [],
        loaded: false,
        error: null,
        syncing: false,
        lastReport: null,
        received: 0,
        busyIds: [],
        async load() {
          const seen = get().outbox.received;
          await run(
            {
              error: 'error',
              done: (entries) => ({ ...(fresher(seen) ? {} : { entries }), loaded: true }),
              failed: () => ({ loaded: true }),
            },
            () => api.getOutbox({}),
          );
        },
        async syncNow() {
          const answer = await run({ busy: 'syncing', error: 'error', done: (lastReport) => ({ lastReport }) }, () => api.syncNow({}));
          if (answer.ok) await get().outbox.load();
        },
        retry: (id) => act(id, () => api.retryEntry({ id })),
        discard: (id) => act(id, () => api.discardEntry({ id })),
        markRecorded: (id) => act(id, () => api.markEntryRecorded({ id })),
        fix: (id, fields) => act(id, () => api.fixEntry({ id, ...fields })),
      },
    };
  };
