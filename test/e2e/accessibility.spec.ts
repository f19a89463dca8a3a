/**
 * An automated accessibility check (axe-core, the WCAG 2.1 A and AA rules) of every screen and its main states, in
 * the light and the dark theme, at the tray's 420 x 640: no serious or critical finding. Minor and moderate findings
 * are listed in the test's annotations so they are seen, not hidden. axe cannot judge everything (reading order,
 * whether words make sense); the keyboard suite and the screenshots cover what it cannot.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, sharedAppPerFile } from './fixtures';

const test = sharedAppPerFile();

async function audit(page: Page, where: string): Promise<void> {
  // axe.run in the page itself (legacy mode): the same rules and results as the default, which runs each frame's part
  // and then opens a blank page of its own to put the parts together (a new page, axe injected twice, for every
  // audit: 14 in this file). The app has no frames, so there is nothing for the parts to gather.
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).setLegacyMode().analyze();
  const grave = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const rest = result.violations.filter((v) => !grave.includes(v));
  if (rest.length) {
    test.info().annotations.push({
      type: `axe (${where}): minor or moderate`,
      description: rest.map((v) => `${v.id} x${v.nodes.length}`).join(', '),
    });
  }
  expect(
    grave.map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} (${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')})`,
    ),
    `axe on ${where}`,
  ).toEqual([]);
}

async function chooseTheme(page: Page, theme: 'light' | 'dark') {
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page
    .locator('.seg-option')
    .filter({ hasText: theme === 'light' ? 'Light' : 'Dark' })
    .click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

for (const theme of ['light', 'dark'] as const) {
  test(`every screen passes axe with no serious or critical finding (${theme})`, async ({ page }) => {
    await chooseTheme(page, theme);
    await audit(page, `Settings, ${theme}`);

    await page.getByRole('tab', { name: 'Track' }).click();
    await expect(page.getByTestId('today-total')).toBeVisible();
    await audit(page, `Track, ${theme}`);
    // The form with hours typed and a value it refuses.
    const form = page.getByRole('form', { name: 'Log or time your work' });
    await form.getByRole('combobox', { name: 'Job' }).fill('front');
    await page
      .getByRole('option', { name: /Frontend Development/ })
      .first()
      .click();
    await form.getByRole('textbox', { name: 'Hours', exact: true }).fill('abc');
    await expect(form.getByText('Hours: use a duration like')).toBeVisible();
    await audit(page, `Track with a refused value, ${theme}`);

    await page.getByRole('tab', { name: 'Week' }).click();
    await page.getByRole('button', { name: 'Previous week' }).click();
    await expect(page.getByTestId('timesheet-state')).toHaveText('Rejected');
    await page.locator('.cell-rejected').first().click();
    await expect(page.locator('.cell-detail')).toBeVisible();
    await audit(page, `Week with a day open, ${theme}`);

    await page.getByRole('tab', { name: /^Outbox/ }).click();
    await expect(page.getByRole('button', { name: 'Sync now' })).toBeVisible();
    await audit(page, `Outbox, ${theme}`);

    const team = page.getByRole('tab', { name: 'Team' });
    if (await team.count()) {
      await team.click();
      await expect(page.locator('.state-loading')).toHaveCount(0);
      await audit(page, `Team, ${theme}`);
    }
    const hr = page.getByRole('tab', { name: 'HR' });
    if (await hr.count()) {
      await hr.click();
      await page.getByRole('button', { name: 'Run report' }).click();
      await expect(page.locator('table tbody tr').first()).toBeVisible();
      await audit(page, `HR payroll, ${theme}`);
    }
  });
}
