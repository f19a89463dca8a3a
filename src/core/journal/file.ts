/**
 * The outbox journal file (`outbox.journal` in the data directory) as one process sees it: the ledger and the outbox
 * as an append-only log of checksummed records (./format.ts), so a change costs one small append + fsync
 * however many entries there are, a crash in the middle of an append costs at most that (never acknowledged) record,
 * and a damaged file is kept and recovered from instead of read as empty. docs/outbox.md "The journal file".
 *
 * Reading: a torn end (a last record without its newline: an append cut short) is truncated away under the lock, its
 * bytes kept aside quietly in `damaged/`. Anything else that cannot be read, a whole last record with a bad checksum
 * included, is damage: the file is copied byte for byte (`keepDamaged`, ../store/damage.ts) BEFORE anything is
 * written, every good record is applied in order (./salvage.ts), the logs the bad records seem to hold that
 * could not be recovered are offered in the report (to log again or discard), and a fresh journal is written from
 * that. The old `outbox.json` is imported once. Writes happen under the lock only (../store/file-lock.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { DIR_MODE, keepBytesQuietly, keepDamaged, storeWords, type DamageReport, withFileLock, type FileLockOptions } from '../store';
import { saidError, saidOf, type Words } from '../../shared/i18n/said';
import { journalDamageWords, journalWords, outboxFileWords } from './words';
import { CompactionPolicy, snapshotText } from './compaction';
import { fsyncDir, readRange, replaceFile, stampForName, stampOf, statOf, sweepTemps, writeAll, type Stamp } from './disk';
import { freezeRows } from './draft/values';
import { changeRecord, encodeRecord, judge, scan, type Scan } from './format';
import { carryIndexes, holdIndexes } from './indexes';
import { Replay } from './replay';
import { describeRecovery, readLegacy, recoverJournal, unrecoveredLogs } from './salvage';
import { maybeSent, tornEdits, tornSendingMarks } from './torn-end';
import type { DamageEdit } from '../../shared/domain';
import { emptyJournal, type Journal, type JournalDiff, type JournalTouched, type LogFields } from './types';

export const JOURNAL_FILE = 'outbox.journal';
/** The document the outbox used to be (conf, key `journal`): imported once, then renamed `.migrated-<time>`. */
export const LEGACY_FILE = 'outbox.json';

export interface JournalFileOptions {
  dataDir: string;
  now: () => number;
  lock?: FileLockOptions;
  /** A damaged file was kept aside and recovered from (called after the fact, with the report). */
  onDamage?: (report: DamageReport) => void;
  /** Default COMPACT_MIN_RECORDS. */
  compactMinRecords?: number;
  /** The current document was replaced (a change here, another process's read, the file read whole): what it touched. */
  onChanged?: (touched: JournalTouched) => void;
}

const WHOLE: JournalTouched = Object.freeze({ rows: [], ops: [], logs: [], whole: true });

