/**
 * Errors by cause: a disk or permission failure is not bad input. When the data directory refuses a
 * write (the disk is full, the file system is read-only, Punchcard may not write there, the disk failed) the store
 * layer throws a `StorageError` that says which, in plain words. The dispatcher passes it over the bridge under its
 * own name (`StorageError`), `punch` exits with its own code (docs/cli.md), and the status says "disk full" /
 * "read-only" / "cannot write" (`AppStatus.storage`) until a write succeeds again.
 *
 * Usable by any writer of the data directory (the stores, the lock files, the outbox journal): wrap the failing
 * call's error with `toStorageError(e, dir)` and tell the directory's health with `storageHealth(dir)`.
 */
import { saidOf, type Said, type Words } from '../../shared/i18n/said';
import { storeWords } from './store-words';
import fs from 'node:fs';
import type { StorageState } from '../../shared/domain';

export type StorageCause = Exclude<StorageState, 'ok'>;

/** errno codes that mean "the disk, not the input": each with its cause. */
const CAUSES: Record<string, StorageCause> = {
  ENOSPC: 'full',
  EDQUOT: 'full',
  EROFS: 'read-only',
  EACCES: 'denied',
  EPERM: 'denied',
  EIO: 'failed',
};

export class StorageError extends Error {
  override readonly name = 'StorageError' as const;
  /** The message as a code and values (src/shared/i18n/said.ts). */
  readonly said?: Said;
  constructor(
    message: string | Words,
    readonly storage: StorageCause,
    readonly errno: string,
    readonly dir: string,
    options?: { cause?: unknown },
  ) {
    super(typeof message === 'string' ? message : message.message, options);
    if (typeof message !== 'string') this.said = saidOf(message);
  }
}

/** The errno code of a Node file system error, if it is one of the storage causes. */
export function storageCauseOf(e: unknown): StorageCause | undefined {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? CAUSES[code] : undefined;
}

/** The sentence for a cause: what happened and what to do. */
export function storageMessage(cause: StorageCause, dir: string, errno = ''): Words {
  switch (cause) {
    case 'full':
      return storeWords.full(dir);
    case 'read-only':
      return storeWords.readOnly(dir);
    case 'denied':
      return storeWords.denied(dir);
    default:
      return storeWords.failed(dir, errno);
  }
}

/**
 * `e` as a StorageError when it is a disk or permission failure (or already one); otherwise `e` unchanged.
 * `dir`: the folder the write was for (named in the message).
 */
export function toStorageError(e: unknown, dir: string): unknown {
  if (e instanceof StorageError) return e;
  const cause = storageCauseOf(e);
  if (!cause) return e;
  const errno = (e as NodeJS.ErrnoException).code ?? '';
  const err = new StorageError(storageMessage(cause, dir, errno), cause, errno, dir, { cause: e });
  storageHealth(dir).failed(err);
  return err;
}

/** Runs a write; a disk failure comes out as a StorageError, a success tells the directory's health. */
export function writing<T>(dir: string, fn: () => T): T {
  let out: T;
  try {
    out = fn();
  } catch (e) {
    throw toStorageError(e, dir);
  }
  storageHealth(dir).wrote();
  return out;
}

export interface StorageHealth {
  /** The last write failure since the last successful write, if any. */
  failed(e: StorageError): void;
  wrote(): void;
  /** 'ok', or why the last write failed (a read-only or unwritable directory is found before any write). */
  state(): StorageState;
  onChange(listener: (s: StorageState) => void): () => void;
}

const healths = new Map<string, StorageHealth>();

/** One per data directory, shared by every store and writer of it in this process. */
export function storageHealth(dir: string): StorageHealth {
  const key = dir.replace(/[/\\]+$/, '');
  let h = healths.get(key);
  if (!h) {
    h = createHealth(key);
    healths.set(key, h);
  }
  return h;
}

function createHealth(dir: string): StorageHealth {
  let last: StorageCause | undefined;
  const listeners = new Set<(s: StorageState) => void>();
  const tell = (before: StorageState, after: StorageState) => {
    if (before === after) return;
    for (const l of listeners) {
      try {
        l(after);
      } catch {
        /* a listener must not break a write */
      }
    }
  };
  /**
   * Without a failed write in this process: can it write into the directory at all (access), and is there any room
   * left (statfs)? Two system calls, so `punch status` can say "disk full" before anyone tries to log.
   */
  const probe = (): StorageState => {
    try {
      fs.accessSync(dir, fs.constants.W_OK);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return 'ok'; // created on the first write
      return storageCauseOf(e) ?? 'ok';
    }
    try {
      if (fs.statfsSync(dir).bavail === 0) return 'full';
    } catch {
      /* statfs unavailable here: the next write will tell */
    }
    return 'ok';
  };
  const health: StorageHealth = {
    failed(e) {
      const before = health.state();
      last = e.storage;
      tell(before, health.state());
    },
    wrote() {
      if (last === undefined) return;
      const before = health.state();
      last = undefined;
      tell(before, health.state());
    },
    state: () => last ?? probe(),
    onChange(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
  return health;
}
