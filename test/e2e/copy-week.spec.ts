/**
 * "Copy a week" in Week (issue 27), in real Chromium at the tray's 420 x 640 and at 1280 x 800, and in Arabic: last
 * week copied into this one with a preview first (full days and days still to come named, today's logs to make),
 * "Copy N logs" logs exactly what the preview said, once on the service, and a second copy makes nothing twice; a
 * copy into a submitted week meets its lock on every log. With the keyboard only.
 */
import type { Page } from '@playwright/test';
import { addDays } from '../../src/shared/time/week';
import { appTakesInput, expect, localToday, saveScreen, test } from './fixtures';
import { plainEnglish, textsOnScreen } from './i18n-checks';

async function openCopy(page: Page) {
  await page.getByRole('tab', { name: 'Week' }).click();
  await expect(page.getByTestId('timesheet-state')).toBeVisible();
  await page.getByRole('button', { name: 'Copy a week' }).click();
  await expect(page.getByTestId('copy-week')).toBeVisible();
}

test('copies last week into this one: a preview with each log and its verdict, then exactly those logs, once', async ({
  page,
  sandbox,
}) => {
  const today = localToday();
  const lastWeek = (d: string) => addDays(d, -7);
  const s = sandbox.state();
  const sourceToday = s.timeLogs.filter((l) => l.user === sandbox.demoUser && l.workDate === lastWeek(today));
  expect(sourceToday.length).toBeGreaterThan(0);
  await openCopy(page);
  await page.getByRole('button', { name: 'Preview' }).press('Enter');
  const preview = page.getByTestId('copy-preview');
  await expect(preview).toBeVisible();
  // Monday and Tuesday already hold a day's hours: over the maximum; Thursday and Friday are still to come
  await expect(preview.locator('[data-verdict="refused"]').first()).toContainText("over your company's maximum of 10:00 a day");
  await expect(preview.locator('[data-verdict="refused"]').last()).toContainText('is in the future');
  const toLog = preview.locator('[data-verdict="log"]');
  await expect(toLog).toHaveCount(sourceToday.length);
  await saveScreen(page, 'copy-week-preview');
  await page.setViewportSize({ width: 1280, height: 800 });
  await saveScreen(page, 'copy-week-preview-1280');
  await page.setViewportSize({ width: 420, height: 640 });

  const confirm = page.getByTestId('copy-confirm');
  await expect(confirm).toHaveText(sourceToday.length === 1 ? 'Copy 1 log' : `Copy ${sourceToday.length} logs`);
  await confirm.focus();
  await page.keyboard.press('Enter');
  const result = page.getByTestId('copy-result');
  await expect(result).toBeVisible();
  await expect(page.getByTestId('copy-summary')).toContainText(`Logged ${sourceToday.length} log`);
  await saveScreen(page, 'copy-week-result');
  const copies = () =>
    sandbox
      .state()
      .timeLogs.filter((l) => l.user === sandbox.demoUser && l.workDate === today)
      .map((l) => `${l.jobId}|${l.minutes}|${l.description}`)
      .sort();
  const expected = sourceToday.map((l) => `${l.jobId}|${l.minutes}|${l.description}`).sort();
  await expect.poll(copies).toEqual(expected);

  // again: every log of today already copied, nothing to copy
  await page.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Copy a week' }).click();
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('copy-preview').locator('[data-verdict="already-copied"]')).toHaveCount(sourceToday.length);
  await expect(page.getByTestId('copy-confirm')).toBeDisabled();
  expect(copies()).toEqual(expected);
});

