/**
 * `npm run bench`: Punchcard's performance figures on this machine, with their method. Measurements, not tests:
 * nothing here asserts. Every server involved listens on 127.0.0.1 and is started by the benchmark itself.
 *   npm run bench                      all sections (about 8 minutes on 2 cores; `faults` alone 2-4)
 *   npm run bench -- pacing web        only the sections whose key is given (keys: pacing throughput cold logtime
 *                                      web paint outbox built budget faults day demo manager directory backlog undo)
 * A section whose modules are missing or broken prints "skipped: <reason>" and the others still run.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mib, within } from './measure';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

interface Section {
  key: string;
  title: string;
  /** A section still running after this long is abandoned and reported as skipped. */
  limitMs: number;
  run(): Promise<void>;
}

/** Imported inside each section, so a module that is missing or broken only skips the section that needs it. */
const SECTIONS: Section[] = [
  {
    key: 'pacing',
    title: '1. Client pacing against a rate-limited sandbox',
    limitMs: 60_000,
    run: async () => (await import('./client-pacing')).runClientPacing(),
  },
  {
    key: 'throughput',
    title: '2. Client throughput without pacing (SANDBOX_POLICY)',
    limitMs: 60_000,
    run: async () => (await import('./client-throughput')).runClientThroughput(),
  },
  {
    key: 'cold',
    title: '3. Core cold start (createPunchcard to listJobs + getWeek answered)',
    limitMs: 90_000,
    run: async () => (await import('./core-start')).runCoreStart(),
  },
  {
    key: 'logtime',
    title: '4. logTime latency (handlers.logTime)',
    limitMs: 60_000,
    run: async () => (await import('./log-time')).runLogTime(),
  },
  {
    key: 'web',
    title: '5. Web mode (server start, memory, first paint in Chromium against a blank page, bundle size)',
    limitMs: 480_000,
    run: async () => (await import('./web-mode')).runWebMode(),
  },
  {
    key: 'paint',
    title: "5b. The first paint's main-thread work: traced loads of the app and a blank page (parse, script, style, layout, paint)",
    // about 30-50 s; more with variant pages (PUNCH_PAINT_PAGES)
    limitMs: 600_000,
    run: async () => (await import('./web-paint')).runWebPaint(),
  },
  { key: 'outbox', title: '6. Outbox (bench/outbox.bench.ts, by the outbox engineer)', limitMs: 90_000, run: runOutboxBench },
  {
    key: 'built',
    title:
      '7. The fast path by default: punch status against a bare node start (goal 2x, demo and account), web mode idle (goal under 90 MB), against the tsx path',
    limitMs: 600_000,
    run: async () => (await import('./built-code')).runBuiltCode(),
  },
  {
    key: 'budget',
    title: '8. One rate budget across 60 concurrent `punch log` (20 per 6 s, lock-out on exceeding)',
    limitMs: 360_000,
    run: async () => (await import('./rate-budget')).runRateBudget(),
  },
  {
    key: 'faults',
    title: '9. Failures of the network: the fault matrix through the core (test/fixtures/fault-matrix.ts)',
    limitMs: 480_000,
    run: async () => {
      await (await import('./fault-matrix')).runFaultMatrix();
    },
  },
  {
    key: 'demo',
    title: '10. The shared demo company: a request to the demo service with its state file shared between processes',
    limitMs: 120_000,
    run: async () => (await import('./demo-share')).runDemoShare(),
  },
  {
    key: 'day',
    title:
      '11. Requests per day of use: the usual day (goal: at most 45) and a busy day (at most 120), app and punch, counted at the sandbox',
    limitMs: 480_000,
    run: async () => (await import('./day-of-use')).runDayOfUse(),
  },
  {
    key: 'manager',
    title: "10. A manager's day in requests: 10 approvals in the app, Approve all, punch approve (goal: under 50)",
    limitMs: 120_000,
    run: async () => (await import('./manager-day')).runManagerDay(),
  },
  {
    key: 'backlog',
    title: '14. A backlog does not make every log slow: a typed log (handler and push) and opening, 0 and 10,000 waiting (goal 1.2x)',
    limitMs: 300_000,
    run: async () => (await import('./backlog')).runBacklog(),
  },
  {
    key: 'directory',
    title: '13. Employee directory of 10,000: a second search from another process, the first page (goals: at most 3 requests, 100 ms)',
    limitMs: 120_000,
    run: async () => (await import('./employee-directory')).runEmployeeDirectory(),
  },
  {
    key: 'undo',
    title: '15. Undo of a batch (a copied week): one undo against a delete of each log',
    limitMs: 120_000,
    run: async () => (await import('./undo-batch')).runUndoBatch(),
  },
];

/** The outbox engineer's benchmark, run as its own process and echoed as it prints. */
async function runOutboxBench(): Promise<void> {
  const file = join(ROOT, 'bench', 'outbox.bench.ts');
  if (!existsSync(file)) throw new Error('bench/outbox.bench.ts does not exist yet');
  const child = spawn('npx', ['tsx', 'bench/outbox.bench.ts'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) console.log(`  ${line}`);
  });
  // npm prints config warnings on stderr; only the benchmark's own failure is worth showing.
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (c) => resolve(c));
    });
    if (code !== 0) {
      const why = stderr
        .split('\n')
        .filter((l) => l.trim() && !l.startsWith('npm warn'))
        .slice(0, 4)
        .join(' | ');
      throw new Error(`npx tsx bench/outbox.bench.ts exited with ${code}: ${why || 'no message'}`);
    }
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

function header(): void {
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout?.trim() || 'unknown';
  const cpu = cpus();
  console.log('Punchcard benchmarks');
  console.log(
    `  date ${new Date().toISOString()}; ${cpu.length} CPU (${cpu[0]?.model.trim() ?? 'unknown'}), ${mib(totalmem())} RAM; ` +
      `Node ${process.version}; ${process.platform}-${process.arch}; commit ${commit} (working tree may differ)`,
  );
  console.log(`  ${load()} (figures from a busy machine are slower and noisier; compare runs at similar load)`);
}

/** Other work on the machine skews every figure: print the 1-minute load average with the results. */
const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')} (1 / 5 / 15 min) on ${cpus().length} CPU`;

async function main(): Promise<void> {
  const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const unknown = only.filter((k) => !SECTIONS.some((s) => s.key === k));
  if (unknown.length > 0) {
    console.error(`Unknown section ${unknown.join(', ')}; the sections are: ${SECTIONS.map((s) => s.key).join(', ')}.`);
    process.exit(1);
  }
  header();
  const started = performance.now();
  const skipped: string[] = [];
  for (const section of SECTIONS.filter((s) => only.length === 0 || only.includes(s.key))) {
    console.log(`\n== ${section.title} ==`);
    const t0 = performance.now();
    try {
      await within(section.limitMs, `the ${section.key} section`, section.run());
      console.log(`  (section took ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    } catch (e) {
      const reason = e instanceof Error ? e.message.split('\n')[0] : String(e);
      console.log(`  skipped: ${reason}`);
      skipped.push(`${section.key} (${reason})`);
    }
  }
  console.log(`\nAll sections took ${((performance.now() - started) / 1000).toFixed(1)} s; ${load()}.`);
  console.log(skipped.length ? `Skipped: ${skipped.join('; ')}.` : 'Skipped: none.');
}

main()
  .catch((e: unknown) => {
    console.error(`bench: ${e instanceof Error ? e.stack : String(e)}`);
    process.exitCode = 1;
  })
  // An abandoned section may leave servers or timers behind; the figures are printed, so end here.
  .finally(() => process.exit());
