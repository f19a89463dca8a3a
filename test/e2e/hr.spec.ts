/**
 * HR on the HR tab at the tray window's size: the payroll report for last month (a preset) with every row named, a
 * chart of the hours, amounts in the company's currency and its CSV download; a service whose rows name nobody and
 * give no currency; employees found by part of a name typed in lower case; a new employee added and found again.
 * Maya Patel (the demo user) is an HR admin in the seeded company.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { addDays } from '../../src/shared/time/week';
import { appPeriod, expect, localToday, saveScreen, sharedAppPerFile } from './fixtures';

// Reads, one insert of a fresh employee, and switches of the sandbox's payroll fields put back after the test.
const test = sharedAppPerFile();
test.use({ viewport: { width: 420, height: 640 } });

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

async function chooseTheme(page: Page, theme: 'light' | 'dark') {
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page
    .locator('.seg-option')
    .filter({ hasText: theme === 'light' ? 'Light' : 'Dark' })
    .click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/** Nothing wider than the window: neither the page nor the screen scrolls sideways, the page not even down, no text is cut. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => {
    const screen = document.querySelector('.screen')!;
    // leaf elements whose text is wider than their box and hidden past it (screen-reader-only text excepted)
    const cut = [...document.querySelectorAll('.screen *:not(.sr-only)')]
      .filter((el) => {
        const s = getComputedStyle(el);
        return el.children.length === 0 && el.textContent?.trim() && s.overflow === 'hidden' && el.scrollWidth > el.clientWidth + 1;
      })
      .map((el) => el.textContent);
    const page = document.scrollingElement!;
    return { page: [page.scrollWidth, page.scrollHeight], screen: screen.scrollWidth - screen.clientWidth, cut };
  });
  // only the screen area scrolls, and only up and down
  expect(widths).toEqual({ page: [420, 640], screen: 0, cut: [] });
}

test('the payroll report for last month: every row named, a chart, amounts in dollars, and its CSV', async ({ page, sandbox }) => {
  const firstOfThisMonth = `${localToday().slice(0, 8)}01`;
  const to = addDays(firstOfThisMonth, -1);
  const from = `${to.slice(0, 8)}01`;
  await chooseTheme(page, 'light');

  await page.getByRole('tab', { name: 'HR' }).click();
  await expect(page.getByRole('button', { name: 'Payroll report' })).toHaveAttribute('aria-pressed', 'true');
  const period = page.getByRole('group', { name: 'Period' });
  await expect(period.getByRole('button', { name: 'This month' })).toHaveAttribute('aria-pressed', 'true');
  // a preset runs the report at once
  await period.getByRole('button', { name: 'Last month' }).click();

  const state = sandbox.state();
  const rows = page.locator('table tbody tr');
  await expect(rows).toHaveCount(state.employees.length);
  await expect(page.locator('.payroll-period')).toHaveText(appPeriod(from, to));
  const names = state.employees.map((e) => `${e.firstName} ${e.lastName}`).sort();
  // by name, as payroll reads it, the rows without any hours after the others (src/shared/team/payroll.ts payrollOrder)
  const shownNames = (await page.getByRole('rowheader').allTextContents()).filter((t) => t !== 'Total');
  expect([...shownNames].sort()).toEqual(names);
  const noHours = new Set<string>();
  for (const r of await rows.all()) {
    const cells = (await r.locator('td').allTextContents()).slice(0, 3);
    if (cells.every((c) => c.startsWith('00:00'))) noHours.add((await r.getByRole('rowheader').textContent())!);
  }
  const byName = (a: string, b: string) => a.localeCompare(b);
  expect(shownNames).toEqual([...shownNames.filter((n) => !noHours.has(n)).sort(byName), ...[...noHours].sort(byName)]);

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
  const amount = (liam.hourlyRate * (regular + 1.5 * overtime + leave)) / 60;
  const dollars = `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  const row = rows.filter({ has: page.getByRole('rowheader', { name: 'Liam Chen' }) });
  // HH:MM and, beside it, decimal hours (what payroll imports and spreadsheets take)
  const dec = (m: number) => `${(m / 60).toFixed(2)} h`;
  await expect(row.locator('td')).toHaveText([
    `${hhmm(regular)}${dec(regular)}`,
    `${hhmm(overtime)}${dec(overtime)}`,
    `${hhmm(leave)}${dec(leave)}`,
    dollars,
  ]);
  await expect(page.locator('tfoot th')).toHaveText('Total');
  // every amount, and the total, in the same currency format
  for (const cell of await page.locator('tbody td:last-child, tfoot td:last-child').allTextContents())
    expect(cell).toMatch(/^\$\d{1,3}(,\d{3})*\.\d\d$/);
  await expect(page.getByText(/currency not given/)).toHaveCount(0);

  // the chart: one bar per employee, a legend in words, a summary for screen readers, a tooltip per segment
  const chart = page.getByRole('img', { name: /^Hours per employee, / });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAttribute('aria-label', new RegExp(`${state.employees.length} employees`));
  await expect(page.getByRole('list', { name: 'Legend' }).getByRole('listitem')).toHaveText(['Regular', 'Overtime', 'Paid leave']);
  await expect(chart.locator('.pc-label')).toHaveCount(state.employees.length);
  await expect(chart.locator('title', { hasText: `Liam Chen: regular ${hhmm(regular)}` })).toHaveCount(1);
  const box = await chart.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(420);

  // (the app's roles check also asks for one day's report at start: src/core/team/roles.ts; not this one)
  const call = sandbox.requests().filter((r) => r.path.endsWith('/getpayrollreport') && r.params.fromDate === from);
  expect(call).toHaveLength(1);
  expect(call[0].params).toMatchObject({ user: 'all', fromDate: from, toDate: to });

  await expectNoSidewaysScroll(page);
  await saveScreen(page, 'hr-payroll-light');
  await chart.scrollIntoViewIfNeeded();
  await saveScreen(page, 'hr-payroll-chart-light');

  // the CSV: the rows as shown, amounts as plain decimals with their currency (the plain form, for scripts)
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Export the payroll report as CSV' });
  await expect(exportDialog.getByRole('radio', { name: /^As in United States/ })).toBeChecked();
  await exportDialog.getByRole('radio', { name: /^Plain, for scripts/ }).check();
  await saveScreen(page, 'hr-payroll-export-dialog');
  const [download] = await Promise.all([page.waitForEvent('download'), exportDialog.getByRole('button', { name: 'Export' }).click()]);
  await expect(exportDialog).toHaveCount(0);
  expect(download.suggestedFilename()).toBe(`payroll-${from}-to-${to}.csv`);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv.slice(1).split('\r\n');
  expect(lines[0]).toBe(
    'Employee,Email,Employee ID,Regular hours,Regular hours (decimal),Overtime hours,Overtime hours (decimal),Paid leave hours,Paid leave hours (decimal),Amount,Currency',
  );
  expect(lines).toHaveLength(state.employees.length + 2);
  expect(lines).toContain(
    `Liam Chen,${liam.email},${liam.employeeId},${hhmm(regular)},${(regular / 60).toFixed(2)},${hhmm(overtime)},${(overtime / 60).toFixed(2)},${hhmm(leave)},${(leave / 60).toFixed(2)},${amount.toFixed(2)},USD`,
  );
  // the CSV in the order of the screen
  expect(lines.slice(1, -1).map((l) => l.split(',')[0])).toEqual(shownNames);

  await chooseTheme(page, 'dark');
  await page.getByRole('tab', { name: 'HR' }).click();
  await expect(rows).toHaveCount(state.employees.length);
  await expectNoSidewaysScroll(page);
  await saveScreen(page, 'hr-payroll-dark');
  await chart.scrollIntoViewIfNeeded();
  await saveScreen(page, 'hr-payroll-chart-dark');
  await chooseTheme(page, 'light');
});

test('a service whose rows name nobody and give no currency: the report says so, amounts in the company currency', async ({
  page,
  sandbox,
}) => {
  sandbox.configure({ payrollEmployeeField: 'none', payrollCurrency: null });
  try {
    await page.getByRole('tab', { name: 'HR' }).click();
    await page.getByRole('button', { name: 'Custom' }).click();
    const firstOfThisMonth = `${localToday().slice(0, 8)}01`;
    const to = addDays(firstOfThisMonth, -1);
    const from = addDays(to, -13);
    await page.getByLabel('From').fill(from);
    await page.getByLabel('To').fill(to);
    await page.getByRole('button', { name: 'Run report' }).click();

    const count = sandbox.state().employees.length;
    await expect(page.locator('table tbody th')).toHaveCount(count);
    await expect(page.locator('table tbody th')).toHaveText(Array(count).fill('Not named by the service'));
    await expect(page.getByText('The service\u2019s rows do not say which employee they are for')).toBeVisible();
    // the rows carry no currency: the company's own (its settings say USD) is used, never a guessed one
    await expect(page.getByText('currency not given by the service')).toHaveCount(0);
    for (const cell of await page.locator('tbody td:last-child, tfoot td:last-child').allTextContents())
      expect(cell).toMatch(/^\$\d{1,3}(,\d{3})*\.\d\d$/);
    await expect(page.getByRole('img', { name: /^Hours per employee/ })).toBeVisible();
    await saveScreen(page, 'hr-payroll-unnamed-light');
  } finally {
    sandbox.configure({ payrollEmployeeField: 'spec', payrollCurrency: 'USD' });
  }
});

test('employees are found as one types part of a name in lower case', async ({ page, sandbox }) => {
  const people = sandbox.state().employees;
  const sofia = people.find((e) => e.firstName === 'Sofia')!;
  sandbox.resetRequests();
  await page.getByRole('tab', { name: 'HR' }).click();
  await page.getByRole('button', { name: 'Employee records' }).click();
  const search = page.getByLabel('Search by name, email or employee ID');
  await search.pressSequentially('lia', { delay: 40 });

  const hits = page.locator('.sheet-row');
  const expected = people.filter((e) => [e.firstName, e.lastName, e.email, e.employeeId].some((f) => f.toLowerCase().includes('lia')));
  await expect(hits).toHaveCount(expected.length);
  await expect(hits.filter({ hasText: 'Liam Chen' })).toHaveCount(1);
  // typed without pausing: one search, not one a key; the directory was read once, in full
  const listings = sandbox.requests().filter((r) => r.path.endsWith('/records'));
  expect(listings.length).toBe(1);
  expect(listings[0].params.searchColumn).toBeUndefined();
  await expectNoSidewaysScroll(page);
  await saveScreen(page, 'hr-employees-light');

  // part of an email, in capitals: answered from the directory
  await search.fill('SOFIA.G');
  await expect(hits).toHaveCount(1);
  await expect(hits).toContainText(`${sofia.firstName} ${sofia.lastName}`);
  await expect(hits).toContainText(sofia.employeeId);

  // Opening it shows the record; the service's record number (not the employee ID people use) is no fact of the
  // card: it is folded away under "For scripts", named as the punch command that takes it.
  await hits.click();
  const card = page.getByRole('region', { name: `${sofia.firstName} ${sofia.lastName}` });
  await expect(card.getByText(sofia.recordId)).toBeHidden();
  await expect(card).not.toContainText('Record ID');
  await card.getByText('For scripts').click();
  await expect(card.getByText(`punch employee get ${sofia.recordId}`)).toBeVisible();
  // The service's field names read as words (Employeestatus -> Status); nothing shows twice under two names.
  const fact = (label: string) => card.locator(`dt:text-is("${label}") + dd`);
  await expect(fact('Status')).toHaveText(sofia.status);
  await expect(fact('Department')).toHaveText(sofia.department);
  await expect(fact('Designation')).toHaveText(sofia.designation);
  await expect(fact('Employee ID')).toHaveText(sofia.employeeId);
  await expect(fact('Email')).toHaveText(sofia.email);
  await expect(card).not.toContainText('Employeestatus');
  await expect(card.locator('dt')).toHaveText(['Email', 'Employee ID', 'Department', 'Designation', 'Status']);
  await saveScreen(page, 'hr-search');
});

test('a new employee is added and found by part of the name', async ({ page, sandbox }) => {
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
  expect(added[0]).toMatchObject({
    firstName: 'Grace',
    lastName: 'Hopper',
    employeeId: 'PC900',
    department: 'Engineering',
    designation: 'Compiler Engineer',
  });

  await page.getByLabel('Search by name, email or employee ID').fill('grace hop');
  const hits = page.locator('.sheet-row');
  await expect(hits).toHaveCount(1);
  await expect(hits).toContainText('Grace Hopper');
  await expect(hits).toContainText('PC900');
  await saveScreen(page, 'hr-added-found');
});
