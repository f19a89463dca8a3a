/**
 * Idle, sleep and lock handling of the timer, end to end in the core: `createPunchcard` over a real sandbox (HTTP),
 * a temp data directory, in-memory secrets and an injected clock the test moves (a wake-up hours later is one jump).
 * The shell (src/main/electron/power.ts) calls `onIdle` / `onSuspend`; the user answers with `resolveIdle`.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { StopResult } from '../../src/shared/contract';
import type { Job, TimerView } from '../../src/shared/domain';
import type { Preferences } from '../../src/shared/preferences';
import { memorySecrets } from '../../src/core/account';
import { createPunchcard, type Punchcard } from '../../src/core';
import { startSandbox, type Sandbox } from '../../src/sandbox/index';
import { call } from '../fixtures/core-over-sandbox';
import { tempDir } from '../fixtures/temp-dirs';
import { wallClock } from '../fixtures/test-timers';

const TODAY = '2026-11-19';
/** Local wall-clock time on a day of the sandbox's week (months are 0-based in Date). */
const at = (day: number, h: number, m = 0) => new Date(2026, 10, day, h, m).getTime();

let sandbox: Sandbox;
let now = 0;
const clock = wallClock(() => now);
const cores: Punchcard[] = [];
let job: Job;

// a fresh sandbox per test: the seeded week already holds 7.5-8 of the company's 10 hours on 16-18 Nov, and the
// days' totals must not grow from test to test (the maximum would cut what a test expects logged)
beforeEach(async () => {
  sandbox = await startSandbox({ seed: 1, today: TODAY });
});
afterEach(async () => {
  while (cores.length) await cores.pop()!.close();
  await sandbox.close();
});

async function openCore(dataDir?: string): Promise<{ core: Punchcard; dataDir: string }> {
  const dir = dataDir ?? tempDir('punch-idle-'); // removed when the file ends (test/fixtures/temp-dirs.ts)
  const core = await createPunchcard({
    dataDir: dir,
    secrets: memorySecrets(),
    clock,
    autoSync: false,
    env: { baseUrl: sandbox.url, token: sandbox.demoToken, user: sandbox.demoUser },
  });
  cores.push(core);
  if (!job) job = (await call<Job[]>(core, 'listJobs', {}))[0];
  return { core, dataDir: dir };
}

/** A core with a timer started at `startMs` for `description`, and the given preferences. */
async function running(startMs: number, description: string, prefs: Partial<Preferences> = {}) {
  const { core, dataDir } = await openCore();
  await call(core, 'updatePreferences', prefs);
  now = startMs;
  await call(core, 'startTimer', { jobId: job.jobId, description });
  return { core, dataDir };
}

/** What the service holds for `description` after a sync: [workDate, minutes] pairs. */
async function serviceLogs(core: Punchcard, description: string): Promise<Array<[string, number]>> {
  await call(core, 'syncNow');
  const logs = (sandbox.state() as unknown as { timeLogs: Array<{ user: string; workDate: string; minutes: number; description: string }> })
    .timeLogs;
  return logs
    .filter((l) => l.user === sandbox.demoUser && l.description === description)
    .map((l): [string, number] => [l.workDate, l.minutes])
    .sort();
}

const timerOf = (core: Punchcard) => call<TimerView>(core, 'getTimer');

it('keeps the timer running when the user keeps idle time, and logs the full span at stop', async () => {
  const { core } = await running(at(19, 9), 'idle keep');
  now = at(19, 10, 30);
  core.onIdle(at(19, 9, 40), 'idle');
  // the user came back at 10:30: the question says from when to when
  expect((await timerOf(core)).idlePrompt).toEqual({ idleSince: at(19, 9, 40), reason: 'idle', until: at(19, 10, 30) });

  const kept = await call<TimerView>(core, 'resolveIdle', { action: 'keep' });
  expect(kept).toMatchObject({ running: true, startedAt: at(19, 9) });
  expect(kept.idlePrompt).toBeUndefined();
  now = at(19, 11);
  const stopped = await call<StopResult>(core, 'stopTimer', {});
  expect(stopped.logged.map((l) => l.log.hours)).toEqual(['02:00']);
  expect(await serviceLogs(core, 'idle keep')).toEqual([['2026-11-19', 120]]);
});

it('logs only up to idleSince, rounded by the rule, and stops the timer when the user discards idle time', async () => {
  const { core } = await running(at(19, 13), 'idle discard', { rounding: { mode: 'up', stepMinutes: 15 } });
  now = at(19, 15, 10);
  core.onIdle(at(19, 13, 52), 'idle');
  const after = await call<TimerView>(core, 'resolveIdle', { action: 'discard' });
  expect(after.running).toBe(false);
  expect(after.idlePrompt).toBeUndefined();
  // 52 minutes rounded up to 15 is one hour; the 78 idle minutes are not logged
  expect(await serviceLogs(core, 'idle discard')).toEqual([['2026-11-19', 60]]);
});

