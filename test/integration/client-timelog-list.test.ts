/**
 * gettimelogs (beyond the contract, real-service-notes "Listing time logs") in the sandbox and through the client's
 * `listTimeLogs`, over real HTTP: both envelope styles, 18-digit ids as JSON numbers, the company date format,
 * paging across more than 200 logs, filters, rate limits, and the sandbox switch that makes it an unknown operation
 * (then the client throws UnsupportedOperationError, and asks at most once per client).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedState, startSandbox, type Sandbox } from '../../src/sandbox';
import { createServiceClient, RateLimitedError, UnsupportedOperationError, SANDBOX_POLICY } from '../../src/core/service';
import type { ServiceClient } from '../../src/core/service';
import type { TimeLogRow } from '../../src/sandbox';

const TODAY = '2025-11-20';
const USER = 'maya.patel@demo.punchcard.test';
/** Bulk logs for paging: 450 short logs of the demo user over the first days of the month. */
const BULK_DAYS = ['2025-11-03', '2025-11-04', '2025-11-05', '2025-11-06', '2025-11-07'];
const PER_DAY = 90;

let dir: string;
let sb: Sandbox;
let client: ServiceClient;

function bulkState() {
  const state = seedState({ today: TODAY, seed: 1 });
  const jobId = state.jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(USER))!.jobId;
  // the seeded history of those days is left out, so the range holds exactly the bulk logs
  state.timeLogs = state.timeLogs.filter((l) => !(l.user === USER && BULK_DAYS.includes(l.workDate)));
  let id = BigInt(state.nextId);
  for (const workDate of BULK_DAYS) {
    for (let i = 0; i < PER_DAY; i++) {
      const log: TimeLogRow = {
        timeLogId: (id++).toString(),
        user: USER,
        workDate,
        minutes: 5,
        jobId,
        billingStatus: i % 3 === 0 ? 'Non Billable' : 'Billable',
        workItem: '',
        description: `bulk ${workDate} #${i}`,
        approvalStatus: 'draft',
        timesheetId: null,
      };
      state.timeLogs.push(log);
    }
  }
  state.nextId = id.toString();
  return state;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'punch-timelogs-'));
  const persistPath = join(dir, 'state.json');
  writeFileSync(persistPath, JSON.stringify(bulkState()));
  sb = await startSandbox({ today: TODAY, persistPath });
  client = createServiceClient({ baseUrl: sb.url, getToken: async () => sb.demoToken, policy: SANDBOX_POLICY });
});
afterAll(async () => {
  await sb.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  sb.configure({ envelope: 'spec', numericIds: false, timeLogList: true, rateLimits: false });
  sb.resetRequests();
});

const fresh = () => createServiceClient({ baseUrl: sb.url, getToken: async () => sb.demoToken, policy: SANDBOX_POLICY });
const listRequests = () => sb.requests().filter((r) => r.path === '/api/timetracker/gettimelogs');
const bulkIds = () =>
  sb
    .state()
    .timeLogs.filter((l) => l.user === USER && BULK_DAYS.includes(l.workDate))
    .map((l) => l.timeLogId)
    .sort();
const range = { user: USER, fromDate: BULK_DAYS[0], toDate: BULK_DAYS.at(-1)! };

