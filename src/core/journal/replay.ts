/**
 * Applying the records of the journal file (./format.ts) to a document: at start (the whole file), when
 * another process appended (the records from where this one stopped), and when a damaged file is recovered from.
 * Records are whole rows and entries by id, so applying them in order gives the state they tell.
 */
import { freezeDeep } from './draft/values';
import { type IndexedChange } from './indexes';
import { ReadNotes } from './read-notes';
import { LOGGED_KEYS as LOGGED_FIELDS } from '../../shared/log';
import { type Journal, type JournalRecord, type LedgerRow, type LogFields, type OutboxOp } from './types';

const NO_ATTEMPTS = Object.freeze([]) as unknown as OutboxOp['attempts'];
const NO_RESOLUTIONS = Object.freeze([]) as unknown as OutboxOp['resolutions'];

/** A log's fields (what an add sends), in the schema's order. */
export const LOGGED_KEYS: ReadonlyArray<keyof LogFields> = LOGGED_FIELDS;

/** The usual add's fields are these, in this order (checked: a field added to the schema turns the shortcut off). */
const USUAL = LOGGED_KEYS.join() === 'workDate,hours,jobId,jobName,billingStatus,workItem,description';

/** An add's values read back from its row (a snapshot's `"add":null`, ./compaction.ts `withoutRowValues`). */
export function valuesOfRow(row: LedgerRow): LogFields {
  const { workDate, hours, jobName, billingStatus, description } = row;
  // the usual log (its job by name, no work item, a description): made as one object of its shape, not by a keyed
  // write per field (10,000 of them at a start with 10,000 waiting)
  if (
    USUAL &&
    row.jobId === undefined &&
    row.workItem === undefined &&
    jobName !== undefined &&
    billingStatus !== undefined &&
    description !== undefined
  )
    return { workDate, hours, jobName, billingStatus, description };
  const add: Partial<Record<keyof LogFields, unknown>> = {};
  for (const k of LOGGED_KEYS) if (row[k] !== undefined) add[k] = row[k];
  return add as LogFields;
}

/** The number of an entry's id (`op-000042`: 42), NaN for another id (./format.ts `opNumber`, without a pattern). */
function idNumber(id: string): number {
  if (id.length < 4 || id.charCodeAt(0) !== 0x6f || id.charCodeAt(1) !== 0x70 || id.charCodeAt(2) !== 0x2d) return NaN;
  let n = 0;
  for (let i = 3; i < id.length; i++) {
    const d = id.charCodeAt(i) - 0x30;
    if (d < 0 || d > 9) return NaN;
    n = n * 10 + d;
  }
  return n;
}

/**
 * Applies records to a journal without touching it: the rows map and the entries list are copied on the first
 * change of each (once per batch), rows and entries themselves are replaced, never changed.
 */
export class Replay {
  private rows: Record<string, LedgerRow>;
  private rowsCopied = false;
  private ops: Map<string, OutboxOp> | undefined;
  /**
   * Reading a file from its start: the entries as a list while each new one has a higher number than the ones before
   * (a snapshot, and appends in the order they were made), without a map of 10,000 ids on the way; the first entry
   * that breaks that (one replaced, removed, reordered) moves them into `ops`.
   */
  private list: OutboxOp[] | undefined;
  private highest = -1;
  private seq: number;
  /** For recovery (`noteWrites`): the index (among the records applied) of the last record that wrote each entry. */
  readonly lastWrite = new Map<string, number>();
  applied = 0;
  /** Reading a whole file (`track` off): what the read notes for the ledger's first indexes as it reads (./read-notes.ts). */
  readonly notes: ReadNotes | undefined;
  /** What the records did, for the ledger's indexes (./indexes/carry.ts): rows touched, entries' events. */
  private readonly rowIds = new Set<string>();
  private readonly opEvents: Array<OutboxOp | string> = [];
  /** The base's entries the records replaced or removed, as they were (the first time each was touched). */
  private readonly was = new Map<string, OutboxOp>();
  private readonly touchedOps = new Set<string>();
  private reordered = false;

