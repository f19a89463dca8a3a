/**
 * The week at the tray's 420 x 640: a row added for a job takes time in its cells, the logs the
 * manager rejected are marked with the manager's comment, and Submit is a few keys from the tabs.
 */
import { MAYA_REJECTION } from '../../src/sandbox';
import { expect, localToday, saveScreen, test } from './fixtures';

test('a row added for a job takes time in a cell, logged once on the service', async ({ page, sandbox }) => {
  const today = localToday();
  await page.getByRole('tab', { name: 'Week' }).click();
  await expect(page.getByTestId('timesheet-state')).toBeVisible();
  await page.getByRole('button', { name: '+ Add a row for a job' }).click();
  const picker = page.getByRole('combobox', { name: 'Add a row for a job' });
  await expect(picker).toBeFocused();
  await picker.fill('train');
  await page.getByRole('option', { name: /Training/ }).click();

  // The new row is there, today's cell is open with the hours field ready.
  const cell = page.getByTestId(`cell-Training-${today}`);
  await expect(cell).toHaveAttribute('aria-pressed', 'true');
  const add = page.getByRole('form', { name: /^Add time to Training/ });
  await expect(add.getByRole('textbox', { name: 'Hours' })).toBeFocused();
  await page.keyboard.type('45m');
  await add.getByLabel('Description').fill('Week row e2e');
  await saveScreen(page, 'week-add-row');
  await page.keyboard.press('Enter');
  await expect(cell).toHaveText(/00:45/);
  await expect
    .poll(() =>
      sandbox
        .state()
        .timeLogs.filter((l) => l.description === 'Week row e2e')
        .map((l) => [l.workDate, l.minutes]),
    )
    .toEqual([[today, 45]]);
});

test("the logs the manager rejected are marked, and their cell shows the manager's comment", async ({ page }) => {
  await page.getByRole('tab', { name: 'Week' }).click();
  await page.getByRole('button', { name: 'Previous week' }).click();
  await expect(page.getByTestId('timesheet-state')).toHaveText('Rejected');
  const rejected = page.locator('.cell-rejected').first();
  await rejected.click();
  await expect(page.locator('.cell-detail')).toContainText(`Rejected by your manager: "${MAYA_REJECTION}"`);
  await saveScreen(page, 'week-rejected-cell');
});

test('a rejected log the user changed says it is fixed and that the resubmit is left, and still that it is rejected', async ({
  page,
  sandbox,
}) => {
  await page.getByRole('tab', { name: 'Week' }).click();
  await page.getByRole('button', { name: 'Previous week' }).click();
  await expect(page.getByTestId('timesheet-state')).toHaveText('Rejected');
  const rejectedCells = await page.locator('.cell-rejected').count();
  expect(rejectedCells, 'the demo week has several rejected cells').toBeGreaterThan(1);
  const cell = page.locator('.cell-rejected').first();
  const testId = (await cell.getAttribute('data-testid'))!;
  await cell.click();
  const detail = page.locator('.cell-detail');
  const note = detail.locator('.rejected-note').first();
  await expect(note).toContainText('Fix this log, then resubmit the week.');
  // the fix: other hours, saved; the service still holds the log rejected (until the week is resubmitted)
  await detail
    .getByRole('button', { name: /^Edit / })
    .first()
    .click();
  const form = detail.getByRole('form', { name: /^Edit / });
  const hours = form.getByRole('textbox', { name: 'Hours' });
  await hours.fill('00:15');
  await hours.press('Enter');
  await expect(detail.getByRole('form', { name: /^Edit / })).toHaveCount(0);
  await expect(note).toContainText(
    `Fixed since your manager rejected it ("${MAYA_REJECTION}"): resubmit the week to send it for approval. Until then it stays rejected.`,
  );
  await expect(note).not.toContainText('Fix this log');
  await expect.poll(() => sandbox.state().timeLogs.filter((l) => l.minutes === 15 && l.approvalStatus === 'rejected').length).toBe(1);
  // the cell no longer asks for a fix (✓, not ⊘), though its screen reader name still says it was rejected
  const fixedCell = page.getByTestId(testId);
  await expect(fixedCell).toHaveClass(/cell-fixed/);
  await expect(fixedCell).not.toHaveClass(/cell-rejected/);
  await expect(fixedCell).toHaveAccessibleName(/rejected by your manager, fixed: resubmit the week$/);
  // the week's note counts what is left to fix
  await expect(page.getByRole('note', { name: 'Rejected by your manager' })).toContainText(
    `${rejectedCells - 1 === 1 ? '1 log marked ⊘ is' : `${rejectedCells - 1} logs marked ⊘ are`} left to fix, then resubmit the week.`,
  );
  // and the key under the grid says what the ✓ means
  await expect(page.locator('.legend')).toContainText('✓ fixed, to resubmit');
  await saveScreen(page, 'week-rejected-log-fixed');
});

