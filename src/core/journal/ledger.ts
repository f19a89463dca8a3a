/**
 * The local ledger (every log the user made on this device) and the outbox (what still has to reach the service) live
 * in ONE journal: the file `outbox.journal` in the data directory (./file/), append-only, one checksummed
 * record per change. A change is on disk (appended and fsynced) before the call that made it returns, and the ledger
 * and the outbox change in the same record, so after a crash they can never disagree.
 *
 * Several processes may share the journal (the app or web mode, and `punch log` on the same data directory): every
 * change runs under an exclusive lock file (../store/file-lock.ts) on the LATEST state: first the records other
 * processes appended since this process last read are applied (from where it stopped; the whole file again when it
 * was replaced by a compaction), then `fn` runs on a copy-on-write draft (./draft/proxy.ts), then what it changed is
 * appended as one record, fsynced, and only then made current. `read()` is one stat when nothing changed.
 *
 * This file is the journal's API: the document's persistence. The document's shapes are in ./types.ts; the pure rules
 * that change it (entries, outcomes, user resolutions) are the outbox's (../outbox/operations.ts); the read-only
 * questions the rest of the core asks of it are ../outbox/ledger-queries.ts. Who wants to hear of another process's
 * change or of damage found while running subscribes (`onExternalChange`, `onDamage`): the journal calls nobody above
 * it by name. Tests run it too, in a temporary directory: there is no in-memory ledger (one once let the unit tests
 * of the outbox and sync pass on a document production never used).
 */
import path from 'node:path';
import type { Clock, TimerHandle } from '../context';
import { CLOSED_MESSAGE, closedError, type KeyValueStore, type FileLockOptions, type DamageReport } from '../store';
import { emptyDiff, draftChange } from './change';
import { rowsOn } from './indexes';
import { JournalFile, type JournalHealth } from './file';
import type { Journal, JournalTouched, LedgerRow } from './types';

export interface Ledger {
  /**
   * The current document, re-read if another process changed it (read-only: change it only through `change`). Keep
   * what you need of it (a row, an entry), not the document, across a change: its rows map is the ledger's own
   * and follows the changes made in this process (rows themselves are replaced, never changed).
   */
  read(): Readonly<Journal>;
  /** The rows of one day, by the ledger's index (inside a change: `rowsOn(draft, workDate)`). */
  rowsOn(workDate: string): LedgerRow[];
  /**
   * Under the lock: applies `fn` to a copy-on-write draft of the latest document on disk, appends what it changed
   * (one record, fsynced) and only then makes it current. `fn` runs synchronously and may throw to change nothing;
   * a failed write (disk full) throws too and leaves the document as the disk has it.
   */
  change<T>(fn: (draft: Journal) => T): T;
  /**
   * No write after this (the owner is closing, and its data directory may be removed): `change` throws before it
   * takes the lock, no compaction runs, and changes by other processes are no longer announced. `read` still works.
   */
  close(): void;
  /** What was found wrong with the file since it was opened: damage kept aside and recovered, torn appends dropped. */
  health(): LedgerHealth;
  /**
   * Another process changed the document: `listener` is called after the fact, outside the lock (a microtask after
   * the read that noticed it). Returns the function that stops listening.
   */
  onExternalChange(listener: (before: Readonly<Journal>, after: Readonly<Journal>) => void): () => void;
  /**
   * Every new current document this process sees, its own changes and the ones of other processes it caught up with:
   * what it touched, by id (`whole` when the file was read again whole). Called synchronously, right after the
   * document became current (inside the lock for a change made here): the listener notes ids and returns; it must not
   * change the ledger. The change feed's delta is made of these (../change-feed.ts). Returns the function that stops
   * listening.
   */
  onChange(listener: (touched: JournalTouched) => void): () => void;
  /**
   * The journal was found damaged while running (it was kept aside and recovered from). Damage found when the ledger
   * is created is in `health().damage` instead (nobody listens yet). Returns the function that stops listening.
   */
  onDamage(listener: (report: DamageReport) => void): () => void;
  clock: Clock;
}

export type LedgerHealth = JournalHealth | { file?: undefined; damage: DamageReport[]; tornTails: number; migratedTo?: undefined };

