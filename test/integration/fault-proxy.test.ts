/**
 * The test tools themselves (test/tools): each mode of the fault proxy produces, through plain `fetch` and a real
 * TCP connection, the failure it claims, and counts what it did; the test DNS fails with the same error a real
 * getaddrinfo failure gives, through the real `net.connect` path, in this process and in a child process.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { FaultProxy } from '../tools/fault-proxy';
import { childDnsEnv, setChildDnsDown, testHostUrl, useTestDns } from '../tools/test-dns-switch';

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
afterEach(async () => {
  await proxy.setMode('pass');
  proxy.resetCounts();
});

const auth = () => ({ authorization: `Zoho-oauthtoken ${sb.demoToken}` });
const settings = (base = proxy.url, signal?: AbortSignal) =>
  fetch(`${base}/api/timetracker/gettimetrackersettings`, { headers: auth(), signal });
const logCount = () => sb.state().timeLogs.length;
function add(signal?: AbortSignal) {
  const body = new URLSearchParams({ user: sb.demoUser, workDate: TODAY, hours: '00:15', jobId, description: 'proxy test' });
  return fetch(`${proxy.url}/api/timetracker/addtimelog`, { method: 'POST', headers: auth(), body, signal });
}
/** The error fetch rejects with, and the OS / undici code in its cause. */
async function failure(p: Promise<unknown>): Promise<{ err: Error; code?: string }> {
  const err = await p.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (e: Error) => e,
  );
  const cause = (err as { cause?: { code?: string } }).cause;
  return { err, code: cause?.code };
}

describe('fault proxy modes, seen through plain fetch', () => {
  it('pass: forwards and answers as upstream did', async () => {
    const res = await settings();
    expect(res.status).toBe(200);
    expect((await res.json()).result.maxHoursPerDay).toBe('10:00');
    expect(proxy.counts()).toMatchObject({ seen: 1, forwarded: 1, committed: 1 });
  });

  it('refuse: nothing listens (ECONNREFUSED), and the same port listens again on recovery', async () => {
    await settings(); // a pooled keep-alive connection must not survive the refusal
    await proxy.setMode('refuse');
    const { err, code } = await failure(settings());
    expect(err.message).toBe('fetch failed');
    expect(code).toBe('ECONNREFUSED');
    const port = proxy.port;
    await proxy.setMode('pass');
    expect(proxy.port).toBe(port);
    expect((await settings()).status).toBe(200);
  });

  it('blackhole: reads the request and never answers, so the client times out; close() ends the socket', async () => {
    await proxy.setMode('blackhole');
    const started = Date.now();
    const { err } = await failure(settings(proxy.url, AbortSignal.timeout(300)));
    expect(err.name).toBe('TimeoutError');
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    expect(proxy.counts()).toMatchObject({ seen: 1, forwarded: 0 });
    // a black hole the client never gives up on ends when the proxy closes
    const other = await FaultProxy.start(sb.url);
    await other.setMode('blackhole');
    const pending = fetch(`${other.url}/api/timetracker/getjobs`, { headers: auth() }).then(
      () => 'answered',
      (e: Error) => (e.cause as { code?: string })?.code ?? e.message,
    );
    await other.until((log) => log.length === 1); // the request reached the black hole
    await other.close();
    expect(await pending).toMatch(/UND_ERR_SOCKET|ECONNRESET|other side closed/);
  });

  it('reset-before: RST after reading the request; nothing forwarded, nothing committed', async () => {
    const before = logCount();
    await proxy.setMode('reset-before');
    const { code } = await failure(add());
    expect(code).toBe('ECONNRESET');
    expect(logCount()).toBe(before);
    expect(proxy.counts()).toMatchObject({ seen: 1, forwarded: 0, committed: 0 });
    expect(sb.requests().filter((r) => r.path.endsWith('addtimelog'))).toHaveLength(0);
  });

  it('reset-after-commit: the service saved the log, then the client gets an RST', async () => {
    const before = logCount();
    await proxy.setMode('reset-after-commit');
    const { code } = await failure(add());
    expect(code).toBe('ECONNRESET');
    expect(logCount()).toBe(before + 1);
    expect(proxy.counts()).toMatchObject({ seen: 1, forwarded: 1, committed: 1 });
  });

  it('drop-after-commit: the service saved the log, then the connection closes without a byte', async () => {
    const before = logCount();
    await proxy.setMode('drop-after-commit');
    const { err, code } = await failure(add());
    expect(err.message).toBe('fetch failed');
    expect(code).toBe('UND_ERR_SOCKET'); // "other side closed"
    expect(logCount()).toBe(before + 1);
    expect(proxy.counts().committed).toBe(1);
  });

  it('html-502: a gateway page, not forwarded; html-502-after-commit: forwarded and committed, then the page', async () => {
    const before = logCount();
    await proxy.setMode('html-502');
    let res = await add();
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toContain('502 Bad Gateway');
    expect(logCount()).toBe(before);
    await proxy.setMode('html-502-after-commit');
    res = await add();
    expect(res.status).toBe(502);
    expect(await res.text()).toContain('<html>');
    expect(logCount()).toBe(before + 1);
    expect(proxy.counts()).toMatchObject({ seen: 2, forwarded: 1, committed: 1 });
  });

  it('captive-portal: HTTP 200 with a Wi-Fi sign-in page, not forwarded', async () => {
    await proxy.setMode('captive-portal');
    const res = await settings();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toMatch(/<html>[\s\S]*Sign in to Wi-Fi/);
    expect(proxy.counts()).toMatchObject({ seen: 1, forwarded: 0 });
  });

  it('truncated: upstream status and Content-Length, half the body, then the end: reading the body fails', async () => {
    await proxy.setMode('truncated');
    const res = await settings();
    expect(res.status).toBe(200);
    const length = Number(res.headers.get('content-length'));
    expect(length).toBeGreaterThan(50);
    const { err, code } = await failure(res.text());
    expect(err.message).toBe('terminated');
    expect(code).toBe('UND_ERR_RES_CONTENT_LENGTH_MISMATCH');
    expect(proxy.counts()).toMatchObject({ forwarded: 1, committed: 1 });
  });

  it('slow: forwards, then holds the answer for delayMs', async () => {
    await proxy.setMode('slow', { delayMs: 400 });
    const started = Date.now();
    const res = await settings();
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(380);
    const { err } = await failure(settings(proxy.url, AbortSignal.timeout(100)));
    expect(err.name).toBe('TimeoutError');
  });

  it('times: only the next N requests; match: only matching paths', async () => {
    await proxy.setMode('html-502', { times: 2, match: 'getjobs' });
    expect((await settings()).status).toBe(200); // not matching: passes, does not count
    const jobs = () => fetch(`${proxy.url}/api/timetracker/getjobs`, { headers: auth() }).then((r) => r.status);
    expect([await jobs(), await jobs(), await jobs()]).toEqual([502, 502, 200]);
    expect(proxy.currentMode()).toBe('pass');
    expect(proxy.counts().byMode).toEqual({ pass: 2, 'html-502': 2 });
    await proxy.setMode('html-502', { match: /gettimetracker/ });
    expect((await settings()).status).toBe(502);
    expect(await jobs()).toBe(200);
  });

  it('refuses options that make no sense for a mode', async () => {
    await expect(proxy.setMode('refuse', { times: 1 })).rejects.toThrow(/no times or match/);
    await expect(proxy.setMode('slow')).rejects.toThrow(/delayMs/);
    await expect(proxy.setMode('nope' as never)).rejects.toThrow(/unknown fault mode/);
  });
});

