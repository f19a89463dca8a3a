/**
 * Compaction of the journal file: an append-only file grows with every change, and a start reads all of it, so when
 * the records appended since it was last written whole outnumber a quarter of the live rows and entries (and
 * COMPACT_MIN_RECORDS), it is rewritten as a snapshot of the state (./file/journal-file.ts `writeWhole`, under the lock;
 * ./ledger.ts runs it off the hot path). A start then reads the snapshot (few, large records: quick) and a tail no
 * longer than a quarter of it.
 */
import { encodeRecord, headerRecord } from './format';
import { LOGGED_KEYS } from './replay';
import { opsRecord, rowsRecord } from './table-records';
import type { Journal, JournalRecord, LedgerRow, LogFields, OutboxOp } from './types';

/** Compaction when more than this many records were appended since the file was last written whole (and > live / 4). */
export const COMPACT_MIN_RECORDS = 1_000;

/**
 * Rows (or entries) per record of a snapshot. Reading a record has a cost of its own (its line, checksum, JSON
 * and schema: a few µs), which one record per row made most of a start at 10,000 entries. The price: a record
 * damaged in the middle of the file (a bad disk, not a crash: a crash only cuts the end) loses up to this many from
 * the recovered state, and the report says so (docs/outbox.md "Damage is kept, recovered from and reported").
 */
export const SNAPSHOT_BATCH = 100;

/**
 * The whole state as records: the header, the rows and then the entries (in order) as tables (./table.ts) of
 * up to SNAPSHOT_BATCH each, and the snapshot mark, which carries the entry counter and the counts (checked when
 * read: a snapshot cut short is damage). Tables, not change records (version 4): with 10,000 waiting, each field's
 * name was written 20,000 times and each log's id three times; the file is a quarter of version 3's and a start
 * parses a fifth of the values (docs/benchmarks.md).
 */
export function snapshotText(doc: Readonly<Journal>, now: number): { text: string; records: number } {
  const lines = [encodeRecord(headerRecord(now))];
  const rows = Object.values(doc.rows);
  for (let i = 0; i < rows.length; i += SNAPSHOT_BATCH) lines.push(encodeRecord(rowsRecord(rows.slice(i, i + SNAPSHOT_BATCH))));
  for (let i = 0; i < doc.ops.length; i += SNAPSHOT_BATCH)
    lines.push(encodeRecord(opsRecord(doc.ops.slice(i, i + SNAPSHOT_BATCH).map((op) => withoutRowValues(op, doc.rows[op.localId])))));
  lines.push(encodeRecord({ t: 'snapshot', rows: rows.length, ops: doc.ops.length, seq: doc.seq }));
  return { text: lines.join(''), records: lines.length };
}

/**
 * An entry as the snapshot writes it: an add whose values are its row's (a log waiting to be sent, not changed since
 * it was made, or changed with the add folded in) is written `"add":null` (version 3 of the format), read back as
 * its row's values (./replay.ts `valuesOfRow`); version 4 keeps it (a column of nulls, written once). With 10,000
 * entries waiting, the values written twice were a third of the file, and parsing the add's object a third of
 * reading the entries. Written only where the row precedes it in the same snapshot, so a reader always has it; an add
 * that differs in anything keeps its own values.
 */
function withoutRowValues(op: OutboxOp, row: LedgerRow | undefined): OutboxOp {
  if (!op.add || !row || !sameValues(op.add, row)) return op;
  return { ...op, add: null as unknown as undefined };
}

/** The fields of an add hold exactly the row's values of those fields (plain values: a log's fields are text). */
function sameValues(add: LogFields, row: LedgerRow): boolean {
  for (const k of Object.keys(add) as Array<keyof LogFields>) {
    const v = add[k];
    if (typeof v === 'object' || v !== row[k]) return false;
  }
  for (const k of LOGGED_KEYS) if (row[k] !== undefined && !Object.prototype.hasOwnProperty.call(add, k)) return false;
  return true;
}

/** Counts the records appended since the file was written whole, and says when it is worth compacting. */
export class CompactionPolicy {
  /** Records appended after the snapshot mark (all of them in a file never written whole). */
  tail = 0;
  /** Live rows + entries when compaction was last judged unnecessary (not counted again until the tail grows past a quarter). */
  private liveAtCheck = 0;

  constructor(private readonly minRecords = COMPACT_MIN_RECORDS) {}

  /** The file was written whole: no tail. */
  rewritten(): void {
    this.tail = 0;
    this.liveAtCheck = 0;
  }

  /** Records read from a file: counted from the last snapshot mark on. */
  read(records: readonly { record: JournalRecord }[], fromStart: boolean): void {
    let tail = fromStart ? 0 : this.tail;
    for (const r of records) tail = r.record.t === 'snapshot' ? 0 : tail + 1;
    this.tail = tail;
  }

  appended(): void {
    this.tail++;
  }

  /** More records since the last whole write than COMPACT_MIN_RECORDS and a quarter of the live rows and entries. */
  needed(doc: Readonly<Journal>): boolean {
    if (this.tail <= this.minRecords || this.tail <= this.liveAtCheck / 4) return false;
    // counted only when the tail grew past what it was judged against: an append must not list 10,000 keys
    const live = Object.keys(doc.rows).length + doc.ops.length;
    if (this.tail > live / 4) return true;
    this.liveAtCheck = live;
    return false;
  }
}
