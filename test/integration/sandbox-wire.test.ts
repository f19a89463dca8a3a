/**
 * The sandbox's wire shapes (docs/wire-format.md) over real HTTP: both envelope styles, numeric ids exact in the
 * raw text, 0-based vs 1-based paging capped at 200, tokens and scopes, and the employee records operations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox';

const TODAY = '2025-03-12';
let sb: Sandbox;

async function raw(method: 'GET' | 'POST', path: string, params: Record<string, string> = {}, auth = `Zoho-oauthtoken ${sb.demoToken}`) {
  const url = new URL(`${sb.url}${path}`);
  const init: RequestInit = { method, headers: auth ? { authorization: auth } : {} };
  if (method === 'GET') for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  else init.body = new URLSearchParams(params);
  const res = await fetch(url, init);
  const text = await res.text();
  return { status: res.status, text, json: JSON.parse(text), headers: res.headers };
}

beforeAll(async () => {
  sb = await startSandbox({ today: TODAY, extraJobs: 450, extraEmployees: 430 });
});
afterAll(() => sb.close());

describe('envelopes', () => {
  it('answers spec style with {result} and HTTP 4xx {error:{code,message}}', async () => {
    const ok = await raw('GET', '/api/timetracker/gettimetrackersettings');
    expect(ok.json).toEqual({
      result: expect.objectContaining({ maxHoursPerDay: '10:00', allowedPastDays: 60, timesheetSubmissionDay: 'Friday' }),
    });
    const bad = await raw('GET', '/api/timetracker/gettimesheetdetails', { timesheetId: '123' });
    expect(bad.status).toBe(404);
    expect(bad.json.error.code).toBe(9008);
  });

  it('answers real style inside response with status 0, capitalised statuses and lower-case billing', async () => {
    sb.configure({ envelope: 'real' });
    try {
      const r = await raw('GET', '/api/timetracker/gettimesheet', { user: 'all', limit: '5' });
      expect(r.status).toBe(200);
      expect(r.json.response).toMatchObject({
        status: 0,
        uri: '/api/timetracker/gettimesheet',
        message: 'Data fetched successfully',
        isNextAvailable: true,
      });
      expect(r.json.response.result[0].status).toMatch(/^(Draft|Pending|Approved|Rejected)$/);
      const jobs = await raw('GET', '/api/timetracker/getjobs', { jobStatus: 'all', limit: '20' });
      const spellings = new Set(
        jobs.json.response.result.flatMap((j: { jobStatus: string; jobBillableStatus: string }) => [j.jobStatus, j.jobBillableStatus]),
      );
      expect(spellings).toEqual(new Set(['In-progress', 'Completed', 'billable', 'non-billable']));
    } finally {
      sb.configure({ envelope: 'spec' });
    }
  });

  it('sends real style errors with HTTP 200, alternating errors between an object and an array', async () => {
    sb.configure({ envelope: 'real' });
    try {
      const a = await raw('GET', '/api/timetracker/gettimesheetdetails', { timesheetId: '1' });
      const b = await raw('GET', '/api/timetracker/gettimesheetdetails', { timesheetId: '1' });
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.json.response.status).toBe(1);
      const shapes = [a, b].map((r) => Array.isArray(r.json.response.errors));
      expect(shapes[0]).not.toBe(shapes[1]);
      const codes = [a, b].map((r) => [r.json.response.errors].flat()[0].code);
      expect(codes).toEqual([9008, 9008]);
      const unknownToken = await raw('GET', '/api/timetracker/getjobs', {}, 'Zoho-oauthtoken nope');
      expect(unknownToken.status).toBe(200);
      expect([unknownToken.json.response.errors].flat()[0].code).toBe(7202);
    } finally {
      sb.configure({ envelope: 'spec' });
    }
  });

  it('returns the view listing as a bare array in both styles', async () => {
    expect(Array.isArray((await raw('GET', '/api/forms/P_EmployeeView/records', { rec_limit: '3' })).json)).toBe(true);
    sb.configure({ envelope: 'real' });
    try {
      expect(Array.isArray((await raw('GET', '/api/forms/P_EmployeeView/records', { rec_limit: '3' })).json)).toBe(true);
    } finally {
      sb.configure({ envelope: 'spec' });
    }
  });
});

describe('numeric ids', () => {
  it('writes 18-digit ids as bare JSON numbers with every digit exact', async () => {
    sb.configure({ numericIds: true });
    try {
      const r = await raw('GET', '/api/timetracker/gettimesheet', { user: 'maya.patel@demo.punchcard.test', limit: '1' });
      const id = sb
        .state()
        .timesheets.filter((t) => t.user === 'maya.patel@demo.punchcard.test')
        .sort((a, b) => b.fromDate.localeCompare(a.fromDate))[0].timesheetId;
      expect(r.text).toContain(`"recordId":${id},`);
      expect(BigInt(id)).toBeGreaterThan(2n ** 53n);
      // A plain JSON.parse would round it: the reason clients must parse losslessly.
      expect(String(r.json.result[0].recordId)).not.toBe(id);
      const created = await raw('POST', '/api/timetracker/addtimelog', {
        user: 'maya.patel@demo.punchcard.test',
        workDate: TODAY,
        hours: '00:30',
        jobName: 'Training',
      });
      expect(created.text).toMatch(/"timeLogId":\d{18},/);
    } finally {
      sb.configure({ numericIds: false });
    }
  });
});

describe('paging', () => {
  it('pages jobs from sIndex 0, caps limit at 200 and reaches every job exactly once', async () => {
    const capped = await raw('GET', '/api/timetracker/getjobs', { limit: '500' });
    expect(capped.json.result).toHaveLength(200);
    const seen: string[] = [];
    for (let sIndex = 0; ; sIndex += 200) {
      const page = (await raw('GET', '/api/timetracker/getjobs', { sIndex: String(sIndex), limit: '200' })).json.result as Array<{
        jobId: string;
      }>;
      seen.push(...page.map((j) => j.jobId));
      if (page.length < 200) break;
    }
    const inProgress = sb.state().jobs.filter((j) => j.jobStatus === 'in-progress');
    expect(seen).toHaveLength(inProgress.length);
    expect(new Set(seen).size).toBe(inProgress.length);
    expect(seen[0]).toBe(inProgress[0].jobId);
  });

  it('pages employee records from sIndex 1 with rec_limit capped at 200', async () => {
    const all = sb.state().employees;
    expect(all).toHaveLength(442);
    const first = (await raw('GET', '/api/forms/P_EmployeeView/records', { sIndex: '1', rec_limit: '1000' })).json;
    expect(first).toHaveLength(200);
    expect(first[0].recordId).toBe(all[0].recordId);
    const third = (await raw('GET', '/api/forms/P_EmployeeView/records', { sIndex: '401', rec_limit: '200' })).json;
    expect(third.map((e: { recordId: string }) => e.recordId)).toEqual(all.slice(400).map((e) => e.recordId));
    expect((await raw('GET', '/api/forms/P_EmployeeView/records', { sIndex: '0' })).json.error.code).toBe(9003);
  });
});

describe('tokens and scopes', () => {
  it('accepts Bearer as well as Zoho-oauthtoken, and refuses a missing or unknown token with 7202', async () => {
    expect((await raw('GET', '/api/timetracker/getjobs', {}, `Bearer ${sb.demoToken}`)).status).toBe(200);
    const none = await raw('GET', '/api/timetracker/getjobs', {}, '');
    expect([none.status, none.json.error.code]).toEqual([401, 7202]);
    expect(none.text).not.toContain(sb.demoToken);
  });

  it('lets a read-only forms token list employees but refuses it an insert and the time tracker', async () => {
    const reader = sb.issueToken({ user: 'maya.patel@demo.punchcard.test', scopes: ['ZOHOPEOPLE.forms.READ'] });
    const auth = `Zoho-oauthtoken ${reader}`;
    expect((await raw('GET', '/api/forms/P_EmployeeView/records', { rec_limit: '1' }, auth)).status).toBe(200);
    const insert = await raw('POST', '/api/forms/json/P_Employee/insertRecord', { inputData: '{"First Name":"A"}' }, auth);
    expect([insert.status, insert.json.error.code]).toEqual([403, 9000]);
    expect((await raw('GET', '/api/timetracker/getjobs', {}, auth)).json.error.code).toBe(9000);
  });
});

describe('employee records', () => {
  const form = (op: string) => `/api/forms/json/P_Employee/${op}`;

  it('inserts a record, finds it by email, reads it by record id and lists it as modified after a time', async () => {
    const before = Math.max(...sb.state().employees.map((e) => e.modifiedTime));
    const inputData = JSON.stringify({
      'First Name': 'Grace',
      'Last Name': 'Hopper',
      Email: 'grace.hopper@demo.punchcard.test',
      'Employee ID': 'PC900',
    });
    const ins = await raw('POST', form('insertRecord'), { inputData });
    expect(ins.json.result.message).toBe('Successfully Added');
    const pkId = ins.json.result.pkId as string;
    const found = (
      await raw('GET', '/api/forms/P_EmployeeView/records', {
        searchColumn: 'EMPLOYEEMAILALIAS',
        searchValue: 'grace.hopper@demo.punchcard.test',
      })
    ).json;
    expect(found.map((e: { recordId: string }) => e.recordId)).toEqual([pkId]);
    expect((await raw('GET', form('getDataByID'), { recordId: pkId })).json.result[0].EmployeeID).toBe('PC900');
    const changed = (await raw('GET', '/api/forms/P_EmployeeView/records', { modifiedtime: String(before) })).json;
    expect(changed.map((e: { recordId: string }) => e.recordId)).toEqual([pkId]);
    // Parameters in the query string work as well as a form body.
    const upd = await fetch(
      `${sb.url}${form('updateRecord')}?${new URLSearchParams({ recordId: pkId, inputData: '{"Designation":"Admiral"}' })}`,
      {
        method: 'POST',
        headers: { authorization: `Zoho-oauthtoken ${sb.demoToken}` },
      },
    );
    expect(((await upd.json()) as { result: { pkId: string } }).result.pkId).toBe(pkId);
    expect(sb.state().employees.find((e) => e.recordId === pkId)?.designation).toBe('Admiral');
  });

  it('names missing mandatory fields (7052, an object in real style), refuses duplicates, unknown ids and xml', async () => {
    const missing = await raw('POST', form('insertRecord'), { inputData: '{"First Name":"Solo"}' });
    expect(missing.json.error.code).toBe(7052);
    expect(missing.json.error.message).toMatch(/Last Name.*Email.*Employee ID/);
    sb.configure({ envelope: 'real' });
    try {
      const real = await raw('POST', form('insertRecord'), { inputData: '{"Last Name":"Solo","Email":"s@x.test","Employee ID":"X1"}' });
      expect([real.json.response.errors].flat()[0].message).toEqual({ 'First Name': 'is mandatory' });
    } finally {
      sb.configure({ envelope: 'spec' });
    }
    const dup = await raw('POST', form('insertRecord'), {
      inputData: JSON.stringify({ 'First Name': 'M', 'Last Name': 'P', Email: 'maya.patel@demo.punchcard.test', 'Employee ID': 'PC999' }),
    });
    expect(dup.json.error.code).toBe(9003);
    expect((await raw('GET', form('getDataByID'), { recordId: '100000000000000000' })).json.error.code).toBe(7049);
    const xml = await raw('POST', '/api/forms/xml/P_Employee/insertRecord', { inputData: '<x/>' });
    expect(xml.json.error.message).toMatch(/xml input not supported/);
  });
});
