/**
 * The e2e world: a sandbox started in this process (so a test can set faults and read its state), and `npm run web`
 * as a child process pointed at it with the demo account and a fresh data dir. The page starts at the URL the
 * server printed on its first line (token included), exactly as a user would open it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test as base, expect } from '@playwright/test';
import { startSandbox, type Sandbox } from '../../src/sandbox';

const ROOT = resolve(import.meta.dirname, '..', '..');

export interface WebApp {
  url: string;
  child: ChildProcess;
  dataDir: string;
  stderr: () => string;
  stop(): Promise<void>;
}

/** Starts `npm run web` (scripts/web.mjs: builds the interface if stale) and resolves with the URL from its first line. */
export async function startWebApp(sandbox: Sandbox, extraEnv: Record<string, string> = {}): Promise<WebApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'punch-e2e-'));
  const child = spawn(process.execPath, [join(ROOT, 'scripts', 'web.mjs'), '--no-open'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PUNCH_BASE_URL: sandbox.url,
      PUNCH_TOKEN: sandbox.demoToken,
      PUNCH_USER: sandbox.demoUser,
      PUNCH_DATA_DIR: dataDir,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => { stderr += c.toString(); });
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm run web printed no URL within 90 s.\n${stderr}`)), 90_000);
    child.stdout!.on('data', (c: Buffer) => {
      stdout += c.toString();
      const newline = stdout.indexOf('\n');
      if (newline >= 0) { clearTimeout(timer); resolveUrl(stdout.slice(0, newline).trim()); }
    });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`npm run web exited (${code}) before printing its URL.\n${stderr}`)); });
  });
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]{20,}$/);

  return {
    url, child, dataDir,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((r) => child.once('exit', () => r()));
        child.kill('SIGTERM');
        const forced = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(forced);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
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

export const test = base.extend<{ sandbox: Sandbox; web: WebApp; webUrl: string }>({
  // eslint-disable-next-line no-empty-pattern
  sandbox: async ({}, use) => {
    const sandbox = await startSandbox({ seed: 1 });
    await use(sandbox);
    await sandbox.close();
  },
  web: async ({ sandbox }, use) => {
    const web = await startWebApp(sandbox);
    await use(web);
    await web.stop();
  },
  webUrl: async ({ web }, use) => { await use(web.url); },
  page: async ({ page, webUrl }, use) => {
    await page.goto(webUrl);
    await use(page);
  },
});

export { expect };

/* ------------------------------------------------------------------ additions for the e2e suites */

/** Where the suites keep the screenshots a person looks at: `test-results/screens/<name>.png`. */
export function screenPath(name: string): string {
  return join(ROOT, 'test-results', 'screens', `${name}.png`);
}

/** A full-page screenshot under test-results/screens (see screenPath). */
export async function saveScreen(page: import('@playwright/test').Page, name: string): Promise<void> {
  await page.screenshot({ path: screenPath(name), fullPage: true });
}

/** The sandbox's "today" as the app sees it: the local calendar day (real-service-notes: workDate is a local day). */
export function localToday(now = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/**
 * One sandbox and one `npm run web` for all tests of a file (beforeAll / afterAll), for files whose tests do not
 * disturb one another: it saves the few seconds each web server takes to start. Each test still gets a fresh page.
 * With one worker, a failed test restarts the worker, and beforeAll runs again there, so a failure cannot poison
 * the tests after it with a half-finished state.
 */
export function sharedAppPerFile() {
  let sandbox: Sandbox | undefined;
  let web: WebApp | undefined;
  base.beforeAll(async () => {
    base.setTimeout(120_000);
    sandbox = await startSandbox({ seed: 1 });
    web = await startWebApp(sandbox);
  });
  base.afterAll(async () => {
    await web?.stop();
    await sandbox?.close();
  });
  return test.extend<{ sandbox: Sandbox; web: WebApp }>({
    // eslint-disable-next-line no-empty-pattern
    sandbox: async ({}, use) => { await use(sandbox!); },
    // eslint-disable-next-line no-empty-pattern
    web: async ({}, use) => { await use(web!); },
  });
}
