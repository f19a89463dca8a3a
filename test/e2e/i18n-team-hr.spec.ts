/**
 * The manager's and HR's screens and web mode's own pages in the user's language and region (issue 26): Team and HR
 * in German (German words, periods and amounts as Germany writes them, the CSV as a German spreadsheet reads it)
 * and in Arabic at 420 px (right to left, nothing cut, figures left to right); the page a browser tab shows when it
 * has no session, under en-XA (no plain English), in German and in Arabic; and the first screen built into the page
 * in the window's language, with what the page says when the app's script cannot be loaded. The en-XA check of Team
 * and HR themselves is in i18n.spec.ts (CONVERTED_SCREENS). Screenshots: test-results/screens/i18n-*.png.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { createFormats } from '../../src/shared/i18n/formats';
import { addDays } from '../../src/shared/time/week';
import { expect, localToday, saveScreen, sharedAppPerFile, useTestClock, type WebApp } from './fixtures';
import { expectNoSideways, plainEnglish, textsOnScreen } from './i18n-checks';

const test = sharedAppPerFile();
test.use({ viewport: { width: 420, height: 640 } });

/** Last month, as the payroll report's preset takes it from the test day. */
function lastMonth(): { from: string; to: string } {
  const to = addDays(`${localToday().slice(0, 8)}01`, -1);
  return { from: `${to.slice(0, 8)}01`, to };
}

/** A page of a new browser profile in `locale`, at the tray's size, on the test clock. */
async function pageIn(browser: Browser, locale: string): Promise<Page> {
  const page = await (await browser.newContext({ locale, viewport: { width: 420, height: 640 } })).newPage();
  await useTestClock(page);
  return page;
}

