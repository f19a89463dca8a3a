/** @inner src/core/team/payroll.ts */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AccountInfo } from '../../src/shared/domain';
import type { Session } from '../../src/core/context';
import { createServiceClient, AuthError, InvalidInputError, SANDBOX_POLICY } from '../../src/core/service';
import { teamHandlers } from '../../src/core/team';
import { mergePayroll, payrollPeriods } from '../../src/core/team/payroll';
import { startSandbox } from '../../src/sandbox';
import type { Sandbox } from '../../src/sandbox';
import { wallClock } from '../fixtures/test-timers';

const TODAY = '2026-11-18';
const clock = wallClock(() => new Date(2026, 10, 18, 10, 0).getTime());

/** A session around one sandbox token, as a signed-in account would have. */
function sessionAs(sb: Sandbox, user: string, token: string): Session {
  const client = createServiceClient({ baseUrl: sb.url, getToken: async () => token, policy: SANDBOX_POLICY });
  const account: AccountInfo = {
    kind: 'service',
    baseUrl: sb.url,
    user,
    authMethod: 'token',
    authScheme: 'Zoho-oauthtoken',
    signedIn: true,
  };
  return { client: () => client, user: () => user, account: () => account, onChange: () => () => {} };
}

let sb: Sandbox;
let team: ReturnType<typeof teamHandlers>;
const sheetOf = (user: string, fromDate: string) => {
  const t = sb.state().timesheets.find((s) => s.user === user && s.fromDate === fromDate);
  if (!t) throw new Error(`seed has no timesheet of ${user} for ${fromDate}`);
  return t;
};

beforeAll(async () => {
  sb = await startSandbox({ today: TODAY });
});
afterAll(async () => {
  await sb.close();
});
beforeEach(() => {
  team = teamHandlers({ session: sessionAs(sb, sb.demoUser, sb.demoToken), clock });
  sb.resetRequests();
});

describe('team timesheets', () => {
  it('lists the pending timesheets of the last 8 weeks by default, without her own', async () => {
    const listed = await team.listTeamTimesheets({});
    // nobody approves their own: the demo manager's own pending week is not on her team's list
    const expected = sb
      .state()
      .timesheets.filter((t) => t.status === 'pending' && t.user !== sb.demoUser)
      .map((t) => t.timesheetId)
      .sort();
    expect(sb.state().timesheets.some((t) => t.status === 'pending' && t.user === sb.demoUser)).toBe(true);
    expect(listed.map((t) => t.recordId).sort()).toEqual(expected);
    expect(listed.every((t) => t.status === 'pending')).toBe(true);
    const req = sb.requests().find((r) => r.path.endsWith('gettimesheet'))!;
    expect(req.params).toMatchObject({ user: 'all', approvalStatus: 'pending', fromDate: '2026-09-23', toDate: TODAY });
  });

  it("shows a manager only their own team's pending weeks", async () => {
    const daniel = 'daniel.okafor@demo.punchcard.test';
    const asDaniel = teamHandlers({ session: sessionAs(sb, daniel, sb.issueToken({ user: daniel, scopes: ['timetracker.ALL'] })), clock });
    const listed = await asDaniel.listTeamTimesheets({});
    const teamEmails = sb
      .state()
      .employees.filter((e) => e.managerEmail === daniel)
      .map((e) => e.email);
    expect(new Set(listed.map((t) => t.employeeEmail))).toEqual(
      new Set(
        sb
          .state()
          .timesheets.filter((t) => t.status === 'pending' && teamEmails.includes(t.user))
          .map((t) => t.user),
      ),
    );
    expect(listed.length).toBeGreaterThan(0);
  });

  it('refuses a range that ends before it starts, before asking the service', async () => {
    await expect(team.listTeamTimesheets({ from: '2026-11-10', to: '2026-11-01' })).rejects.toThrow(InvalidInputError);
    expect(sb.requests()).toHaveLength(0);
  });

  it('rejects a week with a comment that the detail then shows', async () => {
    const sheet = sheetOf('sofia.garcia@demo.punchcard.test', '2026-11-09');
    const detail = await team.decideTimesheet({
      id: sheet.timesheetId,
      decision: 'rejected',
      comments: 'Add the Monday stand-up, please.',
    });
    expect(detail.status).toBe('rejected');
    expect(detail.comments).toBe('Add the Monday stand-up, please.');
    const reread = await team.getTimesheet({ id: sheet.timesheetId });
    expect(reread.comments).toBe('Add the Monday stand-up, please.');
    const rejected = await team.listTeamTimesheets({ status: 'rejected', user: 'sofia.garcia@demo.punchcard.test' });
    expect(rejected.map((t) => t.recordId)).toContain(sheet.timesheetId);
  });

  it('approves single time logs and leaves the rest of the week pending', async () => {
    const sheet = sheetOf('liam.chen@demo.punchcard.test', '2026-11-09');
    const before = await team.getTimesheet({ id: sheet.timesheetId });
    expect(before.timeLogs.length).toBeGreaterThan(1);
    const [first, ...rest] = before.timeLogs;
    const after = await team.decideTimesheet({ id: sheet.timesheetId, decision: 'approved', logs: { [first.timeLogId]: 'approved' } });
    expect(after.timeLogs.find((l) => l.timeLogId === first.timeLogId)?.approvalStatus).toBe('approved');
    for (const l of rest) expect(after.timeLogs.find((x) => x.timeLogId === l.timeLogId)?.approvalStatus).toBe('pending');
    expect(after.status).toBe('pending');
    const sent = sb.requests().find((r) => r.path.endsWith('approvetimesheet'))!;
    expect(JSON.parse(sent.params.timeLogs)).toEqual({ [first.timeLogId]: 'approved' });
  });

  it('needs two approvals for a two-level employee, or one all-level approval', async () => {
    const noah = 'noah.kim@demo.punchcard.test';
    const oneLevel = await team.decideTimesheet({ id: sheetOf(noah, '2026-11-02').timesheetId, decision: 'approved' });
    expect(oneLevel.status).toBe('pending');
    const allLevels = await team.decideTimesheet({ id: sheetOf(noah, '2026-11-09').timesheetId, decision: 'approved', allLevels: true });
    expect(allLevels.status).toBe('approved');
    const sent = sb
      .requests()
      .filter((r) => r.path.endsWith('approvetimesheet'))
      .map((r) => r.params.isAllLevelApprove);
    expect(sent).toEqual([undefined, 'true']);
  });

  it('deletes a timesheet', async () => {
    const sheet = sheetOf('ava.johnson@demo.punchcard.test', '2026-11-09');
    expect(await team.deleteTimesheet({ id: sheet.timesheetId })).toEqual({ deleted: true });
    expect(sb.state().timesheets.some((t) => t.timesheetId === sheet.timesheetId)).toBe(false);
  });
});

