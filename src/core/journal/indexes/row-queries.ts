/**
 * The questions the rows' index answers (./held.ts, ./rows.ts): the rows of a day and the day's minutes, the rows by
 * service id and without one. On the ledger's document by its index; inside `ledger.change(fn)` on the draft (the
 * committed rows by the index, the rows `fn` reached as they are in the draft now); on any other document (a test's)
 * by reading it whole, as before.
 */
import { draftStateOf, type DraftState } from '../draft/proxy';
import { parseHhmm } from '../../../shared/time/hours';
import { accountOf, daysRead, rowIndexes, rowOrderOf, type RowIndex, type RowPart } from './held';
import { buildRowPart } from './rows';
import type { Journal, LedgerRow } from '../types';

/** The index of a rows map the ledger holds, with `part` built (undefined: not the ledger's). */
function rowIndexOf(rows: object, part: RowPart): RowIndex | undefined {
  let idx = rowIndexes.get(rows);
  if (idx === undefined) return undefined;
  if (idx === null) rowIndexes.set(rows, (idx = {}));
  buildRowPart(idx, rows as Record<string, LedgerRow>, part);
  return idx;
}

/** The keys of the rows map a draft reached: read as drafts, written or deleted. */
export function touched(s: DraftState): Set<string> {
  const keys = new Set<string>();
  for (const k of s.children?.keys() ?? []) if (typeof k === 'string') keys.add(k);
  for (const k of s.map?.overlay?.keys() ?? []) if (typeof k === 'string') keys.add(k);
  return keys;
}

/** The rows the index picks, plus (in a draft) the rows `fn` reached as they are now; `test` says the same as `pick`. */
function selectRows(
  j: Readonly<Journal>,
  part: RowPart,
  pick: (idx: RowIndex) => Iterable<[string, LedgerRow]> | undefined,
  test: (row: LedgerRow) => boolean,
): LedgerRow[] {
  const rows = j.rows;
  const s = draftStateOf(rows);
  const idx = rowIndexOf(s ? s.base : rows, part);
  if (!idx) return Object.values(rows).filter(test);
  const reached = s ? touched(s) : undefined;
  const out: LedgerRow[] = [];
  for (const [id, row] of pick(idx) ?? []) if (!reached?.has(id)) out.push(row);
  if (reached)
    for (const id of reached) {
      const row = rows[id];
      if (row !== undefined && test(row)) out.push(row);
    }
  return out;
}

/** The rows of one day (every account's: leave out what the caller must). */
export function rowsOn(j: Readonly<Journal>, workDate: string): LedgerRow[] {
  return selectRows(
    j,
    'days',
    (idx) => idx.byDay!.get(workDate),
    (row) => row.workDate === workDate,
  );
}

/**
 * The rows of some days (a week's), in the rows map's order: by the index of days, or, on a document as a whole read
 * left it (an opening's week), one pass over its rows' ids in order: the index of every day, 10,000 rows put into
 * maps, waits for the first rule or change.
 */
export function rowsOnDays(j: Readonly<Journal>, days: readonly string[]): LedgerRow[] {
  const rows = j.rows;
  const s = draftStateOf(rows);
  const idx = rowIndexes.get(s ? s.base : rows);
  const order = s || idx === undefined || idx?.byDay ? undefined : rowOrderOf(rows);
  // after a change (no order from the read) the index is built: the next week's merge, a log's, then costs its week
  if (!order) return days.flatMap((d) => rowsOn(j, d));
  // the read noted each day's rows as it read them (until a change touched a row): the week's places, in order
  const byDay = daysRead.get(rows);
  if (byDay) {
    const at: number[] = [];
    for (const d of new Set(days)) for (const p of byDay.get(d) ?? []) at.push(p);
    return at.sort((a, b) => a - b).map((p) => rows[order[p]]);
  }
  const wanted = new Set(days);
  const out: LedgerRow[] = [];
  for (const id of order) {
    const row = rows[id];
    if (wanted.has(row.workDate)) out.push(row);
  }
  return out;
}

/** The rows of the days before `workDate` (for pruning: the oldest days, not the whole ledger). */
export function rowsBefore(j: Readonly<Journal>, workDate: string): LedgerRow[] {
  function* before(idx: RowIndex): Iterable<[string, LedgerRow]> {
    for (const [day, rows] of idx.byDay!) if (day < workDate) yield* rows;
  }
  return selectRows(j, 'days', before, (row) => row.workDate < workDate);
}

/** The rows that hold this service id (one, unless something went wrong). */
export function rowsWithTimeLogId(j: Readonly<Journal>, timeLogId: string): LedgerRow[] {
  return selectRows(
    j,
    'ids',
    (idx) => idx.byTimeLogId!.get(timeLogId),
    (row) => row.timeLogId === timeLogId,
  );
}

/** The rows that hold a service id (the week's merge: which of the service's logs a row speaks for). */
export function rowsWithAnyTimeLogId(j: Readonly<Journal>): LedgerRow[] {
  function* known(idx: RowIndex): Iterable<[string, LedgerRow]> {
    for (const rows of idx.byTimeLogId!.values()) yield* rows;
  }
  return selectRows(j, 'ids', known, (row) => !!row.timeLogId);
}

/** The rows without a service id yet. */
export function rowsWithoutTimeLogId(j: Readonly<Journal>): LedgerRow[] {
  return selectRows(
    j,
    'unconfirmed',
    (idx) => idx.unconfirmed,
    (row) => !row.timeLogId,
  );
}

/** A day's minutes by account, summed from its rows when first asked (a start reads no row's hours). */
function dayMinutes(idx: RowIndex, workDate: string): Map<string, number> {
  let day = idx.minutes!.get(workDate);
  if (!day) {
    idx.minutes!.set(workDate, (day = new Map()));
    for (const row of idx.byDay!.get(workDate)?.values() ?? []) {
      if (row.pendingDelete) continue;
      const account = accountOf(row);
      day.set(account, (day.get(account) ?? 0) + parseHhmm(row.hours));
    }
  }
  return day;
}

/**
 * The minutes logged on a day by the rows whose account `mine` accepts (given the row's account, '' for none), rows
 * being deleted left out: by the index's sums, not a walk over the day's rows. In a draft: the committed sums, with
 * the rows `fn` reached taken out as they were and put back as they are now.
 */
export function minutesOn(j: Readonly<Journal>, workDate: string, mine: (account: string) => boolean): number {
  const counts = (row: LedgerRow | undefined): row is LedgerRow =>
    row !== undefined && row.workDate === workDate && !row.pendingDelete && mine(accountOf(row));
  const rows = j.rows;
  const s = draftStateOf(rows);
  const idx = rowIndexOf(s ? s.base : rows, 'days');
  if (!idx) return Object.values(rows).reduce((total, row) => total + (counts(row) ? parseHhmm(row.hours) : 0), 0);
  let total = 0;
  for (const [account, minutes] of dayMinutes(idx, workDate)) if (mine(account)) total += minutes;
  if (s)
    for (const id of touched(s)) {
      const was = (s.base as Record<string, LedgerRow>)[id];
      if (counts(was)) total -= parseHhmm(was.hours);
      const now = rows[id];
      if (counts(now)) total += parseHhmm(now.hours);
    }
  return total;
}

/** The committed rows of a document or of a draft (its base: an index is built from committed values only). */
export function committedRows(j: Readonly<Journal>): Readonly<Record<string, LedgerRow>> {
  const s = draftStateOf(j.rows);
  return s ? (s.base as unknown as Record<string, LedgerRow>) : j.rows;
}
