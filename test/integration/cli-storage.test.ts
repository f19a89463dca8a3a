/**
 * The data directory on disk: owner-only permissions for everything the core
 * creates, and a disk that refuses writes (full, read-only) reported as a StorageError with its own exit code (6),
 * never as bad input, with the file on disk left as it was.
 *
 * The full and read-only disks are real: a small tmpfs mounted for the test (as root). Where mounting is not allowed
 * those tests are skipped, saying why; the same failure is simulated without root in test/unit/store-factory.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogResult } from '../../src/shared/contract';
import type { AppStatus } from '../../src/shared/domain';
import { memorySecrets } from '../../src/core/account';
import { createPunchcard } from '../../src/core';
import { startSandbox } from '../../src/sandbox';
import { freeDay, startCliWorld, type CliWorld } from '../fixtures/cli-harness';
import { runningClock, TEST_TODAY } from '../fixtures/test-clock';

const EXIT_STORAGE = 6;
const NO_ENV = { PUNCH_BASE_URL: undefined, PUNCH_TOKEN: undefined, PUNCH_USER: undefined };

let w: CliWorld;
const dirs: string[] = [];
const mounts: string[] = [];
beforeAll(async () => {
  w = await startCliWorld();
});
afterAll(async () => {
  for (const m of mounts) {
    try {
      execFileSync('umount', [m]);
    } catch {
      /* already gone */
    }
  }
  await w?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const newDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'punch-storage-'));
  dirs.push(d);
  return d;
};

/** Every folder and file under `dir` (the folder itself included) with its permission bits. */
function modes(dir: string): Array<{ path: string; dir: boolean; mode: number }> {
  const out = [{ path: dir, dir: true, mode: statSync(dir).mode & 0o777 }];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p);
    if (st.isDirectory()) out.push(...modes(p));
    else out.push({ path: p, dir: false, mode: st.mode & 0o777 });
  }
  return out;
}

function expectOwnerOnly(dir: string): void {
  const wrong = modes(dir)
    .filter((m) => m.mode !== (m.dir ? 0o700 : 0o600))
    .map((m) => `${m.path} ${m.mode.toString(8)}`);
  expect(wrong, 'folders 0700, files 0600').toEqual([]);
}

/** A tmpfs of `size` mounted on a fresh folder, or undefined where this process may not mount. */
function tmpfs(size: string): string | undefined {
  const dir = newDir();
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    return undefined;
  }
  mounts.push(dir);
  return dir;
}

const canMount = (() => {
  if (process.getuid?.() !== 0) return false;
  const probe = mkdtempSync(join(tmpdir(), 'punch-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
})();
if (!canMount)
  console.warn('cli-storage: skipping the full-disk and read-only-disk tests: this process may not mount a tmpfs (needs root).');

describe('permissions', () => {
  it('punch log creates the data folder 0700 and every file 0600 (sandbox state, outbox, caches, damaged copies)', async () => {
    const dataDir = join(newDir(), 'Punchcard');
    const env = { ...NO_ENV, PUNCH_DATA_DIR: dataDir };
    // a damaged file too, so damaged/ and its copy and report are checked as well
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, 'weeks.json'), '{"week:');
    const log = await w.punch(['log', '--job-name', 'Backend API', '--hours', '00:30', '--description', 'modes'], { env });
    expect(log.code, log.stderr).toBe(0);
    const names = modes(dataDir).map((m) => m.path.slice(dataDir.length + 1));
    expect(names).toEqual(expect.arrayContaining(['outbox.journal', 'sandbox-state.json', 'catalog.json', 'weeks.json', 'damaged']));
    expectOwnerOnly(dataDir);
  }, 120_000);

  it('createPunchcard (app and web mode) creates everything owner-only, the timer and preferences included', async () => {
    const dataDir = join(newDir(), 'Punchcard');
    const core = await createPunchcard({
      dataDir,
      secrets: memorySecrets(),
      autoSync: false,
      // on the test clock, the demo company's day pinned to it: the log below goes on the test's day, not today's
      clock: runningClock(),
      demoService: () => import('../../src/sandbox'),
      startSandbox: (o) => startSandbox({ ...o, today: TEST_TODAY }),
    });
    try {
      const jobs = await core.handlers.listJobs({});
      await core.handlers.startTimer({ jobId: jobs[0].jobId, jobName: jobs[0].jobName });
      await core.handlers.updatePreferences({ theme: 'dark' });
      await core.handlers.logTime({ jobId: jobs[0].jobId, workDate: TEST_TODAY, hours: '00:15', billable: true });
      await core.handlers.getWeek({ date: TEST_TODAY });
    } finally {
      await core.close();
    }
    const names = modes(dataDir).map((m) => m.path.slice(dataDir.length + 1));
    expect(names).toEqual(
      expect.arrayContaining(['timer.json', 'preferences.json', 'outbox.journal', 'sandbox-state.json', 'catalog.json', 'weeks.json']),
    );
    expectOwnerOnly(dataDir);
  }, 120_000);
});

