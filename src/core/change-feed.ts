/**
 * What changed in the ledger and the outbox, said on the bus: `outboxChange` (the entries a change added, changed or
 * removed, with a version), `ledger` (the weeks whose logs changed) and `status`, after each change made here, by
 * another process on the data directory (`punch log` while the app runs), or found damaged. Also the other direction:
 * a `ledger` event from elsewhere in the core (the team's delete of the user's own timesheet) means the service's part
 * of those weeks changed, so they are read again.
 *
 * Why a delta: the whole outbox after every change cost what the outbox holds, not what changed. With 10,000 entries
 * waiting (a long time offline, a stuck service) one typed log mapped 10,000 entries and pushed 5.2 MiB of
 * server-sent events to the page, which parsed and drew them again: 2-3 s a log. Now the journal says which rows and
 * entries each change touched (`ledger.onChange`, which the root subscribes `touched` to), and the push carries those
 * entries only. A page holding the version before applies it; one that missed a version asks for the whole list once
 * (`list`, the contract's `getOutboxList`); the whole list is pushed only when every entry may have changed (another
 * account signed in, the journal read again whole).
 */
import { sameAccount } from '../shared/account-key';
import type { OutboxChange, OutboxEntry, OutboxList } from '../shared/domain';
import { weekStartOf } from '../shared/time/week';
import type { EventBus, Session } from './context';
import { journalWords, opsReaderFor, type Journal, type JournalTouched, type Ledger, type OutboxOp } from './journal';
import { accountKeyOf } from './service';
import { groupCounts, heldForAnswer, outboxWindow, toOutboxEntry } from './outbox';
import type { Said, Words } from '../shared/i18n/said';
import type { DamageReport } from './store';
import type { Weeks } from './week';

/** The notice for a damaged outbox file: what happened, what it held, where the original is. */
export function outboxDamageNotice(r: DamageReport): Words {
  const part = (s: Said | undefined, text: string) => (s ? { said: s } : text);
  return journalWords.damageNotice(part(r.said?.reason, r.reason), r.keptAs, part(r.said?.outcome, r.outcome));
}

/**
 * The days of the logs that differ between two versions of the document (for the `ledger` event). Rows are replaced,
 * never changed, so a row that is the same object is the same row; only a document read again whole (new objects for
 * the same rows) needs its rows compared by value.
 */
export function changedDates(before: Readonly<Journal>, after: Readonly<Journal>): string[] {
  const dates = new Set<string>();
  const differ = (a: unknown, b: unknown) => a !== b && JSON.stringify(a) !== JSON.stringify(b);
  for (const id in after.rows) {
    const a = before.rows[id],
      b = after.rows[id];
    if (!differ(a, b)) continue;
    if (a) dates.add(a.workDate);
    dates.add(b.workDate);
  }
  for (const id in before.rows) if (!(id in after.rows)) dates.add(before.rows[id].workDate);
  return [...dates];
}

export interface ChangeFeed {
  /** Every outbox entry, also those of another account (shown with the account they wait for, never hidden). */
  entries(): OutboxEntry[];
  /**
   * The outbox with the version the next `outboxChange` applies to (what a page starts from): every entry, or with
   * `window` that part of the list in the page's order (../shared/status/outbox-groups.ts); the counts either way.
   */
  list(window?: { from: number; count: number }): OutboxList;
  /** What a new document of the journal touched (the root subscribes this to `ledger.onChange`): pushed soon after. */
  touched(t: JournalTouched): void;
  /** After a change: the dates it touched. Announces what the outbox changed, the weeks of those dates, and `status`. */
  changed(dates: string[]): void;
  /** Another account signed in: every entry's `waitsFor` may have changed, so the next push is the whole list. */
  accountChanged(): void;
  /** Says that these weeks changed (a week submitted here) without reading them again. */
  announceWeeks(weekStarts: string[]): void;
  close(): void;
}

