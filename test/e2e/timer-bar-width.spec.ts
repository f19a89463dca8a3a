/**
 * The running timer's bar (components/timer/TimerBar.tsx, on every tab but Track) lines up with the screen under it:
 * at 1280 x 800 its job and its Stop button sit at the edges of the screen's column (880 px, centred), not at the
 * window's edges 1,256 px apart; at the tray's 420 x 640 the column is the window less its margins, and so is the bar.
 * Its band of colour still runs the window's width, as the header's and the tabs' do.
 */
import type { Page } from '@playwright/test';
import { expect, saveScreen, test } from './fixtures';

/** The left and right edges of what a locator shows, in CSS pixels. */
async function edges(page: Page, selector: string): Promise<{ left: number; right: number }> {
  const box = (await page.locator(selector).first().boundingBox())!;
  return { left: Math.round(box.x), right: Math.round(box.x + box.width) };
}

test('the timer bar lines up with the screen under it, at 1280 x 800 and at 420 x 640', async ({ page }) => {
  // a timer on yesterday's work (Track's Continue), then another tab, where the bar shows it
  await page
    .getByRole('button', { name: /^Start: / })
    .first()
    .click();
  await expect(page.locator('.running-name')).toBeVisible();
  await page.getByRole('tab', { name: 'Week' }).click();
  await expect(page.getByTestId('timer-bar')).toBeVisible();

  for (const [width, height] of [
    [1280, 800],
    [420, 640],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(page.locator('.week-label')).toBeVisible();
    const column = await edges(page, 'main.screen > *');
    const bar = await edges(page, '[data-testid="timer-bar"]');
    const start = await edges(page, '[data-testid="timer-bar"] .pulse');
    const stop = await edges(page, '[data-testid="timer-bar"] .btn');
    // the band runs the window's width; what is on it, the column's
    expect(bar, `at ${width}`).toEqual({ left: 0, right: width });
    expect(start.left, `at ${width}: the bar's first mark at the column's start`).toBe(column.left);
    expect(stop.right, `at ${width}: Stop at the column's end`).toBe(column.right);
    await saveScreen(page, `timer-bar-week-${width}`);
  }
});
