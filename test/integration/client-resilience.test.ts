/**
 * What the real service does that the spec leaves out (real-service-notes), through the client against the sandbox:
 * both envelope styles, status:1 errors with HTTP 200, 18-digit numeric ids, invalid tokens, Retry-After, and pacing
 * that keeps a burst under the service's rate limit without a single lock-out.
 * @inner src/core/service/pacing/policy.ts, src/core/service/types.ts
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { createServiceClient, AuthError, NetworkError, RateLimitedError, ServiceError } from '../../src/core/service';
import { resolvePolicy, SANDBOX_POLICY } from '../../src/core/service/pacing/policy';
import type { ClientConfig, ServiceClient } from '../../src/core/service/types';
import { wallClock } from '../fixtures/test-timers';

const TODAY = '2025-11-20';
let sb: Sandbox;
afterEach(async () => {
  await sb?.close();
});

async function open(opts: Parameters<typeof startSandbox>[0] = {}, extra: Partial<ClientConfig> = {}): Promise<ServiceClient> {
  sb = await startSandbox({ today: TODAY, seed: 1, ...opts });
  return createServiceClient({ baseUrl: sb.url, getToken: async () => sb.demoToken, policy: SANDBOX_POLICY, ...extra });
}

async function snapshot(client: ServiceClient) {
  const sheets = await client.allTimesheets({ user: 'all' });
  return {
    sheets,
    detail: await client.timesheetDetails(sheets[0].recordId),
    jobs: await client.allJobs({ jobStatus: 'all' }),
    employees: await client.allEmployees(),
    settings: await client.settings(),
    payroll: await client.payrollReport({ user: 'all', fromDate: '2025-11-03', toDate: '2025-11-16' }),
  };
}

describe('envelope styles and ids', () => {
  it('reads the same data whichever envelope style the service uses', async () => {
    const client = await open();
    const spec = await snapshot(client);
    sb.configure({ envelope: 'real' });
    const real = await snapshot(client);
    expect(real).toEqual(spec);
    expect(spec.sheets.length).toBeGreaterThan(10);
  });

  it('turns a status:1 answer with HTTP 200 into ServiceError with its code', async () => {
    const client = await open({ envelope: 'real' });
    const err = await client.timesheetDetails('999999999999999999').catch((e) => e);
    expect(err).toBeInstanceOf(ServiceError);
    expect(err).toMatchObject({ code: 9008, httpStatus: 200 });
    expect(sb.requests().at(-1)!.status).toBe(200);
  });

  it('keeps 18-digit ids that arrive as JSON numbers to the digit', async () => {
    const client = await open({ numericIds: true, envelope: 'real' });
    const state = sb.state();
    const sheets = await client.allTimesheets({ user: 'all' });
    expect(sheets.map((s) => s.recordId).sort()).toEqual(state.timesheets.map((t) => t.timesheetId).sort());
    expect(sheets.every((s) => /^\d{18}$/.test(s.recordId))).toBe(true);
    const detail = await client.timesheetDetails(sheets[0].recordId);
    const logIds = state.timeLogs
      .filter((l) => l.timesheetId === sheets[0].recordId)
      .map((l) => l.timeLogId)
      .sort();
    expect(detail.timeLogs.map((l) => l.timeLogId).sort()).toEqual(logIds);
    const job = state.jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(sb.demoUser))!;
    expect((await client.allJobs()).map((j) => j.jobId)).toContain(job.jobId);
    const { timeLogId } = await client.addTimeLog({ user: sb.demoUser, workDate: TODAY, hours: '01:00', jobId: job.jobId });
    expect(sb.state().timeLogs.some((l) => l.timeLogId === timeLogId)).toBe(true);
    const { pkId } = await client.insertEmployee({
      'First Name': 'Ada',
      'Last Name': 'Byron',
      Email: 'ada@demo.punchcard.test',
      'Employee ID': 'PC901',
    });
    expect(sb.state().employees.some((e) => e.recordId === pkId)).toBe(true);
    expect((await client.employee(pkId))!.recordId).toBe(pkId);
  });
});

describe('invalid tokens', () => {
  for (const envelope of ['spec', 'real'] as const) {
    it(`refreshes once on 7202 (${envelope} style) and repeats the request with the new token`, async () => {
      let refreshes = 0;
      const client = await open(
        { envelope },
        {
          getToken: async () => 'expired-token',
          onInvalidToken: async () => {
            refreshes++;
            return sb.demoToken;
          },
        },
      );
      const jobs = await client.allJobs();
      expect(jobs.length).toBeGreaterThan(0);
      expect(refreshes).toBe(1);
      expect(sb.requests().map((r) => r.status)).toEqual(envelope === 'spec' ? [401, 200] : [200, 200]);
    });
  }

  it('gives AuthError when the refreshed token is refused too, after exactly one refresh', async () => {
    let refreshes = 0;
    const client = await open(
      {},
      {
        getToken: async () => 'expired-token',
        onInvalidToken: async () => {
          refreshes++;
          return 'still-bad';
        },
      },
    );
    const err = await client.settings().catch((e) => e);
    expect(err).toBeInstanceOf(AuthError);
    expect(err.code).toBe(7202);
    expect(refreshes).toBe(1);
    expect(sb.requests()).toHaveLength(2);
    expect(err.message).not.toMatch(/expired-token|still-bad/);
  });

  it('shares one refresh between requests refused at the same time', async () => {
    let refreshes = 0;
    const client = await open(
      {},
      {
        getToken: async () => 'expired-token',
        onInvalidToken: async () => {
          refreshes++;
          // kept: the refresh's own slowness, so the four refusals arrive while it runs; not a wait of the test's
          await new Promise((r) => setTimeout(r, 50));
          return sb.demoToken;
        },
      },
    );
    await Promise.all([client.settings(), client.allJobs(), client.allTimesheets({ user: sb.demoUser }), client.allEmployees()]);
    expect(refreshes).toBe(1);
  });

  it('gives AuthError without a refresh hook', async () => {
    const client = await open({}, { getToken: async () => 'expired-token' });
    const err = await client.settings().catch((e) => e);
    expect(err).toMatchObject({ name: 'AuthError', code: 7202, httpStatus: 401 });
  });
});

describe('rate limits', () => {
  it('honours Retry-After on a read, measured on the injected clock', async () => {
    let t = 0;
    const sleeps: number[] = [];
    const client = await open(
      {},
      {
        clock: {
          ...wallClock(() => t),
          sleep: async (ms) => {
            sleeps.push(ms);
            t += ms;
          },
        },
      },
    );
    sb.fault({ kind: 'http-429', retryAfterSec: 3, match: 'gettimesheet', times: 1 });
    const sheets = await client.allTimesheets({ user: sb.demoUser });
    expect(sheets.length).toBeGreaterThan(0);
    expect(sleeps).toEqual([3000]);
    expect(sb.requests().map((r) => r.status)).toEqual([429, 200]);
  });

  it('honours a short real Retry-After on a read before asking again', async () => {
    const client = await open();
    sb.fault({ kind: 'http-429', retryAfterSec: 1, match: 'getjobs', times: 1 });
    const started = performance.now();
    await client.allJobs();
    const [limited, ok] = sb.requests();
    expect([limited.status, ok.status]).toEqual([429, 200]);
    expect(ok.at - limited.at).toBeGreaterThanOrEqual(990);
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
  });

  it('paces a burst of 50 calls under the service limit without a single lock-out', async () => {
    const rule = { limit: 20, windowMs: 2_000 };
    const client = await open(
      { rateLimits: { timetracker: rule, lockoutMs: 60_000 } },
      { policy: resolvePolicy({ timetrackerRate: rule }, SANDBOX_POLICY) },
    );
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: 50 }, () => client.settings()));
    expect(results).toHaveLength(50);
    const statuses = sb.requests().map((r) => r.status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(0);
    expect(statuses).toHaveLength(50);
    expect(performance.now() - started).toBeGreaterThanOrEqual(4_000); // 20 + 20 + 10: two windows of waiting
  }, 20_000);

  it('without pacing the same burst locks the endpoint out, and the client then fails fast', async () => {
    const rule = { limit: 20, windowMs: 2_000 };
    const client = await open({ rateLimits: { timetracker: rule, lockoutMs: 60_000 } });
    const results = await Promise.allSettled(Array.from({ length: 25 }, () => client.settings()));
    const limited = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited.every((e) => e instanceof RateLimitedError)).toBe(true);
    const sent = sb.requests().length;
    const again = await client.settings().catch((e) => e);
    expect(again).toBeInstanceOf(RateLimitedError);
    expect(sb.requests().length).toBe(sent); // held locally during the lock-out, not sent
  });
});

describe('the service unreachable', () => {
  it('says a read failed without anything applied when nothing listens', async () => {
    const client = await open();
    await sb.setOffline(true);
    const err = await client.settings().catch((e) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.applied).toBe('no');
    await sb.setOffline(false);
    expect((await client.settings()).enabled).toBe(true);
  });
});
