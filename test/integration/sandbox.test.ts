/**
 * The sandbox over real HTTP: timesheet state machine (spec 3), time log rules (real-service-notes), the seeded
 * company and the payroll report. `today` is fixed (Wednesday 2025-03-12) so dates are stable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAYA_REJECTION, startSandbox, type Sandbox } from '../../src/sandbox';

const TODAY = '2025-03-12';
const MAYA = 'maya.patel@demo.punchcard.test';
const LIAM = 'liam.chen@demo.punchcard.test';
const NOAH = 'noah.kim@demo.punchcard.test';
let sb: Sandbox;
let liamToken: string;
let noahToken: string;

type Params = Record<string, string>;
async function api(method: 'GET' | 'POST', op: string, params: Params = {}, token = sb.demoToken) {
  const url = new URL(`${sb.url}/api/timetracker/${op}`);
  const init: RequestInit = { method, headers: { authorization: `Zoho-oauthtoken ${token}` } };
  if (method === 'GET') for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  else init.body = new URLSearchParams(params);
  const res = await fetch(url, init);
  return { status: res.status, body: (await res.json()) as { result?: any; error?: { code: number; message: string } } };
}
const details = async (id: string, token = sb.demoToken) =>
  (await api('GET', 'gettimesheetdetails', { timesheetId: id }, token)).body.result;

beforeAll(async () => {
  sb = await startSandbox({ today: TODAY });
  liamToken = sb.issueToken({ user: LIAM, scopes: ['timetracker.ALL'] });
  noahToken = sb.issueToken({ user: NOAH, scopes: ['ZOHOPEOPLE.timetracker.ALL'] });
});
afterAll(() => sb.close());

describe('the seeded demo company', () => {
  it('has maya as manager of a team of five and a rejected week of hers with the manager comment', () => {
    const s = sb.state();
    expect(s.employees).toHaveLength(12);
    expect(s.employees.filter((e) => e.managerEmail === MAYA)).toHaveLength(5);
    const rejected = s.timesheets.find((t) => t.user === MAYA && t.status === 'rejected');
    expect(rejected?.comments).toBe(MAYA_REJECTION);
    expect(new Set(s.timesheets.filter((t) => t.user === MAYA).map((t) => t.status))).toEqual(
      new Set(['draft', 'pending', 'approved', 'rejected']),
    );
    expect(s.timeLogs.some((l) => l.workDate === TODAY)).toBe(false);
    expect(s.employees.every((e) => /^\d{18}$/.test(e.recordId) && BigInt(e.recordId) > 2n ** 53n)).toBe(true);
  });

  it("keeps maya's logs of this week so far in a draft timesheet for the week, and everyone else's in none", () => {
    const s = sb.state();
    const week = s.timeLogs.filter((l) => l.workDate >= '2025-03-10' && l.workDate <= '2025-03-16');
    const hers = week.filter((l) => l.user === MAYA);
    expect(new Set(hers.map((l) => l.workDate))).toEqual(new Set(['2025-03-10', '2025-03-11']));
    const drafts = s.timesheets.filter((t) => t.user === MAYA && t.fromDate === '2025-03-10');
    expect(drafts).toMatchObject([{ status: 'draft', toDate: '2025-03-16', comments: '' }]);
    expect(hers.every((l) => l.timesheetId === drafts[0].timesheetId && l.approvalStatus === 'draft')).toBe(true);
    const others = week.filter((l) => l.user !== MAYA);
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((l) => l.timesheetId === null)).toBe(true);
  });

  it('has no timesheet for this week on a Monday, when nothing of the week is logged yet', async () => {
    const monday = await startSandbox({ today: '2025-03-10' });
    try {
      expect(monday.state().timesheets.filter((t) => t.fromDate === '2025-03-10')).toEqual([]);
    } finally {
      await monday.close();
    }
  });

  it('is the same company for the same today and seed, and a different one for another seed', async () => {
    const [a, b, c] = await Promise.all([
      startSandbox({ today: TODAY }),
      startSandbox({ today: TODAY }),
      startSandbox({ today: TODAY, seed: 7 }),
    ]);
    try {
      expect(a.state()).toEqual(b.state());
      expect(a.state().timeLogs.map((l) => l.minutes)).not.toEqual(c.state().timeLogs.map((l) => l.minutes));
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });

  it('lists the whole company for an admin with user=all, the team for a manager, and oneself otherwise', async () => {
    const everyone = (await api('GET', 'gettimesheet', { user: 'all' })).body.result as Array<{ employeeEmail: string }>;
    expect(new Set(everyone.map((t) => t.employeeEmail)).size).toBeGreaterThan(6);
    const own = (await api('GET', 'gettimesheet', { user: 'all' }, liamToken)).body.result as Array<{ employeeEmail: string }>;
    expect(new Set(own.map((t) => t.employeeEmail))).toEqual(new Set([LIAM]));
    const refused = await api('GET', 'gettimesheet', { user: MAYA }, liamToken);
    expect([refused.status, refused.body.error?.code]).toEqual([403, 9000]);
  });
});

describe('timesheet transitions', () => {
  it('creates a pending timesheet from the unattached logs of the range when sent for approval, and refuses an empty one', async () => {
    const created = await api(
      'POST',
      'createtimesheet',
      {
        user: LIAM,
        timesheetName: 'This week',
        fromDate: '2025-03-10',
        toDate: '2025-03-16',
        sendforApproval: 'true',
      },
      liamToken,
    );
    expect(created.status).toBe(200);
    const [id] = created.body.result.timesheetId as string[];
    const d = await details(id, liamToken);
    expect(d.timesheet.status).toBe('pending');
    expect(d.timeLogs.length).toBeGreaterThan(0);
    expect(
      d.timeLogs.every((l: { approvalStatus: string; workDate: string }) => l.approvalStatus === 'pending' && l.workDate < TODAY),
    ).toBe(true);
    const again = await api(
      'POST',
      'createtimesheet',
      { user: LIAM, timesheetName: 'Again', fromDate: '2025-03-10', toDate: '2025-03-16' },
      liamToken,
    );
    expect(again.body.error?.code).toBe(7024);
  });

  it('rejects with a comment, lets the rejected log be edited, resubmits through modifytimesheet, then locks it', async () => {
    const sheet = sb.state().timesheets.find((t) => t.user === LIAM && t.status === 'pending' && t.fromDate === '2025-03-03')!;
    const rejected = await api('POST', 'approvetimesheet', {
      timesheetId: sheet.timesheetId,
      approvalStatus: 'rejected',
      comments: 'Tuesday looks short',
    });
    expect(rejected.status).toBe(200);
    const listed = (await api('GET', 'gettimesheet', { user: LIAM, approvalStatus: 'rejected' }, liamToken)).body.result;
    expect(listed.find((t: { recordId: string }) => t.recordId === sheet.timesheetId).comments).toBe('Tuesday looks short');
    const log = (await details(sheet.timesheetId, liamToken)).timeLogs[0];
    const edited = await api('POST', 'edittimelog', { timeLogId: log.timelogId, hours: '01:15', description: 'fixed' }, liamToken);
    expect(edited.status).toBe(200);
    expect((await api('GET', 'gettimelogdetails', { timeLogId: log.timelogId }, liamToken)).body.result[0].hours).toBe('01:15');
    const resubmitted = await api('POST', 'modifytimesheet', { timesheetId: sheet.timesheetId, sendforApproval: 'true' }, liamToken);
    expect(resubmitted.body.result.timesheetId).toBe(sheet.timesheetId);
    expect((await details(sheet.timesheetId, liamToken)).timesheet.status).toBe('pending');
    const locked = await api('POST', 'edittimelog', { timeLogId: log.timelogId, hours: '02:00' }, liamToken);
    expect([locked.status, locked.body.error?.code]).toEqual([409, 8005]);
    const lockedDelete = await api('POST', 'deletetimelog', { timeLogId: log.timelogId }, liamToken);
    expect(lockedDelete.body.error?.code).toBe(8005);
    const twice = await api('POST', 'modifytimesheet', { timesheetId: sheet.timesheetId, sendforApproval: 'true' }, liamToken);
    expect(twice.status).toBe(409);
  });

  it('approves a sheet once every log is approved, and rejects it when a log is rejected and none waits', async () => {
    const sheet = sb.state().timesheets.find((t) => t.user === 'sofia.garcia@demo.punchcard.test' && t.status === 'pending')!;
    const logs = (await details(sheet.timesheetId)).timeLogs.map((l: { timelogId: string }) => l.timelogId) as string[];
    const [first, ...rest] = logs;
    await api('POST', 'approvetimesheet', {
      timesheetId: sheet.timesheetId,
      approvalStatus: 'approved',
      timeLogs: JSON.stringify({ [first]: 'approved' }),
    });
    let d = await details(sheet.timesheetId);
    expect(d.timesheet.status).toBe('pending');
    expect(d.timeLogs.find((l: { timelogId: string }) => l.timelogId === first).approvalStatus).toBe('approved');
    await api('POST', 'approvetimesheet', {
      timesheetId: sheet.timesheetId,
      timeLogs: JSON.stringify(Object.fromEntries(rest.map((id, i) => [id, i === 0 ? 'rejected' : 'approved']))),
    });
    d = await details(sheet.timesheetId);
    expect(d.timesheet.status).toBe('rejected');

    const ethanSheet = sb.state().timesheets.find((t) => t.user === 'ethan.brown@demo.punchcard.test' && t.status === 'pending')!;
    const ethanLogs = sb.state().timeLogs.filter((l) => l.timesheetId === ethanSheet.timesheetId && l.approvalStatus === 'pending');
    await api('POST', 'approvetimesheet', {
      timesheetId: ethanSheet.timesheetId,
      timeLogs: JSON.stringify(Object.fromEntries(ethanLogs.map((l) => [l.timeLogId, 'approved']))),
    });
    expect((await details(ethanSheet.timesheetId)).timesheet.status).toBe('approved');
    const stranger = await api('POST', 'approvetimesheet', { timesheetId: ethanSheet.timesheetId, timeLogs: '{"1":"approved"}' });
    expect(stranger.status).toBe(409);
  });

  it('advances a two-level timesheet one level per approval, and all levels at once with isAllLevelApprove', async () => {
    const waiting = sb.state().timesheets.filter((t) => t.user === NOAH && t.status === 'pending' && t.approvedLevels === 0)[0];
    const first = await api('POST', 'approvetimesheet', { timesheetId: waiting.timesheetId, approvalStatus: 'approved' });
    expect(first.body.result.message).toMatch(/level 1 of 2/);
    expect((await details(waiting.timesheetId)).timesheet).toMatchObject({ status: 'pending', approvedLevels: 1, approvalLevels: 2 });
    await api('POST', 'approvetimesheet', { timesheetId: waiting.timesheetId, approvalStatus: 'approved' });
    expect((await details(waiting.timesheetId)).timesheet.status).toBe('approved');

    const created = await api(
      'POST',
      'createtimesheet',
      { user: NOAH, timesheetName: 'Now', fromDate: '2025-03-10', toDate: '2025-03-16', sendforApproval: 'true' },
      noahToken,
    );
    const [id] = created.body.result.timesheetId;
    await api('POST', 'approvetimesheet', { timesheetId: id, approvalStatus: 'approved', isAllLevelApprove: 'true' });
    expect((await details(id)).timesheet).toMatchObject({ status: 'approved', approvedLevels: 2 });
    const own = await api('POST', 'approvetimesheet', { timesheetId: id }, noahToken);
    expect(own.body.error?.code).toBe(9000);
  });

  it("sends maya's draft week for approval with modifytimesheet, taking along a log added to the week since", async () => {
    const draft = sb.state().timesheets.find((t) => t.user === MAYA && t.fromDate === '2025-03-10')!;
    const jobId = sb.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(MAYA))!.jobId;
    const added = await api('POST', 'addtimelog', { user: MAYA, workDate: TODAY, jobId, hours: '01:30' });
    const newId = added.body.result[0].timeLogId as string;
    const before = (await details(draft.timesheetId)).timeLogs.length;
    const sent = await api('POST', 'modifytimesheet', { timesheetId: draft.timesheetId, sendforApproval: 'true' });
    expect(sent.status).toBe(200);
    const d = await details(draft.timesheetId);
    expect(d.timesheet.status).toBe('pending');
    expect(d.timeLogs).toHaveLength(before + 1);
    expect(d.timeLogs.map((l: { timelogId: string }) => l.timelogId)).toContain(newId);
    expect(d.timeLogs.every((l: { approvalStatus: string }) => l.approvalStatus === 'pending')).toBe(true);
  });

  it('deletes a draft timesheet leaving its logs unattached, and refuses to delete an approved one', async () => {
    const draft = sb.state().timesheets.find((t) => t.user === MAYA && t.status === 'draft')!;
    const logIds = sb
      .state()
      .timeLogs.filter((l) => l.timesheetId === draft.timesheetId)
      .map((l) => l.timeLogId);
    expect((await api('POST', 'deletetimesheet', { timesheetId: draft.timesheetId })).status).toBe(200);
    expect(
      sb
        .state()
        .timeLogs.filter((l) => logIds.includes(l.timeLogId))
        .every((l) => l.timesheetId === null),
    ).toBe(true);
    expect((await api('GET', 'gettimesheetdetails', { timesheetId: draft.timesheetId })).body.error?.code).toBe(9008);
    const approved = sb.state().timesheets.find((t) => t.user === MAYA && t.status === 'approved')!;
    expect((await api('POST', 'deletetimesheet', { timesheetId: approved.timesheetId })).status).toBe(409);
  });

  it('lets the manager decision hook act on a pending sheet', () => {
    const pending = sb.state().timesheets.find((t) => t.user === MAYA && t.status === 'pending')!;
    sb.decide(pending.timesheetId, 'rejected', 'not yet');
    expect(sb.state().timesheets.find((t) => t.timesheetId === pending.timesheetId)).toMatchObject({
      status: 'rejected',
      comments: 'not yet',
    });
  });
});

describe('time log rules', () => {
  const add = (p: Params) => api('POST', 'addtimelog', { user: MAYA, workDate: TODAY, hours: '01:00', jobName: 'Backend API', ...p });

  it('refuses a future date with 8003 and "future date" in the message', async () => {
    const r = await add({ workDate: '2025-03-13' });
    expect([r.status, r.body.error?.code]).toEqual([400, 8003]);
    expect(r.body.error?.message).toMatch(/future date/);
  });

  it('counts the other logs of the day against the maximum hours per day', async () => {
    const yesterday = '2025-03-11';
    const logged = sb
      .state()
      .timeLogs.filter((l) => l.user === MAYA && l.workDate === yesterday)
      .reduce((s, l) => s + l.minutes, 0);
    const room = 600 - logged;
    const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    expect((await add({ workDate: yesterday, hours: hhmm(room + 15) })).body.error?.code).toBe(8002);
    const fits = await add({ workDate: yesterday, hours: hhmm(room) });
    expect(fits.status).toBe(200);
    expect(fits.body.result[0].timeLogId).toMatch(/^\d{18}$/);
  });

  it('needs a job: none is 8000, an unknown or completed one 8001', async () => {
    expect((await add({ jobName: '' })).body.error?.code).toBe(8000);
    expect((await add({ jobName: 'No Such Job' })).body.error?.code).toBe(8001);
    expect((await add({ jobName: 'Legacy Import' })).body.error?.code).toBe(8001);
  });

  it('checks formats, required parameters, the past-days window and holidays', async () => {
    expect((await add({ hours: '7:75' })).body.error?.code).toBe(9003);
    expect((await add({ hours: '00:00' })).body.error?.code).toBe(9003);
    expect((await add({ workDate: '12-03-2025' })).body.error?.code).toBe(9004);
    expect((await add({ user: '' })).body.error?.code).toBe(9002);
    expect((await add({ workDate: '2025-01-01' })).body.error?.code).toBe(8004);
    const holiday = sb.state().holidays[0].date;
    expect((await add({ workDate: holiday })).body.error?.code).toBe(8008);
    expect((await add({ workDate: '2025-03-09' })).status).toBe(200); // a Sunday: weekends are allowed
  });

  it('answers an empty array for an unknown time log', async () => {
    const r = await api('GET', 'gettimelogdetails', { timeLogId: '999999999999999999' });
    expect(r.body.result).toEqual([]);
  });
});

describe('payroll report', () => {
  it('splits approved hours into regular up to 8 h a day and overtime, and prices them', async () => {
    const from = '2025-02-03';
    const to = '2025-02-09';
    const r = await api('GET', 'getpayrollreport', { user: LIAM, fromDate: from, toDate: to, dateFormat: 'yyyy-MM-dd' });
    const perDay = new Map<string, number>();
    for (const l of sb.state().timeLogs) {
      if (l.user === LIAM && l.approvalStatus === 'approved' && l.workDate >= from && l.workDate <= to)
        perDay.set(l.workDate, (perDay.get(l.workDate) ?? 0) + l.minutes);
    }
    const reg = [...perDay.values()].reduce((s, m) => s + Math.min(m, 480), 0);
    const ot = [...perDay.values()].reduce((s, m) => s + Math.max(0, m - 480), 0);
    const [rec] = r.body.result;
    expect(rec.regularHour).toBe(`${String(Math.floor(reg / 60)).padStart(2, '0')}:${String(reg % 60).padStart(2, '0')}`);
    expect(rec.totalAmount).toBe(((58 * (reg + 1.5 * ot)) / 60).toFixed(2));
  });

  it('refuses a range over 31 days, a reversed range and a processed pay period', async () => {
    const q = (fromDate: string, toDate: string) =>
      api('GET', 'getpayrollreport', { user: 'all', fromDate, toDate, dateFormat: 'yyyy-MM-dd' });
    expect((await q('2025-01-01', '2025-02-15')).body.error?.code).toBe(9007);
    expect((await q('2025-02-10', '2025-02-01')).body.error?.code).toBe(9006);
    const period = sb.state().processedPayPeriods[0];
    expect((await q(period.fromDate, period.toDate)).body.error?.code).toBe(9009);
  });
});
