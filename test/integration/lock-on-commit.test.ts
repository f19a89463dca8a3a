/**
 * A log into a week the kept copy says is locked is judged on the service's word, not on a copy up to 15 s old
 * (src/core/week/weekview.ts `ensureFresh` with `commit`): the manager rejects the week on the service, and a log made
 * at once is taken; a week still submitted is refused after the service said so; offline the copy decides, and the
 * refusal says when the week was last read. Through the logging handlers (the app's and `punch`'s one core) against
 * the sandbox; the clock is the test's and does not move, so no copy grows old by itself.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addWeeks, localDate, weekStartOf } from '../../src/shared/time/week';
import { counts, startHarness, someJob, type Harness } from '../fixtures/logging-harness';
import { TEST_NOW } from '../fixtures/test-clock';
import { wallClock } from '../fixtures/test-timers';

const today = () => localDate(TEST_NOW);
/** Maya's seeded pending week (src/sandbox/seed/history.ts). */
const pendingWeek = () => weekStartOf(addWeeks(today(), -2));
let h: Harness;
let job: { jobId: string; jobName: string };
const clock = wallClock(() => TEST_NOW);

beforeEach(async () => {
  h = await startHarness({ clock });
  job = await someJob(h.client, h.sandbox.demoUser);
  await h.logging.handlers.listJobs({ status: 'all' });
  await h.logging.handlers.getCompanySettings({ refresh: true });
});
afterEach(async () => {
  await h?.close();
});

const entry = (description: string, workDate = pendingWeek()) => ({ ...job, workDate, hours: '00:30', billable: true, description });

/** The week as this device last read it: locked, read a moment ago (a fresh copy for the rules' 15 s). */
async function readLocked(): Promise<string> {
  const week = await h.logging.handlers.getWeek({ date: pendingWeek() });
  expect(week).toMatchObject({ locked: true, timesheet: { status: 'pending' } });
  return week.timesheet!.recordId;
}

describe('a log into a week the copy says is locked', () => {
  it('is taken when the manager rejected the week on the service a moment ago', async () => {
    const sheet = await readLocked();
    h.sandbox.decide(sheet, 'rejected', 'split the Tuesday');

    const r = await h.logging.handlers.logTime(entry('right after the rejection'));
    expect(r.state).toBe('synced');
    expect(h.serviceLogs().filter((l) => l.description === 'right after the rejection')).toMatchObject([{ minutes: 30 }]);
  });

  it('is refused after the service says the week is still submitted, without the "last read" note', async () => {
    await readLocked();
    const sheetReads = counts(h.sandbox, 'gettimesheet');

    const refused = await h.logging.handlers.logTime(entry('still locked')).catch((e: Error & { violations?: unknown }) => e);
    expect(refused).toMatchObject({
      message: expect.stringMatching(/is submitted and waits for approval, so its logs cannot change/),
      violations: [expect.objectContaining({ rule: 'locked' })],
    });
    expect((refused as Error).message).not.toContain('last read');
    // the service was asked, though the copy was a moment old
    expect(counts(h.sandbox, 'gettimesheet')).toBeGreaterThan(sheetReads);
    expect(h.serviceLogs().filter((l) => l.description === 'still locked')).toHaveLength(0);
  });

  it('offline, is refused on the copy, saying when the week was last read', async () => {
    await readLocked();
    await h.sandbox.setOffline(true);

    await expect(h.logging.handlers.logTime(entry('offline into a locked week'))).rejects.toMatchObject({
      message: expect.stringMatching(/could not reach the service to check again: that is how the week stood when last read, at 10:00\.$/),
      violations: [expect.objectContaining({ rule: 'locked' })],
    });
    const outbox = await h.logging.handlers.getOutbox({});
    expect(JSON.stringify(outbox)).not.toContain('offline into a locked week');
  });

  it('deleting a log of that week is taken once the service says it was rejected', async () => {
    const week = await h.logging.handlers.getWeek({ date: pendingWeek() });
    const target = week.logs[0];
    h.sandbox.decide(week.timesheet!.recordId, 'rejected', 'redo it');

    const r = await h.logging.handlers.deleteLog({ localId: target.localId });
    expect(r.state).toBe('synced');
    expect(h.serviceLogs().some((l) => l.timeLogId === target.timeLogId)).toBe(false);
  });
});
