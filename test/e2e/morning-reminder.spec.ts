/**
 * The morning reminder (issue 27 part 4), in web mode and real Chromium at the tray's 420 x 640: at 10:00 on the test
 * Wednesday nothing is logged, so Track offers to start the timer on the usual job; Snooze puts it off 30 minutes
 * (the page's timer asks again at that moment, no polling), a second snooze is the last, "Not today" ends it, also
 * after a reload; starting the timer from it starts the usual job. Screenshots at 420 and 1280 px, and Arabic.
 */
import type { Page } from '@playwright/test';
import { appTakesInput, expect, saveScreen, test } from './fixtures';

const MIN = 60_000;

/** Clicks "Snooze 30 min" and waits for the core's answer to it (the page hides the card before that). */
async function snooze(page: Page): Promise<void> {
  const answered = page.waitForResponse((r) => r.url().endsWith('/rpc/answerMorningReminder'));
  await page.getByTestId('morning-reminder').getByRole('button', { name: 'Snooze 30 min' }).click();
  expect((await answered).ok()).toBe(true);
}

test('at 10:00 with nothing logged: snoozed twice, then "Not today" ends it for the day', async ({ page, web }) => {
  const card = page.getByTestId('morning-reminder');
  await expect(card).toContainText('Nothing logged yet today');
  await expect(card.getByRole('button', { name: /^Start the timer on / })).toBeVisible();
  await saveScreen(page, 'morning-reminder-420');
  await page.setViewportSize({ width: 1280, height: 800 });
  await saveScreen(page, 'morning-reminder-1280');
  await page.setViewportSize({ width: 420, height: 640 });

  // each snooze is counted from the moment the core records it: the clock moves only once the core has answered
  await snooze(page);
  await expect(card).toHaveCount(0);
  // 29 minutes later: still quiet; at 30, back (the server's and the page's clocks move on together)
  await web.skipClock(29 * MIN);
  await page.clock.fastForward(29 * MIN);
  await expect(card).toHaveCount(0);
  await web.skipClock(1 * MIN + 1_000);
  await page.clock.fastForward(1 * MIN + 1_000);
  await expect(card).toBeVisible();
  await snooze(page);
  await web.skipClock(30 * MIN + 1_000);
  await page.clock.fastForward(30 * MIN + 1_000);
  await expect(card).toBeVisible();
  // twice is enough: only Start and Not today now
  await expect(card.getByRole('button', { name: 'Snooze 30 min' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Not today' }).click();
  await expect(card).toHaveCount(0);
  await page.reload();
  await appTakesInput(page);
  await expect(page.getByRole('button', { name: 'Start timer' })).toBeVisible();
  await expect(card).toHaveCount(0);
});

test('"Start the timer on" the usual job starts it, and the reminder goes', async ({ page }) => {
  const card = page.getByTestId('morning-reminder');
  const start = card.getByRole('button', { name: /^Start the timer on / });
  const job = ((await start.textContent()) ?? '').replace('Start the timer on ', '');
  expect(job.length).toBeGreaterThan(2);
  await start.click();
  await expect(page.locator('.running-name')).toHaveText(job);
  await expect(card).toHaveCount(0);
});

test.describe('in Arabic', () => {
  test.use({ locale: 'ar-EG' });
  test('the reminder right to left at 420 px', async ({ page }) => {
    await expect(page.getByTestId('morning-reminder')).toContainText('لم يُسجَّل شيء اليوم بعد');
    await saveScreen(page, 'morning-reminder-ar-420');
  });
});
