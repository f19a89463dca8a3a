/**
 * Indexes of the ledger's document, so that the questions asked on every log and every keystroke cost what the day
 * holds, not what the ledger holds: the rows of a day (the company's maximum per day), the rows that hold a service
 * id or none yet (the day's total, the claims of ../week/claim.ts), a log's entries (its sync state), an entry by its
 * id (the change feed's delta), and the unfinished entries counted by state and by the account of their log (the
 * status's counts, pushed after every change: with 10,000 entries waiting, a pass over them on every log was most
 * of a log's cost).
 *
 * An index belongs to the rows map (or the entries list) of a document the ledger holds as current: those are
 * never changed but by a change the ledger commits, which moves the index over and updates it with what changed
 * (`carryIndexes`: the rows and entries of the change, not the whole document). It is built on the first question
 * after the ledger opened the file (one pass). A document the ledger does not hold (a test's, or one a rule is
 * building) has none: the questions then read it whole, as before, since it may be changed in place at any time.
 *
 * Inside `ledger.change(fn)` the questions take the draft: the committed rows by the index, and the rows `fn` reached
 * (touched, changed, added or deleted) as they are in the draft now.
 */
import { draftStateOf, itemsToRead, type DraftState } from './draft';
import type { Journal, JournalDiff, LedgerRow, OutboxOp } from './types';

type Rows = Map<string, LedgerRow>;
interface RowIndex {
  byDay: Map<string, Rows>;
  byTimeLogId: Map<string, Rows>;
  /** Rows without a service id (an add not confirmed, or a log marked recorded by hand). */
  unconfirmed: Rows;
}
interface OpIndex {
  /**
   * A log's entries, in the outbox's order. Each list is replaced, never changed, when the log's entries
   * change: `opsOf` hands it out as it is (10,000 copies for the rules' 10,000 questions were most of their cost).
   */
  byLocalId: Map<string, readonly OutboxOp[]>;
  localIdOf: Map<string, string>;
  /** Unfinished entries by the account their log was made under ('' for none: any account's), then by state. */
  unfinished: Map<string, UnfinishedCounts>;
  /** How each unfinished entry is counted in `unfinished` (to take it out again exactly). */
  countedAs: Map<string, { account: string; state: UnfinishedState }>;
}

export type UnfinishedState = 'queued' | 'sending' | 'needs-attention';
export type UnfinishedCounts = Record<UnfinishedState, number>;
/** The account a row was made under, as the counts key it ('' when it names none, or there is no row). */
const accountOf = (row: LedgerRow | undefined): string => row?.account ?? '';

const NONE: readonly OutboxOp[] = Object.freeze([]);

/** null: held by the ledger, not built yet. No entry: not the ledger's (no index). */
const rowIndexes = new WeakMap<object, RowIndex | null>();
const opIndexes = new WeakMap<object, OpIndex | null>();

/** `doc` is the ledger's current document, read whole from the file: its indexes are built when first asked. */
export function holdIndexes(doc: Readonly<Journal>): void {
  if (!rowIndexes.has(doc.rows)) rowIndexes.set(doc.rows, null);
  if (!opIndexes.has(doc.ops)) opIndexes.set(doc.ops, null);
}

/** What one change did, for the indexes: the rows it touched and what happened to entries, in order. */
export interface IndexedChange {
  rowIds: Iterable<string>;
  /** A row's value after the change (undefined: gone). */
  rowNow: (id: string) => LedgerRow | undefined;
  /** An entry written (replaced where it is, or appended), or the id of one removed. */
  ops: ReadonlyArray<OutboxOp | string>;
  reordered: boolean;
}

/**
 * `next` replaces `prev` as the ledger's document: the indexes move over (prev loses them) and are updated with what
 * changed. Called before a rows map shared by both is changed in place (`prev.rows[id]` is still the old row).
 */
