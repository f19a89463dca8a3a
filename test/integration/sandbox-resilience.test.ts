/**
 * The sandbox misbehaving on purpose, over real HTTP: rate-limit lock-out, each fault kind, going offline
 * (ECONNREFUSED) and back, and the state surviving a restart. No test waits on the real clock: the rate limits run on
 * the sandbox's injected clock, and a held answer or a timed return on vitest's fake timers, which the test moves.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox';

const TODAY = '2025-03-12';
const MAYA = 'maya.patel@demo.punchcard.test';
let sb: Sandbox;
/** The sandbox's clock for rate limits: it stands still until a test moves it. */
let now = Date.UTC(2025, 2, 12, 9);

function get(op: string, token = sb.demoToken, base = sb.url) {
  return fetch(`${base}/api/timetracker/${op}`, { headers: { authorization: `Zoho-oauthtoken ${token}` } });
}
/** Each sandbox has its own random demo token: `on` names the one asked. */
function addLog(hours: string, on: Sandbox = sb) {
  return fetch(`${on.url}/api/timetracker/addtimelog`, {
    method: 'POST',
    headers: { authorization: `Zoho-oauthtoken ${on.demoToken}` },
    body: new URLSearchParams({ user: MAYA, workDate: TODAY, hours, jobName: 'Training', description: `log ${hours}` }),
  });
}
/** The admin routes take JSON only (a `text/plain` body is what a web page could send cross-origin). */
const JSON_BODY = { 'content-type': 'application/json' };
const causeCode = (e: unknown) => (e as { cause?: { code?: string } } | null)?.cause?.code;

beforeAll(async () => {
  sb = await startSandbox({ today: TODAY, now: () => now });
});
afterEach(() => {
  sb.fault(null);
  sb.configure({ rateLimits: false, envelope: 'spec' });
  vi.useRealTimers();
});

/**
 * The sandbox's timers (a held answer, a timed return) on fake timers the test jumps forward; they also move with real
 * time, so the server's own short waits and HTTP go on as usual.
 */
const fakeTimers = () => vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
const refused = async () =>
  causeCode(
    await get('getjobs').then(
      () => null,
      (e: unknown) => e,
    ),
  ) === 'ECONNREFUSED';
afterAll(() => sb.close());

describe('rate limits', () => {
  it('locks an endpoint out for one token after the limit, with 7209 and Retry-After, then lets it through again', async () => {
    sb.configure({ rateLimits: { timetracker: { limit: 5, windowMs: 2_000 }, lockoutMs: 600 } });
    for (let i = 0; i < 5; i += 1) expect((await get('getjobs')).status).toBe(200);
    const locked = await get('getjobs');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(((await locked.json()) as { error: { code: number } }).error.code).toBe(7209);
    // Another endpoint, and another token on the same endpoint, keep their own windows.
    expect((await get('gettimetrackersettings')).status).toBe(200);
    expect((await get('getjobs', sb.issueToken({ user: MAYA, scopes: ['timetracker.ALL'] }))).status).toBe(200);
    now += 599;
    expect((await get('getjobs')).status).toBe(429); // still locked a moment before the lock-out ends
    now += 1;
    expect((await get('getjobs')).status).toBe(200);
  });

  it('answers the lock-out with HTTP 200 and status 1 in real style', async () => {
    sb.configure({ envelope: 'real', rateLimits: { timetracker: { limit: 1, windowMs: 1_000 }, lockoutMs: 1_000 } });
    await get('getjobs');
    const r = await get('getjobs');
    expect(r.status).toBe(200);
    const body = (await r.json()) as { response: { status: number; errors: unknown } };
    expect(body.response.status).toBe(1);
    expect([body.response.errors].flat()[0]).toMatchObject({ code: 7209 });
  });
});

