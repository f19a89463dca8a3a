/**
 * The journal file's format (`outbox.journal`): how a record is written as a line and read back, its checksum, and
 * what a run of lines says about the file (whole, torn at the end, or damaged). No file access here: ./file/
 * reads and writes, ./replay.ts applies what is read. docs/outbox.md "The journal file" is the prose version.
 *
 * Format: UTF-8 lines `<crc32> <json>\n`, where <crc32> is the CRC-32 (IEEE, as zlib) of the JSON's bytes as 8
 * lowercase hex digits. JSON never holds a raw newline, so a line is a record. Records (./types.ts):
 * - first, the header `{"t":"header","format":"punchcard-outbox","version":4,"createdAt":…}`;
 * - `{"t":"change", rows?, rowsGone?, ops?, opsGone?, order?, seq?}`: one per `ledger.change()`;
 * - `{"t":"rows",…}` and `{"t":"ops",…}`: a snapshot's rows and entries as tables (version 4, ./table.ts);
 * - `{"t":"snapshot","rows":n,"ops":n,"seq":n}` after the records a compaction wrote (./compaction.ts).
 * Versions 2 and 3 read the same, with the snapshot's rows and entries in change records (version 3 writes an add
 * whose values are its row's as `"add":null`, as version 4 does).
 *
 * Reading: every record must have its checksum and its shape. At the END only, one record without its newline is a
 * torn append (a crash, or power lost, in the middle of `change()`): it was never acknowledged (change() returns only
 * after the fsync), so it is cut off (its bytes kept aside quietly). As etcd's write-ahead log does, only that, an
 * unexpected end of the file, is repaired: a whole last record (it ends with its newline) that does not match its
 * checksum was written in full and acknowledged, then changed on disk; it is damage, like anything else unreadable.
 */
import nodeBuffer from 'node:buffer';
import zlib from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { isTableRecord, parseTableRecord, type TableRecord } from './table-records';
import { parseRecord } from './stored';
import type { ChangeRecord, HeaderRecord, JournalDiff, JournalRecord } from './types';

/** Why one record cannot be read. */
export type BadRecord = 'midRecord' | 'notFramed' | 'checksum' | 'notJson' | 'shape';

/**
 * Why a journal cannot be read, as facts: said in words by ./words.ts `journalDamageWords` (kept out of this
 * module, so the format reads and writes without the catalogs: the browser tests write records with it).
 */
export type JournalDamage =
  | { why: 'empty' }
  | { why: 'noHeader' }
  | { why: 'badHeader' }
  | { why: 'notJournal'; format: string }
  | { why: 'otherVersion'; version: string; current: number }
  | { why: 'secondHeader' }
  | { why: 'middle'; count: number; bad: BadRecord }
  | { why: 'lastSome'; count: number }
  | { why: 'lastOne'; bad: BadRecord }
  /**
   * The last record was cut short (a torn end) and holds a log no other record holds. It may have been acknowledged:
   * the disk can lose the end of a file after the write returned (a cut, a repair); a crash in the middle of the
   * write looks the same. So it is reported and its logs offered, never dropped in silence (./file/).
   */
  | { why: 'cutShort' }
  /** The same, holding a change of a log the file holds as it was before: offered to be made again (./torn-end.ts). */
  | { why: 'cutShortEdit' }
  /** The same, holding a delete of a log the file holds: offered to be made again or the log kept (./torn-end.ts). */
  | { why: 'cutShortDelete' }
  /** The same, a delete cut before it named its log, of one of several the user could delete: said, nothing offered. */
  | { why: 'cutShortDeleteUnnamed' };

export const FORMAT = 'punchcard-outbox';
/** The version written. */
export const FORMAT_VERSION = 4;
/**
 * The versions read: 3 is 4 with a snapshot's rows and entries in change records instead of tables, 2 is 3 without
 * the snapshot's `"add":null` (an add whose values are its row's, ./compaction.ts), so a file an older Punchcard
 * wrote opens as it is, and is written as 4 at its next compaction.
 */
export const READABLE_VERSIONS: readonly unknown[] = [2, 3, FORMAT_VERSION];

/* ------------------------------------------------------------------ the checksum */

const crc32: (data: string | Buffer) => number = typeof zlib.crc32 === 'function' ? zlib.crc32 : crc32Fallback;

