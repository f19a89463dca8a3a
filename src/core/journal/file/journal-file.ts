/**
 * The outbox journal file (`outbox.journal` in the data directory) as one process sees it: the ledger and the outbox
 * as an append-only log of checksummed records (../format.ts), so a change costs one small append + fsync
 * however many entries there are, a crash in the middle of an append costs at most that (never acknowledged) record,
 * and a damaged file is kept and recovered from instead of read as empty. docs/outbox.md "The journal file".
 *
 * Reading: a torn end (a last record without its newline: an append cut short) is truncated away under the lock, its
 * bytes kept aside quietly in `damaged/`. Anything else that cannot be read, a whole last record with a bad checksum
 * included, is damage: the file is copied byte for byte (`keepDamaged`, ../../store/damage.ts) BEFORE anything is
 * written, every good record is applied in order (../salvage.ts; the repairs: ./repair.ts), the logs the bad records seem to hold that
 * could not be recovered are offered in the report (to log again or discard), and a fresh journal is written from
 * that. The old `outbox.json` is imported once. Writes happen under the lock only (../../store/file-lock.ts). The
 * reads, appends and cuts of the bytes themselves: ./bytes.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DIR_MODE, keepBytesQuietly, withFileLock } from '../../store';
import { journalDamageWords, outboxFileWords } from '../words';
import { CompactionPolicy, snapshotText } from '../compaction';
import { replaceFile, statOf, sweepTemps, type Stamp } from '../disk';
import { changeRecord, encodeRecord, judge, scan } from '../format';
import { carryIndexes, holdIndexes } from '../indexes';
import { Replay } from '../replay';
import { emptyJournal, type Journal, type JournalDiff } from '../types';
import { JOURNAL_FILE, LEGACY_FILE, touchedBy, WHOLE, type CatchUp, type JournalFileOptions, type JournalHealth } from './options';
import { markMaybeSent, migrate, recover, tornEndOf, type Repairable } from './repair';
import { appendDurably, cutEnd, readGrown, readWhole } from './bytes';

/**
 * The journal file of one data directory, as one process sees it: the document it last read (`doc`), how far it
 * has read (`consumed`), and the file it read it from (inode, size, mtime). Writes happen under the lock only.
 */
export class JournalFile implements Repairable {
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

  constructor(readonly o: JournalFileOptions) {
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

  /** Whether the file was read or written by this process (false: there was none, or it was removed by hand). */
  get found(): boolean {
    return this.looked !== undefined;
  }

  /** Records appended since the file was last written whole (../compaction.ts). */
  get tail(): number {
    return this.compaction.tail;
  }

  locked<T>(fn: () => T): T {
    return withFileLock(
      this.file,
      (hold) => {
        this.holding++;
        this.afterCrash = hold.afterCrash;
        try {
          return fn();
        } finally {
          this.holding--;
          this.afterCrash = false;
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
  /**
   * This hold of the lock took it from a holder that died holding it (../../store/file-lock.ts `LockHold`): a torn
   * end now is that holder's unfinished change, never acknowledged (a kill splits a write at a page boundary of the
   * file: docs/outbox.md "A torn end"), so it is cut quietly, neither offered nor taken for a `sending` mark.
   */
  private afterCrash = false;

  /** Under the lock: leftovers of a compaction killed midway go, the journal is read, the old document imported. */
  private open(): void {
    // under the lock nobody is writing one: any that exists was left by a process that died
    sweepTemps(this.o.dataDir, JOURNAL_FILE);
    this.load(true);
    if (fs.existsSync(this.legacy)) migrate(this);
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
    const grown = readGrown(this.file, this.looked, this.head, this.consumed);
    if (!grown) return this.load(locked);
    const { buf, st } = grown;
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
      // holding a log found nowhere else or a change of one: the whole file is read again and reported (see load)
      const torn = tornEndOf(buf, s, this.doc, this.afterCrash);
      if (torn.damage) return this.load(true);
      this.dropTornTail(this.consumed, torn.marks);
    }
    return replay.changed() ? 'changed' : 'same';
  }

  /** Reads the whole file. Returns 'changed' whenever it read one (a new inode: everything may differ). */
  private load(locked: boolean): CatchUp {
    const whole = readWhole(this.file);
    if (!whole) {
      this.looked = undefined;
      this.consumed = 0;
      return 'same';
    }
    const { bytes, st } = whole;
    const s = scan(bytes);
    const verdict = judge(s, bytes.length, true);
    if (verdict.kind !== 'damaged') {
      const replay = new Replay(emptyJournal(), false);
      const ok = s.good.every((g) => replay.apply(g.record));
      if (ok) {
        this.doc = replay.result();
        const n = replay.notes!;
        holdIndexes(this.doc, n.rowOrder, n.rowsWithIds, n.rowDays, n.counts);
        this.o.onChanged?.(WHOLE);
        this.compaction.read(s.good, true);
        this.consumed = s.goodEnd;
        this.looked = { ...st, size: s.goodEnd };
        this.head = Buffer.from(bytes.subarray(0, s.good[0].end));
        if (verdict.kind === 'torn' && locked) {
          // one that may have been acknowledged before the disk lost it is reported and offered (./repair.ts)
          const torn = tornEndOf(bytes, s, this.doc, this.afterCrash);
          if (torn.damage) recover(this, bytes, s, journalDamageWords({ why: torn.damage }), true);
          else this.dropTornTail(s.goodEnd, torn.marks);
        }
        return 'changed';
      }
    }
    if (!locked) return this.needLock(false, () => this.load(true));
    const reason = verdict.kind === 'damaged' ? journalDamageWords(verdict.reason) : outboxFileWords.compacted();
    recover(this, bytes, s, reason);
    return 'changed';
  }

  /**
   * Under the lock: cuts an append cut short that holds no log found nowhere else (a crash in the middle of a state
   * change: never acknowledged, and the entry it changed is still whole), keeps its bytes aside, and notes it. `marks`:
   * the entries it may have marked `sending` (../torn-end.ts), made maybe sent.
   */
  private dropTornTail(at: number, marks: string[]): void {
    // never acknowledged, so nobody's data: nothing to report, but kept (best effort) rather than thrown away
    this.looked = cutEnd(this.file, at, (cut) => keepBytesQuietly(this.o.dataDir, JOURNAL_FILE, cut, this.o.now()));
    this.consumed = at;
    this.health.tornTails++;
    markMaybeSent(this, marks);
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
   * document `commit()` gives current (../change.ts). A failed write (disk full) cuts what it may have written
   * and throws: `commit` is not called and `doc` stays as it was.
   */
  append(diff: JournalDiff, commit: () => Journal): void {
    if (!this.looked) this.writeWhole(this.doc); // no file yet (or removed by hand): header and what is known first
    const line = Buffer.from(encodeRecord(changeRecord(diff)), 'utf8');
    const st = appendDurably(this.file, this.consumed, line);
    this.consumed += line.length;
    this.compaction.appended();
    this.looked = { ...st, size: this.consumed };
    this.doc = commit();
    this.o.onChanged?.(touchedBy(diff));
  }

  /** Many more records than live rows and entries: worth rewriting as a snapshot (../compaction.ts). */
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
