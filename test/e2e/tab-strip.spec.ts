/**
 * Every tab can be seen at the tray's 420 px, in every language: a strip wider than the window used to scroll with no
 * sign that it does (in Arabic it was 449 px: Settings, the last tab, was cut off at the window's edge until chosen).
 * The strip now fits its tabs in the window, on one line in English and Arabic, in two even rows (three and three,
 * each tab under one of the first row) when the words need it (German, French, Spanish): a second line with Settings
 * alone under five tabs looked like an accident. Nothing is hidden behind a scroll; each tab is whole in the window,
 * none overlaps another, and the arrow keys reach each one, in view.
 * Screenshots: tab-strip-420-<language>.png.
 */
import type { Page } from '@playwright/test';
import { expect, openApp, saveScreen, sharedAppPerFile } from './fixtures';

const test = sharedAppPerFile();

/** Where each tab is, and whether the strip scrolls: every tab whole in the window, none over another. */
async function stripAsShown(page: Page) {
  return page.evaluate(() => {
    const strip = document.querySelector<HTMLElement>('.tabs')!;
    const tabs = [...document.querySelectorAll<HTMLElement>('.tab')].map((t) => {
      const r = t.getBoundingClientRect();
      return { id: t.id, left: Math.round(r.left), right: Math.round(r.right), top: Math.round(r.top), bottom: Math.round(r.bottom) };
    });
    const outside = tabs.filter((t) => t.left < 0 || t.right > innerWidth).map((t) => `${t.id} ${t.left}..${t.right}`);
    const overlapping = tabs.flatMap((a, i) =>
      tabs
        .slice(i + 1)
        .filter((b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1)
        .map((b) => `${a.id}/${b.id}`),
    );
    const spilled = [...document.querySelectorAll<HTMLElement>('.tab')].filter((t) => t.scrollWidth > t.clientWidth).map((t) => t.id);
    // two lines: rows of a table, the same number of tabs in each (three and three), each second-row tab exactly under
    // one of the first row (same left and right edges), not one tab left over under five
    const rows = [...new Set(tabs.map((t) => t.top))].sort((x, y) => x - y).map((top) => tabs.filter((t) => t.top === top));
    const misaligned =
      rows.length === 2
        ? rows[1].filter((t, i) => Math.abs(t.left - rows[0][i].left) > 1 || Math.abs(t.right - rows[0][i].right) > 1).map((t) => t.id)
        : [];
    return {
      scrolls: strip.scrollWidth > strip.clientWidth + 1,
      outside,
      overlapping,
      spilled,
      lines: rows.length,
      perRow: rows.map((r) => r.length),
      misaligned,
      strip: `${strip.scrollWidth}/${strip.clientWidth}`,
    };
  });
}

/** The languages whose six tabs fit on one line at 420 px (Arabic since its HR tab says "الموظفون", staff, as German says "Personal"). */
const ONE_LINE = new Set<string>(['en', 'ar']);

for (const [language, locale] of [
  ['en', 'en-US'],
  ['de', 'de-DE'],
  ['fr', 'fr-FR'],
  ['es', 'es-ES'],
  ['ar', 'ar-EG'],
  ['en-XA', 'en-XA'],
] as const) {
  test.describe(`in ${language}`, () => {
    test.use({ locale, viewport: { width: 420, height: 640 } });

    test(`at 420 px every tab is whole in the window, none hidden behind a scroll, each reached by the arrow keys`, async ({
      page,
      webUrl,
    }) => {
      await openApp(page, webUrl);
      // the demo user approves and runs payroll: all six tabs once the roles are in
      await expect(page.locator('.tab')).toHaveCount(6);
      await expect(page.locator('.tabs[data-waiting]')).toHaveCount(0);
      const shown = await stripAsShown(page);
      expect({ ...shown, strip: undefined }, `the tab strip in ${language}: ${shown.strip}`).toEqual({
        scrolls: false,
        outside: [],
        overlapping: [],
        spilled: [],
        strip: undefined,
        // English and Arabic fit on one line; the longer words take two even rows of a table, never a tab left alone
        ...(ONE_LINE.has(language) ? { lines: 1, perRow: [6] } : { lines: 2, perRow: [3, 3] }),
        misaligned: [],
      });
      await saveScreen(page, `tab-strip-420-${language}`);
      // by keyboard: from the chosen tab, the arrow keys go through every tab, each whole in the window when reached
      await page.locator('.tab[aria-selected=true]').focus();
      const key = (await page.locator('html[dir=rtl]').count()) ? 'ArrowLeft' : 'ArrowRight';
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press(key);
        const focused = page.locator('.tab:focus');
        await expect(focused).toBeInViewport({ ratio: 1 });
      }
    });
  });
}
