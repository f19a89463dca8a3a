/**
 * The week view keeps the service's part of a week (its timesheet and logs) for a freshness window instead of reading
 * it on every change: the end-to-end suite measured 28 gettimesheet calls in a 10-second flow, and the real service
 * allows 20 a minute per endpoint (real-service-notes "Rate limits"). Against the sandbox over HTTP, counting reads
 * in its request log. Maya's seeded history: last week rejected, this week's logs so far in a draft
 * (src/sandbox/seed/history.ts; none on a Monday).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index';
import { addDays, addWeeks, weekStartOf } from '../../src/shared/time/week';
import { seededWeek } from '../fixtures/demo-week';
import { counts, startHarness, someJob, type Harness } from '../fixtures/logging-harness';
import { runningClock, TEST_TODAY } from '../fixtures/test-clock';

const today = () => TEST_TODAY;
const thisWeek = () => weekStartOf(today());
const lastWeek = () => weekStartOf(addWeeks(today(), -1));
/**
 * Reads of the week: the timesheet list (spec 4.1), the list of the user's logs (gettimelogs, beyond the contract),
 * and a timesheet's details (only for a rejected week: the manager's comment and which logs were rejected).
 */
const reads = (s: Sandbox) => ({
  sheets: s.requests().filter((r) => r.path.endsWith('/gettimesheet')).length,
  details: s.requests().filter((r) => r.path.endsWith('/gettimesheetdetails')).length,
  logs: s.requests().filter((r) => r.path.endsWith('/gettimelogs')).length,
});
const FRESH_MS = 60_000;

let h: Harness;
let job: { jobId: string; jobName: string };
/** The app's clock runs at the real pace from Wednesday 10:00, moved on by `skip` to make a kept week stale without waiting. */
let clock = runningClock();

beforeEach(async () => {
  clock = runningClock();
  h = await startHarness({ clock });
  job = await someJob(h.client, h.sandbox.demoUser);
  await h.logging.handlers.listJobs({ status: 'all' });
  await h.logging.handlers.getCompanySettings({ refresh: true });
  h.sandbox.resetRequests();
});
afterEach(async () => {
  await h?.close();
});

const entry = (description: string, hours = '00:30', workDate = today()) => ({ ...job, workDate, hours, billable: true, description });

