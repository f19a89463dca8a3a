/**
 * The journal's open at 10,000 entries all waiting (compacted), alone: `createLedger(dir).read()` then `close()`, timed
 * as wall and as CPU time of the process (less moved by a shared machine's load than wall time), with min, p25 and
 * median. Given another tree of Punchcard (`--against /path/to/tree`, e.g. a worktree of main), each tree writes the
 * same entries with its own writer and the two opens alternate in this one process (both warm), so the load weighs on
 * both alike: the comparison in docs/benchmarks.md (2026-11-27) was made this way.
 * `--backlog`: the file bench/backlog.ts and bench/core-open.ts open instead (the entries over the last 60 days, all
 * appended in one change, never compacted): the journal's own open that their goal counts.
 *   npx tsx bench/journal-open.ts [--against /tmp/main-tree] [--entries 10000] [--opens 25] [--backlog]
 * (The trees' modules are imported by path at run time: the journal's file and the outbox's operations.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addBacklog, type BacklogDraft } from './backlog-journal';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const ENTRIES = Number(arg('--entries') ?? 10_000);
const OPENS = Number(arg('--opens') ?? 25);
const BACKLOG = process.argv.includes('--backlog');
const HERE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const trees = [HERE, ...(arg('--against') ? [path.resolve(arg('--against')!)] : [])];

interface Side {
  tree: string;
  dir: string;
  bytes: number;
  open: () => void;
  wall: number[];
  cpu: number[];
}

/** A data directory of `tree`'s journal with ENTRIES entries of today waiting, written whole by that tree's writer. */
async function sideOf(tree: string): Promise<Side> {
  const load = (p: string) => import(path.join(tree, p));
  const { createLedger, emptyJournal } = await load('src/core/journal/index.ts');
  const { JournalFile, JOURNAL_FILE } = await load('src/core/journal/file/index.ts');
  const { recordAdd } = await load('src/core/outbox/operations.ts');
  const { systemClock } = await load('src/core/context.ts');
  const { localDate } = await load('src/shared/time/week.ts');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'punch-bench-open-'));
  const open = () => {
    const ledger = createLedger(dir, systemClock);
    ledger.read();
    ledger.close();
  };
  const side = (): Side => ({ tree, dir, bytes: fs.statSync(path.join(dir, JOURNAL_FILE)).size, open, wall: [], cpu: [] });
  if (BACKLOG) {
    const ledger = createLedger(dir, systemClock);
    ledger.change((j: BacklogDraft) => addBacklog(j, ENTRIES, { jobId: 'J-bench', jobName: 'Bench' }, 'sandbox|bench'));
    ledger.close();
    return side();
  }
  const doc = emptyJournal();
  const today = localDate(Date.now());
  for (let i = 0; i < ENTRIES; i++)
    recordAdd(
      doc,
      { workDate: today, hours: '00:01', jobName: 'Bench', billingStatus: 'Billable', description: `bench ${i}` },
      Date.now(),
      'sandbox|bench',
    );
  const file = new JournalFile({ dataDir: dir, now: Date.now });
  file.locked(() => file.writeWhole(doc));
  return side();
}

function stats(samples: number[]): string {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))].toFixed(1);
  return `min ${s[0].toFixed(1)} p25 ${at(0.25)} median ${at(0.5)} ms`;
}

const sides: Side[] = [];
try {
  for (const tree of trees) sides.push(await sideOf(tree));
  const loads: number[] = [];
  for (let i = 0; i < OPENS; i++)
    for (const side of i % 2 ? sides : [...sides].reverse()) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      side.open();
      side.wall.push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      side.cpu.push((c.user + c.system) / 1000);
      loads.push(os.loadavg()[0]);
    }
  const file = BACKLOG ? "appended in one change (the backlog benches' file)" : 'compacted';
  console.log(`journal's open, ${ENTRIES.toLocaleString('en-US')} entries all waiting, ${file}; ${OPENS} opens each, alternating`);
  for (const s of sides) console.log(`  ${s.tree} (${(s.bytes / 1024).toFixed(0)} KiB): wall ${stats(s.wall)}; CPU ${stats(s.cpu)}`);
  if (sides.length === 2)
    for (const k of ['wall', 'cpu'] as const) {
      // each round's two opens against each other: what the load did between rounds is left out
      const ratio = sides[0][k].map((v, r) => v / sides[1][k][r]).sort((a, b) => a - b);
      const half = (1.96 * Math.sqrt(ratio.length)) / 2;
      const lo = ratio[Math.max(0, Math.floor(ratio.length / 2 - half))];
      const hi = ratio[Math.min(ratio.length - 1, Math.ceil(ratio.length / 2 + half))];
      console.log(
        `  this tree / the other, ${k} per round: median ${ratio[ratio.length >> 1].toFixed(3)}x (95 % of the median ${lo.toFixed(3)}-${hi.toFixed(3)}x)`,
      );
    }
  console.log(`  load average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} on ${os.cpus().length} CPU`);
} finally {
  for (const s of sides) fs.rmSync(s.dir, { recursive: true, force: true });
}