export function carryIndexes(prev: Readonly<Journal>, next: Readonly<Journal>, change: JournalDiff | IndexedChange): void {
  const c =
    'rowIds' in change
      ? change
      : {
          rowIds: [...Object.keys(change.rows), ...change.rowsGone],
          rowNow: (id: string) => change.rows[id],
          ops: [...change.opsGone, ...change.ops],
          reordered: change.order !== undefined,
        };
  const rowIds = new Set(c.rowIds);
  const rows = rowIndexes.get(prev.rows);
  if (prev.rows !== next.rows) rowIndexes.delete(prev.rows);
  if (rows) {
    for (const id of rowIds) {
      const before = prev.rows[id];
      const after = c.rowNow(id);
      if (before === after) continue;
      if (before) unindexRow(rows, before);
      if (after) indexRow(rows, after);
    }
  }
  rowIndexes.set(next.rows, rows ?? null);
  const ops = opIndexes.get(prev.ops);
  if (prev.ops !== next.ops) opIndexes.delete(prev.ops);
  // the account of a log after the change: an entry is counted under it
  const accountAfter = (localId: string) => accountOf(rowIds.has(localId) ? c.rowNow(localId) : prev.rows[localId]);
  const carried = ops && !c.reordered && moveAccounts(ops, rowIds, prev, accountAfter) && carryOps(ops, c.ops, accountAfter);
  opIndexes.set(next.ops, carried ? ops : null);
}

function add(map: Map<string, Rows>, key: string, row: LedgerRow): void {
  let rows = map.get(key);
  if (!rows) map.set(key, (rows = new Map()));
  rows.set(row.localId, row);
}

function drop(map: Map<string, Rows>, key: string, localId: string): void {
  const rows = map.get(key);
  if (rows && rows.delete(localId) && rows.size === 0) map.delete(key);
}

function indexRow(idx: RowIndex, row: LedgerRow): void {
  add(idx.byDay, row.workDate, row);
  if (row.timeLogId) add(idx.byTimeLogId, row.timeLogId, row);
  else idx.unconfirmed.set(row.localId, row);
}

function unindexRow(idx: RowIndex, row: LedgerRow): void {
  drop(idx.byDay, row.workDate, row.localId);
  if (row.timeLogId) drop(idx.byTimeLogId, row.timeLogId, row.localId);
  else idx.unconfirmed.delete(row.localId);
}

function count(idx: OpIndex, op: OutboxOp, account: string): void {
  uncount(idx, op.id);
  if (op.state === 'synced') return;
  let c = idx.unfinished.get(account);
  if (!c) idx.unfinished.set(account, (c = { queued: 0, sending: 0, 'needs-attention': 0 }));
  c[op.state]++;
  idx.countedAs.set(op.id, { account, state: op.state });
}

function uncount(idx: OpIndex, id: string): void {
  const was = idx.countedAs.get(id);
  if (!was) return;
  idx.countedAs.delete(id);
  const c = idx.unfinished.get(was.account)!;
  c[was.state]--;
  if (c.queued + c.sending + c['needs-attention'] === 0) idx.unfinished.delete(was.account);
}

/** The entries of logs whose account changed are counted under the new one (a log taken over, or gone). */
function moveAccounts(idx: OpIndex, rowIds: Set<string>, prev: Readonly<Journal>, accountAfter: (localId: string) => string): boolean {
  for (const id of rowIds) {
    const now = accountAfter(id);
    if (accountOf(prev.rows[id]) === now) continue;
    for (const op of idx.byLocalId.get(id) ?? NONE) count(idx, op, now);
  }
  return true;
}

/** Applies the entries' events; false when the index cannot follow (an entry moved to another log). */
function carryOps(idx: OpIndex, events: ReadonlyArray<OutboxOp | string>, accountAfter: (localId: string) => string): boolean {
  for (const e of events) {
    if (typeof e === 'string') {
      const was = idx.localIdOf.get(e);
      if (was === undefined) continue;
      const list = idx.byLocalId.get(was)!.filter((o) => o.id !== e);
      if (list.length === 0) idx.byLocalId.delete(was);
      else idx.byLocalId.set(was, list);
      idx.localIdOf.delete(e);
      uncount(idx, e);
      continue;
    }
    const { id, localId } = e;
    const was = idx.localIdOf.get(id);
    if (was !== undefined && was !== localId) return false;
    const list = idx.byLocalId.get(localId) ?? NONE;
    if (was !== undefined)
      idx.byLocalId.set(
        localId,
        list.map((o) => (o.id === id ? e : o)),
      );
    else {
      idx.byLocalId.set(localId, [...list, e]);
      idx.localIdOf.set(id, localId);
    }
    count(idx, e, accountAfter(localId));
  }
  return true;
}

