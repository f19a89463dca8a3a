/**
 * The client through the fault proxy (test/tools/fault-proxy.ts) in front of the sandbox: every way a real network
 * fails becomes a NetworkError with the right kind, `applied` and plain-words cause; never a success and never a
 * refusal. A write is sent exactly once in every mode, and the sandbox's state says whether it was committed.
 * DNS failure comes from the test DNS (test/tools/test-dns.mjs) through the real `net.connect` path.
 * @inner src/core/service/http/network-failure.ts, src/core/service/types.ts
 */
import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { createServiceClient, NetworkError, ServiceError, deadlineIn, SANDBOX_POLICY } from '../../src/core/service';
import { causeCode } from '../../src/core/service/http/network-failure';
import type { AddTimeLogInput, ClientPolicy, ServiceClient } from '../../src/core/service/types';
import { FaultProxy, type FaultMode, type ModeOptions } from '../tools/fault-proxy';
import { systemClock } from '../../src/core/context';
import { testClock, type TestClock } from '../fixtures/test-timers';
import { testHostUrl, useTestDns } from '../tools/test-dns-switch';

const TODAY = '2025-11-20';
let sb: Sandbox;
let proxy: FaultProxy;
let jobId: string;

beforeAll(async () => {
  sb = await startSandbox({ today: TODAY, seed: 1 });
  proxy = await FaultProxy.start(sb.url);
  jobId = sb.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(sb.demoUser))!.jobId;
});
afterAll(async () => {
  await proxy.close();
  await sb.close();
});
beforeEach(() => {
  proxy.resetCounts();
  sb.resetRequests();
});
afterEach(async () => {
  await proxy.setMode('pass');
});

const POLICY: Partial<ClientPolicy> = { ...SANDBOX_POLICY, timeoutMs: 400, backoffBaseMs: 10, backoffMaxMs: 50 };
/** For a failure that is not a timeout: an answer (a refusal, a 502 page) a loaded machine is slow to pass on must
 * still be classed by what it was, not by a 400 ms timer that ran out first. Timeouts are tested with POLICY. */
const PATIENT: Partial<ClientPolicy> = { ...POLICY, timeoutMs: 20_000 };
function clientAt(baseUrl = proxy.url, policy: Partial<ClientPolicy> = PATIENT): ServiceClient {
  return createServiceClient({ baseUrl, getToken: async () => sb.demoToken, policy });
}
const entry = (description: string): AddTimeLogInput => ({ user: sb.demoUser, workDate: TODAY, hours: '00:10', jobId, description });
const logsNamed = (description: string) => sb.state().timeLogs.filter((l) => l.description === description).length;
const fail = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e as NetworkError,
  );
const CUT = 'the connection was cut';
const PORTAL = 'a login page or proxy answered instead of the service (Wi-Fi sign-in?)';
const LATE = 'the service did not answer in time';

