/**
 * 7. Built code at run time, against issue 9's budgets: `punch status` from process start to its first answer at
 * most 300 ms (median), and web mode idle under 90 MB resident. Each figure is printed next to its budget, for the
 * bundle (what bin/punch.mjs and npm run web run once `npm run build` made it) and the tsx route (what they run from
 * source) side by side. Measurements, not assertions.
 */
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, envWithoutPunch, method, mib, ms, processRss, report, sleep, summarize, tempDir, type Summary } from './measure';
import { startWebServer, WEB_ENTRIES } from './web-mode';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = 10;
const WEB_STARTS = 3;
const IDLE_MS = 5_000;
const STATUS_BUDGET_MS = 300;
const RSS_BUDGET_BYTES = 90e6;

const PUNCH_ROUTES = {
  /** bin/punch.mjs finds the bundle current (it was just built) and imports out/cli/punch.mjs. */
  bundle: ['bin/punch.mjs'],
  /** What bin/punch.mjs runs when the bundle is missing or stale: the TypeScript sources through tsx's loader. */
  tsx: ['--import', 'tsx', 'src/cli/index.ts'],
} as const;
type Route = keyof typeof PUNCH_ROUTES;

/** No PUNCH_* account, so punch runs on the built-in sandbox. */
const envFor = (dataDir: string): NodeJS.ProcessEnv => ({ ...envWithoutPunch(), PUNCH_DATA_DIR: dataDir, XDG_CONFIG_HOME: join(dataDir, 'xdg') });

/** One `punch <args>`, timed from spawn to its first stdout bytes (the first answer) and to its exit. */
function punch(route: Route, args: string[], dataDir: string): Promise<{ firstMs: number; exitMs: number; stdout: string }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [...PUNCH_ROUTES[route], ...args], { cwd: ROOT, env: envFor(dataDir), stdio: ['ignore', 'pipe', 'pipe'] });
    let firstMs = Number.NaN;
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      if (Number.isNaN(firstMs)) firstMs = performance.now() - t0;
      stdout += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => { stderr += c.toString(); });
    child.once('error', reject);
    child.once('close', (code) => {
      const exitMs = performance.now() - t0;
      if (code !== 0) reject(new Error(`punch ${args.join(' ')} (${route}) exited ${code}: ${stderr.trim().split('\n').slice(-2).join(' | ')}`));
      else resolve({ firstMs, exitMs, stdout });
    });
  });
}

const verdict = (s: Summary, budgetMs: number) =>
  `${describe(s)}  [budget <= ${ms(budgetMs)} median: ${s.median <= budgetMs ? 'within' : 'OVER'}]`;

async function statusTimes(): Promise<void> {
  // A warm data dir: the built-in sandbox's saved state, the job cache and an outbox, from one `punch log`.
  const warm = tempDir('punch-bench-warm-');
  const jobs = JSON.parse((await punch('bundle', ['jobs', '--json'], warm.dir)).stdout) as Array<{ jobId: string }>;
  await punch('bundle', ['log', '--job', jobs[0].jobId, '--hours', '00:15'], warm.dir);
  // One uncounted run of each route: the OS file cache, and tsx's transform cache (as on a developer's machine).
  for (const route of ['bundle', 'tsx'] as const) await punch(route, ['status'], warm.dir);

  for (const kind of ['fresh', 'warm'] as const) {
    const samples: Record<Route, { first: number[]; exit: number[] }> = { bundle: { first: [], exit: [] }, tsx: { first: [], exit: [] } };
    // Alternating A B A B, so both routes see the same load on a shared machine.
    for (let i = 0; i < RUNS; i++) {
      for (const route of ['bundle', 'tsx'] as const) {
        const fresh = kind === 'fresh' ? tempDir('punch-bench-fresh-') : undefined;
        const r = await punch(route, ['status'], fresh?.dir ?? warm.dir);
        if (!r.stdout.includes('Service reachable: yes')) throw new Error(`punch status (${route}) did not reach the built-in sandbox: ${r.stdout}`);
        samples[route].first.push(r.firstMs);
        samples[route].exit.push(r.exitMs);
        fresh?.remove();
      }
    }
    for (const route of ['bundle', 'tsx'] as const) {
      report(`status, ${kind} data dir, ${route}: first answer`, verdict(summarize(samples[route].first), STATUS_BUDGET_MS));
      report(`  ... to exit`, describe(summarize(samples[route].exit)));
    }
    const ratio = summarize(samples.tsx.first).median / summarize(samples.bundle.first).median;
    report(`  tsx / bundle, median first answer`, `${ratio.toFixed(1)}x`);
  }
  warm.remove();
}

async function webIdle(): Promise<void> {
  for (const route of ['bundle', 'tsx'] as const) {
    const rss: number[] = [];
    const firstLine: number[] = [];
    for (let i = 0; i < WEB_STARTS; i++) {
      // No account: the built-in sandbox runs in the server's process, as `npm run web` starts by default.
      const server = await startWebServer(WEB_ENTRIES[route]);
      try {
        firstLine.push(server.firstLineMs);
        await sleep(Math.max(0, IDLE_MS - (performance.now() - server.readyAt)));
        const m = processRss(server.child.pid!);
        if (m) rss.push(m.rss);
      } finally {
        await server.stop();
      }
    }
    if (rss.length === 0) { report(`web idle RSS, ${route}`, 'n/a (no /proc)'); continue; }
    const s = summarize(rss);
    const within = s.median < RSS_BUDGET_BYTES ? 'within' : 'OVER';
    report(`web idle RSS ${IDLE_MS / 1000} s after its URL, ${route}`, `median ${mib(s.median)} (min ${mib(s.min)}, max ${mib(s.max)}, n=${s.n})  `
      + `[budget < 90 MB = ${mib(RSS_BUDGET_BYTES)}: ${within}]`);
    report(`  spawn -> URL printed`, describe(summarize(firstLine)));
  }
}

export async function runBuiltCode(): Promise<void> {
  method(`builds out/cli and out/web first (node scripts/build-node.mjs), so the bundle is current. punch status on the built-in `
    + `sandbox (no account), ${RUNS} runs per route alternating bundle/tsx after one uncounted run each, timed from spawn to the `
    + `first stdout bytes and to exit; "fresh" = a new empty PUNCH_DATA_DIR each run, "warm" = one dir after a punch log. `
    + `bundle = node bin/punch.mjs, tsx = node --import tsx src/cli/index.ts. Web mode: ${WEB_STARTS} starts per route on the built-in `
    + `sandbox with a fresh data dir, VmRSS ${IDLE_MS / 1000} s after the URL line.`);
  const build = spawnSync(process.execPath, ['scripts/build-node.mjs'], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`node scripts/build-node.mjs failed: ${(build.stderr || build.stdout).trim().split('\n').slice(-2).join(' | ')}`);
  for (const line of build.stdout.trim().split('\n')) report('built', line);
  await statusTimes();
  await webIdle();
}
