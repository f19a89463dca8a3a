/**
 * People by their names wherever a person is meant (issue 24), over a real sandbox whose timesheet list names nobody
 * (`timesheetListEmployee: 'none'`) and whose details name the employee only on their time logs
 * (`timesheetDetailEmployee: 'logs'`: `employeeEmail` and `erecno` on each log): the Team list, the review and the
 * decisions name each person by first and last name, from the employee directory kept on disk, or from one read of
 * each person, kept; an email only where the service shows no record. Payroll rows the service names by email only
 * get their names, Employee IDs and the company's currency.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { memorySecrets } from '../../src/core/account';
import { createPunchcard, type Punchcard } from '../../src/core';
import { startSandbox } from '../../src/sandbox';
import type { Sandbox, SandboxOptions } from '../../src/sandbox';
import type { DecisionOutcome, PayrollRecord, Timesheet, TimesheetDetail } from '../../src/shared/domain';
import { payrollCsv } from '../../src/shared/team/payroll';
import { batchLine, whoOf as whoIn } from '../../src/renderer/src/team-words';
import { englishWording } from '../../src/shared/i18n/english';

import { call } from '../fixtures/core-over-sandbox';
import { removeDir, tempDir } from '../fixtures/temp-dirs';
import { runningClock, TEST_TODAY } from '../fixtures/test-clock';

/** Whose a row is, in the app's English words. */
const whoOf = (t: Timesheet) => whoIn(englishWording(), t);

const UNNAMED: SandboxOptions = { timesheetListEmployee: 'none', timesheetDetailEmployee: 'logs' };
const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of open.splice(0).reverse()) await close();
});

async function sandbox(opts: SandboxOptions): Promise<Sandbox> {
  const sb = await startSandbox({ today: TEST_TODAY, ...opts });
  open.push(() => sb.close());
  return sb;
}

/** A core as `user` (default: Maya, manager and HR admin) on `sb`; `dir` shares a data directory (another process). */
async function coreOn(sb: Sandbox, opts: { dir?: string; token?: string; user?: string } = {}): Promise<{ core: Punchcard; dir: string }> {
  const dir = opts.dir ?? tempDir('punch-names-');
  const core = await createPunchcard({
    dataDir: dir,
    secrets: memorySecrets(),
    autoSync: false,
    clock: runningClock(),
    env: { baseUrl: sb.url, token: opts.token ?? sb.demoToken, user: opts.user ?? sb.demoUser },
    pacing: { policy: { timetrackerRate: { limit: Number.POSITIVE_INFINITY, windowMs: 60_000 } }, sharedBudget: false },
  });
  open.push(async () => {
    await core.close();
    if (!opts.dir) removeDir(dir);
  });
  return { core, dir };
}

const api = (sb: Sandbox) => sb.requests().filter((r) => r.path.startsWith('/api/'));
const forms = (sb: Sandbox) => api(sb).filter((r) => r.path.startsWith('/api/forms/'));
const fullName = (sb: Sandbox, email: string) => {
  const e = sb.state().employees.find((x) => x.email === email)!;
  return `${e.firstName} ${e.lastName}`;
};
/** The team's pending timesheets (the demo manager's), as the service holds them. */
const pendingOfTeam = (sb: Sandbox) => sb.state().timesheets.filter((t) => t.status === 'pending' && t.user !== sb.demoUser);

