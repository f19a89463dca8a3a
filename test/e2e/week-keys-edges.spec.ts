/**
 * The week's edges with the keyboard only, as found by using the app (no mouse): the submit's dialog opens on its
 * main button and, once the week is submitted, focus stays on the screen (the button it came from is gone); a timer
 * started on the submitted week asks for an open day with its main button focused once that day is checked (not on
 * Today, a day of the locked week); and a manager's comment in another direction than the app's language is isolated
 * (an English comment in Arabic words), and the week's arrows point outwards in Arabic. A manager's review keeps focus on the screen: opened, left and decided;
 * and HR's Run report keeps it while the report runs.
 */
import { MAYA_REJECTION } from '../../src/sandbox';
import type { Page } from '@playwright/test';
import { expect, saveScreen, test } from './fixtures';

/**
 * Alt+N counts the tabs shown, and Team and HR join once the user's roles are answered: a key pressed before reads
 * a shorter strip (Alt+4 opened Settings). The tests press their first key once the strip is whole.
 */
async function tabsSettled(page: Page): Promise<void> {
  await expect(page.locator('.tabs')).not.toHaveAttribute('data-waiting', /.*/);
  await expect(page.locator('#tab-team')).toBeVisible();
}

test('submit by keyboard: the dialog opens on Submit, focus stays on the week after it, and the timer then asks for an open day with its button focused', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await tabsSettled(page);
  await page.keyboard.press('Alt+2');
  await expect(page.getByTestId('timesheet-state')).toHaveText('Draft');
  const submit = page.getByRole('button', { name: 'Submit week...' });
  await expect(submit).toBeEnabled();
  await submit.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  // the main answer, as the dialog's code meant (not Cancel, the first button)
  await expect(dialog.getByRole('button', { name: /^Submit \d\d:\d\d$/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('timesheet-state')).toHaveText('Pending approval');
  // the Submit button is gone with the draft: the line saying the week was submitted holds focus, not the page's body
  await expect(page.locator('.submit-summary')).toBeFocused();
  await expect(page.locator('.submit-summary')).toContainText('Submitted');
  await saveScreen(page, 'week-keys-submitted');

  // Track: a job, then Alt+S on the submitted week
  await page.keyboard.press('Alt+1');
  const job = page.getByRole('combobox', { name: 'Job' });
  await job.focus();
  await page.keyboard.type('train');
  await expect(page.getByRole('option', { name: /Training/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Alt+S');
  const ask = page.getByRole('dialog', { name: 'This week cannot take new time' });
  const start = ask.getByRole('button', { name: /^Start, log the time to / });
  await expect(start).toBeEnabled();
  await expect(start).toBeFocused();
  await saveScreen(page, 'week-keys-timer-open-day');
  await page.keyboard.press('Enter');
  await expect(ask).toBeHidden();
  await expect(page.getByRole('button', { name: /Stop/ }).first()).toBeVisible();
});

test.describe('in Arabic', () => {
  test.use({ locale: 'ar-EG' });

  test("the week's arrows point outwards, and the manager's English comment is isolated inside the Arabic sentence of a rejected log", async ({
    page,
  }) => {
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await tabsSettled(page);
    await page.keyboard.press('Alt+2');
    await expect(page.getByTestId('timesheet-state')).toBeVisible();
    // the arrows of the week point outwards, as in English: previous (on the right) to the right, next to the left
    const arrows = page.locator('.week-nav .icon-btn > span');
    const transform = (n: number) => arrows.nth(n).evaluate((e) => getComputedStyle(e).transform);
    expect(await transform(0), 'the previous week arrow is mirrored like the next one').toBe(await transform(1));
    expect(await transform(1)).toMatch(/^matrix\(-1,/);
    await page.locator('.week-nav button').first().click();
    await page.locator('.cell-rejected').first().click();
    const note = page.locator('.cell-detail').getByText(MAYA_REJECTION).first();
    await expect(note).toBeVisible();
    // in a <bdi> of its own: without it the quote marks and the full stop are pulled into the English run
    await expect(page.locator('.cell-detail bdi', { hasText: MAYA_REJECTION })).toHaveText(MAYA_REJECTION);
    await saveScreen(page, 'week-keys-ar-rejected-comment');
  });
});

test("a manager's review by keyboard: focus goes to the way back, back to the row left, and to the outcome after Approve", async ({
  page,
}) => {
  await tabsSettled(page);
  await page.keyboard.press('Alt+4');
  const first = page.locator('.sheet-row').first();
  await expect(first).toBeVisible();
  const who = (await first.locator('.sheet-who .strong').textContent())!;
  await first.focus();
  await page.keyboard.press('Enter');
  const back = page.getByRole('button', { name: 'Team timesheets' });
  // the row pressed is gone with the list: without a place to go, focus fell to the page's body
  await expect(back).toBeFocused();
  await page.keyboard.press('Enter');
  const row = page.locator('.sheet-row', { hasText: who });
  await expect(row).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(back).toBeFocused();
  await page.getByRole('button', { name: 'Approve', exact: true }).focus();
  await page.keyboard.press('Enter');
  const outcome = page.locator('.decision-bar', { hasText: `Approved ${who}` });
  await expect(outcome).toBeFocused();
  await saveScreen(page, 'week-keys-team-approved');
});

test('HR runs the payroll report by keyboard and the focus stays on Run report', async ({ page }) => {
  await tabsSettled(page);
  await page.keyboard.press('Alt+5');
  const run = page.getByRole('button', { name: 'Run report' });
  await run.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.payroll-period')).toBeVisible();
  // while it ran the button was disabled, which dropped the focus it held to the page's body
  await expect(run).toBeFocused();
});
