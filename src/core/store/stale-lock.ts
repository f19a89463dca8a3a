/**
 * When a lock of ./file-lock.ts was left behind, and taking it away. A lock is stale when its holder died holding it:
 * its pid is dead, or it is older than `staleMs` (./file-lock.ts says why 2 minutes) and this process saw it held
 * 10 s itself, or it is ours but this process does not hold it (an earlier us).
 *
 * An empty lock file (created, its content not written yet) is judged by how long THIS process has seen that same
 * file empty, on its own clock (across its tries), never by the file's mtime against the clock: the two are different
 * clocks. A test's `punch` runs on a shifted clock (days away from the disk's), a clock may have been set back, a
 * network drive stamps its own time; with mtime, every waiter of such a process that looked between another's create
 * and write took the lock away at once, and two processes changed the rate budget (or the journal) together (a CI
 * run's 429: two took the same last place of a window).
 *
 * The state is this process's, shared with ./file-lock.ts through the functions below: which locks it holds now
 * (`holding`, `notHolding`) and which it found left by a holder that died (`tookFromDead`, the hold's `afterCrash`).
 */
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';

/** An empty lock seen empty this long by one waiter was left by a writer that died between creating and filling it. */
const EMPTY_STALE_MS = 1_000;
/** A live pid's lock old by its own time is taken over only once this process saw it held this long (see below). */
const HELD_STALE_MS = 10_000;

export interface LockContent {
  pid: number;
  at: number;
  token: string;
}

/** Lock files this process holds right now: one with our pid that is not in here was left by an earlier us. */
const held = new Set<string>();
/** Locks this process found left by a holder that died holding them, until it holds the lock itself. */
const leftByDead = new Set<string>();

/** This process holds the lock now (taken). */
export function holding(lockPath: string): void {
  held.add(lockPath);
}

/** This process let the lock go (before releasing it). */
export function notHolding(lockPath: string): void {
  held.delete(lockPath);
}

/** Whether the lock just taken was left by a holder that died holding it; forgotten once asked. */
export function tookFromDead(lockPath: string): boolean {
  return leftByDead.delete(lockPath);
}

/**
 * The lock this process saw and since when, on the waiter's clock: an empty file (`<inode>:<mtime>`) or a live
 * holder's lock (`held:<token>`).
 */
export interface EmptySeen {
  file?: string;
  since?: number;
}

/** What the lock file says, or undefined when it is gone, empty or not a lock. */
export function readLock(lockPath: string): LockContent | undefined {
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
export function breakIfStale(lockPath: string, staleMs: number, now: () => number, empty: EmptySeen): boolean {
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
