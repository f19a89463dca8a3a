/**
 * What a read of a whole file from its start notes as it reads, for the ledger's first indexes
 * (./indexes/held.ts `holdIndexes`): the rows' order, each day's rows, the rows with a service id, the status's counts.
 * Each is noted while the row or entry is at hand (a pass over 10,000 rows or entries afterwards touches each again,
 * cold); each is dropped (left to the index's own pass) once a record makes it wrong. ./replay.ts applies the records.
 */
import { count, countKeyOf, type Counts, type UnfinishedCounts } from './indexes';
import { type LedgerRow, type OutboxOp } from './types';

export class ReadNotes {
  /**
   * The ids of the rows map in its order, as the records put them, so the ledger's first index of rows walks a list,
   * not the map (a for-in over a map of 10,000 keys gathers and sorts its keys: 1.5-3 ms of an opening). Undefined
   * once a record removed a row (the map's order is then not the list's).
   */
  rowOrder: string[] | undefined = [];
  /**
   * Each day's rows as their places in `rowOrder`, noted as the rows are read (each row is at hand then), so an
   * opening's week takes its few hundred rows from seven lists instead of a pass over every row (10,000 rows touched
   * again, cold, were 1-6 ms of an opening). Undefined once a record moved a row to another day or removed one (then
   * `rowOrder`'s pass, or the index of days, answers).
   */
  rowDays: Map<string, number[]> | undefined = new Map();
  /**
   * The status's counts (./indexes/held.ts `Counts`), made as the entries are read (each entry's row is at hand then)
   * instead of a pass over 10,000 entries and their rows, cold, when the status is first asked (1-6 ms of an opening).
   * An entry replaced or removed is counted out as it was. Undefined once a record gave a log to another account,
   * removed a row, or brought the row of entries read without one (their account changed).
   */
  counts: Counts | undefined;
  /** The logs of entries counted without a row (as no account's): a row of theirs read later changes their account. */
  private readonly rowless = new Set<string>();
  /**
   * The ids of the rows read with a service id (a handful with 10,000 waiting), so the ledger's index of service ids
   * is built from them, not by a pass over every row (./indexes/rows.ts). A row that lost its id or went later is
   * still listed: the index asks each one's row as it is at the end.
   */
  readonly rowsWithIds: string[] = [];

  /** `empty`: the read starts from a document without entries (then the counts can be made as they come). */
  constructor(empty: boolean) {
    if (empty) this.counts = new Map();
  }

  /** A snapshot's rows into an empty map (the usual start): every one new, in order. */
  get fresh(): boolean {
    return this.rowOrder?.length === 0;
  }

  /** A row about to be put: a new key goes at the end of the map's order (a replaced one keeps its place). */
  noteRow(rows: Record<string, LedgerRow>, id: string, row: LedgerRow): void {
    const was = rows[id] as LedgerRow | undefined;
    if (this.counts && (was ? countKeyOf(was) !== countKeyOf(row) : this.rowless.has(id))) this.counts = undefined;
    if (!this.rowOrder) return;
    if (was === undefined) this.noteNew(id, row.workDate);
    else if (was.workDate !== row.workDate) this.rowDays = undefined; // its place is on another day's list
  }

  /** A row of a snapshot read into an empty map (`fresh`): new, without looking at the map. */
  noteFresh(id: string, workDate: string): void {
    if (this.rowless.has(id)) this.counts = undefined;
    this.noteNew(id, workDate);
  }

  /** A new row's id at the end of the order, and its place on its day's list. */
  private noteNew(id: string, workDate: string): void {
    this.rowOrder!.push(id);
    if (!this.rowDays) return;
    const list = this.rowDays.get(workDate);
    if (list) list.push(this.rowOrder!.length - 1);
    else this.rowDays.set(workDate, [this.rowOrder!.length - 1]);
  }

  /** Rows taken away: the order and the days are no longer the map's, their entries are no account's now. */
  rowsRemoved(): void {
    this.rowOrder = undefined;
    this.rowDays = undefined;
    this.counts = undefined;
  }

  /** An entry replaced or removed, counted out as it was (`row`: its row now). */
  countOut(old: OutboxOp, row: LedgerRow | undefined): void {
    if (!this.counts) return;
    count(this.counts, old, countKeyOf(row), -1);
    this.lastKey = undefined; // a key counted down to nothing leaves the map
  }

  /** The key the last entry was counted under, and its counts: the next entry's likely the same (a handful of keys). */
  private lastKey: string | undefined;
  private last: UnfinishedCounts | undefined;

  /** An entry written (`row`: its row, if read yet). */
  countIn(op: OutboxOp, row: LedgerRow | undefined): void {
    if (!this.counts) return;
    if (!row) this.rowless.add(op.localId);
    const state = op.state;
    if (state === 'synced') return;
    const key = countKeyOf(row);
    if (key !== this.lastKey) {
      this.lastKey = key;
      this.last = this.counts.get(key);
      if (!this.last) this.counts.set(key, (this.last = { queued: 0, sending: 0, 'needs-attention': 0 }));
    }
    this.last![state]++;
  }
}
