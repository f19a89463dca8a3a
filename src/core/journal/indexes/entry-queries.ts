/**
 * The questions the entries' index and the counts answer (./held.ts, ./entries.ts): a log's entries, the rows that
 * may hold a log the ledger does not know by id, the unfinished entries counted (and an entry by id, by a walk). On
 * the ledger's document by its indexes; inside `ledger.change(fn)` on a draft whose entries are not written yet; on
 * any other document (a test's) by reading it whole, as before.
 */
import { draftStateOf } from '../draft/proxy';
import { itemsToRead } from '../draft/entries';
import { NONE, countIndexes, countKeyOf, opIndexes, type Counts, type OpIndex, type UnfinishedCounts } from './held';
import { noteMaybeOnService } from './entries';
import { committedRows, rowsWithoutTimeLogId, touched } from './row-queries';
import type { Journal, LedgerRow, OutboxOp } from '../types';

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
    const account = countKeyOf(rows[op.localId]);
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

/**
 * The rows without a service id whose add may have reached the service (no unfinished add, or one maybe sent: the
 * rows that may claim a service log, ../../week/claim.ts). By the index on the ledger's document, and on a draft whose
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
  // a log's list made when its first entry is met, of that one entry (a list grown from empty by a push reserves
  // room for 17: an opening's week asks for 700 logs, nearly all of one entry)
  const want = new Map<string, OutboxOp[] | null>();
  for (const id of localIds) want.set(id, null);
  // by index, not for-of: run once an opening, cold, a for-of made an iterator result per entry (10,000 of garbage)
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i];
    const list = want.get(op.localId);
    if (list === null) want.set(op.localId, [op]);
    else if (list) list.push(op);
  }
  return (localId) => {
    const list = want.get(localId);
    return list === undefined ? opsOf(j, localId) : (list ?? NONE);
  };
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
 * that names none), kept by the ledger (./held.ts `Counts`): what the counts of the status sum up. A key is
 * `countedAs` an account, and whether its logs are held for the user's answer to a torn delete.
 * Undefined for a document the ledger does not hold (or a draft): the caller counts the entries one by one.
 */
export function unfinishedByAccount(j: Readonly<Journal>): ReadonlyMap<string, Readonly<UnfinishedCounts>> | undefined {
  if (draftStateOf(j.ops)) return undefined;
  return countsOf(j.ops, j.rows);
}
