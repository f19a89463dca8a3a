/**
 * The timer across processes: the app and `punch` share one data directory, so `punch timer stop` must stop the
 * timer the app started, and the app must see it stopped (a `timer` event) rather than go on showing it running
 * and log its time a second time when the user stops it there. Two logging instances on one data directory (the
 * app with its idle checks; punch without), one sandbox, over HTTP.
 * @inner src/core/root/others-watch.ts (the idle app's look at the data directory, EXTERNAL_CHECK_MS)
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { TimerView } from '../../src/shared/domain';
import { InvalidInputError } from '../../src/core/service';
import { EXTERNAL_CHECK_MS } from '../../src/core/root/others-watch';
import { startHarness, someJob, type Harness } from '../fixtures/logging-harness';
import { TEST_NOW } from '../fixtures/test-clock';
import { testClock, wallClock, type TestClock } from '../fixtures/test-timers';

// both processes read one wall clock, the test's; it starts an hour before Wednesday 10:00 so 30 minutes of timer end
// in the past. The app's timers (its periodic look at the data directory) run when the test moves its clock on, so the
// look is waited for as one period of it, not as seconds of a busy machine's time.
const base = TEST_NOW - 60 * 60_000;
let clock: TestClock;
/** The wall clock moved on by `ms`, as time passing between two commands (no timer of the app's runs for it). */
const later = (ms: number) => clock.set(clock.now() + ms);
let app: Harness;
let punch: Harness;
let job: { jobId: string; jobName: string };

beforeEach(async () => {
  clock = testClock(base);
  app = await startHarness({ clock });
  punch = await startHarness({ sandbox: app.sandbox, dataDir: app.dataDir, clock: wallClock(() => clock.now()), start: false });
  job = await someJob(app.client, app.sandbox.demoUser);
});
afterEach(async () => {
  await punch?.close();
  await app?.close();
});

const timerEvents = (h: Harness) => h.events.filter((e) => e.event === 'timer').map((e) => e.payload as TimerView);

it("stops the app's timer from punch, logs it once, and the app shows it stopped", async () => {
  const started = await app.logging.handlers.startTimer({ ...job, description: 'pairing session' });
  expect(started.running).toBe(true);
  // punch was opened before the app started the timer: it still sees it
  expect(await punch.logging.handlers.getTimer({})).toMatchObject({ running: true, startedAt: started.startedAt, jobId: job.jobId });

  later(30 * 60_000);
  const stopped = await punch.logging.handlers.stopTimer({});
  expect(stopped.logged.map((l) => l.log.hours)).toEqual(['00:30']);
  app.events.length = 0;

  // the app is idle (nobody asks it anything): within one period, its periodic check notices the stop and says so
  await clock.advance(EXTERNAL_CHECK_MS - 1);
  expect(timerEvents(app)).toEqual([]); // not before its look
  await clock.advance(1);
  expect(timerEvents(app).at(-1)?.running).toBe(false);
  expect((await app.logging.handlers.getTimer({})).running).toBe(false);
  // stopping in the app now finds nothing to stop, so the half hour is not logged twice
  await expect(app.logging.handlers.stopTimer({})).rejects.toThrow(InvalidInputError);
  await punch.logging.handlers.syncNow({});
  expect(app.serviceLogs().filter((l) => l.description === 'pairing session')).toHaveLength(1);
  const week = await app.logging.handlers.getWeek({ date: stopped.logged[0].log.workDate });
  expect(week.logs.filter((l) => l.description === 'pairing session')).toHaveLength(1);
});

it('shows in the app a timer punch started, and lets the app stop it', async () => {
  await punch.logging.handlers.startTimer({ ...job, description: 'started from the terminal' });
  const seen = await app.logging.handlers.getTimer({});
  expect(seen).toMatchObject({ running: true, jobId: job.jobId, description: 'started from the terminal' });
  expect(timerEvents(app).at(-1)?.running).toBe(true);

  later(15 * 60_000);
  const stopped = await app.logging.handlers.stopTimer({});
  expect(stopped.logged.map((l) => l.log.hours)).toEqual(['00:15']);
  expect((await punch.logging.handlers.getTimer({})).running).toBe(false);
  await expect(punch.logging.handlers.stopTimer({})).rejects.toThrow(InvalidInputError);
});