/** The ids a diff touched. */
export function touchedBy(d: JournalDiff): JournalTouched {
  return {
    rows: [...Object.keys(d.rows), ...d.rowsGone],
    ops: [...d.ops.map((o) => o.id), ...d.opsGone],
    logs: d.ops.map((o) => o.localId),
  };
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
  doc: Journal = emptyJournal();
  readonly health: JournalHealth;
  private readonly compaction: CompactionPolicy;
  /**
   * The file as last looked at, its size being the end of what was read (a bad end left alone is not counted, so the
   * next look reads it again), or undefined when there is none.
   */
  private looked: Stamp | undefined;
  /** The header line of the file read: an incremental read first checks the file still starts with it. */
  private head: Buffer | undefined;
  /** Bytes of the file that are read into `doc`: the end of the last good record. */
  private consumed = 0;
  /** Set when the owner closed: reads go on, but a damaged file is left as it is (nothing is written after close). */
  readOnly = false;

  constructor(private readonly o: JournalFileOptions) {
    fs.mkdirSync(o.dataDir, { recursive: true, mode: DIR_MODE });
    this.file = path.join(o.dataDir, JOURNAL_FILE);
    this.legacy = path.join(o.dataDir, LEGACY_FILE);
    this.health = { file: this.file, damage: [], tornTails: 0 };
    this.compaction = new CompactionPolicy(o.compactMinRecords);
    holdIndexes(this.doc);
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

  /** Records appended since the file was last written whole (./compaction.ts). */
  get tail(): number {
    return this.compaction.tail;
  }

  locked<T>(fn: () => T): T {
    return withFileLock(
      this.file,
      () => {
        this.holding++;
        try {
          return fn();
        } finally {
          this.holding--;
        }
      },
      this.o.lock,
    );
  }

  /**
   * How deep this process is inside its own hold of the lock. A read made from in there (a damage report's listener
   * asks for the status while the damaged file is being recovered) sees the document as it is: taking the lock again
   * would wait on itself (the lock is not re-entrant).
   */
  private holding = 0;

  /** Under the lock: leftovers of a compaction killed midway go, the journal is read, the old document imported. */
  private open(): void {
    // under the lock nobody is writing one: any that exists was left by a process that died
    sweepTemps(this.o.dataDir, JOURNAL_FILE);
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
    if (!locked && this.holding > 0) return 'same';
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

  /** The records appended since `consumed`, applied to `doc`. */
  private readFrom(locked: boolean): CatchUp {
    let fd: number;
    try {
      fd = fs.openSync(this.file, 'r');
    } catch {
      return this.load(locked);
    }
    let buf: Buffer;
    let st: Stamp;
    try {
      st = stampOf(fs.fstatSync(fd, { bigint: true }));
      if (!this.looked || st.ino !== this.looked.ino || st.size < this.consumed || !this.sameHead(fd)) {
        fs.closeSync(fd);
        return this.load(locked);
      }
      buf = readRange(fd, this.consumed, st.size);
    } finally {
      try {
        fs.closeSync(fd);
      } catch {
        /* closed above */
      }
    }
    const s = scan(buf);
    const verdict = judge(s, buf.length, false);
    // damage: the whole file is judged again under the lock (and recovered from, kept aside first)
    if (verdict.kind === 'damaged') return this.needLock(locked, () => this.load(true));
    const replay = new Replay(this.doc);
    for (const g of s.good) {
      if (!replay.apply(g.record)) return this.needLock(locked, () => this.load(true));
    }
    const before = this.doc;
    this.doc = replay.result();
    if (this.doc !== before) {
      const change = replay.indexedChange(this.doc);
      carryIndexes(before, this.doc, change);
      this.o.onChanged?.({
        rows: [...change.rowIds],
        ops: change.ops.map((o) => (typeof o === 'string' ? o : o.id)),
        logs: change.ops.flatMap((o) => (typeof o === 'string' ? [] : [o.localId])),
      });
    }
    this.compaction.read(s.good, false);
    this.consumed += s.goodEnd;
    this.looked = { ...st, size: this.consumed };
    if (verdict.kind === 'torn' && locked) {
      // holding a log found nowhere else: the whole file is read again and the torn end reported (see load)
      if (unrecoveredLogs(buf, s, this.doc).length > 0 || tornEdits(buf, s.bad[0], this.doc).length > 0) return this.load(true);
      this.dropTornTail(this.consumed, tornSendingMarks(buf, s.bad[0], this.doc));
    }
    return replay.changed() ? 'changed' : 'same';
  }

  /** Reads the whole file. Returns 'changed' whenever it read one (a new inode: everything may differ). */
  private load(locked: boolean): CatchUp {
    let bytes: Buffer;
    let st: Stamp;
    let fd: number;
    try {
      fd = fs.openSync(this.file, 'r');
    } catch (e) {
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
      const replay = new Replay(emptyJournal(), false);
      const ok = s.good.every((g) => replay.apply(g.record));
      if (ok) {
        this.doc = replay.result();
        holdIndexes(this.doc, replay.rowOrder);
        this.o.onChanged?.(WHOLE);
        this.compaction.read(s.good, true);
        this.consumed = s.goodEnd;
        this.looked = { ...st, size: s.goodEnd };
        this.head = Buffer.from(bytes.subarray(0, s.good[0].end));
        if (verdict.kind === 'torn' && locked) {
          // a torn end holding a log found nowhere else, or a change of one the file holds, may have been
          // acknowledged: reported and offered, as damage
          const why = unrecoveredLogs(bytes, s, this.doc).length > 0 ? 'cutShort' : tornEdits(bytes, s.bad[0], this.doc).length > 0 ? 'cutShortEdit' : undefined;
          if (why) this.recover(bytes, s, journalDamageWords({ why }), true);
          else this.dropTornTail(s.goodEnd, tornSendingMarks(bytes, s.bad[0], this.doc));
        }
        return 'changed';
      }
    }
    if (!locked) return this.needLock(false, () => this.load(true));
    const reason = verdict.kind === 'damaged' ? journalDamageWords(verdict.reason) : outboxFileWords.compacted();
    this.recover(bytes, s, reason);
    return 'changed';
  }

  /** Does the open file still start with the header this process read (not another file on a reused inode)? */
  private sameHead(fd: number): boolean {
    if (!this.head) return false;
    const b = Buffer.alloc(this.head.length);
    return fs.readSync(fd, b, 0, b.length, 0) === b.length && b.equals(this.head);
  }

  /**
   * Under the lock: cuts an append cut short that holds no log found nowhere else (a crash in the middle of a state
   * change: never acknowledged, and the entry it changed is still whole), keeps its bytes aside, and notes it.
   */
  private dropTornTail(at: number, marks: string[]): void {
    const fd = fs.openSync(this.file, 'r+');
    try {
      const end = fs.fstatSync(fd).size;
      // never acknowledged, so nobody's data: nothing to report, but kept (best effort) rather than thrown away
      if (end > at) keepBytesQuietly(this.o.dataDir, JOURNAL_FILE, readRange(fd, at, end), this.o.now());
      fs.ftruncateSync(fd, at);
      fs.fsyncSync(fd);
      this.looked = stampOf(fs.fstatSync(fd, { bigint: true }));
    } finally {
      fs.closeSync(fd);
    }
    this.consumed = at;
    this.health.tornTails++;
    // it may have been the `sending` mark of an entry, acknowledged before the disk lost it: the request may have gone,
    // so the entry is "sent, answer unknown" and reconciled before anything is sent again (./torn-end.ts)
    if (marks.length === 0) return;
    const base = this.doc;
    const diff: JournalDiff = { rows: {}, rowsGone: [], ops: base.ops.filter((o) => marks.includes(o.id)).map(maybeSent), opsGone: [] };
    const replay = new Replay(base);
    replay.apply(changeRecord(diff));
    this.append(diff, () => {
      const next = replay.result();
      carryIndexes(base, next, replay.indexedChange(next));
      return next;
    });
  }

  /**
   * Under the lock, on a damaged file: copy it aside byte for byte (and report) FIRST, then write a fresh journal of
   * what its good records tell. If the copy cannot be made, nothing is touched and this throws.
   */
  private recover(bytes: Buffer, s: Scan, reason: Words, tornOnly = false): void {
    const { doc, lost, checked } = recoverJournal(bytes, s, tornOnly);
    const edits = tornOnly ? tornEdits(bytes, s.bad[0], doc) : [];
    this.keepAside(this.file, reason, doc, lost, checked, unrecoveredLogs(bytes, s, doc), edits);
    this.writeWhole(doc);
    this.doc = doc;
    holdIndexes(doc);
    this.o.onChanged?.(WHOLE);
  }

  /** keepDamaged with the outbox's words; throws (touching nothing) when the copy cannot be made. */
  private keepAside(
    file: string,
    reason: Words,
    recovered: Journal,
    lost: number,
    checked: number,
    offered: LogFields[] = [],
    edits: DamageEdit[] = [],
  ): DamageReport {
    const rows = Object.keys(recovered.rows).length;
    let report: DamageReport;
    try {
      report = keepDamaged(
        this.o.dataDir,
        {
          what: storeWords.outbox(),
          file,
          reason,
          outcome: outboxFileWords.withEdits(describeRecovery(recovered, lost, checked, offered), edits),
          recovered: rows + recovered.ops.length,
          lost,
          ...(offered.length || edits.length ? { offer: { logs: offered, ...(edits.length ? { edits } : {}) } } : {}),
        },
        this.o.now(),
      );
    } catch (e) {
      throw Object.assign(saidError(journalWords.cannotKeep(file, { said: saidOf(reason) }, (e as Error).message)), { cause: e });
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
      holdIndexes(this.doc);
      this.o.onChanged?.(WHOLE);
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
      if (Object.keys(added.rows).length || added.ops.length || added.seq !== undefined) {
        const merged = new Replay(base);
        merged.apply(changeRecord(added));
        this.append(added, () => {
          const next = merged.result();
          carryIndexes(base, next, merged.indexedChange(next));
          return next;
        });
      }
    }
    let target = `${this.legacy}.migrated-${stampForName(this.o.now())}`;
    for (let i = 1; fs.existsSync(target); i++) target = `${this.legacy}.migrated-${stampForName(this.o.now())}-${i}`;
    fs.renameSync(this.legacy, target);
    fsyncDir(this.o.dataDir);
    this.health.migratedTo = target;
  }

  /** Under the lock: the whole state as a new file (a compaction, a recovery, the first change). */
  writeWhole(doc: Journal): void {
    const { text } = snapshotText(doc, this.o.now());
    replaceFile(this.o.dataDir, JOURNAL_FILE, Buffer.from(text, 'utf8'));
    this.looked = statOf(this.file);
    this.consumed = this.looked?.size ?? 0;
    this.head = Buffer.from(text.slice(0, text.indexOf('\n') + 1), 'utf8');
    this.compaction.rewritten();
  }

  /**
   * Under the lock, right after `catchUp(true)`: appends `diff` as one record and fsyncs it, and only then makes the
   * document `commit()` gives current (./change.ts). A failed write (disk full) cuts what it may have written
   * and throws: `commit` is not called and `doc` stays as it was.
   */
  append(diff: JournalDiff, commit: () => Journal): void {
    if (!this.looked) this.writeWhole(this.doc); // no file yet (or removed by hand): header and what is known first
    const line = Buffer.from(encodeRecord(changeRecord(diff)), 'utf8');
    // O_APPEND without O_CREAT: a file removed in between must not come back as a journal without its header
    const fd = fs.openSync(this.file, fs.constants.O_WRONLY | fs.constants.O_APPEND);
    if (fs.fstatSync(fd).size !== this.consumed) {
      // the catch-up just before leaves the file ending with the last record read; anything else is not ours to follow
      fs.closeSync(fd);
      throw saidError(journalWords.tornEnd(this.file));
    }
    let st: Stamp;
    try {
      writeAll(fd, line);
      fs.fdatasyncSync(fd);
      st = stampOf(fs.fstatSync(fd, { bigint: true }));
    } catch (e) {
      try {
        fs.ftruncateSync(fd, this.consumed);
      } catch {
        /* then it is a torn end, dropped by the next change */
      }
      fs.closeSync(fd);
      throw e;
    }
    fs.closeSync(fd);
    this.consumed += line.length;
    this.compaction.appended();
    this.looked = { ...st, size: this.consumed };
    this.doc = commit();
    this.o.onChanged?.(touchedBy(diff));
  }

  /** Many more records than live rows and entries: worth rewriting as a snapshot (./compaction.ts). */
  needsCompaction(): boolean {
    return this.compaction.needed(this.doc);
  }

  /** Under the lock: catch up, then (if still worth it) rewrite the file as header + snapshot. */
  compact(): boolean {
    this.catchUp(true);
    if (!this.needsCompaction()) return false;
    this.writeWhole(this.doc);
    return true;
  }
}
