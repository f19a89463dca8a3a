/**
 * The outbox as the page holds it: every group's count, the parts of the list the Outbox screen shows (windows read
 * with `getOutboxList({ window })`, in the page's order), and each log's entries as the core's pushes said them
 * (Track's list and the week's cells read a log's state there, over the state its week was read with). The page
 * starts from the list's first window (its version and the counts) and follows the core's `outboxChange` pushes
 * (`follow`): each carries what a change added, changed or removed and the counts after it, so a log typed with
 * 10,000 entries waiting costs the page one entry, and the page never holds the whole list. A push moves the list:
 * the parts shown are read again (one call at a time). A push that does not follow the version held (one was missed:
 * a reconnect, a window opened meanwhile) makes the page read what it shows again, and the weeks it shows. The groups'
 * headings and the sentence after "Sync now": ../outbox-groups.ts.
 */
import type { OpInput } from '../../../../shared/contract';
import type { OutboxChange, OutboxEntry, OutboxList, SyncReport } from '../../../../shared/domain';
import { groupOf, OUTBOX_WINDOW_MAX, type OutboxGroupId } from '../../../../shared/status/outbox-groups';
import { actionRunner } from '../action';
import type { UserError } from '../errors';
import { countGroups, FIRST_WINDOW, logsAfter, placeAt, replaceHeld, spansToRead, type Span } from '../outbox-window';

/** A whole list with a change applied (the page holds windows now; tests and tools that follow a whole list use it). */
export { applyChange } from '../outbox-window';
import { patchSlice, type SliceCreator } from '../types';

export type FixFields = Omit<OpInput<'fixEntry'>, 'id'>;

export interface OutboxSlice {
  outbox: {
    /** The core's version of what is held (`OutboxChange`); null until the first window was read. */
    version: number | null;
    loaded: boolean;
    /** Every group's count (the headings), and how many entries the outbox holds. */
    groups: Record<OutboxGroupId, number>;
    /**
     * Of the Waiting group, the entries held for the user's answer to a torn delete, from the same answer or push as
     * `groups` (the heading says both: OutboxScreen.tsx). Undefined from a core that does not say it.
     */
    held?: number;
    total: number;
    /** The entries held by their place in the page's order: the parts the screen asked for (`want`). */
    shown: Record<number, OutboxEntry>;
    /** A log's entries as the last push that concerned it said them (localId -> entries). */
    byLog: Record<string, OutboxEntry[]>;
    error: UserError | null;
    syncing: boolean;
    lastReport: SyncReport | null;
    /** How many `outboxChange` pushes arrived (store/events.ts). */
    received: number;
    /** Entries with a call in flight (their buttons are disabled). */
    busyIds: string[];
    /** The list's first window: the version and the counts the pushes follow (and the Outbox's first screen). */
    load(): Promise<void>;
    /** A push of what changed (`outboxChange`): applied when it follows the version held, else what is shown is read again. */
    follow(change: OutboxChange): void;
    /**
     * A part of the screen (`key`: a group) shows places `from` to `from + count - 1` of the list: read what is not held.
     * `count` 0: it shows none any more.
     */
    want(key: string, from: number, count: number): void;
    syncNow(): Promise<void>;
    retry(id: string): Promise<boolean>;
    discard(id: string): Promise<boolean>;
    markRecorded(id: string): Promise<boolean>;
    fix(id: string, fields: FixFields): Promise<boolean>;
  };
}

const NO_GROUPS: Record<OutboxGroupId, number> = { attention: 0, waiting: 0, 'other-account': 0, sent: 0 };

