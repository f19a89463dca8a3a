/**
 * The same hours on several days from Track's form (issue 27), in real Chromium at 420 x 640 (and 1280, and in
 * Arabic): the chips of last week's Monday to Friday, chosen with the keyboard; a full day is marked and named as it
 * is typed and not counted on the button ("Log 00:30 on 4 days" with five chosen); it logs the four that pass, once on
 * the service, and names the fifth with why.
 */
import type { Page } from '@playwright/test';
import { addDays } from '../../src/shared/time/week';
import { expect, localToday, saveScreen, test } from './fixtures';

const composer = (page: Page) => page.getByRole('form', { name: 'Log or time your work' });

test('logs the hours on the days that pass and names the full one, with the keyboard', async ({ page, sandbox }) => {
  const monday = addDays(localToday(), -9);
  const full = addDays(monday, 2);
  const s = sandbox.state();
  const job = s.jobs.find(
    (j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(sandbox.demoUser) && j.jobName.startsWith('Backend'),
  )!;
  const used = s.timeLogs.filter((l) => l.user === sandbox.demoUser && l.workDate === full).reduce((n, l) => n + l.minutes, 0);
  const left = 600 - used;
  sandbox.elsewhere.log({
    workDate: full,
    hours: `${String(Math.floor(left / 60)).padStart(2, '0')}:${String(left % 60).padStart(2, '0')}`,
    jobId: job.jobId,
    description: 'the rest of the day',
  });

  const picker = composer(page).getByRole('combobox', { name: 'Job' });
  await picker.fill('backend');
  await page
    .getByRole('option', { name: /Backend API/ })
    .first()
    .click();
  await composer(page).getByLabel('Description').fill('Standup e2e');
  await page.getByRole('textbox', { name: 'Hours', exact: true }).fill('30m');
  await composer(page).getByRole('button', { name: 'Several days' }).click();
  await composer(page).getByRole('button', { name: 'Previous week' }).click();
  // Monday to Friday, chip by chip with the keyboard
  const chips = composer(page).locator('.chips button');
  await chips.first().focus();
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
  }
  for (let i = 0; i < 5; i++) await expect(chips.nth(i)).toHaveAttribute('aria-pressed', 'true');
  await expect(chips.nth(5)).toHaveAttribute('aria-pressed', 'false');
  // the full day is marked and named as typed
  await expect(composer(page).locator(`[data-day="${full}"]`)).toHaveClass(/chip-refused/);
  await expect(composer(page).locator(`#day-problem-${full}`)).toContainText("over your company's maximum of 10:00 a day");
  // five chosen, the full one marked: the button counts the four that will be logged (it said "on 5 days", then logged 4)
  const button = composer(page).getByRole('button', { name: 'Log 00:30 on 4 days' });
  await expect(button).toBeEnabled();
  await saveScreen(page, 'several-days-chosen');
  await page.setViewportSize({ width: 1280, height: 800 });
  await saveScreen(page, 'several-days-chosen-1280');
  await page.setViewportSize({ width: 420, height: 640 });

  await button.click();
  const outcome = page.getByTestId('days-outcome');
  await expect(outcome).toContainText('Logged 4 logs; 1 skipped for a rule.');
  await expect(outcome.locator(`[data-day="${full}"]`)).toContainText("over your company's maximum");
  await saveScreen(page, 'several-days-outcome');
  await expect
    .poll(() =>
      sandbox
        .state()
        .timeLogs.filter((l) => l.description === 'Standup e2e')
        .map((l) => l.workDate)
        .sort(),
    )
    .toEqual([monday, addDays(monday, 1), addDays(monday, 3), addDays(monday, 4)]);
});

test.describe('in Arabic', () => {
  test.use({ locale: 'ar-EG' });
  test('the chips read right to left at 420 px', async ({ page }) => {
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const form = page.locator('form.composer');
    await form.locator('[role="combobox"]').fill('backend');
    await page.getByRole('option').first().click();
    await form.locator('.date-choice .segmented button').nth(3).click();
    await form.locator('.day-chips .row button').last().click();
    await expect(form.locator('.chips button[aria-pressed="true"]')).toHaveCount(5);
    await saveScreen(page, 'several-days-ar');
  });
});
