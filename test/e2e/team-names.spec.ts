/**
 * Whose timesheet, where the service's list names nobody (the contract leaves list fields open; the sandbox's
 * `timesheetListEmployee: 'none'`): the Team list names every row, from the timesheet's detail read once, and never
 * reads "Someone"; a timesheet whose own name says whose it is is named by it.
 */
import { showPeriod } from '../../src/shared/period';
import { expect, test } from './fixtures';

test.use({ viewport: { width: 420, height: 640 } });

test('rows the service leaves unnamed are named from their detail, never "Someone"', async ({ page, sandbox }) => {
  sandbox.configure({ timesheetListEmployee: 'none' });
  const pending = sandbox.state().timesheets.filter((t) => t.status === 'pending' && t.user !== sandbox.demoUser);
  const newest = pending.sort((a, b) => b.fromDate.localeCompare(a.fromDate)).filter((t) => t.fromDate === pending[0].fromDate);
  const names = newest
    .map((t) => sandbox.state().employees.find((e) => e.email === t.user)!)
    .map((e) => `${e.firstName} ${e.lastName}`)
    .sort();

  await page.getByRole('tab', { name: 'Team' }).click();
  const group = page.getByRole('region', { name: showPeriod(newest[0].fromDate, newest[0].toDate, new Date().getFullYear()) });
  await expect(group.locator('.sheet-who .strong')).toHaveText(names);
  await expect(page.locator('main')).not.toContainText('Someone');
  // the list itself named nobody: the names came from the details, each read once
  // (the app also reads the user's own week: only the team's rows are counted)
  const ids = new Set(pending.map((t) => t.timesheetId));
  const details = sandbox
    .requests()
    .filter((r) => r.path.endsWith('/gettimesheetdetails'))
    .map((r) => r.params.timesheetId)
    .filter((id) => ids.has(id));
  expect(details.sort()).toEqual([...ids].sort());

  // opening one of them does not read it again (the list's read is held a moment)
  sandbox.resetRequests();
  await group.locator('.sheet-item').filter({ hasText: names[0] }).getByRole('button').click();
  await expect(page.getByRole('heading', { name: names[0] })).toBeVisible();
  expect(sandbox.requests().filter((r) => r.path.endsWith('/gettimesheetdetails'))).toHaveLength(0);
});
