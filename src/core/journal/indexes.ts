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
import { parseHhmm } from '../../shared/time/hours';
import type { Journal, JournalDiff, LedgerRow, OutboxOp } from './types';

type Rows = Map<string, LedgerRow>;
/**
 * Two parts, each built on the first question that needs it (one pass over the rows) and kept up to date from then
 * on: the days (what a log's rules ask) and the service ids (what the week's merge asks). An opening with 10,000
 * waiting asks only for the ids: the days' part, nested maps and every row's minutes, is built by the first rule.
 */
export interface RowIndex {
  byDay?: Map<string, Rows>;
  /**
   * The minutes of each day by the account their rows were made under ('' for none), rows being deleted left out:
   * the day's total for the company's maximum (../week/day-total.ts) without a walk over the day's rows (with
   * 10,000 waiting on one day, the as-you-type check walked them on every keystroke). Built with `byDay`.
   */
  minutes?: Map<string, Map<string, number>>;
  byTimeLogId?: Map<string, Rows>;
  /** Rows without a service id (an add not confirmed, or a log marked recorded by hand). Built with `byTimeLogId`. */
  unconfirmed?: Rows;
}
export type RowPart = 'days' | 'ids';
export interface OpIndex {
  /**
   * A log's entries, in the outbox's order. Each list is replaced, never changed, when the log's entries
   * change: `opsOf` hands it out as it is (10,000 copies for the rules' 10,000 questions were most of their cost).
   */
  byLocalId: Map<string, readonly OutboxOp[]>;
  localIdOf: Map<string, string>;
  /** Unfinished entries by the account their log was made under ('' for none: any account's), then by state. */
  unfinished: Map<string, UnfinishedCounts>;
  /**
   * The rows without a service id whose add may have reached the service (none unfinished, or one maybe sent): the
   * rows that may claim a service log the ledger does not know by id (../week/claim.ts `mayHoldUnknownLog`). With
   * 10,000 waiting that were never sent, none: the claims of a day then cost nothing, not a walk over 10,000 rows.
   */
  maybeOnService: Set<string>;
}

export type UnfinishedState = 'queued' | 'sending' | 'needs-attention';
export type UnfinishedCounts = Record<UnfinishedState, number>;
/** The account a row was made under, as the counts key it ('' when it names none, or there is no row). */
const accountOf = (row: LedgerRow | undefined): string => row?.account ?? '';

export const NONE: readonly OutboxOp[] = Object.freeze([]);

/** null: held by the ledger, not built yet. No entry: not the ledger's (no index). */
export const rowIndexes = new WeakMap<object, RowIndex | null>();
export const opIndexes = new WeakMap<object, OpIndex | null>();

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
  const logs = ops ? logsOf(ops, rowIds, c.ops) : undefined;
  const carried = ops && !c.reordered && moveAccounts(ops, rowIds, prev, accountAfter) && carryOps(ops, c.ops, accountAfter);
  if (carried) {
    const rowAfter = (localId: string) => (rowIds.has(localId) ? c.rowNow(localId) : prev.rows[localId]);
    for (const localId of logs!) noteMaybeOnService(ops, localId, rowAfter(localId));
  }
  opIndexes.set(next.ops, carried ? ops : null);
}

/** The logs a change concerns: its rows, and the logs of the entries it wrote or removed (before it is applied). */
function logsOf(idx: OpIndex, rowIds: Set<string>, events: ReadonlyArray<OutboxOp | string>): Set<string> {
  const logs = new Set(rowIds);
  for (const e of events) {
    const localId = typeof e === 'string' ? idx.localIdOf.get(e) : e.localId;
    if (localId !== undefined) logs.add(localId);
    if (typeof e !== 'string') {
      const was = idx.localIdOf.get(e.id);
      if (was !== undefined) logs.add(was);
    }
  }
  return logs;
}

