/**
 * Whose timesheet, where the service's list names nobody (the contract leaves list fields open; the sandbox's
 * `timesheetListEmployee: 'none'`): the Team list names every row, from the timesheet's detail read once, and never
 * reads "Someone"; a timesheet whose own name says whose it is is named by it.
 */
import { appList, appPeriod, expect, saveScreen, test } from './fixtures';

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
  const group = page.getByRole('region', { name: appPeriod(newest[0].fromDate, newest[0].toDate, new Date().getFullYear()) });
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

test('a service that names the employee only on the timesheet\'s logs: cards, review and "Approve N" say first and last names', async ({
  page,
  sandbox,
}) => {
  sandbox.configure({ timesheetListEmployee: 'none', timesheetDetailEmployee: 'logs' });
  const pending = sandbox.state().timesheets.filter((t) => t.status === 'pending' && t.user !== sandbox.demoUser);
  const nameOf = (email: string) => {
    const e = sandbox.state().employees.find((x) => x.email === email)!;
    return `${e.firstName} ${e.lastName}`;
  };
  const names = [...new Set(pending.map((t) => nameOf(t.user)))].sort();

  await page.getByRole('tab', { name: 'Team' }).click();
  const who = page.locator('.sheet-who .strong');
  await expect(who).toHaveCount(pending.length);
  expect([...new Set(await who.allTextContents())].sort()).toEqual(names);
  await expect(page.locator('main')).not.toContainText('not named by the service');
  await expect(page.locator('main')).not.toContainText('@');
  await saveScreen(page, 'team-names-from-logs-420');
  await page.setViewportSize({ width: 1280, height: 800 });
  await saveScreen(page, 'team-names-from-logs-1280');
  await page.setViewportSize({ width: 420, height: 640 });

  // "Approve N" says whose, by name
  const picks = pending.filter((t) => t.approvalLevels === 1).slice(0, 2);
  for (const t of picks) {
    await page
      .getByRole('checkbox', { name: new RegExp(`^Select ${nameOf(t.user)}, `) })
      .first()
      .check();
  }
  await page.getByRole('region', { name: 'Decide 2 selected' }).getByRole('button', { name: 'Approve 2' }).click();
  const picked = picks.map((t) => nameOf(t.user)).sort();
  await expect(page.getByRole('status').filter({ hasText: 'Approved 2 timesheets' })).toHaveText(
    new RegExp(`Approved 2 timesheets: ${appList(picked)}\\.$`),
  );

  // the review names the employee
  const first = page.locator('.sheet-item').first();
  const firstName = (await first.locator('.sheet-who .strong').textContent())!;
  await first.getByRole('button').first().click();
  await expect(page.getByRole('heading', { name: firstName })).toBeVisible();
  await saveScreen(page, 'team-review-named-from-logs-420');
});
