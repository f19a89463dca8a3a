/**
 * The questions the indexes of ./indexes.ts answer: the rows of a day and the day's minutes, the rows by service id
 * and without one, the rows that may hold a log the ledger does not know by id, a log's entries, the unfinished
 * entries counted (and an entry by id, by a walk). On the ledger's document by its indexes; inside `ledger.change(fn)` on the draft (the
 * committed rows by the index, the rows `fn` reached as they are in the draft now); on any other document (a test's)
 * by reading it whole, as before.
 */
import { draftStateOf, type DraftState } from './draft/proxy';
import { itemsToRead } from './draft/entries';
import { parseHhmm } from '../../shared/time/hours';
import {
  NONE,
  accountOf,
  buildRowPart,
  countIndexes,
  noteMaybeOnService,
  opIndexes,
  rowIndexes,
  rowOrderOf,
  type Counts,
  type OpIndex,
  type RowIndex,
  type RowPart,
  type UnfinishedCounts,
} from './indexes';
import type { Journal, LedgerRow, OutboxOp } from './types';

/** The index of a rows map the ledger holds, with `part` built (undefined: not the ledger's). */
function rowIndexOf(rows: object, part: RowPart): RowIndex | undefined {
  let idx = rowIndexes.get(rows);
  if (idx === undefined) return undefined;
  if (idx === null) rowIndexes.set(rows, (idx = {}));
  buildRowPart(idx, rows as Record<string, LedgerRow>, part);
  return idx;
}

/** The index of a document's entries, built on first use (undefined: not the ledger's document). */
function opIndexOf(ops: readonly OutboxOp[]): OpIndex | undefined {
  const known = opIndexes.get(ops);
  if (known !== null) return known;
  // built in one pass, each log's list grown in place before anyone holds it (carryOps makes a new list per entry:
  // 10,000 lists thrown away at a start); a log's entries in the outbox's order, as a walk finds them
  const byLocalId = new Map<string, OutboxOp[]>();
  for (const op of ops) {
    const list = byLocalId.get(op.localId);
    if (list) list.push(op);
    else byLocalId.set(op.localId, [op]);
  }
  const idx: OpIndex = { byLocalId };
  opIndexes.set(ops, idx);
  return idx;
}

/** The counts of a document's unfinished entries (`rows`: its rows, for the accounts), one pass when first asked. */
function countsOf(ops: readonly OutboxOp[], rows: Readonly<Record<string, LedgerRow>>): Counts | undefined {
  const known = countIndexes.get(ops);
  if (known !== null) return known;
  const counts: Counts = new Map();
  // the account's counts found again only when it changes from one entry to the next (a handful of accounts)
  let key: string | undefined;
  let c: UnfinishedCounts | undefined;
  for (const op of ops) {
    const state = op.state;
    if (state === 'synced') continue;
    const account = accountOf(rows[op.localId]);
    if (account !== key) {
      key = account;
      c = counts.get(account);
      if (!c) counts.set(account, (c = { queued: 0, sending: 0, 'needs-attention': 0 }));
    }
    c![state]++;
  }
  countIndexes.set(ops, counts);
  return counts;
}

/** The rows that may hold a service log the ledger does not know by id, from the entries' index (built when first asked). */
function maybeOnServiceOf(idx: OpIndex, rows: Readonly<Record<string, LedgerRow>>): Set<string> {
  if (!idx.maybeOnService) {
    idx.maybeOnService = new Set();
    for (const id in rows) if (!rows[id].timeLogId) noteMaybeOnService(idx, id, rows[id]);
  }
  return idx.maybeOnService;
}

