/**
 * Two cores on one data directory (the app or web mode, and `punch log`): every change of the outbox is a
 * read-modify-write of the latest document under a lock file, and the `sending` mark is taken under that lock, so no
 * entry is lost from the ledger and none reaches the service twice. Against the sandbox over HTTP; once with two
 * cores in this process, once with two child processes.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createLedger, type Journal } from '../../src/core/journal';
import { recordAdd } from '../../src/core/outbox';
import { addDays } from '../../src/shared/time/week';
import { startSandbox, type Sandbox } from '../../src/sandbox/index';
import { counts, sandboxSession, someJob, startHarness, tempDir, type Harness } from '../fixtures/logging-harness';
import { runningClock, TEST_TODAY } from '../fixtures/test-clock';

const CHILD = 'test/fixtures/outbox-multiprocess-child.ts';
// compiled once with esbuild and started with plain node (as outbox-crash.test.ts does): npx tsx costs seconds per start
// in this checkout's out/ (its packages resolve from node_modules above it), one per process: node_modules may be
// shared by several checkouts, whose runs would overwrite one another's child mid-test
const BUNDLE = path.resolve(`out/test-children/outbox-multiprocess-child-${process.pid}.mjs`);
const PER_CORE = 20;
/** One clock for both cores and both child processes (they get its offset): the real pace from Wednesday 10:00. */
const clock = runningClock();

let sandbox: Sandbox;
let job: { jobId: string; jobName: string };
/** A recent day with room for 40 five-minute entries under the sandbox's 10:00 per day. */
let day: string;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 11, today: TEST_TODAY });
  await build({
    entryPoints: [CHILD],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile: BUNDLE,
    logLevel: 'warning',
  });
  const { client } = sandboxSession(sandbox.url, sandbox.demoToken, sandbox.demoUser);
  job = await someJob(client, sandbox.demoUser);
});
afterAll(async () => {
  await sandbox?.close();
  fs.rmSync(BUNDLE, { force: true });
});
beforeEach(() => {
  // each test its own day, so the per-day maximum never interferes with what is measured
  const used = new Map<string, number>();
  for (const l of userLogs()) used.set(l.workDate, (used.get(l.workDate) ?? 0) + l.minutes);
  const days = Array.from({ length: 30 }, (_, i) => addDays(TEST_TODAY, -i));
  day = days.find((d) => (used.get(d) ?? 0) === 0) ?? days.sort((a, b) => (used.get(a) ?? 0) - (used.get(b) ?? 0))[0];
  sandbox.fault(null);
  sandbox.resetRequests();
});

function userLogs(): Array<{ timeLogId: string; workDate: string; minutes: number; description: string }> {
  return (
    sandbox.state() as unknown as {
      timeLogs: Array<{ timeLogId: string; user: string; workDate: string; minutes: number; description: string }>;
    }
  ).timeLogs.filter((l) => l.user === sandbox.demoUser);
}

/** Each description exactly once on the service, each in the ledger with the service's id, nothing unfinished. */
function expectExactlyOnce(dataDir: string, descriptions: string[]): void {
  const logs = userLogs();
  for (const d of descriptions)
    expect(
      logs.filter((l) => l.description === d),
      d,
    ).toHaveLength(1);
  const journal = createLedger(dataDir, clock).read();
  const rows = Object.values(journal.rows).filter((r) => descriptions.includes(r.description ?? ''));
  expect(rows).toHaveLength(descriptions.length);
  for (const row of rows) expect(row.timeLogId, row.description).toBe(logs.find((l) => l.description === row.description)?.timeLogId);
  expect(journal.ops.filter((o) => o.state !== 'synced')).toEqual([]);
  expect(fs.existsSync(path.join(dataDir, 'outbox.journal.lock'))).toBe(false);
}

it('keeps all 40 entries of two cores logging in turns on one data directory, each once on the service', async () => {
  const a = await startHarness({ sandbox, clock });
  const b = await startHarness({ sandbox, dataDir: a.dataDir, clock });
  const harnesses: Harness[] = [a, b];
  try {
    for (const h of harnesses) await h.logging.handlers.getCompanySettings({ refresh: true });
    const names: string[] = [];
    for (let i = 0; i < PER_CORE; i++) {
      names.push(`app ${i}`, `cli ${i}`);
      await Promise.all([
        a.logging.handlers.logTime({ ...job, workDate: day, hours: '00:05', billable: true, description: `app ${i}` }),
        b.logging.handlers.logTime({ ...job, workDate: day, hours: '00:05', billable: true, description: `cli ${i}` }),
      ]);
    }
    await Promise.all([a.logging.handlers.syncNow({}), b.logging.handlers.syncNow({})]);
    expectExactlyOnce(a.dataDir, names);
    expect(counts(sandbox, 'addtimelog')).toBe(2 * PER_CORE);
    // each core sees the other's entries in the week
    const week = await a.logging.handlers.getWeek({ date: day });
    expect(week.logs.filter((l) => l.description?.startsWith('cli ')).length).toBe(PER_CORE);
  } finally {
    for (const h of harnesses) await h.close();
  }
});

it('sends each entry of one pre-filled outbox once when two cores sync it at the same time', async () => {
  const dataDir = tempDir();
  const ledger = createLedger(dataDir, clock);
  const names = Array.from({ length: 30 }, (_, i) => `queued ${i}`);
  ledger.change((j: Journal) => {
    for (const d of names) recordAdd(j, { workDate: day, hours: '00:05', ...job, billingStatus: 'Billable', description: d }, clock.now());
  });
  // slow answers: both engines are mid-request most of the time, the window where a double send would happen
  sandbox.fault({ kind: 'delay', ms: 25, match: 'addtimelog' });
  const a = await startHarness({ sandbox, dataDir, start: false, clock });
  const b = await startHarness({ sandbox, dataDir, start: false, clock });
  try {
    const [ra, rb] = await Promise.all([a.logging.handlers.syncNow({}), b.logging.handlers.syncNow({})]);
    expect(ra.sent + rb.sent).toBe(names.length);
    expect(ra.sent).toBeGreaterThan(0);
    expect(rb.sent).toBeGreaterThan(0);
    expect(counts(sandbox, 'addtimelog')).toBe(names.length);
    expectExactlyOnce(dataDir, names);
  } finally {
    await a.close();
    await b.close();
  }
});

function runChild(dataDir: string, tag: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const args = [
      sandbox.url,
      sandbox.demoToken,
      sandbox.demoUser,
      dataDir,
      tag,
      String(PER_CORE),
      day,
      job.jobId,
      job.jobName,
      String(clock.offsetMs()),
    ];
    const child = spawn(process.execPath, [BUNDLE, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`child ${tag} exited ${code}: ${out}`))));
  });
}

it('keeps all 40 entries of two processes logging and syncing at once on one data directory, each once', async () => {
  const dataDir = tempDir();
  sandbox.fault({ kind: 'delay', ms: 10, match: 'addtimelog' });
  const outs = await Promise.all([runChild(dataDir, 'first'), runChild(dataDir, 'second')]);
  for (const out of outs) expect(out).toContain('DONE');
  const names = Array.from({ length: PER_CORE }, (_, i) => [`first ${i}`, `second ${i}`]).flat();
  expectExactlyOnce(dataDir, names);
  expect(counts(sandbox, 'addtimelog')).toBe(2 * PER_CORE);
}, 60_000);
