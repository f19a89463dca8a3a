/**
 * The e2e world: a sandbox started in this process (so a test can set faults and read its state), and `npm run web`
 * as a child process pointed at it with the demo account and a fresh data dir. The page starts at the URL the
 * server printed on its first line (token included), exactly as a user would open it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test as base, expect, type Page } from '@playwright/test';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox';
import { TEST_NOW, TEST_TODAY } from '../fixtures/test-clock';
import { createFormats } from '../../src/shared/i18n/formats';
import { cpuProbe } from './cpu-probe';

const ROOT = resolve(import.meta.dirname, '..', '..');

export interface WebApp {
  url: string;
  child: ChildProcess;
  dataDir: string;
  stderr: () => string;
  /**
   * Moves the web server's clock on by `ms` without waiting (test/fixtures/shifted-date.mjs, TEST_CLOCK_SKIP_FILE):
   * "a minute later" for the core's freshness. Move the page's clock too (`page.clock.fastForward`) to keep them together.
   */
  skipClock(ms: number): Promise<void>;
  /**
   * Moves only the web server's wall clock by `ms`, its monotonic clock staying where it is: a sleep of the computer
   * (`ms` > 0), or the clock set back (`ms` < 0). Move the page's clock too to keep them together.
   */
  moveWallClock(ms: number): Promise<void>;
  stop(): Promise<void>;
}

/*
 * The browser suite runs on the test clock, like vitest (test/fixtures/test-clock.ts): Wednesday 2026-11-18 from 10:00
 * local time, running at the real pace. The sandbox seeds its company for that day, the web server's Date reads it
 * (test/fixtures/shifted-date.mjs, preloaded: the core has no clock to inject from the command line) and the page's
 * clock is installed at it before the app loads. So no browser test depends on the real date or hour.
 */
const SHIFTED_DATE = pathToFileURL(join(ROOT, 'test', 'fixtures', 'shifted-date.mjs')).href;

/** The sandbox of the browser suite: the demo company seeded for the test day. */
export function startTestSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  return startSandbox({ seed: 1, today: TEST_TODAY, ...opts });
}

/** The page's clock at the test time (running on from it), before anything of the app runs. */
export async function useTestClock(page: Page): Promise<void> {
  await page.clock.install({ time: TEST_NOW + (Date.now() - LOADED_AT) });
}
const LOADED_AT = Date.now();

/**
 * Starts `npm run web` (scripts/web.mjs: builds the interface if stale) and resolves with the URL from its first line.
 * `args`: more of its options (`--port N`, `--data-dir D`: a restart on the same address and data).
 */
export async function startWebApp(sandbox: Sandbox, extraEnv: Record<string, string> = {}, args: string[] = []): Promise<WebApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'punch-e2e-'));
  const clockDir = mkdtempSync(join(tmpdir(), 'punch-e2e-clock-'));
  const skipFile = join(clockDir, 'skip-ms');
  let skipped = 0;
  let monoSkipped = 0;
  let moves = 0;
  /**
   * Writes the clock file and waits until the server says it uses it (test/fixtures/shifted-date.mjs writes the text
   * to `<file>.seen`): from then on every reading of its clock has the move.
   */
  const moveClock = async () => {
    const text = `${skipped} ${monoSkipped} ${++moves}`;
    writeFileSync(skipFile, text);
    const deadline = Date.now() + 10_000;
    while (readSeen(`${skipFile}.seen`) !== text) {
      if (Date.now() > deadline) throw new Error(`the web server did not take its clock's move ("${text}") within 10 s`);
      await new Promise((r) => setTimeout(r, 10)); // kept: a poll of the server's .seen file, bounded above (10 s), naming the move
    }
  };
  const clockEnv = {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${SHIFTED_DATE}`.trim(),
    TEST_CLOCK_OFFSET_MS: String(TEST_NOW - LOADED_AT),
    TEST_CLOCK_SKIP_FILE: skipFile,
  };
  const child = spawn(process.execPath, [join(ROOT, 'scripts', 'web.mjs'), '--no-open', ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      PUNCH_BASE_URL: sandbox.url,
      PUNCH_TOKEN: sandbox.demoToken,
      PUNCH_USER: sandbox.demoUser,
      PUNCH_DATA_DIR: dataDir,
      ...clockEnv,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm run web printed no URL within 90 s.\n${stderr}`)), 90_000);
    child.stdout!.on('data', (c: Buffer) => {
      stdout += c.toString();
      const newline = stdout.indexOf('\n');
      if (newline >= 0) {
        clearTimeout(timer);
        resolveUrl(stdout.slice(0, newline).trim());
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm run web exited (${code}) before printing its URL.\n${stderr}`));
    });
  });
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]{20,}$/);

  return {
    url,
    child,
    dataDir,
    stderr: () => stderr,
    async skipClock(ms) {
      skipped += ms;
      monoSkipped += ms;
      await moveClock();
    },
    async moveWallClock(ms) {
      skipped += ms;
      await moveClock();
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((r) => child.once('exit', () => r()));
        child.kill('SIGTERM');
        const forced = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(forced);
      }
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(clockDir, { recursive: true, force: true });
    },
  };
}

/** What a file holds, or '' when it is not there yet. */
function readSeen(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

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

/* ------------------------------------------------------------------ additions for the e2e suites */

/** Where the suites keep the screenshots a person looks at: `test-results/screens/<name>.png`. */
export function screenPath(name: string): string {
  return join(ROOT, 'test-results', 'screens', `${name}.png`);
}

/** A full-page screenshot under test-results/screens (see screenPath). */
export async function saveScreen(page: import('@playwright/test').Page, name: string): Promise<void> {
  await page.screenshot({ path: screenPath(name), fullPage: true });
}

/** Both sizes the app is looked at: the tray's 420 x 640 and a desktop window (`<name>-420`, `<name>-1280`). */
export async function saveScreensAtBothSizes(page: import('@playwright/test').Page, name: string): Promise<void> {
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
