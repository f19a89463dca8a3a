/**
 * 7. One rate budget per account across processes: 60 `punch log` started at once on one data directory against a
 * sandbox that enforces 20 requests per window per endpoint and locks an endpoint out when that is exceeded (the real
 * service: 20 per minute, 5-minute lock-out, real-service-notes "Rate limits"). The window is scaled down to 6 s (and
 * the lock-out to 30 s) so the run takes about a minute; `punch` paces at the same rate (PUNCH_RATE_LIMIT=20/6s).
 * Then `punch sync` sends whatever answered "queued". Run twice: with the shared budget file (the default) and with
 * PUNCH_RATE_BUDGET=off (each process paces alone, as before), for contrast.
 *
 * `punch` runs from a bundle built for this benchmark (scripts/build-node.mjs cli, as `npm run build` makes it): from the
 * TypeScript sources every process would spend over a second compiling, which spreads 60 starts over a minute on two
 * cores and hides the burst. Figures come from the sandbox's request log.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandbox, type Sandbox } from '../src/sandbox/index';
import { method, ms, report, tempDir } from './measure';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PROCESSES = 60;
const RULE = { limit: 20, windowMs: 6_000 };
const LOCKOUT_MS = 30_000;
const SYNC_TRIES = 3;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  endedAt: number;
}

interface Outcome {
  label: string;
  startedAt: number;
  logsEndedAt: number;
  drainedAt: number;
  exits: Map<string, number>;
  failures: Map<string, number>;
  tooMany: number;
  lockedOut: number;
  entriesOnService: number;
  duplicates: number;
  /** `punch log` runs that exited 0 (the entry is in the outbox), and how many of those entries are on the service. */
  recorded: number;
  recordedOnService: number;
  /** What the outbox still holds after the `punch sync` runs, by state and reason. */
  remaining: Map<string, number>;
  firstAdd?: number;
  lastAdd?: number;
  syncs: number;
}

function punch(cli: string[], args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...cli, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr, endedAt: performance.now() }));
  });
}

/** A recent day the demo user can still log an hour on: not a holiday, not in a submitted or approved timesheet. */
function freeDay(sandbox: Sandbox): string {
  const s = sandbox.state();
  const user = sandbox.demoUser;
  for (let n = 0; n < 40; n++) {
    const d = new Date();
    d.setDate(d.getDate() - n);
    const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    if (s.holidays.some((h) => h.date === day)) continue;
    if (
      s.timesheets.some(
        (t) => t.user === user && t.fromDate <= day && day <= t.toDate && (t.status === 'pending' || t.status === 'approved'),
      )
    )
      continue;
    const used = s.timeLogs.filter((l) => l.user === user && l.workDate === day).reduce((sum, l) => sum + l.minutes, 0);
    if (used + 2 * PROCESSES <= 8 * 60) return day;
  }
  throw new Error('the sandbox has no free day for the demo user in the last 40 days');
}

/** The punch to run: a bundle built for this benchmark (fast start), else the sources through tsx. */
function prepareCli(): { cli: string[]; how: string; remove(): void } {
  const outDir = join('out', `bench-cli-${process.pid}`);
  const built = spawnSync(process.execPath, ['scripts/build-node.mjs', 'cli', '--out-dir', outDir], { cwd: ROOT, encoding: 'utf8' });
  const bundle = join(ROOT, outDir, 'punch.mjs');
  const remove = () => rmSync(join(ROOT, outDir), { recursive: true, force: true });
  if (built.status === 0 && existsSync(bundle)) return { cli: [bundle], how: 'the bundled CLI (scripts/build-node.mjs cli)', remove };
  remove();
  return {
    cli: ['--import', 'tsx', 'src/cli/index.ts'],
    how: 'the sources through tsx (the bundle could not be built)',
    remove: () => undefined,
  };
}

const firstLine = (text: string) =>
  text
    .split('\n')
    .find((l) => l.trim())
    ?.replace(/\d{3,}/g, 'N')
    .replace(/\/tmp\/\S+/g, '<dir>')
    .slice(0, 110) ?? '';
const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);