export function createChangeFeed(deps: {
  bus: EventBus;
  session: Session;
  ledger: Pick<Ledger, 'read'>;
  weeks: Pick<Weeks, 'invalidate'>;
  announceStatus: () => void;
}): ChangeFeed {
  const { bus, session, ledger } = deps;
  // this module's own `ledger` events are ledger changes (re-merged only); any other is read again
  let announcing = false;
  const announceWeeks = (weekStarts: string[]) => {
    announcing = true;
    try {
      bus.emit('ledger', { weekStarts });
    } finally {
      announcing = false;
    }
  };
  const stop = bus.on('ledger', ({ weekStarts }) => {
    if (!announcing) deps.weeks.invalidate(weekStarts);
  });
  const accountNow = () => accountKeyOf(session);
  const entriesOf = (j: Readonly<Journal>, account: string) => j.ops.map((o) => toOutboxEntry(j, o, account));
  const entries = (): OutboxEntry[] => entriesOf(ledger.read(), accountNow());

  // A core's versions start at a number of its own: a page that held another core's (web mode restarted) mismatches
  // and reads the whole list, instead of applying a delta to a list it does not describe.
  let version = Math.floor(Math.random() * 1e9);
  let pending = { whole: false, rows: new Set<string>(), ops: new Set<string>(), logs: new Set<string>() };
  let pushedFor: string | undefined;
  let flushing = false;

  /** Pushes what was touched since the last push, as one `outboxChange` (nothing when nothing shows differently). */
  function flush(): void {
    if (flushing) return;
    let account: string;
    try {
      account = accountNow();
    } catch {
      return; // no session yet: nobody holds a list to follow
    }
    flushing = true;
    try {
      const j = ledger.read(); // may catch up with another process (which notes what it touched): taken below
      const taken = pending;
      pending = { whole: false, rows: new Set(), ops: new Set(), logs: new Set() };
      const whole = taken.whole || (pushedFor !== undefined && !sameAccount(pushedFor, account));
      pushedFor = account;
      let change: Omit<OutboxChange, 'version' | 'from'>;
      if (whole) change = { entries: entriesOf(j, account), removed: [], whole: true };
      else {
        // every entry of each log the change concerns, not only those it wrote: a page that keeps a log's state from
        // the pushes (Track's list, the week's cells) then holds all of that log's entries as they are now. Found by
        // their logs (the entries written say theirs): an entry touched that none of them holds now was removed
        const logs = new Set([...taken.rows, ...taken.logs]);
        // nothing touched since the last push (a change announced at once, then its microtask): no pass over the entries
        if (logs.size === 0 && taken.ops.size === 0) return;
        const now = new Map<string, OutboxOp>();
        const entriesOfLog = opsReaderFor(j, logs);
        for (const localId of logs) for (const o of entriesOfLog(localId)) now.set(o.id, o);
        const ids = new Set([...taken.ops, ...now.keys()]);
        if (ids.size === 0) return;
        const changed: OutboxEntry[] = [];
        const removed: string[] = [];
        for (const id of ids) {
          const op = now.get(id);
          if (op) changed.push(toOutboxEntry(j, op, account));
          else removed.push(id);
        }
        change = { entries: changed, removed };
      }
      version += 1;
      // the held count with the groups' counts, from the same document: the Waiting heading says both (never one push's
      // count beside another's held)
      bus.emit('outboxChange', {
        version,
        from: version - 1,
        ...change,
        groups: groupCounts(j, account),
        heldForAnswer: heldForAnswer(j, account),
        total: j.ops.length,
      });
    } finally {
      flushing = false;
    }
  }

  let scheduled = false;
  const flushSoon = () => {
    if (scheduled) return;
    scheduled = true;
    // a change nobody announces (a week read that recorded a claimed id) still reaches the page, once its work is done
    queueMicrotask(() => {
      scheduled = false;
      flush();
    });
  };

  return {
    entries,
    list(window) {
      const account = accountNow();
      pushedFor ??= account;
      const j = ledger.read();
      if (window) {
        const part = outboxWindow(j, account, window.from, window.count);
        return { version, ...part, heldForAnswer: heldForAnswer(j, account), window: { from: window.from, count: part.entries.length } };
      }
      return {
        version,
        entries: entriesOf(j, account),
        total: j.ops.length,
        groups: groupCounts(j, account),
        heldForAnswer: heldForAnswer(j, account),
      };
    },
    touched(t) {
      if (t.whole) pending.whole = true;
      for (const id of t.rows) pending.rows.add(id);
      for (const id of t.ops) pending.ops.add(id);
      for (const id of t.logs) pending.logs.add(id);
      flushSoon();
    },
    accountChanged() {
      pending.whole = true;
      flushSoon();
    },
    announceWeeks,
    changed(dates) {
      const weekStarts = [...new Set(dates.filter(Boolean).map((d) => weekStartOf(d)))];
      flush();
      if (weekStarts.length > 0) announceWeeks(weekStarts);
      deps.announceStatus();
    },
    close: stop,
  };
}
