/**
 * Submitting a week is refused while any entry of that week is unfinished in the outbox (SubmitPreview in
 * src/shared/domain/week.ts): queued, sending or needing attention, whichever process queued it. Seen in the UI: with an
 * entry queued by `punch log` on the same data directory, the app's preview showed 02:30 of the week's 03:45 and no
 * blocker, because each process read only its own copy of the outbox. Against the sandbox over HTTP.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { weekStartOf } from '../../src/shared/time/week';
import { plainDate } from '../../src/shared/words';
import { seededWeek, submitCalls, type SeededWeek } from '../fixtures/demo-week';
import { startHarness, someJob, type Harness } from '../fixtures/logging-harness';
import { runningClock, TEST_TODAY } from '../fixtures/test-clock';

const today = () => TEST_TODAY;
const thisWeek = () => weekStartOf(today());
let h: Harness;
let other: Harness | undefined;
let job: { jobId: string; jobName: string };
let seeded: SeededWeek;

/** The core's wall clock (it stands at the test's hour and runs; `skip` moves it on, as a clock set forward does). */
let clock: ReturnType<typeof runningClock>;

beforeEach(async () => {
  clock = runningClock();
  h = await startHarness({ clock });
  job = await someJob(h.client, h.sandbox.demoUser);
  await h.logging.handlers.listJobs({ status: 'all' });
  await h.logging.handlers.getCompanySettings({ refresh: true });
  // this week's seeded logs (Monday to yesterday) are in a draft timesheet: the week holds them and what this device logs
  seeded = seededWeek(h.sandbox, thisWeek());
  expect((await h.logging.handlers.getWeek({ date: today() })).totalHours).toBe(seeded.totalWith(0));
});
afterEach(async () => {
  await other?.close();
  other = undefined;
  await h?.close();
});

const entry = (description: string, hours: string) => ({ ...job, workDate: today(), hours, billable: true, description });

it('names a queued entry as a blocker while offline, refuses to submit, and lets the week go once it is synced', async () => {
  await h.sandbox.setOffline(true);
  const queued = await h.logging.handlers.logTime(entry('written on the train', '01:15'));
  expect(queued.state).toBe('queued');

  const preview = await h.logging.handlers.previewSubmit({ weekStart: thisWeek() });
  const blocker = preview.blockers.find((b) => b.includes('not synced yet'));
  expect(blocker).toContain(`${plainDate(today())} 01:15 ${job.jobName} (written on the train)`);
  expect(preview.totalHours).toBe(seeded.totalWith(75));
  // offline, the week cannot be read: a failure of the network (punch exits 2), still naming the queued entry
  await expect(h.logging.handlers.submitWeek({ weekStart: thisWeek() })).rejects.toMatchObject({
    name: 'NetworkError',
    message: expect.stringContaining('written on the train'),
  });
  expect(preview.unreachable).toBe(true);

  await h.sandbox.setOffline(false);
  await h.logging.handlers.syncNow({});
  const after = await h.logging.handlers.previewSubmit({ weekStart: thisWeek() });
  expect(after).toMatchObject({ blockers: [], totalHours: seeded.totalWith(75), action: seeded.action });
  expect(submitCalls(h.sandbox)).toBe(0);
});

it('blocks on an entry another process queued on the same data directory, and counts it in the total', async () => {
  expect((await h.logging.handlers.logTime(entry('in the app', '02:30'))).state).toBe('synced');
  // `punch log` while the app runs: a second core on the same data directory, offline when it logs
  other = await startHarness({
    sandbox: h.sandbox,
    dataDir: h.dataDir,
    start: false,
    sync: { backoffBaseMs: 60_000, backoffMaxMs: 60_000 },
  });
  await other.logging.handlers.getCompanySettings({ refresh: true });
  await h.sandbox.setOffline(true);
  expect((await other.logging.handlers.logTime(entry('from the command line', '01:15'))).state).toBe('queued');
  await other.logging.close();
  // back online, but addtimelog is rate-limited: the entry stays queued while the week can be read
  h.sandbox.fault({ kind: 'http-429', match: 'addtimelog', retryAfterSec: 1 });
  await h.sandbox.setOffline(false);

  const preview = await h.logging.handlers.previewSubmit({ weekStart: thisWeek() });
  expect(preview.totalHours).toBe(seeded.totalWith(225));
  expect(preview.blockers.join(' ')).toContain(`${plainDate(today())} 01:15 ${job.jobName} (from the command line)`);
  await expect(h.logging.handlers.submitWeek({ weekStart: thisWeek() })).rejects.toMatchObject({ name: 'InvalidInputError' });
  expect(submitCalls(h.sandbox)).toBe(0);

  h.sandbox.fault(null);
  clock.skip(1_100); // the endpoint's pause (Retry-After: 1 s) is over on the core's clock
  await h.logging.handlers.syncNow({});
  expect(h.serviceLogs().filter((l) => l.description === 'from the command line')).toHaveLength(1);
  expect(await h.logging.handlers.previewSubmit({ weekStart: thisWeek() })).toMatchObject({
    blockers: [],
    totalHours: seeded.totalWith(225),
  });
  const submitted = await h.logging.handlers.submitWeek({ weekStart: thisWeek() });
  // the submitted timesheet (the seeded draft, or a new one on a Monday) takes in every log of the week, ours among them
  expect(submitted.timesheet).toMatchObject({ status: 'pending', ...(seeded.draft ? { recordId: seeded.draft.timesheetId } : {}) });
  expect(submitted.totalHours).toBe(seeded.totalWith(225));
  expect(submitted.logs.filter((l) => l.description === 'in the app' || l.description === 'from the command line')).toHaveLength(2);
});

it('names an entry that needs attention as a blocker until the user settles it', async () => {
  h.sandbox.configure({ timeLogList: false }); // a service without gettimelogs: the timesheet fallback (reconcile-timelogs.test.ts has the list)
  // the answer to the add is lost and no timesheet shows the log: the outcome is unknown, the user must decide
  h.sandbox.fault({ kind: 'commit-then-drop', match: 'addtimelog', times: 1 });
  const unclear = await h.logging.handlers.logTime(entry('answer lost', '00:45'));
  expect(unclear.log.sync).toBe('needs-attention');

  await h.logging.handlers.syncNow({});
  const preview = await h.logging.handlers.previewSubmit({ weekStart: thisWeek() });
  expect(preview.blockers).toHaveLength(1);
  expect(preview.blockers[0]).toMatch(/needs attention in the outbox/);
  expect(preview.blockers[0]).toContain(`${plainDate(today())} 00:45 ${job.jobName} (answer lost)`);
  await expect(h.logging.handlers.submitWeek({ weekStart: thisWeek() })).rejects.toMatchObject({ name: 'InvalidInputError' });
  expect(submitCalls(h.sandbox)).toBe(0);

  // the user checked the service and chose "It is there"
  const op = (await h.logging.handlers.getOutbox({})).find((e) => e.localId === unclear.log.localId)!;
  await h.logging.handlers.markEntryRecorded({ id: op.id });
  expect(await h.logging.handlers.previewSubmit({ weekStart: thisWeek() })).toMatchObject({ blockers: [], action: seeded.action });
});
