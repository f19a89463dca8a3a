/**
 * 7. The fast path by default: what a newcomer gets after the README's commands. `punch status` (the README's
 * `./bin/punch.mjs`) against a bare `node -e 0` (goal: within 4x), and web mode idle (`node scripts/web.mjs`, what
 * `npm run web` and `npm start` without Electron run: goal under 90 MB), each next to its baseline: the TypeScript
 * through tsx, which is what both ran before the bin and web mode built their bundles themselves. Plus the one-time
 * cost a fresh clone pays on its first `punch` (the bin builds the bundle). Measurements, not assertions.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, envWithoutPunch, goal, median, method, mib, ms, processRss, report, sleep, summarize, tempDir } from './measure';
import { startWebServer } from './web-mode';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = 10;
const WEB_STARTS = 3;
const IDLE_MS = 5_000;
/** The goals: the newcomer's path against the machine's own bare Node start, and web mode's memory. */
const STATUS_RATIO_GOAL = 4;
const RSS_GOAL_BYTES = 90e6;

const COMMANDS = {
  node: ['-e', '0'],
  /** The README's `./bin/punch.mjs status`: the bin checks the bundle is current, then imports it. */
  punch: ['bin/punch.mjs', 'status'],
  /** The baseline: what the bin ran while only `npm run build` made the bundle (the TypeScript through tsx). */
  tsx: ['--import', 'tsx', 'src/cli/index.ts', 'status'],
} as const;
type Command = keyof typeof COMMANDS;

/** No PUNCH_* account, so punch runs on the built-in sandbox (the demo a newcomer gets). */
const envFor = (dataDir: string): NodeJS.ProcessEnv => ({
  ...envWithoutPunch(),
  PUNCH_DATA_DIR: dataDir,
  XDG_CONFIG_HOME: join(dataDir, 'xdg'),
});

/** One run, timed from spawn to exit. */
function timedRun(args: readonly string[], cwd: string, dataDir: string): Promise<{ ms: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [...args], { cwd, env: envFor(dataDir), stdio: ['ignore', 'pipe', 'pipe'] });
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
      else resolve({ ms: performance.now() - t0, stdout, stderr });
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

async function statusAgainstNode(): Promise<void> {
  // the bundle current, the OS file cache and tsx's transform cache warm (as on a developer's machine)
  const warm = tempDir('punch-bench-warm-');
  for (const c of ['node', 'punch', 'tsx'] as const) await timedRun(COMMANDS[c], ROOT, warm.dir);
  warm.remove();
  const times: Record<Command, number[]> = { node: [], punch: [], tsx: [] };
  // Interleaved (node, punch, tsx, node, ...) with a fresh data dir each: the three see the same load.
  for (let i = 0; i < RUNS; i++) {
    for (const c of ['node', 'punch', 'tsx'] as const) {
      const fresh = tempDir('punch-bench-fresh-');
      const r = await timedRun(COMMANDS[c], ROOT, fresh.dir);
      if (c !== 'node' && !/Connection:\s+online/.test(r.stdout))
        throw new Error(`punch status (${c}) did not reach the built-in sandbox: ${r.stdout}`);
      times[c].push(r.ms);
      fresh.remove();
    }
  }
  // per round, so a load that changes during the run moves both sides of each ratio
  const ratio = (c: Command) => median(times[c].map((t, i) => t / times.node[i]));
  report('node -e 0', describe(summarize(times.node)));
  report('./bin/punch.mjs status, fresh data dir', describe(summarize(times.punch)));
  report(
    "  against node -e 0 (median of the rounds' ratios)",
    goal(ratio('punch'), {
      goal: STATUS_RATIO_GOAL,
      atMost: true,
      baseline: ratio('tsx'),
      format: (v) => `${v.toFixed(1)}x`,
    }),
  );
  report('  baseline: the sources through tsx', `${describe(summarize(times.tsx))}, ${ratio('tsx').toFixed(1)}x node -e 0`);
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
    `${RUNS} rounds of node -e 0, ./bin/punch.mjs status and the sources' punch status through tsx, interleaved, each from ` +
      'spawn to exit with a fresh PUNCH_DATA_DIR on the built-in sandbox (no account), after one uncounted run of each; a ' +
      'fresh clone (the tracked files copied, node_modules linked, nothing built) for the first punch; web mode: ' +
      `${WEB_STARTS} starts per route on the built-in sandbox, VmRSS ${IDLE_MS / 1000} s after the URL line.`,
  );
  await firstPunchOfAClone();
  await statusAgainstNode();
  await webIdle();
}
