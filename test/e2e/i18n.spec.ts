/**
 * Languages and regional formats in the browser (issue 26, docs/i18n.md): the screens converted to the catalogs show
 * no plain English under the pseudo-locale en-XA (the list below grows with each converted screen); the language
 * follows the browser and the setting, Arabic lays out right to left; the region's formats are chosen apart from the
 * language; and the Settings screen holds at 420 px in the longest language (en-XA) and in Arabic. Screenshots:
 * test-results/screens/i18n-*.png.
 */
import type { Page } from '@playwright/test';
import { expect, saveScreen, sharedAppPerFile } from './fixtures';
import { expectNoSideways, plainEnglish, textsOnScreen } from './i18n-checks';

const test = sharedAppPerFile();

/**
 * The screens converted to the catalogs so far, and what shows each is loaded. The next wave adds a line per screen
 * it converts (and the header is checked on each). `tab`: the tab it is on; `ready`: a selector present once the
 * screen has drawn its data; `open`: what to press (by place, not by words: they are strange under en-XA) to reach
 * a part of a screen; `skip`: parts left out, with the reason beside the line.
 */
const CONVERTED_SCREENS: ReadonlyArray<{
  id: string;
  tab: string;
  ready: string;
  open?: (page: Page) => Promise<void>;
  skip?: string[];
}> = [
  { id: 'settings', tab: 'settings', ready: '[data-testid=language]' },
  // the employee's day (more of each, with its dialogs, in i18n-day.spec.ts); skipped: the core's reminders and
  // notices, which the core's area converts
  { id: 'track', tab: 'track', ready: '[data-testid=today-total]', skip: ['[data-testid=notices]'] },
  { id: 'week', tab: 'week', ready: '.week-grid', skip: ['[data-testid=notices]', '[data-testid=reminder]'] },
  { id: 'outbox', tab: 'outbox', ready: '[data-testid=outbox-status]', skip: ['[data-testid=notices]'] },
  // the sign-in form: a data centre, then a custom base URL and OAuth (its own fields and what is missing)
  {
    id: 'settings-sign-in',
    tab: 'settings',
    ready: '[data-testid=language]',
    open: async (page) => {
      await page.locator('[aria-labelledby="account-title"] .row-end button').last().click();
      const form = page.locator('.connect-form');
      await form.locator('select').first().selectOption('custom');
      await form.locator('input[type=radio]').last().check();
      await expect(form.locator('#connect-missing')).toBeVisible();
    },
  },
  // Team: the list (periods, names, states, flags, "Select all"), then one timesheet opened with its decision bar
  { id: 'team', tab: 'team', ready: '.sheet-row' },
  {
    id: 'team-review',
    tab: 'team',
    ready: '.sheet-row',
    open: async (page) => {
      await page.locator('.sheet-row').first().click();
      await expect(page.locator('.decision-bar')).toBeVisible();
      await expect(page.locator('.review-foot')).toBeVisible();
    },
  },
  {
    id: 'team-delete',
    tab: 'team',
    ready: '.sheet-row',
    open: async (page) => {
      await page.locator('.sheet-row').first().click();
      await page.locator('.review-foot .quiet-danger').click();
      await expect(page.locator('dialog[open]')).toBeVisible();
    },
  },
  // HR: last month's payroll (table, chart, notes), its export question, and an employee record opened
  {
    id: 'hr',
    tab: 'hr',
    ready: '.payroll-periods',
    open: async (page) => {
      await page.locator('.payroll-periods button').nth(1).click();
      await expect(page.locator('.payroll-table tbody tr').first()).toBeVisible();
    },
  },
  {
    id: 'hr-export',
    tab: 'hr',
    ready: '.payroll-periods',
    open: async (page) => {
      await page.locator('.payroll-periods button').nth(1).click();
      await page.locator('.payroll-summary button').click();
      await expect(page.locator('dialog[open] input[type=radio]')).toHaveCount(2);
    },
  },
  {
    id: 'hr-custom',
    tab: 'hr',
    ready: '.payroll-periods',
    open: async (page) => {
      await page.locator('.payroll-periods button').nth(2).click();
      await page.locator('input[type=date]').first().fill('2026-11-30');
      await page.locator('input[type=date]').last().fill('2026-11-01');
      await expect(page.locator('#period-problem')).toBeVisible();
    },
  },
  {
    id: 'hr-employees',
    tab: 'hr',
    ready: '.payroll-periods',
    open: async (page) => {
      await page.locator('.segmented button').nth(1).click();
      await page.locator('form[role=search] button[type=submit]').click();
      await page.locator('.hr-employees .sheet-row').first().click();
      await expect(page.locator('#emp-title')).toBeVisible();
    },
  },
  {
    id: 'hr-employee-form',
    tab: 'hr',
    ready: '.payroll-periods',
    open: async (page) => {
      await page.locator('.segmented button').nth(1).click();
      await page.locator('.hr-employees .row-end button').click();
      await page.locator('form .btn-primary[type=submit]').click();
      await expect(page.locator('.field-error').first()).toBeVisible();
    },
  },
];

