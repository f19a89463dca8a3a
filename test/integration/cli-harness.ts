/**
 * Runs the real `punch` (a child process: `node out/cli/punch.mjs`, the bundle vitest builds from the current sources
 * at the start of the run, test/fixtures/build-node-bundles.ts) against a sandbox started in the test, with a private data
 * directory per world.
 *
 * The world has the test's clock (test/fixtures/test-clock.ts): the sandbox's today is Wednesday TEST_TODAY, and each
 * `punch` reads the clock running from 10:00 that day (test/fixtures/shifted-date.mjs, preloaded: the CLI reads the
 * system clock and has no clock option), so "today", "yesterday" and "this week" are the same at any hour, in any zone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { startSandbox } from '../../src/sandbox/index';
import type { Sandbox, SandboxOptions, SandboxState } from '../../src/sandbox/types';
import { addDays } from '../../src/shared/time/week';
import { punchArgv, ROOT } from '../fixtures/node-bundles';
import { removeDir, tempDir } from '../fixtures/temp-dirs';
import { runningClock, TEST_TODAY } from '../fixtures/test-clock';

/** The clock of every world and every punch it runs (its offset goes to the child as TEST_CLOCK_OFFSET_MS). */
export const cliClock = runningClock();

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliWorld {
  sandbox: Sandbox;
  dataDir: string;
  /** The world's environment for a `punch` started by hand (startPunch). */
  env: Record<string, string>;
  /** Runs `punch <args>` as the demo user (PUNCH_BASE_URL/TOKEN/USER of the sandbox). */
  punch(args: string[], opts?: { env?: Record<string, string | undefined>; stdin?: string }): Promise<CliRun>;
  /** Runs `punch <args> --json` and parses stdout (which must be exactly one JSON document). */
  punchJson<T = unknown>(
    args: string[],
    opts?: { env?: Record<string, string | undefined> },
  ): Promise<{ code: number | null; value: T; stderr: string }>;
  close(): Promise<void>;
}

/** Each punch still running, by the data directory it was given. */
const running = new Map<ChildProcess, string | undefined>();

export function runPunch(args: string[], env: Record<string, string | undefined>, stdin?: string): Promise<CliRun> {
  return startPunch(args, env, stdin).done;
}

/** A running `punch`, for a test that signals it midway (Ctrl+C is `child.kill('SIGINT')`). */
export function startPunch(
  args: string[],
  env: Record<string, string | undefined>,
  stdin?: string,
): { child: ChildProcess; done: Promise<CliRun> } {
  const child = spawn(process.execPath, [...punchArgv(), ...args], {
    cwd: ROOT,
    env: cleanEnv(env),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  running.set(child, env.PUNCH_DATA_DIR);
  const done = new Promise<CliRun>((resolve, fail) => {
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => {
      stdout += d;
    });
    child.stderr!.on('data', (d) => {
      stderr += d;
    });
    child.on('error', (e) => {
      running.delete(child);
      fail(e);
    });
    child.on('close', (code) => {
      running.delete(child);
      resolve({ code, stdout, stderr });
    });
  });
  child.stdin!.end(stdin ?? '');
  return { child, done };
}

/**
 * Ends the punch processes still running on `dataDir` (a test that timed out leaves its punch behind): otherwise one
 * would go on writing into the data directory after it was removed, leaving a `punch-*` entry that fails the run.
 */
async function stopPunchesOn(dataDir: string): Promise<void> {
  const left = [...running].filter(([, dir]) => dir === dataDir).map(([child]) => child);
  await Promise.all(
    left.map(
      (child) =>
        new Promise<void>((r) => {
          child.once('close', () => r());
          child.kill('SIGKILL');
        }),
    ),
  );
}

/**
 * The parent's environment without any PUNCH_* and without a locale (a developer's own settings, or a German
 * terminal, must not leak into the tests: punch speaks the language of LC_ALL/LC_MESSAGES/LANG, docs/i18n.md).
 */
const LOCALE_VARIABLES = /^(LANG|LANGUAGE|LC_[A-Z]+)$/;
export function cleanEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('PUNCH_') && !LOCALE_VARIABLES.test(k)) env[k] = v;
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

export async function startCliWorld(opts: SandboxOptions = {}): Promise<CliWorld> {
  const sandbox = await startSandbox({ today: TEST_TODAY, ...opts });
  const dataDir = tempDir('punch-cli-');
  const baseEnv = {
    PUNCH_BASE_URL: sandbox.url,
    PUNCH_TOKEN: sandbox.demoToken,
    PUNCH_USER: sandbox.demoUser,
    PUNCH_DATA_DIR: dataDir,
    XDG_CONFIG_HOME: join(dataDir, 'xdg'),
  };
  // the clock's offset is read at each start, so a test that moves cliClock on (skip) moves the next punch with it
  const punch: CliWorld['punch'] = (args, o) =>
    runPunch(args, { TEST_CLOCK_OFFSET_MS: String(cliClock.offsetMs()), ...baseEnv, ...o?.env }, o?.stdin);
  return {
    sandbox,
    dataDir,
    env: baseEnv,
    punch,
    async punchJson<T>(args: string[], o?: { env?: Record<string, string | undefined> }) {
      const r = await punch([...args, '--json'], o);
      let value: T;
      try {
        value = JSON.parse(r.stdout) as T;
      } catch {
        throw new Error(
          `stdout of punch ${args.join(' ')} --json is not one JSON document (exit ${r.code}):\n${r.stdout}\nstderr:\n${r.stderr}`,
        );
      }
      return { code: r.code, value, stderr: r.stderr };
    },
    async close() {
      await stopPunchesOn(dataDir);
      await sandbox.close();
      removeDir(dataDir);
    },
  };
}

/** YYYY-MM-DD of the day `n` days before the world's today (TEST_TODAY). */
export function daysAgo(n: number): string {
  return addDays(TEST_TODAY, -n);
}

/**
 * A recent day on which `user` can still log `minutes` more: not a holiday, not in a submitted or approved
 * timesheet, and under the company maximum (settings maxHoursPerDay) with what the service already holds.
 */
export function freeDay(state: SandboxState, user: string, minutes: number, notBefore = 0, skip: string[] = []): string {
  const [h, m] = state.settings.maxHoursPerDay.split(':').map(Number);
  const max = h * 60 + m;
  for (let n = notBefore; n < 40; n++) {
    const day = daysAgo(n);
    if (skip.includes(day) || state.holidays.some((x) => x.date === day)) continue;
    const locked = state.timesheets.some(
      (t) => t.user === user && t.fromDate <= day && day <= t.toDate && (t.status === 'pending' || t.status === 'approved'),
    );
    if (locked) continue;
    const used = state.timeLogs.filter((l) => l.user === user && l.workDate === day).reduce((s, l) => s + l.minutes, 0);
    if (used + minutes <= max) return day;
  }
  throw new Error(`no free day for ${user} in the last 40 days`);
}

export const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};