describe('faults', () => {
  it('answers 5xx before processing, only for matching paths and only as many times as asked', async () => {
    const before = sb.state().timeLogs.length;
    sb.fault({ kind: 'http-5xx', status: 502, match: 'addtimelog', times: 1 });
    expect((await get('getjobs')).status).toBe(200);
    expect((await addLog('00:10')).status).toBe(502);
    expect(sb.state().timeLogs.length).toBe(before);
    expect((await addLog('00:10')).status).toBe(200);
    expect(sb.state().timeLogs.length).toBe(before + 1);
  });

  it('answers 429 with the Retry-After it was given', async () => {
    sb.fault({ kind: 'http-429', retryAfterSec: 7, times: 1 });
    const r = await get('getjobs');
    expect([r.status, r.headers.get('retry-after')]).toEqual([429, '7']);
    expect((await get('getjobs')).status).toBe(200);
  });

  it('delays the answer by the given time', async () => {
    fakeTimers();
    sb.resetRequests();
    sb.fault({ kind: 'delay', ms: 60_000, match: 'gettimetrackersettings' });
    let answered = false;
    const answer = get('gettimetrackersettings').then((r) => {
      answered = true;
      return r;
    });
    await expect.poll(() => sb.requests().length).toBe(1); // it arrived, and is held
    await vi.advanceTimersByTimeAsync(50_000);
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect((await answer).status).toBe(200);
  });

  it('applies the change and then drops the connection without answering', async () => {
    sb.resetRequests();
    sb.fault({ kind: 'commit-then-drop', match: 'addtimelog', times: 1 });
    const failure = await addLog('00:20').then(
      () => null,
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(TypeError); // fetch failed: the socket closed with no response
    expect(sb.state().timeLogs.some((l) => l.description === 'log 00:20' && l.minutes === 20)).toBe(true);
    expect(sb.requests()).toMatchObject([{ method: 'POST', path: '/api/timetracker/addtimelog', status: 0, params: { hours: '00:20' } }]);
  });

  it('is also set and cleared over the admin route', async () => {
    await fetch(`${sb.url}/__sandbox/fault`, { method: 'POST', headers: JSON_BODY, body: JSON.stringify({ kind: 'http-5xx' }) });
    expect((await get('getjobs')).status).toBe(503);
    await fetch(`${sb.url}/__sandbox/fault`, { method: 'POST', headers: JSON_BODY, body: 'null' });
    expect((await get('getjobs')).status).toBe(200);
  });
});

describe('offline', () => {
  it('refuses connections while offline (ECONNREFUSED, even on a kept-alive connection) and serves again on the same port', async () => {
    expect((await get('getjobs')).status).toBe(200); // leaves a pooled keep-alive connection
    const { port } = sb;
    await sb.setOffline(true);
    try {
      const error = await get('getjobs').then(
        () => null,
        (e: unknown) => e,
      );
      expect(causeCode(error)).toBe('ECONNREFUSED');
    } finally {
      await sb.setOffline(false);
    }
    expect(sb.port).toBe(port);
    expect((await get('getjobs')).status).toBe(200);
  });

  it('comes back by itself after forMs when taken offline over the admin route', async () => {
    fakeTimers();
    const r = await fetch(`${sb.url}/__sandbox/offline`, {
      method: 'POST',
      headers: JSON_BODY,
      body: JSON.stringify({ offline: true, forMs: 60_000 }),
    });
    expect(r.status).toBe(200);
    await expect.poll(refused).toBe(true); // offline once the answer has left
    await vi.advanceTimersByTimeAsync(50_000);
    expect(await refused()).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    await expect.poll(refused).toBe(false);
    expect((await get('getjobs')).status).toBe(200);
  });
});

describe('persistence', () => {
  it('keeps every change across a restart with the same state file, written atomically', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'punch-sbx-'));
    const file = join(dir, 'state.json');
    try {
      const first = await startSandbox({ today: TODAY, persistPath: file });
      expect(existsSync(file)).toBe(true);
      const res = await addLog('01:40', first);
      const { result } = (await res.json()) as { result: Array<{ timeLogId: string }> };
      const sheet = first.state().timesheets.find((t) => t.user === MAYA && t.status === 'pending')!;
      first.decide(sheet.timesheetId, 'rejected', 'redo');
      await first.close();
      expect(readdirSync(dir)).toEqual(['state.json']);

      const second = await startSandbox({ today: TODAY, persistPath: file });
      try {
        expect(second.state().timeLogs.find((l) => l.timeLogId === result[0].timeLogId)?.minutes).toBe(100);
        expect(second.state().timesheets.find((t) => t.timesheetId === sheet.timesheetId)).toMatchObject({
          status: 'rejected',
          comments: 'redo',
        });
        // New ids continue after the saved ones instead of repeating them.
        const next = ((await (await addLog('00:05', second)).json()) as { result: Array<{ timeLogId: string }> }).result[0].timeLogId;
        expect(BigInt(next)).toBeGreaterThan(BigInt(result[0].timeLogId));
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('connections', () => {
  /** Sockets connected (in the server's queue of connections to accept), for a test to wait on. */
  const connecting: Array<Promise<void>> = [];
  /** A raw socket that reads (so it sees the server close it), sending `text` if given; resolves when it closed. */
  function socketTo(port: number, text?: string): Promise<number> {
    const start = Date.now();
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {
      /* closed by the server */
    });
    connecting.push(new Promise((resolve) => socket.once('connect', () => resolve())));
    socket.resume();
    if (text) socket.write(text);
    return new Promise((resolve) => socket.on('close', () => resolve(Date.now() - start)));
  }

  it('takes no more sockets than its cap: one over it is closed at once, not at the header limit', async () => {
    // a header limit of 20 s: a fourth socket kept until then (no cap) would still be open at the bound of 10 s below,
    // which a loaded machine does not overrun the way it did 250 ms
    const capped = await startSandbox({ today: TODAY, caps: { headersTimeoutMs: 20_000, maxConnections: 3 } });
    const held = [socketTo(capped.port), socketTo(capped.port), socketTo(capped.port)];
    try {
      const open = held.map((closed) => {
        let done = false;
        void closed.then(() => (done = true));
        return () => !done;
      });
      await Promise.all(connecting.splice(0));
      expect(await socketTo(capped.port)).toBeLessThan(10_000);
      expect(open.map((o) => o())).toEqual([true, true, true]);
    } finally {
      await capped.close();
    }
  });

  it('closes silent sockets and unfinished headers after its header limit', async () => {
    const capped = await startSandbox({ today: TODAY, caps: { headersTimeoutMs: 300, maxConnections: 3 } });
    try {
      const held = [
        socketTo(capped.port),
        socketTo(capped.port, `GET /api/timetracker/getjobs HTTP/1.1\r\nHost: 127.0.0.1:${capped.port}\r\n`),
      ];
      await Promise.all(connecting.splice(0));
      for (const closed of held) {
        const ms = await closed;
        expect(ms).toBeGreaterThanOrEqual(250);
        // by the limit given, not by the default 10 s (src/loopback/server-caps.ts) of a server that ignored it
        expect(ms).toBeLessThan(8_000);
      }
      expect((await get('getjobs', capped.demoToken, capped.url)).status).toBe(200);
    } finally {
      await capped.close();
    }
  });
});
