/**
 * What the language tests check on a screen (test/e2e/i18n.spec.ts, test/e2e/i18n-day.spec.ts and
 * test/e2e/i18n-team-hr.spec.ts): every text a person reads or hears, the plain English left in it under the
 * pseudo-locale en-XA, and a layout that does not scroll sideways. The user's own data (job names, descriptions, a
 * manager's comment, the service's names: marked `translate="no"` in the app) is taken out first: it is theirs, in
 * whatever language they wrote it.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { SUGGESTED_REGIONS } from '../../src/shared/i18n/locales';

/**
 * Every text a person sees or hears in the window (or in `within`): visible text, each select's chosen option,
 * tooltips and accessible names; the user's data (`translate="no"`) taken out of each, also where it sits inside a
 * sentence of ours (an accessible name "Edit 01:30 on Client work"). `skip`: selectors of parts left out, each with the
 * reason at the caller (the core's own words, converted by another area).
 */
export async function textsOnScreen(
  page: Page,
  { within = '.app', skip = [] }: { within?: string; skip?: string[] } = {},
): Promise<string[]> {
  return page.evaluate(
    ({ selector, skipped }) => {
      const out: string[] = [];
      const root = document.querySelector(selector)!;
      const left = (el: Element) => skipped.some((sel) => el.closest(sel));
      // longest first, so a job's name is taken out whole before its project's
      const data = [...new Set([...root.querySelectorAll('[translate="no"]')].map((e) => e.textContent?.trim() ?? ''))]
        .filter((d) => d.length > 1)
        .sort((a, b) => b.length - a.length);
      const withoutData = (t: string) => data.reduce((acc, d) => acc.split(d).join(' '), t);
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement;
        // data and commands are marked as not for translation (translate="no", <code>): a name, a job, `npm run web`
        if (!el || el.closest('option, [aria-hidden="true"], [translate="no"], code') || el.getClientRects().length === 0) continue;
        if (getComputedStyle(el).visibility === 'hidden' || left(el)) continue;
        out.push(n.textContent ?? '');
      }
      for (const s of root.querySelectorAll('select'))
        if (!s.closest('[translate="no"]') && !left(s)) out.push((s as HTMLSelectElement).selectedOptions[0]?.textContent ?? '');
      for (const el of root.querySelectorAll('[title], [aria-label], [placeholder]'))
        if (!left(el)) for (const a of ['title', 'aria-label', 'placeholder']) out.push(el.getAttribute(a) ?? '');
      return out.map(withoutData).filter((t) => t.trim());
    },
    { selector: within, skipped: skip },
  );
}

/**
 * What may stay as it is under en-XA: the product's name, data (the demo user's email, addresses; on screen the
 * service's own names are marked translate="no" and left out above; inside a message they go with its brackets), and
 * region and country names, which come from Intl (CLDR) in the language's words, English for en-XA.
 */
const REGION_WORDS = [...SUGGESTED_REGIONS, 'en-GB', 'en-US', 'en-XA'].flatMap((tag) => [
  ...(new Intl.DisplayNames(['en'], { type: 'language' }).of(tag)?.split(/[^A-Za-z]+/) ?? []),
  ...(new Intl.DisplayNames(['en'], { type: 'region' }).of(new Intl.Locale(tag).region ?? 'US')?.split(/[^A-Za-z]+/) ?? []),
]);
const ALLOWED = [/\bPunchcard\b/g, /\S+@\S+/g, /https?:\/\/\S+/g];

/** The words of 3+ plain letters left once the pseudo-locale's bracketed strings and the allowed words are taken out. */
export function plainEnglish(texts: string[]): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    let t = text;
    // en-XA strings are bracketed, and may hold other bracketed ones (a message inside a message's value)
    for (let before = ''; before !== t;) {
      before = t;
      t = t.replace(/\[[^[\]]*\]/g, ' ');
    }
    for (const a of ALLOWED) t = t.replace(a, ' ');
    for (const w of t.match(/[A-Za-z]{3,}/g) ?? []) if (!REGION_WORDS.includes(w)) found.add(`${w}  (in "${text.slice(0, 80)}")`);
  }
  return [...found];
}

/**
 * Nothing scrolls sideways (the page and the screen area are as wide as the window), no tab's word spills out of its
 * tab (the strip of tabs takes a second line instead: tab-strip.spec.ts), and the chosen tab is in view.
 */
export async function expectNoSideways(page: Page, where: string) {
  const over = await page.evaluate(() => {
    const screen = document.querySelector('.screen')!;
    const spilled = [...document.querySelectorAll<HTMLElement>('.tab')].filter((t) => t.scrollWidth > t.clientWidth).map((t) => t.id);
    const chosen = document.querySelector('.tab[aria-selected=true]')!.getBoundingClientRect();
    return {
      page: document.scrollingElement!.scrollWidth - innerWidth,
      screen: screen.scrollWidth - screen.clientWidth,
      spilled,
      chosenInView: chosen.left >= -1 && chosen.right <= innerWidth + 1 ? true : `${chosen.left}..${chosen.right} of ${innerWidth}`,
    };
  });
  expect(over, `sideways scroll on ${where}`).toEqual({ page: 0, screen: 0, spilled: [], chosenInView: true });
}
