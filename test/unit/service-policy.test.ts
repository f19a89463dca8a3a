/**
 * The pacing and retry policy (src/core/service/pacing/policy.ts) by what it does to requests: a client over the sandbox
 * on one fake clock (the client's sleeps move it, and the sandbox's rate limits read it), so minutes of pacing and
 * backoff run at once and every request is counted.
 * @inner src/core/service/pacing/policy.ts
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServiceClient } from '../../src/core/service';
import { resolvePolicy, SANDBOX_POLICY, UNPACED } from '../../src/core/service/pacing/policy';
import type { ClientPolicy } from '../../src/core/service';
import { startSandbox, type Sandbox } from '../../src/sandbox/index';
import { wallClock } from '../fixtures/test-timers';

const TODAY = '2026-11-18';
const MINUTE = 60_000;
const sandboxes: Sandbox[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  while (sandboxes.length) await sandboxes.pop()!.close();
});

/** A clock that stands still but for the client's sleeps, which it records. */
function fakeClock() {
  let t = Date.UTC(2026, 10, 18, 9);
  const sleeps: number[] = [];
  return {
    ...wallClock(() => t),
    sleep: async (ms: number) => {
      sleeps.push(ms);
      t += ms;
    },
    sleeps,
  };
}

async function setUp(policy: Partial<ClientPolicy> | undefined, rateLimits: false | object) {
  const clock = fakeClock();
  const sb = await startSandbox({ today: TODAY, rateLimits, now: clock.now });
  sandboxes.push(sb);
  const client = createServiceClient({
    baseUrl: sb.url,
    getToken: async () => sb.demoToken,
    clock,
    ...(policy ? { policy } : {}),
  });
  return { clock, sb, client };
}

describe('pacing', () => {
  it("holds a burst to the real service's 20 a minute, so its 5-minute lock-out never comes, and waits no longer than that", async () => {
    // the default policy against the sandbox enforcing the real service's limits (wire-format.md "Rate limits")
    const { clock, sb, client } = await setUp(undefined, {});
    const t0 = clock.now();
    for (let i = 0; i < 45; i++) await client.settings();

    expect(sb.requests().map((r) => r.status)).toEqual(Array(45).fill(200)); // not one 7209
    // 45 = 20 + 20 + 5: the burst waits out two windows, not a third
    expect(clock.now() - t0).toBeGreaterThanOrEqual(2 * MINUTE);
    expect(clock.now() - t0).toBeLessThan(3 * MINUTE);
  });

  it('keeps a window per endpoint: a burst on one does not hold back another', async () => {
    const { clock, client } = await setUp(undefined, {});
    for (let i = 0; i < 20; i++) await client.settings();
    const t0 = clock.now();
    await client.allJobs();
    expect(clock.now()).toBe(t0);
  });

  it('does not pace the built-in sandbox', async () => {
    const { clock, sb, client } = await setUp(SANDBOX_POLICY, false);
    for (let i = 0; i < 45; i++) await client.settings();
    expect(sb.requests()).toHaveLength(45);
    expect(clock.sleeps).toEqual([]);
  });

  it('lets a per-endpoint override win over the family rule', () => {
    const p = resolvePolicy({ perEndpoint: { 'timetracker/getjobs': { limit: 50, windowMs: MINUTE } } });
    expect(p.perEndpoint['timetracker/getjobs'].limit).toBe(50);
    expect(p.timetrackerRate.limit).toBe(20);
  });

  it('reduces a page size above 200 to 200 (spec 8), and one below 1 to 1', () => {
    expect(resolvePolicy({ pageSize: 500 }).pageSize).toBe(200);
    expect(resolvePolicy({ pageSize: 0 }).pageSize).toBe(1);
  });
});

describe('the backoff of a read', () => {
  const policy = resolvePolicy({
    timetrackerRate: UNPACED,
    readRetries: 6,
    backoffBaseMs: 100,
    backoffMaxMs: 1_000,
  });

  it.each([
    ['at its longest', 1, [100, 200, 400, 800, 1_000, 1_000]],
    // "equal jitter": never less than half, so clients that failed together spread out but still wait
    ['at its shortest', 0, [50, 100, 200, 400, 500, 500]],
  ])('doubles from the base and caps at the maximum (%s)', async (_what, random, expected) => {
    vi.spyOn(Math, 'random').mockReturnValue(random);
    const { clock, sb, client } = await setUp(policy, false);
    sb.fault({ kind: 'http-5xx', status: 503, match: 'gettimetrackersettings', times: 6 });

    await client.settings();

    expect(clock.sleeps).toEqual(expected);
    expect(sb.requests().map((r) => r.status)).toEqual([503, 503, 503, 503, 503, 503, 200]);
  });

  it('gives up after the retries the policy allows, and never retries a write', async () => {
    const { clock, sb, client } = await setUp({ ...policy, readRetries: 2 }, false);
    sb.fault({ kind: 'http-5xx', status: 503, times: 10 });

    await expect(client.settings()).rejects.toMatchObject({ name: 'ServerError' });
    expect(sb.requests()).toHaveLength(3);
    await expect(client.deleteTimeLog('1')).rejects.toMatchObject({ name: 'ServerError' });
    expect(sb.requests()).toHaveLength(4);
    expect(clock.sleeps).toHaveLength(2);
  });
});