describe('payroll report', () => {
  it('asks for two months one month at a time and adds them up per employee', async () => {
    const merged = await team.payrollReport({ from: '2026-09-01', to: '2026-10-31' });
    const calls = sb.requests().filter((r) => r.path.endsWith('getpayrollreport'));
    expect(calls.map((r) => [r.params.fromDate, r.params.toDate, r.params.user])).toEqual([
      ['2026-09-01', '2026-09-30', 'all'],
      ['2026-10-01', '2026-10-31', 'all'],
    ]);
    // The same two months read directly, summed by hand, give the same answer.
    const client = sessionAs(sb, sb.demoUser, sb.demoToken).client();
    const sep = await client.payrollReport({ user: 'all', fromDate: '2026-09-01', toDate: '2026-09-30' });
    const oct = await client.payrollReport({ user: 'all', fromDate: '2026-10-01', toDate: '2026-10-31' });
    const liam = (rs: typeof sep) => rs.find((r) => r.employeeEmail === 'liam.chen@demo.punchcard.test')!;
    const m = liam(merged);
    const minutes = (h: string) => Number(h.split(':')[0]) * 60 + Number(h.split(':')[1]);
    expect(minutes(m.regularHour)).toBe(minutes(liam(sep).regularHour) + minutes(liam(oct).regularHour));
    expect(Number(m.totalAmount)).toBeCloseTo(Number(liam(sep).totalAmount) + Number(liam(oct).totalAmount), 2);
    expect(minutes(m.regularHour)).toBeGreaterThan(0);
    expect(merged).toHaveLength(new Set(merged.map((r) => r.employeeEmail)).size);
  });

  it('makes one call for a range of a month or less, even across a month end', async () => {
    await team.payrollReport({ from: '2026-09-20', to: '2026-10-15', user: 'liam.chen@demo.punchcard.test' });
    const calls = sb.requests().filter((r) => r.path.endsWith('getpayrollreport'));
    expect(calls.map((r) => [r.params.fromDate, r.params.toDate, r.params.user])).toEqual([
      ['2026-09-20', '2026-10-15', 'liam.chen@demo.punchcard.test'],
    ]);
  });
});

