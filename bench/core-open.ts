/**
 * Opening the core with 10,000 entries waiting, alone: `createPunchcard` on the data directory to its first status,
 * the outbox list's first window of 50 and the week (what a page's first screen asks), then `close()`; timed as wall
 * and as CPU time of the process (less moved by a shared machine's load than wall time), with min, p25 and median.
 * Beside it, in the same round, the journal's own open (`createLedger(dir).read()`) and an opening of an empty
 * data directory: the goal of issue 25 is 1.2x the empty opening plus the journal's open.
 *
 * Given another tree of Punchcard (`--against /path/to/tree`, e.g. a worktree of main), each tree writes the same
 * entries with its own ledger and the openings alternate in this one process, round by round (both warm), so the
 * load weighs on both alike; the ratio of each round's two openings is given as a median too. Each side's figure
 * against the goal is also the median of the rounds' ratios (opening / (1.2x empty + journal) of the same round), with
 * the range 95 % confidence gives that median, for wall and CPU time: whether a run can tell 58 from 63 ms. The three
 * parts of a round (the opening, the empty one, the journal's own open) run in an order that turns round by round
 * through all six, so no part always follows the same one (whose garbage a collection inside it would pay for).
 * `--gc`: a full collection before each timed part (`gc()`, exposed at run time) and 50 ms (`--gc-settle <ms>`) for
 * its helper threads' sweeping (counted in the process's CPU time), so no part pays for the garbage of the part
 * before; run both ways to see how much of a part's spread is that garbage. The goal is judged without it
 * (the default): after a full collection the 10-13 MB a part makes fit in the young generation, so with `--gc` no
 * part pays for any collection at all, its own included (GC 0 ms in every part of every run), while the app's
 * opening does pay for the collection of what it made; and the opening came out over its goal with `--gc` as well
 * (docs/benchmarks.md, "eighth pass"): the collections landing in a part are not what puts it over.
 * `--to-answers`: each opening timed to its first screen's answers, its close done untimed before the next part. It
 * leaves out little: offline, the sync's first pass (its check and the note of an attempt) had already ended when
 * the answers came, in every opening looked at (docs/benchmarks.md, "eighth pass").
 * `--sandbox-apart`: the sandbox in a child process (this tree's `src/sandbox/cli.ts`), offline by its admin call,
 * instead of in this process: then neither tree's modules are the ones that served it (run in-process, the tree
 * the bench runs from came out about 5 % dearer, whichever it was: docs/benchmarks.md, "seventh pass").
 *   npx tsx bench/core-open.ts [--against /tmp/main-tree] [--entries 10000] [--opens 15] [--gc [--gc-settle 50]]
 *     [--sandbox-apart] [--to-answers]
 * A profile of this tree's openings only (not the set-up, not the empty openings nor the journal's own), of CPU time
 * or of what they allocate (sampled every 512 bytes, the objects collected since kept in the profile):
 *   npx tsx bench/core-open.ts --opens 30 --opening-only --profile /tmp/opening.cpuprofile
 *   npx tsx bench/core-open.ts --opens 12 --opening-only [--against <tree>] --heap-profile /tmp/opening.heapprofile
 * (The trees' modules are imported by path at run time; the sandbox is this tree's, offline after the company's
 * jobs and settings were read once.)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import { PerformanceObserver } from 'node:perf_hooks';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { openTree } from './backlog-journal';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const ENTRIES = Number(arg('--entries') ?? 10_000);
const OPENS = Number(arg('--opens') ?? 15);
const WARM_UP = 2;
/** Only the openings of 10,000 (for a profile of what an opening does above the journal's read). */
const OPENING_ONLY = process.argv.includes('--opening-only');
/** The opening timed to its first screen's answers, its close left out of the time (done before the next part). */
const TO_ANSWERS = process.argv.includes('--to-answers');
/** Where to write a CPU profile of the rounds (node:inspector, started after the set-up). */
const PROFILE = arg('--profile');
/** Where to write a sampling heap profile of the rounds (every allocation sampled, the collected ones kept). */
const HEAP_PROFILE = arg('--heap-profile');
/** A full collection before each timed part (the flag set at run time: `npx tsx` passes no node flags). */
const GC_BEFORE = process.argv.includes('--gc');
if (GC_BEFORE) v8.setFlagsFromString('--expose-gc');
const collect: (() => void) | undefined = GC_BEFORE ? (vm.runInNewContext('gc') as () => void) : undefined;
/** How long the collector's helper threads are given to sweep after it (`--gc-settle`; their CPU time is the process's). */
const GC_SETTLE_MS = Number(arg('--gc-settle') ?? 50);
const HERE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const trees = [HERE, ...(arg('--against') ? [path.resolve(arg('--against')!)] : [])];

interface Figures {
  wall: number[];
  cpu: number[];
  /** Garbage collection's time inside each timed run (PerformanceObserver 'gc' entries by their start), at the end. */
  gc: number[];
  spans: Array<[number, number]>;
}
interface Side {
  tree: string;
  full: string;
  empty: string;
  /** An opening to the first screen's answers, then closed (with `--to-answers`, the close is given back, untimed). */
  open(dir: string): Promise<void | (() => Promise<void>)>;
  journal(dir: string): void;
  opening: Figures;
  emptyOpening: Figures;
  journalOpen: Figures;
}

