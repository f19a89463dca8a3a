/**
 * Indexes of the ledger's document, so that the questions asked on every log and every keystroke cost what the day
 * holds, not what the ledger holds: the rows of a day (the company's maximum per day), the rows that hold a service
 * id or none yet (the day's total, the claims of ../week/claim.ts), a log's entries (its sync state, the change
 * feed's delta), and the unfinished entries counted by state and by the account of their log (the status's counts,
 * pushed after every change: with 10,000 entries waiting, a pass over them on every log was most of a log's cost).
 * Each is built by the first question that needs it, so an opening builds what its first screen asks, not all.
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
import type { Journal, LedgerRow, OutboxOp } from './types';

type Rows = Map<string, LedgerRow>;
/**
 * Three parts, each built on the first question that needs it (one pass over the rows) and kept up to date from then
 * on: the days (what a log's rules ask), the service ids (what the week's merge asks) and the rows without one (what
 * the claims ask when no entries' index says it). An opening with 10,000 waiting asks only for the ids (a handful of
 * rows): the days' part, nested maps and every row's minutes, is built by the first rule.
 */
export interface RowIndex {
  byDay?: Map<string, Rows>;
  /**
   * The minutes of each day by the account their rows were made under ('' for none), rows being deleted left out:
   * the day's total for the company's maximum (../week/day-total.ts) without a walk over the day's rows (with
   * 10,000 waiting on one day, the as-you-type check walked them on every keystroke). A day's sums are made when
   * that day is first asked (`dayMinutes`), then kept up to date with `byDay`.
   */
  minutes?: Map<string, Map<string, number>>;
  byTimeLogId?: Map<string, Rows>;
  /** Rows without a service id (an add not confirmed, or a log marked recorded by hand): 10,000 with a backlog. */
  unconfirmed?: Rows;
}
export type RowPart = 'days' | 'ids' | 'unconfirmed';
/**
 * The entries' index: a log's entries, built by the first question about a log's entries (not by an opening's status:
 * the counts are apart, below). No map of entries by id: a change says the entries it replaced or removed as they
 * were (`IndexedChange.was`), so the index follows it without one (10,000 map entries less at a start).
 */
export interface OpIndex {
  /**
   * A log's entries, in the outbox's order. Each list is replaced, never changed, when the log's entries
   * change: `opsOf` hands it out as it is (10,000 copies for the rules' 10,000 questions were most of their cost).
   */
  byLocalId: Map<string, readonly OutboxOp[]>;
  /**
   * The rows without a service id whose add may have reached the service (none unfinished, or one maybe sent): the
   * rows that may claim a service log the ledger does not know by id (../week/claim.ts `mayHoldUnknownLog`). With
   * 10,000 waiting that were never sent, none: the claims of a day then cost nothing, not a walk over 10,000 rows.
   * Built by the first question that needs it (a walk over every row: not an opening's).
   */
  maybeOnService?: Set<string>;
}
/**
 * The unfinished entries counted by the account their log was made under ('' for none: any account's), then by state:
 * the status's counts, asked on every change. Built by one pass over the entries when first asked (0.4 ms at 10,000,
 * where the whole entries' index took 5-7), then carried with each change by the entries it replaced or removed.
 */
export type Counts = Map<string, UnfinishedCounts>;

export type UnfinishedState = 'queued' | 'sending' | 'needs-attention';
export type UnfinishedCounts = Record<UnfinishedState, number>;
/** The account a row was made under, as the counts key it ('' when it names none, or there is no row). */
export const accountOf = (row: LedgerRow | undefined): string => row?.account ?? '';

export const NONE: readonly OutboxOp[] = Object.freeze([]);

/** null: held by the ledger, not built yet. No entry: not the ledger's (no index). */
export const rowIndexes = new WeakMap<object, RowIndex | null>();
export const opIndexes = new WeakMap<object, OpIndex | null>();
export const countIndexes = new WeakMap<object, Counts | null>();
/** The ids of a rows map a whole read made, in its order (./replay.ts `rowOrder`), until its first change. */
const rowsRead = new WeakMap<object, readonly string[]>();
/** The ids of a rows map in its order when a whole read said them (and nothing changed it since), else undefined. */
export const rowOrderOf = (rows: object): readonly string[] | undefined => rowsRead.get(rows);

/** `doc` is the ledger's current document, read whole from the file: its indexes are built when first asked. */
export function holdIndexes(doc: Readonly<Journal>, rowOrder?: readonly string[]): void {
  if (rowOrder) rowsRead.set(doc.rows, rowOrder);
  if (!rowIndexes.has(doc.rows)) rowIndexes.set(doc.rows, null);
  if (!opIndexes.has(doc.ops)) opIndexes.set(doc.ops, null);
  if (!countIndexes.has(doc.ops)) countIndexes.set(doc.ops, null);
}

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
  rowsRead.delete(prev.rows); // the map is changed in place: the list no longer says what it holds
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
  // the account of a log after the change: an entry is counted under it
  const accountAfter = (localId: string) => accountOf(rowAfter(localId));
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
    const before = accountOf(prev.rows[id]);
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

