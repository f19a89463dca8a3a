import { expect, test } from './fixtures';
for (const [w, h] of [
  [420, 640],
  [1280, 800],
] as const) {
  test(`payroll at ${w}`, async ({ page, sandbox }) => {
    sandbox.configure({ payrollCurrency: 'CHF' });
    await page.setViewportSize({ width: w, height: h });
    await page.getByRole('tab', { name: 'HR' }).click();
    await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: 'Last month' }).click();
    await expect(page.locator('.payroll-table')).toBeVisible();
    await page.screenshot({ path: `/tmp/names-shots/payroll-${w}.png`, fullPage: false });
    await page.locator('.payroll-table').screenshot({ path: `/tmp/names-shots/payroll-table-${w}.png` });
  });
}