describe("the Team list where neither the list nor the timesheet names the employee, only the timesheet's logs", () => {
  it('names every row by first and last name from the directory on disk, asking the service for no employee', async () => {
    const sb = await sandbox(UNNAMED);
    const { core } = await coreOn(sb);
    // HR searched the employees once: the directory is kept on disk (employees.json)
    await call(core, 'findEmployees', { query: '' });
    sb.resetRequests();

    const rows = await call<Timesheet[]>(core, 'listTeamTimesheets', {});
    const expected = pendingOfTeam(sb).map((t) => [t.timesheetId, fullName(sb, t.user)]);
    expect(rows.map((t) => [t.recordId, whoOf(t)]).sort()).toEqual(expected.sort());
    expect(forms(sb)).toEqual([]);

    // the review and the line after "Approve N" name them too, without another read of anyone
    const first = rows[0];
    const detail = await call<TimesheetDetail>(core, 'getTimesheet', { id: first.recordId });
    expect(detail.employeeName).toBe(fullName(sb, pendingOfTeam(sb).find((t) => t.timesheetId === first.recordId)!.user));
    const ids = rows.slice(0, 3).map((t) => t.recordId);
    const outcomes = await call<DecisionOutcome[]>(core, 'decideTimesheets', { ids, decision: 'approved' });
    const names = ids.map((id) => fullName(sb, sb.state().timesheets.find((t) => t.timesheetId === id)!.user));
    expect(batchLine(englishWording(), outcomes, 'approved')).toContain(`: ${[...new Set(names)].sort()[0]}`);
    expect(batchLine(englishWording(), outcomes, 'approved')).not.toMatch(/@|not named/);
    expect(forms(sb)).toEqual([]);
  });

  it('without a directory, reads each person once by the record id their logs give, and keeps them for the next process', async () => {
    const sb = await sandbox(UNNAMED);
    const { core, dir } = await coreOn(sb);
    sb.resetRequests();
    const rows = await call<Timesheet[]>(core, 'listTeamTimesheets', {});
    const people = new Set(pendingOfTeam(sb).map((t) => t.user));
    expect(rows.map(whoOf).sort()).toEqual(
      pendingOfTeam(sb)
        .map((t) => fullName(sb, t.user))
        .sort(),
    );
    // one read per person (getDataByID with the logs' erecno), not one per timesheet
    const reads = forms(sb);
    expect(reads.every((r) => r.path.endsWith('/getDataByID'))).toBe(true);
    expect(new Set(reads.map((r) => r.params.recordId)).size).toBe(reads.length);
    expect(reads).toHaveLength(people.size);

    sb.resetRequests();
    await call<Timesheet[]>(core, 'listTeamTimesheets', {});
    expect(forms(sb)).toEqual([]);
    await core.close();

    const next = await coreOn(sb, { dir });
    sb.resetRequests();
    const again = await call<Timesheet[]>(next.core, 'listTeamTimesheets', {});
    expect(again.map(whoOf).sort()).toEqual(rows.map(whoOf).sort());
    // kept on disk: no detail read, no person read
    expect(api(sb).filter((r) => /gettimesheetdetails|forms\//.test(r.path))).toEqual([]);
    removeDir(dir);
  });

  it('says the email where the user may not read employee records, never "not named"; refused once, not per person', async () => {
    const sb = await sandbox(UNNAMED);
    // a manager whose token has no forms scope: employee records are refused (9000)
    const token = sb.issueToken({ user: sb.demoUser, scopes: ['timetracker.ALL'] });
    const { core } = await coreOn(sb, { token });
    sb.resetRequests();
    const rows = await call<Timesheet[]>(core, 'listTeamTimesheets', {});
    expect(rows.map(whoOf).sort()).toEqual(
      pendingOfTeam(sb)
        .map((t) => t.user)
        .sort(),
    );
    expect(forms(sb)).toHaveLength(1);
  });
});

describe('payroll rows the service names by email only', () => {
  it('are named from the directory, with their Employee IDs, and the company currency in the CSV', async () => {
    const sb = await sandbox({ payrollEmployeeField: 'Email_ID', payrollCurrency: null, companyCurrency: 'EUR' });
    const { core } = await coreOn(sb);
    await call(core, 'findEmployees', { query: '' });
    sb.resetRequests();
    const rows = await call<PayrollRecord[]>(core, 'payrollReport', { from: `${TEST_TODAY.slice(0, 8)}01`, to: TEST_TODAY });
    expect(rows.length).toBeGreaterThan(5);
    const byEmail = new Map(sb.state().employees.map((e) => [e.email, e]));
    for (const r of rows) {
      const e = byEmail.get(r.employeeEmail!)!;
      expect([r.employeeName, r.employeeId, r.extra.currency]).toEqual([`${e.firstName} ${e.lastName}`, e.employeeId, 'EUR']);
    }
    expect(forms(sb)).toEqual([]);
    const [header, line] = payrollCsv(rows).split('\r\n');
    const cells = line.split(',');
    const col = (name: string) => cells[header.split(',').indexOf(name)];
    expect(col('Employee')).not.toContain('@');
    expect(col('Employee ID')).toMatch(/\S/);
    expect(col('Currency')).toBe('EUR');
  });

  it('read the directory once when it is not on disk, rather than each person', async () => {
    const sb = await sandbox({ payrollEmployeeField: 'Email_ID' });
    const { core } = await coreOn(sb);
    sb.resetRequests();
    const rows = await call<PayrollRecord[]>(core, 'payrollReport', { from: `${TEST_TODAY.slice(0, 8)}01`, to: TEST_TODAY });
    expect(rows.every((r) => r.employeeName && !r.employeeName.includes('@'))).toBe(true);
    // the directory's pages (a company of a dozen: one), no read per person
    expect(forms(sb).map((r) => r.path.split('/').at(-1))).toEqual(['records']);
  });
});
