/**
 * The parts of an opening with 10,000 entries waiting, apart: the core is opened offline and its sync's first pass
 * let run (it notes the attempt on the first entry: one change of entries only), as in the app, where the page asks
 * after the core is up; then the first screen's status and list, and then the week, each timed as CPU time of the
 * process. Two trees (this one and `--against`, e.g. a worktree of main) alternate round by round in this one
 * process, so the load weighs on both alike; the week's ratio is given per round. What the opening's whole figure
 * (bench/core-open.ts) cannot tell at a busy machine's noise, the part a change touched can.
 *   npx tsx bench/core-open-parts.ts --against /tmp/main-tree [--rounds 32]
 * (The trees' modules are imported by path at run time; the sandbox is this tree's.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openTree } from './backlog-journal';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const ROUNDS = Number(arg('--rounds') ?? 32);
const WARM_UP = 2;
/** How long the sync's first pass is given before the page asks (offline: the probe is refused at once). */
const SYNC_FIRST_MS = 60;
const HERE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const trees = [HERE, ...(arg('--against') ? [path.resolve(arg('--against')!)] : [])];
const { startSandbox } = await import(path.join(HERE, 'src/sandbox/index.ts'));
const sandbox = await startSandbox({ seed: 3 });

interface Side {
  tree: string;
  dir: string;
  round: () => Promise<[number, number]>;
  first: number[];
  week: number[];
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
  const round = async (): Promise<[number, number]> => {
    const core = await coreOver({ dataDir: dir, clock: systemClock, session, start: true });
    await new Promise((done) => setTimeout(done, SYNC_FIRST_MS));
    const c0 = cpu();
    await Promise.all([core.handlers.getStatus({}), core.handlers.getOutboxList({ window: { from: 0, count: 50 } })]);
    const c1 = cpu();
    await core.handlers.getWeek({ date: localDate(Date.now()) });
    const c2 = cpu();
    await core.close();
    return [c1 - c0, c2 - c1];
  };
  return { tree, dir, round, first: [], week: [] };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const sides: Side[] = [];
try {
  for (const tree of trees) sides.push(await sideOf(tree));
  await sandbox.setOffline(true);
  const loads: number[] = [];
  for (let i = 0; i < WARM_UP + ROUNDS; i++)
    for (const side of i % 2 ? sides : [...sides].reverse()) {
      const [first, week] = await side.round();
      loads.push(os.loadavg()[0]);
      if (i < WARM_UP) continue;
      side.first.push(first);
      side.week.push(week);
    }
  console.log(`the opening's parts, 10,000 entries waiting, after the sync's first pass; ${ROUNDS} rounds, CPU time`);
  for (const s of sides)
    console.log(`  ${s.tree}: status and the list's first 50 ${median(s.first).toFixed(2)} ms; the week ${median(s.week).toFixed(2)} ms`);
  if (sides.length === 2) {
    const ratio = sides[0].week.map((v, r) => v / sides[1].week[r]).sort((a, b) => a - b);
    const half = (1.96 * Math.sqrt(ratio.length)) / 2;
    const lo = ratio[Math.max(0, Math.floor(ratio.length / 2 - half))];
    const hi = ratio[Math.min(ratio.length - 1, Math.ceil(ratio.length / 2 + half))];
    console.log(
      `  the week, this tree / the other per round: median ${median(ratio).toFixed(2)}x (95 % of the median ${lo.toFixed(2)}-${hi.toFixed(2)}x)`,
    );
  }
  console.log(`  load average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} on ${os.cpus().length} CPU`);
} finally {
  await sandbox.close();
  for (const s of sides) fs.rmSync(s.dir, { recursive: true, force: true });
}
