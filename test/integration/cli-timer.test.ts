/**
 * `punch timer` as a real process, its clock moved under a running timer (test/fixtures/shifted-date.mjs moves the
 * wall clock and, unless told otherwise, the monotonic one with it): a clock set back, a sleep, a 3-day-old timer
 * when another job starts, a start over a running timer, and two starts at the same moment. Each checked against
 * what the service holds.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { StopResult, TimerStart } from '../../src/shared/contract';
import type { TimerView } from '../../src/shared/domain';
import { addDays } from '../../src/shared/time/week';
import { plainDate } from '../../src/shared/words';
import { TEST_NOW, TEST_TODAY } from '../fixtures/test-clock';
import { tempDir } from '../fixtures/temp-dirs';
import { cliClock, startCliWorld, type CliWorld } from '../fixtures/cli-harness';

const MIN = 60_000;
const HOUR = 60 * MIN;

let w: CliWorld;
let job: { jobId: string; jobName: string };
let other: { jobId: string; jobName: string };
beforeAll(async () => {
  w = await startCliWorld();
  const mine = w.sandbox.state().jobs.filter((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(w.sandbox.demoUser));
  [job, other] = mine.map((j) => ({ jobId: j.jobId, jobName: j.jobName }));
});
afterAll(async () => {
  await w?.close();
});
beforeEach(async () => {
  await w.punch(['timer', 'discard']);
});

/** The test clock `ms` from now, for the wall clock; the monotonic clock moved by `monoMs` (default the same). */
const clockAt = (ms: number, monoMs = ms) => ({
  TEST_CLOCK_OFFSET_MS: String(cliClock.offsetMs() + ms),
  TEST_CLOCK_MONO_OFFSET_MS: String(cliClock.offsetMs() + monoMs),
});
/**
 * The clock held at `ms` from 10:00 on the test day: the child reads exactly that when it starts
 * (test/fixtures/shifted-date.mjs TEST_CLOCK_AT_MS), however long this file has run.
 */
const heldAt = (ms: number) => ({ TEST_CLOCK_AT_MS: String(TEST_NOW + ms) });
const logsOf = (description: string) =>
  w.sandbox
    .state()
    .timeLogs.filter((l) => l.user === w.sandbox.demoUser && l.description === description)
    .map((l) => [l.workDate, l.minutes]);
const timer = async () => (await w.punchJson<TimerView>(['timer', 'status'])).value;

it('keeps the timer when stopped with the clock set back, says so with both times, and logs the end given with --at', async () => {
  const start = await w.punchJson<TimerView>(['timer', 'start', '--job', job.jobId, '--description', 'cli set back'], { env: clockAt(0) });
  expect(start.code).toBe(0);
  const refused = await w.punch(['timer', 'stop'], { env: clockAt(-30 * MIN, 20 * MIN) });
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain("The computer's clock reads 09:30, earlier than the start of the timer");
  expect(refused.stderr).toContain('Run `punch timer stop --at HH:MM` with the time you stopped working (after 10:00)');
  expect((await timer()).running).toBe(true);
  expect(logsOf('cli set back')).toEqual([]);
  const stopped = await w.punchJson<StopResult>(['timer', 'stop', '--at', '10:20'], { env: clockAt(-30 * MIN, 20 * MIN) });
  expect(stopped.code).toBe(0);
  expect(logsOf('cli set back')).toEqual([[TEST_TODAY, 20]]);
});

it('asks before logging time the computer slept, and logs it all with --yes', async () => {
  await w.punch(['timer', 'start', '--job', job.jobId, '--description', 'cli slept'], { env: clockAt(0) });
  const refused = await w.punch(['timer', 'stop'], { env: clockAt(3 * HOUR, 10 * MIN) });
  expect(refused.code).toBe(1);
  // 2 h 50 min, less the real second or two between the two punch processes
  expect(refused.stderr).toMatch(/with 2 (h|hr,) (49|50) min in it when the computer slept or its clock jumped forward/);
  expect(refused.stderr).toContain('`punch timer stop --yes` to log all of it');
  expect(logsOf('cli slept')).toEqual([]);
  const all = await w.punch(['timer', 'stop', '--yes'], { env: clockAt(3 * HOUR, 10 * MIN) });
  expect(all.code).toBe(0);
  expect(all.stdout).toContain(`Logged 03:00 on ${job.jobName}, ${plainDate(TEST_TODAY)}. Synced.`);
  expect(logsOf('cli slept')).toEqual([[TEST_TODAY, 180]]);
});

