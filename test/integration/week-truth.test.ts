/**
 * One day, one truth: the week is the service's list of the user's time logs (gettimelogs) merged with the outbox,
 * each log once, and every rule is checked on that merged day. Logs are made "elsewhere" (the service's web page or
 * phone app) with the sandbox's `elsewhere`, straight into its data: they are in no timesheet, so only the list shows
 * them. The current week has no timesheet here (the seeded draft is deleted first), its usual state. The core's
 * logging module against the sandbox over HTTP, on the test clock.
 */
import { afterEach, expect, it } from 'vitest';
import type { SandboxOptions } from '../../src/sandbox/index';
import { toHhmm } from '../../src/shared/time/hours';
import { plainDate } from '../../src/shared/words';
import { weekStartOf } from '../../src/shared/time/week';
import { seededWeek } from '../fixtures/demo-week';
import { counts, startHarness, someJob, type Harness } from '../fixtures/logging-harness';
import { runningClock, TEST_TODAY } from '../fixtures/test-clock';

const today = TEST_TODAY;
const MAX = 10 * 60; // the demo company's maximum per day (src/sandbox/seed/company.ts)
let h: Harness;
let job: { jobId: string; jobName: string };
let clock = runningClock();

/** A harness whose current week has no timesheet (the seeded draft deleted: its logs stay, in no timesheet). */
async function draftWeekWithoutTimesheet(sandboxOptions: SandboxOptions = {}): Promise<void> {
  clock = runningClock();
  h = await startHarness({ clock, sandboxOptions });
  job = await someJob(h.client, h.sandbox.demoUser);
  const draft = seededWeek(h.sandbox, weekStartOf(today)).draft;
  if (draft) await h.client.deleteTimesheet(draft.timesheetId);
  await h.logging.handlers.listJobs({ status: 'all' });
  await h.logging.handlers.getCompanySettings({ refresh: true });
  h.sandbox.resetRequests();
}
afterEach(async () => {
  await h?.close();
});

const entry = (hours: string, description: string, workDate = today) => ({ ...job, workDate, hours, billable: true, description });
const minutesOn = (w: { days: Array<{ date: string; totalMinutes: number }> }, date: string) =>
  w.days.find((d) => d.date === date)!.totalMinutes;

it('shows a log made elsewhere in a week with no timesheet, and counts it against the daily maximum before anything is queued', async () => {
  await draftWeekWithoutTimesheet();
  const { timeLogId } = h.sandbox.elsewhere.log({ workDate: today, hours: '09:30', jobId: job.jobId, description: 'on the phone' });
  const week = await h.logging.handlers.getWeek({ date: today });
  expect(week.timesheet).toBeUndefined();
  expect(week.logs.filter((l) => l.timeLogId === timeLogId)).toMatchObject([
    { hours: '09:30', source: 'service', elsewhere: true, sync: 'synced', description: 'on the phone' },
  ]);
  expect(minutesOn(week, today)).toBe(570);
  expect(week.onlyTimesheetLogs).toBeUndefined();

  // the form's live check, then the log itself: refused here, nothing queued, nothing sent
  const over = entry('01:00', 'one hour too many');
  const expected = `Hours: ${plainDate(today)} would have 10:30, over your company's maximum of 10:00 a day. Log at most 00:30 more that day.`;
  expect(await h.logging.handlers.checkLog(over)).toMatchObject([{ rule: 'max-per-day', message: expected }]);
  await expect(h.logging.handlers.logTime(over)).rejects.toMatchObject({
    name: 'InvalidInputError',
    message: expect.stringContaining(expected),
  });
  expect(await h.logging.handlers.getOutbox({})).toEqual([]);
  expect(counts(h.sandbox, 'addtimelog')).toBe(0);

  // what fits goes through, and the day then holds both, each once
  expect((await h.logging.handlers.logTime(entry('00:30', 'what fits'))).state).toBe('synced');
  const after = await h.logging.handlers.getWeek({ date: today });
  expect(minutesOn(after, today)).toBe(MAX);
  expect(
    after.logs
      .filter((l) => l.workDate === today)
      .map((l) => [l.hours, l.elsewhere ?? false])
      .sort(),
  ).toEqual([
    ['00:30', false],
    ['09:30', true],
  ]);
});

