/**
 * `punch` answers from the service when it answers (issue 24), as real `punch` processes (the bundle) against the
 * sandbox, on the test clock:
 * - `punch week` right after a log made elsewhere (on the phone: straight to the sandbox over HTTP) shows it, and its
 *   `--json` says when the week was read (`fresh` true means read now, `readAt` when); offline it shows the copy and
 *   says how old it is;
 * - "Last sync" is one record for every process on the data directory: `punch status` shows the sync that `punch log`
 *   made, and the one the app's core made.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { AppStatus, WeekView } from '../../src/shared/domain';
import { memorySecrets } from '../../src/core/account';
import { createPunchcard } from '../../src/core';
import { TEST_TODAY } from '../fixtures/test-clock';
import { cliClock, startCliWorld, type CliWorld } from '../fixtures/cli-harness';

const today = TEST_TODAY;
let w: CliWorld;
let jobId: string;

beforeEach(async () => {
  w = await startCliWorld();
  jobId = w.sandbox.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(w.sandbox.demoUser))!.jobId;
}, 120_000);
afterEach(async () => {
  await w?.close();
});

/** A log made on the phone: the service's own route for changes made elsewhere, over HTTP. */
async function phoneLog(hours: string, description: string): Promise<string> {
  const res = await fetch(`${w.sandbox.url}/__sandbox/elsewhere/log`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ workDate: today, hours, jobId, description }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { timeLogId: string }).timeLogId;
}

it('shows a log made on the phone in `punch week` right after it, read now; offline, the copy and how old it is', async () => {
  const before = await w.punchJson<WeekView>(['week']);
  expect(before.code).toBe(0);
  const id = await phoneLog('01:45', 'on the phone');
  // the next punch, a moment later (the copy on disk is seconds old)
  const after = await w.punchJson<WeekView>(['week']);
  expect(after.value.logs.filter((l) => l.timeLogId === id)).toMatchObject([{ hours: '01:45', elsewhere: true }]);
  expect(after.value.fresh).toBe(true);
  const readAt = Date.parse(after.value.readAt ?? '');
  expect(Math.abs(readAt - cliClock.now())).toBeLessThan(30_000);
  expect(readAt).toBeGreaterThan(Date.parse(before.value.readAt ?? ''));

  // the service cannot be reached: the copy read last, not fresh, and the words say how old it is
  await w.sandbox.setOffline(true);
  cliClock.skip(5 * 60_000);
  const offline = await w.punchJson<WeekView>(['week']);
  expect(offline.value).toMatchObject({ fresh: false, readAt: after.value.readAt });
  expect(offline.value.logs.some((l) => l.timeLogId === id)).toBe(true);
  const human = await w.punch(['week']);
  // the sentence as said, whatever the width it wrapped at
  expect(human.stdout.replace(/\s+/g, ' ')).toMatch(
    /Offline: the service cannot be reached; shown from the copy read from it \w{3} \d{1,2} \w{3} \d\d:\d\d \(5 min ago\)/,
  );
}, 120_000);

it('says the last sync that `punch log` made in `punch status`, in words and in --json', async () => {
  expect((await w.punch(['status'])).stdout).toMatch(/Last sync:\s+never/);
  const logged = await w.punch(['log', '--job', jobId, '--hours', '00:30', '--description', 'synced by punch']);
  expect(logged.code, logged.stderr).toBe(0);
  expect(logged.stdout).toMatch(/^synced/);
  const status = await w.punchJson<AppStatus>(['status']);
  expect(status.value.lastSyncAt, 'a time').toBeTypeOf('number');
  expect(Math.abs(status.value.lastSyncAt! - cliClock.now())).toBeLessThan(30_000);
  expect((await w.punch(['status'])).stdout).not.toMatch(/Last sync:\s+never/);
}, 120_000);

it("says in `punch status` the last sync the app's core made on the same data directory", async () => {
  const app = await createPunchcard({
    dataDir: w.dataDir,
    secrets: memorySecrets(),
    autoSync: false,
    clock: cliClock,
    env: { baseUrl: w.sandbox.url, token: w.sandbox.demoToken, user: w.sandbox.demoUser },
  });
  let syncedAt: number;
  try {
    for (const d of ['one', 'two', 'three']) {
      expect((await app.handlers.logTime({ jobId, workDate: today, hours: '00:15', description: d })).state).toBe('synced');
    }
    syncedAt = app.status().lastSyncAt!;
    expect(Math.abs(syncedAt - cliClock.now()), 'the app synced a moment ago').toBeLessThan(30_000);
  } finally {
    await app.close();
  }
  const status = await w.punchJson<AppStatus>(['status']);
  expect(status.value.lastSyncAt).toBe(syncedAt);
}, 120_000);

it('shows the app what `punch week` read a moment ago (a log made on the phone), with no request of its own', async () => {
  const app = await createPunchcard({
    dataDir: w.dataDir,
    secrets: memorySecrets(),
    clock: cliClock,
    env: { baseUrl: w.sandbox.url, token: w.sandbox.demoToken, user: w.sandbox.demoUser },
  });
  try {
    const pushed: WeekView[] = [];
    app.on('week', (v) => pushed.push(v));
    await app.handlers.getWeek({ date: today });
    const id = await phoneLog('00:45', 'on the phone, seen by punch');
    const reads = () => w.sandbox.requests().filter((r) => r.path.endsWith('/gettimelogs')).length;
    const before = reads();
    expect((await w.punch(['week'])).code).toBe(0);
    expect(reads()).toBe(before + 1);
    // the app looks at the data directory every few seconds: the week punch read reaches its screens
    await expect.poll(() => pushed.some((v) => v.logs.some((l) => l.timeLogId === id)), { timeout: 10_000 }).toBe(true);
    expect(reads()).toBe(before + 1);
  } finally {
    await app.close();
  }
}, 120_000);
