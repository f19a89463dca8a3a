/**
 * Outbox figures: time to enqueue 1,000 entries durably (each one atomic write of the whole journal to disk, as in
 * the app) and to sync 500 against the local sandbox (no pacing, no rate limits). Prints the figures.
 *   npx tsx bench/outbox.bench.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createEventBus, systemClock } from '../src/main/core/context';
import { createLedger } from '../src/main/core/outbox/ledger';
import { createLogging } from '../src/main/core/logging';
import { recordAdd } from '../src/main/core/outbox/operations';
import { openConfStore } from '../src/main/core/store/conf-store';
import { localDate } from '../src/shared/week';
import { startSandbox } from '../src/sandbox/index';
import { memoryPrefs, sandboxSession } from '../test/fixtures/logging-harness';

const ENQUEUE = 1_000;
const SYNC = 500;
const fmt = (ms: number) => `${ms.toFixed(0)} ms`;

async function main(): Promise<void> {
  const today = localDate(Date.now());
  const fields = (i: number) => ({ workDate: today, hours: '00:01', jobName: 'Bench', billingStatus: 'Billable' as const, description: `bench ${i}` });

  // 1. enqueue durably
  const dir1 = fs.mkdtempSync(path.join(os.tmpdir(), 'punch-bench-'));
  const ledger = createLedger(openConfStore(dir1)('outbox'), systemClock);
  let t = performance.now();
  for (let i = 0; i < ENQUEUE; i++) ledger.change((j) => recordAdd(j, fields(i), Date.now()));
  const enqueueMs = performance.now() - t;
  const size = fs.statSync(path.join(dir1, 'outbox.json')).size;

  // 2. sync against the sandbox
  const sandbox = await startSandbox({ seed: 3 });
  const { session, client } = sandboxSession(sandbox.url, sandbox.demoToken, sandbox.demoUser);
  const [job] = await client.allJobs({ assignedTo: sandbox.demoUser, jobStatus: 'in-progress' });
  const dir2 = fs.mkdtempSync(path.join(os.tmpdir(), 'punch-bench-'));
  const prefill = createLedger(openConfStore(dir2)('outbox'), systemClock);
  prefill.change((j) => { for (let i = 0; i < SYNC; i++) recordAdd(j, { ...fields(i), jobId: job.jobId, jobName: job.jobName }, Date.now()); });
  const logging = createLogging({ dataDir: dir2, clock: systemClock, bus: createEventBus(), openStore: openConfStore(dir2), session, prefs: memoryPrefs() });
  t = performance.now();
  const report = await logging.handlers.syncNow({});
  const syncMs = performance.now() - t;
  const onService = sandbox.state().timeLogs.filter((l) => l.description.startsWith('bench ')).length;
  await logging.close();
  await sandbox.close();

  console.log(`enqueue ${ENQUEUE} entries durably: ${fmt(enqueueMs)} (${(enqueueMs / ENQUEUE).toFixed(2)} ms each; journal ${(size / 1024).toFixed(0)} KiB)`);
  console.log(`sync ${SYNC} entries to the sandbox: ${fmt(syncMs)} (${(syncMs / SYNC).toFixed(2)} ms each; sent ${report.sent}, on the service ${onService}, remaining ${report.remaining})`);
}

await main();