/** What `change` throws once the ledger is closed (the same words as the other stores': ../store/closing.ts). */
export { CLOSED_MESSAGE };

/** How long after a change the background compaction runs (when the journal needs one). */
export const COMPACT_DELAY_MS = 200;

export interface LedgerOptions {
  lock?: FileLockOptions;
  /** Tests and benchmarks: compaction from this many records on (default COMPACT_MIN_RECORDS), this long after a change. */
  compaction?: { minRecords?: number; delayMs?: number };
}

/**
 * The ledger of a data directory (the journal `outbox.journal` in it, created on the first change; an old
 * `outbox.json` is imported once). A store whose path is a file stands for its directory (the store itself is not
 * used); an in-memory store has no directory and is refused.
 */
export function createLedger(where: KeyValueStore | string, clock: Clock, options: LedgerOptions = {}): Ledger {
  if (typeof where === 'string') return journalLedger(where, clock, options);
  if (where.path.startsWith('memory:')) throw new Error(`The ledger is a journal on disk: pass a data directory, not ${where.path}.`);
  return journalLedger(path.dirname(where.path), clock, options);
}

function journalLedger(dataDir: string, clock: Clock, options: LedgerOptions): Ledger {
  let opened = false;
  let closed = false;
  const externalListeners = new Set<(before: Readonly<Journal>, after: Readonly<Journal>) => void>();
  const damageListeners = new Set<(report: DamageReport) => void>();
  const changeListeners = new Set<(touched: JournalTouched) => void>();
  const listen = <L>(set: Set<L>, listener: L) => {
    set.add(listener);
    return () => void set.delete(listener);
  };
  const file = new JournalFile({
    dataDir,
    now: () => clock.now(),
    lock: options.lock,
    compactMinRecords: options.compaction?.minRecords,
    onDamage: (r) => {
      if (opened && !closed) for (const l of damageListeners) l(r);
    },
    onChanged: (t) => {
      for (const l of changeListeners) l(t);
    },
  });
  opened = true;
  let compaction: TimerHandle | undefined;

  /** Catches up with the file; announces another process's changes (outside the lock and the caller's work). */
  function refresh(locked: boolean): void {
    const before = file.doc;
    if (file.catchUp(locked) === 'same' || file.doc === before) return;
    const after = file.doc;
    // the listeners are looked up when it is said, so one subscribed right after the ledger was made hears a change
    // its first reads noticed
    if (!closed)
      queueMicrotask(() => {
        if (!closed) for (const l of externalListeners) l(before, after);
      });
  }

  /**
   * Off the hot path: a timer of the clock after the change that made the journal worth compacting (unref'd: never
   * keeps a process up; a test advances its clock past COMPACT_DELAY_MS instead of waiting it out).
   */
  function scheduleCompaction(): void {
    if (closed || compaction || !file.needsCompaction()) return;
    compaction = clock.setTimeout(() => {
      compaction = undefined;
      if (closed) return;
      try {
        file.locked(() => {
          refresh(true);
          if (file.needsCompaction()) file.writeWhole(file.doc);
        });
      } catch {
        /* disk full, lock busy: the journal stays as it is (valid), and the next change tries again */
      }
    }, options.compaction?.delayMs ?? COMPACT_DELAY_MS);
    compaction.unref?.();
  }
  scheduleCompaction();

  const read = () => {
    refresh(false);
    return file.doc;
  };
  return {
    clock,
    read,
    rowsOn: (workDate) => rowsOn(read(), workDate),
    change(fn) {
      // before the lock: taking it creates and removes a file in the data directory
      if (closed) throw closedError();
      const out = file.locked(() => {
        refresh(true); // the latest state on disk, not this process's copy
        const { out: result, diff, commit } = draftChange(file.doc, fn);
        if (!emptyDiff(diff)) file.append(diff, commit); // appended and fsynced, then current
        return result;
      });
      scheduleCompaction();
      return out;
    },
    close() {
      closed = true;
      file.readOnly = true;
      clock.clearTimeout(compaction);
      compaction = undefined;
    },
    health: () => file.health,
    onExternalChange: (listener) => listen(externalListeners, listener),
    onDamage: (listener) => listen(damageListeners, listener),
    onChange: (listener) => listen(changeListeners, listener),
  };
}