async function burst(cli: string[], label: string, extraEnv: Record<string, string>): Promise<Outcome> {
  const sandbox = await startSandbox({ rateLimits: { timetracker: RULE, lockoutMs: LOCKOUT_MS } });
  const data = tempDir('punch-bench-budget-');
  try {
    const job = sandbox.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(sandbox.demoUser));
    if (!job) throw new Error('the sandbox seeded no in-progress job for the demo user');
    const day = freeDay(sandbox);
    const env: NodeJS.ProcessEnv = {
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('PUNCH_'))),
      PUNCH_BASE_URL: sandbox.url,
      PUNCH_TOKEN: sandbox.demoToken,
      PUNCH_USER: sandbox.demoUser,
      PUNCH_DATA_DIR: data.dir,
      XDG_CONFIG_HOME: join(data.dir, 'xdg'),
      PUNCH_RATE_LIMIT: `${RULE.limit}/${RULE.windowMs}ms`,
      ...extraEnv,
    };
    // a user's data directory: the job list and the company settings are cached (each `punch log` then sends one
    // request, its addtimelog); the sandbox's log of these two reads is cleared before the burst
    for (const args of [['jobs'], ['settings']]) {
      const r = await punch(cli, args, env);
      if (r.code !== 0) throw new Error(`punch ${args.join(' ')} failed: ${firstLine(r.stderr)}`);
    }
    sandbox.resetRequests();
    const tag = `bench ${label} ${Date.now()}`;
    const startedAt = performance.now();
    const wallStart = Date.now();
    const runs = await Promise.all(
      Array.from({ length: PROCESSES }, (_, i) =>
        punch(cli, ['log', '--job', job.jobId, '--date', day, '--hours', '00:01', '--description', `${tag} #${i}`], env),
      ),
    );
    const logsEndedAt = performance.now();
    const exits = new Map<string, number>();
    const failures = new Map<string, number>();
    for (const r of runs) {
      bump(exits, r.code === 0 ? firstLine(r.stdout) : `exit ${r.code}`);
      if (r.code !== 0) bump(failures, firstLine(r.stderr));
    }
    let syncs = 0;
    for (; syncs < SYNC_TRIES; syncs++) {
      const s = await punch(cli, ['sync'], env);
      if (s.code === 0) {
        syncs++;
        break;
      }
      if (syncs === SYNC_TRIES - 1) bump(failures, `punch sync still exits ${s.code}: ${firstLine(s.stderr)}`);
    }
    const drainedAt = performance.now();
    const remaining = new Map<string, number>();
    const outbox = await punch(cli, ['outbox', '--json'], env);
    try {
      for (const e of JSON.parse(outbox.stdout) as Array<{ state: string; message?: string }>) {
        if (e.state !== 'synced') bump(remaining, `${e.state}: ${firstLine(e.message ?? '')}`);
      }
    } catch {
      bump(remaining, `punch outbox --json failed: ${firstLine(outbox.stderr)}`);
    }
    const api = sandbox.requests().filter((r) => r.path.startsWith('/api/'));
    const adds = api.filter((r) => r.path.endsWith('/addtimelog') && r.status === 200).map((r) => r.at - wallStart);
    const mine = sandbox.state().timeLogs.filter((l) => l.description?.startsWith(tag));
    const onService = new Set(mine.map((l) => l.description));
    const distinct = onService.size;
    const recordedOk = runs.map((r, i) => (r.code === 0 ? `${tag} #${i}` : undefined)).filter((d): d is string => d !== undefined);
    return {
      label,
      startedAt,
      logsEndedAt,
      drainedAt,
      exits,
      failures,
      syncs,
      remaining,
      tooMany: api.filter((r) => r.status === 429).length,
      lockedOut: new Set(api.filter((r) => r.status === 429).map((r) => r.path)).size,
      entriesOnService: distinct,
      recorded: recordedOk.length,
      recordedOnService: recordedOk.filter((d) => onService.has(d)).length,
      duplicates: mine.length - distinct,
      ...(adds.length ? { firstAdd: Math.min(...adds), lastAdd: Math.max(...adds) } : {}),
    };
  } finally {
    await sandbox.close();
    data.remove();
  }
}

function print(o: Outcome): void {
  const list = (m: Map<string, number>) => [...m].map(([k, n]) => `${n} × ${k || '(no output)'}`).join('; ') || 'none';
  report(`${o.label}: answers of 429 / lock-out`, `${o.tooMany} (target 0); endpoints locked out: ${o.lockedOut}`);
  report(
    '  entries on the service',
    `${o.entriesOnService} of ${PROCESSES} (target ${PROCESSES}), duplicates ${o.duplicates}; ` +
      `of the ${o.recorded} that punch log recorded (exit 0): ${o.recordedOnService}`,
  );
  report('  punch log answers', list(o.exits));
  report('  failures', list(o.failures));
  report('  left in the outbox after punch sync', list(o.remaining));
  report('  all 60 punch log ended after', ms(o.logsEndedAt - o.startedAt));
  report('  drained (log + punch sync) after', `${ms(o.drainedAt - o.startedAt)} (${o.syncs} punch sync)`);
  if (o.firstAdd !== undefined && o.lastAdd !== undefined) {
    const floor = (Math.ceil(o.entriesOnService / RULE.limit) - 1) * RULE.windowMs;
    report(
      '  addtimelog: first to last accepted',
      `${ms(o.lastAdd - o.firstAdd)} (floor for ${o.entriesOnService} at ${RULE.limit} per ` +
        `${RULE.windowMs / 1000} s: ${ms(floor)}, i.e. ${Math.ceil(o.entriesOnService / RULE.limit)} windows from the first)`,
    );
    report('  first addtimelog after the spawn', ms(o.firstAdd));
  }
}

export async function runRateBudget(): Promise<void> {
  const cli = prepareCli();
  try {
    method(
      `${PROCESSES} \`punch log\` spawned at once (one account, distinct descriptions) ` +
        `on one data directory whose job list and settings are cached (one \`punch jobs\`, one \`punch settings\` first), ` +
        `against a fresh sandbox enforcing ${RULE.limit} requests per ${RULE.windowMs / 1000} s per timetracker endpoint with a ` +
        `${LOCKOUT_MS / 1000} s lock-out (the real 20 per minute and 5 minutes, scaled by 1/10 and 1/10); PUNCH_RATE_LIMIT=` +
        `${RULE.limit}/${RULE.windowMs / 1000}s; then \`punch sync\` (up to ${SYNC_TRIES}) for what answered "queued". punch runs from ${cli.how}. ` +
        'Times from the spawn; "floor": the last of n entries cannot be accepted earlier than ceil(n/20) - 1 windows after the first.',
    );
    print(await burst(cli.cli, 'shared budget', {}));
    print(await burst(cli.cli, 'PUNCH_RATE_BUDGET=off (per process, as before)', { PUNCH_RATE_BUDGET: 'off' }));
  } finally {
    cli.remove();
  }
}