/** The sandbox in a child process: its URL, user and token as it prints them; offline by its admin endpoint. */
async function sandboxApart() {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(HERE, 'src/sandbox/cli.ts'), '--port', '0', '--seed', '3'], {
    cwd: HERE,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const said = await new Promise<Record<string, string>>((done, fail) => {
    child.on('exit', (code) => fail(new Error(`the sandbox exited (${code})`)));
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const url = /listening on (\S+)/.exec(out)?.[1];
      const demoUser = /demo user:\s+(\S+)/.exec(out)?.[1];
      const demoToken = /demo token:\s+(\S+)/.exec(out)?.[1];
      if (url && demoUser && demoToken && out.includes('admin:')) done({ url, demoUser, demoToken });
    });
  });
  child.removeAllListeners('exit');
  return {
    url: said.url,
    demoUser: said.demoUser,
    demoToken: said.demoToken,
    async setOffline(_offline: true) {
      await fetch(`${said.url}/__sandbox/offline`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ offline: true }),
      });
    },
    async close() {
      child.kill('SIGTERM');
      await new Promise((done) => (child.exitCode === null ? child.once('exit', done) : done(undefined)));
    },
  };
}
const sandbox = process.argv.includes('--sandbox-apart')
  ? await sandboxApart()
  : await (await import(path.join(HERE, 'src/sandbox/index.ts'))).startSandbox({ seed: 3 });

async function sideOf(tree: string): Promise<Side> {
  const { createLedger, systemClock, localDate, coreOver, session, writeBacklog } = await openTree(tree, sandbox);
  const dirOf = (n: number): string => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'punch-bench-core-open-'));
    // the backlog bench/backlog.ts opens: n entries waiting over the last 60 days, one change
    if (n > 0) writeBacklog(dir, n);
    return dir;
  };
  const full = dirOf(ENTRIES);
  const empty = dirOf(0);
  for (const dir of [full, empty]) {
    const prime = await coreOver({ dataDir: dir, clock: systemClock, session, start: false });
    await prime.handlers.listJobs({ status: 'all' });
    await prime.handlers.getCompanySettings({});
    await prime.close();
  }
  const open = async (dir: string) => {
    const core = await coreOver({ dataDir: dir, clock: systemClock, session, start: true });
    await Promise.all([
      core.handlers.getStatus({}),
      core.handlers.getOutboxList({ window: { from: 0, count: 50 } }),
      core.handlers.getWeek({ date: localDate(Date.now()) }),
    ]);
    if (TO_ANSWERS) return () => core.close();
    await core.close();
  };
  const journal = (dir: string) => {
    const ledger = createLedger(dir, systemClock);
    ledger.read();
    ledger.close();
  };
  const figures = (): Figures => ({ wall: [], cpu: [], gc: [], spans: [] });
  return { tree, full, empty, open, journal, opening: figures(), emptyOpening: figures(), journalOpen: figures() };
}

const gcs: Array<{ at: number; ms: number }> = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcs.push({ at: e.startTime, ms: e.duration });
}).observe({ entryTypes: ['gc'] });

async function timed(into: Figures | undefined, work: () => unknown): Promise<void> {
  if (collect) {
    collect();
    // the collector's helper threads sweep after it returns, and the process's CPU time counts them: let them end
    await new Promise((done) => setTimeout(done, GC_SETTLE_MS));
  }
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const after = await work();
  const t1 = performance.now();
  const c = process.cpuUsage(c0);
  // what the part leaves to do (the close of an opening timed to its answers) is done before the next part, untimed
  if (typeof after === 'function') await after();
  if (!into) return;
  into.wall.push(t1 - t0);
  into.cpu.push((c.user + c.system) / 1000);
  into.spans.push([t0, t1]);
}