async function raw(path: string, params: Record<string, string>) {
  const url = new URL(`${sb.url}${path}`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const res = await fetch(url, { headers: { authorization: `Zoho-oauthtoken ${sb.demoToken}` } });
  const text = await res.text();
  return { status: res.status, text, json: JSON.parse(text) };
}

describe('gettimelogs in the sandbox', () => {
  it('lists in the company date format unless dateFormat says otherwise, oldest first, read shape', async () => {
    const r = await raw('/api/timetracker/gettimelogs', { user: USER, fromDate: '03-Nov-2025', toDate: '03-Nov-2025', limit: '2' });
    expect(r.status).toBe(200);
    expect(r.json.result).toHaveLength(2);
    expect(r.json.result[0]).toMatchObject({
      workDate: '03-Nov-2025',
      hours: '00:05',
      description: 'bulk 2025-11-03 #0',
      billingStatus: 'Non Billable',
      timesheetId: '',
    });
    expect(Object.keys(r.json.result[0])).toEqual(expect.arrayContaining(['timelogId', 'jobId', 'jobName', 'approvalStatus']));
    const iso = await raw('/api/timetracker/gettimelogs', {
      user: USER,
      fromDate: '2025-11-03',
      toDate: '2025-11-03',
      dateFormat: 'yyyy-MM-dd',
      limit: '1',
    });
    expect(iso.json.result[0].workDate).toBe('2025-11-03');
  });

  it("refuses what the service refuses: missing dates, a reversed range, someone else's logs", async () => {
    expect((await raw('/api/timetracker/gettimelogs', { user: USER, fromDate: '03-Nov-2025' })).json.error.code).toBe(9002);
    expect(
      (await raw('/api/timetracker/gettimelogs', { user: USER, fromDate: '05-Nov-2025', toDate: '03-Nov-2025' })).json.error.code,
    ).toBe(9006);
    const token = sb.issueToken({ user: 'liam.chen@demo.punchcard.test', scopes: ['timetracker.ALL'] });
    const res = await fetch(`${sb.url}/api/timetracker/gettimelogs?user=${USER}&fromDate=03-Nov-2025&toDate=03-Nov-2025`, {
      headers: { authorization: `Zoho-oauthtoken ${token}` },
    });
    expect((await res.json()).error.code).toBe(9000);
  });

  it('switched off, it is an unknown path: HTTP 404 with code 9003 in both envelope styles', async () => {
    sb.configure({ timeLogList: false });
    const spec = await raw('/api/timetracker/gettimelogs', { user: USER, fromDate: '03-Nov-2025', toDate: '03-Nov-2025' });
    expect(spec.status).toBe(404);
    expect(spec.json.error.code).toBe(9003);
    const unknown = await raw('/api/timetracker/nosuchoperation', {});
    expect([unknown.status, unknown.json.error.code]).toEqual([404, 9003]);
    sb.configure({ envelope: 'real' });
    const real = await raw('/api/timetracker/gettimelogs', { user: USER, fromDate: '03-Nov-2025', toDate: '03-Nov-2025' });
    expect(real.status).toBe(404);
    expect(real.json.response.status).toBe(1);
    expect([real.json.response.errors].flat()[0].code).toBe(9003);
  });

  it('counts against the timetracker rate limit like every timetracker endpoint', async () => {
    sb.configure({ rateLimits: { timetracker: { limit: 2, windowMs: 60_000 }, lockoutMs: 1_000 } });
    const strict = createServiceClient({
      baseUrl: sb.url,
      getToken: async () => sb.demoToken,
      policy: { ...SANDBOX_POLICY, readRetries: 0 },
    });
    const day = { user: USER, fromDate: '2025-11-03', toDate: '2025-11-03' };
    await strict.allTimeLogs(day);
    await strict.allTimeLogs(day);
    await expect(strict.allTimeLogs(day)).rejects.toBeInstanceOf(RateLimitedError);
  });
});

describe('listTimeLogs through the client', () => {
  it('pages across more than 200 logs, each page once, sIndex from 0', async () => {
    const logs = await client.allTimeLogs(range);
    expect(logs).toHaveLength(BULK_DAYS.length * PER_DAY);
    expect(logs.map((l) => l.timeLogId).sort()).toEqual(bulkIds());
    expect(listRequests().map((r) => [r.params.sIndex, r.params.limit])).toEqual([
      ['0', '200'],
      ['200', '200'],
      ['400', '200'],
    ]);
    expect(listRequests()[0].params).toMatchObject({ user: USER, fromDate: '2025-11-03', toDate: '2025-11-07', dateFormat: 'yyyy-MM-dd' });
    expect(logs[0]).toMatchObject({
      workDate: '2025-11-03',
      hours: '00:05',
      billingStatus: 'Non Billable',
      description: 'bulk 2025-11-03 #0',
    });
    expect(client.timeLogListSupported()).toBe(true);
  });

  it('is an async iterator: stopping early asks for no further page', async () => {
    let n = 0;
    for await (const log of client.listTimeLogs(range, { limit: 50 })) {
      expect(log.timeLogId).toMatch(/^\d{18}$/);
      if (++n === 60) break;
    }
    expect(listRequests()).toHaveLength(2);
  });

  it('reads the same in both envelope styles, with 18-digit ids sent as bare JSON numbers kept to the digit', async () => {
    const spec = await client.allTimeLogs(range);
    sb.configure({ envelope: 'real', numericIds: true });
    const real = await client.allTimeLogs(range);
    expect(real).toEqual(spec);
    expect(real.every((l) => /^\d{18}$/.test(l.timeLogId) && /^\d+$/.test(l.jobId!))).toBe(true);
    expect(real.map((l) => l.timeLogId).sort()).toEqual(bulkIds());
    expect(sb.requests().at(-1)!.status).toBe(200);
  });

  it('takes the service at its word on whether another page follows (isNextAvailable): no request for a page past the last', async () => {
    sb.configure({ envelope: 'real' });
    // 450 logs in pages of 150: three full pages, the last one saying nothing follows
    const paged: string[] = [];
    for await (const log of client.listTimeLogs(range, { limit: 150 })) paged.push(log.timeLogId);
    expect(paged.sort()).toEqual(bulkIds());
    expect(listRequests().map((r) => r.params.sIndex)).toEqual(['0', '150', '300']);
    // in the spec's style nothing says so: a full last page is followed by one more (empty) request
    sb.configure({ envelope: 'spec' });
    sb.resetRequests();
    const again: string[] = [];
    for await (const log of client.listTimeLogs(range, { limit: 150 })) again.push(log.timeLogId);
    expect(again.sort()).toEqual(bulkIds());
    expect(listRequests().map((r) => r.params.sIndex)).toEqual(['0', '150', '300', '450']);
  });

  it('passes the filters: job, billing status, approval status', async () => {
    const nonBillable = await client.allTimeLogs({ ...range, billingStatus: 'Non Billable' });
    expect(nonBillable).toHaveLength(BULK_DAYS.length * (PER_DAY / 3));
    expect(await client.allTimeLogs({ ...range, approvalStatus: 'approved' })).toEqual([]);
    expect(await client.allTimeLogs({ ...range, jobId: '1' })).toEqual([]);
  });

  it('when the service does not offer it: UnsupportedOperationError, asked once per client, in both envelope styles', async () => {
    for (const envelope of ['spec', 'real'] as const) {
      sb.configure({ timeLogList: false, envelope });
      sb.resetRequests();
      const c = fresh();
      expect(c.timeLogListSupported()).toBeUndefined();
      await expect(c.allTimeLogs(range)).rejects.toBeInstanceOf(UnsupportedOperationError);
      await expect(c.allTimeLogs({ ...range, fromDate: range.toDate })).rejects.toMatchObject({
        name: 'UnsupportedOperationError',
        applied: 'no',
      });
      expect(c.timeLogListSupported()).toBe(false);
      expect(listRequests(), envelope).toHaveLength(1);
    }
    // remembered for the client's lifetime; a new client (a new session) asks again
    sb.configure({ timeLogList: true, envelope: 'spec' });
    expect((await fresh().allTimeLogs(range)).length).toBe(BULK_DAYS.length * PER_DAY);
  });

  it('refuses a query without its required fields before sending anything', () => {
    // named at its field: the field keeps the code's name, the words are the user's
    expect(() => client.listTimeLogs({ user: USER, fromDate: '2025-11-03', toDate: '' })).toThrow(
      /^Cannot list time logs: To: this cannot be empty\./,
    );
    expect(() => client.listTimeLogs({ user: USER, fromDate: '2025-11-03', toDate: '' })).toThrow(
      expect.objectContaining({ violations: expect.arrayContaining([expect.objectContaining({ field: 'toDate', rule: 'required' })]) }),
    );
    expect(listRequests()).toHaveLength(0);
  });
});
