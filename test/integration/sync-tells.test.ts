/**
 * The sync engine tells the layers above through a feed it owns (src/core/sync/records.ts `SyncEvents`), which the
 * root subscribes to: what the engine records on its own, long after the call that logged it answered, still
 * reaches the screens. Here an add the service paused (429, Retry-After one second) is sent by the engine when the
 * pause ends: the page hears of the log's week (`ledger`, so Track and the Week tab show it synced) and a status
 * that counts nothing waiting. Real core, real sandbox over HTTP.
 */
import { afterEach, expect, it } from 'vitest';
import type { Events, LogResult } from '../../src/shared/contract';
import type { AppStatus, Job, OutboxEntry } from '../../src/shared/domain';
import { weekStartOf } from '../../src/shared/time/week';
import { call, startCoreOverSandbox, type CoreOverSandbox } from '../fixtures/core-over-sandbox';
import { TEST_TODAY } from '../fixtures/test-clock';

let c: CoreOverSandbox | undefined;
afterEach(async () => {
  await c?.close();
  c = undefined;
});

it("pushes the log's week and a status with nothing waiting when the engine sends a paused log on its own", async () => {
  c = await startCoreOverSandbox({ today: TEST_TODAY, dirPrefix: 'punch-sync-tells-' });
  const { core, sb } = c;
  const [job] = await call<Job[]>(core, 'listJobs', { status: 'in-progress' });

  sb.fault({ kind: 'http-429', retryAfterSec: 1, match: 'addtimelog', times: 1 });
  const logged = await call<LogResult>(core, 'logTime', {
    jobId: job.jobId,
    workDate: TEST_TODAY,
    hours: '00:45',
    description: 'sent after the pause',
  });
  expect(logged.state).toBe('queued');

  // from here on nobody calls the core: what reaches the page comes from the engine's own step
  const weeks: Events['ledger'][] = [];
  const statuses: AppStatus[] = [];
  core.on('ledger', (e) => weeks.push(e));
  core.on('status', (s) => statuses.push(s));
  const entry = async () => (await call<OutboxEntry[]>(core, 'getOutbox', {})).find((e) => e.localId === logged.log.localId);
  await expect.poll(async () => (await entry())?.state, { timeout: 10_000 }).toBe('synced');

  expect(weeks.flatMap((e) => e.weekStarts)).toContain(weekStartOf(TEST_TODAY));
  expect(statuses.at(-1)?.outbox).toMatchObject({ queued: 0, sending: 0, needsAttention: 0 });
  expect(statuses.at(-1)?.lastSyncAt).toBeTypeOf('number');
});
