/**
 * The browser suites' fixtures: the `test` every spec runs (a sandbox, `npm run web` over it, a page opened on the
 * app once it takes input, all on the test clock), and the helpers the suites share. Split by idea: starting the
 * sandbox and the web app, and the clocks of both (./web-app.ts); screenshots and the app's ways of writing days and
 * lists (./app-words.ts). The specs import all of it from here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import type { Sandbox } from '../../src/sandbox';
import { cpuProbe } from './cpu-probe';
import { startTestSandbox, startWebApp, useTestClock, type WebApp } from './web-app';

export { startTestSandbox, startWebApp, useTestClock, type WebApp } from './web-app';
export { appDay, appList, appPeriod, appWeek, localToday, saveScreen, saveScreensAtBothSizes, screenPath } from './app-words';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** Where Electron's binary would be, read the way `require('electron')` does, without its download attempt. */
export function electronBinary(): string | null {
  const pkg = join(ROOT, 'node_modules', 'electron');
  const pathFile = join(pkg, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const relative = readFileSync(pathFile, 'utf8').trim();
  const binary = join(process.env.ELECTRON_OVERRIDE_DIST_PATH || join(pkg, 'dist'), relative);
  return relative && existsSync(binary) ? binary : null;
}

/**
 * For `test.use({ webEnv: WATCH_CLOCK_EVERY_SECOND })`: the web server looks at its clock every second instead of every
 * 15 s (src/web/options.ts, the core's clock watch), so a test of a sleep the server notices by itself waits about a
 * second for that look, not up to 15 s of real time. Only where a test waits for the look: elsewhere a look soon after
 * a clock moved could come between a test's move and its next step.
 */
export const WATCH_CLOCK_EVERY_SECOND = { PUNCH_TEST_CLOCK_WATCH_MS: '1000' };

export const test = base.extend<{ sandbox: Sandbox; web: WebApp; webUrl: string; webEnv: Record<string, string>; cpuProbe: void }>({
  /** PUNCH_E2E_CPU_LOG=<file>: each test's CPU by part of its worker's tree, a JSON line each (./cpu-probe.ts). */
  cpuProbe: [cpuProbe, { auto: true }],
  /** More of the web server's environment, for a file or a describe block (`test.use`). */
  webEnv: [{}, { option: true }],
  // eslint-disable-next-line no-empty-pattern
  sandbox: async ({}, use) => {
    const sandbox = await startTestSandbox();
    await use(sandbox);
    await sandbox.close();
  },
  web: async ({ sandbox, webEnv }, use) => {
    const web = await startWebApp(sandbox, webEnv);
    await use(web);
    await web.stop();
  },
  webUrl: async ({ web }, use) => {
    await use(web.url);
  },
  page: async ({ page, webUrl }, use) => {
    await useTestClock(page);
    await openApp(page, webUrl);
    await use(page);
  },
});

export { expect };

/**
 * The app's script is in charge: it has taken over the screen built into the page (App.tsx's second render, no
 * `inert`) and the early-input layer has handed over what it kept (src/renderer/src/first-screen/early-input.ts drops
 * `data-early-input` from <html>). Before, the page takes input (typing stays in the fields, presses are kept and
 * replayed: test/e2e/early-input.spec.ts), but what a test reads is the HTML built at build time, not the day's
 * answers; so every test starts from here (the `page` fixture and openApp). On a busy machine the script's run can
 * take seconds: the ceiling is generous, the wait ends at the event.
 */
export async function appTakesInput(page: Page): Promise<void> {
  await expect(page.locator('.app')).not.toHaveAttribute('inert', /.*/, { timeout: 30_000 });
  await expect(page.locator('html')).not.toHaveAttribute('data-early-input', /.*/, { timeout: 30_000 });
}

/**
 * Opens `url` the way every test starts the app: the page's CPU slowed when PUNCH_E2E_CPU_THROTTLE asks (below), then
 * the address, then the wait until the app takes input (appTakesInput). A test of what happens before that (the first
 * screen, a refused session) calls `page.goto` itself.
 */
export async function openApp(page: Page, url: string): Promise<void> {
  await slowPageWhenAsked(page);
  await page.goto(url);
  await appTakesInput(page);
}

/**
 * PUNCH_E2E_CPU_THROTTLE=N (e.g. 8): the page's scripts run N times slower (Chromium's CPU throttling through CDP),
 * as on a machine under load, so a test that acts before the app is ready fails at once instead of once in a while.
 * How the race with the app's start was shown (docs/benchmarks.md, "The suite's time, third pass"); off by default.
 */
export async function slowPageWhenAsked(page: Page): Promise<void> {
  const rate = Number(process.env.PUNCH_E2E_CPU_THROTTLE ?? '');
  if (!(rate > 1)) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/**
 * One sandbox and one `npm run web` for all tests of a file (beforeAll / afterAll), for files whose tests do not
 * disturb one another: a web server of its own costs a test about 0.55 s of CPU (its start, 0.13 s to its URL line,
 * then opening the core and its first reads), a shared one about 0.14 s a test (docs/benchmarks.md, "The suite's time,
 * fifth pass"); a test's Chromium costs about 3 s. Each test still gets a fresh page.
 * In each worker (two run side by side, a file at a time each), a failed test restarts the worker, and beforeAll runs
 * again there, so a failure cannot poison the tests after it with a half-finished state.
 */
export function sharedAppPerFile() {
  let sandbox: Sandbox | undefined;
  let web: WebApp | undefined;
  base.beforeAll(async () => {
    base.setTimeout(120_000);
    sandbox = await startTestSandbox();
    web = await startWebApp(sandbox);
  });
  base.afterAll(async () => {
    await web?.stop();
    await sandbox?.close();
  });
  return test.extend<{ sandbox: Sandbox; web: WebApp }>({
    // eslint-disable-next-line no-empty-pattern
    sandbox: async ({}, use) => {
      await use(sandbox!);
    },
    // eslint-disable-next-line no-empty-pattern
    web: async ({}, use) => {
      await use(web!);
    },
  });
}
