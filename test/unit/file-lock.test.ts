/**
 * The lock file that serialises changes of the outbox between processes (src/core/store/file-lock.ts; when a lock is stale: stale-lock.ts):
 * exclusive, always released, and never stuck behind a process that died holding it.
 * @inner src/core/store/file-lock.ts
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockPathOf, STALE_MS, withFileLock } from '../../src/core/store/file-lock';
import { tempDir } from '../fixtures/logging-harness';

const target = () => path.join(tempDir('punch-lock-'), 'outbox.json');
const writeLock = (file: string, content: object | string) =>
  fs.writeFileSync(lockPathOf(file), typeof content === 'string' ? content : JSON.stringify(content));
/** A pid that surely ran and is gone now. */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid!;

describe('the outbox lock', () => {
  it('holds the lock file while the change runs and removes it afterwards', () => {
    const file = target();
    const seen = withFileLock(file, () => JSON.parse(fs.readFileSync(lockPathOf(file), 'utf8')) as { pid: number });
    expect(seen.pid).toBe(process.pid);
    expect(fs.existsSync(lockPathOf(file))).toBe(false);
  });

  it('releases the lock when the change throws', () => {
    const file = target();
    expect(() =>
      withFileLock(file, () => {
        throw new Error('disk full');
      }),
    ).toThrow('disk full');
    expect(fs.existsSync(lockPathOf(file))).toBe(false);
  });

  it('waits for a live holder and then gives up with a message that says what to do', () => {
    const file = target();
    writeLock(file, { pid: process.ppid, at: Date.now(), token: 'other' });
    const started = Date.now();
    expect(() => withFileLock(file, () => 'never', { waitMs: 150 })).toThrow(
      /locked by another Punchcard process \(pid \d+\).*close the other Punchcard/,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect(JSON.parse(fs.readFileSync(lockPathOf(file), 'utf8'))).toMatchObject({ token: 'other' });
  });

  it('takes over a lock left by a process that died holding it', () => {
    const file = target();
    writeLock(file, { pid: deadPid(), at: Date.now(), token: 'crashed' });
    expect(withFileLock(file, () => 'done', { waitMs: 100 })).toBe('done');
    expect(fs.existsSync(lockPathOf(file))).toBe(false);
  });

  it('takes over a lock older than the stale limit even when its pid is in use again, once it saw it held 10 s', () => {
    const file = target();
    writeLock(file, { pid: process.ppid, at: Date.now() - STALE_MS - 1_000, token: 'reused pid' });
    // the waiter's clock runs a second per look, so its 10 s of watching take no real time
    let t = Date.now();
    const fast = () => (t += 1_000);
    const from = t;
    expect(withFileLock(file, () => 'done', { waitMs: 60_000, now: fast })).toBe('done');
    expect(t - from).toBeGreaterThanOrEqual(10_000);
  });

  it('never takes a live holder’s lock because its time reads days away (a punch on a shifted clock, an app on the real one)', () => {
    const file = target();
    // held right now by a live process whose clock reads 9 days earlier than this one
    writeLock(file, { pid: process.ppid, at: Date.now() - 9 * 24 * 60 * 60_000, token: 'shifted holder' });
    expect(() => withFileLock(file, () => 'two writers', { waitMs: 300 })).toThrow(/locked by another Punchcard process/);
    expect(JSON.parse(fs.readFileSync(lockPathOf(file), 'utf8'))).toMatchObject({ token: 'shifted holder' });
  });

  it('never takes a lock away from a live holder that is slow (a busy machine): the waiter gives up and names it', () => {
    const file = target();
    // held for 40 s so far: longer than any wait, as a holder starved of CPU or disk on a loaded machine can be
    writeLock(file, { pid: process.ppid, at: Date.now() - 40_000, token: 'slow holder' });
    expect(() => withFileLock(file, () => 'two writers', { waitMs: 100 })).toThrow(/locked by another Punchcard process/);
    expect(JSON.parse(fs.readFileSync(lockPathOf(file), 'utf8'))).toMatchObject({ token: 'slow holder' });
  });

  it('takes over an empty lock file (the writer died between creating and filling it) once seen empty for a second', () => {
    const file = target();
    writeLock(file, '');
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(lockPathOf(file), old, old);
    const started = Date.now();
    expect(withFileLock(file, () => 'done', { waitMs: 3_000 })).toBe('done');
    // judged by how long this waiter saw it empty, not by its old mtime
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
  });

  it('takes over an empty lock file left before the clock was set back (its time reads as the future)', () => {
    const file = target();
    writeLock(file, '');
    // made a second ago by the file system's clock; this process's clock was set back a day since
    const dayAgo = () => Date.now() - 24 * 60 * 60_000;
    expect(withFileLock(file, () => 'done', { waitMs: 3_000, now: dayAgo })).toBe('done');
  });

  it('never takes an empty lock being written from its holder because its mtime is far from this clock (a shifted test clock)', () => {
    const file = target();
    // just created by a live holder that has not written its content yet; this process's clock reads 9 days earlier
    // (a test's punch: TEST_CLOCK_OFFSET_MS), so the file's mtime looks 9 days old to it
    writeLock(file, '');
    const shifted = () => Date.now() - 9 * 24 * 60 * 60_000;
    expect(() => withFileLock(file, () => 'two writers', { waitMs: 300, now: shifted })).toThrow(/locked by another Punchcard process/);
    expect(fs.readFileSync(lockPathOf(file), 'utf8')).toBe('');
  });

  it('takes over a left empty lock file when tried in turns shorter than a second (the rate budget tries 1 s at a time)', () => {
    const file = target();
    writeLock(file, '');
    // the waiter's clock moves 50 ms at every reading: each try of 300 ms is a few looks however loaded the machine is
    // (on real time, a busy machine made each try so long that the second passed within two). A count begun anew at
    // every try would never reach the second, and the tries would run out
    let t = Date.now();
    const looks = () => (t += 50);
    let outcome: string | undefined;
    let refused = 0;
    for (let tries = 0; outcome === undefined && tries < 50; tries++) {
      try {
        outcome = withFileLock(file, () => 'done', { waitMs: 300, now: looks });
      } catch {
        refused++;
      }
    }
    expect(outcome).toBe('done');
    // taken in a later try, after tries of its own that each ended before the second was up
    expect(refused).toBeGreaterThanOrEqual(2);
  });

  it('takes over a lock with its own pid that it does not hold (left by an earlier run with the same pid)', () => {
    const file = target();
    writeLock(file, { pid: process.pid, at: Date.now(), token: 'earlier' });
    expect(withFileLock(file, () => 'done', { waitMs: 100 })).toBe('done');
  });
});

describe('the next turn (a long waiter is not starved by newcomers)', () => {
  const writeTurn = (file: string, content: object) => fs.writeFileSync(`${lockPathOf(file)}.next`, JSON.stringify(content));

  it('does not take a free lock while another live waiter holds the next turn', () => {
    const file = target();
    // the parent process (alive) waited long and claimed the next turn; the lock is free for a moment
    writeTurn(file, { pid: process.ppid, token: 'long waiter' });
    expect(() => withFileLock(file, () => 'jumped the queue', { waitMs: 300 })).toThrow(/locked by another Punchcard process/);
    expect(fs.existsSync(lockPathOf(file))).toBe(false);
  });

  it('passes over a turn its live claimant does not take within 2 s, and removes a dead claimant’s at once', () => {
    const file = target();
    writeTurn(file, { pid: process.ppid, token: 'stuck waiter' });
    const started = Date.now();
    expect(withFileLock(file, () => 'done', { waitMs: 5_000 })).toBe('done');
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);

    writeTurn(file, { pid: deadPid(), token: 'crashed waiter' });
    // "at once": not after the 2 s a live claimant is given. Counted on the waiter's own clock, which moves 10 ms at
    // every reading, so a loaded machine's slow looks do not count: a dead claimant respected as a live one would keep
    // this waiter looking until that clock passed 2 s
    let t = Date.now();
    const looks = () => (t += 10);
    const again = t;
    expect(withFileLock(file, () => 'done', { waitMs: 60_000, now: looks })).toBe('done');
    expect(t - again).toBeLessThan(1_000);
    expect(fs.existsSync(`${lockPathOf(file)}.next`)).toBe(false);
  });

  it('claims the next turn after waiting half a second and gives it back once it holds the lock', () => {
    const file = target();
    // a holder that is slow (alive: the parent process); this waiter waits, claims, then the holder goes
    writeLock(file, { pid: process.ppid, at: Date.now(), token: 'slow holder' });
    let claimed: unknown;
    const seen = () => {
      try {
        claimed = JSON.parse(fs.readFileSync(`${lockPathOf(file)}.next`, 'utf8'));
      } catch {
        /* not yet */
      }
      if (claimed && fs.existsSync(lockPathOf(file))) fs.unlinkSync(lockPathOf(file));
      return Date.now();
    };
    expect(withFileLock(file, () => 'done', { waitMs: 3_000, now: seen })).toBe('done');
    expect(claimed).toMatchObject({ pid: process.pid });
    expect(fs.existsSync(`${lockPathOf(file)}.next`)).toBe(false);
  });
});