describe('test DNS', () => {
  it('resolves sandbox.punch.test to the proxy, and fails like getaddrinfo while DNS is down', async () => {
    const dns = useTestDns();
    try {
      expect((await settings(testHostUrl(proxy.port))).status).toBe(200);
      dns.setDown(true);
      const fake = await failure(settings(testHostUrl(proxy.port)));
      // a name that really does not resolve, through the real resolver (.invalid never resolves, RFC 6761)
      const real = await failure(fetch('http://punchcard-no-such-host.invalid/'));
      expect(fake.err).toBeInstanceOf(TypeError);
      expect(fake.err.message).toBe(real.err.message);
      const f = fake.err.cause as Record<string, unknown>;
      const r = real.err.cause as Record<string, unknown>;
      expect(Object.keys(f).sort()).toEqual(Object.keys(r).sort());
      expect(f).toMatchObject({ code: 'ENOTFOUND', syscall: 'getaddrinfo', hostname: 'sandbox.punch.test' });
      expect(r.syscall).toBe('getaddrinfo');
      expect(['ENOTFOUND', 'EAI_AGAIN']).toContain(r.code);
      expect(proxy.counts().seen).toBe(1); // the failed lookup never reached the proxy
      dns.setDown(false);
      expect((await settings(testHostUrl(proxy.port))).status).toBe(200);
    } finally {
      dns.uninstall();
    }
  });

  it('works in a child process through NODE_OPTIONS and a switch file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'punch-dns-'));
    const downFile = join(dir, 'dns-down');
    const script = `fetch(process.argv[1]).then((r) => console.log('status', r.status), (e) => console.log('error', e.message, e.cause.code, e.cause.syscall))`;
    const run = () =>
      new Promise<string>((done, fail) => {
        const child = spawn(process.execPath, ['-e', script, `${testHostUrl(proxy.port)}/api/timetracker/gettimetrackersettings`], {
          env: { ...process.env, ...childDnsEnv(downFile) },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        child.stdout.on('data', (d) => {
          out += d;
        });
        child.stderr.on('data', (d) => {
          out += d;
        });
        child.on('error', fail);
        child.on('close', () => done(out.trim()));
      });
    try {
      expect(await run()).toBe('status 401'); // resolved and reached the sandbox (no token: 7202)
      setChildDnsDown(downFile, true);
      expect(await run()).toBe('error fetch failed ENOTFOUND getaddrinfo');
      setChildDnsDown(downFile, false);
      expect(await run()).toBe('status 401');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
