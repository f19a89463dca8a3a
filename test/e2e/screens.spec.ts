/**
 * Every main screen (Track, Week, Outbox, Team, HR, Settings) in the light and the dark theme at the tray window's
 * 420x640, saved under test-results/screens/ for a person to look at. Each screen is also checked for what a
 * screenshot cannot prove by itself: the theme really applied, and text readable against its background (WCAG AA).
 */
import type { Page } from '@playwright/test';
import { expect, saveScreen, sharedAppPerFile } from './fixtures';

// The screens only read, apart from the theme preference that each test sets for itself.
const test = sharedAppPerFile();
test.use({ viewport: { width: 420, height: 640 } });

type Theme = 'light' | 'dark';

/** Visible text whose contrast with the background behind it is below WCAG AA (4.5:1; 3:1 for large text). */
async function lowContrastText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // Computed colours arrive as rgb()/rgba() (0-255) or, from color-mix(), as color(srgb r g b / a) with 0-1 channels.
    const rgba = (c: string) => {
      const n = (c.match(/[\d.]+/g) ?? []).map(Number);
      return c.startsWith('color(srgb') ? [n[0] * 255, n[1] * 255, n[2] * 255, n[3] ?? 1] : n;
    };
    const lum = ([r, g, b]: number[]) => {
      const f = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const background = (el: Element | null): number[] => {
      for (let e = el; e; e = e.parentElement) {
        const c = rgba(getComputedStyle(e).backgroundColor);
        if (c.length >= 3 && (c[3] ?? 1) > 0.5) return c;
      }
      return rgba(getComputedStyle(document.body).backgroundColor);
    };
    const problems: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const seen = new Set<Element>();
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || seen.has(el) || !n.textContent?.trim()) continue;
      seen.add(el);
      if (el.closest('[aria-hidden="true"], [hidden], .sr-only, option, :disabled, [aria-disabled="true"]')) continue;
      const box = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      if (box.width === 0 || box.height === 0 || s.visibility === 'hidden' || Number(s.opacity) < 0.1) continue;
      if (box.bottom < 0 || box.top > innerHeight) continue; // only what the window shows
      const fg = rgba(s.color);
      const bg = background(el);
      const [l1, l2] = [lum(fg), lum(bg)].sort((a, b) => b - a);
      const ratio = (l1 + 0.05) / (l2 + 0.05);
      const size = parseFloat(s.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(s.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5))
        problems.push(`"${n.textContent.trim().slice(0, 40)}" ${ratio.toFixed(2)}:1 (${s.color} on rgb(${bg.slice(0, 3).join(', ')}))`);
    }
    return problems;
  });
}

async function chooseTheme(page: Page, theme: Theme) {
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page
    .locator('.seg-option')
    .filter({ hasText: theme === 'light' ? 'Light' : 'Dark' })
    .click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  // The page background follows: near-white in light, near-black in dark.
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [r, g, b] = (bg.match(/\d+/g) ?? []).map(Number);
  const brightness = (r + g + b) / 3;
  expect(theme === 'light' ? brightness > 200 : brightness < 60, `body background ${bg} in the ${theme} theme`).toBe(true);
}

async function shoot(page: Page, theme: Theme, screen: string) {
  await expect(page.getByRole('tab', { name: new RegExp(`^${screen}`) })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.state-loading')).toHaveCount(0);
  await saveScreen(page, `${screen.toLowerCase()}-${theme}`);
  // Only the screen area scrolls; a taller page would scroll the header and tabs out of the window.
  expect(await page.evaluate(() => document.scrollingElement!.scrollHeight), `page height on ${screen}`).toBeLessThanOrEqual(640);
  expect(await lowContrastText(page), `text below WCAG AA contrast on ${screen} (${theme})`).toEqual([]);
}

for (const theme of ['light', 'dark'] as const) {
  test(`every main screen reads well in the ${theme} theme`, async ({ page }) => {
    await chooseTheme(page, theme);

    await page.getByRole('tab', { name: 'Track' }).click();
    await expect(page.getByRole('button', { name: 'Start timer' })).toBeVisible();
    await shoot(page, theme, 'Track');

    // The previous week has the seeded history: a grid, a state and (for the demo user) the manager's comment.
    await page.getByRole('tab', { name: 'Week' }).click();
    await page.getByRole('button', { name: 'Previous week' }).click();
    await expect(page.getByTestId('timesheet-state')).toHaveText('Rejected');
    await expect(page.locator('.week-grid')).toBeVisible();
    await shoot(page, theme, 'Week');

    await page.getByRole('tab', { name: /^Outbox/ }).click();
    await expect(page.getByRole('button', { name: 'Sync now' })).toBeVisible();
    await shoot(page, theme, 'Outbox');

    await page.getByRole('tab', { name: 'Team' }).click();
    await expect(page.locator('.sheet-row').first()).toBeVisible();
    await shoot(page, theme, 'Team');

    await page.getByRole('tab', { name: 'HR' }).click();
    await page.getByRole('button', { name: 'Run report' }).click();
    await expect(page.locator('table tbody tr').first()).toBeVisible();
    await shoot(page, theme, 'HR');

    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Rounding' })).toBeVisible();
    await shoot(page, theme, 'Settings');
  });
}
