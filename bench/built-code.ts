/**
 * 7. The fast path by default: what a newcomer gets after the README's commands. `punch status` (the README's
 * `./bin/punch.cjs`) against a bare `node -e 0` (goal: within 2x), on the built-in demo and with an account (a sandbox
 * this bench starts, given as PUNCH_BASE_URL/PUNCH_TOKEN/PUNCH_USER: what a real account's status does, but on
 * loopback), in wall time and in CPU time (which a busy machine distorts less), and web mode idle (`node scripts/web.mjs`, what
 * `npm run web` and `npm start` without Electron run: goal under 90 MB), each next to its baseline: the TypeScript
 * through tsx, which is what both ran before the bin and web mode built their bundles themselves. Plus the one-time
 * cost a fresh clone pays on its first `punch` (the bin builds the bundle). Measurements, not assertions.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';
import { startSandbox } from '../src/sandbox/index';
import { describe, envWithoutPunch, goal, median, method, mib, ms, processRss, report, sleep, summarize, tempDir } from './measure';
import { startWebServer } from './web-server';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = 15;
const WEB_STARTS = 3;
const IDLE_MS = 5_000;
/** The goals: `punch status` against the machine's own bare Node start (demo and account), and web mode's memory. */
const STATUS_RATIO_GOAL = 2;
const RSS_GOAL_BYTES = 90e6;

const COMMANDS = {
  node: ['-e', '0'],
  /** The README's `./bin/punch.cjs status`: the bin checks the bundle is current, then requires it. */
  punch: ['bin/punch.cjs', 'status'],
  /** The baseline: what the bin ran while only `npm run build` made the bundle (the TypeScript through tsx). */
  tsx: ['--import', 'tsx', 'src/cli/index.ts', 'status'],
} as const;

/** No PUNCH_* account, so punch runs on the built-in sandbox (the demo a newcomer gets); or the account given. */
const envFor = (dataDir: string, account: Record<string, string> = {}, cacheHome?: string): NodeJS.ProcessEnv => ({
  ...envWithoutPunch(),
  PUNCH_DATA_DIR: dataDir,
  XDG_CONFIG_HOME: join(dataDir, 'xdg'),
  // punch's code cache (src/cli/launch/code-cache.ts): the bench's own, so a run does not depend on the user's
  ...(cacheHome ? { XDG_CACHE_HOME: cacheHome } : {}),
  ...account,
});

/**
 * The CPU time (user + system, ms) of this process's children that have ended: /proc/self/stat's cutime and cstime, in
 * clock ticks (100 per second on Linux: a 10 ms grain, which the median of the rounds smooths). Undefined elsewhere.
 */
function childrenCpuMs(): number | undefined {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // after "pid (comm) ": state is field 3, so cutime (16) and cstime (17) are at 13 and 14
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return undefined;
  }
}

/** One run, timed from spawn to exit, with its CPU time where the system tells it. */
function timedRun(
  args: readonly string[],
  cwd: string,
  dataDir: string,
  account?: Record<string, string>,
  cacheHome?: string,
): Promise<{ ms: number; cpuMs: number | undefined; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const cpu0 = childrenCpuMs();
    const t0 = performance.now();
    const child = spawn(process.execPath, [...args], { cwd, env: envFor(dataDir, account, cacheHome), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0) reject(new Error(`node ${args.join(' ')} exited ${code}: ${stderr.trim().split('\n').slice(-2).join(' | ')}`));
      else {
        const cpu1 = childrenCpuMs();
        resolve({ ms: performance.now() - t0, cpuMs: cpu0 !== undefined && cpu1 !== undefined ? cpu1 - cpu0 : undefined, stdout, stderr });
      }
    });
  });
}

/** A copy of the project's tracked files with node_modules linked: a clone after `npm ci`, before any build. */
function freshClone(): { dir: string; remove(): void } {
  const clone = tempDir('punch-bench-clone-');
  const files = spawnSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).stdout.split('\0').filter(Boolean);
  for (const f of files) {
    mkdirSync(dirname(join(clone.dir, f)), { recursive: true });
    try {
      cpSync(join(ROOT, f), join(clone.dir, f));
    } catch {
      /* deleted in the working tree */
    }
  }
  symlinkSync(join(ROOT, 'node_modules'), join(clone.dir, 'node_modules'), 'dir');
  return clone;
}

