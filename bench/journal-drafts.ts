/**
 * The journal draft's copy-on-write (src/core/journal/draft/proxy.ts, a Proxy made on first access, copied on first write,
 * the rows map never copied) against immer (`produceWithPatches`) and plain structural copies (the rows map and the
 * entries list copied, the rule run on the copy), on the change path: a raw change (`recordAdd`) and logTime's change
 * (the company's rules, the day's total through the ledger's index, then the add) on a document of 10, 1,000 and
 * 10,000 entries all waiting. Each variant gives what a commit needs: the new document, the diff the journal appends
 * and the indexes moved over. No disk: the append and fsync cost the same for all three (docs/benchmarks.md).
 * The three run in turn, change by change, each on its own document, so a load that drifts weighs on all alike;
 * CPU time of the process per change (user + system), then wall time.
 *   npm i --no-save immer && npx tsx bench/journal-drafts.ts
 * (immer is not a dependency of Punchcard: this measurement is why.)
 * @inner src/core/journal/change.ts, src/core/journal/indexes/index.ts, src/core/journal/draft/proxy.ts, src/core/journal/draft/values.ts, src/core/journal/types.ts, src/core/outbox/operations.ts
 */
import os from 'node:os';
import { draftChange, diffOps, indexedChangeOf } from '../src/core/journal/change';
import { shallowCopy } from '../src/core/journal/draft/proxy';
import { freezeDeep } from '../src/core/journal/draft/values';
import { carryIndexes, holdIndexes } from '../src/core/journal/indexes';
import { emptyJournal, type Journal, type LedgerRow, type OutboxOp } from '../src/core/journal';
import type { JournalDiff } from '../src/core/journal/types';
import { recordAdd } from '../src/core/outbox/operations';
import { dayTotalWithService } from '../src/core/week';
import { checkLog, type RuleContext } from '../src/core/rules';
import { localDate } from '../src/shared/time/week';

/** The part of immer's API measured (immer is not a dependency: its types are not installed). */
interface Immer {
  enablePatches(): void;
  original<T>(draft: T): T | undefined;
  produceWithPatches<T>(base: T, recipe: (draft: T) => void): [T, Array<{ path: Array<string | number> }>, unknown];
}
const SIZES = [10, 1_000, 10_000];
const CHANGES = 60;
const WARM_UP = 10;
const ACCOUNT = 'sandbox|bench';
const today = localDate(Date.now());
const fields = (i: number) => ({
  workDate: today,
  hours: '00:01',
  jobName: 'Bench',
  billingStatus: 'Billable' as const,
  description: `d ${i}`,
});
const entry = { workDate: today, hours: '00:01', jobName: 'Bench' };

function rules(j: Readonly<Journal>): RuleContext {
  return {
    settings: {
      logType: 'hours',
      maxMinutesPerDay: 1e9,
      allowFutureDates: false,
      pastDaysAllowed: null,
      submissionDueWeekday: 5,
      enabled: true,
    },
    today,
    jobs: [{ jobId: 'J', jobName: 'Bench', projectName: 'B', clientName: 'B', jobStatus: 'in-progress', jobBillableStatus: 'Billable' }],
    jobsKnown: true,
    dayTotalMinutes: (date) => dayTotalWithService(j, date, [], { account: ACCOUNT }),
    isLocked: () => false,
  };
}

/** A document the ledger holds (its indexes built), of n entries of today all waiting. */
function documentOf(n: number): Journal {
  const doc = emptyJournal();
  for (let i = 0; i < n; i++) recordAdd(doc, fields(i), Date.now(), ACCOUNT);
  for (const id in doc.rows) freezeDeep(doc.rows[id]);
  holdIndexes(doc);
  return doc;
}

/** One change by a variant: the new document the ledger would hold (indexes moved over) and the diff it appends. */
type Variant = (base: Journal, fn: (d: Journal) => unknown, check: (j: Readonly<Journal>) => void) => { next: Journal; diff: JournalDiff };

/** The journal's own: the rules on the draft (its index questions know the draft), the commit applies the rows. */
const proxyDraft: Variant = (base, fn, check) => {
  const { diff, commit } = draftChange(base, (d) => {
    check(d);
    return fn(d);
  });
  return { next: commit(), diff };
};

