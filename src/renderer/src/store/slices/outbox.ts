/**
 * The outbox: every queued write with its state, and what the user can do about the ones that need attention. The
 * list is read whole once (`load`: `getOutboxList`, with its version), then follows the core's `outboxChange` pushes
 * (`follow`): each carries only what a change added, changed or removed, so a log typed with 10,000 entries waiting
 * costs the page one entry, not 10,000 (src/core/change-feed.ts). A push that does not follow the version held (one
 * was missed: a reconnect, a window opened meanwhile) makes the page read the whole list again, once.
 */
import type { OpInput } from '../../../../shared/contract';
import type { OutboxChange, OutboxEntry, SyncReport } from '../../../../shared/domain';
import { groupOf, OUTBOX_GROUPS, shownBefore, type OutboxGroupId } from '../../../../shared/status/outbox-groups';
import { defineMessages, type MessageDescriptor } from '../../../../shared/i18n/messages';
import { words, type Words } from '../../i18n/words';
import { actionRunner } from '../action';
import type { UserError } from '../errors';
import { patchSlice, type SliceCreator } from '../types';

export type FixFields = Omit<OpInput<'fixEntry'>, 'id'>;

export interface OutboxSlice {
  outbox: {
    entries: OutboxEntry[];
    /** The core's version of the list held (`OutboxChange`); null until the whole list was read. */
    version: number | null;
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
    /** A push of what changed (`outboxChange`): applied when it follows the version held, else the list is read again. */
    follow(change: OutboxChange): void;
    syncNow(): Promise<void>;
    retry(id: string): Promise<boolean>;
    discard(id: string): Promise<boolean>;
    markRecorded(id: string): Promise<boolean>;
    fix(id: string, fields: FixFields): Promise<boolean>;
  };
}

/** The outbox's groups, in the order they are shown: what needs the user first (src/shared/status/outbox-groups.ts). */
export type { OutboxGroupId };
export { groupOf };

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

/** The outbox as shown: non-empty groups in OUTBOX_GROUPS order, each newest first (src/shared/status/outbox-groups.ts). */
export function groupOutbox(entries: readonly OutboxEntry[]): OutboxGroup[] {
  return OUTBOX_GROUPS.map((id) => {
    const mine = entries.filter((e) => groupOf(e) === id).sort((a, b) => shownBefore(id, a, b));
    return { id, title: GROUP_TITLES[id], entries: mine };
  }).filter((g) => g.entries.length > 0);
}

/** `entries` with a change applied: entries replaced where they are (by id), new ones added, removed ones left out. */
export function applyChange(entries: readonly OutboxEntry[], change: Pick<OutboxChange, 'entries' | 'removed'>): OutboxEntry[] {
  if (change.entries.length === 0 && change.removed.length === 0) return entries as OutboxEntry[];
  const byId = new Map(change.entries.map((e) => [e.id, e]));
  const gone = new Set(change.removed);
  const out: OutboxEntry[] = [];
  for (const e of entries) {
    if (gone.has(e.id)) continue;
    const now = byId.get(e.id);
    out.push(now ?? e);
    byId.delete(e.id);
  }
  for (const e of byId.values()) out.push(e);
  return out;
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
    /** Pushes that came while the whole list was being read: applied on top of it, in order, once it is here. */
    let early: OutboxChange[] = [];
    let reading: Promise<void> | undefined;
    /** The list as the core had it at `version`, then the pushes that came meanwhile. */
    function take(entries: OutboxEntry[], version: number): void {
      let list = entries;
      let at = version;
      let gap = false;
      for (const c of early.sort((a, b) => a.version - b.version)) {
        if (c.version <= at) continue;
        if (c.from !== at) {
          gap = true;
          break;
        }
        list = applyChange(list, c);
        at = c.version;
      }
      early = [];
      patch({ entries: list, version: at, loaded: true });
      if (gap) void get().outbox.load();
    }
    return {
      outbox: {
        entries: [],
        version: null,
        loaded: false,
        error: null,
        syncing: false,
        lastReport: null,
        received: 0,
        busyIds: [],
        load() {
          // one read at a time: the pushes that come meanwhile wait for it (`early`)
          reading ??= (async () => {
            const at = get().outbox.version;
            await run(
              {
                error: 'error',
                done: (list) => {
                  // a whole list pushed while this one was read is newer: keep it
                  const held = get().outbox.version;
                  if (held === null || held === at) take(list.entries, list.version);
                  return {};
                },
                failed: () => ({ loaded: true }),
              },
              () => api.getOutboxList({}),
            );
          })().finally(() => {
            reading = undefined;
          });
          return reading;
        },
        follow(change) {
          const o = get().outbox;
          const received = o.received + 1;
          if (change.whole) {
            early = early.filter((c) => c.version > change.version);
            patch({ entries: change.entries, version: change.version, loaded: true, received });
            return;
          }
          if (o.version === null || reading) {
            early.push(change);
            if (!reading) void get().outbox.load();
            return;
          }
          if (change.version <= o.version) return; // already in the list held
          if (change.from !== o.version) {
            // one was missed: the whole list, once (what it says includes this change)
            void get().outbox.load();
            return;
          }
          patch({ entries: applyChange(o.entries, change), version: change.version, received });
        },
        async syncNow() {
          // what the sync changed comes as pushes (`follow`), entry by entry: no need to read the whole list again
          await run({ busy: 'syncing', error: 'error', done: (lastReport) => ({ lastReport }) }, () => api.syncNow({}));
        },
        retry: (id) => act(id, () => api.retryEntry({ id })),
        discard: (id) => act(id, () => api.discardEntry({ id })),
        markRecorded: (id) => act(id, () => api.markEntryRecorded({ id })),
        fix: (id, fields) => act(id, () => api.fixEntry({ id, ...fields })),
      },
    };
  };
