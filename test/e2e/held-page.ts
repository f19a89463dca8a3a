/**
 * A page of the web app with its script held back (the first screen painted, the early-input layer on:
 * src/renderer/src/first-screen/early-input.ts), for the suites that act before the script and check what the app
 * does once in charge (early-input.spec.ts, early-button.spec.ts).
 */
import type { Browser, Page, Route } from '@playwright/test';
import { expect, slowPageWhenAsked, useTestClock } from './fixtures';

const BOOT = /\/assets\/boot-[^/]+\.js$/;

/** A page with the app's script held back until `release` (its first screen painted, the early layer on). */
export async function heldPage(browser: Browser, url: string, locale = 'en-US'): Promise<{ page: Page; release: () => void }> {
  const context = await browser.newContext({ viewport: { width: 420, height: 640 }, locale });
  const page = await context.newPage();
  // the suite's day, the sandbox's (a log is checked against the company's rules for it)
  await useTestClock(page);
  await slowPageWhenAsked(page);
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(BOOT, async (route: Route) => {
    await released;
    await route.continue();
  });
  await page.goto(url);
  await expect(page.locator('form.composer')).toBeVisible();
  expect(await page.evaluate(() => performance.getEntriesByName('punchcard:app-script').length)).toBe(0);
  return { page, release };
}

/** The app's script is in charge: the early layer has handed over (it takes its mark off the page). */
export const inCharge = (page: Page) => expect(page.locator('html')).not.toHaveAttribute('data-early-input', /.*/, { timeout: 30_000 });

/** The Track form's fields, as a user finds them (by role and name). */
export function composer(page: Page) {
  const form = page.getByRole('form', { name: 'Log or time your work' });
  return {
    form,
    picker: form.getByRole('combobox', { name: 'Job' }),
    hours: form.getByRole('textbox', { name: 'Hours', exact: true }),
    description: form.getByLabel('Description'),
  };
}
