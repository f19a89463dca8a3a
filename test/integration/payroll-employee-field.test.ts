/**
 * Payroll rows against services that name the employee in different fields (spec 2.4 leaves it unnamed): the sandbox's
 * `payrollEmployeeField` switch, over real HTTP, through the client and the whole core. Every row names its employee
 * whatever the field, and a service that names nobody is told apart (never an empty name).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient, SANDBOX_POLICY } from '../../src/core/service';
import type { ServiceClient } from '../../src/core/service';
import { startSandbox } from '../../src/sandbox';
import type { PayrollEmployeeField, Sandbox } from '../../src/sandbox';
import type { EmployeeRecord, PayrollRecord } from '../../src/shared/domain';
import { currencyNote, NOT_NAMED, payrollCsv, rowEmployee } from '../../src/shared/team/payroll';
import { call, startCoreOverSandbox, type CoreOverSandbox } from '../fixtures/core-over-sandbox';

const TODAY = '2026-11-18';
const MONTH = { fromDate: '2026-10-01', toDate: '2026-10-31' };

let sb: Sandbox;
let client: ServiceClient;
beforeAll(async () => {
  sb = await startSandbox({ today: TODAY });
  client = createServiceClient({ baseUrl: sb.url, getToken: async () => sb.demoToken, policy: SANDBOX_POLICY });
});
afterAll(async () => {
  await sb.close();
});
afterEach(() => sb.configure({ payrollEmployeeField: 'spec', payrollCurrency: 'USD' }));

const people = () => sb.state().employees;
const report = () => client.payrollReport({ user: 'all', ...MONTH });

describe('whatever field names the employee', () => {
  const cases: Array<[PayrollEmployeeField, (r: PayrollRecord) => string | undefined, string[]]> = [
    ['Employee_Name', (r) => r.employeeName, ['firstName', 'lastName']],
    ['empName', (r) => r.employeeName, ['firstName', 'lastName']],
    ['name', (r) => r.employeeName, ['firstName', 'lastName']],
    ['EmployeeName', (r) => r.employeeName, ['firstName', 'lastName']],
    ['First_Name+Last_Name', (r) => r.employeeName, ['firstName', 'lastName']],
    ['Email_ID', (r) => r.employeeEmail, ['email']],
    ['erecno', (r) => r.employeeId, ['recordId']],
    ['Employee_ID', (r) => r.employeeId, ['employeeId']],
  ];
  it.each(cases)('%s: every row is named, by the value the service holds', async (field, read, from) => {
    sb.configure({ payrollEmployeeField: field });
    const rows = await report();
    const raw = (await fetch(
      `${sb.url}/api/timetracker/getpayrollreport?user=all&fromDate=${MONTH.fromDate}&toDate=${MONTH.toDate}&dateFormat=yyyy-MM-dd`,
      { headers: { Authorization: `Zoho-oauthtoken ${sb.demoToken}` } },
    ).then((r) => r.json())) as { result?: Array<Record<string, unknown>>; response?: { result: Array<Record<string, unknown>> } };
    const sent = raw.result ?? raw.response!.result;
    // the service really sent only that field (so the test could fail)
    expect(
      Object.keys(sent[0])
        .filter((k) => !['regularHour', 'OtHours', 'paidLeaveHours', 'totalAmount', 'currency', 'hourlyRate'].includes(k))
        .sort(),
    ).toEqual(field === 'First_Name+Last_Name' ? ['First_Name', 'Last_Name'] : [field]);

    expect(rows).toHaveLength(people().length);
    expect(rows.every((r) => rowEmployee(r).named)).toBe(true);
    const want = people()
      .map((e) => from.map((k) => e[k as keyof typeof e]).join(' '))
      .sort();
    expect(rows.map(read).sort()).toEqual(want);
    // and the field is not kept twice (once named, once in extra)
    expect(Object.keys(rows[0].extra).sort()).toEqual(['currency', 'hourlyRate']);
  });

  it('says so when the rows name nobody, in the table and the CSV', async () => {
    sb.configure({ payrollEmployeeField: 'none' });
    const rows = await report();
    expect(rows).toHaveLength(people().length);
    expect(rows.every((r) => !rowEmployee(r).named && rowEmployee(r).label === NOT_NAMED)).toBe(true);
    expect(payrollCsv(rows).split('\r\n')[1]).toMatch(new RegExp(`^${NOT_NAMED},,,`));
  });
});

describe('the currency', () => {
  it('comes with the rows, or the report says it did not', async () => {
    sb.configure({ payrollCurrency: 'EUR' });
    const eur = await report();
    expect(eur.every((r) => r.extra.currency === 'EUR')).toBe(true);
    expect(currencyNote(eur)).toBeNull();
    sb.configure({ payrollCurrency: null });
    const none = await report();
    expect(none.every((r) => r.extra.currency === undefined)).toBe(true);
    expect(currencyNote(none)).toBe('Amounts are plain numbers: currency not given by the service.');
  });

  it('is switched over the admin route too, which refuses a field it does not know', async () => {
    const configure = (body: unknown) =>
      fetch(`${sb.url}/__sandbox/configure`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await configure({ payrollEmployeeField: 'empName', payrollCurrency: 'GBP' })).status).toBe(200);
    const rows = await report();
    expect(rows[0].employeeName).toMatch(/\S/);
    expect(rows[0].extra.currency).toBe('GBP');
    const bad = await configure({ payrollEmployeeField: 'nickname' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/payrollEmployeeField must be one of/);
  });
});

describe('through the whole core (the bridge contract)', () => {
  let world: CoreOverSandbox;
  beforeAll(async () => {
    world = await startCoreOverSandbox({ today: TODAY, dirPrefix: 'punch-payroll-field-' });
  });
  afterAll(async () => {
    await world.close();
  });

  it('names each employee once over a two-month period, and keeps unnamed rows apart', async () => {
    world.sb.configure({ payrollEmployeeField: 'Employee_Name' });
    const named = await call<PayrollRecord[]>(world.core, 'payrollReport', { from: '2026-09-01', to: '2026-10-31' });
    expect(named.map((r) => r.employeeName).sort()).toEqual(
      world.sb
        .state()
        .employees.map((e) => `${e.firstName} ${e.lastName}`)
        .sort(),
    );

    world.sb.configure({ payrollEmployeeField: 'none' });
    const unnamed = await call<PayrollRecord[]>(world.core, 'payrollReport', { from: '2026-09-01', to: '2026-10-31' });
    expect(unnamed).toHaveLength(2 * world.sb.state().employees.length);
  });

  it('searches employees by part of a name through the contract', async () => {
    const found = await call<EmployeeRecord[]>(world.core, 'listEmployees', { query: 'CHEN' });
    expect(found.map((e) => e.email)).toEqual(['liam.chen@demo.punchcard.test']);
    const refused = await world.core.dispatch('listEmployees', { query: 'x'.repeat(201) });
    expect(refused.ok).toBe(false);
  });
});
