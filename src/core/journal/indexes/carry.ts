/**
 * How a change moves the indexes: the ledger's next document takes them over from the one it replaces, updated with
 * the rows and entries the change touched, not the whole document (./held.ts says what they hold).
 */
import type { Journal, LedgerRow, OutboxOp } from '../types';
import {
  countIndexes,
  countKeyOf,
  daysRead,
  NONE,
  opIndexes,
  rowIndexes,
  rowsRead,
  rowsWithIdsRead,
  type Counts,
  type OpIndex,
} from './held';
import { indexRow, unindexRow } from './rows';
import { carryOps, count, noteMaybeOnService } from './entries';

/** What one change did, for the indexes: the rows it touched and what happened to entries, in order. */
export interface IndexedChange {
  rowIds: Iterable<string>;
  /** A row's value after the change (undefined: gone). */
  rowNow: (id: string) => LedgerRow | undefined;
  /** An entry written (replaced where it is, or appended), or the id of one removed. */
  ops: ReadonlyArray<OutboxOp | string>;
  /** The entries of the document before the change that it replaced or removed, as they were, by id. */
  was: ReadonlyMap<string, OutboxOp>;
  reordered: boolean;
}

/**
 * `next` replaces `prev` as the ledger's document: the indexes move over (prev loses them) and are updated with what
 * changed. Called before a rows map shared by both is changed in place (`prev.rows[id]` is still the old row).
 */
export function carryIndexes(prev: Readonly<Journal>, next: Readonly<Journal>, c: IndexedChange): void {
  const rowIds = new Set(c.rowIds);
  // a row touched may have gained or lost a service id: the read's list of rows with one no longer says them all
  if (rowIds.size > 0) rowsWithIdsRead.delete(prev.rows);
  // and a row touched may have moved to another day: the read's lists of days no longer say where it is
  if (rowIds.size > 0) daysRead.delete(prev.rows);
  // the map is changed in place: a row added or removed and the list no longer says what it holds; a row replaced
  // keeps its place in the map, and a change of entries only (the sync's note on an attempt, at an opening) leaves
  // it as it was: the week's rows still come from one pass over the list, not from the index of every day
  for (const id of rowIds)
    if ((prev.rows[id] === undefined) !== (c.rowNow(id) === undefined)) {
      rowsRead.delete(prev.rows);
      break;
    }
  const rows = rowIndexes.get(prev.rows);
  if (prev.rows !== next.rows) rowIndexes.delete(prev.rows);
  if (rows) {
    for (const id of rowIds) {
      const before = prev.rows[id];
      const after = c.rowNow(id);
      if (before === after) continue;
      if (before) unindexRow(rows, before, after?.workDate === before.workDate);
      if (after) indexRow(rows, after);
    }
  }
  rowIndexes.set(next.rows, rows ?? null);
  const ops = opIndexes.get(prev.ops);
  const counts = countIndexes.get(prev.ops);
  if (prev.ops !== next.ops) {
    opIndexes.delete(prev.ops);
    countIndexes.delete(prev.ops);
  }
  const rowAfter = (localId: string) => (rowIds.has(localId) ? c.rowNow(localId) : prev.rows[localId]);
  // the key of a log after the change (its account; held or not): an entry is counted under it
  const accountAfter = (localId: string) => countKeyOf(rowAfter(localId));
  // each entry as the indexes hold it while the events are applied in order (an id may be written twice in a batch)
  const held = new Map<string, OutboxOp | undefined>();
  const heldAs = (id: string) => (held.has(id) ? held.get(id) : c.was.get(id));
  const logs = ops?.maybeOnService ? logsOf(rowIds, c.ops, heldAs) : undefined;
  // the counts first (they read the entries' lists as they were, for a log whose account changed)
  const counted = counts ? carryCounts(counts, ops ?? undefined, rowIds, prev, accountAfter, c.ops, heldAs) : false;
  countIndexes.set(next.ops, counted ? counts! : null);
  held.clear();
  const carried = ops && !c.reordered && carryOps(ops, c.ops, heldAs, (id, op) => held.set(id, op));
  if (carried && logs) for (const localId of logs) noteMaybeOnService(ops, localId, rowAfter(localId));
  opIndexes.set(next.ops, carried ? ops : null);
}

/** The logs a change concerns: its rows, and the logs of the entries it wrote or removed (as they were, too). */
function logsOf(rowIds: Set<string>, events: ReadonlyArray<OutboxOp | string>, was: (id: string) => OutboxOp | undefined): Set<string> {
  const logs = new Set(rowIds);
  for (const e of events) {
    const old = was(typeof e === 'string' ? e : e.id);
    if (old) logs.add(old.localId);
    if (typeof e !== 'string') logs.add(e.localId);
  }
  return logs;
}

/**
 * The counts carried over a change; false when they cannot follow it without the entries' index (a log whose
 * account changed, whose entries all move: rare, counted again by one pass when next asked).
 */
function carryCounts(
  counts: Counts,
  idx: OpIndex | undefined,
  rowIds: Set<string>,
  prev: Readonly<Journal>,
  accountAfter: (localId: string) => string,
  events: ReadonlyArray<OutboxOp | string>,
  was: (id: string) => OutboxOp | undefined,
): boolean {
  for (const id of rowIds) {
    const before = countKeyOf(prev.rows[id]);
    const now = accountAfter(id);
    if (before === now) continue;
    if (!idx) return false;
    for (const op of idx.byLocalId.get(id) ?? NONE) {
      count(counts, op, before, -1);
      count(counts, op, now);
    }
  }
  const held = new Map<string, OutboxOp | undefined>();
  for (const e of events) {
    const id = typeof e === 'string' ? e : e.id;
    const old = held.has(id) ? held.get(id) : was(id);
    if (old) count(counts, old, accountAfter(old.localId), -1);
    if (typeof e !== 'string') count(counts, e, accountAfter(e.localId));
    held.set(id, typeof e === 'string' ? undefined : e);
  }
  return true;
}
