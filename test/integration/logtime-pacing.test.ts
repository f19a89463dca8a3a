/**
 * logTime answers promptly while the client paces. On a real account (DEFAULT_POLICY, 20 requests a minute per
 * endpoint) the 21st entry within a minute made logTime wait 10 s before answering "queued", with the form stuck.
 * Here addtimelog is paced at 1 request per 5 s (the same situation, scaled down) against the sandbox over HTTP.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createServiceClient, SANDBOX_POLICY } from '../../src/core/service';
import type { ServiceClient } from '../../src/core/service';
import { startSandbox, type Sandbox } from '../../src/sandbox/index';
import { coreOver, counts, sessionOf, someJob, tempDir, type CoreUnderTest } from '../fixtures/logging-harness';
import { runningClock, TEST_TODAY } from '../fixtures/test-clock';

const PACE_MS = 5_000;
let sandbox: Sandbox;
let client: ServiceClient;
let logging: CoreUnderTest;
const outboxEvents: number[] = [];

beforeEach(async () => {
  sandbox = await startSandbox({ seed: 1, today: TEST_TODAY });
  client = createServiceClient({
    baseUrl: sandbox.url,
    getToken: async () => sandbox.demoToken,
    authScheme: 'Bearer',
    policy: { ...SANDBOX_POLICY, perEndpoint: { 'timetracker/addtimelog': { limit: 1, windowMs: PACE_MS } } },
  });
  const user = sandbox.demoUser;
  const session = sessionOf(client, { baseUrl: sandbox.url, user, token: sandbox.demoToken });
  logging = await coreOver({
    dataDir: tempDir(),
    clock: runningClock(),
    session,
    tuning: { sync: { backoffBaseMs: 50, backoffMaxMs: 400 } },
  });
  logging.core.on('outboxChange', () => outboxEvents.push(performance.now()));
  logging.start();
});
afterEach(async () => {
  await logging?.close();
  await sandbox?.close();
});

it('answers "queued" within a moment while addtimelog is paced, and the entry is synced later exactly once', async () => {
  const job = await someJob(client, sandbox.demoUser);
  await logging.handlers.listJobs({ status: 'all' });
  const entry = (description: string) => ({ ...job, workDate: TEST_TODAY, hours: '00:30', billable: true, description });

  expect((await logging.handlers.logTime(entry('first of the minute'))).state).toBe('synced');

  const started = performance.now();
  const second = await logging.handlers.logTime(entry('over the pace'));
  const took = performance.now() - started;
  expect(second.state).toBe('queued');
  expect(took).toBeLessThan(2_500);
  // the form got its answer; the background sync goes on and announces the outcome
  const answeredAt = performance.now();
  await expect
    .poll(async () => (await logging.handlers.getOutbox({})).find((e) => e.localId === second.log.localId)?.state, {
      timeout: PACE_MS + 3_000,
      interval: 100,
    })
    .toBe('synced');
  expect(outboxEvents.some((at) => at > answeredAt)).toBe(true);

  const logs = (sandbox.state() as unknown as { timeLogs: Array<{ user: string; description: string }> }).timeLogs.filter(
    (l) => l.user === sandbox.demoUser && l.description === 'over the pace',
  );
  expect(logs).toHaveLength(1);
  expect(counts(sandbox, 'addtimelog')).toBe(2);
  expect(logging.status()).toMatchObject({ queued: 0, sending: 0, needsAttention: 0 });
}, 15_000);
