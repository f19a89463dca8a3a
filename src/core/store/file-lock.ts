/**
 * An exclusive lock between processes that share a data directory (the app, web mode and `punch` on one outbox).
 * The lock is a file `<target>.lock` created with `fs.openSync(path, 'wx')` (fails when it exists: only one creator
 * wins) holding `{pid, at, token}`. It is released in `finally`, so a thrown error never leaves it behind; only a
 * crash or SIGKILL can, and such a lock is stale: its pid is dead, or it is older than `staleMs` (a pid reused by an
 * unrelated process must not keep the outbox locked forever; taken only once this process saw it held 10 s itself,
 * since that time is the holder's clock). The holder keeps it for one read-modify-write of a
 * small document (milliseconds of CPU), but on a busy machine a live holder may wait for the CPU or the disk for many
 * seconds, and taking its lock away then makes two writers of one file (seen: 8 `punch log` at once at load 20, one
 * found the journal ending in another's half-written record). So `staleMs` is 2 minutes, far above the 30 s a waiter
 * waits: a live holder is waited for and, past the wait, named in the error; never overtaken.
 *
 * When a lock was left behind (its holder died) and how it is taken away: ./stale-lock.ts.
 *
 * Synchronous on purpose: the outbox's changes are synchronous (`ledger.change`), which also means two holders in
 * ONE process can never overlap (JavaScript runs one of them at a time); the lock is for other processes.
 *
 * Waiting is cheap and long. A waiter sleeps (`Atomics.wait` on a SharedArrayBuffer: a synchronous sleep that takes no
 * CPU), in steps that grow from 1 ms to 50 ms, each drawn at random up to its size so that many waiters do not wake
 * together, and gives up only after `waitMs` (30 s) with a clear error. Steps that grow favour a newcomer over a long
 * waiter, so a waiter of half a second claims the next turn and the others leave the lock to it (./lock-turn.ts). The hold is one append (milliseconds of CPU),
 * but with 60 processes starting on two cores a holder may wait its turn for the CPU for a long time: 60 `punch log`
 * started at once made a third of them give up after the old 5 s, and their hours were not recorded.
 */
import { saidOf, type Words } from '../../shared/i18n/said';
import { storeWords } from './store-words';
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { toStorageError } from './storage-error';
import { systemClock } from '../clock';
import { claimTurn, releaseTurn, TURN_AFTER_MS, turnOfAnother, type TurnSeen } from './lock-turn';
import { breakIfStale, holding, notHolding, pidAlive, readLock, tookFromDead, type EmptySeen, type LockContent } from './stale-lock';

export interface FileLockOptions {
  /** A lock of a live pid older than this is taken over (default STALE_MS, 2 min; a dead pid's at once). */
  staleMs?: number;
  /** How long to keep trying before giving up with an error (default 30 s). */
  waitMs?: number;
  /** Injected for tests. */
  now?: () => number;
  /** Injected for tests: [0, 1). */
  random?: () => number;
  /** What the lock guards, for the message of a waiter that gives up (default "The outbox"). */
  what?: string | Words;
}

/** How long a waiter keeps trying by default. */
export const LOCK_WAIT_MS = 30_000;
/** A live pid's lock older than this was left by a crash and its pid reused (the header says why not sooner). */
export const STALE_MS = 120_000;
/** Its steps: from 1 ms, growing by half each time, up to 50 ms; each one drawn at random up to its size (jitter). */
const STEP_MIN_MS = 1;
const STEP_MAX_MS = 50;

/** The sleep before try `attempt + 1` (0-based): "full jitter" over a step that grows from 1 to 50 ms. */
export function lockStepMs(attempt: number, random: () => number = Math.random): number {
  const cap = Math.min(STEP_MAX_MS, STEP_MIN_MS * 1.5 ** attempt);
  return Math.max(STEP_MIN_MS, Math.round(cap * random()));
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** Per lock path, while this process waits for it. */
const emptySeen = new Map<string, EmptySeen>();
/** Another waiter's claim of the next turn, per lock path, as this process saw it (across its tries, as above). */
const turnsSeen = new Map<string, TurnSeen>();

function sleepSync(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms);
}

export function lockPathOf(target: string): string {
  return `${target}.lock`;
}

