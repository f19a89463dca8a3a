/**
 * Request building and the retry rules, against a tiny real HTTP server started here (no sandbox needed).
 * @inner src/core/service/pacing/policy.ts, src/core/service/types.ts
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createServiceClient,
  AuthError,
  InvalidInputError,
  NetworkError,
  RateLimitedError,
  ServerError,
  ServiceError,
} from '../../src/core/service';
import { resolvePolicy, SANDBOX_POLICY } from '../../src/core/service/pacing/policy';
import type { ClientConfig } from '../../src/core/service/types';
import { wallClock } from '../fixtures/test-timers';

interface Seen {
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  headers: http.IncomingHttpHeaders;
}
type Reply = { status?: number; body?: unknown; headers?: Record<string, string>; drop?: boolean };

let server: http.Server | undefined;
afterEach(async () => {
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = undefined;
});

async function serve(reply: (seen: Seen, n: number) => Reply): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const u = new URL(req.url ?? '/', 'http://x');
      const s: Seen = {
        method: req.method ?? '',
        path: u.pathname,
        query: Object.fromEntries(u.searchParams),
        form: Object.fromEntries(new URLSearchParams(raw)),
        headers: req.headers,
      };
      seen.push(s);
      const r = reply(s, seen.length);
      if (r.drop) {
        req.socket.destroy();
        return;
      }
      res.writeHead(r.status ?? 200, { 'content-type': 'application/json', ...r.headers });
      res.end(typeof r.body === 'string' ? r.body : JSON.stringify(r.body ?? { result: [] }));
    });
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, seen };
}

const fastPolicy = { ...SANDBOX_POLICY, backoffBaseMs: 1, backoffMaxMs: 5_000 };
function client(url: string, extra: Partial<ClientConfig> = {}) {
  return createServiceClient({ baseUrl: url, getToken: async () => 'tok-123', policy: fastPolicy, ...extra });
}

describe('building requests', () => {
  it('sends a read as GET with query parameters, dateFormat, and only the parameters given', async () => {
    const { url, seen } = await serve(() => ({ body: { result: [] } }));
    await client(`${url}/people/`).allTimesheets({ user: 'maya@x.test', approvalStatus: 'pending', fromDate: '2025-11-10' });
    expect(seen).toHaveLength(1);
    expect(seen[0].method).toBe('GET');
    expect(seen[0].path).toBe('/people/api/timetracker/gettimesheet');
    expect(seen[0].query).toEqual({
      user: 'maya@x.test',
      approvalStatus: 'pending',
      fromDate: '2025-11-10',
      dateFormat: 'yyyy-MM-dd',
      sIndex: '0',
      limit: '200',
    });
    expect(seen[0].headers.authorization).toBe('Zoho-oauthtoken tok-123');
  });

  it('sends a write as a form body with lowercase booleans, using the Bearer scheme when configured', async () => {
    const { url, seen } = await serve(() => ({ body: { result: { timesheetId: ['9'], message: 'created' } } }));
    const out = await client(url, { authScheme: 'Bearer' }).createTimesheet({
      user: 'maya@x.test',
      timesheetName: 'W46',
      fromDate: '2025-11-10',
      toDate: '2025-11-16',
      sendforApproval: true,
    });
    expect(out).toEqual({ timesheetIds: ['9'], message: 'created' });
    expect(seen[0].method).toBe('POST');
    expect(seen[0].headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(seen[0].headers.authorization).toBe('Bearer tok-123');
    expect(seen[0].query).toEqual({});
    expect(seen[0].form).toEqual({
      user: 'maya@x.test',
      timesheetName: 'W46',
      fromDate: '2025-11-10',
      toDate: '2025-11-16',
      sendforApproval: 'true',
      dateFormat: 'yyyy-MM-dd',
    });
  });

  it('sends partial approval as a JSON object string and isAllLevelApprove=false as text', async () => {
    const { url, seen } = await serve(() => ({ body: { result: { timesheetId: '9', message: 'done' } } }));
    await client(url).approveTimesheet({
      timesheetId: '9',
      approvalStatus: 'rejected',
      isAllLevelApprove: false,
      timeLogs: { '11': 'approved', '12': 'rejected' },
      comments: 'Fix Tue',
    });
    expect(seen[0].form).toEqual({
      timesheetId: '9',
      approvalStatus: 'rejected',
      isAllLevelApprove: 'false',
      timeLogs: '{"11":"approved","12":"rejected"}',
      comments: 'Fix Tue',
    });
  });

  it('sends employee fields as inputData keyed by labels, in a form body', async () => {
    const { url, seen } = await serve(() => ({
      body: '{"response":{"result":{"pkId":412000000000000001,"message":"Successfully Added"},"status":0}}',
    }));
    const out = await client(url).insertEmployee({ 'First Name': 'Ana', 'Last Name': 'Lee', Email: 'ana@x.test', 'Employee ID': 'E-9' });
    expect(out.pkId).toBe('412000000000000001');
    expect(seen[0].path).toBe('/api/forms/json/P_Employee/insertRecord');
    expect(JSON.parse(seen[0].form.inputData)).toEqual({
      'First Name': 'Ana',
      'Last Name': 'Lee',
      Email: 'ana@x.test',
      'Employee ID': 'E-9',
    });
  });

  it("sends a log's values as it is given them: their format was checked where they came in, not again here", async () => {
    // the contract refuses these (src/shared/log.ts); what reaches the client is sent, and the service has its say
    const { url, seen } = await serve(() => ({ body: { result: [{ timeLogId: '1', message: 'ok' }] } }));
    await client(url).addTimeLog({ user: 'u', workDate: '10-11-2025', hours: '1.5', jobId: '1' });
    await client(url).editTimeLog({ timeLogId: '1', workDate: '2025-02-30' });
    expect(seen.map((s) => s.form)).toEqual([
      { user: 'u', workDate: '10-11-2025', hours: '1.5', jobId: '1' },
      { timeLogId: '1', workDate: '2025-02-30' },
    ]);
  });

  it('refuses an add for no user, or an edit of a log the service has no id for, before sending anything', async () => {
    const { url, seen } = await serve(() => ({ body: { result: [{ timeLogId: '1' }] } }));
    const noUser = await client(url)
      .addTimeLog({ user: ' ', workDate: '2025-11-10', hours: '01:00', jobId: '1' })
      .catch((e) => e);
    expect(noUser).toBeInstanceOf(InvalidInputError);
    expect(noUser.message).toBe('Cannot add the time log: Employee: give the employee email or employee id.');
    const noId = await client(url)
      .editTimeLog({ timeLogId: '', hours: '01:00' })
      .catch((e) => e);
    expect(noId.message).toBe('Cannot edit the time log: Log: the service has no id for this log yet.');
    expect(seen).toHaveLength(0);
  });

  it('zero-pads one-digit hours before sending', async () => {
    const { url, seen } = await serve(() => ({ body: { result: [{ timeLogId: '5', message: 'ok' }] } }));
    await client(url).addTimeLog({ user: 'u', workDate: '2025-11-10', hours: '7:30', jobName: 'Build' });
    await client(url).editTimeLog({ timeLogId: '5', hours: '7:05' });
    expect(seen[0].form).toEqual({ user: 'u', workDate: '2025-11-10', hours: '07:30', jobName: 'Build' });
    expect(seen[1].form).toEqual({ timeLogId: '5', hours: '07:05' });
  });
});

describe('retries and failures', () => {
  it('retries a read after a 5xx and succeeds', async () => {
    const { url, seen } = await serve((_s, n) => (n < 3 ? { status: 503, body: 'busy' } : { body: { result: { logType: 'timer' } } }));
    expect((await client(url).settings()).logType).toBe('timer');
    expect(seen).toHaveLength(3);
  });

  it('waits the Retry-After of a 503 instead of its own backoff before retrying a read', async () => {
    const { url, seen } = await serve((_s, n) =>
      n === 1 ? { status: 503, headers: { 'retry-after': '2' }, body: 'busy' } : { body: { result: [] } },
    );
    let t = 0;
    const sleeps: number[] = [];
    await client(url, {
      clock: {
        ...wallClock(() => t),
        sleep: async (ms) => {
          sleeps.push(ms);
          t += ms;
        },
      },
    }).allJobs();
    expect(sleeps).toEqual([2000]);
    expect(seen).toHaveLength(2);
  });

  it('gives up on a read after the configured retries', async () => {
    const { url, seen } = await serve(() => ({ status: 500, body: 'down' }));
    const err = await client(url, { policy: { ...fastPolicy, readRetries: 2 } })
      .settings()
      .catch((e) => e);
    expect(err).toBeInstanceOf(ServerError);
    expect(err.applied).toBe('no');
    expect(seen).toHaveLength(3);
  });

  it('never retries a write after a 5xx, and says the outcome is unknown', async () => {
    const { url, seen } = await serve(() => ({ status: 502, body: 'bad gateway' }));
    const err = await client(url)
      .addTimeLog({ user: 'u', workDate: '2025-11-10', hours: '01:00', jobId: '3' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(ServerError);
    expect(err.applied).toBe('unknown');
    expect(seen).toHaveLength(1);
  });

  it('never retries a write whose connection dropped after sending', async () => {
    const { url, seen } = await serve(() => ({ drop: true }));
    const err = await client(url)
      .deleteTimeLog('77')
      .catch((e) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.applied).toBe('unknown');
    expect(seen).toHaveLength(1);
  });

  it('says nothing was applied when nothing listens', async () => {
    const { url } = await serve(() => ({}));
    await new Promise<void>((r) => server!.close(() => r()));
    server = undefined;
    const err = await client(url, { policy: { ...fastPolicy, readRetries: 0 } })
      .addTimeLog({ user: 'u', workDate: '2025-11-10', hours: '01:00', jobId: '3' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.applied).toBe('no');
  });

  it('refreshes an invalid token once, and sends the request again with the new one', async () => {
    const { url, seen } = await serve((s) =>
      s.headers.authorization === 'Zoho-oauthtoken fresh'
        ? { body: { result: [] } }
        : { status: 401, body: { error: { code: 7202, message: 'Invalid OAuth token' } } },
    );
    let refreshes = 0;
    const jobs = await client(url, {
      onInvalidToken: async () => {
        refreshes++;
        return 'fresh';
      },
    }).allJobs();
    expect(jobs).toEqual([]);
    expect(refreshes).toBe(1);
    expect(seen.map((s) => s.headers.authorization)).toEqual(['Zoho-oauthtoken tok-123', 'Zoho-oauthtoken fresh']);
  });

  it('gives up with AuthError when the refreshed token is refused too, never naming the token', async () => {
    const { url, seen } = await serve(() => ({
      body: { response: { status: 1, errors: { code: 7202, message: 'Invalid OAuth token' } } },
    }));
    let refreshes = 0;
    const err = await client(url, {
      onInvalidToken: async () => {
        refreshes++;
        return 'fresh-secret';
      },
    })
      .addTimeLog({ user: 'u', workDate: '2025-11-10', hours: '01:00', jobId: '3' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(AuthError);
    expect(refreshes).toBe(1);
    expect(seen).toHaveLength(2);
    expect(String(err.message)).not.toMatch(/tok-123|fresh-secret/);
  });

  it('waits the Retry-After of a 429 before retrying a read, on the injected clock', async () => {
    const { url, seen } = await serve((_s, n) =>
      n === 1
        ? { status: 429, headers: { 'retry-after': '4' }, body: { error: { code: 7209, message: 'slow down' } } }
        : { body: { result: [] } },
    );
    let t = 0;
    const sleeps: number[] = [];
    const c = client(url, {
      clock: {
        ...wallClock(() => t),
        sleep: async (ms) => {
          sleeps.push(ms);
          t += ms;
        },
      },
    });
    expect(await c.allJobs()).toEqual([]);
    expect(seen).toHaveLength(2);
    expect(sleeps).toEqual([4000]);
  });

  it('does not retry a write that was rate limited, and holds that endpoint', async () => {
    const { url, seen } = await serve(() => ({
      status: 429,
      headers: { 'retry-after': '120' },
      body: { error: { code: 7209, message: 'blocked' } },
    }));
    const c = client(url, { policy: resolvePolicy({ ...fastPolicy }) });
    const first = await c.addTimeLog({ user: 'u', workDate: '2025-11-10', hours: '01:00', jobId: '3' }).catch((e) => e);
    expect(first).toBeInstanceOf(RateLimitedError);
    expect(first.retryAfterMs).toBe(120_000);
    const second = await c.addTimeLog({ user: 'u', workDate: '2025-11-10', hours: '01:00', jobId: '3' }).catch((e) => e);
    expect(second).toBeInstanceOf(RateLimitedError);
    expect(seen).toHaveLength(1); // the second call never left the machine
  });

  it('maps a status:1 answer with HTTP 200 to ServiceError with its code', async () => {
    const { url } = await serve(() => ({
      body: { response: { status: 1, message: 'Error occurred', errors: [{ code: 9008, message: 'Timesheet not found' }] } },
    }));
    const err = await client(url)
      .timesheetDetails('404')
      .catch((e) => e);
    expect(err).toBeInstanceOf(ServiceError);
    expect(err).toMatchObject({ code: 9008, httpStatus: 200 });
  });
});