async function openScreen(page: Page, id: string, ready: string, open?: (page: Page) => Promise<void>) {
  await page.locator(`#tab-${id}`).click();
  await expect(page.locator(ready).first()).toBeVisible();
  await open?.(page);
  // the account and the company's rules are read after the screen opens: wait for them, they are text too
  if (id === 'settings') {
    await expect(page.locator('[aria-labelledby="account-title"] dl.facts')).toBeVisible();
    await expect(page.locator('[aria-labelledby="rules-title"]')).toBeVisible();
  }
}

test.describe('under the pseudo-locale en-XA', () => {
  test.use({ locale: 'en-XA' });

  for (const screen of CONVERTED_SCREENS) {
    test(`the ${screen.id} screen and the header show no word outside the catalogs`, async ({ page }) => {
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
      await openScreen(page, screen.tab, screen.ready, screen.open);
      const texts = await textsOnScreen(page, { skip: screen.skip });
      // the check can see: the pseudo-locale's words are on screen (a catalog that failed to load would show English)
      expect(texts.join(' ')).toContain('[Šééţţîîñĝš]');
      expect(plainEnglish(texts), `plain English on ${screen.id} under en-XA`).toEqual([]);
      await saveScreen(page, `i18n-420-en-XA-${screen.id}`);
    });
  }

  test('Settings at 420 px: the longest words fit, nothing scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 420, height: 640 });
    await openScreen(page, 'settings', '[data-testid=language]');
    await expectNoSideways(page, 'Settings in en-XA at 420 px');
    await saveScreen(page, 'i18n-420-en-XA-settings');
    await page.setViewportSize({ width: 1280, height: 800 });
    await saveScreen(page, 'i18n-1280-en-XA-settings');
  });
});

test.describe('in Arabic', () => {
  test.use({ locale: 'ar-EG' });

  test('the window is laid out right to left, Settings holds at 420 px, its words are Arabic', async ({ page }) => {
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await page.setViewportSize({ width: 420, height: 640 });
    await openScreen(page, 'settings', '[data-testid=language]');
    await expect(page.locator('#tab-settings')).toHaveText('الإعدادات');
    // right to left: the first tab is at the right edge, the brand at the right of the header
    const [first, last] = [await page.locator('.tab').first().boundingBox(), await page.locator('.tab').last().boundingBox()];
    expect(first!.x, 'Track, the first tab, is right of the last').toBeGreaterThan(last!.x);
    // a duration stays left to right inside the Arabic line (isolated: 01:07:42, not 42:07:01)
    await expect(page.locator('.example bdi').first()).toHaveText('01:07:42');
    await expectNoSideways(page, 'Settings in Arabic at 420 px');
    await saveScreen(page, 'i18n-420-ar-settings');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectNoSideways(page, 'Settings in Arabic at 1280 px');
    await saveScreen(page, 'i18n-1280-ar-settings');
  });
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test('follows the browser, and the region is chosen apart from the language (German words, US formats)', async ({ page }) => {
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await openScreen(page, 'settings', '[data-testid=language]');
    await expect(page.locator('#tab-settings')).toHaveText('Einstellungen');
    const example = page.locator('[data-testid=region] ~ *, [aria-live=polite]').filter({ hasText: 'Zum Beispiel' });
    await expect(example).toHaveText('Zum Beispiel: 19.11.2026 · 15:05 · 1,50 Stunden');
    await page.getByTestId('region').selectOption('en-US');
    await expect(example).toHaveText('Zum Beispiel: 11/19/2026 · 3:05 PM · 1.50 Stunden');
    // the company's due weekday is a word: German, whatever the region
    await expect(page.locator('[aria-labelledby="rules-title"] dd').last()).toHaveText('Freitag');
    // and the language setting wins over the browser: Arabic, right to left, at once
    await page.getByTestId('language').selectOption('ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('#tab-settings')).toHaveText('الإعدادات');
    // back to the browser's language for the next tests of this file (one server, one data folder)
    await page.getByTestId('language').selectOption('system');
    await expect(page.locator('#tab-settings')).toHaveText('Einstellungen');
    await page.getByTestId('region').selectOption('system');
  });
});

test.describe('the company’s rules in the user’s language', () => {
  test.use({ locale: 'de-DE' });

  test('a day over the maximum is refused at the hours field in German, with the day in German', async ({ page }) => {
    // Track's own words in German; the rules' words come from the core, said by the app in German
    const composer = page.getByRole('form', { name: 'Arbeit erfassen oder stoppen' });
    await composer.getByRole('combobox', { name: 'Auftrag' }).fill('front');
    await page
      .getByRole('option', { name: /Frontend Development/ })
      .first()
      .click();
    await composer.getByRole('textbox', { name: 'Stunden', exact: true }).fill('11h');
    await expect(
      composer.getByText(/^Stunden: Mi\., 18\. Nov\. hätte .*, mehr als das Tageshöchstmaß Ihrer Firma von 10:00\./),
    ).toBeVisible();
    await saveScreen(page, 'i18n-420-de-track-refusal');
  });
});