describe.skipIf(!canMount)('a disk that refuses writes', () => {
  it('a full disk: punch log exits 6 saying the disk is full, the outbox file stays as it was; room again, it logs', async () => {
    const dataDir = tmpfs('256k')!;
    const env = { PUNCH_DATA_DIR: dataDir };
    const day = freeDay(w.sandbox.state(), w.sandbox.demoUser, 120);
    const first = await w.punchJson<LogResult>(
      ['log', '--job-name', 'Backend API', '--date', day, '--hours', '00:30', '--description', 'before the disk filled'],
      { env },
    );
    expect(first.code, first.stderr).toBe(0);
    const outboxBefore = readFileSync(join(dataDir, 'outbox.journal'));
    // fill the disk
    try {
      writeFileSync(join(dataDir, 'filler'), Buffer.alloc(1024 * 1024));
    } catch (e) {
      expect((e as NodeJS.ErrnoException).code).toBe('ENOSPC');
    }

    const full = await w.punch(['log', '--job-name', 'Backend API', '--date', day, '--hours', '00:30', '--description', 'on a full disk'], {
      env,
    });
    expect(full.code).toBe(EXIT_STORAGE);
    expect(full.stderr).toMatch(/^punch: The disk is full: Punchcard could not save to /);
    // said once, with what to do and where to look: the hint does not repeat the message
    expect(full.stderr.match(/Nothing was changed/g)).toHaveLength(1);
    expect(full.stderr).toMatch(/`punch status` shows when the data directory takes writes again\.$/m);
    expect(full.stdout).not.toMatch(/synced|queued/);
    const json = await w.punchJson<{ error: { name: string } }>(['log', '--job-name', 'Backend API', '--date', day, '--hours', '00:30'], {
      env,
    });
    expect(json.code).toBe(EXIT_STORAGE);
    expect(json.value.error.name).toBe('StorageError');
    expect(readFileSync(join(dataDir, 'outbox.journal')).equals(outboxBefore)).toBe(true);
    expect(w.sandbox.state().timeLogs.some((l) => l.description === 'on a full disk')).toBe(false);
    const status = await w.punchJson<AppStatus>(['status'], { env });
    expect(status.value.storage).toBe('full');

    unlinkSync(join(dataDir, 'filler'));
    const again = await w.punch(['log', '--job-name', 'Backend API', '--date', day, '--hours', '00:30', '--description', 'room again'], {
      env,
    });
    expect(again.code, again.stderr).toBe(0);
    expect((await w.punchJson<AppStatus>(['status'], { env })).value.storage).toBe('ok');
  }, 120_000);

  it('a read-only disk: punch log exits 6 saying the disk is read-only; punch status says so', async () => {
    const dataDir = tmpfs('1m')!;
    const env = { PUNCH_DATA_DIR: dataDir };
    const day = freeDay(w.sandbox.state(), w.sandbox.demoUser, 120);
    const first = await w.punch(
      ['log', '--job-name', 'Backend API', '--date', day, '--hours', '00:15', '--description', 'before read-only'],
      { env },
    );
    expect(first.code, first.stderr).toBe(0);
    execFileSync('mount', ['-o', 'remount,ro', dataDir]);
    const ro = await w.punch(
      ['log', '--job-name', 'Backend API', '--date', day, '--hours', '00:15', '--description', 'on a read-only disk'],
      { env },
    );
    expect(ro.code).toBe(EXIT_STORAGE);
    expect(ro.stderr).toMatch(/^punch: The disk is read-only: Punchcard could not save to /);
    expect(w.sandbox.state().timeLogs.some((l) => l.description === 'on a read-only disk')).toBe(false);
    const status = await w.punchJson<AppStatus>(['status'], { env });
    expect(status.value.storage).toBe('read-only');
    expect(status.stderr).toBe('');
    execFileSync('mount', ['-o', 'remount,rw', dataDir]);
  }, 120_000);
});