  /** `track`: note what changed for the ledger's indexes (not needed when a whole file is read: they are built then). */
  constructor(
    private readonly base: Journal,
    private readonly track = true,
    private readonly noteWrites = false,
  ) {
    this.rows = base.rows;
    this.seq = base.seq;
    if (base.ops.length === 0) this.list = [];
    if (!track) this.notes = new ReadNotes(base.ops.length === 0);
  }

  private opsMap(): Map<string, OutboxOp> {
    if (!this.ops) {
      this.ops = new Map();
      for (const o of this.list ?? this.base.ops) this.ops.set(o.id, o);
      this.list = undefined;
    }
    return this.ops;
  }

  /** Appends to the list while the entries come in ascending numbers (then none of them was seen before). */
  private appended(op: OutboxOp): boolean {
    if (!this.list) return false;
    const n = idNumber(op.id);
    if (!(n > this.highest)) return false;
    this.highest = n;
    this.list.push(op);
    return true;
  }

  /**
   * Where an entry of the list is, by its id (the list's numbers rise: a binary search), or -1. An entry replaced (the
   * sync's note of an attempt, after the snapshot) is replaced in its place, as the map keeps a key's: no map of
   * 10,000 ids made for one record (3 ms of each opening of a file with such a record after its snapshot).
   */
  private placeInList(id: string): number {
    const list = this.list;
    const n = idNumber(id);
    if (!list || !(n >= 0)) return -1;
    let lo = 0;
    let hi = list.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const m = idNumber(list[mid].id);
      if (m === n) return list[mid].id === id ? mid : -1;
      if (m < n) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  private ownRows(): Record<string, LedgerRow> {
    if (!this.rowsCopied) {
      this.rows = Object.assign({}, this.rows);
      this.rowsCopied = true;
    }
    return this.rows;
  }

  /** Applies one record; returns false for a snapshot mark that does not match the state (damage). */
  apply(r: JournalRecord): boolean {
    const index = this.applied++;
    if (r.t === 'header') return true;
    if (r.t === 'snapshot') {
      // the mark carries the entry counter, and checks the rows and entries above it are all there
      const ops = this.ops ? this.ops.size : this.list ? this.list.length : this.base.ops.length;
      this.seq = r.seq;
      return Object.keys(this.rows).length === r.rows && ops === r.ops;
    }
    if (r.t === 'rows') {
      const rows = this.ownRows();
      // a snapshot's rows into an empty map (the usual start): every one new, in order, without looking
      const notes = this.notes;
      const fresh = notes?.fresh === true; // track off: read from an empty document
      for (const row of r.rows) {
        if (notes && !fresh) notes.noteRow(rows, row.localId, row);
        else if (fresh) notes!.noteFresh(row.localId, row.workDate);
        rows[row.localId] = freezeDeep(row);
        if (this.track) this.rowIds.add(row.localId);
        if (notes && row.timeLogId) notes.rowsWithIds.push(row.localId);
      }
      return true;
    }
    if (r.t === 'ops') {
      this.applyOps(r.ops, index);
      return true;
    }
    if (r.rows) {
      const rows = this.ownRows();
      const given = r.rows;
      for (const id in given) {
        const row = given[id];
        // the row's id as the key's string (a name JSON.parse made unique), not the copy parsed as a value: every
        // lookup by it (its entries' `localId` is this string) then skips hashing a new string (10,000 at a start of
        // a journal whose rows came in change records; the status's counts took 2-8 ms, not 0.4)
        if (row.localId === id && !Object.isFrozen(row)) row.localId = id;
        this.notes?.noteRow(rows, id, row);
        rows[id] = freezeDeep(row);
        if (this.track) this.rowIds.add(id);
        else if (row.timeLogId) this.notes!.rowsWithIds.push(id);
      }
    }
    if (r.rowsGone) {
      const rows = this.ownRows();
      if (r.rowsGone.length > 0) this.notes?.rowsRemoved();
      for (const id of r.rowsGone) {
        delete rows[id];
        if (this.track) this.rowIds.add(id);
      }
    }
    if (r.opsGone || r.ops || r.order) {
      const ops = r.opsGone || r.order || this.list === undefined ? this.opsMap() : undefined;
      for (const id of r.opsGone ?? []) {
        const old = ops!.get(id);
        if (old) this.notes?.countOut(old, this.rows[old.localId]);
        if (ops!.delete(id) && this.track) {
          this.noteWas(id, old);
          this.opEvents.push(id);
        }
      }
      if (r.ops) this.applyOps(r.ops, index);
      if (r.order) {
        this.reordered = true;
        const reordered = new Map<string, OutboxOp>();
        for (const id of r.order) {
          const o = ops!.get(id);
          if (o) reordered.set(id, o);
        }
        for (const [id, o] of ops!) if (!reordered.has(id)) reordered.set(id, o);
        this.ops = reordered;
      }
    }
    if (r.seq !== undefined) this.seq = r.seq;
    return true;
  }

  /**
   * Entries written (a change record's or a snapshot's): appended in order, a known id replaced where it is (a Map
   * keeps insertion order).
   */
  private applyOps(list: OutboxOp[], index: number): void {
    for (const op of list) {
      const row = this.rows[op.localId] as LedgerRow | undefined;
      if ((op.add as unknown) === null) {
        // the snapshot's add with its row's values (version 3 and 4): the row came first. No row (its record lost to
        // damage): the entry is not applied, and its log is offered from the lost record (./salvage.ts)
        if (!row) continue;
        op.add = valuesOfRow(row); // a value just parsed from the file: this reader's own
      }
      // the same id as its row's, kept once (the one just parsed is dropped young): 10,000 strings fewer for the
      // collector to copy at a start with 10,000 waiting
      if (row) op.localId = row.localId;
      // an empty list read is the one frozen empty list (a change copies it before writing, as it copies any):
      // 20,000 arrays fewer for the collector at a start with 10,000 waiting
      if (op.attempts.length === 0) op.attempts = NO_ATTEMPTS;
      if (op.resolutions.length === 0) op.resolutions = NO_RESOLUTIONS;
      const at = this.appended(op) ? -2 : this.placeInList(op.id);
      if (at >= 0) {
        const old = this.list![at];
        if (this.track) this.noteWas(op.id, old);
        this.notes?.countOut(old, this.rows[old.localId]);
        this.list![at] = op;
      } else if (at === -1) {
        const ops = this.opsMap();
        if (this.track) this.noteWas(op.id, ops.get(op.id));
        const old = this.notes?.counts && ops.get(op.id);
        if (old) this.notes!.countOut(old, this.rows[old.localId]);
        ops.set(op.id, op);
      }
      this.notes?.countIn(op, row);
      if (this.noteWrites) this.lastWrite.set(op.id, index);
      if (this.track) {
        this.touchedOps.add(op.id);
        this.opEvents.push(op);
      }
    }
  }

  /** `old`: the entry as the document held it before this record; kept only if that is the base's (first touch). */
  private noteWas(id: string, old: OutboxOp | undefined): void {
    if (old && !this.touchedOps.has(id)) this.was.set(id, old);
    this.touchedOps.add(id);
  }

  changed(): boolean {
    return this.rowsCopied || this.ops !== undefined || (this.list?.length ?? 0) > 0 || this.seq !== this.base.seq;
  }

  /** What the records applied changed (after `result()`: rows are read from the result). */
  indexedChange(result: Journal): IndexedChange {
    return { rowIds: this.rowIds, rowNow: (id) => result.rows[id], ops: this.opEvents, was: this.was, reordered: this.reordered };
  }

  result(): Journal {
    if (!this.changed()) return this.base;
    const ops = this.ops ? [...this.ops.values()] : this.list && this.list.length > 0 ? this.list : this.base.ops;
    return { version: 1, rows: this.rows, ops, seq: this.seq };
  }
}