function rowIndexOf(rows: object): RowIndex | undefined {
  const known = rowIndexes.get(rows);
  if (known !== null) return known;
  const idx: RowIndex = { byDay: new Map(), byTimeLogId: new Map(), unconfirmed: new Map() };
  for (const row of Object.values(rows as Record<string, LedgerRow>)) indexRow(idx, row);
  rowIndexes.set(rows, idx);
  return idx;
}

/** The index of a document's entries (`rows`: the same document's rows, for the accounts), built on first use. */
function opIndexOf(ops: readonly OutboxOp[], rows: Readonly<Record<string, LedgerRow>>): OpIndex | undefined {
  const known = opIndexes.get(ops);
  if (known !== null) return known;
  const idx: OpIndex = { byLocalId: new Map(), localIdOf: new Map(), unfinished: new Map(), countedAs: new Map() };
  carryOps(idx, ops, (localId) => accountOf(rows[localId]));
  opIndexes.set(ops, idx);
  return idx;
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
  pick: (idx: RowIndex) => Iterable<[string, LedgerRow]> | undefined,
  test: (row: LedgerRow) => boolean,
): LedgerRow[] {
  const rows = j.rows;
  const s = draftStateOf(rows);
  const idx = rowIndexOf(s ? s.base : rows);
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
    (idx) => idx.byDay.get(workDate),
    (row) => row.workDate === workDate,
  );
}

/** The rows of the days before `workDate` (for pruning: the oldest days, not the whole ledger). */
export function rowsBefore(j: Readonly<Journal>, workDate: string): LedgerRow[] {
  function* before(idx: RowIndex): Iterable<[string, LedgerRow]> {
    for (const [day, rows] of idx.byDay) if (day < workDate) yield* rows;
  }
  return selectRows(j, before, (row) => row.workDate < workDate);
}

/** The rows that hold this service id (one, unless something went wrong). */
export function rowsWithTimeLogId(j: Readonly<Journal>, timeLogId: string): LedgerRow[] {
  return selectRows(
    j,
    (idx) => idx.byTimeLogId.get(timeLogId),
    (row) => row.timeLogId === timeLogId,
  );
}

/** The rows without a service id yet. */
export function rowsWithoutTimeLogId(j: Readonly<Journal>): LedgerRow[] {
  return selectRows(
    j,
    (idx) => idx.unconfirmed,
    (row) => !row.timeLogId,
  );
}

/**
 * A log's entries, in the outbox's order, FOR READING (inside a change, take one with `findItem` to change it).
 * By the index on the ledger's document and on a draft whose entries list is not written yet.
 */
export function opsOf(j: Readonly<Journal>, localId: string): readonly OutboxOp[] {
  const ops = j.ops;
  const s = draftStateOf(ops);
  const base = s ? (s.copy === undefined ? (s.base as unknown as OutboxOp[]) : undefined) : ops;
  const idx = base && opIndexOf(base, committedRows(j));
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
  const idx = base && opIndexOf(base, committedRows(j));
  if (idx) return (localId) => idx.byLocalId.get(localId) ?? NONE;
  return (localId) => opsOf(j, localId);
}

/** The committed rows of a document or of a draft (its base: an index is built from committed values only). */
function committedRows(j: Readonly<Journal>): Readonly<Record<string, LedgerRow>> {
  const s = draftStateOf(j.rows);
  return s ? (s.base as unknown as Record<string, LedgerRow>) : j.rows;
}

/** An entry by its id, FOR READING (inside a change, take it with `findItem` to change it); undefined when gone. */
export function opById(j: Readonly<Journal>, id: string): OutboxOp | undefined {
  const ops = j.ops;
  const idx = draftStateOf(ops) ? undefined : opIndexOf(ops, j.rows);
  if (!idx) return itemsToRead(ops).find((o) => o.id === id);
  const localId = idx.localIdOf.get(id);
  return localId === undefined ? undefined : idx.byLocalId.get(localId)?.find((o) => o.id === id);
}

/**
 * The unfinished entries (queued, sending, needing attention) by the account their log was made under ('' for a log
 * that names none), by the index: what the counts of the status sum up. Undefined for a document the ledger does not
 * hold (or a draft): the caller counts the entries one by one.
 */
export function unfinishedByAccount(j: Readonly<Journal>): ReadonlyMap<string, Readonly<UnfinishedCounts>> | undefined {
  if (draftStateOf(j.ops)) return undefined;
  return opIndexOf(j.ops, j.rows)?.unfinished;
}