it('logs up to idleSince and starts a new timer on the same job at now when the user discards and starts new', async () => {
  const { core } = await running(at(19, 16), 'idle restart');
  now = at(19, 17, 30);
  core.onIdle(at(19, 16, 45), 'lock');
  const after = await call<TimerView>(core, 'resolveIdle', { action: 'discard-and-start-new' });
  expect(after).toMatchObject({ running: true, startedAt: at(19, 17, 30), jobId: job.jobId, description: 'idle restart' });
  expect(after.idlePrompt).toBeUndefined();
  expect(await serviceLogs(core, 'idle restart')).toEqual([['2026-11-19', 45]]);
});

it("logs up to the suspend time with onSuspend 'stop', even when the machine wakes hours later", async () => {
  const { core } = await running(at(19, 8), 'suspend stop', { onSuspend: 'stop' });
  now = at(19, 9, 20);
  core.onSuspend(at(19, 9, 20));
  now = at(19, 15); // the wake-up: the wall clock jumped while the stop was still on its way
  await expect.poll(async () => (await timerOf(core)).running).toBe(false);
  expect(await serviceLogs(core, 'suspend stop')).toEqual([['2026-11-19', 80]]);
});

it("asks on return with reason 'suspend' and idleSince at the suspend time with 'ask', and discard logs up to it", async () => {
  const { core } = await running(at(19, 10), 'suspend ask', { onSuspend: 'ask' });
  now = at(19, 10, 25);
  core.onSuspend(at(19, 10, 25));
  now = at(19, 14);
  await expect.poll(async () => (await timerOf(core)).idlePrompt).toEqual({ idleSince: at(19, 10, 25), reason: 'suspend' });
  expect((await timerOf(core)).running).toBe(true);
  await call(core, 'resolveIdle', { action: 'discard' });
  expect((await timerOf(core)).running).toBe(false);
  expect(await serviceLogs(core, 'suspend ask')).toEqual([['2026-11-19', 25]]);
});

it("asks on return with reason 'lock' when the screen was locked with 'ask'", async () => {
  const { core } = await running(at(19, 11), 'lock ask', { onSuspend: 'ask' });
  now = at(19, 11, 20);
  core.onSuspend(at(19, 11, 20), 'lock');
  now = at(19, 13);
  await expect.poll(async () => (await timerOf(core)).idlePrompt).toEqual({ idleSince: at(19, 11, 20), reason: 'lock' });
  expect((await timerOf(core)).running).toBe(true);
});

it("changes nothing on suspend with 'keep'", async () => {
  const { core } = await running(at(19, 16), 'suspend keep', { onSuspend: 'keep' });
  const before = await timerOf(core);
  now = at(19, 16, 30);
  await core.onSuspend(at(19, 16, 30)); // resolves once the core has answered the sleep (here: by doing nothing)
  now = at(19, 17);
  const after = await timerOf(core);
  expect(after).toMatchObject({ running: true, startedAt: before.startedAt, jobId: job.jobId });
  expect(after.idlePrompt).toBeUndefined();
  expect(await serviceLogs(core, 'suspend keep')).toEqual([]);
});

it("gives one log per local day up to the suspend time for a suspend across midnight with 'stop'", async () => {
  const { core } = await running(at(18, 22, 30), 'suspend midnight', { onSuspend: 'stop' });
  now = at(19, 1, 30);
  core.onSuspend(at(19, 1, 30));
  now = at(19, 8);
  await expect.poll(async () => (await timerOf(core)).running).toBe(false);
  expect(await serviceLogs(core, 'suspend midnight')).toEqual([
    ['2026-11-18', 90],
    ['2026-11-19', 90],
  ]);
});

it('ignores idle while no timer runs, and keeps the earliest idleSince when idle is reported twice', async () => {
  const { core } = await openCore();
  now = at(19, 18);
  core.onIdle(at(19, 17), 'idle');
  expect(await timerOf(core)).toMatchObject({ running: false });
  expect((await timerOf(core)).idlePrompt).toBeUndefined();

  await call(core, 'startTimer', { jobId: job.jobId, description: 'idle twice' });
  now = at(19, 19, 30);
  core.onIdle(at(19, 18, 40), 'idle');
  core.onIdle(at(19, 18, 20), 'lock'); // earlier: it wins
  core.onIdle(at(19, 19), 'suspend'); // later: ignored
  expect((await timerOf(core)).idlePrompt).toEqual({ idleSince: at(19, 18, 20), reason: 'lock' });
  await call(core, 'resolveIdle', { action: 'discard' });
  expect(await serviceLogs(core, 'idle twice')).toEqual([['2026-11-19', 20]]);
});