describe('a write through each failure: class, kind, applied, cause; sent once; committed or not', () => {
  const cases: Array<{
    mode: FaultMode;
    opts?: ModeOptions;
    kind: string;
    applied: 'no' | 'unknown';
    cause: string;
    committed: boolean;
    httpStatus?: number;
  }> = [
    // the proxy's port refuses while the network is fine: not "no network" (a stopped service looks like this)
    { mode: 'refuse', kind: 'refused', applied: 'no', cause: 'the service is not answering; the network is fine', committed: false },
    { mode: 'blackhole', kind: 'timeout', applied: 'unknown', cause: LATE, committed: false },
    { mode: 'reset-before', kind: 'reset', applied: 'unknown', cause: CUT, committed: false },
    { mode: 'reset-after-commit', kind: 'reset', applied: 'unknown', cause: CUT, committed: true },
    { mode: 'drop-after-commit', kind: 'reset', applied: 'unknown', cause: CUT, committed: true },
    { mode: 'html-502', kind: 'not-the-service', applied: 'unknown', cause: PORTAL, committed: false, httpStatus: 502 },
    { mode: 'html-502-after-commit', kind: 'not-the-service', applied: 'unknown', cause: PORTAL, committed: true, httpStatus: 502 },
    { mode: 'captive-portal', kind: 'not-the-service', applied: 'unknown', cause: PORTAL, committed: false, httpStatus: 200 },
    { mode: 'truncated', kind: 'cut-off', applied: 'unknown', cause: CUT, committed: true },
    { mode: 'slow', opts: { delayMs: 1_000 }, kind: 'timeout', applied: 'unknown', cause: LATE, committed: true },
  ];
  for (const c of cases) {
    it(`${c.mode}: NetworkError ${c.kind}, applied ${c.applied}, ${c.committed ? 'committed' : 'not committed'}`, async () => {
      const description = `write through ${c.mode}`;
      await proxy.setMode(c.mode, c.opts);
      const err = await fail(clientAt(proxy.url, c.kind === 'timeout' ? POLICY : PATIENT).addTimeLog(entry(description)));
      expect(err).toBeInstanceOf(NetworkError);
      expect(err).not.toBeInstanceOf(ServiceError);
      expect({ kind: err.kind, applied: err.applied, cause: err.inPlainWords }).toEqual({
        kind: c.kind,
        applied: c.applied,
        cause: c.cause,
      });
      if (c.httpStatus !== undefined) expect(err.httpStatus).toBe(c.httpStatus);
      expect(err.message).not.toContain(sb.demoToken);
      expect(err.message).not.toContain('<');
      expect(proxy.counts().seen).toBe(c.mode === 'refuse' ? 0 : 1); // never retried
      // a forwarded write: its answer from the service reached the proxy (the service committed it) before it is counted
      if (c.committed) await proxy.until((log) => log.some((e) => e.committed));
      expect(logsNamed(description)).toBe(c.committed ? 1 : 0);
    });
  }

  it('dns: a real getaddrinfo ENOTFOUND through net.connect; nothing sent', async () => {
    const dns = useTestDns();
    try {
      const client = clientAt(testHostUrl(proxy.port));
      expect((await client.settings()).maxMinutesPerDay).toBe(600); // the name resolves while DNS is up
      dns.setDown(true);
      const err = await fail(client.addTimeLog(entry('write while DNS is down')));
      expect(err).toBeInstanceOf(NetworkError);
      expect({ kind: err.kind, applied: err.applied, cause: err.inPlainWords }).toEqual({
        kind: 'dns',
        applied: 'no',
        cause: "the service's name could not be found (DNS)",
      });
      // the reason stays in the cause chain (for logs); the words say what it means
      expect(causeCode(err.detail)).toBe('ENOTFOUND');
      expect(err.message).toBe(
        'The service could not be reached while sending a new log: its name could not be found (DNS). Check the connection; nothing was sent.',
      );
      expect((err.detail as { cause?: { syscall?: string } }).cause?.syscall).toBe('getaddrinfo');
      expect(proxy.counts().seen).toBe(1); // only the settings read
      expect(logsNamed('write while DNS is down')).toBe(0);
    } finally {
      dns.uninstall();
    }
  });
});

describe('reads through failures', () => {
  it('retries a gateway 502 page (it may pass) and gets the answer', async () => {
    await proxy.setMode('html-502', { times: 2 });
    expect((await clientAt().settings()).maxMinutesPerDay).toBe(600);
    expect(proxy.counts().byMode).toEqual({ 'html-502': 2, pass: 1 });
  });

  it('does not retry a Wi-Fi sign-in page (it answers the same every time), and never takes it for data', async () => {
    await proxy.setMode('captive-portal');
    const err = await fail(clientAt().allTimesheets({ user: sb.demoUser }));
    expect(err).toMatchObject({ name: 'NetworkError', kind: 'not-the-service', httpStatus: 200, inPlainWords: PORTAL });
    expect(proxy.counts().seen).toBe(1);
  });

  it('retries a cut-off answer and a reset, then reads normally', async () => {
    await proxy.setMode('truncated', { times: 1 });
    expect((await clientAt().settings()).maxMinutesPerDay).toBe(600);
    await proxy.setMode('reset-before', { times: 2 });
    expect((await clientAt().settings()).maxMinutesPerDay).toBe(600);
  });
});

