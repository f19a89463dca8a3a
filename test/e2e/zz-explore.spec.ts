import type { Page } from '@playwright/test';
import { expect, sharedAppPerFile } from './fixtures';
const test = sharedAppPerFile();
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/polish/shots/${name}.png`, fullPage: false });
test('submit look', async ({ page }) => {
  await page.setViewportSize({ width: 420, height: 640 });
  await page.getByRole('tab', { name: 'Week' }).click();
  await page.waitForTimeout(1500);
  await shot(page, 'submit-before');
  await page.getByRole('button', { name: /Submit week/ }).click();
  await page.waitForTimeout(800);
  await shot(page, 'submit-dialog');
  await page.getByRole('button', { name: /^Submit \d/ }).click();
  await page.waitForTimeout(2500);
  await shot(page, 'submit-after');
});
