/**
 * A log deleted and the delete sent, then the Outbox opened: the delete is listed under "Sent recently" with the day,
 * hours and job of the log it took away (its row is gone from the ledger: the entry kept them), and nothing on the
 * page fails. Before, the entry had no day, formatting it threw, and the whole window went blank.
 * And a screen that fails to show: its tab shows a short message with "Try again" in its place, the other tabs work.
 */
import type { Page } from '@playwright/test';
import { appDay, appTakesInput, expect, localToday, test } from './fixtures';
import { rpc } from './page-rpc';

test.use({ viewport: { width: 420, height: 640 } });

/** What the page threw (uncaught) from here on. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test('a deleted log, its delete sent: the Outbox lists the delete with its day, and nothing fails', async ({ page }) => {
  const errors = pageErrors(page);
  const today = localToday();
  const [job] = await rpc<Array<{ jobId: string; jobName: string }>>(page, 'listJobs', {});
  const logged = await rpc<{ state: string; log: { localId: string } }>(page, 'logTime', {
    jobId: job.jobId,
    workDate: today,
    hours: '01:15',
    description: 'deleted later',
  });
  expect(logged.state).toBe('synced');
  expect((await rpc<{ state: string }>(page, 'deleteLog', { localId: logged.log.localId })).state).toBe('synced');

  await page.getByRole('tab', { name: /^Outbox/ }).click();
  const sent = page.getByTestId('outbox-group-sent').getByTestId('outbox-entry');
  const del = sent.filter({ hasText: 'Delete' });
  await expect(del).toHaveCount(1);
  await expect(del).toContainText(appDay(today));
  await expect(del).toContainText('01:15');
  await expect(del).toContainText(job.jobName);
  await expect(del).toHaveAttribute('aria-label', `Delete 01:15 ${job.jobName}, ${appDay(today)}`);
  // the window is whole: the tabs are there and answer
  await page.getByRole('tab', { name: 'Track' }).click();
  await expect(page.getByRole('combobox', { name: 'Job' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a screen that fails to show says so in its place, with Try again; the other tabs still work', async ({ page }) => {
  const errors = pageErrors(page);
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  // Settings' code, when it comes, fails as it runs (a fault in the screen, as a throw while drawing it would be)
  await page.route(/\/assets\/SettingsScreen-[\w-]+\.js$/, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("the settings screen is broken");\n' }),
  );
  // opened afresh under that route (the first opening may have fetched every screen's code while idle)
  await page.reload();
  await appTakesInput(page);
  await page.getByRole('tab', { name: 'Settings' }).click();
  const failed = page.getByTestId('screen-failed');
  await expect(failed).toHaveText(/This screen could not be shown\. Try again, or open another tab\./);
  await expect(failed).toHaveAttribute('role', 'alert');
  // the header and the tabs are still there, and another tab opens
  await page.getByRole('tab', { name: 'Track' }).click();
  await expect(failed).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Job' })).toBeVisible();
  await page.getByRole('tab', { name: /^Outbox/ }).click();
  await expect(page.getByRole('heading', { name: 'Outbox', exact: true })).toBeVisible();
  // back on Settings: asked again, failing again, said again (no blank window)
  await page.getByRole('tab', { name: 'Settings' }).click();
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(failed).toBeVisible();
  expect(consoleErrors.some((e) => e.includes('The settings screen failed to show'))).toBe(true);
  expect(errors).toEqual([]);
});