it('keeps the prompt across a restart of the core, and resolveIdle works after it', async () => {
  const { core, dataDir } = await running(at(19, 9), 'idle restart core');
  now = at(19, 11);
  core.onIdle(at(19, 9, 35), 'idle');
  await core.close();
  cores.splice(cores.indexOf(core), 1);

  const { core: again } = await openCore(dataDir);
  expect(await timerOf(again)).toMatchObject({
    running: true,
    startedAt: at(19, 9),
    idlePrompt: { idleSince: at(19, 9, 35), reason: 'idle' },
  });
  await call(again, 'resolveIdle', { action: 'discard' });
  expect((await timerOf(again)).running).toBe(false);
  expect(await serviceLogs(again, 'idle restart core')).toEqual([['2026-11-19', 35]]);
});

it("stops at the start of the idle time when the machine sleeps with 'stop' while the idle question is unanswered", async () => {
  const { core } = await running(at(19, 9), 'idle then sleep', { onSuspend: 'stop' });
  now = at(19, 10);
  core.onIdle(at(19, 9, 30), 'idle'); // back at 10:00, the question shows, nobody answers
  now = at(19, 10, 45);
  core.onSuspend(at(19, 10, 45));
  now = at(19, 13);
  await expect.poll(async () => (await timerOf(core)).running).toBe(false);
  // the user had been away since 09:30 and never said to keep that time: it is not logged behind their back
  expect(await serviceLogs(core, 'idle then sleep')).toEqual([['2026-11-19', 30]]);
});

/* Two cores on one data directory (the app and `punch`): the timer's writes must not race. */

it('logs a timer once when two cores on one data directory stop it at the same instant', async () => {
  const { core: app, dataDir } = await running(at(19, 8), 'stopped twice');
  const { core: punch } = await openCore(dataDir);
  now = at(19, 8, 40);
  const [a, b] = await Promise.allSettled([call<StopResult>(app, 'stopTimer', {}), call<StopResult>(punch, 'stopTimer', {})]);
  const done = [a, b].filter((r) => r.status === 'fulfilled');
  const refused = [a, b].filter((r) => r.status === 'rejected');
  expect(done).toHaveLength(1);
  expect((done[0] as PromiseFulfilledResult<StopResult>).value.logged.map((l) => l.log.hours)).toEqual(['00:40']);
  expect(String((refused[0] as PromiseRejectedResult).reason)).toMatch(/stopped elsewhere|nothing to stop/);
  expect(await serviceLogs(app, 'stopped twice')).toEqual([['2026-11-19', 40]]);
  expect((await timerOf(punch)).running).toBe(false);
});

it('shows one and the same timer in both cores when two cores on one data directory start at the same instant', async () => {
  const { core: app, dataDir } = await openCore();
  const { core: punch } = await openCore(dataDir);
  now = at(19, 9);
  const results = await Promise.allSettled([
    call<TimerView>(app, 'startTimer', { jobId: job.jobId, description: 'from the app' }),
    call<TimerView>(punch, 'startTimer', { jobId: job.jobId, description: 'from punch' }),
  ]);
  // a start while a timer runs is a switch (the running one is logged first, here under a minute: nothing); a start
  // that finds the other's timer under the timer's lock is refused. Either way both cores end up on ONE timer.
  expect(results.some((r) => r.status === 'fulfilled')).toBe(true);
  for (const r of results) if (r.status === 'rejected') expect(String(r.reason)).toMatch(/already running/);
  const seenByApp = await timerOf(app);
  expect(seenByApp.running).toBe(true);
  expect(['from the app', 'from punch']).toContain(seenByApp.description);
  expect(await timerOf(punch)).toMatchObject({ running: true, startedAt: seenByApp.startedAt, description: seenByApp.description });
  expect(await serviceLogs(app, 'from the app')).toEqual([]);
});

it('keeps the timer running when its week was submitted while it ran, and logs its time to the open day the user picks', async () => {
  const { core } = await openCore();
  now = at(19, 7);
  await call(core, 'logTime', { jobId: job.jobId, workDate: '2026-11-19', hours: '00:30', description: 'before submit' });
  await call(core, 'startTimer', { jobId: job.jobId, description: 'kept time' });
  // the week is submitted while the timer runs: nothing may be logged into it any more
  await call(core, 'submitWeek', { weekStart: '2026-11-16' });
  now = at(19, 8);
  const asked = await call<StopResult>(core, 'stopTimer', {});
  expect(asked).toMatchObject({ logged: [], needsDay: { lockedDays: ['2026-11-19'], openDay: '2026-11-13' } });
  expect(asked.notice).toContain('nothing is lost');
  expect(await timerOf(core)).toMatchObject({ running: true, startedAt: at(19, 7), description: 'kept time' });
  expect(await serviceLogs(core, 'kept time')).toEqual([]);
  const stopped = await call<StopResult>(core, 'stopTimer', { logTo: '2026-11-13' });
  expect(stopped.logged.map((l) => [l.log.workDate, l.log.hours])).toEqual([['2026-11-13', '01:00']]);
  expect((await timerOf(core)).running).toBe(false);
  expect(await serviceLogs(core, 'kept time')).toEqual([['2026-11-13', 60]]);
});
