/**
 * 1. Client pacing: a burst of 50 reads fired at once against a sandbox that enforces a (scaled-down) rate limit
 * with lock-out. The client must spread them over windows itself (real-service-notes "Rate limits": exceeding the
 * limit locks the endpoint out, so reacting to errors is too late). Figures come from the sandbox's request log.
 */
import { createServiceClient } from '../src/core/service';
import { startSandbox, type Sandbox } from '../src/sandbox/index';
import { describe, method, ms, report, summarize, timed } from './measure';

const BURST = 50;
const RUNS = 3;
const RULE = { limit: 20, windowMs: 2000 };
const LOCKOUT_MS = 10_000;

interface BurstResult {
  durationMs: number;
  /** Requests the sandbox received per endpoint, per window counted from that endpoint's first request. */
  perWindow: number[][];
  /** The most requests the sandbox saw inside any window of RULE.windowMs (its own sliding rule). */
  maxSliding: number;
  lockouts: number;
  failed: number;
}

/** Requests at `at` (ms), per consecutive window starting at the first. */
function perFixedWindow(at: number[], windowMs: number): number[] {
  if (at.length === 0) return [];
  const first = Math.min(...at);
  const counts: number[] = [];
  for (const t of at) {
    const k = Math.floor((t - first) / windowMs);
    while (counts.length <= k) counts.push(0);
    counts[k] += 1;
  }
  return counts;
}

/** The sandbox counts hits in (t - window, t]; this is the largest such count over the log. */
function maxInSlidingWindow(at: number[], windowMs: number): number {
  const sorted = [...at].sort((a, b) => a - b);
  let best = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while (sorted[start] <= sorted[end] - windowMs) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

const windowsText = (perEndpoint: number[][]) => perEndpoint.map((w) => `[${w.join(', ')}]`).join(' + ');

async function burst(
  sandbox: Sandbox,
  reads: Array<(c: ReturnType<typeof createServiceClient>) => Promise<unknown>>,
): Promise<BurstResult> {
  const client = createServiceClient({
    baseUrl: sandbox.url,
    getToken: async () => sandbox.demoToken,
    authScheme: 'Bearer',
    policy: { timetrackerRate: RULE },
  });
  sandbox.resetRequests();
  const { value: outcomes, ms: durationMs } = await timed(() => Promise.allSettled(reads.map((read) => read(client))));
  const log = sandbox.requests().filter((r) => r.path.startsWith('/api/'));
  const byEndpoint = new Map<string, number[]>();
  for (const r of log) byEndpoint.set(r.path, [...(byEndpoint.get(r.path) ?? []), r.at]);
  const windows = [...byEndpoint.values()].map((at) => perFixedWindow(at, RULE.windowMs));
  return {
    durationMs,
    perWindow: windows,
    maxSliding: Math.max(0, ...[...byEndpoint.values()].map((at) => maxInSlidingWindow(at, RULE.windowMs))),
    lockouts: log.filter((r) => r.status === 429).length,
    failed: outcomes.filter((o) => o.status === 'rejected').length,
  };
}

async function withRateLimitedSandbox<T>(run: (sandbox: Sandbox, timesheetId: string) => Promise<T>): Promise<T> {
  const sandbox = await startSandbox({ rateLimits: { timetracker: RULE, lockoutMs: LOCKOUT_MS } });
  try {
    const sheet = sandbox.state().timesheets.find((t) => t.user === sandbox.demoUser);
    if (!sheet) throw new Error('the sandbox seeded no timesheet for the demo user');
    return await run(sandbox, sheet.timesheetId);
  } finally {
    await sandbox.close();
  }
}

export async function runClientPacing(): Promise<void> {
  method(
    `${BURST} timesheetDetails reads started together (Promise.all) from a fresh client with timetrackerRate ` +
      `${RULE.limit} per ${RULE.windowMs} ms, against a fresh sandbox enforcing the same limit with a ${LOCKOUT_MS / 1000} s lock-out; ` +
      `${RUNS} runs; per-window counts from the sandbox's request log, windows counted from the first request.`,
  );
  const runs: BurstResult[] = [];
  for (let i = 0; i < RUNS; i++) {
    runs.push(
      await withRateLimitedSandbox((sandbox, id) =>
        burst(
          sandbox,
          Array.from({ length: BURST }, () => (c) => c.timesheetDetails(id)),
        ),
      ),
    );
  }
  report(`burst of ${BURST} on one endpoint, total duration`, describe(summarize(runs.map((r) => r.durationMs))));
  report('  ideal (whole windows needed)', ms(Math.floor((BURST - 1) / RULE.limit) * RULE.windowMs));
  report('requests per window (each run)', runs.map((r) => windowsText(r.perWindow)).join(' '));
  report(`most requests in any ${RULE.windowMs} ms (sliding)`, runs.map((r) => r.maxSliding).join(', ') + ` (limit ${RULE.limit})`);
  report('lock-outs (HTTP 429 / 7209) over all runs', String(runs.reduce((n, r) => n + r.lockouts, 0)));
  report('failed reads over all runs', String(runs.reduce((n, r) => n + r.failed, 0)));

  // Pacing is per endpoint (the service counts per endpoint): two endpoints in one burst do not wait for each other.
  const mixed = await withRateLimitedSandbox(async (sandbox, id) => {
    const user = sandbox.demoUser;
    const reads = Array.from({ length: BURST }, (_, i) =>
      i % 2 === 0
        ? (c: ReturnType<typeof createServiceClient>) => c.timesheetDetails(id)
        : (c: ReturnType<typeof createServiceClient>) => c.allJobs({ assignedTo: user }),
    );
    return burst(sandbox, reads);
  });
  report(
    `mixed burst (${BURST / 2} timesheetDetails + ${BURST / 2} allJobs)`,
    `${ms(mixed.durationMs)}; per window per endpoint ${windowsText(mixed.perWindow)}; lock-outs ${mixed.lockouts}; failed ${mixed.failed}`,
  );
}