/** Whether a row may hold a log on the service the ledger does not know by id (../week/claim.ts says why). */
export function noteMaybeOnService(idx: OpIndex, localId: string, row: LedgerRow | undefined): void {
  let maybe = false;
  if (row && !row.timeLogId) {
    const add = (idx.byLocalId.get(localId) ?? NONE).find((o) => o.kind === 'add' && o.state !== 'synced');
    maybe = !add || add.maybeSent;
  }
  if (maybe) idx.maybeOnService.add(localId);
  else idx.maybeOnService.delete(localId);
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

/** A row's minutes added to (or, with -1, taken from) its day's sum. */
function sum(idx: RowIndex, row: LedgerRow, sign: 1 | -1): void {
  if (row.pendingDelete) return;
  const minutes = idx.minutes!;
  let day = minutes.get(row.workDate);
  if (!day) minutes.set(row.workDate, (day = new Map()));
  const account = accountOf(row);
  const now = (day.get(account) ?? 0) + sign * parseHhmm(row.hours);
  if (now === 0 && sign < 0) day.delete(account);
  else day.set(account, now);
  if (day.size === 0) minutes.delete(row.workDate);
}

export function indexRow(idx: RowIndex, row: LedgerRow, parts: { days: boolean; ids: boolean } = built(idx)): void {
  if (parts.days) {
    sum(idx, row, 1);
    add(idx.byDay!, row.workDate, row);
  }
  if (!parts.ids) return;
  if (row.timeLogId) add(idx.byTimeLogId!, row.timeLogId, row);
  else idx.unconfirmed!.set(row.localId, row);
}

function unindexRow(idx: RowIndex, row: LedgerRow): void {
  const parts = built(idx);
  if (parts.days) {
    sum(idx, row, -1);
    drop(idx.byDay!, row.workDate, row.localId);
  }
  if (!parts.ids) return;
  if (row.timeLogId) drop(idx.byTimeLogId!, row.timeLogId, row.localId);
  else idx.unconfirmed!.delete(row.localId);
}

const built = (idx: RowIndex) => ({ days: idx.byDay !== undefined, ids: idx.byTimeLogId !== undefined });

/** Builds a part of the index of `rows` (the rows map it belongs to) that is not built yet. */
export function buildRowPart(idx: RowIndex, rows: Readonly<Record<string, LedgerRow>>, part: RowPart): void {
  if (part === 'days' ? idx.byDay : idx.byTimeLogId) return;
  if (part === 'days') {
    idx.byDay = new Map();
    idx.minutes = new Map();
  } else {
    idx.byTimeLogId = new Map();
    idx.unconfirmed = new Map();
  }
  const only = { days: part === 'days', ids: part === 'ids' };
  for (const id in rows) indexRow(idx, rows[id], only);
}

/**
 * An unfinished entry counted under `account` (or, with -1, taken out). No record of how each entry was counted: the
 * entry as the index holds it (its state) under its log's account as the index holds it is how it was counted (an
 * opening with 10,000 waiting made 10,000 such records, and nothing read them until a change).
 */
export function count(idx: OpIndex, op: OutboxOp, account: string, sign: 1 | -1 = 1): void {
  if (op.state === 'synced') return;
  let c = idx.unfinished.get(account);
  if (!c) idx.unfinished.set(account, (c = { queued: 0, sending: 0, 'needs-attention': 0 }));
  c[op.state] += sign;
  if (c.queued + c.sending + c['needs-attention'] === 0) idx.unfinished.delete(account);
}

/** The entries of logs whose account changed are counted under the new one (a log taken over, or gone). */
function moveAccounts(idx: OpIndex, rowIds: Set<string>, prev: Readonly<Journal>, accountAfter: (localId: string) => string): boolean {
  for (const id of rowIds) {
    const was = accountOf(prev.rows[id]);
    const now = accountAfter(id);
    if (was === now) continue;
    for (const op of idx.byLocalId.get(id) ?? NONE) {
      count(idx, op, was, -1);
      count(idx, op, now);
    }
  }
  return true;
}

/**
 * Applies the entries' events; false when the index cannot follow (an entry moved to another log). Every entry the
 * index holds is counted under `accountAfter` of its log (moveAccounts ran first): an entry replaced or removed is
 * taken out as the index held it.
 */
export function carryOps(idx: OpIndex, events: ReadonlyArray<OutboxOp | string>, accountAfter: (localId: string) => string): boolean {
  for (const e of events) {
    if (typeof e === 'string') {
      const was = idx.localIdOf.get(e);
      if (was === undefined) continue;
      const old = idx.byLocalId.get(was)!;
      const gone = old.find((o) => o.id === e);
      if (gone) count(idx, gone, accountAfter(was), -1);
      const list = old.filter((o) => o.id !== e);
      if (list.length === 0) idx.byLocalId.delete(was);
      else idx.byLocalId.set(was, list);
      idx.localIdOf.delete(e);
      continue;
    }
    const { id, localId } = e;
    const was = idx.localIdOf.get(id);
    if (was !== undefined && was !== localId) return false;
    const list = idx.byLocalId.get(localId) ?? NONE;
    if (was !== undefined) {
      const old = list.find((o) => o.id === id);
      if (old) count(idx, old, accountAfter(localId), -1);
      idx.byLocalId.set(
        localId,
        list.map((o) => (o.id === id ? e : o)),
      );
    } else {
      idx.byLocalId.set(localId, [...list, e]);
      idx.localIdOf.set(id, localId);
    }
    count(idx, e, accountAfter(localId));
  }
  return true;
}
