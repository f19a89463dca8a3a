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
 * An empty lock file (created, its content not written yet) is judged by how long THIS process has seen that same
 * file empty, on its own clock (across its tries), never by the file's mtime against the clock: the two are different
 * clocks. A test's `punch` runs on a shifted clock (days away from the disk's), a clock may have been set back, a
 * network drive stamps its own time; with mtime, every waiter of such a process that looked between another's create
 * and write took the lock away at once, and two processes changed the rate budget (or the journal) together (a CI
 * run's 429: two took the same last place of a window).
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
/** An empty lock seen empty this long by one waiter was left by a writer that died between creating and filling it. */
const EMPTY_STALE_MS = 1_000;
/** A live pid's lock old by its own time is taken over only once this process saw it held this long (see below). */
const HELD_STALE_MS = 10_000;
/** Its steps: from 1 ms, growing by half each time, up to 50 ms; each one drawn at random up to its size (jitter). */
const STEP_MIN_MS = 1;
const STEP_MAX_MS = 50;

/** The sleep before try `attempt + 1` (0-based): "full jitter" over a step that grows from 1 to 50 ms. */
export function lockStepMs(attempt: number, random: () => number = Math.random): number {
  const cap = Math.min(STEP_MAX_MS, STEP_MIN_MS * 1.5 ** attempt);
  return Math.max(STEP_MIN_MS, Math.round(cap * random()));
}

interface LockContent {
  pid: number;
  at: number;
  token: string;
}

/** Lock files this process holds right now: one with our pid that is not in here was left by an earlier us. */
const held = new Set<string>();
/** Locks this process found left by a holder that died holding them, until it holds the lock itself. */
const leftByDead = new Set<string>();
const sleeper = new Int32Array(new SharedArrayBuffer(4));

/**
 * The lock this process saw and since when, on the waiter's clock: an empty file (`<inode>:<mtime>`) or a live
 * holder's lock (`held:<token>`).
 */
interface EmptySeen {
  file?: string;
  since?: number;
}
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
  held.add(lockPath);
  const afterCrash = leftByDead.delete(lockPath);
  try {
    return fn({ afterCrash });
  } finally {
    held.delete(lockPath);
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

function readLock(lockPath: string): LockContent | undefined {
  try {
    return parse(fs.readFileSync(lockPath, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Is process `pid` running? EPERM means it exists but belongs to someone else. */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes a stale lock away. The lock is renamed to a unique name first (a rename succeeds for one process only), then
 * the renamed content is compared with what was judged stale: if a live holder replaced it in between, it is put
 * back (link fails rather than overwrite when someone else already holds the lock anew).
 */
function breakIfStale(lockPath: string, staleMs: number, now: () => number, empty: EmptySeen): boolean {
  let judged: string;
  let stat: fs.Stats;
  try {
    judged = fs.readFileSync(lockPath, 'utf8');
    stat = fs.statSync(lockPath);
  } catch {
    return true; // released meanwhile: try again at once
  }
  const content = parse(judged);
  // how old, either way: a lock that reads as made in the future was made before the clock was set back (or by a
  // process whose clock differs), and must not look fresh until the clock catches up with it
  const age = (at: number) => Math.abs(now() - at);
  let stale: boolean;
  if (!content) {
    // created but not written yet (or the writer died in between): the writer needs microseconds, so a file this
    // waiter has seen empty for a second was left; a new empty file starts the count again (see the top of the file)
    const file = `${stat.ino}:${stat.mtimeMs}`;
    if (empty.file !== file || empty.since === undefined) {
      empty.file = file;
      empty.since = now();
    }
    stale = age(empty.since) > EMPTY_STALE_MS;
  } else if (content.pid === process.pid) {
    stale = !held.has(lockPath) || age(content.at) > staleMs;
  } else if (!pidAlive(content.pid)) {
    stale = true;
  } else {
    // a live pid's lock older than staleMs by its `at` was left by a crash and the pid reused since. But `at` is the
    // holder's clock, and a test's punch runs on one shifted by days: an app in the test's process and a punch would
    // take each other's live locks at once. So this process must also have seen that same lock held for a while.
    const key = `held:${content.token}`;
    if (empty.file !== key || empty.since === undefined) {
      empty.file = key;
      empty.since = now();
    }
    stale = age(content.at) > staleMs && age(empty.since) > HELD_STALE_MS;
  }
  if (!stale) return false;
  // a holder that wrote its lock and died holding it (not an empty one: that holder had not begun anything)
  if (content) leftByDead.add(lockPath);
  const aside = `${lockPath}.stale-${randomUUID()}`;
  try {
    fs.renameSync(lockPath, aside);
  } catch {
    return true; // another process broke it first
  }
  let taken = '';
  try {
    taken = fs.readFileSync(aside, 'utf8');
  } catch {
    /* unreadable: treat as the stale one */
  }
  if (taken !== judged) {
    try {
      fs.linkSync(aside, lockPath);
    } catch {
      /* a new holder exists already */
    }
  }
  try {
    fs.unlinkSync(aside);
  } catch {
    /* gone */
  }
  return true;
}

function parse(text: string): LockContent | undefined {
  try {
    const v = JSON.parse(text) as Partial<LockContent>;
    return typeof v.pid === 'number' && typeof v.at === 'number' && typeof v.token === 'string' ? (v as LockContent) : undefined;
  } catch {
    return undefined;
  }
}
