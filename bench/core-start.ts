/**
 * 3. Core cold start: createPunchcard to the first listJobs and getWeek answered, each run in a fresh Node process
 * (./cold-start-child.ts) so nothing is warm: module loading, the JIT, the stores and the HTTP connection all start
 * from nothing, as when the app opens.
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandbox } from '../src/sandbox/index';
import { describe, method, mib, report, summarize } from './measure';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CHILD = join(ROOT, 'bench', 'cold-start-child.ts');
const RUNS = 10;
const BUILT_IN_RUNS = 5;

interface ColdStart {
  bootMs: number;
  importMs: number;
  createMs: number;
  jobsMs: number;
  weekMs: number;
  readyMs: number;
  jobs: number;
  weekLogs: number;
  rss: number;
  /** Measured here: spawn until the child's figures arrived (Node + tsx start, imports, create, both answers). */
  wallMs: number;
}

/** One child process under `node --import tsx` (what the tsx command runs), timed from spawn to its JSON line. */
function coldStart(env: Record<string, string>): Promise<ColdStart> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let wallMs = 0;
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      if (!wallMs && out.includes('\n')) wallMs = performance.now() - t0;
    });
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (code !== 0 || !line) {
        reject(new Error(`the cold-start process exited with ${code}: ${err.trim().split('\n').slice(-3).join(' | ') || 'no output'}`));
        return;
      }
      resolve({ ...(JSON.parse(line) as Omit<ColdStart, 'wallMs'>), wallMs });
    });
  });
}

function printRuns(label: string, runs: ColdStart[]): void {
  const pick = (k: keyof ColdStart) => summarize(runs.map((r) => r[k]));
  report(`${label}: createPunchcard -> both answered`, describe(pick('readyMs')));
  report('  createPunchcard itself', describe(pick('createMs')));
  report('  then listJobs answered', describe(pick('jobsMs')));
  report('  then getWeek answered', describe(pick('weekMs')));
  report('  loading the core modules (before create)', describe(pick('importMs')));
  report('  Node + tsx start-up (before the script)', describe(pick('bootMs')));
  report('  spawn -> answers (whole process, wall)', describe(pick('wallMs')));
  report('  RSS after the answers', `median ${mib(pick('rss').median)} (max ${mib(pick('rss').max)})`);
  report('  answers', `${runs[0].jobs} jobs, ${runs[0].weekLogs} logs in this week`);
}

export async function runCoreStart(): Promise<void> {
  method(
    `each run is a new process (node --import tsx bench/cold-start-child.ts) with a new temp data dir and memorySecrets; ` +
      `listJobs({}) and getWeek({date: today}) are asked together right after createPunchcard; autoSync on as in the app; ` +
      `one uncounted warm-up run first (fills tsx's transform cache); ${RUNS} counted runs against an environment account ` +
      `(PUNCH_BASE_URL/TOKEN/USER -> a sandbox in the bench process), ${BUILT_IN_RUNS} against the built-in sandbox (demo mode: ` +
      `the core starts and seeds it in-process).`,
  );
  const sandbox = await startSandbox({});
  try {
    const env = { BENCH_BASE_URL: sandbox.url, BENCH_TOKEN: sandbox.demoToken, BENCH_USER: sandbox.demoUser };
    await coldStart(env);
    const runs: ColdStart[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await coldStart(env));
    printRuns('environment account', runs);
  } finally {
    await sandbox.close();
  }
  const builtIn: ColdStart[] = [];
  for (let i = 0; i < BUILT_IN_RUNS; i++) builtIn.push(await coldStart({ BENCH_BASE_URL: '' }));
  printRuns('built-in sandbox', builtIn);
}
