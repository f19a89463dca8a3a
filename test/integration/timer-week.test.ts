/**
 * The timer knows the week: a start on a submitted or approved week is refused before anything starts, with an open
 * day to use instead; started with that day, the time goes there; a timer whose week is locked while it runs (by a
 * submit on another device) keeps its time until the user picks a day. The core's logging module over the sandbox.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { addDays, weekLabel, weekStartOf } from '../../src/shared/time/week';
import { plainDate } from '../../src/shared/words';
import { forbiddenIn } from '../fixtures/forbidden-words';
import { counts, startHarness, someJob, type Harness } from '../fixtures/logging-harness';
import { runningClock, TEST_TODAY } from '../fixtures/test-clock';

const today = TEST_TODAY;
const lastFriday = addDays(weekStartOf(today), -3);
let h: Harness;
let job: { jobId: string; jobName: string };
let clock = runningClock();

beforeEach(async () => {
  clock = runningClock();
  h = await startHarness({ clock });
  job = await someJob(h.client, h.sandbox.demoUser);
  await h.logging.handlers.listJobs({ status: 'all' });
  await h.logging.handlers.getCompanySettings({ refresh: true });
});
afterEach(async () => {
  await h?.close();
});

/** This week submitted on another device (the service's web page): the app's copy does not know it yet. */
async function submittedElsewhere(): Promise<void> {
  const draft = h.sandbox.state().timesheets.find((t) => t.user === h.sandbox.demoUser && t.fromDate === weekStartOf(today))!;
  await h.client.modifyTimesheet({ timesheetId: draft.timesheetId, sendforApproval: true });
}

it('refuses to start on a submitted week before anything starts, saying so once, with an open day to log to instead', async () => {
  await h.logging.handlers.getWeek({ date: today });
  await submittedElsewhere();
  clock.skip(16_000);
  const refusal = await h.logging.handlers.startTimer({ ...job }).then(
    () => undefined,
    (e: unknown) => e as { name: string; message: string; violations: Array<Record<string, string>> },
  );
  expect(refusal).toMatchObject({ name: 'InvalidInputError', violations: [{ field: 'week', rule: 'locked', openDay: lastFriday }] });
  expect(refusal!.message).toBe(
    `Timer not started: the week of ${weekLabel(weekStartOf(today))} is submitted and waits for approval, so time cannot be logged today. ` +
      `Start it with the time going to an open day (${plainDate(lastFriday)} is open), or log the hours by hand on an open day.`,
  );
  expect((await h.logging.handlers.getTimer({})).running).toBe(false);
  expect(forbiddenIn(refusal!.message)).toEqual([]);

  // started with the open day: it runs, says where its time goes, and logs there
  const started = await h.logging.handlers.startTimer({ ...job, description: 'on a locked week', logTo: lastFriday });
  expect(started).toMatchObject({ running: true, logTo: lastFriday });
  clock.skip(45 * 60_000);
  const stopped = await h.logging.handlers.stopTimer({});
  expect(stopped.logged.map((l) => [l.log.workDate, l.log.hours, l.state])).toEqual([[lastFriday, '00:45', 'synced']]);
  expect(
    h
      .serviceLogs()
      .filter((l) => l.description === 'on a locked week')
      .map((l) => [l.workDate, l.minutes]),
  ).toEqual([[lastFriday, 45]]);
});

it('refuses a day for the time that is itself locked or ahead, naming the date', async () => {
  await submittedElsewhere();
  await expect(h.logging.handlers.startTimer({ ...job, logTo: addDays(today, 1) })).rejects.toMatchObject({
    violations: expect.arrayContaining([expect.objectContaining({ field: 'workDate', rule: 'future' })]),
  });
  await expect(h.logging.handlers.startTimer({ ...job, logTo: addDays(today, -1) })).rejects.toMatchObject({
    violations: [expect.objectContaining({ field: 'workDate', rule: 'locked' })],
  });
  expect((await h.logging.handlers.getTimer({})).running).toBe(false);
});

it('starts as before on an open week, and ignores a day for the time then', async () => {
  const v = await h.logging.handlers.startTimer({ ...job, logTo: lastFriday });
  expect(v.running).toBe(true);
  expect(v.logTo).toBeUndefined();
});

it('keeps a timer whose week was submitted elsewhere while it ran: stop asks for a day, the timer runs on, then logs there', async () => {
  await h.logging.handlers.startTimer({ ...job, description: 'kept' });
  clock.skip(30 * 60_000);
  await submittedElsewhere();
  const asked = await h.logging.handlers.stopTimer({});
  expect(asked).toMatchObject({ logged: [], needsDay: { lockedDays: [today], openDay: lastFriday } });
  expect(asked.notice).toMatch(
    new RegExp(
      `^The week of ${weekLabel(weekStartOf(today))} is submitted and waits for approval, so 00:30 of the timer's time cannot be logged on ${plainDate(today)}\\. .*nothing is lost\\.$`,
    ),
  );
  expect((await h.logging.handlers.getTimer({})).running).toBe(true);
  expect(counts(h.sandbox, 'addtimelog')).toBe(0);
  expect(forbiddenIn(asked.notice!)).toEqual([]);
  // a day that cannot take it is refused as the user's input, and the timer still runs
  await expect(h.logging.handlers.stopTimer({ logTo: addDays(today, -1) })).rejects.toMatchObject({
    violations: [expect.objectContaining({ rule: 'locked' })],
  });
  expect((await h.logging.handlers.getTimer({})).running).toBe(true);
  clock.skip(15 * 60_000);
  const stopped = await h.logging.handlers.stopTimer({ logTo: lastFriday });
  expect(stopped.logged.map((l) => [l.log.workDate, l.log.hours])).toEqual([[lastFriday, '00:45']]);
  expect((await h.logging.handlers.getTimer({})).running).toBe(false);
});

it('does not switch jobs on a timer whose week was locked: the running time must get a day first', async () => {
  await h.logging.handlers.startTimer({ ...job, description: 'first' });
  clock.skip(20 * 60_000);
  await submittedElsewhere();
  await expect(h.logging.handlers.startTimer({ ...job, description: 'second', logTo: lastFriday })).rejects.toMatchObject({
    name: 'InvalidInputError',
    message: expect.stringContaining('Stop the running timer and pick a day first'),
  });
  expect(await h.logging.handlers.getTimer({})).toMatchObject({ running: true, description: 'first' });
});
