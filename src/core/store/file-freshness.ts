/**
 * Has another process written a store's file since this process last wrote or read it? The app (or web mode) and
 * `punch` share one data directory, and each keeps the documents it uses in memory. A store write is an atomic
 * rename (conf through `atomically`), so every write makes a new inode: comparing the file's inode, size and mtime
 * with what this process last saw is one stat (about 2 µs), cheap enough to run before every read.
 *
 * Used by the outbox journal (../journal/ledger.ts) and the timer (../timer/timer.ts), so both notice `punch` the same way.
 */
import fs from 'node:fs';
import type { KeyValueStore } from './key-value-store';

export interface FileFreshness {
  /**
   * true when the file differs from the one last seen; it then counts as seen. Call it BEFORE reading the document:
   * a write that lands between the stat and the read shows up as a change on the next call (read again, never missed).
   */
  changed(): boolean;
  /** Call right after this process wrote the file: its own write is not a change by someone else. */
  wrote(): void;
}

export function fileFreshness(store: KeyValueStore): FileFreshness {
  // in-memory stores (unit tests) have no file: nobody else can change them
  const file = store.path.startsWith('memory:') ? undefined : store.path;
  const stampOf = (): string => {
    if (!file) return '';
    try {
      const s = fs.statSync(file, { bigint: true });
      return `${s.ino}:${s.size}:${s.mtimeNs}`;
    } catch {
      return 'missing';
    }
  };
  let seen = stampOf();
  return {
    changed() {
      const now = stampOf();
      if (now === seen) return false;
      seen = now;
      return true;
    },
    wrote() {
      seen = stampOf();
    },
  };
}