it('does not log a 3-day-old timer when another job starts: exit 1 with the choices, then --at stops it and starts the job', async () => {
  const threeDays = -3 * 24 * HOUR;
  const day = addDays(TEST_TODAY, -3);
  // held, not running from the file's start: the 08:00 below is 18:00 less a start at 10:00 to the minute (a start
  // that drifted past 10:00:30 under load logged 07:59); the next runs are held 10 s on, so the span reads 72:00
  await w.punch(['timer', 'start', '--job', job.jobId, '--description', 'cli forgotten'], { env: heldAt(threeDays) });
  const before = w.sandbox.state().timeLogs.length;
  const refused = await w.punch(['timer', 'start', '--job', other.jobId, '--description', 'cli next'], { env: heldAt(10_000) });
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain(`The timer on ${job.jobName} has run since ${plainDate(day)} 10:00 (72:00)`);
  expect(refused.stderr).toContain(`${other.jobName} was not started.`);
  expect(refused.stderr).toContain('Run this again with --at HH:MM');
  expect(w.sandbox.state().timeLogs.length).toBe(before);
  expect(await timer()).toMatchObject({ running: true, description: 'cli forgotten' });

  const switched = await w.punchJson<TimerStart>(['timer', 'start', '--job', other.jobId, '--description', 'cli next', '--at', '18:00'], {
    env: heldAt(10_000),
  });
  expect(switched.code).toBe(0);
  expect(switched.value).toMatchObject({ running: true, jobName: other.jobName });
  expect(switched.value.replaced?.words).toBe(`Stopped ${job.jobName}: 08:00 logged on ${plainDate(day)}.`);
  expect(logsOf('cli forgotten')).toEqual([[day, 480]]);
});

it('says a started timer runs, without raw and rounded hours (00:00 at a start); its status says them', async () => {
  const started = await w.punch(['timer', 'start', '--job', job.jobId, '--description', 'cli fresh'], { env: clockAt(0) });
  expect(started.code).toBe(0);
  expect(started.stdout).toContain(`Running on ${job.jobName} since`);
  expect(started.stdout).not.toMatch(/Raw|logged as/);
  const status = await w.punch(['timer', 'status'], { env: clockAt(20 * MIN) });
  expect(status.stdout).toMatch(/^Raw 00:20, logged as \d\d:\d\d \(rounding/m);
});

it('says what became of the running timer when another job starts over it', async () => {
  await w.punch(['timer', 'start', '--job', job.jobId, '--description', 'cli first'], { env: clockAt(HOUR) });
  const human = await w.punch(['timer', 'start', '--job', other.jobId, '--description', 'cli second'], { env: clockAt(HOUR + 2 * MIN) });
  expect(human.code).toBe(0);
  expect(human.stdout.split('\n')[0]).toBe(`Stopped ${job.jobName}: 00:02 logged on ${plainDate(TEST_TODAY)}.`);
  expect(human.stdout).toContain(`Running on ${other.jobName} since`);
  expect(logsOf('cli first')).toEqual([[TEST_TODAY, 2]]);
});

it('ends two punch timer start at the same moment with one timer, and the loser exits 1 saying so', async () => {
  const [a, b] = await Promise.all([
    w.punch(['timer', 'start', '--job', job.jobId, '--description', 'race a'], { env: clockAt(2 * HOUR) }),
    w.punch(['timer', 'start', '--job', other.jobId, '--description', 'race b'], { env: clockAt(2 * HOUR) }),
  ]);
  expect([a.code, b.code].sort()).toEqual([0, 1]);
  const [won, lost] = a.code === 0 ? [a, b] : [b, a];
  expect(lost.stderr).toMatch(/A timer is already running on .+: it runs on, and this one was not started\./);
  expect(won.stdout).toMatch(/^Running on /);
  const t = await timer();
  expect(won.stdout).toContain(`Running on ${t.jobName} since`);
  expect(logsOf('race a').concat(logsOf('race b'))).toEqual([]);
});

it('follows the end of the working day and the zone set with punch config', async () => {
  const dir = tempDir('punch-cli-config-');
  const env = { PUNCH_DATA_DIR: dir };
  // an end of day an hour and a half after the start, on Tokyo's clock (whatever this process's zone)
  const tokyoHour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Tokyo', hour: '2-digit', hourCycle: 'h23' }).format(cliClock.now()),
  );
  const endOfDay = `${String((tokyoHour + 1) % 24).padStart(2, '0')}:30`;
  const set = await w.punchJson<{ endOfDay: string; timeZone: string }>(['config', '--end-of-day', endOfDay, '--time-zone', 'Asia/Tokyo'], {
    env,
  });
  expect(set.value).toMatchObject({ endOfDay, timeZone: 'Asia/Tokyo' });
  const refused = await w.punch(['config', '--time-zone', 'Mars/Olympus'], { env });
  expect(refused.code).toBe(1);
  const started = await w.punchJson<TimerView>(['timer', 'start', '--job', job.jobId, '--description', 'cli config'], {
    env: { ...env, ...clockAt(0) },
  });
  expect(started.value.zone).toBe('Asia/Tokyo');
  const asked = await w.punch(['timer', 'stop'], { env: { ...env, ...clockAt(2 * HOUR) } });
  expect(asked.code).toBe(1);
  expect(asked.stderr).toContain(`past your end of day (${endOfDay})`);
  expect(asked.stderr).toContain('(Asia/Tokyo time)');
  await w.punch(['timer', 'discard'], { env });
});