test("the week's reminder says its hours as the Total does (HH:MM), and in words to a screen reader", async ({ page, web }) => {
  // Thursday: the week is due tomorrow (Friday), so the reminder shows (quiet until the day before)
  await web.skipClock(26 * 3_600_000);
  await page.clock.fastForward(26 * 3_600_000);
  await page.getByRole('tab', { name: 'Week' }).click();
  const reminder = page.getByTestId('reminder').filter({ hasText: 'This week' });
  await expect(reminder).toBeVisible();
  const shown = page.getByTestId('reminder').locator('[aria-hidden=true]').filter({ hasText: 'This week' });
  await expect(shown).toHaveText(/This week has \d{2,}:\d{2} logged and is due Friday\./);
  await expect(shown).not.toContainText(/\d+\s*(hr|h|min)\b/);
  // the same figure as the week's Total beside it (no last week to compare with here: the week's own hours)
  const total = (await page.locator('.submit-week strong.mono').first().textContent())!.trim();
  await expect(shown).toContainText(`This week has ${total} logged`);
  // a screen reader hears the same sentence with the hours in words, not a time of day
  await expect(reminder.locator('.sr-only')).toHaveText(/This week has .*\d+ (hr|min)/);
  await saveScreen(page, 'week-reminder-hhmm');
});

test('Submit is a few presses of Tab from the tabs, whatever the week holds', async ({ page }) => {
  await page.getByRole('tab', { name: 'Week' }).click();
  await expect(page.getByTestId('timesheet-state')).toBeVisible();
  const weekTab = page.getByRole('tab', { name: 'Week' });
  await weekTab.focus();
  const submit = page.getByRole('button', { name: /^(Submit|Resubmit) week/ });
  let presses = 0;
  while (!(await submit.evaluate((el) => el === document.activeElement)) && presses < 20) {
    await page.keyboard.press('Tab');
    presses += 1;
  }
  expect(presses, 'presses of Tab from the Week tab to Submit').toBeLessThanOrEqual(7);
  test.info().annotations.push({ type: 'keys to submit', description: `${presses} presses of Tab from the Week tab` });
});

test('the grid is one stop for Tab and the arrow keys move between days and jobs', async ({ page }) => {
  await page.getByRole('tab', { name: 'Week' }).click();
  await page.getByRole('button', { name: 'Previous week' }).click();
  await expect(page.getByTestId('timesheet-state')).toHaveText('Rejected');
  const cells = page.locator('.week-grid [data-cell]');
  await expect(cells.first()).toBeVisible();
  const inTabOrder = await cells.evaluateAll((els) => els.filter((e) => (e as HTMLElement).tabIndex === 0).length);
  expect(inTabOrder).toBe(1);
  const first = page.locator('[data-cell="0-0"]');
  await first.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('[data-cell="0-1"]')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('[data-cell="1-1"]')).toBeFocused();
  await page.keyboard.press('End');
  await expect(page.locator('[data-cell="1-6"]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-cell="1-6"]')).toHaveAttribute('aria-pressed', 'true');
});