export const createOutboxSlice: SliceCreator<OutboxSlice> =
  ({ api }) =>
  (set, get) => {
    const patch = (p: Partial<OutboxSlice['outbox']>) => patchSlice(set, 'outbox', p);
    const run = actionRunner(patch);
    /** The parts each piece of the screen shows (`want`), and whether what is held is older than the last push. */
    const wanted = new Map<string, Span>();
    let stale = false;
    /** A push was applied while no part was shown: what is held may sit at places it no longer has. */
    let movedUnseen = false;
    let reading: Promise<void> | undefined;
    let again = false;
    /** A read is out: pushes wait for it (`early`). */
    let inRead = false;
    /** Pushes that came while a part was being read: applied on top of it, in order, once it is here. */
    let early: OutboxChange[] = [];
    /**
     * The version of the last push whose logs `byLog` holds. A read answers windows and counts, never a log's entries:
     * a push it already covers (older than its version) still says its logs, or a log the read overtook would keep
     * the state of an older push ("syncing" after it reached the service).
     */
    let logsAt = -1;
    function logsFrom(c: OutboxChange): void {
      if (c.whole || c.version <= logsAt) return;
      logsAt = c.version;
      patch({ byLog: logsAfter(get().outbox.byLog, c) });
    }

    /** Counts, version and held entries from a part read at `list.version`, then the pushes that came meanwhile. */
    function take(list: OutboxList, parts: Array<{ from: number; entries: OutboxEntry[] }>, whole: boolean): void {
      let shown = whole ? {} : get().outbox.shown;
      for (const p of parts) shown = placeAt(shown, p.from, p.entries);
      patch({
        version: list.version,
        loaded: true,
        groups: list.groups ?? countGroups(list.entries, groupOf),
        held: list.heldForAnswer,
        total: list.total ?? list.entries.length,
        shown,
      });
      const waiting = early.sort((a, b) => a.version - b.version);
      early = [];
      for (const c of waiting)
        if (c.version > list.version) get().outbox.follow(c);
        else logsFrom(c);
    }

    /** Reads the parts shown that are not held (all of them when stale), or the first window; one read at a time. */
    function read(): Promise<void> {
      if (reading) {
        again = true;
        return reading;
      }
      reading = (async () => {
        // a bound, should pushes keep coming between the parts of one read: the next push reads again anyway
        for (let tries = 0; tries < 5; tries++) {
          again = false;
          const whole = stale;
          stale = false;
          const start = get().outbox.version === null;
          const spans = spansToRead([...wanted.values()], whole ? {} : get().outbox.shown, whole, OUTBOX_WINDOW_MAX);
          if (start || (whole && spans.length === 0)) spans.push(FIRST_WINDOW);
          if (spans.length === 0) break;
          inRead = true;
          const answer = await run({ error: 'error', failed: () => ({ loaded: true }) }, () =>
            Promise.all(spans.map((w) => api.getOutboxList({ window: w }))),
          ).finally(() => {
            inRead = false;
          });
          if (!answer.ok) break;
          const lists = answer.value;
          if (lists.every((l) => l.version === lists[0].version))
            take(
              lists[0],
              lists.map((l, k) => ({ from: spans[k].from, entries: l.entries })),
              whole || start,
            );
          // parts read at different versions (a push came between them): read again, all of them
          else stale = again = true;
          if (!again) break;
        }
      })().finally(() => {
        reading = undefined;
      });
      return reading;
    }

    /** What is held may be wrong (a push was missed): read what is shown again, and the weeks shown (their logs' states). */
    function readAgain(): void {
      stale = true;
      patch({ byLog: {} });
      void read();
      void get().today.load('glance');
      void get().week.load({ look: 'glance' });
    }

    /** One entry's resolution: its buttons are disabled while it is out (busy per entry, not for the whole list). */
    async function act(id: string, call: () => Promise<unknown>): Promise<boolean> {
      const idle = () => ({ busyIds: get().outbox.busyIds.filter((b) => b !== id) });
      const answer = await run(
        {
          error: 'error',
          start: { busyIds: [...get().outbox.busyIds, id] },
          // the last "Sync now" report no longer describes the outbox once the user changed an entry; what the
          // entry is now comes with the push the change made (the answer's whole list is not what the page holds)
          done: () => ({ lastReport: null, ...idle() }),
          failed: idle,
        },
        call,
      );
      if (answer.ok) {
        stale = true;
        void read();
      }
      return answer.ok;
    }

    return {
      outbox: {
        version: null,
        loaded: false,
        groups: NO_GROUPS,
        total: 0,
        shown: {},
        byLog: {},
        error: null,
        syncing: false,
        lastReport: null,
        received: 0,
        busyIds: [],
        load() {
          if (get().outbox.version !== null) stale = true;
          return read();
        },
        follow(change) {
          const o = get().outbox;
          const received = o.received + 1;
          if (o.version === null || inRead) {
            early.push(change);
            if (reading) again = true;
            else void read();
            return;
          }
          if (change.whole) {
            patch({
              version: change.version,
              groups: change.groups ?? countGroups(change.entries, groupOf),
              held: change.heldForAnswer,
              total: change.total ?? change.entries.length,
              received,
            });
            readAgain();
            return;
          }
          if (change.version <= o.version) {
            logsFrom(change); // its place and counts already held; its logs not
            return;
          }
          if (change.from !== o.version) {
            readAgain(); // one was missed: what is shown, read again (what it says includes this change)
            return;
          }
          patch({
            version: change.version,
            received,
            ...(change.groups ? { groups: change.groups, held: change.heldForAnswer } : {}),
            ...(change.total !== undefined ? { total: change.total } : {}),
            shown: replaceHeld(o.shown, change.entries),
          });
          logsFrom(change);
          // the change may have moved entries between places: the parts shown are read again; with none shown, when
          // one is next asked for (an entry held from before, at a place it no longer has, is not read again otherwise)
          if (wanted.size > 0) {
            stale = true;
            void read();
          } else movedUnseen = true;
        },
        want(key, from, count) {
          if (count <= 0) wanted.delete(key);
          else wanted.set(key, { from, count: Math.min(count, OUTBOX_WINDOW_MAX) });
          if (count <= 0) return;
          if (movedUnseen) stale = true;
          movedUnseen = false;
          void read();
        },
        async syncNow() {
          // what the sync changed comes as pushes (`follow`), entry by entry
          await run({ busy: 'syncing', error: 'error', done: (lastReport) => ({ lastReport }) }, () => api.syncNow({}));
        },
        retry: (id) => act(id, () => api.retryEntry({ id })),
        discard: (id) => act(id, () => api.discardEntry({ id })),
        markRecorded: (id) => act(id, () => api.markEntryRecorded({ id })),
        fix: (id, fields) => act(id, () => api.fixEntry({ id, ...fields })),
      },
    };
  };
