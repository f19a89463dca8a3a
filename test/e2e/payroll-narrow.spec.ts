/**
 * The payroll table at the tray's 420 px (issue 24: the Amount column was cut, "Amo", "1,212"), with the amounts the
 * issue met: five figures, in a currency written with letters (CHF 72,380.00). Every column is whole and nothing
 * scrolls sideways; at 1280 px the table is one line per employee as before.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '@playwright/test';
import { seedState, type Sandbox } from '../../src/sandbox';
import { TEST_TODAY } from '../fixtures/test-clock';
import { expect, openApp, saveScreen, startTestSandbox, startWebApp, useTestClock, type WebApp } from './fixtures';
import { e2eTempDir, removeTempDir } from '../tools/e2e-temp-dirs';

test.describe('the payroll table', () => {
  let sandbox: Sandbox;
  let web: WebApp;
  let dir: string;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // the demo company paid ten times as much: five-figure amounts
    const state = seedState({ today: TEST_TODAY, seed: 1 });
    for (const e of state.employees) e.hourlyRate *= 10;
    dir = e2eTempDir('payroll');
    const persistPath = join(dir, 'sandbox-state.json');
    writeFileSync(persistPath, JSON.stringify(state));
    sandbox = await startTestSandbox({ persistPath, payrollCurrency: 'CHF' });
    web = await startWebApp(sandbox);
  });
  test.afterAll(async () => {
    await web?.stop();
    await sandbox?.close();
    if (dir) removeTempDir(dir);
  });

  test('fits the tray width: every column whole, Amount never cut, nothing scrolling sideways', async ({ page }) => {
    await page.setViewportSize({ width: 420, height: 640 });
    await useTestClock(page);
    await openApp(page, web.url);
    await page.getByRole('tab', { name: 'HR' }).click();
    await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: 'Last month' }).click();
    const table = page.locator('.payroll-table');
    await expect(table.locator('tbody tr').first()).toContainText(/CHF\s\d{2},\d{3}\.\d\d/);
    // nothing of the table is past the right edge of its box, which does not scroll sideways
    const overflow = await page.locator('.payroll-table-wrap').evaluate((wrap) => {
      const right = wrap.getBoundingClientRect().right;
      const cells = [...wrap.querySelectorAll('th, td')].filter((c) => c.getBoundingClientRect().right > right + 0.5);
      return { scroll: wrap.scrollWidth - wrap.clientWidth, cut: cells.map((c) => c.textContent) };
    });
    expect(overflow).toEqual({ scroll: 0, cut: [] });
    await expect(table.getByRole('columnheader', { name: 'Amount' })).toBeInViewport({ ratio: 1 });
    // still a table to a screen reader: each name heads its row, the abbreviated heading has its full name
    await expect(table.getByRole('row').nth(1).getByRole('rowheader')).not.toBeEmpty();
    await expect(table.getByRole('columnheader', { name: 'Overtime' })).toHaveCount(1);
    await saveScreen(page, 'hr-payroll-420-fits');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(table.getByRole('columnheader', { name: 'Employee' })).toBeVisible();
    await saveScreen(page, 'hr-payroll-1280');
  });
});