test('with the keyboard only, focus follows the copy from its button to the preview, the copy and back, never left on the page', async ({
  page,
  sandbox,
}) => {
  const today = localToday();
  const before = sandbox.state().timeLogs.filter((l) => l.user === sandbox.demoUser && l.workDate === today).length;
  await appTakesInput(page);
  await page.keyboard.press('Alt+2');
  await expect(page.getByTestId('timesheet-state')).toBeVisible();
  const opener = page.getByRole('button', { name: 'Copy a week' });
  await opener.focus();
  await page.keyboard.press('Enter');
  // opened: on the week to copy from; Escape closes it and gives focus back to "Copy a week"
  await expect(page.getByTestId('copy-from')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('copy-week')).toHaveCount(0);
  await expect(opener).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('copy-from')).toBeFocused();
  // Tab past the choice of hours or rows and Cancel to Preview
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Preview' })).toBeFocused();
  await page.keyboard.press('Enter');
  // previewed: on "Copy N logs", read with its count
  const confirm = page.getByTestId('copy-confirm');
  await expect(confirm).toBeFocused();
  await expect(confirm).toHaveText(/^Copy \d+ logs?$/);
  await saveScreen(page, 'copy-week-keyboard-preview');
  await page.keyboard.press('Enter');
  // done: on Close; Enter closes and focus is back on "Copy a week"
  await expect(page.getByTestId('copy-result')).toBeVisible();
  const close = page.getByRole('button', { name: 'Close' });
  await expect(close).toBeFocused();
  await expect
    .poll(() => sandbox.state().timeLogs.filter((l) => l.user === sandbox.demoUser && l.workDate === today).length)
    .toBeGreaterThan(before);
  await page.keyboard.press('Enter');
  await expect(opener).toBeFocused();
});

test('a copy into a submitted week meets its lock on every log, and queues nothing', async ({ page, sandbox }) => {
  await page.getByRole('tab', { name: 'Week' }).click();
  await expect(page.getByTestId('timesheet-state')).toBeVisible();
  await page.getByRole('button', { name: 'Previous week' }).click();
  await page.getByRole('button', { name: 'Previous week' }).click();
  await expect(page.getByTestId('timesheet-state')).toHaveText(/Pending|Submitted/);
  const before = sandbox.state().timeLogs.length;
  await page.getByRole('button', { name: 'Copy a week' }).click();
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByTestId('copy-preview');
  await expect(preview).toBeVisible();
  const refused = preview.locator('[data-verdict="refused"]');
  expect(await refused.count()).toBeGreaterThan(0);
  await expect(preview.locator('[data-verdict="log"]')).toHaveCount(0);
  await expect(refused.first()).toContainText('waits for approval');
  await expect(page.getByTestId('copy-confirm')).toBeDisabled();
  await saveScreen(page, 'copy-week-locked');
  expect(sandbox.state().timeLogs.length).toBe(before);
});

test.describe('in Arabic, right to left', () => {
  test.use({ locale: 'ar-EG' });
  test('the preview reads right to left at 420 px', async ({ page }) => {
    await page.getByRole('tab').nth(1).click();
    await expect(page.getByTestId('timesheet-state')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.locator('.copy-week-btn').click();
    await page.getByTestId('copy-week').locator('button[type="submit"]').click();
    await expect(page.getByTestId('copy-preview')).toBeVisible();
    await saveScreen(page, 'copy-week-preview-ar');
  });
});

test.describe('under en-XA', () => {
  test.use({ locale: 'en-XA' });
  test('the copy, its preview and its result show no word outside the catalogs', async ({ page }) => {
    await page.getByRole('tab').nth(1).click();
    await expect(page.getByTestId('timesheet-state')).toBeVisible();
    await page.locator('.copy-week-btn').click();
    const form = await textsOnScreen(page, { within: '[data-testid=copy-week]' });
    expect(plainEnglish(form), 'plain English in the copy form').toEqual([]);
    await page.getByTestId('copy-week').locator('button[type="submit"]').click();
    await expect(page.getByTestId('copy-preview')).toBeVisible();
    const preview = await textsOnScreen(page, { within: '[data-testid=copy-week]' });
    expect(preview.join(' ')).toContain('[');
    expect(plainEnglish(preview), 'plain English in the preview').toEqual([]);
    await page.getByTestId('copy-confirm').click();
    await expect(page.getByTestId('copy-result')).toBeVisible();
    expect(plainEnglish(await textsOnScreen(page, { within: '[data-testid=copy-week]' })), 'plain English in the result').toEqual([]);
    await saveScreen(page, 'copy-week-result-en-XA');
  });
});
