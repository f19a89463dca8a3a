/**
 * A request the service admits after the client stopped waiting for it still counts in the service's window. The CI
 * failure of rate-budget.test.ts: a read cut short by its deadline (or aborted, or whose `punch` exited) had its place
 * closed when the client gave up; the sandbox, lagging under load, admitted it later, after the next request had gone
 * into the freed place: three requests in one window, 429 and a lock-out. Here the lag is made on purpose (the
 * sandbox's handler is delayed past the client's timeout) so the order is certain, not a matter of load.
 * @inner src/core/service/pacing/policy.ts
 */
import { afterEach, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { createServiceClient, NetworkError } from '../../src/core/service';
import { resolvePolicy, SANDBOX_POLICY } from '../../src/core/service/pacing/policy';
import { TEST_TODAY } from '../fixtures/test-clock';

const RULE = { limit: 1, windowMs: 1_000 };
/** The client gives up on an answer after this long; the sandbox answers (and counts) the first read later still. */
const TIMEOUT_MS = 800;
const LATE_MS = 1_500;

let sb: Sandbox | undefined;
afterEach(async () => {
  await sb?.close();
  sb = undefined;
});

it('a read that timed out before the service admitted it keeps its place: the next read waits, no 429', async () => {
  sb = await startSandbox({ today: TEST_TODAY, seed: 1, rateLimits: { timetracker: RULE, lockoutMs: 60_000 } });
  const sandbox = sb;
  const client = createServiceClient({
    baseUrl: sandbox.url,
    getToken: async () => sandbox.demoToken,
    policy: resolvePolicy({ timetrackerRate: RULE, timeoutMs: TIMEOUT_MS, readRetries: 0 }, SANDBOX_POLICY),
  });
  const week = { user: sandbox.demoUser, fromDate: '2026-11-16', toDate: '2026-11-22', approvalStatus: 'all' as const };
  sandbox.fault({ kind: 'delay', ms: LATE_MS, match: 'gettimesheet', times: 1 });

  const first = await client.allTimesheets(week).catch((e: unknown) => e);
  expect(first).toBeInstanceOf(NetworkError);
  expect((first as NetworkError).kind).toBe('timeout');
  const gaveUpAt = Date.now();

  // the second read goes only when the first can no longer be counted later; before the change it went one window
  // after the first timed out, the sandbox counted it, then the late first one: 429 and the endpoint locked
  const second = await client.allTimesheets(week);
  expect(second.length).toBeGreaterThan(0);
  const sheets = sandbox.requests().filter((r) => r.path.endsWith('/gettimesheet'));
  expect(
    sheets.map((r) => r.status),
    'the late first read and the second, both answered',
  ).toEqual([200, 200]);
  // and the wait was bounded: the first's place freed at the latest one window after the longest a request lives
  expect(Date.now() - gaveUpAt).toBeLessThan(TIMEOUT_MS + 5_000 + RULE.windowMs + 2_000);
}, 30_000);