/** immer: the rules on the base (nothing is written before them; immer's draft is not the index's), patches to a diff. */
const immerDraft =
  (immer: Immer): Variant =>
  (base, fn, check) => {
    const [next, patches] = immer.produceWithPatches(base, (d: Journal) => {
      check(immer.original(d) ?? base);
      fn(d);
    });
    const diff: JournalDiff = { rows: {}, rowsGone: [], ops: [], opsGone: [] };
    for (const p of patches)
      if (p.path[0] === 'rows' && p.path.length >= 2) {
        const id = String(p.path[1]);
        if (id in next.rows) diff.rows[id] = next.rows[id];
        else diff.rowsGone.push(id);
      }
    const was = new Map<string, OutboxOp>();
    Object.assign(diff, diffOps(base.ops, next.ops, was));
    if (next.seq !== base.seq) diff.seq = next.seq;
    carryIndexes(base, next, indexedChangeOf(diff, was));
    return { next, diff };
  };

/** Plain structural copies: the rows map and the entries list copied, the rule run on the copy, the rows compared. */
const plainCopies: Variant = (base, fn, check) => {
  check(base);
  const next: Journal = { ...base, rows: shallowCopy(base.rows) as Record<string, LedgerRow>, ops: base.ops.slice() };
  fn(next);
  const diff: JournalDiff = { rows: {}, rowsGone: [], ops: [], opsGone: [] };
  for (const id in next.rows) if (next.rows[id] !== base.rows[id]) diff.rows[id] = freezeDeep(next.rows[id]);
  for (const id in base.rows) if (!(id in next.rows)) diff.rowsGone.push(id);
  const was = new Map<string, OutboxOp>();
  Object.assign(diff, diffOps(base.ops, next.ops, was));
  if (next.seq !== base.seq) diff.seq = next.seq;
  carryIndexes(base, next, indexedChangeOf(diff, was));
  return { next, diff };
};

function stats(samples: number[]): string {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return `median ${at(0.5).toFixed(3)} ms (p25 ${at(0.25).toFixed(3)}, min ${s[0].toFixed(3)})`;
}

async function main(): Promise<void> {
  let immer: Immer;
  try {
    immer = (await import(process.env.IMMER_PATH ?? 'immer')) as Immer;
  } catch {
    console.log('skipped: immer is not installed (npm i --no-save immer)');
    return;
  }
  immer.enablePatches();
  const variants: Array<[string, Variant]> = [
    ['Proxy draft (the journal)', proxyDraft],
    ['immer produceWithPatches', immerDraft(immer)],
    ['plain structural copies', plainCopies],
  ];
  const noCheck = () => {};
  const logTimeCheck = (j: Readonly<Journal>) => {
    if (checkLog(entry, rules(j)).length > 0) throw new Error('refused');
  };
  console.log(
    `load average ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} CPU, Node ${process.version}, immer from ${process.env.IMMER_PATH ?? 'immer'}`,
  );
  for (const n of SIZES)
    for (const [what, check] of [
      ['raw change (recordAdd)', noCheck],
      ["logTime's change (rules + add)", logTimeCheck],
    ] as const) {
      const docs = variants.map(() => documentOf(n));
      const cpu = variants.map(() => [] as number[]);
      const wall = variants.map(() => [] as number[]);
      let i = n;
      for (let k = 0; k < WARM_UP + CHANGES; k++)
        for (let v = 0; v < variants.length; v++) {
          const x = i++;
          const c0 = process.cpuUsage();
          const t0 = performance.now();
          const { next } = variants[v][1](docs[v], (d) => recordAdd(d, fields(x), Date.now(), ACCOUNT), check);
          const t = performance.now() - t0;
          const c = process.cpuUsage(c0);
          docs[v] = next;
          if (k >= WARM_UP) {
            cpu[v].push((c.user + c.system) / 1000);
            wall[v].push(t);
          }
        }
      console.log(`${n.toLocaleString('en-US')} entries, ${what}:`);
      variants.forEach(([name], v) => console.log(`  ${name.padEnd(28)} wall ${stats(wall[v])}; cpu ${stats(cpu[v])}`));
    }
}

await main();
