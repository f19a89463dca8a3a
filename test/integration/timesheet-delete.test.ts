/**
 * Deleting one's own timesheet must not make its logs vanish from the week. The service keeps them (in no
 * timesheet), but the week view finds logs made elsewhere only through a timesheet (no "list my time logs"), so
 * the week looked empty and "Submit week" said nothing was logged. Against the sandbox over HTTP: the demo user's
 * rejected week (last week in the seed) is deleted through the team handlers, wired as createPunchcard wires them.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDays, addWeeks, weekStartOf } from '../../src/shared/time/week';
import type { WeekView } from '../../src/shared/domain';
import type { Handlers } from '../../src/shared/contract';
import { startHarness, someJob, type Harness } from '../fixtures/logging-harness';
import { TEST_TODAY } from '../fixtures/test-clock';

let h: Harness;
let team: Pick<Handlers, 'deleteTimesheet'>;
let job: { jobId: string; jobName: string };
const lastWeek = () => addWeeks(weekStartOf(TEST_TODAY), -1);
type SheetRow = { timesheetId: string; user: string; fromDate: string; status: string };
type LogRow = { timeLogId: string; user: string; timesheetId: string | null; description: string };
const state = () => h.sandbox.state() as unknown as { timesheets: SheetRow[]; timeLogs: LogRow[] };

beforeEach(async () => {
  h = await startHarness();
  job = await someJob(h.client, h.sandbox.demoUser);
  await h.logging.handlers.listJobs({ status: 'all' });
  // the team's delete as the root wires it: the user's own logs are adopted into the ledger first
  team = h.logging.handlers;
});
afterEach(async () => {
  await h?.close();
});

const ids = (w: WeekView) => w.logs.map((l) => l.timeLogId).sort();

describe("deleting the user's own timesheet", () => {
  it('keeps every log of the week in the week view, totals unchanged, and a new submit gathers them all', async () => {
    const before = await h.logging.handlers.getWeek({ date: lastWeek() });
    expect(before.timesheet?.status).toBe('rejected');
    expect(before.logs.length).toBeGreaterThan(0);
    expect(before.logs.every((l) => l.source === 'service')).toBe(true);
    // one entry made on this device too, after the rejection (in no timesheet on the service)
    const mine = await h.logging.handlers.logTime({
      ...job,
      workDate: addDays(lastWeek(), 1),
      hours: '00:15',
      billable: true,
      description: 'stand-up I forgot',
    });
    expect(mine.state).toBe('synced');
    const withMine = await h.logging.handlers.getWeek({ date: lastWeek() });
    const previewBefore = await h.logging.handlers.previewSubmit({ weekStart: lastWeek() });
    expect(previewBefore.action).toBe('resubmit');
    const sheetId = before.timesheet!.recordId;
    h.events.length = 0;

    await expect(team.deleteTimesheet({ id: sheetId })).resolves.toEqual({ deleted: true });

    expect(state().timesheets.some((t) => t.timesheetId === sheetId)).toBe(false);
    const after = await h.logging.handlers.getWeek({ date: lastWeek() });
    expect(after.timesheet).toBeUndefined();
    expect(ids(after)).toEqual(ids(withMine));
    expect(after.logs.every((l) => l.source === 'local' && l.sync === 'synced' && !l.locked)).toBe(true);
    expect(after.totalHours).toBe(withMine.totalHours);
    expect(after.days).toEqual(withMine.days);
    // the week view is told to refresh
    expect(h.events.some((e) => e.event === 'ledger' && (e.payload as { weekStarts: string[] }).weekStarts.includes(lastWeek()))).toBe(
      true,
    );

    const preview = await h.logging.handlers.previewSubmit({ weekStart: lastWeek() });
    expect(preview).toMatchObject({ action: 'create', totalHours: previewBefore.totalHours, blockers: [] });

    const submitted = await h.logging.handlers.submitWeek({ weekStart: lastWeek() });
    expect(submitted.timesheet?.status).toBe('pending');
    expect(submitted.timesheet?.recordId).not.toBe(sheetId);
    const gathered = state()
      .timeLogs.filter((l) => l.timesheetId === submitted.timesheet!.recordId)
      .map((l) => l.timeLogId)
      .sort();
    expect(gathered).toEqual(ids(withMine));
    expect(ids(submitted)).toEqual(ids(withMine));
    expect(submitted.totalHours).toBe(withMine.totalHours);
  });

  it('settles an add whose answer was lost with the log found in the timesheet being deleted, instead of keeping it twice', async () => {
    h.sandbox.configure({ timeLogList: false }); // a service without gettimelogs: the timesheet fallback (reconcile-timelogs.test.ts has the list)
    // the add reaches the service, the answer is lost; no timesheet covers this week yet, so it waits for the user
    const day = addDays(lastWeek(), 2);
    h.sandbox.fault({ kind: 'commit-then-drop', match: 'addtimelog', times: 1 });
    const lost = await h.logging.handlers.logTime({ ...job, workDate: day, hours: '00:20', billable: true, description: 'answer lost' });
    // unsure within the call's wait or after it: said as it is, never as queued when unsure
    expect(lost.state).toBe(lost.log.sync === 'needs-attention' ? 'needs-attention' : 'queued');
    await expect
      .poll(async () => (await h.logging.handlers.getOutbox({})).find((e) => e.localId === lost.log.localId)?.state)
      .toBe('needs-attention');
    // the service's timesheet over the week now holds it (resubmitted there, e.g. in the service's web UI)
    const sheetId = (await h.logging.handlers.getWeek({ date: lastWeek() })).timesheet!.recordId;
    await h.client.modifyTimesheet({ timesheetId: sheetId, sendforApproval: true });
    h.sandbox.decide(sheetId, 'rejected', 'one more time');

    await team.deleteTimesheet({ id: sheetId });

    const onService = state().timeLogs.filter((l) => l.user === h.sandbox.demoUser && l.description === 'answer lost');
    expect(onService).toHaveLength(1);
    const outbox = await h.logging.handlers.getOutbox({});
    expect(outbox.find((e) => e.localId === lost.log.localId)?.state).toBe('synced');
    const week = await h.logging.handlers.getWeek({ date: lastWeek() });
    const shown = week.logs.filter((l) => l.description === 'answer lost');
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ localId: lost.log.localId, timeLogId: onService[0].timeLogId, sync: 'synced' });
  });

  it('is refused while one of its logs came with a date that cannot be read: nothing deleted, nothing adopted', async () => {
    const sheetId = (await h.logging.handlers.getWeek({ date: lastWeek() })).timesheet!.recordId;
    const logsBefore = state().timeLogs.filter((l) => l.timesheetId === sheetId).length;
    h.sandbox.fault({ kind: 'odd-date', workDate: '31-Foo-2026', match: 'gettimesheetdetails' });
    h.events.length = 0;
    await expect(team.deleteTimesheet({ id: sheetId })).rejects.toThrow(/Not deleted: one of its logs has a date Punchcard cannot read/);
    h.sandbox.fault(null);
    expect(state().timesheets.some((t) => t.timesheetId === sheetId)).toBe(true);
    expect(state().timeLogs.filter((l) => l.timesheetId === sheetId)).toHaveLength(logsBefore);
    expect(h.events.filter((e) => e.event === 'ledger')).toEqual([]);
    expect(h.sandbox.requests().filter((r) => r.path.endsWith('/deletetimesheet'))).toEqual([]);
  });

  it("adopts nothing when a manager deletes a team member's timesheet", async () => {
    const liam = 'liam.chen@demo.punchcard.test';
    const sheet = state().timesheets.find((t) => t.user === liam && t.status === 'pending')!;
    h.events.length = 0;
    await team.deleteTimesheet({ id: sheet.timesheetId });
    expect(state().timesheets.some((t) => t.timesheetId === sheet.timesheetId)).toBe(false);
    expect(h.events.filter((e) => e.event === 'ledger')).toEqual([]);
    const week = await h.logging.handlers.getWeek({ date: sheet.fromDate });
    expect(week.logs.filter((l) => l.source === 'local')).toEqual([]);
  });
});
