/**
 * Indexes of the ledger's document, so that the questions asked on every log and every keystroke cost what the day
 * holds, not what the ledger holds: the rows of a day (the company's maximum per day), the rows that hold a service
 * id or none yet (the day's total, the claims of ../../week/claim.ts), a log's entries (its sync state, the change
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
import type { Journal, LedgerRow, OutboxOp } from '../types';

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
   * the day's total for the company's maximum (../../week/day-total.ts) without a walk over the day's rows (with
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
   * rows that may claim a service log the ledger does not know by id (../../week/claim.ts `mayHoldUnknownLog`). With
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

/** Before the account in the key of a log held for the user's answer to a torn delete (`countKeyOf`). */
const HELD = '\u0000held\u0000';
/**
 * The key a log's unfinished entries are counted under (`Counts`): its account (`accountOf`), behind `HELD` while its
 * row is held for the user's answer to a torn delete (`deleteOffered`: counted as queued, not sent), so a sync's report
 * says how many are held from the counts' handful of keys, not by a walk over every row (10,000 with a backlog: most
 * of what an opening did above the journal's read, at the sync's first report).
 */
export const countKeyOf = (row: LedgerRow | undefined): string =>
  row?.deleteOffered === undefined ? (row?.account ?? '') : HELD + (row.account ?? '');
/** What a key of `Counts` says: the account ('' for none) and whether its logs are held for an answer. */
export const countedAs = (key: string): { account: string; held: boolean } =>
  key.startsWith(HELD) ? { account: key.slice(HELD.length), held: true } : { account: key, held: false };

export const NONE: readonly OutboxOp[] = Object.freeze([]);

/** null: held by the ledger, not built yet. No entry: not the ledger's (no index). */
export const rowIndexes = new WeakMap<object, RowIndex | null>();
export const opIndexes = new WeakMap<object, OpIndex | null>();
export const countIndexes = new WeakMap<object, Counts | null>();
/** The ids of a rows map a whole read made, in its order (../read-notes.ts `rowOrder`), until a change adds or removes a row (./carry.ts). */
export const rowsRead = new WeakMap<object, readonly string[]>();
/** The ids of a rows map in its order when a whole read said them (and nothing changed it since), else undefined. */
export const rowOrderOf = (rows: object): readonly string[] | undefined => rowsRead.get(rows);

/**
 * Each day's rows of a rows map a whole read made, as places in its `rowsRead` list (../read-notes.ts `rowDays`), until a
 * change touches a row (a row's day may move): an opening's week takes its rows from seven lists.
 */
export const daysRead = new WeakMap<object, ReadonlyMap<string, readonly number[]>>();

/**
 * The ids of the rows a whole read found with a service id (../read-notes.ts `rowsWithIds`), until a change touches a row:
 * the index of service ids is built from them (a handful with 10,000 waiting), not by a pass over every row.
 */
export const rowsWithIdsRead = new WeakMap<object, readonly string[]>();

/** `doc` is the ledger's current document, read whole from the file: its indexes are built when first asked. */
export function holdIndexes(
  doc: Readonly<Journal>,
  rowOrder?: readonly string[],
  rowsWithIds?: readonly string[],
  rowDays?: ReadonlyMap<string, readonly number[]>,
  counts?: Counts,
): void {
  if (rowOrder) rowsRead.set(doc.rows, rowOrder);
  if (rowOrder && rowDays) daysRead.set(doc.rows, rowDays);
  // the counts a whole read made as it read the entries (../read-notes.ts `counts`): not counted again when first asked
  if (counts && !countIndexes.has(doc.ops)) countIndexes.set(doc.ops, counts);
  if (rowsWithIds) rowsWithIdsRead.set(doc.rows, rowsWithIds);
  if (!rowIndexes.has(doc.rows)) rowIndexes.set(doc.rows, null);
  if (!opIndexes.has(doc.ops)) opIndexes.set(doc.ops, null);
  if (!countIndexes.has(doc.ops)) countIndexes.set(doc.ops, null);
}
