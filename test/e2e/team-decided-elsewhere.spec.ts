/**
 * A timesheet decided elsewhere (the service's web page, another manager: the sandbox's decide) while the Team tab
 * was away or the window was behind another: the list is read again when the tab is shown again and when the window
 * comes back, once its read is a minute old (as the Week tab reads), so the row says the decision and "Select all N
 * pending" counts what is still pending. Before, the list was read once, when the tab first opened.
 */
import type { Page } from '@playwright/test';
import type { Sandbox } from '../../src/sandbox';
import { appPeriod, expect, saveScreen, test } from './fixtures';

test.use({ viewport: { width: 420, height: 640 } });
const MINUTE = 60_000;

function pendingSheetOf(sandbox: Sandbox, handle: string) {
  const sheet = sandbox
    .state()
    .timesheets.filter((t) => t.user === `${handle}@demo.punchcard.test` && t.status === 'pending')
    .sort((a, b) => b.fromDate.localeCompare(a.fromDate))[0];
  expect(sheet, `${handle} has a pending timesheet in the seeded company`).toBeTruthy();
  return sheet;
}

const rowOf = (page: Page, who: string, sheet: { fromDate: string; toDate: string }) =>
  page
    .getByRole('region', { name: appPeriod(sheet.fromDate, sheet.toDate, new Date().getFullYear()) })
    .locator('.sheet-item')
    .filter({ hasText: who });

test('a timesheet decided elsewhere shows its decision when the tab is shown again and when the window is back', async ({
  page,
  sandbox,
  web,
}) => {
  const liam = pendingSheetOf(sandbox, 'liam.chen');
  const ava = pendingSheetOf(sandbox, 'ava.johnson');
  await page.getByRole('tab', { name: 'Team' }).click();
  await page.getByRole('combobox', { name: 'Show' }).selectOption('all');
  await expect(rowOf(page, 'Liam Chen', liam)).toContainText('Pending approval');
  const selectAll = page.locator('.select-all');
  const pending = Number(/Select all (\d+) pending/.exec((await selectAll.textContent()) ?? '')?.[1]);
  expect(pending).toBeGreaterThan(2);

  // decided elsewhere while another tab is shown; a minute later the Team tab is shown again
  sandbox.decide(liam.timesheetId, 'approved');
  await page.getByRole('tab', { name: 'Track' }).click();
  await web.skipClock(MINUTE + 1000);
  await page.clock.fastForward(MINUTE + 1000);
  await page.getByRole('tab', { name: 'Team' }).click();
  await expect(rowOf(page, 'Liam Chen', liam)).toContainText('Approved');
  await expect(selectAll).toHaveText(`Select all ${pending - 1} pending`);
  await saveScreen(page, 'team-decided-elsewhere-shown-again');

  // decided elsewhere while the window was behind another: the window back reads the list again
  sandbox.decide(ava.timesheetId, 'rejected', 'Wrong project on Tuesday.');
  await web.skipClock(MINUTE + 1000);
  await page.clock.fastForward(MINUTE + 1000);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(rowOf(page, 'Ava Johnson', ava)).toContainText('Rejected');
  await expect(selectAll).toHaveText(`Select all ${pending - 2} pending`);
});
