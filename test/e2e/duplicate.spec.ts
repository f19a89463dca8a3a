/**
 * Duplicate a whole day from the week's day panel (issue 27), in real Chromium at 420 x 640: last week's Wednesday
 * to today through the batch path, a preview of each log first, then each log once on the service; duplicating it
 * again finds every log already copied; Undo (Ctrl+Z) after it takes every duplicated log back, as after any log.
 */
import { addDays } from '../../src/shared/time/week';
import { appTakesInput, expect, localToday, saveScreen, test } from './fixtures';

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

test('with the keyboard only, focus follows Duplicate to its preview and back, and Escape closes it but not the day', async ({
  page,
  sandbox,
}) => {
  const today = localToday();
  const source = addDays(today, -7);
  await appTakesInput(page);
  await page.keyboard.press('Alt+2');
  await expect(page.getByTestId('timesheet-state')).toBeVisible();
  await page.getByRole('button', { name: 'Previous week' }).press('Enter');
  await expect(page.getByTestId('timesheet-state')).toHaveText('Rejected');
  const cell = page
    .locator(`[data-testid^="cell-"][data-testid$="-${source}"]`)
    .filter({ hasText: /\d\d:\d\d/ })
    .first();
  await cell.focus();
  await page.keyboard.press('Enter');
  const panel = page.locator('.cell-detail');
  const opener = panel.getByRole('button', { name: 'Duplicate…' });
  await opener.focus();
  await page.keyboard.press('Enter');
  // opened: on the day to duplicate to; Escape closes Duplicate, gives focus back to its button, and the day stays open
  const to = page.getByTestId('duplicate-to');
  await expect(to).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('duplicate')).toHaveCount(0);
  await expect(panel).toBeVisible();
  await expect(opener).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(to).toBeFocused();
  await to.fill(today);
  await page.keyboard.press('Enter'); // the date field's Enter submits its form: Preview
  const confirm = page.getByTestId('duplicate-confirm');
  await expect(confirm).toBeFocused();
  await saveScreen(page, 'duplicate-keyboard-preview');
  const before = sandbox.state().timeLogs.filter((l) => l.user === sandbox.demoUser && l.workDate === today).length;
  await page.keyboard.press('Enter');
  const close = page.getByTestId('duplicate').getByRole('button', { name: 'Close' });
  await expect(close).toBeFocused();
  await expect
    .poll(() => sandbox.state().timeLogs.filter((l) => l.user === sandbox.demoUser && l.workDate === today).length)
    .toBeGreaterThan(before);
  await page.keyboard.press('Enter');
  await expect(opener).toBeFocused();
});

test('Ctrl+Z right after Duplicate takes every duplicated log back, as after any log: the day on the service is as before', async ({
  page,
  sandbox,
}) => {
  const today = localToday();
  const source = addDays(today, -7);
  const onToday = () =>
    sandbox
      .state()
      .timeLogs.filter((l) => l.user === sandbox.demoUser && l.workDate === today)
      .map((l) => `${l.timeLogId}|${l.jobId}|${l.minutes}|${l.description}`)
      .sort();
  const before = onToday();
  await page.getByRole('tab', { name: 'Week' }).click();
  await page.getByRole('button', { name: 'Previous week' }).click();
  await expect(page.getByTestId('timesheet-state')).toHaveText('Rejected');
  await page
    .locator(`[data-testid^="cell-"][data-testid$="-${source}"]`)
    .filter({ hasText: /\d\d:\d\d/ })
    .first()
    .click();
  await page.locator('.cell-detail').getByRole('button', { name: 'Duplicate…' }).click();
  const dup = page.getByTestId('duplicate');
  await dup.getByLabel(/The whole day/).check();
  await dup.getByTestId('duplicate-to').fill(today);
  await dup.getByRole('button', { name: 'Preview' }).click();
  await page.getByTestId('duplicate-confirm').click();
  await expect(page.getByTestId('duplicate-result')).toBeVisible();
  const made = await page.getByTestId('duplicate-result').locator('[data-verdict="log"]').count();
  expect(made).toBeGreaterThan(0);
  await expect.poll(() => onToday().length).toBe(before.length + made);
  const undo = dup.getByTestId('undo');
  await expect(undo).toHaveAccessibleName(made === 1 ? 'Undo this log (Ctrl+Z)' : `Undo these ${made} logs (Ctrl+Z)`);
  await saveScreen(page, 'duplicate-undo-offered-420');

  // focus is on Close (the panel's last stage): the key is the page's, not a field's
  await expect(dup.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Control+z');
  await expect(dup.getByTestId('undo-many')).toHaveText(
    `Undone: ${made === 1 ? 'the log' : `all ${made} logs`}. ${made} ${made === 1 ? 'is' : 'are'} deleted on the service.`,
  );
  await expect.poll(onToday).toEqual(before);
  // the result is about logs that are no more: the line says what became of them instead
  await expect(page.getByTestId('duplicate-result')).toHaveCount(0);
  await expect(undo).toHaveCount(0);
  await saveScreen(page, 'duplicate-undo-done-420');
  // closed, the panel forgets the line: opened again, it starts afresh
  await dup.getByRole('button', { name: 'Close' }).click();
  await page.locator('.cell-detail').getByRole('button', { name: 'Duplicate…' }).click();
  await expect(dup.getByTestId('undo-many')).toHaveCount(0);
});
