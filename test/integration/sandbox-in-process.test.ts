/**
 * `punch`'s built-in demo answers in the process (src/sandbox/in-process.ts): the client's transport hands each request
 * to the handler the HTTP server uses. Its answers must be the HTTP path's, byte for byte: two demo services on the
 * same seeded company, one listening on loopback and read with the CLI's node:http fetch, one in process, are asked
 * the same requests `punch status` and `punch log` send (the settings, the jobs, the week's timesheet and logs, a log
 * added, a log refused, a token refused), in both envelope styles; status, the headers the client reads and the text
 * must be equal, and so must each service's log of requests. Date is held still, so the records' times are equal too.
 *
 * @inner src/sandbox/in-process.ts
 */
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { nodeFetch } from '../../src/core/service';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { IN_PROCESS_URL } from '../../src/sandbox/in-process';
import { removeDir, tempDir } from '../fixtures/temp-dirs';
import { TEST_TODAY } from '../fixtures/test-clock';

const USER = 'maya.patel@demo.punchcard.test';
const JOB = '412345678901234588';
const WEEK = { fromDate: '2026-11-16', toDate: '2026-11-22', dateFormat: 'yyyy-MM-dd', sIndex: '0', limit: '200' };

type Fetch = typeof nodeFetch;
interface Asked {
  method: 'GET' | 'POST';
  endpoint: string;
  params?: Record<string, string>;
  /** Sent with another token than the service's (a refused sign-in). */
  badToken?: true;
}

/** What `punch status` and `punch log` ask the demo service (in their order), and two refusals. */
const ASKED: Asked[] = [
  { method: 'GET', endpoint: 'timetracker/gettimetrackersettings' },
  { method: 'GET', endpoint: 'timetracker/getjobs', params: { assignedTo: USER, jobStatus: 'in-progress', sIndex: '0', limit: '200' } },
  { method: 'GET', endpoint: 'timetracker/getjobs', params: { assignedTo: USER, jobStatus: 'all', sIndex: '0', limit: '200' } },
  { method: 'GET', endpoint: 'timetracker/gettimesheet', params: { user: USER, approvalStatus: 'all', ...WEEK } },
  { method: 'GET', endpoint: 'timetracker/gettimelogs', params: { user: USER, ...WEEK } },
  {
    method: 'POST',
    endpoint: 'timetracker/addtimelog',
    params: { user: USER, jobId: JOB, workDate: TEST_TODAY, hours: '01:30', billingStatus: 'billable', description: 'in process' },
  },
  { method: 'POST', endpoint: 'timetracker/addtimelog', params: { user: USER, jobId: JOB, workDate: TEST_TODAY, hours: '30:30' } },
  { method: 'GET', endpoint: 'timetracker/gettimelogs', params: { user: USER, ...WEEK } },
  { method: 'GET', endpoint: 'timetracker/gettimetrackersettings', badToken: true },
];

/** As the client's transport sends it (src/core/service/http/request.ts). */
async function ask(fetch: Fetch, sb: Sandbox, a: Asked) {
  const url = new URL(`${sb.url}/api/${a.endpoint}`);
  const headers: Record<string, string> = {
    Authorization: `Zoho-oauthtoken ${a.badToken ? 'not-a-token' : sb.demoToken}`,
    Accept: 'application/json',
  };
  let body: string | undefined;
  if (a.method === 'GET') for (const [k, v] of Object.entries(a.params ?? {})) url.searchParams.append(k, v);
  else {
    headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    body = new URLSearchParams(a.params).toString();
  }
  const res = await fetch(url, { method: a.method, headers, body });
  const h = (name: string) => res.headers.get(name);
  return {
    status: res.status,
    ok: res.ok,
    contentType: h('content-type'),
    retryAfter: h('retry-after'),
    length: h('content-length'),
    text: await res.text(),
  };
}

describe('the demo service in the process', () => {
  const dirs: string[] = [];
  let overHttp: Sandbox;
  let inProcess: Sandbox;
  beforeAll(async () => {
    const [a, b] = [tempDir('punch-inproc-'), tempDir('punch-inproc-')];
    dirs.push(a, b);
    const common = { today: TEST_TODAY, embedded: true } as const;
    overHttp = await startSandbox({ ...common, persistPath: join(a, 'sandbox-state.json') });
    inProcess = await startSandbox({ ...common, persistPath: join(b, 'sandbox-state.json'), inProcess: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await overHttp?.close();
    await inProcess?.close();
    for (const d of dirs) removeDir(d);
  });

  it('listens nowhere: its address is in-process://demo and its answers come through its own fetch', () => {
    expect(inProcess.url).toBe(IN_PROCESS_URL);
    expect(inProcess.port).toBe(0);
    expect(inProcess.fetch).toBeTypeOf('function');
    expect(overHttp.fetch).toBeUndefined();
  });

  for (const envelope of ['spec', 'real'] as const)
    it(`answers what status and log ask exactly as over HTTP (${envelope} envelope): status, headers, text, the request log`, async () => {
      for (const sb of [overHttp, inProcess]) {
        sb.configure({ envelope });
        sb.resetRequests();
      }
      const answers: string[] = [];
      for (const a of ASKED) {
        // the same instant for both, so a record's modified time is the same
        vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${TEST_TODAY}T10:00:00Z`) });
        const http = await ask(nodeFetch, overHttp, a);
        const here = await ask(inProcess.fetch!, inProcess, a);
        vi.useRealTimers();
        expect(here, `${a.method} ${a.endpoint}`).toEqual(http);
        answers.push(http.text);
      }
      // refusals are among them: the settings asked with a bad token are not the settings
      expect(answers.at(-1)).not.toEqual(answers[0]);
      expect(answers[0]).toContain('maxHoursPerDay');
      const strip = (rs: ReturnType<Sandbox['requests']>) => rs.map(({ at: _at, ...r }) => r);
      expect(strip(inProcess.requests())).toEqual(strip(overHttp.requests()));
    });

  it('offline, its fetch fails as a refused connection does, and answers again once back', async () => {
    await inProcess.setOffline(true);
    const refused = await ask(inProcess.fetch!, inProcess, ASKED[0]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TypeError);
    expect((refused as { cause: { code: string } }).cause.code).toBe('ECONNREFUSED');
    await inProcess.setOffline(false);
    expect((await ask(inProcess.fetch!, inProcess, ASKED[0])).status).toBe(200);
  });
});