describe('reading the week', () => {
  it('reads the week once for opening it, its preview, three entries and the preview again, and a submit reads it once more', async () => {
    const seeded = seededWeek(h.sandbox, thisWeek());
    const { handlers } = h.logging;
    // what the week screen does: the grid, then the preview; after each entry the `ledger` event reloads both
    await handlers.getWeek({ date: today() });
    await handlers.previewSubmit({ weekStart: thisWeek() });
    for (const d of ['standup', 'review', 'pairing']) {
      expect((await handlers.logTime(entry(d))).state).toBe('synced');
      await handlers.getWeek({ date: today() });
      await handlers.previewSubmit({ weekStart: thisWeek() });
    }
    const week = await handlers.getWeek({ date: today() });
    const preview = await handlers.previewSubmit({ weekStart: thisWeek() });

    expect(reads(h.sandbox)).toEqual({ sheets: 1, details: 0, logs: 1 });
    expect(seeded.draft).toBeDefined();
    // the three entries are merged into the kept week without asking the service again
    expect(week.fresh).toBe(true);
    expect(week.logs.filter((l) => ['standup', 'review', 'pairing'].includes(l.description ?? '')).map((l) => l.sync)).toEqual([
      'synced',
      'synced',
      'synced',
    ]);
    expect(preview).toMatchObject({ totalHours: seeded.totalWith(90), blockers: [], action: seeded.action });

    h.sandbox.resetRequests();
    const submitted = await handlers.submitWeek({ weekStart: thisWeek() });
    // the kept week was fresh: no read before the write, one after it
    expect(reads(h.sandbox)).toEqual({ sheets: 1, details: 0, logs: 1 });
    expect(counts(h.sandbox, seeded.draft ? 'modifytimesheet' : 'createtimesheet')).toBe(1);
    expect(submitted).toMatchObject({ fresh: true, locked: true, timesheet: { status: 'pending' }, totalHours: seeded.totalWith(90) });
    // the preview after it and opening the week again use the copy read after the write: a week waiting for the
    // manager is not read on every look (it is read again a minute later, like any other)
    expect(await handlers.previewSubmit({ weekStart: thisWeek() })).toMatchObject({ action: 'none' });
    expect(await handlers.getWeek({ date: today() })).toMatchObject({ timesheet: { status: 'pending' } });
    expect(reads(h.sandbox)).toEqual({ sheets: 1, details: 0, logs: 1 });
  });

  it('shares one read among callers that ask for the same week at the same time', async () => {
    const [a, b, c] = await Promise.all([
      h.logging.handlers.getWeek({ date: lastWeek() }),
      h.logging.handlers.previewSubmit({ weekStart: lastWeek() }),
      h.logging.handlers.getWeek({ date: addDays(lastWeek(), 3) }),
    ]);
    expect(reads(h.sandbox)).toEqual({ sheets: 1, details: 1, logs: 1 });
    expect(a.timesheet?.status).toBe('rejected');
    expect(c.totalHours).toBe(a.totalHours);
    expect(b).toMatchObject({ action: 'resubmit', totalHours: a.totalHours });
  });

  it('reads the logs again once the copy is a minute old, the timesheet only when their states moved, both on a refresh', async () => {
    await h.logging.handlers.getWeek({ date: lastWeek() });
    expect(reads(h.sandbox)).toEqual({ sheets: 1, details: 1, logs: 1 });
    clock.skip(FRESH_MS - 1_000);
    await h.logging.handlers.getWeek({ date: lastWeek() });
    expect(reads(h.sandbox).logs).toBe(1);
    clock.skip(2_000);
    expect(await h.logging.handlers.getWeek({ date: lastWeek() })).toMatchObject({ fresh: true, timesheet: { status: 'rejected' } });
    // the logs' approval states are as they were: the rejected timesheet and its comment are still true
    expect(reads(h.sandbox)).toEqual({ sheets: 1, details: 1, logs: 2 });

    // the user asks: both halves again although fresh
    await h.logging.handlers.getWeek({ date: lastWeek(), refresh: true });
    expect(reads(h.sandbox)).toEqual({ sheets: 2, details: 2, logs: 3 });
  });

  it("counts a copy's age from when its read was asked, not from when a slow answer came: a minute in flight is a minute old", async () => {
    // the service answers the list of logs slowly; while the answer travels, a minute passes on the app's clock (a
    // change made on the service meanwhile may not be in the answer)
    h.sandbox.fault({ kind: 'delay', ms: 400, match: 'gettimelogs', times: 1 });
    const read = h.logging.handlers.getWeek({ date: lastWeek() });
    await vi.waitFor(() => expect(reads(h.sandbox).logs).toBe(1), { timeout: 10_000, interval: 5 });
    clock.skip(FRESH_MS + 1_000);
    await read;
    // the copy came a moment ago but was asked a minute back: the next look reads the logs again
    await h.logging.handlers.getWeek({ date: lastWeek() });
    expect(reads(h.sandbox).logs).toBe(2);
  });

  it('does not read a week waiting for approval on every look; a decision made elsewhere shows at the look a minute later', async () => {
    const pendingWeek = weekStartOf(addWeeks(today(), -2));
    expect(await h.logging.handlers.getWeek({ date: pendingWeek })).toMatchObject({ timesheet: { status: 'pending' } });
    // the preview of the open week, and a look at it again, use the copy just read
    expect(await h.logging.handlers.previewSubmit({ weekStart: pendingWeek })).toMatchObject({ action: 'none' });
    await h.logging.handlers.getWeek({ date: pendingWeek });
    expect(reads(h.sandbox)).toEqual({ sheets: 1, details: 0, logs: 1 });
    h.sandbox.decide(
      h.sandbox.state().timesheets.find((t) => t.user === h.sandbox.demoUser && t.fromDate === pendingWeek)!.timesheetId,
      'rejected',
      'split Friday',
    );
    clock.skip(FRESH_MS + 1_000);
    // the logs say rejected now: the timesheet and its details are read in the same look
    expect(await h.logging.handlers.getWeek({ date: pendingWeek })).toMatchObject({
      locked: false,
      timesheet: { status: 'rejected', comments: 'split Friday' },
    });
    expect(reads(h.sandbox)).toEqual({ sheets: 2, details: 1, logs: 2 });
    // decided: a rejected week is kept like any other
    await h.logging.handlers.getWeek({ date: pendingWeek });
    expect(reads(h.sandbox).sheets).toBe(2);
  });

  it('reads the logs of a stale week before a submit, and the whole week once after it', async () => {
    await h.logging.handlers.getWeek({ date: lastWeek() });
    clock.skip(FRESH_MS + 1_000);
    h.sandbox.resetRequests();
    const week = await h.logging.handlers.submitWeek({ weekStart: lastWeek() });
    expect(week).toMatchObject({ timesheet: { status: 'pending' }, locked: true });
    // before: the logs (their states as before: the rejected timesheet holds); after: the pending week, both halves
    expect(reads(h.sandbox)).toEqual({ sheets: 1, details: 0, logs: 2 });
    expect(counts(h.sandbox, 'modifytimesheet')).toBe(1);
  });
});

