/**
 * The layout at the tray's 420 x 640 and at 1280 x 800, light and dark, on the screens a new user tripped over: the
 * week's edit form (no gap under "Day"), "Other day" on one line, Continue cards with whole job names when there is
 * room, payroll chart labels at text size however wide the window, decimal hours beside HH:MM, the keys in Settings.
 * Each is measured, and saved under test-results/screens/ (layout-<size>-<theme>-<screen>.png) for a person to look at.
 */
import type { Page } from '@playwright/test';
import { expect, saveScreen, sharedAppPerFile } from './fixtures';

// Reads, a theme preference set by each test, and forms opened and cancelled: one sandbox and server for the file.
const test = sharedAppPerFile();

const SIZES = [
  { width: 420, height: 640 },
  { width: 1280, height: 800 },
] as const;

async function chooseTheme(page: Page, theme: 'light' | 'dark') {
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page
    .locator('.seg-option')
    .filter({ hasText: theme === 'light' ? 'Light' : 'Dark' })
    .click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/** Nothing scrolls sideways: the page and the screen area are as wide as the window. */
async function expectNoSideways(page: Page, where: string) {
  const over = await page.evaluate(() => {
    const screen = document.querySelector('.screen')!;
    return { page: document.scrollingElement!.scrollWidth - innerWidth, screen: screen.scrollWidth - screen.clientWidth };
  });
  expect(over, `sideways scroll on ${where}`).toEqual({ page: 0, screen: 0 });
}

for (const size of SIZES) {
  for (const theme of ['light', 'dark'] as const) {
    const name = (screen: string) => `layout-${size.width}-${theme}-${screen}`;

    test(`${size.width} x ${size.height}, ${theme}: Track, Week, HR, Team and Settings`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(size);
      await chooseTheme(page, theme);
      await expect(page.getByRole('region', { name: 'Keyboard' })).toBeVisible();
      await expectNoSideways(page, 'Settings');
      await saveScreen(page, name('settings'));

      // Track: hours typed (their HH:MM shown beside the field) and "Other day" open: its label stays on one line
      await page.getByRole('tab', { name: 'Track' }).click();
      await page.getByRole('textbox', { name: 'Hours', exact: true }).fill('1.5');
      await page.getByRole('button', { name: 'Other day' }).click();
      const day = page.getByRole('group', { name: 'Day' });
      const [today, other] = [day.getByRole('button', { name: 'Today' }), day.getByRole('button', { name: 'Other day' })];
      const [tBox, oBox] = [await today.boundingBox(), await other.boundingBox()];
      expect(Math.abs(oBox!.height - tBox!.height), '"Other day" on one line, as high as "Today"').toBeLessThan(2);
      expect(Math.abs(oBox!.y - tBox!.y), '"Other day" on the same row as "Today"').toBeLessThan(2);
      // Continue: with room for it, a job's name is whole (not "Frontend Develop...")
      if (size.width >= 1280) {
        const cut = await page
          .locator('.recent-job')
          .evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent));
        expect(cut, 'Continue cards cut no job name at 1280 px').toEqual([]);
      }
      await expectNoSideways(page, 'Track');
      await saveScreen(page, name('track'));
      await page.getByRole('textbox', { name: 'Hours', exact: true }).fill('');

      // Week: a log's edit form has no gap under "Day"
      await page.getByRole('tab', { name: 'Week' }).click();
      const filled = page.locator('.week-grid button.cell:not(.cell-empty)').first();
      await filled.click();
      const detail = page.locator('.cell-detail');
      await detail
        .getByRole('button', { name: /^Edit / })
        .first()
        .click();
      const form = detail.getByRole('form', { name: /^Edit / });
      const dayBox = await form.locator('fieldset.date-choice').boundingBox();
      const descBox = await form.getByText('Description', { exact: true }).boundingBox();
      expect(descBox!.y - (dayBox!.y + dayBox!.height), 'space between the day and the description').toBeLessThan(24);
      expect(dayBox!.height, 'the day field is as tall as its label and buttons').toBeLessThan(90);
      await form.scrollIntoViewIfNeeded();
      await expectNoSideways(page, 'Week');
      await saveScreen(page, name('week-edit'));
      await form.getByRole('button', { name: 'Cancel' }).click();

      // HR: decimal hours beside HH:MM, a total row, and chart labels at text size
      await page.getByRole('tab', { name: 'HR' }).click();
      await page.getByRole('button', { name: 'Last month' }).click();
      const firstRow = page.locator('.payroll-table tbody tr').first();
      await expect(firstRow.locator('.hours-decimal').first()).toHaveText(/^\d+\.\d\d h$/);
      await expect(page.locator('.payroll-table tfoot th')).toHaveText('Total');
      const label = page.locator('.pc-label').first();
      await label.scrollIntoViewIfNeeded();
      const labelBox = await label.boundingBox();
      expect(labelBox!.height, 'a chart label is drawn at text size, however wide the window').toBeLessThan(18);
      await expectNoSideways(page, 'HR');
      await saveScreen(page, name('hr'));
      await page.locator('.pc-chart').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/screens/${name('hr-chart')}.png` });

      // Team: the pending list
      await page.getByRole('tab', { name: 'Team' }).click();
      await expect(page.locator('.sheet-item').first()).toBeVisible();
      await expectNoSideways(page, 'Team');
      await saveScreen(page, name('team'));
    });
  }
}
