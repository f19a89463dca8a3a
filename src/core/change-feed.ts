/**
 * What changed in the ledger and the outbox, said on the bus: `outbox` (every entry), `ledger` (the weeks whose logs
 * changed) and `status`, after each change made here, by another process on the data directory (`punch log` while
 * the app runs), or found damaged. Also the other direction: a `ledger` event from elsewhere in the core (the team's
 * delete of the user's own timesheet) means the service's part of those weeks changed, so they are read again.
 */
import type { OutboxEntry } from '../shared/domain';
import { weekStartOf } from '../shared/time/week';
import type { EventBus, Session } from './context';
import type { Journal, Ledger } from './journal';
import { journalWords } from './journal';
import { accountKeyOf } from './service';
import { toOutboxEntry } from './outbox';
import type { Said, Words } from '../shared/i18n/said';
import type { DamageReport } from './store';
import type { Weeks } from './week';

/** The notice for a damaged outbox file: what happened, what it held, where the original is. */
export function outboxDamageNotice(r: DamageReport): Words {
  const part = (s: Said | undefined, text: string) => (s ? { said: s } : text);
  return journalWords.damageNotice(part(r.said?.reason, r.reason), r.keptAs, part(r.said?.outcome, r.outcome));
}

/** The days of the logs that differ between two versions of the document (for the `ledger` event). */
export function changedDates(before: Readonly<Journal>, after: Readonly<Journal>): string[] {
  const dates = new Set<string>();
  for (const id of new Set([...Object.keys(before.rows), ...Object.keys(after.rows)])) {
    const a = before.rows[id],
      b = after.rows[id];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    if (a) dates.add(a.workDate);
    if (b) dates.add(b.workDate);
  }
  return [...dates];
}

export interface ChangeFeed {
  /** Every outbox entry, also those of another account (shown with the account they wait for, never hidden). */
  entries(): OutboxEntry[];
  /** After a change: the dates it touched. Announces `outbox`, the weeks of those dates, and `status`. */
  changed(dates: string[]): void;
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
  const entries = (): OutboxEntry[] => {
    const j = ledger.read();
    const account = accountKeyOf(session);
    return j.ops.map((o) => toOutboxEntry(j, o, account));
  };
  return {
    entries,
    announceWeeks,
    changed(dates) {
      const weekStarts = [...new Set(dates.filter(Boolean).map((d) => weekStartOf(d)))];
      bus.emit('outbox', entries());
      if (weekStarts.length > 0) announceWeeks(weekStarts);
      deps.announceStatus();
    },
    close: stop,
  };
}
