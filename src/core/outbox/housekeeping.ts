/**
 * Keeping the journal's document bounded (docs/outbox.md "Keeping the ledger bounded"): synced entries and old ledger
 * rows go. Run after every applied send (./send-steps.ts `markApplied`), inside its atomic change.
 */
import type { Journal, LedgerRow } from '../journal';
import { itemsToRead, itemsWhere, removeItems, rowsBefore } from '../journal';
import { addDays } from '../../shared/time/week';
import { userDay, type Days } from '../../shared/time/zone';

/** Synced entries stay visible in the outbox for a while, then go (the ledger keeps the log itself). */
export const KEEP_SYNCED = 50;
/**
 * Synced ledger rows of days older than this many weeks go (docs/outbox.md "Keeping the ledger bounded"): their weeks
 * are long submitted, the service holds them, and a journal that only grows makes every change slower.
 */
export const KEEP_LEDGER_WEEKS = 16;

/**
 * Keeps the document bounded: the last KEEP_SYNCED synced outbox entries, and ledger rows of days in the last
 * KEEP_LEDGER_WEEKS weeks. An older row goes only when it has not changed for as long and nothing of it is
 * unfinished in the outbox (docs/outbox.md). Runs on every sync step: it reads the rows of the old days only (the
 * ledger's index by day) and the entries without a draft of each.
 *
 * The weeks are counted back from the user's day at `now` (`days`: the zone they chose, Settings' "Count my days in"),
 * as the week screens and the rules count: the process's day, in a zone a day apart, dropped a row of the 16th week
 * back that the user still reads as in it (or kept one a day longer). Without `days`, the process's zone.
 */
export function prune(j: Journal, now?: number, days?: Pick<Days, 'dayOf'>): void {
  if (now !== undefined) {
    const today = days ? days.dayOf(now) : userDay(now, undefined);
    pruneLedger(j, addDays(today, -7 * KEEP_LEDGER_WEEKS), now - KEEP_LEDGER_WEEKS * WEEK_MS);
  }
  const synced = itemsToRead(j.ops).filter((o) => o.state === 'synced');
  if (synced.length <= KEEP_SYNCED) return;
  const drop = new Set(
    synced
      .sort((a, b) => (a.syncedAt ?? 0) - (b.syncedAt ?? 0))
      .slice(0, synced.length - KEEP_SYNCED)
      .map((o) => o.id),
  );
  removeItems(j.ops, (o) => drop.has(o.id));
}

const WEEK_MS = 7 * 86_400_000;

/** Both the log's day and its last change must be old: a log of an old day the user just touched stays. */
function pruneLedger(j: Journal, oldestDay: string, oldestChange: number): void {
  const old = rowsBefore(j, oldestDay).filter((row) => row.updatedAt < oldestChange && !row.pendingDelete);
  if (old.length === 0) return;
  const unfinished = new Set(
    itemsToRead(j.ops)
      .filter((o) => o.state !== 'synced')
      .map((o) => o.localId),
  );
  for (const row of old) {
    if (unfinished.has(row.localId)) continue;
    keepShown(j, row);
    delete j.rows[row.localId];
  }
}

/**
 * Before a log's row goes while entries of it stay listed (its synced delete, a synced edit): each entry without its
 * own values (`add`) keeps the day, hours and job the outbox shows for it (`shown`), or the list would have no day for it.
 */
export function keepShown(j: Journal, row: Readonly<LedgerRow>): void {
  const shown = { workDate: row.workDate, hours: row.hours, ...(row.jobName ? { jobName: row.jobName } : {}) };
  for (const op of itemsWhere(j.ops, (o) => o.localId === row.localId && !o.add && !o.shown)) op.shown = { ...shown };
}
