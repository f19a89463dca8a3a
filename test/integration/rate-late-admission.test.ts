/**
 * A request the service admits after the client stopped waiting for it still counts in the service's window. The CI
 * failure of rate-budget.test.ts: a read cut short by its deadline (or aborted, or whose `punch` exited) had its place
 * closed when the client gave up; the sandbox, lagging under load, admitted it later, after the next request had gone
 * into the freed place: three requests in one window, 429 and a lock-out. Here the lag is made on purpose (the
 * sandbox's handler is delayed past the client's timeout, or past a `punch` killed with its read in flight) so the
 * order is certain, not a matter of load.
 * @inner src/core/service/pacing/policy.ts
 */
import { afterEach, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { createServiceClient, NetworkError } from '../../src/core/service';
import { resolvePolicy, SANDBOX_POLICY } from '../../src/core/service/pacing/policy';
import { TEST_TODAY } from '../fixtures/test-clock';
import { cliClock, startCliWorld, startPunch, type CliWorld } from '../fixtures/cli-harness';
import { waitUntil } from '../fixtures/wait-until';

const RULE = { limit: 1, windowMs: 1_000 };
/** The client gives up on an answer after this long; the sandbox answers (and counts) the first read later still. */
const TIMEOUT_MS = 800;
const LATE_MS = 1_500;

let sb: Sandbox | undefined;
let world: CliWorld | undefined;
afterEach(async () => {
  await sb?.close();
  sb = undefined;
  await world?.close();
  world = undefined;
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

it('a punch killed while its read is in flight: the next punch does not send into the window the late read counts in', async () => {
  world = await startCliWorld({ rateLimits: { timetracker: { limit: 1, windowMs: 5_000 }, lockoutMs: 60_000 } });
  const { sandbox } = world;
  const env = { ...world.env, PUNCH_RATE_LIMIT: '1/5s', TEST_CLOCK_OFFSET_MS: String(cliClock.offsetMs()) };
  // the first punch's read reaches the sandbox, which admits (counts) it only 8 s later; the punch dies meanwhile
  sandbox.fault({ kind: 'delay', ms: 8_000, match: 'getjobs', times: 1 });
  const jobs = () => sandbox.requests().filter((r) => r.path.endsWith('/getjobs'));
  const first = startPunch(['jobs'], env);
  await waitUntil('the first read reached the sandbox', () => jobs().length === 1, { withinMs: 30_000 });
  first.child.kill('SIGKILL');
  await first.done;

  // before: the dead holder's place was closed when the second punch found it dead, so the second read went one
  // window (5 s) later; the first one, admitted at 8 s, fell into the second's window: 429 and the endpoint locked.
  // Now the place counts until a request could no longer be in flight (15 + 5 s): the second read is not sent (its
  // 6 s for the job list run out first) and nothing is refused
  await world.punch(['jobs'], { env });
  await waitUntil('the late first read was answered', () => jobs()[0].status !== 0, { withinMs: 15_000 });
  expect(jobs().map((r) => r.status)).not.toContain(429);
  expect(jobs(), 'only the first read reached the sandbox').toHaveLength(1);
}, 60_000);
