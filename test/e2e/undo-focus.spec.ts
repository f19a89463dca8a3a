/**
 * Where the keyboard's focus is after Undo, in web mode and real Chromium at the tray's 420 x 640: the Undo button goes
 * once the undo is done, and the focus goes with it to the line that now says what was undone (never the page's body,
 * from where a keyboard user has to Tab from the top again). On Track after a log and after Several days, in the Week
 * tab's open day and its Copy a week and Duplicate panels, pressed with Enter or clicked; Tab then goes on to what
 * followed the button.
 */
import type { Page } from '@playwright/test';
import { addDays } from '../../src/shared/time/week';
import { appTakesInput, expect, localToday, saveScreen, test } from './fixtures';

const composer = (page: Page) => page.getByRole('form', { name: 'Log or time your work' });
/**
 * The line that says what the undo did (UndoLine.tsx: focusable by script; no status once it takes the focus, which
 * says it: read once, not twice).
 */
const undoneLine = (page: Page) => page.locator('p.outcome').filter({ hasText: 'Undone:' });

async function pickJob(page: Page, typed: string, name: RegExp): Promise<void> {
  await composer(page).getByRole('combobox', { name: 'Job' }).fill(typed);
  await page.getByRole('option', { name }).first().click();
}

test('Enter on Undo after a log on Track: the focus is on the line that says it was undone, and Tab goes on', async ({ page }) => {
  await pickJob(page, 'train', /Training/);
  await composer(page).getByLabel('Description').fill('Undo by Enter');
  const hours = page.getByRole('textbox', { name: 'Hours', exact: true });
  await hours.fill('0:20');
  await hours.press('Enter');
  const undo = page.getByTestId('undo');
  await undo.focus();
  await page.keyboard.press('Enter');
  await expect(undoneLine(page)).toContainText('Undone: the log of 00:20 on Training');
  await expect(undo).toHaveCount(0);
  await expect(undoneLine(page)).toBeFocused();
  await saveScreen(page, 'undo-focus-track-420');
  // from the line, Tab goes on in the form (not from the top of the page)
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('form.composer'))).toBe(true);
});

test('Undo clicked after Several days: the focus is on the line that says how many were undone', async ({ page }) => {
  await pickJob(page, 'backend', /Backend API/);
  await composer(page).getByLabel('Description').fill('Several undone by click');
  await page.getByRole('textbox', { name: 'Hours', exact: true }).fill('15m');
  await composer(page).getByRole('button', { name: 'Several days' }).click();
  const yesterday = addDays(localToday(), -1);
  for (const d of [yesterday, localToday()]) await composer(page).locator(`[data-day="${d}"]`).press('Space');
  await page.getByRole('textbox', { name: 'Hours', exact: true }).press('Enter');
  await expect(page.getByTestId('days-outcome')).toContainText('Logged 2 logs');
  await page.getByTestId('undo').click();
  await expect(page.getByTestId('undo-many')).toContainText('Undone: all 2 logs.');
  await expect(undoneLine(page)).toBeFocused();
  await saveScreen(page, 'undo-focus-several-days-420');
});

test('Enter on Undo after Copy a week: the focus is on the line, and Tab goes on to Close', async ({ page }) => {
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
  const close = page.getByTestId('copy-week').getByRole('button', { name: 'Close' });
  await expect(close).toBeFocused();
  // back from Close to Undo, as a keyboard user reaches it
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByTestId('undo')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('undo-many')).toContainText('Undone:');
  await expect(page.getByTestId('copy-result')).toHaveCount(0);
  await expect(undoneLine(page)).toBeFocused();
  await saveScreen(page, 'undo-focus-copy-week-420');
  await page.keyboard.press('Tab');
  await expect(close).toBeFocused();
});

test('Undo clicked in Duplicate: the focus is on the line in the panel, not on the page', async ({ page }) => {
  const today = localToday();
  const source = addDays(today, -7);
  await page.getByRole('tab', { name: 'Week' }).click();
  await page.getByRole('button', { name: 'Previous week' }).click();
  await page
    .locator(`[data-testid^="cell-"][data-testid$="-${source}"]`)
    .filter({ hasText: /\d\d:\d\d/ })
    .first()
    .click();
  await page.locator('.cell-detail').getByRole('button', { name: 'Duplicate…' }).click();
  const dup = page.getByTestId('duplicate');
  await dup.getByTestId('duplicate-to').fill(today);
  await dup.getByRole('button', { name: 'Preview' }).click();
  await page.getByTestId('duplicate-confirm').click();
  await expect(page.getByTestId('duplicate-result')).toBeVisible();
  await dup.getByTestId('undo').click();
  await expect(dup.getByTestId('undo-many')).toContainText('Undone:');
  const line = dup.locator('p.outcome').filter({ has: page.getByTestId('undo-many') });
  await expect(line).toBeFocused();
  await saveScreen(page, 'undo-focus-duplicate-420');
  await page.keyboard.press('Tab');
  await expect(dup.getByRole('button', { name: 'Close' })).toBeFocused();
});

test("Enter on Undo in the Week's open day: the focus is on the line that says it was undone", async ({ page }) => {
  const today = localToday();
  await page.getByRole('tab', { name: 'Week' }).click();
  await expect(page.getByTestId('timesheet-state')).toBeVisible();
  await page.getByRole('button', { name: '+ Add a row for a job' }).click();
  await page.getByRole('combobox', { name: 'Add a row for a job' }).fill('train');
  await page.getByRole('option', { name: /Training/ }).click();
  const add = page.getByRole('form', { name: /^Add time to Training/ });
  await expect(add.getByRole('textbox', { name: 'Hours' })).toBeFocused();
  await page.keyboard.type('35m');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId(`cell-Training-${today}`)).toHaveText(/00:35/);
  const undo = page.locator('.cell-detail').getByTestId('undo');
  await undo.focus();
  await page.keyboard.press('Enter');
  await expect(undoneLine(page)).toContainText('Undone: the log of 00:35 on Training');
  await expect(undoneLine(page)).toBeFocused();
  await saveScreen(page, 'undo-focus-week-day-420');
});
