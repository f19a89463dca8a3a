/**
 * The parts of an opening with 10,000 entries waiting, apart, each timed as CPU time of the process: `createPunchcard`
 * (the journal's read and the core's set-up), its sync's first pass let run (offline: the check refused, the attempt
 * noted on the first entry, the push after it), as in the app, where the page asks after the core is up; then the
 * first screen's status, the list's first 50, and the week, one after another. Two trees (this one and `--against`, e.g. a worktree of main) alternate round by round in this one
 * process, so the load weighs on both alike; each part's ratio is given per round, with the range 95 % confidence
 * gives its median. What the opening's whole figure
 * (bench/core-open.ts) cannot tell at a busy machine's noise, the part a change touched can.
 * `--gc`: a full collection before each round, and 50 ms for its helper threads (their sweeping is the process's CPU
 * time), so no part pays for the garbage of the round before: a part is then judged on its own work and garbage.
 *   npx tsx bench/core-open-parts.ts --against /tmp/main-tree [--rounds 32] [--gc]
 * (The trees' modules are imported by path at run time; the sandbox is this tree's.)
 */
import fs from 'node:fs';
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
const ROUNDS = Number(arg('--rounds') ?? 32);
const WARM_UP = 2;
/** A full collection before each round (the flag set at run time: `npx tsx` passes no node flags). */
const GC_BEFORE = process.argv.includes('--gc');
if (GC_BEFORE) v8.setFlagsFromString('--expose-gc');
const collect: (() => void) | undefined = GC_BEFORE ? (vm.runInNewContext('gc') as () => void) : undefined;
/** How long the sync's first pass is given before the page asks (offline: the probe is refused at once). */
const SYNC_FIRST_MS = 60;
const HERE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const trees = [HERE, ...(arg('--against') ? [path.resolve(arg('--against')!)] : [])];
const { startSandbox } = await import(path.join(HERE, 'src/sandbox/index.ts'));
const sandbox = await startSandbox({ seed: 3 });

/** The parts of a round, in the order they run. */
const PARTS = [
  'createPunchcard (the journal read)',
  "the sync's first pass (the note)",
  'status',
  "the list's first 50",
  'the week',
] as const;

interface Side {
  tree: string;
  dir: string;
  round: () => Promise<number[]>;
  /** Each part's CPU time, round by round (PARTS' order). */
  parts: number[][];
}

const cpu = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

async function sideOf(tree: string): Promise<Side> {
  const { systemClock, localDate, coreOver, session, writeBacklog } = await openTree(tree, sandbox);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'punch-bench-open-parts-'));
  // as bench/core-open.ts: 10,000 entries waiting over the last 60 days, one change
  writeBacklog(dir, 10_000);
  const prime = await coreOver({ dataDir: dir, clock: systemClock, session, start: false });
  await prime.handlers.listJobs({ status: 'all' });
  await prime.handlers.getCompanySettings({});
  await prime.close();
  const round = async (): Promise<number[]> => {
    if (collect) {
      collect();
      await new Promise((done) => setTimeout(done, 50));
    }
    const c0 = cpu();
    const core = await coreOver({ dataDir: dir, clock: systemClock, session, start: true });
    const c1 = cpu();
    await new Promise((done) => setTimeout(done, SYNC_FIRST_MS));
    const c2 = cpu();
    await core.handlers.getStatus({});
    const c3 = cpu();
    await core.handlers.getOutboxList({ window: { from: 0, count: 50 } });
    const c4 = cpu();
    await core.handlers.getWeek({ date: localDate(Date.now()) });
    const c5 = cpu();
    await core.close();
    return [c1 - c0, c2 - c1, c3 - c2, c4 - c3, c5 - c4];
  };
  return { tree, dir, round, parts: PARTS.map(() => []) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
/** The median and the range 95 % confidence gives it, by the ranks of the values (no assumption of their shape). */
function medianRange(xs: number[]): string {
  const v = [...xs].sort((a, b) => a - b);
  const half = (1.96 * Math.sqrt(v.length)) / 2;
  const lo = v[Math.max(0, Math.floor(v.length / 2 - half))];
  const hi = v[Math.min(v.length - 1, Math.ceil(v.length / 2 + half))];
  return `${median(v).toFixed(2)}x (95 % of the median ${lo.toFixed(2)}-${hi.toFixed(2)}x)`;
}
const sides: Side[] = [];
try {
  for (const tree of trees) sides.push(await sideOf(tree));
  await sandbox.setOffline(true);
  const loads: number[] = [];
  for (let i = 0; i < WARM_UP + ROUNDS; i++)
    for (const side of i % 2 ? sides : [...sides].reverse()) {
      const parts = await side.round();
      loads.push(os.loadavg()[0]);
      if (i < WARM_UP) continue;
      parts.forEach((v, k) => side.parts[k].push(v));
    }
  const gcSaid = GC_BEFORE ? '; a full collection before each round' : '';
  console.log(`the opening's parts, 10,000 entries waiting; ${ROUNDS} rounds${gcSaid}, CPU time of the process, medians`);
  for (const s of sides) {
    console.log(`  ${s.tree}:`);
    PARTS.forEach((name, k) => console.log(`    ${name}: ${median(s.parts[k]).toFixed(2)} ms`));
  }
  if (sides.length === 2)
    PARTS.forEach((name, k) => {
      const ratio = sides[0].parts[k].map((v, r) => v / sides[1].parts[k][r]);
      console.log(`  ${name}, this tree / the other per round: ${medianRange(ratio)}`);
    });
  console.log(`  load average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} on ${os.cpus().length} CPU`);
} finally {
  await sandbox.close();
  for (const s of sides) fs.rmSync(s.dir, { recursive: true, force: true });
}
