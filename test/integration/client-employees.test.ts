/**
 * spec 4.4 employee records through the client, against the sandbox over real HTTP.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { createServiceClient, AuthError, ServiceError, SANDBOX_POLICY } from '../../src/core/service';
import type { ServiceClient } from '../../src/core/service';

let sb: Sandbox;
afterEach(async () => {
  await sb?.close();
});

async function open(opts: Parameters<typeof startSandbox>[0] = {}, token?: (s: Sandbox) => string): Promise<ServiceClient> {
  sb = await startSandbox({ today: '2025-11-20', seed: 1, ...opts });
  const t = token ? token(sb) : sb.demoToken;
  return createServiceClient({ baseUrl: sb.url, getToken: async () => t, policy: SANDBOX_POLICY });
}
const listRequests = () => sb.requests().filter((r) => r.path === '/api/forms/P_EmployeeView/records');

const ADA = { 'First Name': 'Ada', 'Last Name': 'Byron', Email: 'ada.byron@demo.punchcard.test', 'Employee ID': 'PC900' };

describe('listing employees', () => {
  it('pages 430 extra employees from sIndex 1 in steps of rec_limit, each page once', async () => {
    const client = await open({ extraEmployees: 430 });
    const all = await client.allEmployees();
    expect(all.length).toBe(sb.state().employees.length);
    expect(new Set(all.map((e) => e.recordId)).size).toBe(all.length);
    expect(listRequests().map((r) => r.params.sIndex)).toEqual(['1', '201', '401']);
    expect(listRequests().every((r) => r.params.rec_limit === '200')).toBe(true);
  });

  it('pages in smaller steps when asked, still from index 1', async () => {
    const client = await open();
    const seen: string[] = [];
    for await (const e of client.employees({}, { limit: 5 })) seen.push(e.recordId);
    expect(seen).toEqual(sb.state().employees.map((e) => e.recordId));
    const starts = listRequests().map((r) => Number(r.params.sIndex));
    expect(starts[0]).toBe(1);
    expect(starts.every((s, i) => s === 1 + 5 * i)).toBe(true);
  });

  it('searches by email and by employee id', async () => {
    const client = await open();
    const maya = sb.state().employees.find((e) => e.email === sb.demoUser)!;
    const byEmail = await client.allEmployees({ searchColumn: 'EMPLOYEEMAILALIAS', searchValue: maya.email });
    expect(byEmail.map((e) => e.recordId)).toEqual([maya.recordId]);
    const byId = await client.allEmployees({ searchColumn: 'EMPLOYEEID', searchValue: maya.employeeId });
    expect(byId[0]).toMatchObject({
      recordId: maya.recordId,
      employeeId: maya.employeeId,
      firstName: maya.firstName,
      lastName: maya.lastName,
      email: maya.email,
    });
    expect(byId[0].recordId).not.toBe(byId[0].employeeId); // spec 2.7: two different values
  });

  it('lists only records modified after a timestamp', async () => {
    const client = await open();
    const { pkId } = await client.insertEmployee(ADA);
    const inserted = sb.state().employees.find((e) => e.recordId === pkId)!;
    const changed = await client.allEmployees({ modifiedtime: inserted.modifiedTime - 1 });
    expect(changed.map((e) => e.recordId)).toContain(pkId);
    expect(changed.every((e) => (e.modifiedTime ?? 0) > inserted.modifiedTime - 1)).toBe(true);
    expect(listRequests().at(-1)!.params.modifiedtime).toBe(String(inserted.modifiedTime - 1));
  });
});

describe('reading and writing one employee', () => {
  it('reads a record by record id, and gives null for an unknown one', async () => {
    const client = await open();
    const olivia = sb.state().employees[0];
    expect(await client.employee(olivia.recordId)).toMatchObject({ recordId: olivia.recordId, email: olivia.email });
    expect(await client.employee('412000000000000000')).toBeNull();
  });

  it('inserts a record keyed by labels and reads it back', async () => {
    const client = await open();
    const { pkId, message } = await client.insertEmployee({ ...ADA, Department: 'Research' });
    expect(message).toMatch(/Added/);
    const rec = await client.employee(pkId);
    expect(rec).toMatchObject({ firstName: 'Ada', lastName: 'Byron', email: ADA.Email, employeeId: 'PC900' });
    expect(rec!.fields.Department).toBe('Research');
  });

  it('updates only the given fields', async () => {
    const client = await open();
    const { pkId } = await client.insertEmployee(ADA);
    const out = await client.updateEmployee(pkId, { Designation: 'Analyst' });
    expect(out.pkId).toBe(pkId);
    const req = sb.requests().at(-1)!;
    expect(req.path).toBe('/api/forms/json/P_Employee/updateRecord');
    expect(req.params).toEqual({ inputData: '{"Designation":"Analyst"}', recordId: pkId });
    expect((await client.employee(pkId))!.fields.Designation).toBe('Analyst');
  });

  it('names the missing mandatory labels (7052), in both envelope styles', async () => {
    const client = await open();
    for (const envelope of ['spec', 'real'] as const) {
      sb.configure({ envelope });
      const err = await client.insertEmployee({ 'First Name': 'Solo' }).catch((e) => e);
      expect(err, envelope).toBeInstanceOf(ServiceError);
      expect(err.code).toBe(7052);
      expect(err.message).toMatch(/Last Name/);
      expect(err.message).toMatch(/Email/);
    }
  });

  it('refuses a write with a read-only token as AuthError 9000, while reads still work', async () => {
    const client = await open({}, (s) => s.issueToken({ user: s.demoUser, scopes: ['forms.READ'] }));
    expect((await client.allEmployees()).length).toBeGreaterThan(0);
    const err = await client.insertEmployee(ADA).catch((e) => e);
    expect(err).toBeInstanceOf(AuthError);
    expect(err.code).toBe(9000);
  });
});
