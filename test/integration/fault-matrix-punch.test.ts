/**
 * The network-failure matrix through `punch`: real child processes whose service address is `http://sandbox.punch.test:<port>`
 * (the test DNS, test/tools/test-dns.mjs, preloaded through NODE_OPTIONS) in front of the fault proxy
 * (test/tools/fault-proxy.ts) in front of a fresh sandbox per case, with the client exactly as the app makes it
 * (DEFAULT_POLICY: 30 s per request). Each case: `punch log` online first (a synced entry, and the company's rules and
 * jobs in the cache, as for anyone who used punch before), the fault on, the command under test, the fault off,
 * `punch sync` (or `punch submit` again, as the user would), and then the sandbox's own state: the effect exactly once,
 * nothing left in the outbox, and `punch week` showing the service's total.
 *
 * Which cases: `log` under every mode on the whole service. `edit`, `delete` and `submit` under three, one per thing
 * the app can know about a write that failed: DNS down (certainly not sent: applied no, and the child's own DNS path),
 * a Wi-Fi sign-in page on the whole service (not the service's answer: unknown, and in fact not committed), and an
 * answer dropped after the service committed, on the write only (unknown, in fact committed, and the read just
 * before it passed: the nastiest). Every mode for every action is covered through the core
 * (./fault-matrix.test.ts); a child process costs 1-3 s to start here, and a black hole or a slow answer costs the
 * 10 s the core waits on close, so the full 11 × 4 through punch would take well over the file's 3 minutes.
 *
 * punch runs from the bundle vitest builds at the start of the run (test/fixtures/build-node-bundles.ts), so each start is a
 * fraction of a second instead of tsx's two.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LogResult } from '../../src/shared/contract';
import type { OutboxEntry, WeekView } from '../../src/shared/domain';
import { startSandbox, type Sandbox } from '../../src/sandbox/index';
import { weekStartOf } from '../../src/shared/time/week';
import {
  caseName,
  freshWeekDay,
  MATRIX_MODES,
  serviceWeekMinutes,
  WRITE_PATH,
  type FaultCase,
  type MatrixMode,
} from '../fixtures/fault-matrix';
import { punchArgv, ROOT } from '../fixtures/node-bundles';
import { FaultProxy } from '../tools/fault-proxy';
import { childDnsEnv, setChildDnsDown, testHostUrl } from '../tools/test-dns-switch';
import { cleanEnv, freeDay } from '../fixtures/cli-harness';

/** 15 s for the action, plus starting and ending a Node process on a loaded machine. */
const ANSWER_LIMIT_MS = 20_000;
/** A child still running after this is killed (and the case fails saying so). */
const KILL_MS = 60_000;
/** `slow`: past the 15 s an action may take, within the client's 30 s. */
const SLOW_MS = 20_000;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
  killed: boolean;
}

function punch(args: string[], env: Record<string, string>): Promise<Run> {
  const argv = [...punchArgv({ shiftedClock: false }), ...args];
  const started = performance.now();
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, argv, { cwd: ROOT, env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '',
      stderr = '',
      killed = false;
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, KILL_MS);
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr, ms: performance.now() - started, killed });
    });
  });
}

function json<T>(r: Run, what: string): T {
  try {
    return JSON.parse(r.stdout) as T;
  } catch {
    throw new Error(
      `${what}: stdout is not one JSON document (exit ${r.code}${r.killed ? ', killed' : ''}, ${(r.ms / 1000).toFixed(1)} s)\n${r.stdout}\n${r.stderr}`,
    );
  }
}

interface World {
  sandbox: Sandbox;
  proxy: FaultProxy;
  dir: string;
  downFile: string;
  env: Record<string, string>;
}
const worlds: World[] = [];

