/**
 * Whose payroll row it is (service/wire/normalize-payroll.ts): spec 2.4 leaves the employee field unnamed, so the client
 * reads whatever name, email or id field a row holds, and leaves them unset (never '') when it holds none.
 * @inner src/core/service/wire/json.ts, src/core/service/wire/normalize-payroll.ts, src/core/service/wire/normalize-person.ts
 */
import { describe, expect, it } from 'vitest';
import { toPayrollRecord } from '../../src/core/service/wire/normalize-payroll';
import { findEmployee } from '../../src/core/service/wire/normalize-person';
import { parseJsonLossless } from '../../src/core/service/wire/json';

const HOURS = { regularHour: '160:00', OtHours: '04:30', paidLeaveHours: '08:00', totalAmount: '5120.50', currency: 'EUR' };
const who = (fields: Record<string, unknown>) => {
  const r = toPayrollRecord({ ...HOURS, ...fields });
  return { name: r.employeeName, email: r.employeeEmail, id: r.employeeId };
};

describe('the name of a payroll row', () => {
  it.each([
    [{ employeeName: 'Liam Chen' }],
    [{ Employee_Name: 'Liam Chen' }],
    [{ empName: 'Liam Chen' }],
    [{ name: 'Liam Chen' }],
    [{ EmployeeName: 'Liam Chen' }],
    [{ 'Employee Name': 'Liam Chen' }],
    [{ EMPLOYEE_NAME: 'Liam Chen' }],
    [{ full_name: 'Liam Chen' }],
    [{ First_Name: 'Liam', Last_Name: 'Chen' }],
    [{ firstName: 'Liam', lastName: 'Chen' }],
    [{ 'First Name': 'Liam', Surname: 'Chen' }],
    [{ employee: { name: 'Liam Chen' } }],
    [{ staff_display_name: 'Liam Chen' }],
  ])('is read from %j', (fields) => {
    expect(who(fields).name).toBe('Liam Chen');
  });

  it('prefers a known name field over a split name and over a field that only says "name"', () => {
    expect(who({ nameOnCard: 'L. Chen', First_Name: 'Liam', Last_Name: 'Chen' }).name).toBe('Liam Chen');
    expect(who({ First_Name: 'X', Last_Name: 'Y', Employee_Name: 'Liam Chen' }).name).toBe('Liam Chen');
  });

  it('takes one half of a split name when only one is there', () => {
    expect(who({ FirstName: 'Liam' }).name).toBe('Liam');
  });

  it("never takes a job's, a project's or a manager's name for the employee's", () => {
    expect(
      who({ jobName: 'Build', projectName: 'Apollo', clientName: 'Acme', managerName: 'Maya Patel', department_name: 'Ops' }).name,
    ).toBeUndefined();
  });

  it('reads an id in a name field as an id, and an email in it as an email', () => {
    expect(who({ employee: 'E-100' })).toEqual({ name: undefined, email: undefined, id: 'E-100' });
    expect(who({ name: 'liam.chen@demo.test' })).toEqual({ name: undefined, email: 'liam.chen@demo.test', id: undefined });
  });
});

describe('the email and the id of a payroll row', () => {
  it.each([
    [{ employeeEmail: 'liam@x.test' }],
    [{ Email_ID: 'liam@x.test' }],
    [{ EMPLOYEEMAILALIAS: 'liam@x.test' }],
    [{ 'e-mail': 'liam@x.test' }],
    [{ work_email_address: 'liam@x.test' }],
    [{ user: 'liam@x.test' }],
  ])('reads the email from %j', (fields) => {
    expect(who(fields).email).toBe('liam@x.test');
  });

  it("does not take the manager's email for the employee's", () => {
    expect(who({ managerEmail: 'maya@x.test', approver_email: 'dan@x.test' }).email).toBeUndefined();
  });

  it.each([
    [{ employeeId: 'E-7' }, 'E-7'],
    [{ Employee_ID: 'E-7' }, 'E-7'],
    [{ EMPLOYEEID: 'E-7' }, 'E-7'],
    [{ empId: 'E-7' }, 'E-7'],
    [{ employee_number: 'E-7' }, 'E-7'],
    [{ erecno: '412000000098765432' }, '412000000098765432'],
    [{ Zoho_ID: 9 }, '9'],
  ])('reads the id from %j', (fields, id) => {
    expect(who(fields).id).toBe(id);
  });

  it('prefers the employee id to the record id, and keeps an 18-digit id exact', () => {
    const r = toPayrollRecord(parseJsonLossless('{"erecno":412000000098765432,"Employee_ID":"E-7","regularHour":"1:00"}'));
    expect(r.employeeId).toBe('E-7');
    const only = toPayrollRecord(parseJsonLossless('{"erecno":412000000098765432,"regularHour":"1:00"}'));
    expect(only.employeeId).toBe('412000000098765432');
  });
});

describe('a payroll row as a whole', () => {
  it('keeps the fields it used out of extra and every other field in it', () => {
    const r = toPayrollRecord({ ...HOURS, Employee_Name: 'Liam Chen', Email_ID: 'liam@x.test', hourlyRate: 32, Department: 'Ops' });
    expect(r).toMatchObject({
      employeeName: 'Liam Chen',
      employeeEmail: 'liam@x.test',
      regularHour: '160:00',
      OtHours: '04:30',
      totalAmount: '5120.50',
    });
    expect(r.extra).toEqual({ currency: 'EUR', hourlyRate: '32', Department: 'Ops' });
  });

  it('leaves name, email and id unset (not empty) when the row names nobody', () => {
    const r = toPayrollRecord({ ...HOURS, hourlyRate: '30.00', note: '' });
    expect(r).not.toHaveProperty('employeeName');
    expect(r).not.toHaveProperty('employeeEmail');
    expect(r).not.toHaveProperty('employeeId');
    expect(findEmployee({ employeeName: '  ', email: '' })).toEqual({ name: undefined, email: undefined, id: undefined, used: new Set() });
  });
});