let table: Int32Array | undefined;
/** Node before 20.15 has no zlib.crc32: the same function, table-driven. */
function crc32Fallback(data: string | Buffer): number {
  if (!table) {
    table = new Int32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c;
    }
  }
  const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let crc = -1;
  for (let i = 0; i < buf.length; i++) crc = table[(crc ^ buf[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}

function hex8(n: number): string {
  return n.toString(16).padStart(8, '0');
}

/* ------------------------------------------------------------------ writing */

/** One record as its line: `<crc32 hex> <json>\n`. */
export function encodeRecord(record: Exclude<JournalRecord, { t: 'rows' | 'ops' }> | TableRecord): string {
  const json = JSON.stringify(record);
  return `${hex8(crc32(json))} ${json}\n`;
}

export function headerRecord(now: number): HeaderRecord {
  return { t: 'header', format: FORMAT, version: FORMAT_VERSION, createdAt: now, id: randomBytes(6).toString('hex') };
}

/** The change record of a diff (only the parts that say something). */
export function changeRecord(d: JournalDiff): ChangeRecord {
  const r: ChangeRecord = { t: 'change' };
  if (Object.keys(d.rows).length) r.rows = d.rows;
  if (d.rowsGone.length) r.rowsGone = d.rowsGone;
  if (d.ops.length) r.ops = d.ops;
  if (d.opsGone.length) r.opsGone = d.opsGone;
  if (d.order) r.order = d.order;
  if (d.seq !== undefined) r.seq = d.seq;
  return r;
}

/** The number in an entry's id (`op-000042`: 42), to keep order and never reuse an id after a recovery. */
export function opNumber(id: string): number {
  const m = /^op-(\d+)$/.exec(id);
  return m ? Number(m[1]) : 0;
}

/* ------------------------------------------------------------------ reading */

export interface ScannedRecord {
  record: JournalRecord;
  start: number;
  end: number;
}
export interface BadLine {
  start: number;
  end: number;
  terminated: boolean;
  why: BadRecord;
}
export interface Scan {
  good: ScannedRecord[];
  bad: BadLine[];
  /** End of the last good record (relative to the buffer), or 0. */
  goodEnd: number;
}

/**
 * Reads every line of `buf` (the file from some record boundary on). A file of ASCII only (the usual: JSON written
 * by JSON.stringify is ASCII unless a log's text is not) is decoded to one string at once, and each record's JSON is
 * a slice of it: a start at 10,000 entries then makes no string of its own per record (a fifth less to parse and
 * collect). Bytes and characters are the same there; a file with other characters is decoded record by record.
 */
export function scan(buf: Buffer): Scan {
  const good: ScannedRecord[] = [];
  const bad: BadLine[] = [];
  const text = isAscii(buf) ? buf.toString('latin1') : undefined;
  let pos = 0;
  while (pos < buf.length) {
    const nl = buf.indexOf(10, pos);
    const end = nl === -1 ? buf.length : nl + 1;
    const line = buf.subarray(pos, nl === -1 ? buf.length : nl);
    const why = nl === -1 ? 'midRecord' : decodeLine(line, text?.slice(pos + 9, nl));
    if (typeof why === 'string') bad.push({ start: pos, end, terminated: nl !== -1, why });
    else good.push({ record: why, start: pos, end });
    pos = end;
  }
  return { good, bad, goodEnd: good.length ? good[good.length - 1].end : 0 };
}

/** Node before 18.15 has no buffer.isAscii: every file is then read record by record. */
const isAscii: (b: Buffer) => boolean = typeof nodeBuffer.isAscii === 'function' ? nodeBuffer.isAscii : () => false;

/** One line (without its newline): the record, or why it cannot be read. `json`: the line's JSON as text, if known. */
export function decodeLine(line: Buffer, json?: string): JournalRecord | BadRecord {
  if (line.length < 10 || line[8] !== 0x20) return 'notFramed';
  const body = line.subarray(9);
  if (crc32(body) !== checksumOf(line)) return 'checksum';
  let value: unknown;
  try {
    value = JSON.parse(json ?? body.toString('utf8'));
  } catch {
    return 'notJson';
  }
  return (isTableRecord(value) ? parseTableRecord(value) : parseRecord(value)) ?? 'shape';
}

/** The 8 lowercase hex digits a line starts with, as a number (-1 when they are not that). */
function checksumOf(line: Buffer): number {
  let n = 0;
  for (let i = 0; i < 8; i++) {
    const c = line[i];
    const d = c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x61 && c <= 0x66 ? c - 0x57 : -1;
    if (d < 0) return -1;
    n = n * 16 + d;
  }
  return n;
}

export type Verdict =
  | { kind: 'clean' }
  /** One record at the very end without its newline: an append cut short. `at` is where the good part ends. */
  | { kind: 'torn'; at: number }
  | { kind: 'damaged'; reason: JournalDamage };

/** Is this (the whole file when `fromStart`, else the part after what was read already) whole, torn, or damaged? */
export function judge(s: Scan, size: number, fromStart: boolean): Verdict {
  if (fromStart) {
    if (size === 0) return { kind: 'damaged', reason: { why: 'empty' } };
    const first = s.good[0];
    if (!first || first.start !== 0 || first.record.t !== 'header') {
      return {
        kind: 'damaged',
        reason: { why: first && first.record.t !== 'header' && first.start === 0 ? 'noHeader' : 'badHeader' },
      };
    }
    const h = first.record;
    if (h.format !== FORMAT) return { kind: 'damaged', reason: { why: 'notJournal', format: String(h.format) } };
    if (!READABLE_VERSIONS.includes(h.version))
      return { kind: 'damaged', reason: { why: 'otherVersion', version: String(h.version), current: FORMAT_VERSION } };
  }
  const headers = s.good.filter((g, i) => g.record.t === 'header' && !(fromStart && i === 0)).length;
  if (headers > 0) return { kind: 'damaged', reason: { why: 'secondHeader' } };
  const middle = s.bad.filter((b) => b.start < s.goodEnd);
  const tail = s.bad.filter((b) => b.start >= s.goodEnd);
  if (middle.length > 0) {
    return { kind: 'damaged', reason: { why: 'middle', count: middle.length, bad: middle[0].why } };
  }
  if (tail.length > 1) return { kind: 'damaged', reason: { why: 'lastSome', count: tail.length } };
  // a whole record (newline and all) was written in full and acknowledged: a bad one was changed on disk since
  if (tail.length === 1 && tail[0].terminated) return { kind: 'damaged', reason: { why: 'lastOne', bad: tail[0].why } };
  if (tail.length === 1) return { kind: 'torn', at: s.goodEnd };
  return { kind: 'clean' };
}