async function startWorld(): Promise<World> {
  const sandbox = await startSandbox({ seed: 1 });
  const proxy = await FaultProxy.start(sandbox.url);
  const dir = mkdtempSync(join(tmpdir(), 'punch-fault-matrix-'));
  const downFile = join(dir, 'dns-down');
  const env = {
    PUNCH_BASE_URL: testHostUrl(proxy.port),
    PUNCH_TOKEN: sandbox.demoToken,
    PUNCH_USER: sandbox.demoUser,
    PUNCH_DATA_DIR: join(dir, 'data'),
    XDG_CONFIG_HOME: join(dir, 'xdg'),
    ...childDnsEnv(downFile),
  };
  const w = { sandbox, proxy, dir, downFile, env };
  worlds.push(w);
  return w;
}

afterEach(async () => {
  for (const w of worlds.splice(0)) {
    await w.proxy.close();
    await w.sandbox.close();
    rmSync(w.dir, { recursive: true, force: true });
  }
});

async function faultOn(w: World, c: FaultCase): Promise<void> {
  if (c.mode === 'dns') setChildDnsDown(w.downFile, true);
  else if (c.mode === 'refuse') await w.proxy.setMode('refuse');
  else
    await w.proxy.setMode(c.mode, {
      ...(c.scope === 'write' ? { match: WRITE_PATH[c.action] } : {}),
      ...(c.mode === 'slow' ? { delayMs: SLOW_MS } : {}),
    });
}
async function faultOff(w: World): Promise<void> {
  setChildDnsDown(w.downFile, false);
  await w.proxy.setMode('pass');
}

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** Runs one case through `punch` and asserts what the user and the service then hold (nothing lost, nothing twice). */
async function expectPunchCaseHolds(c: FaultCase): Promise<void> {
  const w = await startWorld();
  const { sandbox } = w;
  const user = sandbox.demoUser;
  const jobId = sandbox.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(user))!.jobId;
  const day = c.action === 'submit' ? freshWeekDay(sandbox.state()) : freeDay(sandbox.state(), user, 4 * 60);
  const tag = `punch ${c.action} through ${c.mode} (${c.scope})`;
  const before = `${tag}: before`,
    after = `${tag}: after`;

  // someone who used punch before: one entry on the service, the rules and jobs in the cache
  const first = await punch(['log', '--job', jobId, '--date', day, '--hours', '01:00', '--description', before, '--json'], w.env);
  const logged = json<LogResult>(first, 'the first punch log');
  expect(first.code, first.stderr).toBe(0);
  // on a loaded machine the first answer may miss the 1.5 s a log waits for the service: then it is sent here
  if (logged.state !== 'synced') expect((await punch(['sync', '--json'], w.env)).code).toBe(0);
  const { localId } = logged.log;
  const timeLogId = sandbox.state().timeLogs.find((l) => l.description === before)?.timeLogId;
  expect(timeLogId).toBeDefined();
  // a submit follows a look at the week (kept 60 s in weeks.json): so the submit's own write meets the fault, not
  // only its preview's read (a preview that cannot read blocks the submit, exit 1, and sends nothing)
  if (c.action === 'submit') expect((await punch(['week', '--date', day, '--json'], w.env)).code).toBe(0);

  sandbox.resetRequests();
  await faultOn(w, c);
  let under: Run;
  try {
    switch (c.action) {
      case 'log':
        under = await punch(['log', '--job', jobId, '--date', day, '--hours', '01:15', '--description', after, '--json'], w.env);
        break;
      case 'edit':
        under = await punch(['edit', localId, '--hours', '02:30', '--description', after, '--json'], w.env);
        break;
      case 'delete':
        under = await punch(['delete', localId, '--json'], w.env);
        break;
      case 'submit':
        under = await punch(['submit', '--week-of', day, '--json'], w.env);
        break;
    }
  } finally {
    await faultOff(w);
  }
  const figures = `${c.action} under ${c.mode}: exit ${under.code}${under.killed ? ' (killed)' : ''} after ${(under.ms / 1000).toFixed(1)} s; stderr: ${under.stderr.trim().split('\n')[0] ?? ''}`;
  expect(under.killed, figures).toBe(false);
  // the entry is kept (log, edit, delete answer synced or queued: exit 0); a submit the network broke says so (exit 2),
  // also when even the week could not be read (nothing sent: a failure of the network, not the user's to fix)
  if (c.action === 'submit') {
    expect([0, 2], figures).toContain(under.code);
    if (/cannot be reached/.test(under.stderr)) expect(under.code, figures).toBe(2);
  } else {
    expect(under.code, figures).toBe(0);
  }

  // recovery: the user syncs (or submits again: the week says whether it went through)
  if (c.action === 'submit') {
    const again = await punch(['submit', '--week-of', day, '--json'], w.env);
    const againWords = `${figures}; submit again: exit ${again.code}: ${again.stderr.trim()}`;
    if (again.code !== 0) {
      expect(again.code, againWords).toBe(1);
      expect(again.stderr, againWords).toMatch(/already submitted/);
    }
  } else {
    const sync = await punch(['sync', '--json'], w.env);
    const report = json<{ remainingEntries: OutboxEntry[] }>(sync, 'punch sync');
    expect({ code: sync.code, remaining: report.remainingEntries.map((e) => `${e.kind} ${e.state}: ${e.message ?? ''}`) }, figures).toEqual(
      { code: 0, remaining: [] },
    );
  }

  // the service's own state: exactly one effect
  const mine = sandbox.state().timeLogs.filter((l) => l.user === user);
  switch (c.action) {
    case 'log':
      expect(
        mine.filter((l) => l.description === after && l.workDate === day && l.minutes === 75),
        figures,
      ).toHaveLength(1);
      break;
    case 'edit':
      expect(
        mine.filter((l) => l.description === after).map((l) => [l.timeLogId, l.minutes]),
        figures,
      ).toEqual([[timeLogId, 150]]);
      expect(
        mine.filter((l) => l.description === before),
        figures,
      ).toHaveLength(0);
      break;
    case 'delete':
      expect(
        mine.filter((l) => l.description === before || l.timeLogId === timeLogId),
        figures,
      ).toHaveLength(0);
      break;
    case 'submit': {
      const sheets = sandbox.state().timesheets.filter((t) => t.user === user && t.fromDate <= day && day <= t.toDate);
      expect(
        sheets.map((t) => t.status),
        figures,
      ).toEqual(['pending']);
      expect(
        sandbox.requests().filter((r) => WRITE_PATH.submit.test(r.path) && r.status >= 200 && r.status < 300),
        figures,
      ).toHaveLength(1);
      break;
    }
  }
  // what punch shows is what the service holds
  const week = json<WeekView>(await punch(['week', '--date', day, '--json'], w.env), 'punch week');
  expect(minutes(week.totalHours), `punch week vs the service; ${figures}`).toBe(serviceWeekMinutes(sandbox.state(), user, day));
  if (c.action === 'submit') expect(week.timesheet?.status, figures).toBe('pending');
  expect(weekStartOf(day)).toBe(week.weekStart);
  // answered in time (measured last, so a slow answer still shows what it did to the service)
  expect(under.ms, figures).toBeLessThan(ANSWER_LIMIT_MS);
}

const LOG_CASES: FaultCase[] = MATRIX_MODES.map((mode) => ({ mode, action: 'log', scope: 'service' }));
const SUBSET: Array<{ mode: MatrixMode; scope: FaultCase['scope'] }> = [
  { mode: 'dns', scope: 'service' },
  { mode: 'captive-portal', scope: 'service' },
  { mode: 'drop-after-commit', scope: 'write' },
];
const OTHER_CASES: FaultCase[] = (['edit', 'delete', 'submit'] as const).flatMap((action) => SUBSET.map((s) => ({ ...s, action })));
const named = (cases: FaultCase[]): Array<[string, FaultCase]> => cases.map((c) => [`punch: ${caseName(c)}`, c]);

describe('punch under network failures', { timeout: 120_000 }, () => {
  it.each(named([...LOG_CASES, ...OTHER_CASES]))('%s', async (_name, c) => {
    await expectPunchCaseHolds(c);
  });
});