it('reads the day again before checking a log when its copy is older than a few seconds, so a log made on the phone meanwhile counts', async () => {
  await draftWeekWithoutTimesheet();
  expect(minutesOn(await h.logging.handlers.getWeek({ date: today }), today)).toBe(0);
  h.sandbox.elsewhere.log({ workDate: today, hours: '09:00', jobId: job.jobId, description: 'on the web page' });
  clock.skip(16_000);
  await expect(h.logging.handlers.logTime(entry('01:30', 'too much now'))).rejects.toMatchObject({
    violations: [expect.objectContaining({ rule: 'max-per-day' })],
  });
  expect(counts(h.sandbox, 'addtimelog')).toBe(0);
  // the screen's copy is kept a minute; the check's read refreshed it, so the week shows the phone's log now
  expect(minutesOn(await h.logging.handlers.getWeek({ date: today }), today)).toBe(540);
});

it('shows a week changed on another device when it is opened after the minute, and not before', async () => {
  await draftWeekWithoutTimesheet();
  await h.logging.handlers.getWeek({ date: today });
  const { timeLogId } = h.sandbox.elsewhere.log({ workDate: today, hours: '02:00', jobId: job.jobId, description: 'later, elsewhere' });
  clock.skip(30_000);
  expect((await h.logging.handlers.getWeek({ date: today })).logs.some((l) => l.timeLogId === timeLogId)).toBe(false);
  clock.skip(31_000);
  const week = await h.logging.handlers.getWeek({ date: today });
  expect(week.logs.filter((l) => l.timeLogId === timeLogId)).toMatchObject([{ hours: '02:00', elsewhere: true }]);
  // changed and then deleted elsewhere: shown as the service has it after the next minute
  h.sandbox.elsewhere.edit(timeLogId, { hours: '03:00' });
  clock.skip(61_000);
  expect((await h.logging.handlers.getWeek({ date: today })).logs.find((l) => l.timeLogId === timeLogId)?.hours).toBe('03:00');
  h.sandbox.elsewhere.delete(timeLogId);
  clock.skip(61_000);
  expect((await h.logging.handlers.getWeek({ date: today })).logs.some((l) => l.timeLogId === timeLogId)).toBe(false);
});

it('lets an edit on a full day through: the day is counted without the log being edited, for the live check and the edit', async () => {
  await draftWeekWithoutTimesheet();
  const big = h.sandbox.elsewhere.log({ workDate: today, hours: '07:00', jobId: job.jobId, description: 'the big one' });
  h.sandbox.elsewhere.log({ workDate: today, hours: '02:30', jobId: job.jobId, description: 'the small one' });
  const week = await h.logging.handlers.getWeek({ date: today });
  const shown = week.logs.find((l) => l.timeLogId === big.timeLogId)!;
  expect(minutesOn(week, today)).toBe(570);
  // checked as a new log, 06:00 more on 09:30 is over; as an edit of the 07:00 log it leaves 08:30
  expect(await h.logging.handlers.checkLog(entry('06:00', 'the big one'))).toMatchObject([{ rule: 'max-per-day' }]);
  expect(await h.logging.handlers.checkLog({ ...entry('06:00', 'the big one'), localId: shown.localId })).toEqual([]);
  // an edit that does go over says what the log can be, counting the others only (02:30 of the 10:00)
  expect(await h.logging.handlers.checkLog({ ...entry('08:00', 'the big one'), localId: shown.localId })).toMatchObject([
    { rule: 'max-per-day', message: expect.stringContaining('this log can be at most 07:30') },
  ]);
  expect((await h.logging.handlers.editLog({ localId: shown.localId, hours: '06:00' })).state).toBe('synced');
  expect(h.serviceLogs().find((l) => l.timeLogId === big.timeLogId)?.minutes).toBe(360);
  expect(minutesOn(await h.logging.handlers.getWeek({ date: today }), today)).toBe(510);
});

