/**
 * Time away given to another job (issue 27 part 5), in the core over the real sandbox: the span becomes its own log
 * on the job picked, the timer's time up to it is logged on its own job, and the timer starts again from now; once,
 * however often the answer is sent. A span the day's maximum cannot take is refused by the rules and nothing is logged.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { TimerView } from '../../src/shared/domain';
import { startHarness, type Harness } from '../fixtures/logging-harness';
import { localTime, runningClock, TEST_TODAY } from '../fixtures/test-clock';

const MIN = 60_000;
let h: Harness;
let clock: ReturnType<typeof runningClock>;
let mine: { jobId: string; jobName: string };
let other: { jobId: string; jobName: string };

beforeEach(async () => {
  clock = runningClock(localTime(TEST_TODAY, 10));
  h = await startHarness({ clock });
  const jobs = await h.logging.handlers.listJobs({ status: 'in-progress' });
  [mine, other] = jobs.map((j) => ({ jobId: j.jobId, jobName: j.jobName }));
});
afterEach(async () => {
  await h?.close();
});

const onServiceToday = (jobId: string) =>
  h
    .serviceLogs()
    .filter((l) => l.workDate === TEST_TODAY && l.jobId === jobId)
    .map((l) => l.minutes)
    .sort();

it('logs the time away on the other job, the time before it on the timer job, and runs the timer on from now, once', async () => {
  const start = clock.now();
  await h.logging.handlers.startTimer({ jobId: mine.jobId, description: 'own work' });
  clock.skip(90 * MIN);
  h.logging.onIdle(start + 40 * MIN, 'idle'); // away from 10:40, back at 11:30
  const after = (await h.logging.handlers.resolveIdle({ action: 'give-to-job', jobId: other.jobId })) as TimerView;
  expect(after).toMatchObject({ running: true, jobId: mine.jobId, description: 'own work' });
  expect(after.startedAt).toBeGreaterThanOrEqual(start + 90 * MIN);
  expect(after.idlePrompt).toBeUndefined();
  await h.logging.handlers.syncNow({});
  expect(onServiceToday(mine.jobId)).toEqual([40]);
  expect(onServiceToday(other.jobId)).toEqual([50]);

  // the answer sent again (a second window, a double click): nothing more is logged
  await h.logging.handlers.resolveIdle({ action: 'give-to-job', jobId: other.jobId });
  await h.logging.handlers.syncNow({});
  expect(onServiceToday(other.jobId)).toEqual([50]);
  expect(onServiceToday(mine.jobId)).toEqual([40]);
});

it('refuses a span the day cannot take (over the maximum) and logs nothing: the question stays', async () => {
  await h.logging.handlers.logTime({ ...other, workDate: TEST_TODAY, hours: '09:30', description: 'a long day' });
  const { startedAt: start = 0 } = await h.logging.handlers.startTimer({ jobId: mine.jobId });
  clock.skip(60 * MIN);
  h.logging.onIdle(start + 10 * MIN, 'idle');
  await expect(h.logging.handlers.resolveIdle({ action: 'give-to-job', jobId: other.jobId })).rejects.toThrow(/maximum/);
  const timer = (await h.logging.handlers.getTimer({})) as TimerView;
  expect(timer).toMatchObject({ running: true, startedAt: start });
  expect(timer.idlePrompt).toMatchObject({ idleSince: start + 10 * MIN });
  await h.logging.handlers.syncNow({});
  expect(onServiceToday(mine.jobId)).toEqual([]);
  expect(onServiceToday(other.jobId)).toEqual([570]);
});
