/**
 * Time measured honestly, end to end in the core over the sandbox: a wall clock and a monotonic clock the test moves
 * apart (time passing moves both; a sleep only the wall clock; a clock set back only the wall clock, backwards).
 * A stop whose end is before its start keeps the timer and says the clock moved; a sleep or a forgotten timer is
 * asked about before anything is logged; starting another job never logs a long-running timer as a side effect; a
 * start over a running timer says what became of it; two starts at once leave one timer and tell the loser; the
 * locked-week question names only its part and the nearest open day; a long-running process notices a jump.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { StopResult, TimerStart } from '../../src/shared/contract';
import { addDays, weekStartOf } from '../../src/shared/time/week';
import { plainDate } from '../../src/shared/words';
import { createClockWatch } from '../../src/core/timer';
import { forbiddenIn } from '../fixtures/forbidden-words';
import { counts, startHarness, someJob, type Harness } from '../fixtures/logging-harness';
import { localTime, TEST_TODAY } from '../fixtures/test-clock';
import { wallClock } from '../fixtures/test-timers';

const MIN = 60_000;
const HOUR = 60 * MIN;

/** The test's clocks: `pass` is time going by, `sleep` the computer asleep, `setBack` the wall clock moved back. */
let wall = localTime(TEST_TODAY, 10);
let mono = 1_000_000;
const clock = { ...wallClock(() => wall), monotonic: () => mono, boot: () => 'boot-of-the-test' };
const pass = (ms: number) => {
  wall += ms;
  mono += ms;
};
const sleep = (ms: number) => {
  wall += ms;
};

let h: Harness;
let job: { jobId: string; jobName: string };
let other: { jobId: string; jobName: string };

beforeEach(async () => {
  wall = localTime(TEST_TODAY, 10);
  mono = 1_000_000;
  h = await startHarness({ clock, start: false });
  job = await someJob(h.client, h.sandbox.demoUser);
  const jobs = await h.client.allJobs({ assignedTo: h.sandbox.demoUser, jobStatus: 'in-progress' });
  other = { jobId: jobs[1].jobId, jobName: jobs[1].jobName };
  await h.logging.handlers.listJobs({ status: 'all' });
  await h.logging.handlers.getCompanySettings({ refresh: true });
});
afterEach(async () => {
  await h?.close();
});

const logsOf = (description: string) =>
  h
    .serviceLogs()
    .filter((l) => l.description === description)
    .map((l) => [l.workDate, l.minutes]);

