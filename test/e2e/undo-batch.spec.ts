/**
 * Undo after several logs made at once, in web mode and real Chromium at the tray's 420 x 640, by keyboard: after
 * Copy a week the copy's result offers "Undo" (Ctrl+Z) for 8 seconds, which takes every log the copy made back, so
 * the week on the service is as it was before the copy; after Several days made offline (a day skipped for a rule)
 * Ctrl+Z takes the logs out of the outbox and none of them is ever sent. The same in Arabic, right to left.
 */
import type { Page } from '@playwright/test';
import type { Sandbox } from '../../src/sandbox';
import { addDays, weekStartOf } from '../../src/shared/time/week';
import { appTakesInput, expect, localToday, saveScreen, test } from './fixtures';

/** The demo user's logs on the service in this week, each with its service id: a log deleted and made again differs. */
const thisWeek = (sandbox: Sandbox) => {
  const monday = weekStartOf(localToday());
  return sandbox
    .state()
    .timeLogs.filter((l) => l.user === sandbox.demoUser && l.workDate >= monday && l.workDate <= addDays(monday, 6))
    .map((l) => `${l.timeLogId}|${l.workDate}|${l.jobId}|${l.minutes}|${l.description}`)
    .sort();
};

async function copyLastWeekByKeyboard(page: Page): Promise<void> {
  await appTakesInput(page);
  await page.keyboard.press('Alt+2');
  await expect(page.getByTestId('timesheet-state')).toBeVisible();
  await page.locator('.copy-week-btn').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('copy-from')).toBeFocused();
  for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('copy-confirm')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('copy-result')).toBeVisible();
}

test('Ctrl+Z right after Copy a week takes every copied log back: the week on the service is as before', async ({ page, sandbox }) => {
  const before = thisWeek(sandbox);
  await copyLastWeekByKeyboard(page);
  const made = await page.getByTestId('copy-result').locator('[data-verdict="log"]').count();
  expect(made).toBeGreaterThan(0);
  await expect.poll(() => thisWeek(sandbox).length).toBe(before.length + made);
  const undo = page.getByTestId('undo');
  await expect(undo).toBeVisible();
  await expect(undo).toHaveAccessibleName(made === 1 ? 'Undo this log (Ctrl+Z)' : `Undo these ${made} logs (Ctrl+Z)`);
  await saveScreen(page, 'undo-copy-offered-420');

  // focus stays on Close: the key is the page's, not a field's
  await expect(page.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Control+z');
  const said = page.getByTestId('undo-many');
  await expect(said).toHaveText(
    `Undone: ${made === 1 ? 'the log' : `all ${made} logs`}. ${made} ${made === 1 ? 'is' : 'are'} deleted on the service.`,
  );
  await expect.poll(() => thisWeek(sandbox)).toEqual(before);
  // the copy's result is about logs that are no more: the line says what became of them instead
  await expect(page.getByTestId('copy-result')).toHaveCount(0);
  await expect(undo).toHaveCount(0);
  await saveScreen(page, 'undo-copy-done-420');
  expect(sandbox.requests().filter((r) => r.path.endsWith('/deletetimelog'))).toHaveLength(made);
});

test('Several days made offline, a day skipped: Ctrl+Z takes them out of the outbox and none is ever sent', async ({ page, sandbox }) => {
  const form = page.locator('form.composer');
  await form.locator('[role="combobox"]').fill('backend');
  await page
    .getByRole('option', { name: /Backend API/ })
    .first()
    .click();
  await form.getByLabel('Description').fill('Several undone');
  await page.getByRole('textbox', { name: 'Hours', exact: true }).fill('20m');
  await form.getByRole('button', { name: 'Several days' }).click();
  // today (Wednesday) and tomorrow, which is still to come: skipped (the company takes no future days)
  const today = localToday();
  const chosen = [today, addDays(today, 1)];
  for (const d of chosen) await form.locator(`[data-day="${d}"]`).press('Space');
  await expect(form.locator('.chips button[aria-pressed="true"]')).toHaveCount(chosen.length);
  await sandbox.setOffline(true);
  await page.getByRole('textbox', { name: 'Hours', exact: true }).press('Enter');
  const outcome = page.getByTestId('days-outcome');
  await expect(outcome).toContainText('Logged 1 log; 1 skipped for a rule.');
  await expect(page.getByTestId('status')).toContainText('1 waiting');
  await expect(page.getByTestId('undo')).toHaveAccessibleName('Undo this log (Ctrl+Z)');

  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('undo-many')).toHaveText(
    'Undone: the log. 1 had not reached the service: it is out of the outbox and nothing is sent.',
  );
  await expect(outcome).toHaveCount(0);
  await expect(page.getByTestId('status')).not.toContainText('waiting');
  sandbox.resetRequests();
  await sandbox.setOffline(false);
  await expect(page.getByTestId('status')).toContainText('all synced', { timeout: 15_000 });
  expect(sandbox.requests().filter((r) => r.path.endsWith('/addtimelog'))).toEqual([]);
  expect(sandbox.state().timeLogs.filter((l) => l.description === 'Several undone')).toEqual([]);
});

test.describe('in Arabic', () => {
  test.use({ locale: 'ar-EG' });
  test('the Undo line after Copy a week and what it did, right to left at 420 px', async ({ page, sandbox }) => {
    const before = thisWeek(sandbox);
    await page.getByRole('tab').nth(1).click();
    await expect(page.getByTestId('timesheet-state')).toBeVisible();
    await page.locator('.copy-week-btn').click();
    await page.getByTestId('copy-week').locator('button[type="submit"]').click();
    await page.getByTestId('copy-confirm').click();
    await expect(page.getByTestId('undo')).toHaveText('تراجع');
    await saveScreen(page, 'undo-copy-offered-ar-420');
    await page.getByTestId('undo').click();
    await expect(page.getByTestId('undo-many')).toContainText('تم التراجع');
    await expect.poll(() => thisWeek(sandbox)).toEqual(before);
    await saveScreen(page, 'undo-copy-done-ar-420');
  });
});
