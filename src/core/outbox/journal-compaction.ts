/**
 * Compaction of the journal file: an append-only file grows with every change, so when it holds many more records
 * than the live rows and operations (more than COMPACT_MIN_RECORDS and more than twice as many), it is rewritten as a
 * snapshot of the state (./journal-file.ts `writeWhole`, under the lock; ../ledger.ts runs it off the hot path).
 */
import { encodeRecord, headerRecord } from './journal-format';
import type { Journal } from './journal-types';

/** Compaction when the file holds more than this many records and more than twice the live rows + operations. */
export const COMPACT_MIN_RECORDS = 1_000;

/**
 * The whole state as records: the header, one change record per row and per operation (in order), and the snapshot
 * mark, which carries the operation counter and the counts (checked when read: a snapshot cut short is damage).
 */
export function snapshotText(doc: Readonly<Journal>, now: number): { text: string; records: number } {
  const parts = [encodeRecord(headerRecord(now))];
  for (const [id, row] of Object.entries(doc.rows)) parts.push(encodeRecord({ t: 'change', rows: { [id]: row } }));
  for (const op of doc.ops) parts.push(encodeRecord({ t: 'change', ops: [op] }));
  const rows = Object.keys(doc.rows).length;
  parts.push(encodeRecord({ t: 'snapshot', rows, ops: doc.ops.length, seq: doc.seq }));
  return { text: parts.join(''), records: parts.length };
}

/** Counts the file's records and says when it is worth compacting. */
export class CompactionPolicy {
  /** Records in the file (header and snapshot mark included). */
  records = 0;
  /** Live rows + operations when compaction was last judged unnecessary (not counted again until the file doubles). */
  private liveAtCheck = 0;

  constructor(private readonly minRecords = COMPACT_MIN_RECORDS) {}

  /** The file was written whole with `records` records. */
  rewritten(records: number): void {
    this.records = records;
    this.liveAtCheck = 0;
  }

  /** Many more records than live rows and operations (say > 1,000 and > 2x): worth rewriting as a snapshot. */
  needed(doc: Readonly<Journal>): boolean {
    if (this.records <= this.minRecords || this.records <= 2 * this.liveAtCheck) return false;
    const live = Object.keys(doc.rows).length + doc.ops.length + 2;
    if (this.records > 2 * live) return true;
    this.liveAtCheck = live;
    return false;
  }
}