it('keeps the timer and says the clock moved when the clock is set back before its start, and logs once the real end is given', async () => {
  await h.logging.handlers.startTimer({ ...job, description: 'set back' });
  pass(30 * MIN);
  wall -= HOUR; // an NTP correction, or the user fixing the clock: it now reads 09:30
  const asked = await h.logging.handlers.stopTimer({});
  expect(asked).toMatchObject({ logged: [], needsEnd: { why: 'clock-moved', startedAt: localTime(TEST_TODAY, 10) } });
  expect(asked.notice).toContain("The computer's clock reads 09:30, earlier than the start of the timer");
  expect(asked.notice).toContain('(10:00)');
  expect(forbiddenIn(asked.notice!)).toEqual([]);
  expect((await h.logging.handlers.getTimer({})).running).toBe(true);
  expect(counts(h.sandbox, 'addtimelog')).toBe(0);
  // an end before the start is refused as input; the real end (10:30) logs the half hour once
  await expect(h.logging.handlers.stopTimer({ at: localTime(TEST_TODAY, 9, 50) })).rejects.toThrow(/is not after the timer's start/);
  const stopped = await h.logging.handlers.stopTimer({ at: localTime(TEST_TODAY, 10, 30) });
  expect(stopped.logged.map((l) => [l.log.workDate, l.log.hours])).toEqual([[TEST_TODAY, '00:30']]);
  expect(logsOf('set back')).toEqual([[TEST_TODAY, 30]]);
  expect((await h.logging.handlers.getTimer({})).running).toBe(false);
});

it('logs time that really passed as it is, when the wall clock and the monotonic clock moved alike', async () => {
  await h.logging.handlers.startTimer({ ...job, description: 'worked' });
  pass(2 * HOUR);
  const stopped = await h.logging.handlers.stopTimer({});
  expect(stopped.needsEnd).toBeUndefined();
  expect(stopped.logged.map((l) => l.log.hours)).toEqual(['02:00']);
});

it('asks before logging time the computer slept (the wall clock moved on, the monotonic one did not), then logs what the user says', async () => {
  await h.logging.handlers.startTimer({ ...job, description: 'slept' });
  pass(30 * MIN);
  sleep(3 * HOUR);
  const asked = await h.logging.handlers.stopTimer({});
  expect(asked).toMatchObject({ logged: [], needsEnd: { why: 'long', reasons: ['asleep'], asleepMs: 3 * HOUR } });
  expect(asked.notice).toContain('with 3 h in it when the computer slept or its clock jumped forward');
  expect(counts(h.sandbox, 'addtimelog')).toBe(0);
  expect((await h.logging.handlers.getTimer({})).running).toBe(true);
  // stop at the time the user stopped working: only that is logged
  const stopped = await h.logging.handlers.stopTimer({ at: localTime(TEST_TODAY, 10, 30) });
  expect(stopped.logged.map((l) => l.log.hours)).toEqual(['00:30']);
  expect(logsOf('slept')).toEqual([[TEST_TODAY, 30]]);
});

it('keeps time away once the user said keep: the next stop does not ask about it again', async () => {
  await h.logging.handlers.startTimer({ ...job, description: 'kept away' });
  pass(20 * MIN);
  sleep(HOUR);
  await h.logging.core.onSuspend(localTime(TEST_TODAY, 10, 20), 'suspend');
  expect((await h.logging.handlers.getTimer({})).idlePrompt).toMatchObject({ reason: 'suspend' });
  await h.logging.handlers.resolveIdle({ action: 'keep' });
  pass(10 * MIN);
  const stopped = await h.logging.handlers.stopTimer({});
  expect(stopped.needsEnd).toBeUndefined();
  expect(stopped.logged.map((l) => l.log.hours)).toEqual(['01:30']);
});

it('does not log a 3-day-old timer when another job starts: refused with the choices, then stopped at the time given', async () => {
  const started = localTime(addDays(TEST_TODAY, -3), 9);
  wall = started;
  await h.logging.handlers.startTimer({ ...job, description: 'forgotten' });
  wall = localTime(TEST_TODAY, 10);
  mono += 3 * 24 * HOUR + HOUR;
  const refusal = await h.logging.handlers.startTimer({ ...other, description: 'next' }).then(
    () => undefined,
    (e: { message: string; violations: Array<{ rule: string }> }) => e,
  );
  expect(refusal?.violations).toEqual([expect.objectContaining({ rule: 'timer-long' })]);
  expect(refusal?.message).toContain(`The timer on ${job.jobName} has run since ${plainDate(addDays(TEST_TODAY, -3))} 09:00 (73:00)`);
  expect(refusal?.message).toContain('past your end of day (18:00), over midnight and longer than the company allows in a day');
  expect(refusal?.message).toContain(`${other.jobName} was not started.`);
  expect(counts(h.sandbox, 'addtimelog')).toBe(0);
  expect(await h.logging.handlers.getTimer({})).toMatchObject({ running: true, description: 'forgotten' });

  // "stop at 18:00" that day: 9 hours logged on it, and the next job runs from now
  const switched: TimerStart = await h.logging.handlers.startTimer({
    ...other,
    description: 'next',
    stopPreviousAt: localTime(addDays(TEST_TODAY, -3), 18),
  });
  expect(switched).toMatchObject({ running: true, jobName: other.jobName, description: 'next', startedAt: wall });
  expect(switched.replaced?.words).toBe(`Stopped ${job.jobName}: 09:00 logged on ${plainDate(addDays(TEST_TODAY, -3))}.`);
  expect(logsOf('forgotten')).toEqual([[addDays(TEST_TODAY, -3), 540]]);
});

it('asks before stopping a timer forgotten overnight, and logs all of it only when told', async () => {
  wall = localTime(addDays(TEST_TODAY, -1), 16);
  await h.logging.handlers.startTimer({ ...job, description: 'overnight' });
  pass(18 * HOUR); // 10:00 today
  const asked = await h.logging.handlers.stopTimer({});
  expect(asked.needsEnd).toMatchObject({ why: 'long', reasons: ['end-of-day', 'midnight', 'day-maximum'] });
  expect(asked.needsEnd?.suggestedEnd).toBe(localTime(addDays(TEST_TODAY, -1), 18));
  expect(counts(h.sandbox, 'addtimelog')).toBe(0);
  const all = await h.logging.handlers.stopTimer({ confirmLong: true, confirmOverMax: true });
  // yesterday up to what its maximum still takes, today's 10 hours in full
  expect(all.logged.map((l) => [l.log.workDate, l.log.hours]).at(-1)).toEqual([TEST_TODAY, '10:00']);
  expect(all.logged.every((l) => l.log.workDate >= addDays(TEST_TODAY, -1))).toBe(true);
  expect((await h.logging.handlers.getTimer({})).running).toBe(false);
});

it('says what became of the running timer when another job starts over it', async () => {
  await h.logging.handlers.startTimer({ ...job, description: 'first' });
  pass(2 * MIN);
  const next: TimerStart = await h.logging.handlers.startTimer({ ...other, description: 'second' });
  expect(next).toMatchObject({ running: true, jobName: other.jobName });
  expect(next.replaced).toMatchObject({ jobName: job.jobName, ranMs: 2 * MIN });
  expect(next.replaced?.words).toBe(`Stopped ${job.jobName}: 00:02 logged on ${plainDate(TEST_TODAY)}.`);
  expect(next.replaced?.logged.map((l) => l.log.hours)).toEqual(['00:02']);
  expect(logsOf('first')).toEqual([[TEST_TODAY, 2]]);
});

it('ends two starts at the same moment in two processes with one timer, and tells the loser', async () => {
  const second = await startHarness({ clock, sandbox: h.sandbox, dataDir: h.dataDir, start: false });
  try {
    const results = await Promise.allSettled([
      h.logging.handlers.startTimer({ ...job, description: 'one' }),
      second.logging.handlers.startTimer({ ...other, description: 'two' }),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0].reason).toMatchObject({ name: 'InvalidInputError', violations: [expect.objectContaining({ rule: 'timer-running' })] });
    expect((lost[0].reason as Error).message).toMatch(/^A timer is already running on .+ \(started 10:00, .*this one was not started\.$/);
    const seen = [await h.logging.handlers.getTimer({}), await second.logging.handlers.getTimer({})];
    expect(seen[0].id).toBe(seen[1].id);
    expect(seen[0].description).toBe((won[0] as PromiseFulfilledResult<TimerStart>).value.description);
  } finally {
    await second.close();
  }
});

it('names only the part of a timer that fell in a submitted week, suggests the open day it ran into, and moves only that part', async () => {
  const monday = weekStartOf(TEST_TODAY);
  const sunday = addDays(monday, -1);
  const lastWeek = addDays(monday, -7);
  wall = localTime(sunday, 23, 50);
  await h.logging.handlers.startTimer({ ...job, description: 'over the week line' });
  // submitted on another device while it ran
  const sheet = h.sandbox.state().timesheets.find((t) => t.user === h.sandbox.demoUser && t.fromDate === lastWeek);
  if (sheet) await h.client.modifyTimesheet({ timesheetId: sheet.timesheetId, sendforApproval: true });
  else
    await h.client.createTimesheet({
      user: h.sandbox.demoUser,
      timesheetName: 'last week',
      fromDate: lastWeek,
      toDate: sunday,
      sendforApproval: true,
    });
  wall = localTime(TEST_TODAY, 10);
  const end = localTime(monday, 0, 20);
  const asked: StopResult = await h.logging.handlers.stopTimer({ at: end });
  expect(asked.needsDay).toEqual({ lockedDays: [sunday], openDay: monday });
  expect(asked.notice).toContain(`so 00:10 of the timer's time cannot be logged on ${plainDate(sunday)}.`);
  expect(asked.notice).toContain(`(${plainDate(monday)} is open)`);
  const stopped = await h.logging.handlers.stopTimer({ at: end, logTo: monday });
  expect(stopped.logged.map((l) => [l.log.workDate, l.log.hours])).toEqual([[monday, '00:30']]);
  expect(logsOf('over the week line')).toEqual([[monday, 30]]);
});

it('notices a sleep and a clock set back in a long-running process, and asks about the time away', async () => {
  const notices: string[] = [];
  h.logging.core.on('notice', (n) => notices.push(n.message));
  await h.logging.handlers.startTimer({ ...job, description: 'watched' });
  const gaps: string[] = [];
  const watch = createClockWatch({
    clock,
    interval: false,
    onGap: (g) => {
      gaps.push(g.kind);
      void h.logging.core.onClockGap(g);
    },
  });
  pass(15_000);
  expect(watch.check()).toBeUndefined(); // time passing is no gap
  sleep(9 * HOUR); // 10:00:15 -> 19:00:15, the monotonic clock stood still
  pass(15_000);
  expect(watch.check()).toMatchObject({ kind: 'forward', from: localTime(TEST_TODAY, 10, 0, 15) });
  await expect
    .poll(async () => (await h.logging.handlers.getTimer({})).idlePrompt)
    .toMatchObject({ reason: 'suspend', idleSince: localTime(TEST_TODAY, 10, 0, 15), until: localTime(TEST_TODAY, 19, 0, 30) });
  wall -= 2 * HOUR;
  pass(15_000);
  expect(watch.check()).toMatchObject({ kind: 'back' });
  await expect.poll(() => notices.join('\n')).toContain("The computer's clock was set back 2 h (from 19:00 to 17:00) while the timer on");
  expect(gaps).toEqual(['forward', 'back']);
  watch.stop();
});
