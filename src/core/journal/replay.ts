/**
 * Applying the records of the journal file (./format.ts) to a document: at start (the whole file), when
 * another process appended (the records from where this one stopped), and when a damaged file is recovered from.
 * Records are whole rows and entries by id, so applying them in order gives the state they tell.
 */
import { freezeDeep } from './draft';
import type { IndexedChange } from './indexes';
import type { Journal, JournalRecord, LedgerRow, OutboxOp } from './types';

/**
 * Applies records to a journal without touching it: the rows map and the entries list are copied on the first
 * change of each (once per batch), rows and entries themselves are replaced, never changed.
 */
export class Replay {
  private rows: Record<string, LedgerRow>;
  private rowsCopied = false;
  private ops: Map<string, OutboxOp> | undefined;
  private seq: number;
  /** For recovery: the index (among the records applied) of the last record that wrote each entry. */
  readonly lastWrite = new Map<string, number>();
  applied = 0;
  /** What the records did, for the ledger's indexes (./indexes.ts): rows touched, entries' events. */
  private readonly rowIds = new Set<string>();
  private readonly opEvents: Array<OutboxOp | string> = [];
  private reordered = false;

  /** `track`: note what changed for the ledger's indexes (not needed when a whole file is read: they are built then). */
  constructor(
    private readonly base: Journal,
    private readonly track = true,
  ) {
    this.rows = base.rows;
    this.seq = base.seq;
  }

  private opsMap(): Map<string, OutboxOp> {
    if (!this.ops) {
      this.ops = new Map();
      for (const o of this.base.ops) this.ops.set(o.id, o);
    }
    return this.ops;
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
      const ops = this.ops ? this.ops.size : this.base.ops.length;
      this.seq = r.seq;
      return Object.keys(this.rows).length === r.rows && ops === r.ops;
    }
    if (r.rows) {
      const rows = this.ownRows();
      const given = r.rows;
      for (const id in given) {
        rows[id] = freezeDeep(given[id]);
        if (this.track) this.rowIds.add(id);
      }
    }
    if (r.rowsGone) {
      const rows = this.ownRows();
      for (const id of r.rowsGone) {
        delete rows[id];
        if (this.track) this.rowIds.add(id);
      }
    }
    if (r.opsGone || r.ops || r.order) {
      const ops = this.opsMap();
      for (const id of r.opsGone ?? []) {
        if (ops.delete(id) && this.track) this.opEvents.push(id);
      }
      // Map keeps insertion order: a known id is replaced where it is, a new one goes to the end
      for (const op of r.ops ?? []) {
        ops.set(op.id, op);
        this.lastWrite.set(op.id, index);
        if (this.track) this.opEvents.push(op);
      }
      if (r.order) {
        this.reordered = true;
        const reordered = new Map<string, OutboxOp>();
        for (const id of r.order) {
          const o = ops.get(id);
          if (o) reordered.set(id, o);
        }
        for (const [id, o] of ops) if (!reordered.has(id)) reordered.set(id, o);
        this.ops = reordered;
      }
    }
    if (r.seq !== undefined) this.seq = r.seq;
    return true;
  }

  changed(): boolean {
    return this.rowsCopied || this.ops !== undefined || this.seq !== this.base.seq;
  }

  /** What the records applied changed (after `result()`: rows are read from the result). */
  indexedChange(result: Journal): IndexedChange {
    return { rowIds: this.rowIds, rowNow: (id) => result.rows[id], ops: this.opEvents, reordered: this.reordered };
  }

  result(): Journal {
    if (!this.changed()) return this.base;
    return { version: 1, rows: this.rows, ops: this.ops ? [...this.ops.values()] : this.base.ops, seq: this.seq };
  }
}