it('frees the hours of a deleted log at once, whether it was made here or elsewhere, even before the delete is sent', async () => {
  await draftWeekWithoutTimesheet();
  const theirs = h.sandbox.elsewhere.log({ workDate: today, hours: '06:00', jobId: job.jobId, description: 'made elsewhere' });
  expect((await h.logging.handlers.logTime(entry('03:30', 'made here'))).state).toBe('synced');
  const week = await h.logging.handlers.getWeek({ date: today });
  const mine = week.logs.find((l) => l.description === 'made here')!;
  await h.sandbox.setOffline(true);
  expect((await h.logging.handlers.deleteLog({ localId: mine.localId })).state).toBe('queued');
  expect(await h.logging.handlers.checkLog(entry('03:30', 'in its place'))).toEqual([]);
  const shown = week.logs.find((l) => l.timeLogId === theirs.timeLogId)!;
  expect((await h.logging.handlers.deleteLog({ localId: shown.localId })).state).toBe('queued');
  expect(await h.logging.handlers.checkLog(entry('09:30', 'the whole day'))).toEqual([]);
  const offline = await h.logging.handlers.getWeek({ date: today });
  expect(minutesOn(offline, today)).toBe(0);
  await h.sandbox.setOffline(false);
});

it('lists each log once: one this device sent, one whose answer was lost, one still waiting, and one made elsewhere', async () => {
  await draftWeekWithoutTimesheet();
  h.sandbox.elsewhere.log({ workDate: today, hours: '01:00', jobId: job.jobId, description: 'elsewhere' });
  expect((await h.logging.handlers.logTime(entry('01:00', 'sent'))).state).toBe('synced');
  h.sandbox.fault({ kind: 'commit-then-drop', match: 'addtimelog', times: 1 });
  await h.logging.handlers.logTime(entry('01:00', 'answer lost'));
  await h.sandbox.setOffline(true);
  expect((await h.logging.handlers.logTime(entry('01:00', 'waiting'))).state).toBe('queued');
  const meanwhile = await h.logging.handlers.getWeek({ date: today });
  expect(meanwhile.logs.filter((l) => l.description === 'waiting')).toMatchObject([{ sync: 'queued', source: 'local' }]);
  await h.sandbox.setOffline(false);
  clock.skip(61_000);
  const week = await h.logging.handlers.getWeek({ date: today });
  const ofToday = week.logs.filter((l) => l.workDate === today);
  expect(ofToday.map((l) => l.description).sort()).toEqual(['answer lost', 'elsewhere', 'sent', 'waiting']);
  // with its sync state as the outbox has it (the engine may be sending it right now that the service is back)
  expect(['queued', 'sending', 'synced']).toContain(ofToday.find((l) => l.description === 'waiting')?.sync);
  expect(ofToday.find((l) => l.description === 'elsewhere')?.elsewhere).toBe(true);
  expect(ofToday.filter((l) => l.description !== 'elsewhere').every((l) => !l.elsewhere)).toBe(true);
  expect(minutesOn(week, today)).toBe(240);
  // the rules count the same four hours
  expect(await h.logging.handlers.checkLog(entry(toHhmm(MAX - 240 + 1), 'one minute over'))).toMatchObject([{ rule: 'max-per-day' }]);
});

it('reads a service that writes statuses capitalised, ids as numbers and billing in its own words', async () => {
  await draftWeekWithoutTimesheet({ envelope: 'real', numericIds: true });
  h.sandbox.elsewhere.log({ workDate: today, hours: '04:15', jobId: job.jobId, description: 'real style', billable: false });
  const week = await h.logging.handlers.getWeek({ date: today });
  expect(week.logs.filter((l) => l.description === 'real style')).toMatchObject([
    { hours: '04:15', billingStatus: 'Non Billable', elsewhere: true },
  ]);
  expect(week.nonBillableHours).not.toBe('00:00');
});

it('falls back to the timesheet where the service does not list logs, and says that logs made elsewhere may be missing', async () => {
  clock = runningClock();
  h = await startHarness({ clock, sandboxOptions: { timeLogList: false } });
  job = await someJob(h.client, h.sandbox.demoUser);
  const seeded = seededWeek(h.sandbox, weekStartOf(today));
  h.sandbox.elsewhere.log({ workDate: today, hours: '01:00', jobId: job.jobId, description: 'not listed' });
  const week = await h.logging.handlers.getWeek({ date: today });
  expect(week.onlyTimesheetLogs).toBe(true);
  expect(week.timesheet?.status).toBe('draft');
  expect(week.logs.some((l) => l.description === 'not listed')).toBe(false);
  expect(week.totalHours).toBe(seeded.totalWith(0));
  // asked once: the client remembers the answer
  await h.logging.handlers.getWeek({ date: today, refresh: true });
  expect(counts(h.sandbox, 'gettimelogs')).toBe(1);
});
