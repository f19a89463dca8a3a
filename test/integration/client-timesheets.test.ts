/**
 * spec 4.1 timesheets through the client, against the sandbox over real HTTP.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { createServiceClient, ServiceError, SANDBOX_POLICY } from '../../src/core/service';
import type { ServiceClient } from '../../src/core/service';

const TODAY = '2025-11-20'; // a Thursday: this week's Monday..Wednesday hold unsubmitted logs (the demo user's in a draft)
const LIAM = 'liam.chen@demo.punchcard.test';
const NOAH = 'noah.kim@demo.punchcard.test';

let sb: Sandbox;
let client: ServiceClient;
beforeEach(async () => {
  sb = await startSandbox({ today: TODAY, seed: 1 });
  client = createServiceClient({ baseUrl: sb.url, getToken: async () => sb.demoToken, policy: SANDBOX_POLICY });
});
afterEach(async () => {
  await sb.close();
});

const pendingSheetOf = (user: string) => sb.state().timesheets.find((t) => t.user === user && t.status === 'pending')!;

describe('listing and reading timesheets', () => {
  it('lists every timesheet of the team, asking for ISO dates from index 0', async () => {
    const sheets = await client.allTimesheets({ user: 'all' });
    expect(sheets.length).toBe(sb.state().timesheets.length);
    expect(sheets.every((s) => /^\d{4}-\d{2}-\d{2}$/.test(s.fromDate) && /^\d+:\d{2}$/.test(s.totalHours))).toBe(true);
    const [req] = sb.requests();
    expect(req.path).toBe('/api/timetracker/gettimesheet');
    expect(req.params).toMatchObject({ user: 'all', dateFormat: 'yyyy-MM-dd', sIndex: '0', limit: '200' });
  });

  it('filters by approval status and user', async () => {
    const pending = await client.allTimesheets({ user: LIAM, approvalStatus: 'pending' });
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((s) => s.status === 'pending' && s.employeeEmail === LIAM)).toBe(true);
  });

  it('reads the detail of a timesheet with its time logs, projects and clients', async () => {
    const sheet = pendingSheetOf(LIAM);
    const detail = await client.timesheetDetails(sheet.timesheetId);
    expect(detail.recordId).toBe(sheet.timesheetId);
    expect(detail.status).toBe('pending');
    const logs = sb.state().timeLogs.filter((l) => l.timesheetId === sheet.timesheetId);
    expect(detail.timeLogs.map((l) => l.timeLogId).sort()).toEqual(logs.map((l) => l.timeLogId).sort());
    expect(detail.projects.length).toBeGreaterThan(0);
    expect(detail.clients.length).toBeGreaterThan(0);
  });

  it('reports an unknown timesheet as ServiceError 9008', async () => {
    const err = await client.timesheetDetails('999999999999999999').catch((e) => e);
    expect(err).toBeInstanceOf(ServiceError);
    expect(err.code).toBe(9008);
  });
});

describe('the life of a week: create, rename, submit, resubmit, delete', () => {
  // The demo user's own week so far is already in a seeded draft (src/sandbox/seed/history.ts), so a new timesheet is
  // made for a team member whose logs of the week are in none; the demo user acts for her team as their manager.
  const OWNER = LIAM;

  it("finds the demo user's week already in a draft, so there is nothing left to create a timesheet from", async () => {
    const draft = sb.state().timesheets.find((t) => t.user === sb.demoUser && t.fromDate === '2025-11-17');
    expect(draft?.status).toBe('draft');
    const err = await client
      .createTimesheet({ user: sb.demoUser, timesheetName: 'Again', fromDate: '2025-11-17', toDate: '2025-11-23' })
      .catch((e) => e);
    expect(err).toMatchObject({ name: 'ServiceError', code: 7024 });
  });

  it('creates a draft timesheet for this week, renames it, and submits it', async () => {
    const created = await client.createTimesheet({ user: OWNER, timesheetName: 'This week', fromDate: '2025-11-17', toDate: '2025-11-23' });
    expect(created.timesheetIds).toHaveLength(1);
    const id = created.timesheetIds[0];
    expect(sb.requests().at(-1)!.params).toMatchObject({ dateFormat: 'yyyy-MM-dd', fromDate: '2025-11-17' });
    expect(sb.requests().at(-1)!.params.sendforApproval).toBeUndefined(); // optional: sent only when given
    expect(sb.state().timesheets.find((t) => t.timesheetId === id)!.status).toBe('draft');

    const renamed = await client.modifyTimesheet({ timesheetId: id, timesheetName: 'Week 47' });
    expect(renamed.timesheetId).toBe(id);
    expect(sb.state().timesheets.find((t) => t.timesheetId === id)!.timesheetName).toBe('Week 47');

    await client.modifyTimesheet({ timesheetId: id, sendforApproval: true });
    expect(sb.requests().at(-1)!.params).toEqual({ timesheetId: id, sendforApproval: 'true' });
    expect(sb.state().timesheets.find((t) => t.timesheetId === id)!.status).toBe('pending');
  });

  it('creates a timesheet submitted at once when sendforApproval is true', async () => {
    const { timesheetIds } = await client.createTimesheet({
      user: OWNER,
      timesheetName: 'Submit now',
      fromDate: '2025-11-17',
      toDate: '2025-11-23',
      sendforApproval: true,
    });
    expect(sb.state().timesheets.find((t) => t.timesheetId === timesheetIds[0])!.status).toBe('pending');
  });

  it('resubmits a rejected timesheet after the manager rejected it', async () => {
    const {
      timesheetIds: [id],
    } = await client.createTimesheet({
      user: OWNER,
      timesheetName: 'W47',
      fromDate: '2025-11-17',
      toDate: '2025-11-23',
      sendforApproval: true,
    });
    sb.decide(id, 'rejected', 'Split Tuesday');
    const rejected = await client.timesheetDetails(id);
    expect(rejected.status).toBe('rejected');
    expect(rejected.comments).toBe('Split Tuesday');
    await client.modifyTimesheet({ timesheetId: id, sendforApproval: true });
    expect((await client.timesheetDetails(id)).status).toBe('pending');
  });

  it('refuses a range whose end is before its start (9006)', async () => {
    const err = await client
      .createTimesheet({ user: sb.demoUser, timesheetName: 'x', fromDate: '2025-11-23', toDate: '2025-11-17' })
      .catch((e) => e);
    expect(err).toMatchObject({ name: 'ServiceError', code: 9006 });
  });

  it('deletes a draft timesheet', async () => {
    const {
      timesheetIds: [id],
    } = await client.createTimesheet({ user: OWNER, timesheetName: 'Oops', fromDate: '2025-11-17', toDate: '2025-11-23' });
    const out = await client.deleteTimesheet(id);
    expect(typeof out.message).toBe('string');
    expect(sb.state().timesheets.some((t) => t.timesheetId === id)).toBe(false);
  });
});

describe('a manager deciding', () => {
  it('approves a whole timesheet', async () => {
    const sheet = pendingSheetOf(LIAM);
    const out = await client.approveTimesheet({ timesheetId: sheet.timesheetId, approvalStatus: 'approved' });
    expect(out.timesheetId).toBe(sheet.timesheetId);
    expect(sb.state().timesheets.find((t) => t.timesheetId === sheet.timesheetId)!.status).toBe('approved');
  });

  it('rejects with a comment that the employee then sees', async () => {
    const sheet = pendingSheetOf(LIAM);
    await client.approveTimesheet({ timesheetId: sheet.timesheetId, approvalStatus: 'rejected', comments: 'Missing Friday' });
    const [listed] = (await client.allTimesheets({ user: LIAM, approvalStatus: 'rejected' })).filter(
      (s) => s.recordId === sheet.timesheetId,
    );
    expect(listed.comments).toBe('Missing Friday');
  });

  it('approves some time logs and rejects others (partial approval)', async () => {
    const sheet = pendingSheetOf(LIAM);
    const logs = sb.state().timeLogs.filter((l) => l.timesheetId === sheet.timesheetId);
    const [first, ...rest] = logs;
    const decisions = Object.fromEntries([[first.timeLogId, 'rejected'], ...rest.map((l) => [l.timeLogId, 'approved'])]) as Record<
      string,
      'approved' | 'rejected'
    >;
    await client.approveTimesheet({ timesheetId: sheet.timesheetId, approvalStatus: 'approved', timeLogs: decisions });
    expect(JSON.parse(sb.requests().at(-1)!.params.timeLogs)).toEqual(decisions);
    const detail = await client.timesheetDetails(sheet.timesheetId);
    expect(detail.timeLogs.find((l) => l.timeLogId === first.timeLogId)!.approvalStatus).toBe('rejected');
    expect(detail.timeLogs.filter((l) => l.timeLogId !== first.timeLogId).every((l) => l.approvalStatus === 'approved')).toBe(true);
  });

  it('approves at every hierarchy level at once with isAllLevelApprove', async () => {
    const sheet = sb.state().timesheets.find((t) => t.user === NOAH && t.status === 'pending' && t.approvedLevels === 0)!;
    expect(sheet.approvalLevels).toBe(2);
    await client.approveTimesheet({ timesheetId: sheet.timesheetId, approvalStatus: 'approved', isAllLevelApprove: true });
    expect(sb.requests().at(-1)!.params.isAllLevelApprove).toBe('true');
    expect(sb.state().timesheets.find((t) => t.timesheetId === sheet.timesheetId)!.status).toBe('approved');
  });

  it('is refused (AuthError 9000) when approving its own timesheet', async () => {
    const own = pendingSheetOf(sb.demoUser);
    const err = await client.approveTimesheet({ timesheetId: own.timesheetId, approvalStatus: 'approved' }).catch((e) => e);
    expect(err).toMatchObject({ name: 'AuthError', code: 9000 });
  });
});