/** What a holder knows of the hold it was given. */
export interface LockHold {
  /**
   * The lock was left by a holder that died holding it (a crash, SIGKILL, a power cut: its pid is gone, or its lock is
   * stale), seen by this process while it waited: what that holder was writing under it was never finished, so never
   * acknowledged (the outbox journal's torn end, ../journal/file/journal-file.ts).
   */
  afterCrash: boolean;
}

/** Runs `fn` while holding the lock of `target`; always releases it. */
export function withFileLock<T>(target: string, fn: (hold: LockHold) => T, options: FileLockOptions = {}): T {
  const lockPath = lockPathOf(target);
  const token = acquire(lockPath, options);
  holding(lockPath);
  const afterCrash = tookFromDead(lockPath);
  try {
    return fn({ afterCrash });
  } finally {
    notHolding(lockPath);
    release(lockPath, token);
  }
}

function acquire(lockPath: string, options: FileLockOptions): string {
  // the wall clock by default: staleness is judged against the lock file's mtime, which the disk stamps in real time
  const now = options.now ?? systemClock.now;
  const staleMs = options.staleMs ?? STALE_MS;
  const waitMs = options.waitMs ?? LOCK_WAIT_MS;
  const deadline = now() + waitMs;
  const token = randomUUID();
  // kept across this process's tries: the rate budget tries for 1 s at a time, and must still see a left lock go
  const empty = emptySeen.get(lockPath) ?? {};
  emptySeen.set(lockPath, empty);
  // a long waiter claims the next turn, and the others let it have it (./lock-turn.ts: no waiter starved)
  const started = now();
  let myTurn = false;
  const theirs = turnsSeen.get(lockPath) ?? {};
  turnsSeen.set(lockPath, theirs);
  try {
    return acquireInTurn();
  } finally {
    if (myTurn) releaseTurn(lockPath, token);
  }

  function acquireInTurn(): string {
    for (let attempt = 0; ; attempt++) {
      if (!myTurn && turnOfAnother(lockPath, token, now, theirs, pidAlive)) {
        if (now() >= deadline) throw lockedError(lockPath, options, waitMs);
        sleepSync(Math.min(lockStepMs(attempt, options.random), Math.max(1, deadline - now())));
        continue;
      }
      try {
        // owner-only, like every file of the data directory
        const fd = fs.openSync(lockPath, 'wx', 0o600);
        try {
          fs.writeSync(fd, JSON.stringify({ pid: process.pid, at: now(), token } satisfies LockContent));
        } catch (e) {
          // the disk took the file but not its content (full): no empty lock left behind for others to wait on
          fs.closeSync(fd);
          try {
            fs.unlinkSync(lockPath);
          } catch {
            /* gone */
          }
          throw e;
        }
        fs.closeSync(fd);
        emptySeen.delete(lockPath);
        return token;
      } catch (e) {
        // a full or read-only disk is a disk failure, not a lock held by someone
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw toStorageError(e, path.dirname(lockPath));
      }
      if (breakIfStale(lockPath, staleMs, now, empty)) continue;
      if (now() >= deadline) throw lockedError(lockPath, options, waitMs);
      if (!myTurn && Math.abs(now() - started) >= TURN_AFTER_MS) myTurn = claimTurn(lockPath, token);
      // asleep, not spinning: the holder needs a few ms for one write (more when the machine is busy); the waiter whose
      // turn is next looks every millisecond, so it takes the lock as soon as it is free
      const step = myTurn ? STEP_MIN_MS : lockStepMs(attempt, options.random);
      sleepSync(Math.min(step, Math.max(1, deadline - now())));
    }
  }
}

/** The error of a waiter that gives up: what is locked, by which process, and what to do. */
function lockedError(lockPath: string, options: FileLockOptions, waitMs: number): Error {
  const holder = readLock(lockPath);
  const what = options.what === undefined ? undefined : typeof options.what === 'string' ? options.what : { said: saidOf(options.what) };
  const words = storeWords.locked({
    ...(what ? { what } : {}),
    ...(holder ? { pid: holder.pid } : {}),
    waitedMs: waitMs,
    lock: lockPath,
  });
  return Object.assign(new Error(words.message), { said: saidOf(words) });
}

function release(lockPath: string, token: string): void {
  // only our own lock: if it was (wrongly) taken over as stale, the new holder's lock must stay
  if (readLock(lockPath)?.token !== token) return;
  try {
    fs.unlinkSync(lockPath);
  } catch {
    /* already gone */
  }
}
