/**
 * Duplicate a whole day from the week's day panel (issue 27), in real Chromium at 420 x 640: last week's Wednesday
 * to today through the batch path, a preview of each log first, then each log once on the service; duplicating it
 * again finds every log already copied.
 */
import { addDays } from '../../src/shared/time/week';
import { expect, localToday, saveScreen, test } from './fixtures';

test('duplicates a whole day to today: a preview, then each log once, and nothing twice', async ({ page, sandbox }) => {
  const today = localToday();
  const source = addDays(today, -7);
  const sourceLogs = sandbox.state().timeLogs.filter((l) => l.user === sandbox.demoUser && l.workDate === source);
  expect(sourceLogs.length).toBeGreaterThan(0);
  await page.getByRole('tab', { name: 'Week' }).click();
  await expect(page.getByTestId('timesheet-state')).toBeVisible();
  await page.getByRole('button', { name: 'Previous week' }).click();
  await expect(page.getByTestId('timesheet-state')).toHaveText('Rejected');
  const cell = page
    .locator(`[data-testid^="cell-"][data-testid$="-${source}"]`)
    .filter({ hasText: /\d\d:\d\d/ })
    .first();
  await cell.click();
  const panel = page.locator('.cell-detail');
  await panel.getByRole('button', { name: 'Duplicate…' }).click();
  const dup = page.getByTestId('duplicate');
  await dup.getByLabel(/The whole day/).check();
  await dup.getByTestId('duplicate-to').fill(today);
  await dup.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('duplicate-preview').locator('[data-verdict="log"]')).toHaveCount(sourceLogs.length);
  await saveScreen(page, 'duplicate-day-preview');
  await page.getByTestId('duplicate-confirm').click();
  await expect(page.getByTestId('duplicate-summary')).toContainText(`Logged ${sourceLogs.length} log`);
  await saveScreen(page, 'duplicate-day-result');
  const onToday = () =>
    sandbox
      .state()
      .timeLogs.filter((l) => l.user === sandbox.demoUser && l.workDate === today)
      .map((l) => `${l.jobId}|${l.minutes}|${l.description}`)
      .sort();
  const expected = sourceLogs.map((l) => `${l.jobId}|${l.minutes}|${l.description}`).sort();
  await expect.poll(onToday).toEqual(expected);

  await dup.getByRole('button', { name: 'Close' }).click();
  await panel.getByRole('button', { name: 'Duplicate…' }).click();
  await dup.getByLabel(/The whole day/).check();
  await dup.getByTestId('duplicate-to').fill(today);
  await dup.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('duplicate-preview').locator('[data-verdict="already-copied"]')).toHaveCount(sourceLogs.length);
  await expect(page.getByTestId('duplicate-confirm')).toBeDisabled();
  expect(onToday()).toEqual(expected);
});
