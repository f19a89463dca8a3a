/**
 * Reachability over real HTTP (src/core/service/reachability.ts, docs/outbox.md "Reachability, checks and the
 * probe before a write"): a write goes only after a fresh answered exchange, else one cheap read first and nothing
 * sent when it fails; an answer that is not the service's is a failure of the network; the status's cause is
 * measured; during an outage the checks spend a small bounded share of each endpoint's budget.
 * Requests are counted in the sandbox's request log (or in the test's own servers).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createServiceClient, SANDBOX_POLICY } from '../../src/core/service';
import type { AppStatus } from '../../src/shared/domain';
import { networkWords } from '../../src/shared/status/network';
import { startSandbox } from '../../src/sandbox/index';
import { runningClock, TEST_NOW, TEST_TODAY } from '../fixtures/test-clock';
import { drivenClock } from '../fixtures/driven-clock';
import { FaultProxy } from '../tools/fault-proxy';
import type { Clock } from '../../src/core/context';
import { coreOver, counts, sessionOf, startHarness, someJob, tempDir, type CoreUnderTest, type Harness } from '../fixtures/logging-harness';
import { englishWording } from '../../src/shared/i18n/english';

// every core, sandbox and harness here runs on the test clock (test/fixtures/test-clock.ts): the same day in any zone
const clock = runningClock();
const today = () => TEST_TODAY;
let h: Harness | undefined;
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  await h?.close();
  h = undefined;
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A logging module over `baseUrl` with the given token and client policy (the harness's session, parameterised). */
async function loggingAt(
  baseUrl: string,
  token: string,
  user: string,
  policy = SANDBOX_POLICY,
  on: { clock: Clock; fetch?: typeof fetch } = { clock },
): Promise<{ logging: CoreUnderTest; statuses: AppStatus[] }> {
  const client = createServiceClient({ baseUrl, getToken: async () => token, policy, authScheme: 'Bearer', ...on });
  const session = sessionOf(client, { baseUrl, user, token, kind: 'service' });
  const logging = await coreOver({ dataDir: tempDir('punch-reach-'), clock: on.clock, session });
  const statuses: AppStatus[] = [];
  logging.core.on('status', (s) => statuses.push(s));
  cleanups.push(() => logging.close());
  return { logging, statuses };
}