async function firstPunchOfAClone(): Promise<void> {
  const clone = freshClone();
  const data = tempDir('punch-bench-clone-data-');
  try {
    const first = await timedRun(COMMANDS.punch, clone.dir, data.dir);
    const second = await timedRun(COMMANDS.punch, clone.dir, data.dir);
    const built = /building the command line/.test(first.stderr) ? 'built the bundle first' : 'did not build (?)';
    report('a fresh clone: the first punch status', `${ms(first.ms)} (${built}, once); the next ${ms(second.ms)}`);
  } finally {
    clone.remove();
    data.remove();
  }
}

type Route = 'node' | 'punch' | 'account' | 'tsx' | 'punchAgain' | 'accountAgain' | 'punchFirst' | 'accountFirst';
/** The routes run on a data directory kept from round to round (a user's second status of the day), beside the fresh ones. */
const AGAIN: Partial<Record<Route, Route>> = { punchAgain: 'punch', accountAgain: 'account' };
/**
 * The routes run with no code cache yet (an empty cache directory each run: the first status after a build or an
 * upgrade of Node, which compiles the whole bundle and writes the cache at exit), beside the figure of record.
 */
const FIRST: Partial<Record<Route, Route>> = { punchFirst: 'punch', accountFirst: 'account' };

async function statusAgainstNode(): Promise<void> {
  // the account's service: a sandbox of its own, over loopback HTTP, as a separately started service is reached
  const service = await startSandbox({});
  const account = { PUNCH_BASE_URL: service.url, PUNCH_TOKEN: service.demoToken, PUNCH_USER: service.demoUser };
  const routes: Record<Route, { args: readonly string[]; account?: Record<string, string> }> = {
    node: { args: COMMANDS.node },
    punch: { args: COMMANDS.punch },
    account: { args: COMMANDS.punch, account },
    tsx: { args: COMMANDS.tsx },
    punchAgain: { args: COMMANDS.punch },
    accountAgain: { args: COMMANDS.punch, account },
    punchFirst: { args: COMMANDS.punch },
    accountFirst: { args: COMMANDS.punch, account },
  };
  // punch's code cache, kept from run to run: the uncounted round below writes it, so the counted runs use it
  const cache = tempDir('punch-bench-cache-');
  const cacheOf = (r: Route) => (FIRST[r] ? tempDir('punch-bench-nocache-') : undefined);
  // one data directory each, made by the uncounted run below and kept: every counted run finds it as it was left
  const kept: Partial<Record<Route, ReturnType<typeof tempDir>>> = {};
  const dataDirOf = (r: Route) => (AGAIN[r] ? (kept[r] ??= tempDir('punch-bench-kept-')) : undefined);
  const order = Object.keys(routes) as Route[];
  const loadBefore = loadavg();
  try {
    // the bundle current, the OS file cache and tsx's transform cache warm (as on a developer's machine)
    const warm = tempDir('punch-bench-warm-');
    for (const r of order) await timedRun(routes[r].args, ROOT, dataDirOf(r)?.dir ?? warm.dir, routes[r].account, cache.dir);
    warm.remove();
    const none = () => ({ node: [], punch: [], account: [], tsx: [], punchAgain: [], accountAgain: [], punchFirst: [], accountFirst: [] });
    const times: Record<Route, number[]> = none();
    const cpu: Record<Route, number[]> = none();
    // Interleaved (node, punch, account, tsx, node, ...) with a fresh data dir each (but the kept ones): they see the same load.
    for (let i = 0; i < RUNS; i++) {
      for (const r of order) {
        const fresh = dataDirOf(r) ?? tempDir('punch-bench-fresh-');
        const noCache = cacheOf(r);
        const run = await timedRun(routes[r].args, ROOT, fresh.dir, routes[r].account, noCache?.dir ?? cache.dir);
        noCache?.remove();
        if (r !== 'node' && !/Connection:\s+online/.test(run.stdout))
          throw new Error(`punch status (${r}) did not reach ${r === 'account' ? 'its service' : 'the built-in sandbox'}: ${run.stdout}`);
        times[r].push(run.ms);
        if (run.cpuMs !== undefined) cpu[r].push(run.cpuMs);
        if (!AGAIN[r]) fresh.remove();
      }
    }
    // per round, so a load that changes during the run moves both sides of each ratio
    const ratio = (of: Record<Route, number[]>, r: Route) => median(of[r].map((t, i) => t / Math.max(of.node[i], 1)));
    const hasCpu = cpu.node.length === RUNS;
    const cpuOf = (r: Route) => (hasCpu ? `; CPU ${ms(median(cpu[r]))}, ${ratio(cpu, r).toFixed(1)}x node's` : '');
    report('node -e 0', describe(summarize(times.node)) + (hasCpu ? `; CPU ${ms(median(cpu.node))}` : ''));
    for (const [r, label] of [
      ['punch', './bin/punch.cjs status, built-in demo, fresh data dir'],
      ['account', './bin/punch.cjs status, an account (PUNCH_*), fresh data dir'],
    ] as const) {
      report(label, describe(summarize(times[r])) + cpuOf(r));
      report(
        "  against node -e 0 (median of the rounds' ratios, wall)",
        goal(ratio(times, r), { goal: STATUS_RATIO_GOAL, atMost: true, baseline: ratio(times, 'tsx'), format: (v) => `${v.toFixed(1)}x` }),
      );
      // beside the figure of record, not instead: the same status on a data directory that already exists
      const again = r === 'punch' ? 'punchAgain' : 'accountAgain';
      report(
        '  the same, a second status (its data dir kept)',
        `${describe(summarize(times[again]))}, ${ratio(times, again).toFixed(1)}x wall${cpuOf(again)}`,
      );
      const first = r === 'punch' ? 'punchFirst' : 'accountFirst';
      report(
        '  the same, no code cache yet (the first run after a build)',
        `${describe(summarize(times[first]))}, ${ratio(times, first).toFixed(1)}x wall${cpuOf(first)}`,
      );
    }
    report('  baseline: the sources through tsx (demo)', `${describe(summarize(times.tsx))}, ${ratio(times, 'tsx').toFixed(1)}x node -e 0`);
    const loadAfter = loadavg();
    report('  load average (1 min) before / after', `${loadBefore[0].toFixed(1)} / ${loadAfter[0].toFixed(1)}`);
  } finally {
    for (const k of Object.values(kept)) k.remove();
    cache.remove();
    await service.close();
  }
}