describe("a caller's deadline", () => {
  /** The client on a test clock (test/fixtures/test-timers.ts): its deadline runs out when the test advances it. */
  const onClock = (clock: TestClock, policy: Partial<ClientPolicy>) =>
    createServiceClient({ baseUrl: proxy.url, getToken: async () => sb.demoToken, policy, clock });

  it('bounds a write into a black hole to the deadline, not the policy timeout', async () => {
    await proxy.setMode('blackhole');
    const clock = testClock(0);
    const write = fail(
      onClock(clock, { ...POLICY, timeoutMs: 30_000 }).addTimeLog(entry('deadline write'), { deadline: deadlineIn(clock, 300) }),
    );
    await proxy.until((log) => log.length === 1); // the request reached the proxy, which holds it
    await clock.advance(300);
    expect(await write).toMatchObject({ name: 'NetworkError', kind: 'timeout', applied: 'unknown' });
    expect(clock.elapsed()).toBe(300);
  });

  it('bounds a read with retries to the deadline, retries included', async () => {
    await proxy.setMode('blackhole');
    const clock = testClock(0);
    const read = fail(onClock(clock, { ...POLICY, timeoutMs: 30_000, readRetries: 10 }).settings({ deadline: deadlineIn(clock, 500) }));
    await proxy.until((log) => log.length === 1); // the request reached the proxy, which holds it
    await clock.advance(500);
    expect(await read).toMatchObject({ kind: 'timeout' });
    expect(proxy.counts().seen).toBe(1); // no retry fits in a deadline already spent
  });

  it('sends nothing once the deadline has passed, and says so (applied no)', async () => {
    const err = await fail(clientAt().addTimeLog(entry('too late'), { deadline: deadlineIn(systemClock, -1) }));
    expect(err).toMatchObject({ name: 'NetworkError', kind: 'timeout', applied: 'no' });
    expect(proxy.counts().seen).toBe(0);
  });

  it("stops when the caller's signal aborts: a write in flight is maybe applied, said to be stopped", async () => {
    await proxy.setMode('blackhole');
    const ctl = new AbortController();
    const write = fail(clientAt(proxy.url, { ...POLICY, timeoutMs: 30_000 }).addTimeLog(entry('aborted'), { signal: ctl.signal }));
    // stopped once the write is in flight (the proxy holds it), not after a guessed time
    await proxy.until((log) => log.length === 1); // the request reached the proxy, which holds it
    ctl.abort();
    const err = await write;
    expect(err).toMatchObject({ name: 'NetworkError', kind: 'cancelled', applied: 'unknown' });
    expect(err.message).toMatch(/^Stopped while sending a new log: it was cancelled before the service answered\./);
  });
});

describe('redirects', () => {
  let portal: Server;
  let portalHits: Array<string | undefined>;
  let redirector: Server;
  beforeAll(async () => {
    portalHits = [];
    portal = createServer((req, res) => {
      portalHits.push(req.headers.authorization);
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Sign in to Wi-Fi</html>');
    });
    await new Promise<void>((r) => portal.listen(0, '127.0.0.1', r));
    const portalUrl = `http://127.0.0.1:${(portal.address() as { port: number }).port}/login`;
    redirector = createServer((_req, res) => {
      res.writeHead(302, { location: portalUrl }).end();
    });
    await new Promise<void>((r) => redirector.listen(0, '127.0.0.1', r));
  });
  afterAll(async () => {
    await new Promise((r) => portal.close(r));
    await new Promise((r) => redirector.close(r));
  });

  it('never follows a redirect (a sign-in page would get the token); it is not the service', async () => {
    const client = clientAt(`http://127.0.0.1:${(redirector.address() as { port: number }).port}`);
    const err = await fail(client.addTimeLog(entry('redirected')));
    expect(err).toMatchObject({ name: 'NetworkError', kind: 'not-the-service', httpStatus: 302, applied: 'unknown' });
    expect(portalHits).toEqual([]);
  });
});