/** A local HTTP server answering every request with `answer`, counting requests by method and path. */
async function fakeServer(
  answer: (req: { method: string; path: string }) => { status: number; type: string; body: string },
): Promise<{ url: string; seen: string[] }> {
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    seen.push(`${req.method} ${path}`);
    const a = answer({ method: req.method ?? 'GET', path });
    res.writeHead(a.status, { 'content-type': a.type });
    res.end(a.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  cleanups.push(
    () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe('the probe before a write', () => {
  it('reads once before a write that follows a failure, and sends nothing while that read fails', async () => {
    // a retry a minute away: only the explicit Sync now checks, so the requests below are exactly the test's
    h = await startHarness({ sync: { backoffBaseMs: 60_000, backoffMaxMs: 60_000 } });
    const job = await someJob(h.client, h.sandbox.demoUser);
    await h.logging.handlers.getCompanySettings({});
    await h.logging.handlers.listJobs({ status: 'all' });
    await h.sandbox.setOffline(true);
    await h.logging.handlers.getWeek({ date: today(), refresh: true });
    // the sandbox stopped listening: its address refuses, the network is fine
    expect(h.logging.status()).toMatchObject({ online: false, network: { cause: 'service-down' } });
    const logged = await h.logging.handlers.logTime({
      ...job,
      workDate: today(),
      hours: '00:40',
      billable: true,
      description: 'after a failure',
    });
    expect(logged.state).toBe('queued');

    // the service is back, but its check endpoint fails: the write must not go
    await h.sandbox.setOffline(false);
    h.sandbox.resetRequests();
    h.sandbox.fault({ kind: 'http-5xx', status: 503, match: 'gettimetrackersettings' });
    const report = await h.logging.handlers.syncNow({});
    expect(report.remaining).toBe(1);
    expect(h.sandbox.requests().map((r) => `${r.path.replace('/api/timetracker/', '')} ${r.status}`)).toEqual([
      'gettimetrackersettings 503',
    ]);
    const [entry] = await h.logging.handlers.getOutbox({});
    expect(entry.state).toBe('queued');
    expect(entry.maybeSent).toBeUndefined(); // never sent: nothing about it is ambiguous
    expect(entry.attempts.at(-1)?.message).toMatch(/^Not sent: the service did not answer a check just before sending/);
    expect(h.logging.status().network.cause).toBe('server-error');

    // the check answers: then, and only then, the write
    h.sandbox.fault(null);
    h.sandbox.resetRequests();
    expect(await h.logging.handlers.syncNow({})).toMatchObject({ remaining: 0, online: true });
    expect(h.sandbox.requests().map((r) => r.path.replace('/api/timetracker/', ''))).toEqual(['gettimetrackersettings', 'addtimelog']);
    expect(h.serviceLogs().filter((l) => l.description === 'after a failure')).toHaveLength(1);
  });

  it('sends a write at once after a fresh answered exchange, without a check', async () => {
    h = await startHarness();
    const job = await someJob(h.client, h.sandbox.demoUser);
    await h.logging.handlers.getCompanySettings({});
    await h.logging.handlers.listJobs({ status: 'all' });
    // the form's live check read the day's week a moment ago: the log's rules use that read
    await h.logging.handlers.checkLog({ ...job, workDate: today(), hours: '00:20', billable: true });
    h.sandbox.resetRequests();
    const r = await h.logging.handlers.logTime({ ...job, workDate: today(), hours: '00:20', billable: true, description: 'fresh' });
    expect(r.state).toBe('synced');
    expect(h.sandbox.requests().map((x) => x.path.replace('/api/timetracker/', ''))).toEqual(['addtimelog']);
  });

  it('guards every write of the session the team and submit screens use, not only the outbox', async () => {
    h = await startHarness({ sync: { backoffBaseMs: 60_000, backoffMaxMs: 60_000 } });
    await h.logging.handlers.getCompanySettings({});
    // a failure, and the check endpoint keeps failing: a write through the watched session must not be sent
    h.sandbox.fault({ kind: 'http-5xx', status: 503, match: 'gettimetrackersettings' });
    await h.logging.handlers.getCompanySettings({ refresh: true });
    h.sandbox.resetRequests();
    // the HR screen's "add employee" writes first, with no read before it: the guard alone stops it
    await expect(
      h.logging.handlers.addEmployee({ fields: { FirstName: 'Never', LastName: 'Sent', EmailID: 'never.sent@example.test' } }),
    ).rejects.toThrow(/Not sent: the service did not answer a check/);
    expect(counts(h.sandbox, 'insertRecord')).toBe(0);
    expect(counts(h.sandbox, 'gettimetrackersettings')).toBe(1);
  });

  it('takes an HTML page (a Wi-Fi sign-in) for a failure of the network: not-the-service, and the write is not sent', async () => {
    const portal = await fakeServer(() => ({ status: 200, type: 'text/html', body: '<html><body>Sign in to the Wi-Fi</body></html>' }));
    const { logging } = await loggingAt(portal.url, 'some-token', 'maya@example.test');
    const r = await logging.handlers.logTime({ jobName: 'Website redesign', workDate: today(), hours: '01:30', billable: true });
    expect(r).toMatchObject({ state: 'queued', unchecked: true });
    await expect.poll(() => logging.status().network.cause).toBe('not-the-service');
    expect(logging.status().online).toBe(false);
    expect(networkWords(logging.status().network, englishWording())).toBe(
      'a login page or proxy answered instead of the service (Wi-Fi sign-in?)',
    );
    expect(portal.seen.every((s) => s.startsWith('GET '))).toBe(true); // never a POST
    const [entry] = await logging.handlers.getOutbox({});
    expect(entry).toMatchObject({ state: 'queued', unchecked: true });
    expect(entry.maybeSent).toBeUndefined();
  });
});

describe('the measured cause', () => {
  it('says token-rejected (sign in again) when the service refuses the token', async () => {
    const sandbox = await startSandbox({ seed: 1, today: TEST_TODAY });
    cleanups.push(() => sandbox.close());
    const { logging, statuses } = await loggingAt(sandbox.url, 'not-a-valid-token', sandbox.demoUser);
    await expect(logging.handlers.getCompanySettings({})).rejects.toThrow();
    expect(logging.status()).toMatchObject({ online: true, network: { cause: 'token-rejected' } });
    expect(networkWords(logging.status().network, englishWording())).toBe('the service rejected the sign-in: sign in again');
    expect(statuses.at(-1)?.network?.cause).toBe('token-rejected');
  });

  it("says offline-dns when the service's name cannot be found", async () => {
    const { logging } = await loggingAt('http://punchcard-no-such-host.invalid', 'token', 'maya@example.test');
    await logging.handlers.getWeek({ date: today() });
    expect(logging.status()).toMatchObject({ online: false, network: { cause: 'offline-dns' } });
    expect(networkWords(logging.status().network, englishWording())).toBe("the service's name cannot be found (DNS)");
  });

  it('says rate-limited until the time the paused endpoint may be used again', async () => {
    h = await startHarness();
    const job = await someJob(h.client, h.sandbox.demoUser);
    await h.logging.handlers.getCompanySettings({});
    await h.logging.handlers.listJobs({ status: 'all' });
    h.sandbox.fault({ kind: 'http-429', retryAfterSec: 120, match: 'addtimelog', times: 1 });
    await h.logging.handlers.logTime({ ...job, workDate: today(), hours: '00:05', billable: true, description: 'paced' });
    const n = h.logging.status().network;
    expect(n.cause).toBe('rate-limited');
    expect(n.until! - clock.now()).toBeGreaterThan(100_000);
    expect(networkWords(n, englishWording())).toMatch(/^rate limited until \d\d:\d\d$/);
  });
});

describe('the status comes back by itself', () => {
  it('checks once per step with nothing queued, so "no network" does not outlive the outage', async () => {
    h = await startHarness(); // steps of 50 ms doubling to 400 ms
    await h.logging.handlers.getCompanySettings({});
    await h.sandbox.setOffline(true);
    await h.logging.handlers.getWeek({ date: today(), refresh: true });
    expect(h.logging.status().network.cause).toBe('service-down');
    await h.sandbox.setOffline(false);
    h.sandbox.resetRequests();
    // nobody calls anything: the engine's check finds the service back
    await expect.poll(() => h!.logging.status().network.cause, { timeout: 3_000 }).toBe('online');
    expect(h.sandbox.requests().map((r) => r.path.replace('/api/timetracker/', ''))).toEqual(['gettimetrackersettings']);
  });
});

describe('an outage of 10 s (the service resets every connection)', () => {
  it('spends at most a few requests per endpoint, sends no write, and sends the entry within seconds of recovery', async () => {
    const sandbox = await startSandbox({ seed: 1, today: TEST_TODAY });
    cleanups.push(() => sandbox.close());
    // the core on a driven clock (test/fixtures/driven-clock.ts): its pacing, backoff and checks, and the screen's
    // looks, run as soon as nothing real is under way, so the outage's 10 s cost no real time; the proxy only passes
    const proxy = await FaultProxy.start(sandbox.url);
    const driven = drivenClock(TEST_NOW, proxy);
    cleanups.push(() => proxy.close());
    // the real service's pacing (20 a minute per endpoint) and the real backoff (5 s doubling, ±20 %)
    const { logging } = await loggingAt(
      proxy.url,
      sandbox.demoToken,
      sandbox.demoUser,
      { ...SANDBOX_POLICY, timetrackerRate: { limit: 20, windowMs: 60_000 } },
      driven,
    );
    cleanups.push(() => driven.stop()); // after the core closed (cleanups run in reverse)
    const jobs = await logging.handlers.listJobs({ status: 'all' });
    const job = jobs.find((j) => j.jobStatus === 'in-progress')!;
    await logging.handlers.getCompanySettings({});
    await logging.handlers.getWeek({ date: today() });
    // the app's screen: the week is looked at again on every change and when the service is back (store/events.ts)
    let lookups = 0;
    const look = () => {
      lookups++;
      void logging.handlers.getWeek({ date: today() });
    };
    cleanups.push(() => {
      lookups = -1;
    });

    const start = Date.now();
    const outageFrom = driven.elapsed();
    sandbox.fault({ kind: 'commit-then-drop' }); // every request: read, then the connection is cut
    await logging.handlers.getWeek({ date: today(), refresh: true }); // the user opens the week: fails
    const logged = await logging.handlers.logTime({
      jobId: job.jobId,
      workDate: today(),
      hours: '00:50',
      billable: true,
      description: 'through the outage',
    });
    expect(logged.state).toBe('queued');
    const poll = driven.clock.setInterval(look, 300); // a busy screen: it asks for the week all the time
    cleanups.push(() => driven.clock.clearInterval(poll));
    await driven.clock.sleep(10_000 - (driven.elapsed() - outageFrom));
    sandbox.fault(null);
    const recovered = Date.now();
    const recoveredAt = driven.elapsed();

    const during = sandbox.requests().filter((r) => r.at >= start && r.at < recovered);
    const perEndpoint: Record<string, number> = {};
    for (const r of during) perEndpoint[r.path] = (perEndpoint[r.path] ?? 0) + 1;
    console.log(`requests during the 10 s outage: ${JSON.stringify(perEndpoint)} (${lookups} looks at the week)`);
    for (const n of Object.values(perEndpoint)) expect(n).toBeLessThanOrEqual(4);
    expect(during.filter((r) => r.method === 'POST')).toEqual([]); // no write into a network that had just failed

    await proxy.until((log) => log.some((r) => r.path.includes('addtimelog')), 15_000);
    const sentAfter = driven.elapsed() - recoveredAt;
    await expect
      .poll(() => sandbox.state().timeLogs.filter((l) => l.description === 'through the outage').length, { timeout: 15_000, interval: 100 })
      .toBe(1);
    console.log(`the entry was sent ${(sentAfter / 1000).toFixed(1)} s after recovery`);
    expect(sentAfter).toBeLessThan(10_000);
    driven.clock.clearInterval(poll);
    const outbox = await logging.handlers.getOutbox({});
    expect(outbox.filter((e) => e.state !== 'synced')).toEqual([]);
    expect(sandbox.requests().filter((r) => r.path.endsWith('addtimelog'))).toHaveLength(1);
  }, 40_000);
});
