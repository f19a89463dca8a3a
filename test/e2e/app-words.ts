/**
 * What the browser suites write and compare: screenshots a person looks at, and days, weeks, periods and lists as the
 * app writes them in the suites' language and region. The suites take these through ./fixtures.ts.
 */
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { TEST_TODAY } from '../fixtures/test-clock';
import { createFormats } from '../../src/shared/i18n/formats';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** Where the suites keep the screenshots a person looks at: `test-results/screens/<name>.png`. */
export function screenPath(name: string): string {
  return join(ROOT, 'test-results', 'screens', `${name}.png`);
}

/** A full-page screenshot under test-results/screens (see screenPath). */
export async function saveScreen(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: screenPath(name), fullPage: true });
}

/** Both sizes the app is looked at: the tray's 420 x 640 and a desktop window (`<name>-420`, `<name>-1280`). */
export async function saveScreensAtBothSizes(page: Page, name: string): Promise<void> {
  await saveScreen(page, `${name}-420`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await saveScreen(page, `${name}-1280`);
  await page.setViewportSize({ width: 420, height: 640 });
}

/**
 * A day as the app writes it in the browser suites' language and region (`locale: 'en-US'`, playwright.config.ts):
 * "Wed, Nov 18". What the core says through the catalogs (the rules' refusals: docs/i18n.md) follows the browser's
 * region; words not converted yet still write days as `plainDate` does ("Wed 18 Nov").
 */
export function appDay(day: string): string {
  return createFormats('en', 'en-US').day(day);
}

/** A week (its Monday) as the app writes it in the browser suites' region: "Nov 16 – 22, 2026". */
export function appWeek(monday: string): string {
  return createFormats('en', 'en-US').week(monday);
}

/**
 * A period of days as the app writes it in the suites' region (en-US: "Nov 16 – 22", "Nov 30 – Dec 6"), with the
 * year when it is not `thisYear`'s (the Team tab's periods), or always (`thisYear` undefined: the payroll report's).
 */
export function appPeriod(from: string, to: string, thisYear?: number): string {
  const year = thisYear === undefined || from.slice(0, 4) !== to.slice(0, 4) || Number(to.slice(0, 4)) !== thisYear;
  return createFormats('en', 'en-US').period(from, to, { year, weekday: thisYear !== undefined });
}

/** Names as a list in the suites' language ("A, B, and C"). */
export function appList(items: string[]): string {
  return createFormats('en', 'en-US').list(items);
}

/** The sandbox's and the app's "today": the test day (a local calendar day, real-service-notes: workDate is local). */
export function localToday(): string {
  return TEST_TODAY;
}