async function webIdle(): Promise<void> {
  const routes = {
    /** What `npm run web` and `npm start` (without Electron) run now: the built server in scripts/web.mjs's own process. */
    'npm run web': ['scripts/web.mjs'],
    /** The baseline: the server from the TypeScript sources through tsx (its wrapper process not counted). */
    tsx: ['--import', 'tsx', 'src/web/main.ts'],
  } as const;
  const medians: Record<string, number> = {};
  for (const [route, entry] of Object.entries(routes)) {
    const rss: number[] = [];
    for (let i = 0; i < WEB_STARTS; i++) {
      // No account: the built-in sandbox runs in the server's process, as `npm run web` starts by default.
      const server = await startWebServer(entry);
      try {
        await sleep(Math.max(0, IDLE_MS - (performance.now() - server.readyAt)));
        const m = processRss(server.child.pid!);
        if (m) rss.push(m.rss);
      } finally {
        await server.stop();
      }
    }
    if (rss.length) medians[route] = summarize(rss).median;
  }
  if (medians['npm run web'] === undefined) {
    report('web idle RSS', 'n/a (no /proc)');
    return;
  }
  report(
    `web idle RSS ${IDLE_MS / 1000} s after its URL (node scripts/web.mjs)`,
    goal(medians['npm run web'], {
      goal: RSS_GOAL_BYTES,
      ...(medians.tsx !== undefined ? { baseline: medians.tsx } : {}),
      format: mib,
    }) + ` (median of ${WEB_STARTS})`,
  );
}

export async function runBuiltCode(): Promise<void> {
  method(
    `${RUNS} rounds of node -e 0, ./bin/punch.cjs status on the built-in sandbox (no account), the same with an account ` +
      "(PUNCH_* of a sandbox this bench starts) and the sources' punch status through tsx, interleaved, each from spawn to " +
      'exit with a fresh PUNCH_DATA_DIR, after one uncounted run of each (and, beside them, the demo and the account on a data dir ' +
      'kept from round to round: a second status; and with no code cache yet: the first run after a build). punch runs ' +
      "through its code cache (XDG_CACHE_HOME, the bench's own): the uncounted run writes it, so the counted runs use it. " +
      'CPU time from /proc/self/stat (children, 10 ms ticks); a ' +
      'fresh clone (the tracked files copied, node_modules linked, nothing built) for the first punch; web mode: ' +
      `${WEB_STARTS} starts per route on the built-in sandbox, VmRSS ${IDLE_MS / 1000} s after the URL line.`,
  );
  await firstPunchOfAClone();
  await statusAgainstNode();
  await webIdle();
}