/** The keys of the rows map a draft reached: read as drafts, written or deleted. */
function touched(s: DraftState): Set<string> {
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

/**
 * The rows without a service id whose add may have reached the service (no unfinished add, or one maybe sent: the
 * rows that may claim a service log, ../week/claim.ts). By the index on the ledger's document, and on a draft whose
 * entries are not written yet (with the rows `fn` reached asked again); `maybe` is the question for one row, asked of
 * every row without a service id otherwise.
 */
export function rowsMaybeOnService(j: Readonly<Journal>, maybe: (row: LedgerRow) => boolean): LedgerRow[] {
  const rows = j.rows;
  const s = draftStateOf(rows);
  const ops = j.ops;
  const opsState = draftStateOf(ops);
  const base = opsState ? (opsState.copy === undefined ? (opsState.base as unknown as OutboxOp[]) : undefined) : ops;
  const idx = base && opIndexOf(base);
  if (!idx) return rowsWithoutTimeLogId(j).filter(maybe);
  const reached = s ? touched(s) : undefined;
  const committed = committedRows(j);
  const out: LedgerRow[] = [];
  for (const id of maybeOnServiceOf(idx, committed)) if (!reached?.has(id)) out.push(committed[id]);
  if (reached)
    for (const id of reached) {
      const row = rows[id];
      if (row !== undefined && !row.timeLogId && maybe(row)) out.push(row);
    }
  return out;
}

/**
 * A log's entries, in the outbox's order, FOR READING (inside a change, take one with `findItem` to change it).
 * By the index on the ledger's document and on a draft whose entries list is not written yet.
 */
export function opsOf(j: Readonly<Journal>, localId: string): readonly OutboxOp[] {
  const ops = j.ops;
  const s = draftStateOf(ops);
  const base = s ? (s.copy === undefined ? (s.base as unknown as OutboxOp[]) : undefined) : ops;
  const idx = base && opIndexOf(base);
  if (idx) return idx.byLocalId.get(localId) ?? NONE;
  return itemsToRead(ops).filter((o) => o.localId === localId);
}

/**
 * `opsOf` for many logs of one document read at once (a walk over 10,000 rows asks each row's entries): the index is
 * found once, not once a row. Only while the document does not change (in a change: until the next write to it).
 */
export function opsReader(j: Readonly<Journal>): (localId: string) => readonly OutboxOp[] {
  const ops = j.ops;
  const s = draftStateOf(ops);
  const base = s ? (s.copy === undefined ? (s.base as unknown as OutboxOp[]) : undefined) : ops;
  const idx = base && opIndexOf(base);
  if (idx) return (localId) => idx.byLocalId.get(localId) ?? NONE;
  return (localId) => opsOf(j, localId);
}

/**
 * `opsOf` for a known set of logs of one document (a week's rows, the logs of a change's push): by the index when it
 * is built; else one pass over the entries for those logs only, the index of every log left unbuilt (an opening's week
 * asks for a few hundred of 10,000 logs; the first log's own questions build it).
 */
export function opsReaderFor(j: Readonly<Journal>, localIds: Iterable<string>): (localId: string) => readonly OutboxOp[] {
  const ops = j.ops;
  const built = draftStateOf(ops) ? undefined : opIndexes.get(ops);
  if (built || draftStateOf(ops)) return opsReader(j);
  const want = new Map<string, OutboxOp[]>();
  for (const id of localIds) want.set(id, []);
  for (const op of ops) want.get(op.localId)?.push(op);
  return (localId) => want.get(localId) ?? opsOf(j, localId);
}

/** The committed rows of a document or of a draft (its base: an index is built from committed values only). */
function committedRows(j: Readonly<Journal>): Readonly<Record<string, LedgerRow>> {
  const s = draftStateOf(j.rows);
  return s ? (s.base as unknown as Record<string, LedgerRow>) : j.rows;
}

/**
 * An entry by its id, FOR READING (inside a change, take it with `findItem` to change it); undefined when gone. A walk
 * (the ledger keeps no map of entries by id: nothing it does on a log asks for one; the change feed finds a change's
 * entries by their logs).
 */
export function opById(j: Readonly<Journal>, id: string): OutboxOp | undefined {
  return itemsToRead(j.ops).find((o) => o.id === id);
}

/**
 * The unfinished entries (queued, sending, needing attention) by the account their log was made under ('' for a log
 * that names none), kept by the ledger (../journal/indexes.ts `Counts`): what the counts of the status sum up.
 * Undefined for a document the ledger does not hold (or a draft): the caller counts the entries one by one.
 */
export function unfinishedByAccount(j: Readonly<Journal>): ReadonlyMap<string, Readonly<UnfinishedCounts>> | undefined {
  if (draftStateOf(j.ops)) return undefined;
  return countsOf(j.ops, j.rows);
}
