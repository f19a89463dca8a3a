/**
 * The outbox journal file (`outbox.journal` in the data directory): the ledger and the outbox as an append-only log
 * of checksummed records, so a change costs one small append + fsync however many entries there are, a crash in the
 * middle of an append costs at most that (never acknowledged) record, and a damaged file is kept and recovered from
 * instead of read as empty. docs/outbox.md "The journal file" is the prose version of this header.
 *
 * Format: UTF-8 lines `<crc32> <json>\n`, where <crc32> is the CRC-32 (IEEE, as zlib) of the JSON's bytes as 8
 * lowercase hex digits. JSON never holds a raw newline, so a line is a record. Records:
 * - first, the header `{"t":"header","format":"punchcard-outbox","version":2,"createdAt":…}`;
 * - `{"t":"change", rows?, rowsGone?, ops?, opsGone?, order?, seq?}`: one per `ledger.change()`: rows (by localId)
 *   and operations added or changed, whole; ids removed; `seq`, the operation counter, when it moved. Operations
 *   are kept in the order the user made them: an unknown id is appended, a known one replaced where it is, and
 *   `order` (all ids) is written only if a change reordered them (no rule does today);
 * - `{"t":"snapshot","rows":n,"ops":n,"seq":n}` after the change records a compaction wrote (one per row and per
 *   operation): carries the operation counter and says how many rows and operations are above it (checked).
 *
 * Reading: every record must have its checksum and its shape. At the END only, one record without its newline or
 * with a bad checksum is a torn append (a crash, or power lost, in the middle of `change()`): it was never
 * acknowledged (change() returns only after the fsync), so it is dropped, truncated away under the lock. Anything
 * else is damage (a bad record followed by good ones, no header, another format or version, an empty file, two bad
 * records at the end): the file is copied byte for byte (`keepDamaged`, ../store/damage.ts) BEFORE anything is
 * written, every good record is applied in order, and a fresh journal is written from that (temp file + rename).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { DIR_MODE, FILE_MODE, keepDamaged, type DamageReport, withFileLock, type FileLockOptions } from '../store';
import { isHhmm } from '../../shared/hours';
import { isValidDate } from '../../shared/week';
import type { Journal, LedgerRow, OutboxOp } from './ledger';
import { freezeDeep, freezeRows, type JournalDiff } from './journal-draft';

export const JOURNAL_FILE = 'outbox.journal';
/** The document the outbox used to be (conf, key `journal`): imported once, then renamed `.migrated-<time>`. */
export const LEGACY_FILE = 'outbox.json';
export const FORMAT = 'punchcard-outbox';
export const FORMAT_VERSION = 2;
/** Compaction when the file holds more than this many records and more than twice the live rows + operations. */
export const COMPACT_MIN_RECORDS = 1_000;

/* ------------------------------------------------------------------ records */

/** `id`: random, new with each file written whole, so a file that took the inode number of an older one is told apart. */
export interface HeaderRecord { t: 'header'; format: string; version: number; createdAt?: number; id?: string }
export interface ChangeRecord {
  t: 'change';
  rows?: Record<string, LedgerRow>;
  rowsGone?: string[];
  ops?: OutboxOp[];
  opsGone?: string[];
  order?: string[];
  seq?: number;
}
export interface SnapshotRecord { t: 'snapshot'; rows: number; ops: number; seq: number }
export type JournalRecord = HeaderRecord | ChangeRecord | SnapshotRecord;

const crc32: (data: string | Buffer) => number = typeof zlib.crc32 === 'function' ? zlib.crc32 : crc32Fallback;

let table: Int32Array | undefined;
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

