/**
 * The web app the browser tests open: a sandbox started in this process (so a test can set faults and read its state),
 * and `npm run web` as a child process pointed at it with the demo account and a fresh data dir, both on the test
 * clock. The page starts at the URL the server printed on its first line (token included), exactly as a user would
 * open it. The suites take these through ./fixtures.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox';
import { TEST_NOW, TEST_TODAY } from '../fixtures/test-clock';
import { stopChild } from '../tools/stop-child';
import { e2eTempDir, killOnExit, removeTempDir } from '../tools/e2e-temp-dirs';

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
  const dataDir = e2eTempDir('data');
  const clockDir = e2eTempDir('clock');
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
  killOnExit(child);
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  const stopAndRemove = async () => {
    try {
      await stopChild(child);
    } finally {
      removeTempDir(dataDir);
      removeTempDir(clockDir);
    }
  };
  /** The server's first line: the address to open, token included. */
  const firstLine = () =>
    new Promise<string>((resolveUrl, reject) => {
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
  let url: string;
  try {
    url = await firstLine();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]{20,}$/);
  } catch (e) {
    // no server to hand back: nothing of it may stay (the caller has nothing to stop)
    await stopAndRemove();
    throw e;
  }

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
    stop: stopAndRemove,
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
