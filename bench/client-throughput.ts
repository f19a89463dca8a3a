/**
 * 2. Client throughput without pacing (SANDBOX_POLICY, the built-in demo's policy): what the client itself costs per
 * request (build the URL, send, parse the envelope, normalise) when the service answers at once, and how many
 * requests a 450-job list takes (spec 8: pages of at most 200).
 * The sandbox runs in this process, so every figure includes the sandbox's own handling of the request.
 */
import { createServiceClient, SANDBOX_POLICY } from '../src/core/service';
import type { ServiceClient } from '../src/core/service';
import { startSandbox, type Sandbox } from '../src/sandbox/index';
import { describe, method, mib, ms, report, summarize, timed } from './measure';

const SEQUENTIAL = 1_000;
const WARM_UP = 50;
const JOBS_WANTED = 450;
const ALL_JOBS_RUNS = 5;

function clientFor(sandbox: Sandbox): ServiceClient {
  return createServiceClient({
    baseUrl: sandbox.url,
    getToken: async () => sandbox.demoToken,
    authScheme: 'Bearer',
    policy: SANDBOX_POLICY,
  });
}

/** `count` reads one after another; each one's wall time, the total, requests seen by the sandbox and memory growth. */
async function sequentialReads(sandbox: Sandbox, label: string, read: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < WARM_UP; i++) await read();
  sandbox.resetRequests();
  const before = process.memoryUsage();
  const each: number[] = [];
  const t0 = performance.now();
  for (let i = 0; i < SEQUENTIAL; i++) {
    const t = performance.now();
    await read();
    each.push(performance.now() - t);
  }
  const total = performance.now() - t0;
  const after = process.memoryUsage();
  const requests = sandbox.requests().length;
  report(
    `${SEQUENTIAL} sequential ${label}: total`,
    `${ms(total)} (${Math.round((SEQUENTIAL / total) * 1000)} reads/s; ${requests} requests reached the sandbox)`,
  );
  report(`  per read`, describe(summarize(each)));
  report(
    `  memory (this process, sandbox included)`,
    `RSS ${mib(before.rss)} -> ${mib(after.rss)}, heap used ${mib(before.heapUsed)} -> ${mib(after.heapUsed)}`,
  );
}

/** How many in-progress jobs the demo user has before bulk jobs are added (the seeded company). */
async function seededJobCount(): Promise<number> {
  const probe = await startSandbox({});
  try {
    return (await clientFor(probe).allJobs({ assignedTo: probe.demoUser })).length;
  } finally {
    await probe.close();
  }
}

export async function runClientThroughput(): Promise<void> {
  method(
    `one client (SANDBOX_POLICY: no pacing) and one sandbox (no rate limits) in this process over 127.0.0.1; ` +
      `${WARM_UP} warm-up reads not counted, then ${SEQUENTIAL} reads awaited one after another, each timed with performance.now().`,
  );
  const sandbox = await startSandbox({});
  try {
    const client = clientFor(sandbox);
    const user = sandbox.demoUser;
    const sheet = sandbox.state().timesheets.find((t) => t.user === user);
    if (!sheet) throw new Error('the sandbox seeded no timesheet for the demo user');
    await sequentialReads(sandbox, 'timesheetDetails (gettimesheetdetails)', () => client.timesheetDetails(sheet.timesheetId));
    await sequentialReads(sandbox, 'allJobs of the demo user (getjobs)', () => client.allJobs({ assignedTo: user }));
  } finally {
    await sandbox.close();
  }

  const seeded = await seededJobCount();
  const bulk = await startSandbox({ extraJobs: Math.max(0, JOBS_WANTED - seeded) });
  try {
    const client = clientFor(bulk);
    const times: number[] = [];
    let jobs = 0;
    let requests = 0;
    await client.allJobs({ assignedTo: bulk.demoUser });
    for (let i = 0; i < ALL_JOBS_RUNS; i++) {
      bulk.resetRequests();
      const { value, ms: took } = await timed(() => client.allJobs({ assignedTo: bulk.demoUser }));
      times.push(took);
      jobs = value.length;
      requests = bulk.requests().length;
    }
    report(`allJobs of ${jobs} jobs (page size 200)`, `${requests} requests per call; ${describe(summarize(times))}`);
  } finally {
    await bulk.close();
  }
}