/** Each run's collections, once the observer has been told of them all. */
async function gcOf(f: Figures): Promise<void> {
  await new Promise((done) => setTimeout(done, 50));
  f.gc = f.spans.map(([t0, t1]) => gcs.filter((g) => g.at >= t0 && g.at < t1).reduce((sum, g) => sum + g.ms, 0));
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const at = (xs: number[], p: number) => sorted(xs)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
/** The range 95 % confidence gives the median, by the ranks of the values (no assumption of their shape). */
function medianRange(xs: number[]): [number, number] {
  const v = sorted(xs);
  const half = (1.96 * Math.sqrt(v.length)) / 2;
  return [v[Math.max(0, Math.floor(v.length / 2 - half))], v[Math.min(v.length - 1, Math.ceil(v.length / 2 + half))]];
}
const stats = (xs: number[]) => `min ${at(xs, 0).toFixed(1)} p25 ${at(xs, 0.25).toFixed(1)} median ${at(xs, 0.5).toFixed(1)} ms`;

const sides: Side[] = [];
try {
  for (const tree of trees) sides.push(await sideOf(tree));
  await sandbox.setOffline(true);
  const loads: number[] = [];
  const profiler = PROFILE || HEAP_PROFILE ? new Session() : undefined;
  if (profiler && PROFILE) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
    await profiler.post('Profiler.start');
  } else if (profiler) {
    profiler.connect();
    await profiler.post('HeapProfiler.enable');
    await profiler.post('HeapProfiler.startSampling', {
      samplingInterval: 512,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  }
  // the six orders of a round's three parts (0 the opening, 1 the empty one, 2 the journal's own open), in turn
  const ORDERS = [
    [0, 1, 2],
    [1, 2, 0],
    [2, 0, 1],
    [0, 2, 1],
    [2, 1, 0],
    [1, 0, 2],
  ];
  for (let i = 0; i < WARM_UP + OPENS; i++)
    for (const side of i % 2 ? sides : [...sides].reverse()) {
      const keep = i >= WARM_UP;
      const parts = [
        () => timed(keep ? side.opening : undefined, () => side.open(side.full)),
        () => timed(keep ? side.emptyOpening : undefined, () => side.open(side.empty)),
        () => timed(keep ? side.journalOpen : undefined, () => side.journal(side.full)),
      ];
      for (const p of OPENING_ONLY ? [0] : ORDERS[i % ORDERS.length]) await parts[p]();
      loads.push(os.loadavg()[0]);
    }
  if (profiler && PROFILE) {
    const { profile } = await profiler.post('Profiler.stop');
    fs.writeFileSync(PROFILE, JSON.stringify(profile));
    profiler.disconnect();
  } else if (profiler) {
    const { profile } = await profiler.post('HeapProfiler.stopSampling');
    fs.writeFileSync(HEAP_PROFILE!, JSON.stringify(profile));
    profiler.disconnect();
  }
  const median = (xs: number[]) => at(xs, 0.5);
  for (const s of sides) for (const f of [s.opening, s.emptyOpening, s.journalOpen]) await gcOf(f);
  console.log(
    `opening the core to its first screen, ${ENTRIES.toLocaleString('en-US')} entries waiting; ${OPENS} rounds` +
      (GC_BEFORE ? `; a full collection before each timed part, ${GC_SETTLE_MS} ms to settle` : '') +
      (TO_ANSWERS ? "; each opening timed to its first screen's answers, its close untimed" : ''),
  );
  for (const s of sides) {
    console.log(`  ${s.tree}`);
    if (OPENING_ONLY) {
      console.log(`    opening: wall ${stats(s.opening.wall)}; CPU ${stats(s.opening.cpu)}; GC ${stats(s.opening.gc)}`);
      continue;
    }
    console.log(
      `    opening, ${ENTRIES.toLocaleString('en-US')} waiting: wall ${stats(s.opening.wall)}; CPU ${stats(s.opening.cpu)}; GC ${stats(s.opening.gc)}`,
    );
    console.log(`    opening, empty: wall ${stats(s.emptyOpening.wall)}; CPU ${stats(s.emptyOpening.cpu)}; GC ${stats(s.emptyOpening.gc)}`);
    console.log(
      `    the journal's own open: wall ${stats(s.journalOpen.wall)}; CPU ${stats(s.journalOpen.cpu)}; GC ${stats(s.journalOpen.gc)}`,
    );
    for (const k of ['wall', 'cpu'] as const) {
      const allowed = 1.2 * median(s.emptyOpening[k]) + median(s.journalOpen[k]);
      const over = s.opening[k].map((v, r) => v - 1.2 * s.emptyOpening[k][r] - s.journalOpen[k][r]);
      // each round's opening against its own round's goal: what the load did between rounds is left out
      const ratio = s.opening[k].map((v, r) => v / (1.2 * s.emptyOpening[k][r] + s.journalOpen[k][r]));
      const [lo, hi] = medianRange(ratio);
      console.log(
        `    goal (${k}): ${median(s.opening[k]).toFixed(1)} against 1.2x empty + journal = ${allowed.toFixed(1)} ms; ` +
          `per round, over by median ${median(over).toFixed(1)} ms (p25 ${at(over, 0.25).toFixed(1)}); ` +
          `opening / goal per round: median ${median(ratio).toFixed(3)}x, 95 % of the median ${lo.toFixed(3)}-${hi.toFixed(3)}x`,
      );
    }
  }
  if (sides.length === 2) {
    for (const k of ['wall', 'cpu'] as const) {
      const ratio = sides[0].opening[k].map((v, r) => v / sides[1].opening[k][r]);
      const [lo, hi] = medianRange(ratio);
      console.log(
        `  this tree / the other, ${k} per round: median ${median(ratio).toFixed(2)}x (p25 ${at(ratio, 0.25).toFixed(2)}x; 95 % of the median ${lo.toFixed(2)}-${hi.toFixed(2)}x)`,
      );
    }
  }
  console.log(`  load average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} on ${os.cpus().length} CPU`);
} finally {
  await sandbox.close();
  for (const s of sides) for (const dir of [s.full, s.empty]) fs.rmSync(dir, { recursive: true, force: true });
}
