/**
 * Every tab can be seen at the tray's 420 px, in every language: a strip wider than the window used to scroll with no
 * sign that it does (in Arabic it was 449 px: Settings, the last tab, was cut off at the window's edge until chosen).
 * The strip now fits its tabs in the window, on a second line when their words need it, so nothing is hidden behind
 * a scroll; each tab is whole in the window, none overlaps another, and the arrow keys reach each one, in view. A tab
 * on the second line keeps its natural width, at the line's start (the right in Arabic), not stretched and centred.
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
    // the tabs after the first line: each as wide as its word (and padding) makes it, the first of them at the line's
    // start (the right in Arabic): not stretched to the widest a tab may be and centred
    const box = strip.getBoundingClientRect();
    const style = getComputedStyle(strip);
    const rtl = style.direction === 'rtl';
    const firstTop = tabs[0]?.top;
    const wrapped = [...document.querySelectorAll<HTMLElement>('.tab')]
      .filter((t) => Math.round(t.getBoundingClientRect().top) !== firstTop)
      .map((t, i) => {
        const r = t.getBoundingClientRect();
        const words = document.createRange();
        words.selectNodeContents(t);
        const cs = getComputedStyle(t);
        const natural = Math.max(
          parseFloat(cs.minWidth),
          words.getBoundingClientRect().width + parseFloat(cs.paddingLeft) + parseFloat(cs.paddingRight),
        );
        const start = rtl ? box.right - parseFloat(style.paddingRight) - r.right : r.left - box.left - parseFloat(style.paddingLeft);
        return { id: t.id, stretched: Math.round(r.width - natural) > 1, fromStart: i === 0 ? Math.round(start) : 0 };
      });
    return {
      scrolls: strip.scrollWidth > strip.clientWidth + 1,
      outside,
      overlapping,
      spilled,
      lines: new Set(tabs.map((t) => t.top)).size,
      wrapped,
      strip: `${strip.scrollWidth}/${strip.clientWidth}`,
    };
  });
}

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
      expect({ ...shown, lines: undefined, strip: undefined, wrapped: undefined }, `the tab strip in ${language}: ${shown.strip}`).toEqual({
        scrolls: false,
        outside: [],
        overlapping: [],
        spilled: [],
        lines: undefined,
        strip: undefined,
        wrapped: undefined,
      });
      // English fits on one line; the longer words take a second line, never a third
      expect(shown.lines, `lines of tabs in ${language}`).toBeLessThanOrEqual(language === 'en' ? 1 : 2);
      // a tab on the second line keeps its natural width, at the line's start (the right in Arabic)
      if (language !== 'en') expect(shown.wrapped.length, `tabs on the second line in ${language}`).toBeGreaterThan(0);
      for (const tab of shown.wrapped)
        expect(tab, `${tab.id} on the second line in ${language}`).toEqual({ ...tab, stretched: false, fromStart: 0 });
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
