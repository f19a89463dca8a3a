/**
 * A week cell chosen: the day's panel comes into view and takes focus, at the tray's 420 x 640 and at 1280 x 800, in a
 * usual week (logs Monday to yesterday), with motion or without (issue 24: the panel opened below the fold and the
 * click seemed to do nothing). Escape closes it and focus goes back to the cell.
 */
import type { Page } from '@playwright/test';
import { weekStartOf } from '../../src/shared/time/week';
import { expect, localToday, saveScreen, sharedAppPerFile } from './fixtures';

// reads only: the week is looked at, nothing logged
const test = sharedAppPerFile();

const panel = (page: Page) => page.locator('.cell-detail');

for (const [width, height] of [
  [420, 640],
  [1280, 800],
] as const) {
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    test(`at ${width} x ${height} (${reducedMotion} motion) the chosen day comes into view with focus, and Escape goes back to its cell`, async ({
      page,
      sandbox,
    }) => {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ reducedMotion });
      await page.getByRole('tab', { name: 'Week' }).click();
      // a usual week: the demo user's logs of Monday, the row's first day
      const monday = weekStartOf(localToday());
      const state = sandbox.state();
      const log = state.timeLogs.find((l) => l.user === sandbox.demoUser && l.workDate === monday)!;
      const job = state.jobs.find((j) => j.jobId === log.jobId)!;
      const cell = page.getByTestId(`cell-${job.jobName}-${monday}`);
      await expect(cell).toBeVisible();
      await cell.click();

      const heading = panel(page).getByRole('heading', { name: new RegExp(`^${job.jobName.replace(/[&]/g, '.')} ·`) });
      await expect(heading).toBeFocused();
      await expect(heading).toBeInViewport({ ratio: 1 });
      // its first action is in view too, not only its title
      await expect(
        panel(page)
          .getByRole('button', { name: /^Edit / })
          .first(),
      ).toBeInViewport();
      await saveScreen(page, `week-day-panel-${width}${reducedMotion === 'reduce' ? '-reduced' : ''}`);

      await page.keyboard.press('Escape');
      await expect(panel(page)).toHaveCount(0);
      await expect(cell).toBeFocused();

      // an empty day (today: the demo logs up to yesterday) opens its form: focus in the hours field, in view
      expect(state.timeLogs.some((l) => l.user === sandbox.demoUser && l.workDate === localToday() && l.jobId === job.jobId)).toBe(false);
      await page.getByTestId(`cell-${job.jobName}-${localToday()}`).click();
      const hours = panel(page).getByRole('textbox', { name: 'Hours' });
      await expect(hours).toBeFocused();
      await expect(hours).toBeInViewport();
    });
  }
}
