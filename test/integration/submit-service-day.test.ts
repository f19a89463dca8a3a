/**
 * The week's submit preview while a log of the user's today waits for the service's day (the user at UTC+14, the
 * service's calendar still on the day before): the service is reachable, so "sync first (it happens by itself when
 * the service is reachable)" was untrue. The blocker says what the entry waits for instead, and the week is still
 * not submitted before it goes.
 */
import { afterEach, expect, it } from 'vitest';
import { addDays, localDate, weekStartOf } from '../../src/shared/time/week';
import { someJob, startHarness, type Harness } from '../fixtures/logging-harness';
import { TEST_NOW } from '../fixtures/test-clock';
import { testClock } from '../fixtures/test-timers';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

it("names a log waiting for the service's day as waiting for it, not as unsynced for want of a connection", async () => {
  const clock = testClock(TEST_NOW);
  const today = localDate(clock.now());
  h = await startHarness({ clock, sandboxOptions: { today: addDays(today, -1) } });
  const harness = h;
  const job = await someJob(harness.client, harness.sandbox.demoUser);
  await harness.logging.handlers.getCompanySettings({ refresh: true });
  const description = 'ahead of the service';
  const r = await harness.logging.handlers.logTime({ ...job, workDate: today, hours: '01:00', billable: true, description });
  expect(r.state).toBe('queued');
  await expect
    .poll(
      async () => {
        await clock.advance(200);
        const entries = await harness.logging.handlers.getOutbox({});
        return entries.some((e) => e.waitsForServiceDay !== undefined);
      },
      { timeout: 10_000 },
    )
    .toBe(true);

  const preview = await harness.logging.handlers.previewSubmit({ weekStart: weekStartOf(today) });
  expect(preview.blockers.some((b) => b.includes('when the service is reachable'))).toBe(false);
  const blocker = preview.blockers.find((b) => b.includes("waits for the service's day to begin"));
  expect(blocker).toContain(job.jobName);
  expect(blocker).toContain('submit the week after that');
  expect(preview.blockersSaid?.map((s) => s.code)).toContain('core.week.submit.waits-for-service-day');
});

it("does not remind to 'submit it now' while the overdue week's entries wait for the service's day", async () => {
  // Saturday here, still Friday (the due day) at the service: Saturday's log waits, and Submit is refused until it goes
  const clock = testClock(TEST_NOW + 3 * 24 * 60 * 60_000);
  const today = localDate(clock.now());
  h = await startHarness({ clock, sandboxOptions: { today: addDays(today, -1) } });
  const harness = h;
  const job = await someJob(harness.client, harness.sandbox.demoUser);
  await harness.logging.handlers.getCompanySettings({ refresh: true });
  await harness.logging.handlers.logTime({ ...job, workDate: today, hours: '01:00', billable: true, description: 'Saturday' });
  await expect
    .poll(
      async () => {
        await clock.advance(200);
        return (await harness.logging.handlers.getOutbox({})).some((e) => e.waitsForServiceDay !== undefined);
      },
      { timeout: 10_000 },
    )
    .toBe(true);

  const due = (await harness.logging.handlers.getReminders({})).find((r) => r.kind === 'week-due' && r.weekStart === weekStartOf(today));
  expect(due?.message).toMatch(/^This week \(\d\d:\d\d\) was due Friday\. 1 entry waits for the service's day/);
  expect(due?.message).toContain('the week can be submitted after that');
  expect(due?.message).not.toMatch(/submit it now/i);
  expect(due?.said?.code).toBe('core.week.remind.due-waiting');
});