describe('another process on the same data directory', () => {
  it('knows from its copy that `punch` submitted the week a moment ago, without reading it again', async () => {
    expect((await h.logging.handlers.getWeek({ date: lastWeek() })).timesheet?.status).toBe('rejected');
    const punch = await startHarness({ sandbox: h.sandbox, dataDir: h.dataDir, start: false, clock });
    try {
      await punch.logging.handlers.submitWeek({ weekStart: lastWeek() });
    } finally {
      await punch.close();
    }
    h.sandbox.resetRequests();
    const preview = await h.logging.handlers.previewSubmit({ weekStart: lastWeek() });
    expect(preview).toMatchObject({ action: 'none', blockers: ['This week is already submitted and waits for approval.'] });
    expect(reads(h.sandbox).sheets).toBe(0);
  });
});

describe('changes made here, shown without reading the week again', () => {
  it('shows an edit, a delete and a log moved to another week at once, as the service has them afterwards', async () => {
    const before = await h.logging.handlers.getWeek({ date: lastWeek() });
    const [edited, deleted, moved] = before.logs.filter((l) => l.source === 'service');
    expect(moved).toBeDefined();
    const newHours = edited.hours === '01:00' ? '01:30' : '01:00';

    expect((await h.logging.handlers.editLog({ localId: edited.localId, hours: newHours, description: 'split by project' })).state).toBe(
      'synced',
    );
    expect((await h.logging.handlers.deleteLog({ localId: deleted.localId })).state).toBe('synced');
    expect((await h.logging.handlers.editLog({ localId: moved.localId, workDate: today() })).state).toBe('synced');

    const after = await h.logging.handlers.getWeek({ date: lastWeek() });
    const thisOne = await h.logging.handlers.getWeek({ date: today() });
    // one read of each week, none after the changes (this week's first read came after them)
    expect(reads(h.sandbox).sheets).toBe(2);
    const of = (w: typeof after, id: string | undefined) => w.logs.filter((l) => l.timeLogId === id);
    expect(of(after, edited.timeLogId)).toMatchObject([{ hours: newHours, description: 'split by project', source: 'local' }]);
    expect(of(after, deleted.timeLogId)).toEqual([]);
    expect(of(after, moved.timeLogId)).toEqual([]);
    expect(of(thisOne, moved.timeLogId)).toMatchObject([{ workDate: today(), source: 'local' }]);
    const minutes = (hhmm: string) => Number(hhmm.slice(0, -3)) * 60 + Number(hhmm.slice(-2));
    expect(minutes(after.totalHours)).toBe(
      minutes(before.totalHours) - minutes(edited.hours) + minutes(newHours) - minutes(deleted.hours) - minutes(moved.hours),
    );

    // the service agrees: a fresh read shows the same week
    clock.skip(FRESH_MS + 1_000);
    const reread = await h.logging.handlers.getWeek({ date: lastWeek() });
    expect(reads(h.sandbox).logs).toBe(3);
    expect(reread.totalHours).toBe(after.totalHours);
    expect(reread.logs.map((l) => [l.timeLogId, l.hours]).sort()).toEqual(after.logs.map((l) => [l.timeLogId, l.hours]).sort());
  });

  it("reads the week again after the user's own timesheet is deleted, and keeps its logs", async () => {
    const before = await h.logging.handlers.getWeek({ date: lastWeek() });
    await h.logging.handlers.deleteTimesheet({ id: before.timesheet!.recordId });
    h.sandbox.resetRequests();
    const after = await h.logging.handlers.getWeek({ date: lastWeek() });
    expect(reads(h.sandbox).sheets).toBe(1);
    expect(after.timesheet).toBeUndefined();
    expect(after).toMatchObject({ fresh: true, locked: false, totalHours: before.totalHours });
    expect(after.logs.map((l) => l.timeLogId).sort()).toEqual(before.logs.map((l) => l.timeLogId).sort());
  });
});
