/**
 * HR on the HR tab: the payroll report for last month, an employee found by email, and a new employee added and
 * found again. Maya Patel (the demo user) is an HR admin in the seeded company.
 */
import { addDays } from '../../src/shared/week';
import { expect, localToday, saveScreen, sharedAppPerFile } from './fixtures';

// Two reads and one insert of a fresh employee: the tests do not disturb one another.
const test = sharedAppPerFile();
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

test('the payroll report for last month lists every employee with the approved hours and paid leave', async ({ page, sandbox }) => {
  const firstOfThisMonth = `${localToday().slice(0, 8)}01`;
  const to = addDays(firstOfThisMonth, -1);
  const from = `${to.slice(0, 8)}01`;

  await page.getByRole('tab', { name: 'HR' }).click();
  await expect(page.getByRole('button', { name: 'Payroll report' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('From').fill(from);
  await page.getByLabel('To').fill(to);
  await page.getByRole('button', { name: 'Run report' }).click();

  const state = sandbox.state();
  const rows = page.locator('table tbody tr');
  await expect(rows).toHaveCount(state.employees.length);
  await saveScreen(page, 'hr-payroll');

  // Liam Chen's row matches the service's data: approved hours per day, 8 h regular and the rest overtime.
  const liam = state.employees.find((e) => e.firstName === 'Liam')!;
  const perDay = new Map<string, number>();
  for (const l of state.timeLogs) {
    if (l.user === liam.email && l.approvalStatus === 'approved' && l.workDate >= from && l.workDate <= to) {
      perDay.set(l.workDate, (perDay.get(l.workDate) ?? 0) + l.minutes);
    }
  }
  const regular = [...perDay.values()].reduce((n, m) => n + Math.min(m, 480), 0);
  const overtime = [...perDay.values()].reduce((n, m) => n + Math.max(0, m - 480), 0);
  const leave = liam.leaveDays.filter((d) => d >= from && d <= to).length * 480;
  expect(regular, 'the seeded company has approved hours last month').toBeGreaterThan(0);
  const row = rows.filter({ has: page.getByRole('rowheader', { name: 'Liam Chen' }) });
  await expect(row.locator('td')).toHaveText([hhmm(regular), hhmm(overtime), hhmm(leave), /^\d+\.\d\d$/]);

  // (the app's roles check also asks for one day's report at start: src/main/core/team/roles.ts; not this one)
  const call = sandbox.requests().filter((r) => r.path.endsWith('/getpayrollreport') && r.params.fromDate === from);
  expect(call).toHaveLength(1);
  expect(call[0].params).toMatchObject({ user: 'all' });
});

test('an employee is found by email', async ({ page, sandbox }) => {
  const sofia = sandbox.state().employees.find((e) => e.firstName === 'Sofia')!;
  await page.getByRole('tab', { name: 'HR' }).click();
  await page.getByRole('button', { name: 'Employee records' }).click();
  await page.getByLabel('Email or employee ID').fill(sofia.email);
  await page.getByRole('button', { name: 'Search' }).click();

  const hits = page.locator('.sheet-row');
  await expect(hits).toHaveCount(1);
  await expect(hits).toContainText(`${sofia.firstName} ${sofia.lastName}`);
  await expect(hits).toContainText(sofia.employeeId);

  // Opening it shows the record, with its record id (a different value from the employee id, spec 2.7).
  await hits.click();
  const card = page.getByRole('region', { name: `${sofia.firstName} ${sofia.lastName}` });
  await expect(card).toContainText(sofia.recordId);
  await expect(card).toContainText(sofia.designation);
  // The service's field names read as words (Employeestatus -> Status); nothing shows twice under two names.
  const fact = (label: string) => card.locator(`dt:text-is("${label}") + dd`);
  await expect(fact('Status')).toHaveText(sofia.status);
  await expect(fact('Department')).toHaveText(sofia.department);
  await expect(fact('Designation')).toHaveText(sofia.designation);
  await expect(fact('Employee ID')).toHaveText(sofia.employeeId);
  await expect(fact('Email')).toHaveText(sofia.email);
  await expect(card).not.toContainText('Employeestatus');
  await expect(card.locator('dt')).toHaveText(['Email', 'Employee ID', 'Record ID', 'Department', 'Designation', 'Status']);
  await saveScreen(page, 'hr-search');

  const search = sandbox.requests().filter((r) => r.path.endsWith('/records'));
  expect(search.at(-1)!.params).toMatchObject({ searchColumn: 'EMPLOYEEMAILALIAS', searchValue: sofia.email });
});

test('a new employee is added and can be found by email', async ({ page, sandbox }) => {
  const email = `grace.hopper.${Date.now()}@demo.punchcard.test`;
  await page.getByRole('tab', { name: 'HR' }).click();
  await page.getByRole('button', { name: 'Employee records' }).click();
  await page.getByRole('button', { name: 'Add employee' }).click();
  await expect(page.getByRole('heading', { name: 'Add employee' })).toBeVisible();

  // The required fields say so before anything is sent.
  await page.getByRole('button', { name: 'Add employee' }).click();
  await expect(page.getByText('First Name is required for a new employee.')).toBeVisible();

  await page.getByLabel('First Name').fill('Grace');
  await page.getByLabel('Last Name').fill('Hopper');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Employee ID').fill('PC900');
  await page.getByLabel('Department').fill('Engineering');
  await page.getByLabel('Designation').fill('Compiler Engineer');
  await saveScreen(page, 'hr-add-form');
  await page.getByRole('button', { name: 'Add employee' }).click();
  await expect(page.getByRole('heading', { name: 'Add employee' })).toBeHidden();

  const added = sandbox.state().employees.filter((e) => e.email === email);
  expect(added).toHaveLength(1);
  expect(added[0]).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', employeeId: 'PC900', department: 'Engineering', designation: 'Compiler Engineer' });

  await page.getByLabel('Email or employee ID').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  const hits = page.locator('.sheet-row');
  await expect(hits).toHaveCount(1);
  await expect(hits).toContainText('Grace Hopper');
  await expect(hits).toContainText('PC900');
  await saveScreen(page, 'hr-added-found');
});
