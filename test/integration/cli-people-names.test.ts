/**
 * `punch` names people as the app does (issue 24), against a sandbox whose timesheet list names nobody and whose
 * details name the employee only on their time logs, and whose payroll rows carry only an email and no currency:
 * `punch timesheets`, `punch approve` and `punch payroll --csv` say first and last names, the CSV's Employee ID and
 * Currency columns are filled from the directory and the company's settings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_TODAY } from '../fixtures/test-clock';
import { startCliWorld, type CliWorld } from '../fixtures/cli-harness';

let w: CliWorld;
beforeAll(async () => {
  w = await startCliWorld({
    timesheetListEmployee: 'none',
    timesheetDetailEmployee: 'logs',
    payrollEmployeeField: 'Email_ID',
    payrollCurrency: null,
    companyCurrency: 'EUR',
  });
});
afterAll(async () => {
  await w?.close();
});

const nameOf = (email: string) => {
  const e = w.sandbox.state().employees.find((x) => x.email === email)!;
  return `${e.firstName} ${e.lastName}`;
};
const pendingOfTeam = () => w.sandbox.state().timesheets.filter((t) => t.status === 'pending' && t.user !== w.sandbox.demoUser);

describe('punch says whose by name', () => {
  it('lists the team by first and last name, never "not named" or an email', async () => {
    const r = await w.punch(['timesheets']);
    expect(r.code).toBe(0);
    for (const t of pendingOfTeam()) expect(r.stdout).toContain(nameOf(t.user));
    expect(r.stdout).not.toMatch(/not named|@/);
  });

  it('names the employee after a decision', async () => {
    const target = pendingOfTeam().find((t) => t.approvalLevels === 1)!;
    const r = await w.punch(['approve', target.timesheetId]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^approval recorded; ${nameOf(target.user)}'s timesheet for .+ is now approved\\.`));
    expect(r.stdout).toMatch(new RegExp(`\nEmployee: +${nameOf(target.user)} <${target.user}>\n`));
  });

  it('writes payroll by name with Employee IDs and the company currency', async () => {
    const r = await w.punch(['payroll', '--from', `${TEST_TODAY.slice(0, 8)}01`, '--to', TEST_TODAY, '--csv', '-']);
    expect(r.code).toBe(0);
    const [header, ...lines] = r.stdout.trim().split('\r\n');
    const columns = header.split(',');
    const rows = lines.map((l) => Object.fromEntries(l.split(',').map((c, i) => [columns[i], c])));
    const byEmail = new Map(w.sandbox.state().employees.map((e) => [e.email, e]));
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      const e = byEmail.get(row.Email)!;
      expect([row.Employee, row['Employee ID'], row.Currency]).toEqual([`${e.firstName} ${e.lastName}`, e.employeeId, 'EUR']);
    }
  });
});
