/**
 * The next turn of a contended lock (./file-lock.ts), so the longest waiter is not starved. Waiters poll the lock at
 * random steps that grow to 50 ms, so a waiter that just came (steps of 1 ms) nearly always beats one that has waited
 * long (steps of up to 50 ms): with 30 processes appending at once on a loaded machine, most changes waited under half
 * a second and a few over 9 s (and in CI, past the 30 s a waiter waits: 2 of 600 changes failed, their hours not
 * recorded). So a waiter that has waited `TURN_AFTER_MS` claims the next turn: `<lock>.next`, created like the lock
 * (`wx`: one claim at a time) holding `{pid, token}`. While a live process's claim is there, the others do not take
 * the lock; the claimant does, then removes its claim, and the next long waiter claims. Under heavy contention the
 * waits are then served about in order, each at most about `TURN_AFTER_MS` plus one hold per claimant ahead.
 *
 * Only fairness hangs on this, never exclusion (that is the lock file's alone): a claim whose pid is dead is removed,
 * and one that its live claimant does not use within `TURN_MAX_MS` (by the waiter's own clock, never a file's time:
 * processes' clocks differ) is passed over, so a stuck claimant delays others by that at most.
 */
import fs from 'node:fs';

/** A waiter that has waited this long claims the next turn. */
export const TURN_AFTER_MS = 500;
/** A claim its claimant has not used for this long (seen by a waiter) no longer holds the others back. */
const TURN_MAX_MS = 2_000;

/** What one waiter saw of another's claim: which (its token) and since when, on the waiter's clock. */
export interface TurnSeen {
  token?: string;
  since?: number;
}

const turnPathOf = (lockPath: string) => `${lockPath}.next`;

/** Claims the next turn; false when another waiter holds it (or the claim cannot be written: no harm, only order). */
export function claimTurn(lockPath: string, token: string): boolean {
  let fd: number;
  try {
    fd = fs.openSync(turnPathOf(lockPath), 'wx', 0o600);
  } catch {
    return false;
  }
  try {
    fs.writeSync(fd, JSON.stringify({ pid: process.pid, token }));
  } catch {
    fs.closeSync(fd);
    releaseTurn(lockPath, undefined);
    return false;
  }
  fs.closeSync(fd);
  return true;
}

/** Removes the claim when it is `token`'s (undefined: whatever it holds). */
export function releaseTurn(lockPath: string, token: string | undefined): void {
  if (token !== undefined && readTurn(lockPath)?.token !== token) return;
  try {
    fs.unlinkSync(turnPathOf(lockPath));
  } catch {
    /* gone */
  }
}

/** Does another live waiter hold the next turn (and not let it pass too long)? Then this one does not take the lock. */
export function turnOfAnother(
  lockPath: string,
  token: string,
  now: () => number,
  seen: TurnSeen,
  pidAlive: (pid: number) => boolean,
): boolean {
  const claim = readTurn(lockPath);
  if (!claim || claim.token === token) return false;
  if (!pidAlive(claim.pid)) {
    releaseTurn(lockPath, claim.token);
    return false;
  }
  if (seen.token !== claim.token || seen.since === undefined) {
    seen.token = claim.token;
    seen.since = now();
  }
  return Math.abs(now() - seen.since) <= TURN_MAX_MS;
}

function readTurn(lockPath: string): { pid: number; token: string } | undefined {
  try {
    const v = JSON.parse(fs.readFileSync(turnPathOf(lockPath), 'utf8')) as { pid?: unknown; token?: unknown };
    return typeof v.pid === 'number' && typeof v.token === 'string' ? { pid: v.pid, token: v.token } : undefined;
  } catch {
    return undefined; // none, or being written (microseconds): no claim to respect
  }
}
