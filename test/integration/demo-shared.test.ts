/**
 * One demo company per data directory, whichever processes use it: the running app (a real core in this process, on
 * the built-in demo) and `punch log` run six times beside it (real child processes, three one after another and three
 * at the same moment, with the app logging in between and meanwhile). Each process runs its own demo service over the
 * same `sandbox-state.json`; every change is made under the file's lock on its latest state (src/sandbox/store.ts).
 * Afterwards the demo company holds every log that was answered "synced", each exactly once, and no time log id was
 * given to two logs. Before, each process wrote its own copy whole and the last writer won (2 of 6 kept).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { memorySecrets } from '../../src/core/account';
import { withFileLock } from '../../src/core/store';
import { createPunchcard, type Punchcard } from '../../src/core';
import { startSandbox } from '../../src/sandbox';
import type { Sandbox, SandboxState } from '../../src/sandbox';
import type { LogResult } from '../../src/shared/contract';
import { call, demoService } from '../fixtures/core-over-sandbox';
import { removeDir, tempDir } from '../fixtures/temp-dirs';
import { TEST_TODAY } from '../fixtures/test-clock';
import { cliClock, freeDay, runPunch } from '../fixtures/cli-harness';

const MAYA = 'maya.patel@demo.punchcard.test';
let dataDir: string;
let app: Punchcard;
/** The app's own demo service (captured: the test asks it what it serves). */
let appDemo: Sandbox;

beforeAll(async () => {
  dataDir = tempDir('punch-demo-shared-');
  app = await createPunchcard({
    dataDir,
    secrets: memorySecrets(),
    clock: cliClock,
    demoService,
    startSandbox: async (o) => (appDemo = await startSandbox({ ...o, today: TEST_TODAY })),
  });
});
afterAll(async () => {
  await app?.close();
  removeDir(dataDir);
});

const saved = () => JSON.parse(readFileSync(join(dataDir, 'sandbox-state.json'), 'utf8')) as SandboxState;

/** `punch log` on the demo (no service address, no token: the built-in demo company of this data directory). */
async function punchLog(job: string, day: string, description: string): Promise<LogResult> {
  const run = await runPunch(['log', '--job', job, '--date', day, '--hours', '00:10', '--description', description, '--json'], {
    PUNCH_DATA_DIR: dataDir,
    XDG_CONFIG_HOME: join(dataDir, 'xdg'),
    TEST_CLOCK_OFFSET_MS: String(cliClock.offsetMs()),
  });
  expect(run.code, `${description}: ${run.stderr}`).toBe(0);
  return JSON.parse(run.stdout) as LogResult;
}

it('keeps every log `punch` was told is synced beside the running app, each once, with distinct ids', async () => {
  // the app starts its demo service (and seeds the company) before any punch
  await call(app, 'listJobs');
  const before = saved();
  const job = before.jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(MAYA))!;
  // room for the 11 logs of ten minutes under the company's daily maximum
  const day = freeDay(before, MAYA, 11 * 10);
  const appLog = (description: string) => call<LogResult>(app, 'logTime', { jobId: job.jobId, workDate: day, hours: '00:10', description });

  const told: Array<{ description: string; state: string }> = [];
  for (let i = 1; i <= 3; i++) {
    told.push({ description: `punch ${i}`, state: (await punchLog(job.jobId, day, `punch ${i}`)).state });
    // the app changes the demo company after each punch: with a stale copy it would write punch's log away
    told.push({ description: `app ${i}`, state: (await appLog(`app ${i}`)).state });
  }
  const together = await Promise.all([
    ...[4, 5, 6].map(async (i) => ({ description: `punch ${i}`, state: (await punchLog(job.jobId, day, `punch ${i}`)).state })),
    ...[4, 5].map(async (i) => ({ description: `app ${i}`, state: (await appLog(`app ${i}`)).state })),
  ]);
  told.push(...together);
  await call(app, 'syncNow');

  // A punch answers "queued" when the app's sync engine took its entry first (they share the outbox): the app then
  // sends it through its own demo service. Those answered "synced" went through punch's own demo service, the ones
  // the last writer used to lose.
  const syncedByPunch = told.filter((t) => t.state === 'synced' && t.description.startsWith('punch'));
  expect(syncedByPunch.length).toBeGreaterThan(0);
  const after = saved();
  const ours = after.timeLogs.filter((l) => l.workDate === day && /^(punch|app) \d$/.test(l.description));
  // every log answered "synced" is there once; after the app's sync, every other one too
  for (const { description } of told) {
    expect(
      ours.filter((l) => l.description === description),
      description,
    ).toHaveLength(1);
  }
  // no id was given to two logs, of this test or of the seeded company
  const ids = after.timeLogs.map((l) => l.timeLogId);
  expect(new Set(ids).size).toBe(ids.length);
  expect(after.timeLogs.length).toBe(before.timeLogs.length + told.length);
  // what was there before is still there
  for (const l of before.timeLogs)
    expect(
      after.timeLogs.find((x) => x.timeLogId === l.timeLogId),
      l.timeLogId,
    ).toBeDefined();

  // and the app's own demo service serves them: it reads what the punch processes wrote
  const served = appDemo
    .state()
    .timeLogs.filter((l) => /^punch \d$/.test(l.description))
    .map((l) => l.description)
    .sort();
  expect(served).toEqual(['punch 1', 'punch 2', 'punch 3', 'punch 4', 'punch 5', 'punch 6']);
}, 240_000);

it('two demo services started at once on one file seed one company, and their changes interleave without loss', async () => {
  const dir = tempDir('punch-demo-two-');
  const file = join(dir, 'sandbox-state.json');
  const stateLock = <T>(fn: () => T): T => withFileLock(file, fn);
  const [a, b] = await Promise.all([0, 1].map(() => startSandbox({ embedded: true, persistPath: file, stateLock, today: TEST_TODAY })));
  try {
    // one seeding: the second read the first's file instead of seeding over it
    expect(b.state()).toEqual(a.state());
    const job = a.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(MAYA))!;
    const day = freeDay(a.state(), MAYA, 20 * 5);
    const add = (sb: Sandbox, i: number) =>
      fetch(`${sb.url}/api/timetracker/addtimelog`, {
        method: 'POST',
        headers: { authorization: `Zoho-oauthtoken ${sb.demoToken}` },
        body: new URLSearchParams({ user: MAYA, workDate: day, jobId: job.jobId, hours: '00:05', description: `turn ${i}` }),
      }).then(async (r) => ({
        status: r.status,
        id: ((await r.json()) as { result?: Array<{ timeLogId: string }> }).result?.[0]?.timeLogId,
      }));
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => add(i % 2 ? b : a, i)));
    expect(answers.map((x) => x.status)).toEqual(Array(20).fill(200));
    const ids = answers.map((x) => x.id);
    expect(new Set(ids).size).toBe(20);
    for (const sb of [a, b]) {
      const turns = sb.state().timeLogs.filter((l) => l.description.startsWith('turn '));
      expect(turns.map((l) => l.timeLogId).sort()).toEqual([...ids].sort());
    }
  } finally {
    await a.close();
    await b.close();
    removeDir(dir);
  }
});
