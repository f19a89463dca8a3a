/** @inner src/core/catalog/catalog.ts */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import type { Session } from '../../src/core/context';
import type { OpenStore } from '../../src/core/store';
import { CATALOG_STORE, createCatalog, DEFAULT_TRACKER_SETTINGS, type Catalog } from '../../src/core/catalog/catalog';
import { createServiceClient, AuthError, NetworkError, SANDBOX_POLICY } from '../../src/core/service';
import type { ServiceClient } from '../../src/core/service';
import { memoryStore } from '../../src/core/store';
import type { AccountInfo } from '../../src/shared/domain';
import { wallClock } from '../fixtures/test-timers';

process.env.TZ = 'Europe/Berlin';
const MINUTE = 60_000;
/** A seeded employee with no job assigned (the bulk employees are on no job). */
const UNASSIGNED = 'bulk.employee0001@demo.punchcard.test';

let sandbox: Sandbox;
let openStore: OpenStore;
let now: number;
const clock = wallClock(() => now);
let catalogs: Catalog[] = [];

/** A minimal signed-in session over the real client; `switchTo` plays a sign-in as someone else. */
function sandboxSession(user: string, token: string) {
  const listeners = new Set<(a: AccountInfo) => void>();
  let account: AccountInfo;
  let client: ServiceClient;
  const signIn = (u: string, t: string) => {
    account = { kind: 'sandbox', baseUrl: sandbox.url, user: u, authMethod: 'token', authScheme: 'Zoho-oauthtoken', signedIn: true };
    // No read retries: an offline or failing sandbox answers at once, so the test stays fast. The client shares the
    // fake clock, so its own pause after a 429 ends when the test moves time on.
    client = createServiceClient({
      baseUrl: sandbox.url,
      getToken: async () => t,
      clock,
      policy: { ...SANDBOX_POLICY, readRetries: 0, timeoutMs: 5_000 },
    });
  };
  signIn(user, token);
  const session: Session = {
    client: () => client,
    user: () => account.user,
    account: () => account,
    onChange(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
  return {
    session,
    switchTo(u: string, t: string) {
      signIn(u, t);
      for (const l of listeners) l(account);
    },
  };
}

function catalogFor(session: Session): Catalog {
  const catalog = createCatalog({ session, openStore, clock });
  catalogs.push(catalog);
  return catalog;
}

const calls = (endpoint: string) => sandbox.requests().filter((r) => r.path.endsWith(endpoint));

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, today: '2026-11-19', extraEmployees: 1 });
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(() => {
  openStore = memoryStore();
  now = new Date(2026, 10, 19, 9).getTime();
  sandbox.resetRequests();
});
afterEach(async () => {
  for (const c of catalogs) c.close();
  catalogs = [];
  sandbox.fault(null);
  await sandbox.setOffline(false);
});