/** Whether a row may hold a log on the service the ledger does not know by id (../week/claim.ts says why). */
export function noteMaybeOnService(idx: OpIndex, localId: string, row: LedgerRow | undefined): void {
  let maybe = false;
  if (row && !row.timeLogId) {
    const add = (idx.byLocalId.get(localId) ?? NONE).find((o) => o.kind === 'add' && o.state !== 'synced');
    maybe = !add || add.maybeSent;
  }
  if (maybe) idx.maybeOnService!.add(localId);
  else idx.maybeOnService!.delete(localId);
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

/** A row's minutes added to (or, with -1, taken from) its day's sum, when that day's sums are made (`dayMinutes`). */
function sum(idx: RowIndex, row: LedgerRow, sign: 1 | -1): void {
  if (row.pendingDelete) return;
  const day = idx.minutes!.get(row.workDate);
  if (!day) return;
  const account = accountOf(row);
  const now = (day.get(account) ?? 0) + sign * parseHhmm(row.hours);
  if (now === 0 && sign < 0) day.delete(account);
  else day.set(account, now);
}

type Parts = { days: boolean; ids: boolean; unconfirmed: boolean };

export function indexRow(idx: RowIndex, row: LedgerRow, parts: Parts = built(idx)): void {
  if (parts.days) {
    sum(idx, row, 1);
    add(idx.byDay!, row.workDate, row);
  }
  if (row.timeLogId) {
    if (parts.ids) add(idx.byTimeLogId!, row.timeLogId, row);
  } else if (parts.unconfirmed) idx.unconfirmed!.set(row.localId, row);
}

/** `stays`: the row is replaced on the same day, so it keeps its place among the day's rows (as in the rows map). */
function unindexRow(idx: RowIndex, row: LedgerRow, stays = false): void {
  const parts = built(idx);
  if (parts.days) {
    sum(idx, row, -1);
    if (!stays) drop(idx.byDay!, row.workDate, row.localId);
  }
  if (row.timeLogId) {
    if (parts.ids) drop(idx.byTimeLogId!, row.timeLogId, row.localId);
  } else if (parts.unconfirmed) idx.unconfirmed!.delete(row.localId);
}

const built = (idx: RowIndex): Parts => ({
  days: idx.byDay !== undefined,
  ids: idx.byTimeLogId !== undefined,
  unconfirmed: idx.unconfirmed !== undefined,
});

/** Builds a part of the index of `rows` (the rows map it belongs to) that is not built yet. */
export function buildRowPart(idx: RowIndex, rows: Readonly<Record<string, LedgerRow>>, part: RowPart): void {
  const has = built(idx);
  const only: Parts = {
    days: !has.days && part === 'days',
    ids: !has.ids && part === 'ids',
    unconfirmed: !has.unconfirmed && part === 'unconfirmed',
  };
  if (!only.days && !only.ids && !only.unconfirmed) return;
  if (only.days) {
    idx.byDay = new Map();
    idx.minutes = new Map();
  }
  if (only.ids) idx.byTimeLogId = new Map();
  if (only.unconfirmed) idx.unconfirmed = new Map();
  const order = rowsRead.get(rows);
  if (order) for (const id of order) indexRow(idx, rows[id], only);
  else for (const id in rows) indexRow(idx, rows[id], only);
}

/** An unfinished entry counted under `account` (or, with -1, taken out). */
export function count(counts: Counts, op: OutboxOp, account: string, sign: 1 | -1 = 1): void {
  if (op.state === 'synced') return;
  let c = counts.get(account);
  if (!c) counts.set(account, (c = { queued: 0, sending: 0, 'needs-attention': 0 }));
  c[op.state] += sign;
  if (c.queued + c.sending + c['needs-attention'] === 0) counts.delete(account);
}

/**
 * Applies the entries' events to a log's lists; false when the index cannot follow (an entry moved to another log).
 * `was`: each entry as the index holds it before the event (undefined: a new one); `now` notes it after.
 */
export function carryOps(
  idx: OpIndex,
  events: ReadonlyArray<OutboxOp | string>,
  was: (id: string) => OutboxOp | undefined,
  now: (id: string, op: OutboxOp | undefined) => void,
): boolean {
  for (const e of events) {
    if (typeof e === 'string') {
      const old = was(e);
      if (!old) continue;
      const list = (idx.byLocalId.get(old.localId) ?? NONE).filter((o) => o.id !== e);
      if (list.length === 0) idx.byLocalId.delete(old.localId);
      else idx.byLocalId.set(old.localId, list);
      now(e, undefined);
      continue;
    }
    const { id, localId } = e;
    const old = was(id);
    if (old && old.localId !== localId) return false;
    const list = idx.byLocalId.get(localId) ?? NONE;
    idx.byLocalId.set(localId, old ? list.map((o) => (o.id === id ? e : o)) : [...list, e]);
    now(id, e);
  }
  return true;
}
