/**
 * The maximum per day counts what the service already has that day when the device knows it: the logs of the week's
 * timesheet (source 'service', cached with the week), each log once. Maya's seeded history: last week is a rejected
 * timesheet full of logs. Against the sandbox over HTTP.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { addWeeks, weekStartOf } from '../../src/shared/time/week';
import { toHhmm } from '../../src/shared/time/hours';
import { counts, startHarness, someJob, type Harness } from '../fixtures/logging-harness';
import { TEST_TODAY } from '../fixtures/test-clock';
import { plainDate } from '../../src/shared/words';

let h: Harness;
let job: { jobId: string; jobName: string };
let max: number;
/** The busiest day of last week and its minutes on the service. */
let day: string;
let used: number;

beforeEach(async () => {
  h = await startHarness();
  job = await someJob(h.client, h.sandbox.demoUser);
  await h.logging.handlers.listJobs({ status: 'all' });
  max = (await h.logging.handlers.getCompanySettings({ refresh: true })).maxMinutesPerDay;
  // opening the week caches its timesheet's logs: this is what the rules can know offline
  const week = await h.logging.handlers.getWeek({ date: weekStartOf(addWeeks(TEST_TODAY, -1)) });
  expect(week.logs.every((l) => l.source === 'service')).toBe(true);
  ({ date: day, totalMinutes: used } = [...week.days].sort((a, b) => b.totalMinutes - a.totalMinutes)[0]);
  expect(used).toBeGreaterThan(0);
  expect(used).toBeLessThan(max);
  h.sandbox.resetRequests();
});
afterEach(async () => {
  await h?.close();
});

const entry = (description: string, minutes: number) => ({ ...job, workDate: day, hours: toHhmm(minutes), billable: true, description });

it("refuses locally an entry that would take a day over the maximum with the service's logs, queueing nothing", async () => {
  await expect(h.logging.handlers.logTime(entry('one too many', max - used + 15))).rejects.toMatchObject({
    name: 'InvalidInputError',
    message: expect.stringContaining(
      `Hours: ${plainDate(day)} would have ${toHhmm(max + 15)}, over your company's maximum of ${toHhmm(max)} a day. Log at most ${toHhmm(max - used)} more that day.`,
    ),
    violations: [expect.objectContaining({ field: 'hours', rule: 'max-per-day' })],
  });
  expect(await h.logging.handlers.getOutbox({})).toEqual([]);
  expect(counts(h.sandbox, 'addtimelog')).toBe(0);
  // the same check answers the form before it submits
  expect(await h.logging.handlers.checkLog(entry('one too many', max - used + 15))).toMatchObject([{ rule: 'max-per-day' }]);
});

it('counts a service log once after this device adopted it by editing, so a full day can still be edited', async () => {
  expect((await h.logging.handlers.logTime(entry('fills the day', max - used))).state).toBe('synced');
  const week = await h.logging.handlers.getWeek({ date: day });
  const theirs = week.logs.find((l) => l.workDate === day && l.source === 'service')!;
  // adopting it puts it in the ledger with its service id: counted with the ledger's values, not twice
  const edited = await h.logging.handlers.editLog({ localId: theirs.localId, description: 'same hours, better words' });
  expect(edited.state).toBe('synced');
  await expect(h.logging.handlers.logTime(entry('one minute more', 1))).rejects.toMatchObject({
    violations: [expect.objectContaining({ rule: 'max-per-day' })],
  });
  expect(counts(h.sandbox, 'addtimelog')).toBe(1);
});