/** One record as its line: `<crc32 hex> <json>\n`. */
export function encodeRecord(record: JournalRecord): string {
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

/** The whole state as records: header, one change record per row and per operation (in order), the snapshot mark. */
export function snapshotText(doc: Journal, now: number): { text: string; records: number } {
  const parts = [encodeRecord(headerRecord(now))];
  for (const [id, row] of Object.entries(doc.rows)) parts.push(encodeRecord({ t: 'change', rows: { [id]: row } }));
  for (const op of doc.ops) parts.push(encodeRecord({ t: 'change', ops: [op] }));
  const rows = Object.keys(doc.rows).length;
  parts.push(encodeRecord({ t: 'snapshot', rows, ops: doc.ops.length, seq: doc.seq }));
  return { text: parts.join(''), records: parts.length };
}

/* ------------------------------------------------------------------ shapes */

const KINDS = new Set(['add', 'edit', 'delete']);
const STATES = new Set(['queued', 'sending', 'needs-attention', 'synced']);
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v === 'string';
const isStrs = (v: unknown): v is string[] => Array.isArray(v) && v.every(isStr);

/**
 * A ledger row as the app needs it: what the user logged (the rest may be missing in an old or recovered file). Its
 * day and hours follow the one rule (shared/week.ts, shared/hours.ts): a row that does not is damage, reported and
 * kept, never summed as 0 hours into a day's total.
 */
export function isRow(v: unknown): v is LedgerRow {
  return isObj(v) && isStr(v.localId) && v.localId.length > 0 && isValidDate(v.workDate) && isHhmm(v.hours)
    && (v.jobName === undefined || isStr(v.jobName)) && (v.createdAt === undefined || typeof v.createdAt === 'number');
}

/** An outbox operation with everything the sync engine and the outbox view read. */
export function isOp(v: unknown): v is OutboxOp {
  return isObj(v) && isStr(v.id) && v.id.length > 0 && KINDS.has(v.kind as string) && isStr(v.localId) && STATES.has(v.state as string)
    && Array.isArray(v.resolutions) && Array.isArray(v.attempts) && typeof v.maybeSent === 'boolean'
    && typeof v.createdAt === 'number' && typeof v.updatedAt === 'number';
}

function validRecord(v: unknown): JournalRecord | undefined {
  if (!isObj(v)) return undefined;
  if (v.t === 'header') return isStr(v.format) && typeof v.version === 'number' ? v as unknown as HeaderRecord : undefined;
  if (v.t === 'snapshot') {
    return typeof v.rows === 'number' && typeof v.ops === 'number' && typeof v.seq === 'number' ? v as unknown as SnapshotRecord : undefined;
  }
  if (v.t !== 'change') return undefined;
  if (v.rows !== undefined && !(isObj(v.rows) && Object.entries(v.rows).every(([k, r]) => isRow(r) && r.localId === k))) return undefined;
  if (v.ops !== undefined && !(Array.isArray(v.ops) && v.ops.every(isOp))) return undefined;
  for (const k of ['rowsGone', 'opsGone', 'order'] as const) if (v[k] !== undefined && !isStrs(v[k])) return undefined;
  if (v.seq !== undefined && !(typeof v.seq === 'number' && Number.isInteger(v.seq) && v.seq >= 0)) return undefined;
  return v as unknown as ChangeRecord;
}

/** The number in an operation's id (`op-000042`: 42), to keep order and never reuse an id after a recovery. */
export function opNumber(id: string): number {
  const m = /^op-(\d+)$/.exec(id);
  return m ? Number(m[1]) : 0;
}

/* ------------------------------------------------------------------ scanning */

export interface ScannedRecord { record: JournalRecord; start: number; end: number }
export interface BadLine { start: number; end: number; terminated: boolean; why: string }
export interface Scan {
  good: ScannedRecord[];
  bad: BadLine[];
  /** End of the last good record (relative to the buffer), or 0. */
  goodEnd: number;
}

/** Reads every line of `buf` (the file from some record boundary on). */
export function scan(buf: Buffer): Scan {
  const good: ScannedRecord[] = [];
  const bad: BadLine[] = [];
  let pos = 0;
  while (pos < buf.length) {
    const nl = buf.indexOf(10, pos);
    const end = nl === -1 ? buf.length : nl + 1;
    const line = buf.subarray(pos, nl === -1 ? buf.length : nl);
    const why = nl === -1 ? 'it ends in the middle of a record' : checkLine(line);
    if (typeof why === 'string') bad.push({ start: pos, end, terminated: nl !== -1, why });
    else good.push({ record: why, start: pos, end });
    pos = end;
  }
  return { good, bad, goodEnd: good.length ? good[good.length - 1].end : 0 };
}

function checkLine(line: Buffer): JournalRecord | string {
  if (line.length < 10 || line[8] !== 0x20) return 'a record is not framed as "<checksum> <json>"';
  const want = Number.parseInt(line.subarray(0, 8).toString('latin1'), 16);
  const body = line.subarray(9);
  if (!/^[0-9a-f]{8}$/.test(line.subarray(0, 8).toString('latin1')) || crc32(body) !== want) return 'a record does not match its checksum';
  let value: unknown;
  try { value = JSON.parse(body.toString('utf8')); } catch { return 'a record is not valid JSON'; }
  return validRecord(value) ?? 'a record is not of the expected shape';
}

export type Verdict =
  | { kind: 'clean' }
  /** One unreadable record at the very end: an append cut short. `at` is where the good part ends. */
  | { kind: 'torn'; at: number }
  | { kind: 'damaged'; reason: string };

/** Is this (the whole file when `fromStart`, else the part after what was read already) whole, torn, or damaged? */
export function judge(s: Scan, size: number, fromStart: boolean): Verdict {
  if (fromStart) {
    if (size === 0) return { kind: 'damaged', reason: 'it is empty' };
    const first = s.good[0];
    if (!first || first.start !== 0 || first.record.t !== 'header') {
      return { kind: 'damaged', reason: first && first.record.t !== 'header' && first.start === 0 ? 'it has no header' : 'its header could not be read' };
    }
    const h = first.record as HeaderRecord;
    if (h.format !== FORMAT) return { kind: 'damaged', reason: `it is not an outbox journal (its header says "${h.format}")` };
    if (h.version !== FORMAT_VERSION) return { kind: 'damaged', reason: `it was written by another version of Punchcard (format version ${h.version}; this one reads ${FORMAT_VERSION})` };
  }
  const headers = s.good.filter((g, i) => g.record.t === 'header' && !(fromStart && i === 0)).length;
  if (headers > 0) return { kind: 'damaged', reason: 'it holds a second header in the middle' };
  const middle = s.bad.filter((b) => b.start < s.goodEnd);
  const tail = s.bad.filter((b) => b.start >= s.goodEnd);
  if (middle.length > 0) {
    return { kind: 'damaged', reason: `${plural(middle.length, 'record')} in the middle could not be read (${middle[0].why.replace(/^a record /, 'one ')})` };
  }
  if (tail.length > 1) return { kind: 'damaged', reason: `its last ${tail.length} records could not be read` };
  if (tail.length === 1) return { kind: 'torn', at: s.goodEnd };
  return { kind: 'clean' };
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** "1 outbox entry" / "3 outbox entries". */
function countOfEntries(n: number, words: string): string {
  return `${n} ${n === 1 ? words : words.replace(/y$/, 'ies')}`;
}

/* ------------------------------------------------------------------ replay */

/**
 * Applies change records to a journal without touching it: the rows map and the operations list are copied on the
 * first change of each (once per batch), rows and operations themselves are replaced, never changed.
 */
export class Replay {
  private rows: Record<string, LedgerRow>;
  private rowsCopied = false;
  private ops: Map<string, OutboxOp> | undefined;
  private seq: number;
  /** For recovery: the index (among the records applied) of the last record that wrote each operation. */
  readonly lastWrite = new Map<string, number>();
  applied = 0;

  constructor(private readonly base: Journal) {
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
    if (!this.rowsCopied) { this.rows = Object.assign({}, this.rows); this.rowsCopied = true; }
    return this.rows;
  }

  /** Applies one record; returns false for a snapshot mark that does not match the state (damage). */
  apply(r: JournalRecord): boolean {
    const index = this.applied++;
    if (r.t === 'header') return true;
    if (r.t === 'snapshot') {
      // the mark carries the operation counter, and checks the rows and operations above it are all there
      const ops = this.ops ? this.ops.size : this.base.ops.length;
      this.seq = r.seq;
      return Object.keys(this.rows).length === r.rows && ops === r.ops;
    }
    if (r.rows) { const rows = this.ownRows(); for (const [id, row] of Object.entries(r.rows)) rows[id] = freezeDeep(row); }
    if (r.rowsGone) { const rows = this.ownRows(); for (const id of r.rowsGone) delete rows[id]; }
    if (r.opsGone || r.ops || r.order) {
      const ops = this.opsMap();
      for (const id of r.opsGone ?? []) ops.delete(id);
      // Map keeps insertion order: a known id is replaced where it is, a new one goes to the end
      for (const op of r.ops ?? []) { ops.set(op.id, op); this.lastWrite.set(op.id, index); }
      if (r.order) {
        const reordered = new Map<string, OutboxOp>();
        for (const id of r.order) { const o = ops.get(id); if (o) reordered.set(id, o); }
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

  result(): Journal {
    if (!this.changed()) return this.base;
    return { version: 1, rows: this.rows, ops: this.ops ? [...this.ops.values()] : this.base.ops, seq: this.seq };
  }
}

/* ------------------------------------------------------------------ the old outbox.json */

export interface LegacyRead {
  doc: Journal;
  /** Set when the file was not a clean version-1 document: why, and how many of its parts were dropped. */
  damage?: { reason: string; lost: number };
}

/**
 * The conf document `{ journal: { version: 1, rows, ops, seq } }`. Anything else is damage, recovered as far as it
 * goes: JSON of another shape or version gives every object in it that has the shape of a row or an operation; text
 * that is not JSON (cut short, garbled) gives every complete `{...}` in it that parses and has that shape.
 */
export function readLegacy(bytes: Buffer): LegacyRead {
  if (bytes.length === 0) return { doc: emptyDoc(), damage: { reason: 'it is empty', lost: 0 } };
  const text = bytes.toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const found = salvageText(text);
    return { doc: found.doc, damage: { reason: `it is not valid JSON (${(e as Error).message})`, lost: found.lost } };
  }
  if (isObj(value) && Object.keys(value).length === 0) return { doc: emptyDoc() };
  const j = isObj(value) ? value.journal : undefined;
  if (isObj(j) && j.version === 1 && isObj(j.rows) && Array.isArray(j.ops) && typeof j.seq === 'number'
    && Object.entries(j.rows).every(([k, r]) => isRow(r) && r.localId === k) && j.ops.every(isOp)) {
    return { doc: { version: 1, rows: j.rows as Record<string, LedgerRow>, ops: j.ops as OutboxOp[], seq: j.seq } };
  }
  const reason = !isObj(j) ? 'it does not hold an outbox (no "journal" in it)'
    : j.version !== 1 ? `it is of another version (${JSON.stringify(j.version) ?? 'none'}; this one reads 1)`
      : 'it is not of the expected shape';
  const rows: Record<string, LedgerRow> = {};
  const ops = new Map<string, OutboxOp>();
  let lost = 0;
  // count the parts that were meant to be rows or operations and are not
  if (isObj(j) && isObj(j.rows)) lost += Object.values(j.rows).filter((r) => !isRow(r)).length;
  if (isObj(j) && Array.isArray(j.ops)) lost += j.ops.filter((o) => !isOp(o)).length;
  walk(value, rows, ops);
  const seq = isObj(j) && typeof j.seq === 'number' ? j.seq : 0;
  return { doc: docOf(rows, ops, seq), damage: { reason, lost } };
}

function emptyDoc(): Journal {
  return { version: 1, rows: {}, ops: [], seq: 0 };
}

function docOf(rows: Record<string, LedgerRow>, ops: Map<string, OutboxOp>, seq: number): Journal {
  const list = [...ops.values()];
  return { version: 1, rows, ops: list, seq: Math.max(seq, ...list.map((o) => opNumber(o.id)), 0) };
}

function walk(v: unknown, rows: Record<string, LedgerRow>, ops: Map<string, OutboxOp>, depth = 0): void {
  if (depth > 64 || typeof v !== 'object' || v === null) return;
  if (isOp(v)) { ops.set(v.id, v); return; }
  if (isRow(v)) { rows[v.localId] = v; return; }
  for (const x of Array.isArray(v) ? v : Object.values(v)) walk(x, rows, ops, depth + 1);
}

/** Every complete `{...}` of a text that is not JSON as a whole, parsed, kept when it is a row or an operation. */
function salvageText(text: string): { doc: Journal; lost: number } {
  const rows: Record<string, LedgerRow> = {};
  const ops = new Map<string, OutboxOp>();
  const starts: number[] = [];
  let inString = false;
  let lost = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b) starts.push(i);
    else if (c === 0x7d) {
      const start = starts.pop();
      if (start === undefined) continue;
      const slice = text.slice(start, i + 1);
      if (slice.length > 1 << 20 || !slice.includes('"localId"')) continue;
      let v: unknown;
      try { v = JSON.parse(slice); } catch { continue; }
      if (isOp(v)) ops.set(v.id, v);
      else if (isRow(v)) rows[v.localId] = v;
      else if (isObj(v) && 'localId' in v && ('workDate' in v || 'kind' in v)) lost++;
    }
  }
  return { doc: docOf(rows, ops, 0), lost };
}

/* ------------------------------------------------------------------ the file */

interface Stamp { ino: bigint; size: number; mtimeNs: bigint }

function stampOf(st: fs.BigIntStats): Stamp {
  return { ino: st.ino, size: Number(st.size), mtimeNs: st.mtimeNs };
}

function statOf(file: string): Stamp | undefined {
  try { return stampOf(fs.statSync(file, { bigint: true })); } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

function fsyncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch { /* not possible on every platform (Windows): the rename itself is atomic */ } finally {
    if (fd !== undefined) try { fs.closeSync(fd); } catch { /* closed */ }
  }
}

function writeAll(fd: number, buf: Buffer): void {
  let off = 0;
  while (off < buf.length) off += fs.writeSync(fd, buf, off, buf.length - off);
}

function stampForName(now: number): string {
  return new Date(now).toISOString().replace(/[:.]/g, '-');
}

export interface JournalFileOptions {
  dataDir: string;
  now: () => number;
  lock?: FileLockOptions;
  /** A damaged file was kept aside and recovered from (called after the fact, with the report). */
  onDamage?: (report: DamageReport) => void;
  /** Default COMPACT_MIN_RECORDS. */
  compactMinRecords?: number;
}

/** What the file was found to be, since this process opened it. */
export interface JournalHealth {
  file: string;
  /** Damage reports made by this process (the file kept aside, what was recovered). */
  damage: DamageReport[];
  /** Torn appends dropped (a crash in the middle of a change; nothing acknowledged was lost). */
  tornTails: number;
  /** Where the old `outbox.json` went after it was imported, if this process imported it. */
  migratedTo?: string;
}

export type CatchUp = 'same' | 'changed';

/**
 * The journal file of one data directory, as one process sees it: the document it last read (`doc`), how far it
 * has read (`consumed`), and the file it read it from (inode, size, mtime). Writes happen under the lock only.
 */
export class JournalFile {
  readonly file: string;
  readonly legacy: string;
  doc: Journal = emptyDoc();
  /** Records in the file (header and snapshot mark included), for compaction. */
  records = 0;
  readonly health: JournalHealth;
  /**
   * The file as last looked at, its size being the end of what was read (a bad end left alone is not counted, so the
   * next look reads it again), or undefined when there is none.
   */
  private looked: Stamp | undefined;
  /** The header line of the file read: an incremental read first checks the file still starts with it. */
  private head: Buffer | undefined;
  /** Bytes of the file that are read into `doc`: the end of the last good record. */
  private consumed = 0;
  /** Live rows + operations when compaction was last judged unnecessary. */
  private liveAtCheck = 0;
  /** Set when the owner closed: reads go on, but a damaged file is left as it is (nothing is written after close). */
  readOnly = false;

  constructor(private readonly o: JournalFileOptions) {
    fs.mkdirSync(o.dataDir, { recursive: true, mode: DIR_MODE });
    this.file = path.join(o.dataDir, JOURNAL_FILE);
    this.legacy = path.join(o.dataDir, LEGACY_FILE);
    this.health = { file: this.file, damage: [], tornTails: 0 };
    try {
      this.locked(() => this.open());
    } catch (e) {
      // A disk that takes no writes (full, read-only) cannot hold the lock file: read what the journal holds without
      // the lock (a bad end is left alone, as in any unlocked read), so the app and `punch status` still show every
      // entry and say what is wrong; every change still needs the lock and fails with the StorageError.
      if ((e as { name?: unknown }).name !== 'StorageError') throw e;
      this.load(false);
    }
  }

  locked<T>(fn: () => T): T {
    return withFileLock(this.file, fn, this.o.lock);
  }

  /** Under the lock: leftovers of a compaction killed midway go, the journal is read, the old document imported. */
  private open(): void {
    const prefix = `${JOURNAL_FILE}.tmp-`;
    for (const name of fs.readdirSync(this.o.dataDir)) {
      // under the lock nobody is writing one: any that exists was left by a process that died
      if (name.startsWith(prefix)) try { fs.unlinkSync(path.join(this.o.dataDir, name)); } catch { /* gone */ }
    }
    this.load(true);
    if (fs.existsSync(this.legacy)) this.migrate();
  }

  /**
   * Reads what other processes wrote since this process last looked: nothing (one stat) when the file is as it was,
   * the new records from where it stopped when the file grew, the whole file when it was replaced (a compaction, a
   * recovery: a new inode). Without the lock a bad end is left alone (another process may be writing it right now);
   * under it a torn end is cut off, and damage anywhere is kept aside and recovered from.
   */
  catchUp(locked: boolean): CatchUp {
    const st = statOf(this.file);
    if (!st) {
      // gone (removed by hand): what this process holds stays; the next change writes it whole again
      this.looked = undefined;
      this.consumed = 0;
      return 'same';
    }
    const l = this.looked;
    if (l && st.ino === l.ino && st.size === l.size && st.mtimeNs === l.mtimeNs) return 'same';
    if (l && st.ino === l.ino && st.size >= this.consumed) return this.readFrom(locked);
    return this.load(locked);
  }

  private needLock(locked: boolean, fn: () => CatchUp): CatchUp {
    if (locked) return fn();
    return this.readOnly ? 'same' : this.locked(fn);
  }

  private readFrom(locked: boolean): CatchUp {
    let fd: number;
    try { fd = fs.openSync(this.file, 'r'); } catch { return this.load(locked); }
    let buf: Buffer;
    let st: Stamp;
    try {
      st = stampOf(fs.fstatSync(fd, { bigint: true }));
      if (!this.looked || st.ino !== this.looked.ino || st.size < this.consumed || !this.sameHead(fd)) { fs.closeSync(fd); return this.load(locked); }
      buf = Buffer.allocUnsafe(st.size - this.consumed);
      let off = 0;
      while (off < buf.length) {
        const n = fs.readSync(fd, buf, off, buf.length - off, this.consumed + off);
        if (n === 0) break;
        off += n;
      }
      buf = buf.subarray(0, off);
    } finally {
      try { fs.closeSync(fd); } catch { /* closed above */ }
    }
    const s = scan(buf);
    const verdict = judge(s, buf.length, false);
    // damage: the whole file is judged again under the lock (and recovered from, kept aside first)
    if (verdict.kind === 'damaged') return this.needLock(locked, () => this.load(true));
    const replay = new Replay(this.doc);
    for (const g of s.good) {
      if (!replay.apply(g.record)) return this.needLock(locked, () => this.load(true));
    }
    this.doc = replay.result();
    this.records += s.good.length;
    this.consumed += s.goodEnd;
    this.looked = { ...st, size: this.consumed };
    if (verdict.kind === 'torn' && locked) this.dropTornTail(this.consumed);
    return replay.changed() ? 'changed' : 'same';
  }

  /** Reads the whole file. Returns 'changed' whenever it read one (a new inode: everything may differ). */
  private load(locked: boolean): CatchUp {
    let bytes: Buffer;
    let st: Stamp;
    let fd: number;
    try { fd = fs.openSync(this.file, 'r'); } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      this.looked = undefined;
      this.consumed = 0;
      return 'same';
    }
    try {
      st = stampOf(fs.fstatSync(fd, { bigint: true }));
      bytes = fs.readFileSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    const s = scan(bytes);
    const verdict = judge(s, bytes.length, true);
    if (verdict.kind !== 'damaged') {
      const replay = new Replay(emptyDoc());
      const ok = s.good.every((g) => replay.apply(g.record));
      if (ok) {
        this.doc = replay.result();
        this.records = s.good.length;
        this.consumed = s.goodEnd;
        this.looked = { ...st, size: s.goodEnd };
        this.head = Buffer.from(bytes.subarray(0, s.good[0].end));
        if (verdict.kind === 'torn' && locked) this.dropTornTail(s.goodEnd);
        return 'changed';
      }
    }
    if (!locked) return this.needLock(false, () => this.load(true));
    const reason = verdict.kind === 'damaged' ? verdict.reason : 'its compacted part is incomplete (the snapshot mark does not match it)';
    this.recover(bytes, s, reason);
    return 'changed';
  }

  /** Does the open file still start with the header this process read (not another file on a reused inode)? */
  private sameHead(fd: number): boolean {
    if (!this.head) return false;
    const b = Buffer.alloc(this.head.length);
    return fs.readSync(fd, b, 0, b.length, 0) === b.length && b.equals(this.head);
  }

  /** Under the lock: cuts an append that a crash cut short (never acknowledged), and notes it. */
  private dropTornTail(at: number): void {
    const fd = fs.openSync(this.file, 'r+');
    try {
      fs.ftruncateSync(fd, at);
      fs.fsyncSync(fd);
      this.looked = stampOf(fs.fstatSync(fd, { bigint: true }));
    } finally {
      fs.closeSync(fd);
    }
    this.consumed = at;
    this.health.tornTails++;
  }

  /**
   * Under the lock, on a damaged file: copy it aside byte for byte (and report) FIRST, then apply every good record
   * in order and write a fresh journal from that. If the copy cannot be made, nothing is touched and this throws.
   */
  private recover(bytes: Buffer, s: Scan, reason: string): void {
    const replay = new Replay(emptyDoc());
    // the records in file order, the unreadable ones included: what was written after the last of those is exact
    const lines = [...s.good.map((g) => ({ at: g.start, g })), ...s.bad.map((b) => ({ at: b.start, g: undefined }))].sort((a, b) => a.at - b.at);
    let lost = 0;
    let lastBad = -1;
    for (const { g } of lines) {
      if (!g) { lost++; lastBad = replay.applied; continue; }
      replay.apply(g.record); // a snapshot mark that no longer matches says only that records are missing
    }
    // not one readable record (another kind of file put in its place, e.g. an old outbox.json): what has the shape of
    // a row or an operation anywhere in it (records with a bad checksum are never trusted: a flipped bit may be in a value)
    const salvaged = s.good.length === 0 && bytes.length > 0 ? readLegacy(bytes) : undefined;
    if (salvaged) lost = salvaged.damage?.lost ?? 0; // (then every unsent operation is checked with the service: lastBad is 0)
    const doc = salvaged ? salvaged.doc : replay.result();
    const seq = Math.max(doc.seq, ...doc.ops.map((o) => opNumber(o.id)), 0);
    // an unsent operation last written before a record that is lost may have been sent since (that record may have
    // marked it `sending`): it is reconciled with the service before anything is sent again, never re-sent blindly
    let checked = 0;
    const ops = doc.ops.map((o) => {
      if (o.state === 'synced' || o.maybeSent || lastBad < 0 || (replay.lastWrite.get(o.id) ?? -1) >= lastBad) return o;
      checked++;
      return { ...o, maybeSent: true };
    });
    const recovered: Journal = freezeRows({ version: 1, rows: doc.rows, ops, seq });
    this.keepAside(this.file, reason, recovered, lost, checked);
    this.writeWhole(recovered);
    this.doc = recovered;
  }

  /** keepDamaged with the outbox's words; throws (touching nothing) when the copy cannot be made. */
  private keepAside(file: string, reason: string, recovered: Journal, lost: number, checked: number): DamageReport {
    const rows = Object.keys(recovered.rows).length;
    let report: DamageReport;
    try {
      report = keepDamaged(this.o.dataDir, {
        what: 'the outbox', file, reason, outcome: describeRecovery(recovered, lost, checked),
        recovered: rows + recovered.ops.length, lost,
      }, this.o.now());
    } catch (e) {
      throw new Error(`The outbox file ${file} could not be read (${reason}), and a copy of it could not be kept aside `
        + `(${(e as Error).message}). Punchcard leaves the file as it is and does not open the outbox: free some disk space `
        + `(or make the data directory writable) and start Punchcard again; nothing in the file is lost.`);
    }
    this.health.damage.push(report);
    this.o.onDamage?.(report);
    return report;
  }

  /** Under the lock: the old `outbox.json`, imported (merged into a journal that exists already), then renamed. */
  private migrate(): void {
    const bytes = fs.readFileSync(this.legacy);
    const old = readLegacy(bytes);
    if (old.damage) this.keepAside(this.legacy, old.damage.reason, old.doc, old.damage.lost, 0);
    if (!this.looked) {
      this.doc = freezeRows(old.doc);
      this.writeWhole(old.doc);
    } else {
      // a journal exists (a crash between writing it and renaming the old file, or an older Punchcard ran since):
      // add what it lacks, keep what it has
      const base = this.doc;
      const added: JournalDiff = { rows: {}, rowsGone: [], ops: [], opsGone: [] };
      for (const [id, row] of Object.entries(old.doc.rows)) if (!base.rows[id]) added.rows[id] = row;
      const known = new Set(base.ops.map((o) => o.id));
      for (const op of old.doc.ops) if (!known.has(op.id)) added.ops.push(op);
      if (old.doc.seq > base.seq) added.seq = old.doc.seq;
      if (Object.keys(added.rows).length || added.ops.length || added.seq !== undefined) this.append(added, mergeDiff(base, added));
    }
    let target = `${this.legacy}.migrated-${stampForName(this.o.now())}`;
    for (let i = 1; fs.existsSync(target); i++) target = `${this.legacy}.migrated-${stampForName(this.o.now())}-${i}`;
    fs.renameSync(this.legacy, target);
    fsyncDir(this.o.dataDir);
    this.health.migratedTo = target;
  }

  /** Under the lock: the whole state as a new file (temp file, fsync, rename over, fsync the directory). */
  writeWhole(doc: Journal): void {
    const { text, records } = snapshotText(doc, this.o.now());
    const tmp = path.join(this.o.dataDir, `${JOURNAL_FILE}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
    const fd = fs.openSync(tmp, 'wx', FILE_MODE);
    try {
      writeAll(fd, Buffer.from(text, 'utf8'));
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      fs.renameSync(tmp, this.file);
    } catch (e) {
      try { fs.closeSync(fd); } catch { /* closed */ }
      try { fs.unlinkSync(tmp); } catch { /* gone */ }
      throw e;
    }
    fsyncDir(this.o.dataDir);
    this.looked = statOf(this.file);
    this.consumed = this.looked?.size ?? 0;
    this.head = Buffer.from(text.slice(0, text.indexOf('\n') + 1), 'utf8');
    this.records = records;
    this.liveAtCheck = 0;
  }

  /**
   * Under the lock, right after `catchUp(true)`: appends `diff` as one record and fsyncs it, and only then makes
   * `next` the document. A failed write (disk full) cuts what it may have written and throws: `doc` stays.
   */
  append(diff: JournalDiff, next: Journal): void {
    if (!this.looked) this.writeWhole(this.doc); // no file yet (or removed by hand): header and what is known first
    const line = Buffer.from(encodeRecord(changeRecord(diff)), 'utf8');
    // O_APPEND without O_CREAT: a file removed in between must not come back as a journal without its header
    const fd = fs.openSync(this.file, fs.constants.O_WRONLY | fs.constants.O_APPEND);
    if (fs.fstatSync(fd).size !== this.consumed) {
      // the catch-up just before leaves the file ending with the last record read; anything else is not ours to follow
      fs.closeSync(fd);
      throw new Error(`The outbox file ${this.file} ends with something that could not be read or removed; nothing was saved. Try again; if it persists, start Punchcard again.`);
    }
    let st: Stamp;
    try {
      writeAll(fd, line);
      fs.fdatasyncSync(fd);
      st = stampOf(fs.fstatSync(fd, { bigint: true }));
    } catch (e) {
      try { fs.ftruncateSync(fd, this.consumed); } catch { /* then it is a torn end, dropped by the next change */ }
      fs.closeSync(fd);
      throw e;
    }
    fs.closeSync(fd);
    this.consumed += line.length;
    this.records++;
    this.looked = { ...st, size: this.consumed };
    this.doc = next;
  }

  /** Many more records than live rows and operations (say > 1,000 and > 2x): worth rewriting as a snapshot. */
  needsCompaction(): boolean {
    if (this.records <= (this.o.compactMinRecords ?? COMPACT_MIN_RECORDS) || this.records <= 2 * this.liveAtCheck) return false;
    const live = Object.keys(this.doc.rows).length + this.doc.ops.length + 2;
    if (this.records > 2 * live) return true;
    this.liveAtCheck = live;
    return false;
  }

  /** Under the lock: catch up, then (if still worth it) rewrite the file as header + snapshot. */
  compact(): boolean {
    this.catchUp(true);
    if (!this.needsCompaction()) return false;
    this.writeWhole(this.doc);
    return true;
  }
}

function mergeDiff(base: Journal, d: JournalDiff): Journal {
  const r = new Replay(base);
  r.apply(changeRecord(d));
  return r.result();
}

/** The report's outcome: what the file held, as far as it could be read, and what became of the rest. */
export function describeRecovery(doc: Journal, lost: number, checked: number): string {
  const by = { queued: 0, sending: 0, 'needs-attention': 0, synced: 0 };
  for (const o of doc.ops) by[o.state]++;
  const rows = Object.keys(doc.rows).length;
  const parts = [
    by.queued && `${by.queued} queued`, by.sending && `${by.sending} being sent`,
    by['needs-attention'] && `${by['needs-attention']} needing attention`, by.synced && `${by.synced} synced`,
  ].filter(Boolean);
  let text = doc.ops.length === 0 && rows === 0
    ? 'Nothing could be recovered from it; the outbox starts empty'
    : `${countOfEntries(doc.ops.length, 'outbox entry')} recovered${parts.length ? ` (${parts.join(', ')})` : ''} and ${plural(rows, 'time log')}`;
  if (lost > 0) {
    text += `; ${plural(lost, 'record')} could not be read: logs made or changed in them are missing or out of date, `
      + 'so check the week views and log anything missing again';
  }
  if (checked > 0) text += `; ${countOfEntries(checked, 'unsent entry')} will be checked with the service before being sent, in case ${checked === 1 ? 'it was' : 'they were'} sent already`;
  return text;
}