describe('payroll periods', () => {
  it.each([
    [
      '2026-01-15',
      '2026-03-10',
      [
        ['2026-01-15', '2026-01-31'],
        ['2026-02-01', '2026-02-28'],
        ['2026-03-01', '2026-03-10'],
      ],
    ],
    [
      '2028-02-01',
      '2028-03-31',
      [
        ['2028-02-01', '2028-02-29'],
        ['2028-03-01', '2028-03-31'],
      ],
    ],
    [
      '2026-12-20',
      '2027-01-25',
      [
        ['2026-12-20', '2026-12-31'],
        ['2027-01-01', '2027-01-25'],
      ],
    ],
    ['2026-03-01', '2026-03-31', [['2026-03-01', '2026-03-31']]],
    [
      '2026-01-01',
      '2026-02-01',
      [
        ['2026-01-01', '2026-01-31'],
        ['2026-02-01', '2026-02-01'],
      ],
    ],
  ])('splits %s..%s into month-sized calls', (from, to, expected) => {
    expect(payrollPeriods(from, to).map((p) => [p.from, p.to])).toEqual(expected);
  });

  it('adds hours past 24 and amounts in cents', () => {
    const r = (h: string, amount: string) => ({
      employeeId: 'E1',
      regularHour: h,
      OtHours: '00:30',
      paidLeaveHours: '00:00',
      totalAmount: amount,
      extra: { currency: 'EUR' },
    });
    expect(mergePayroll([[r('150:45', '0.10')], [r('30:30', '0.20')]])).toEqual([
      {
        employeeId: 'E1',
        regularHour: '181:15',
        OtHours: '01:00',
        paidLeaveHours: '00:00',
        totalAmount: '0.30',
        extra: { currency: 'EUR' },
      },
    ]);
  });
});

describe('employee records', () => {
  it('searches by email and by employee id with the right search column', async () => {
    const liam = sb.state().employees.find((e) => e.email === 'liam.chen@demo.punchcard.test')!;
    const byEmail = await team.listEmployees({ email: liam.email });
    const byId = await team.listEmployees({ employeeId: liam.employeeId });
    expect(byEmail.map((e) => e.recordId)).toEqual([liam.recordId]);
    expect(byId.map((e) => e.email)).toEqual([liam.email]);
    const cols = sb
      .requests()
      .filter((r) => r.path.endsWith('/records'))
      .map((r) => [r.params.searchColumn, r.params.searchValue]);
    expect(cols).toEqual([
      ['EMPLOYEEMAILALIAS', liam.email],
      ['EMPLOYEEID', liam.employeeId],
    ]);
    await expect(team.listEmployees({ email: liam.email, employeeId: liam.employeeId })).rejects.toThrow(/not both/);
  });

  it('adds a record, reads it back, updates it, and lists it as modified since', async () => {
    const before = Date.now() - 1; // the sandbox stamps a record's modified time with the real clock
    const added = await team.addEmployee({
      fields: { 'First Name': 'Iris', 'Last Name': 'Novak', Email: 'iris.novak@demo.punchcard.test', 'Employee ID': 'E-9001' },
    });
    expect(added).toMatchObject({ firstName: 'Iris', lastName: 'Novak', email: 'iris.novak@demo.punchcard.test', employeeId: 'E-9001' });
    expect(sb.state().employees.some((e) => e.recordId === added.recordId)).toBe(true);
    const updated = await team.updateEmployee({ recordId: added.recordId, fields: { 'Last Name': 'Novak-Berg' } });
    expect(updated.lastName).toBe('Novak-Berg');
    expect((await team.getEmployee({ recordId: added.recordId })).lastName).toBe('Novak-Berg');
    const changed = await team.listEmployees({ modifiedSince: before });
    expect(changed.map((e) => e.recordId)).toContain(added.recordId);
    const params = sb
      .requests()
      .filter((r) => r.path.endsWith('/records'))
      .at(-1)!.params;
    expect(params.modifiedtime).toBe(String(before));
  });

  it('refuses to add with a read-only token but still lets it read', async () => {
    const readOnly = teamHandlers({
      session: sessionAs(sb, sb.demoUser, sb.issueToken({ user: sb.demoUser, scopes: ['forms.READ'] })),
      clock,
    });
    expect((await readOnly.listEmployees({})).length).toBeGreaterThan(5);
    const count = sb.state().employees.length;
    await expect(
      readOnly.addEmployee({
        fields: { 'First Name': 'No', 'Last Name': 'Way', Email: 'no.way@demo.punchcard.test', 'Employee ID': 'E-0' },
      }),
    ).rejects.toBeInstanceOf(AuthError);
    expect(sb.state().employees).toHaveLength(count);
  });

  it('says clearly when a record id does not exist', async () => {
    await expect(team.getEmployee({ recordId: '499999999999999999' })).rejects.toThrow(/record/i);
  });
});