/** The address without the token: what a tab reopened from another profile's history holds. */
const bare = (web: WebApp) => `${new URL(web.url).origin}/`;

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test('Team: German words, periods as Germany writes them, and a decision said in German', async ({ page }) => {
    await page.locator('#tab-team').click();
    await expect(page.getByRole('heading', { name: 'Stundenzettel des Teams' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Anzeigen' })).toHaveValue('pending');
    const heading = page.locator('.period-heading').first();
    // "16.–22. Nov.": German order and month, no English "Nov 16 – 22"
    await expect(heading).toHaveText(
      /^\d{1,2}\.\s?[–-]\s?\d{1,2}\. [A-ZÄÖÜ][a-zäöü]+\.?( \d{4})?$|^\d{1,2}\. [A-Za-zä]+\.? [–-] \d{1,2}\. [A-Za-zä]+\.?/,
    );
    await expect(page.locator('.sheet-item .badge').first()).toHaveText('Wartet auf Genehmigung');
    await expectNoSideways(page, 'Team in German at 420 px');
    await saveScreen(page, 'i18n-420-de-team');

    await page.locator('.sheet-row').first().click();
    const bar = page.getByRole('region', { name: 'Entscheidung' });
    await expect(bar).toBeVisible();
    const who = (await page.locator('h2.screen-title').textContent())!;
    // a rejection without a comment is stopped, naming the employee by first name, in German
    await bar.getByRole('button', { name: 'Ablehnen' }).click();
    await expect(bar.getByRole('alert')).toHaveText(
      `Sagen Sie, was zu korrigieren ist, damit ${who.split(' ')[0]} weiß, was zu ändern ist`,
    );
    await saveScreen(page, 'i18n-420-de-team-review');
    await bar.getByRole('button', { name: 'Genehmigen', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: who })).toHaveText(/genehmigt|Genehmigungsstufe/);
    await expectNoSideways(page, 'a Team review in German at 420 px');
  });

  test('HR: payroll in German formats, and the CSV written as a German spreadsheet reads it', async ({ page, sandbox }) => {
    const { from, to } = lastMonth();
    await page.locator('#tab-hr').click();
    await page.getByRole('group', { name: 'Zeitraum' }).getByRole('button', { name: 'Letzter Monat' }).click();
    const rows = page.locator('.payroll-table tbody tr');
    await expect(rows).toHaveCount(sandbox.state().employees.length);
    await expect(page.locator('.payroll-period')).toHaveText(createFormats('de', 'de-DE').period(from, to, { year: true, weekday: false }));
    // amounts as Germany writes them (2.200,00 $), decimal hours with a comma
    for (const cell of await page.locator('tbody td:last-child, tfoot td:last-child').allTextContents())
      expect(cell).toMatch(/^\d{1,3}(\.\d{3})*,\d\d\s\$$/);
    await expect(rows.first().locator('.hours-decimal').first()).toHaveText(/^\d+,\d\d Std\.$/);
    await expect(page.getByRole('columnheader', { name: 'Betrag' })).toBeVisible();
    await expectNoSideways(page, 'the payroll report in German at 420 px');
    await saveScreen(page, 'i18n-420-de-hr-payroll');

    await page.getByRole('button', { name: 'CSV exportieren' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lohnabrechnung als CSV exportieren' });
    await expect(dialog.getByRole('radio', { name: /^Landesformat \(Deutschland\)/ })).toBeChecked();
    await expect(dialog).toContainText('104,00, Felder getrennt durch „;“');
    await saveScreen(page, 'i18n-420-de-hr-export');
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Exportieren' }).click()]);
    const lines = readFileSync((await download.path())!, 'utf8')
      .slice(1)
      .split('\r\n');
    expect(lines[0]).toBe(
      'Mitarbeiter;E-Mail;Personalnummer;Normalstunden;Normalstunden (dezimal);Überstunden;Überstunden (dezimal);Stunden bezahlter Urlaub;Stunden bezahlter Urlaub (dezimal);Betrag;Währung',
    );
    const liam = lines.find((l) => l.startsWith('Liam Chen;'))!.split(';');
    // HH:MM as the service writes it, and beside it decimal hours and the amount with a decimal comma, never grouped
    expect(liam[3]).toMatch(/^\d+:\d\d$/);
    expect(liam[4]).toMatch(/^\d+,\d\d$/);
    expect(liam[9]).toMatch(/^\d+,\d\d$/);
    expect(liam[10]).toBe('USD');
  });
});

test.describe('in Arabic', () => {
  test.use({ locale: 'ar-EG' });

  test('Team and HR at 420 px: right to left, nothing cut, names and figures left to right inside', async ({ page }) => {
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.locator('#tab-team').click();
    await expect(page.getByRole('heading', { name: 'جداول دوام الفريق' })).toBeVisible();
    await expect(page.locator('.sheet-row').first()).toBeVisible();
    // the row reads from the right: the name is right of the hours
    const row = page.locator('.sheet-row').first();
    const [name, hours] = [await row.locator('.sheet-who').boundingBox(), await row.locator('.mono').boundingBox()];
    expect(name!.x, 'the name starts the row, at its right').toBeGreaterThan(hours!.x);
    await expectNoSideways(page, 'Team in Arabic at 420 px');
    await saveScreen(page, 'i18n-420-ar-team');
    await page.locator('.sheet-row').first().click();
    await expect(page.getByRole('region', { name: 'القرار' })).toBeVisible();
    await expectNoSideways(page, 'a Team review in Arabic at 420 px');
    await saveScreen(page, 'i18n-420-ar-team-review');

    await page.locator('#tab-hr').click();
    await page.getByRole('button', { name: 'الشهر الماضي' }).click();
    await expect(page.locator('.payroll-table tbody tr').first()).toBeVisible();
    await expect(page.locator('.payroll-table thead th').first()).toHaveText('الموظف');
    await expectNoSideways(page, 'the payroll report in Arabic at 420 px');
    await saveScreen(page, 'i18n-420-ar-hr-payroll');
    await page.locator('.pc-chart').scrollIntoViewIfNeeded();
    await saveScreen(page, 'i18n-420-ar-hr-chart');
    await page.getByRole('button', { name: 'سجلات الموظفين' }).click();
    await page.locator('form[role=search] button[type=submit]').click();
    await page.locator('.hr-employees .sheet-row').first().click();
    await expect(page.locator('#emp-title')).toBeVisible();
    await expectNoSideways(page, 'employee records in Arabic at 420 px');
    await saveScreen(page, 'i18n-420-ar-hr-employees');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectNoSideways(page, 'employee records in Arabic at 1280 px');
    await saveScreen(page, 'i18n-1280-ar-hr-employees');
  });
});

test.describe('web mode’s own pages', () => {
  const TITLES = {
    'en-XA': null,
    'de-DE': 'Öffnen Sie Punchcard unter seiner neuen Adresse',
    'ar-EG': 'افتح Punchcard من عنوانه الجديد',
  } as const;
  for (const [locale, title] of Object.entries(TITLES)) {
    test(`a tab without Punchcard's address says what to do, in ${locale}`, async ({ browser, web }) => {
      const page = await pageIn(browser, locale);
      await page.goto(bare(web));
      const gate = page.getByTestId('session-gate');
      await expect(gate).toBeVisible();
      if (title) await expect(gate.getByRole('heading')).toHaveText(title);
      else {
        const texts = await textsOnScreen(page, { within: '[data-testid=session-gate]' });
        expect(texts.join(' ')).toContain('[');
        expect(plainEnglish(texts), 'plain English on the session page under en-XA').toEqual([]);
      }
      // the commands stay as they are typed
      await expect(gate.locator('code').first()).toHaveText('#token=...');
      await saveScreen(page, `i18n-420-${locale}-session`);
      await page.context().close();
    });
  }

  test("the first screen comes in the window's language before the app's script runs, and says so in it when the script cannot load", async ({
    browser,
    web,
  }) => {
    // the app's script held back: what shows is the screen built into the page, already German (main.tsx put it in place)
    const waiting = await pageIn(browser, 'de-DE');
    await waiting.route(/\/assets\/boot-[^/]+\.js$/, () => undefined);
    await waiting.goto(web.url, { waitUntil: 'domcontentloaded' });
    await expect(waiting.locator('html')).toHaveAttribute('lang', 'de');
    await expect(waiting.locator('#tab-track')).toHaveText('Erfassen');
    await expect(waiting.locator('#tab-settings')).toHaveText('Einstellungen');
    await waiting.context().close();

    // the app's script cannot be loaded: the page says so, in German, instead of a form that never answers
    const failing = await pageIn(browser, 'de-DE');
    await failing.route(/\/assets\/boot-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: 'Not found.\n' }));
    await failing.goto(web.url);
    await expect(failing.getByRole('alert')).toHaveText(/^Punchcard konnte seine Programmdateien nicht laden\./);
    await saveScreen(failing, 'i18n-420-de-boot-failed');
    await failing.context().close();
  });
});