describe('jobs', () => {
  it("lists the user's in-progress jobs and does not ask again within 15 minutes", async () => {
    const catalog = catalogFor(sandboxSession(sandbox.demoUser, sandbox.demoToken).session);
    const jobs = await catalog.jobs();
    const expected = sandbox
      .state()
      .jobs.filter((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(sandbox.demoUser))
      .map((j) => j.jobName)
      .sort();
    expect(jobs.map((j) => j.jobName).sort()).toEqual(expected);
    expect(jobs.every((j) => j.jobStatus === 'in-progress')).toBe(true);
    expect(calls('getjobs')).toHaveLength(1);
    expect(calls('getjobs')[0].params).toMatchObject({ assignedTo: sandbox.demoUser, jobStatus: 'in-progress' });

    now += 14 * MINUTE;
    expect(await catalog.jobs()).toEqual(jobs);
    expect(calls('getjobs')).toHaveLength(1);

    now += 2 * MINUTE;
    await catalog.jobs();
    expect(calls('getjobs')).toHaveLength(2);
  });

  it('asks again at once when the user refreshes', async () => {
    const catalog = catalogFor(sandboxSession(sandbox.demoUser, sandbox.demoToken).session);
    await catalog.jobs();
    await catalog.jobs({ refresh: true });
    expect(calls('getjobs')).toHaveLength(2);
  });

  it('falls back to all jobs when the user has none assigned', async () => {
    const token = sandbox.issueToken({ user: UNASSIGNED, scopes: ['timetracker.ALL'] });
    const catalog = catalogFor(sandboxSession(UNASSIGNED, token).session);
    const jobs = await catalog.jobs();
    const allInProgress = sandbox.state().jobs.filter((j) => j.jobStatus === 'in-progress');
    expect(jobs).toHaveLength(allInProgress.length);
    expect(calls('getjobs').map((r) => r.params.assignedTo)).toEqual([UNASSIGNED, undefined]);
  });

  it('keeps completed and all-status lists apart, and finds any job it has seen', async () => {
    const catalog = catalogFor(sandboxSession(sandbox.demoUser, sandbox.demoToken).session);
    const completed = await catalog.jobs({ status: 'completed' });
    expect(completed.length).toBeGreaterThan(0);
    expect(completed.every((j) => j.jobStatus === 'completed')).toBe(true);
    const inProgress = await catalog.jobs();
    expect(calls('getjobs')).toHaveLength(2);
    expect(catalog.findJob(completed[0].jobId)?.jobName).toBe(completed[0].jobName);
    expect(catalog.findJob(inProgress[0].jobId)?.jobName).toBe(inProgress[0].jobName);
    expect(catalog.findJob('no-such-job')).toBeUndefined();
    expect(catalog.cachedJobs()).toHaveLength(completed.length + inProgress.length);
  });

  it('shares one request between callers asking at the same time', async () => {
    const catalog = catalogFor(sandboxSession(sandbox.demoUser, sandbox.demoToken).session);
    const [a, b] = await Promise.all([catalog.jobs(), catalog.jobs()]);
    expect(a).toEqual(b);
    expect(calls('getjobs')).toHaveLength(1);
  });
});

describe('settings', () => {
  it('assumes the defaults before the service was asked', () => {
    const catalog = catalogFor(sandboxSession(sandbox.demoUser, sandbox.demoToken).session);
    expect(catalog.cachedSettings()).toEqual({
      logType: 'hours',
      maxMinutesPerDay: 1440,
      allowFutureDates: false,
      pastDaysAllowed: null,
      submissionDueWeekday: 5,
      enabled: true,
    });
    expect(DEFAULT_TRACKER_SETTINGS.maxMinutesPerDay).toBe(1440);
  });

  it("reads the company's settings once and keeps them", async () => {
    const catalog = catalogFor(sandboxSession(sandbox.demoUser, sandbox.demoToken).session);
    const settings = await catalog.settings();
    // the seeded company: maxHoursPerDay "10:00", allowedPastDays 60, due Friday
    expect(settings).toMatchObject({ maxMinutesPerDay: 600, allowFutureDates: false, pastDaysAllowed: 60, submissionDueWeekday: 5 });
    expect(catalog.cachedSettings()).toEqual(settings);
    await catalog.settings();
    expect(calls('gettimetrackersettings')).toHaveLength(1);
  });
});

describe('offline and failures', () => {
  it('serves the cached jobs and settings when the service is unreachable, also after a restart', async () => {
    const { session } = sandboxSession(sandbox.demoUser, sandbox.demoToken);
    const online = catalogFor(session);
    const jobs = await online.jobs();
    const settings = await online.settings();
    await sandbox.setOffline(true);

    expect(await online.jobs({ refresh: true })).toEqual(jobs);
    expect(await online.settings({ refresh: true })).toEqual(settings);

    now += 60 * MINUTE;
    const restarted = catalogFor(session);
    expect(restarted.cachedJobs()).toEqual(jobs);
    expect(restarted.cachedSettings()).toEqual(settings);
    expect(await restarted.jobs()).toEqual(jobs);
  });

  it('says the service is unreachable when there is nothing cached', async () => {
    const catalog = catalogFor(sandboxSession(sandbox.demoUser, sandbox.demoToken).session);
    await sandbox.setOffline(true);
    await expect(catalog.jobs()).rejects.toBeInstanceOf(NetworkError);
    await expect(catalog.settings()).rejects.toBeInstanceOf(NetworkError);
  });

  it('serves the cache on a server error', async () => {
    const catalog = catalogFor(sandboxSession(sandbox.demoUser, sandbox.demoToken).session);
    const jobs = await catalog.jobs();
    sandbox.fault({ kind: 'http-5xx', status: 503, match: 'getjobs' });
    expect(await catalog.jobs({ refresh: true })).toEqual(jobs);
    expect(calls('getjobs').map((r) => r.status)).toEqual([200, 503]);
  });

  it('serves the cache while rate-limited and does not call again until Retry-After has passed', async () => {
    const catalog = catalogFor(sandboxSession(sandbox.demoUser, sandbox.demoToken).session);
    const jobs = await catalog.jobs();
    sandbox.fault({ kind: 'http-429', retryAfterSec: 300, match: 'getjobs' });
    expect(await catalog.jobs({ refresh: true })).toEqual(jobs);
    const afterLimit = calls('getjobs').length;
    now += 2 * MINUTE;
    expect(await catalog.jobs({ refresh: true })).toEqual(jobs);
    expect(calls('getjobs')).toHaveLength(afterLimit);

    sandbox.fault(null);
    now += 4 * MINUTE;
    await catalog.jobs({ refresh: true });
    expect(calls('getjobs')).toHaveLength(afterLimit + 1);
  });

  it('does not hide a refused sign-in behind the cache', async () => {
    const catalog = catalogFor(sandboxSession(sandbox.demoUser, 'not-a-valid-token').session);
    await expect(catalog.jobs()).rejects.toBeInstanceOf(AuthError);
  });
});

describe('switching accounts', () => {
  it('forgets the previous account’s jobs and fetches the new one’s', async () => {
    const { session, switchTo } = sandboxSession(sandbox.demoUser, sandbox.demoToken);
    const catalog = catalogFor(session);
    const mayas = await catalog.jobs();
    await catalog.settings();

    const token = sandbox.issueToken({ user: 'chloe.martin@demo.punchcard.test', scopes: ['timetracker.ALL'] });
    switchTo('chloe.martin@demo.punchcard.test', token);
    expect(catalog.cachedJobs()).toEqual([]);
    expect(catalog.cachedSettings()).toEqual(DEFAULT_TRACKER_SETTINGS);
    expect(openStore(CATALOG_STORE).get('cache')).toBeUndefined();

    const chloes = await catalog.jobs();
    expect(chloes.map((j) => j.jobName)).toContain('Sales Outreach');
    expect(chloes.map((j) => j.jobName)).not.toEqual(mayas.map((j) => j.jobName));
    expect(calls('getjobs').at(-1)?.params.assignedTo).toBe('chloe.martin@demo.punchcard.test');
  });

  it('does not use a cache saved for another account at startup', async () => {
    const maya = sandboxSession(sandbox.demoUser, sandbox.demoToken);
    await catalogFor(maya.session).jobs();
    const token = sandbox.issueToken({ user: 'chloe.martin@demo.punchcard.test', scopes: ['timetracker.ALL'] });
    const chloe = sandboxSession('chloe.martin@demo.punchcard.test', token);
    expect(catalogFor(chloe.session).cachedJobs()).toEqual([]);
  });
});
