/**
 * Wire -> domain for payroll report rows (spec 2.4). The spec names only the hour and amount fields
 * (`regularHour, OtHours, paidLeaveHours, totalAmount; further fields exist`): which field says whose row it is, it
 * does not say. So the client reads what each row holds (docs/wire-format.md "Payroll rows: whose row"):
 *
 *  1. a name: a known name field (`employeeName`, `Employee_Name`, `empName`, `EmployeeName`, `name`, `fullName` ...),
 *     else a first and a last name field put together (`First_Name` + `Last_Name`), else any other field whose name
 *     says "name" and is not about something else (a job, a project, a manager ...);
 *  2. an email: `employeeEmail`, `Email_ID`, `EMPLOYEEMAILALIAS`, any field about mail, or any value that is an
 *     email address in a `user` / `login` field;
 *  3. an id: an employee id (`employeeId`, `Employee_ID`, `empId`, `employeeNumber` ...), else a record id (`erecno`,
 *     `Zoho_ID`, `recordId`).
 *
 * Field names are compared without case, spaces, underscores, hyphens and dots (`Employee_Name` = `employee name` =
 * `EMPLOYEENAME`); one nested level is read too (`employee: {name, email}`). The fields used are not repeated in
 * `extra`; every other field is kept there as text (`currency`, `hourlyRate` ...). A row with none of the three keeps
 * them unset: the app says so ("Not named by the service") rather than showing an empty cell.
 */
import type { PayrollRecord } from '../../shared/domain';
import { z } from 'zod';
import {
  anyAsText,
  optionalId,
  optionalText,
  readWire,
  renamed,
  wireHours,
  wireList,
  wireObject,
  wireText,
  type Wire,
} from './wire-fields';

/** `Employee_Name` -> `employeename`. */
export const squashKey = (key: string): string => key.toLowerCase().replace(/[\s_.-]+/g, '');

const NAME_KEYS = [
  'employeename',
  'empname',
  'employeefullname',
  'empfullname',
  'fullname',
  'name',
  'displayname',
  'employeedisplayname',
  'employee',
  'emp',
  'staffname',
  'workername',
  'personname',
  'membername',
  'ename',
];
const FIRST_KEYS = ['firstname', 'employeefirstname', 'empfirstname', 'fname', 'givenname', 'forename', 'first'];
const LAST_KEYS = ['lastname', 'employeelastname', 'emplastname', 'lname', 'surname', 'familyname', 'last'];
const EMAIL_KEYS = [
  'employeeemail',
  'employeeemailid',
  'email',
  'emailid',
  'emailaddress',
  'employeemailalias',
  'empemail',
  'empemailid',
  'mail',
  'mailid',
  'officialemail',
  'workemail',
  'employeemail',
];
const EMPLOYEE_ID_KEYS = [
  'employeeid',
  'empid',
  'employeeno',
  'employeenumber',
  'empno',
  'empnumber',
  'employeecode',
  'empcode',
  'staffid',
  'staffno',
  'workerid',
  'personid',
  'eid',
];
const RECORD_ID_KEYS = ['erecno', 'employeerecordid', 'zohoid', 'recordid', 'recno'];
/** Fields about someone or something else than the row's employee: never read as the employee's name or email. */
const NOT_THE_EMPLOYEE =
  /job|project|client|customer|task|company|organi[sz]ation|org|department|dept|division|team|manager|approver|reporting|reportsto|supervisor|lead|designation|title|role|location|branch|site|leave|holiday|file|currency|timesheet|period|payroll|form|view|nick|middle|creator|createdby|modifiedby|addedby/;
/** Keys whose value may be the employee's email (`user`: the report's own parameter is an email or an id). */
const LOGIN_KEYS = ['user', 'username', 'userid', 'login', 'loginid', 'account'];
const EMAIL_VALUE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** `E-100`, `PC001`, `4120000987`: an id, not a name, even under a key like `employee`. */
const ID_VALUE = /^[A-Za-z]{0,4}[-_ ]?\d+$/;
const looksLikeName = (v: string) => !v.includes('@') && /\p{L}/u.test(v) && !ID_VALUE.test(v);
const notEmail = (v: string) => !v.includes('@');

interface Found {
  name?: string;
  email?: string;
  id?: string;
  used: Set<string>;
}

/** The row's text values by squashed key, keeping the key as received (to leave it out of `extra`). */
function entries(o: Wire): Array<{ key: string; squashed: string; value: unknown }> {
  return Object.entries(o).map(([key, value]) => ({ key, squashed: squashKey(key), value }));
}

function textValue(v: unknown): string | undefined {
  const t = typeof v === 'number' ? optionalId(v) : optionalText(v);
  const s = t?.trim();
  return s ? s : undefined;
}

/** Who the row is for: see the file comment for the order. Reads one nested level (`employee: {...}`). */
export function findEmployee(o: Wire): Found {
  const all = entries(o);
  const found: Found = { used: new Set() };
  /** The first field not used yet that `match`es by key and whose text value passes `ok`; marked used. */
  const find = (match: (squashed: string) => boolean, ok: (value: string) => boolean = () => true) => {
    const e = all.find((x) => !found.used.has(x.key) && match(x.squashed) && textValue(x.value) !== undefined && ok(textValue(x.value)!));
    if (!e) return undefined;
    found.used.add(e.key);
    return textValue(e.value)!;
  };
  /** Known keys in their order of preference. */
  const known = (keys: string[], ok?: (value: string) => boolean) => {
    for (const k of keys) {
      const v = find((s) => s === k, ok);
      if (v !== undefined) return v;
    }
    return undefined;
  };
  const aboutOthers = (s: string) => NOT_THE_EMPLOYEE.test(s);

  found.name = known(NAME_KEYS, looksLikeName);
  if (found.name === undefined) {
    const joined = [known(FIRST_KEYS, notEmail), known(LAST_KEYS, notEmail)].filter(Boolean).join(' ');
    if (joined) found.name = joined;
  }
  found.name ??= find((s) => s.includes('name') && !aboutOthers(s), looksLikeName);

  found.email =
    known(EMAIL_KEYS) ??
    find((s) => s.includes('mail') && !aboutOthers(s)) ??
    find(
      (s) => NAME_KEYS.includes(s) || LOGIN_KEYS.includes(s),
      (v) => EMAIL_VALUE.test(v),
    );

  found.id =
    known(EMPLOYEE_ID_KEYS, notEmail) ??
    find((s) => /^(emp|employee|staff|worker)/.test(s) && /(id|no|number|code)$/.test(s) && !aboutOthers(s), notEmail) ??
    known(RECORD_ID_KEYS, notEmail) ??
    find(
      (s) => s === 'employee' || s === 'emp',
      (v) => ID_VALUE.test(v),
    );

  // One nested level: `employee: {name, email, id}`, `emp: {...}`, `user: {...}`.
  if (found.name === undefined || found.email === undefined || found.id === undefined) {
    for (const e of all) {
      if (typeof e.value !== 'object' || e.value === null || Array.isArray(e.value)) continue;
      if (!/^(emp|employee|staff|worker|user|person|member)/.test(e.squashed)) continue;
      const inner = findEmployee(e.value as Wire);
      if (inner.name === undefined && inner.email === undefined && inner.id === undefined) continue;
      found.used.add(e.key);
      found.name ??= inner.name;
      found.email ??= inner.email;
      found.id ??= inner.id;
    }
  }
  return found;
}

const HOUR_KEYS = {
  regularHour: ['regularHour', 'regularHours', 'RegularHour', 'regular_hours'],
  OtHours: ['OtHours', 'otHours', 'OTHours', 'overtimeHours', 'ot_hours'],
  paidLeaveHours: ['paidLeaveHours', 'PaidLeaveHours', 'paid_leave_hours'],
  totalAmount: ['totalAmount', 'TotalAmount', 'total_amount'],
};
const HOURS_AND_AMOUNT = new Set(Object.values(HOUR_KEYS).flat());

/** spec 2.4: the hours and the amount by their known spellings; who the row is for (`findEmployee`); `extra` keeps every further field as text. */
export const payrollRecordSchema: z.ZodType<PayrollRecord> = wireObject('payroll record')
  .transform((o) => {
    const who = findEmployee(o);
    const extra: Record<string, string> = {};
    for (const [k, val] of Object.entries(o)) if (!HOURS_AND_AMOUNT.has(k) && !who.used.has(k)) extra[k] = anyAsText(val);
    return { ...renamed(o, HOUR_KEYS), who, extra };
  })
  .pipe(
    z.object({
      regularHour: wireHours,
      OtHours: wireHours,
      paidLeaveHours: wireHours,
      totalAmount: wireText.transform((t) => t.trim() || '0'),
      who: z.custom<Found>(),
      extra: z.custom<Record<string, string>>(),
    }),
  )
  .transform(({ who, ...rec }): PayrollRecord => ({
    ...rec,
    ...(who.name !== undefined ? { employeeName: who.name } : {}),
    ...(who.email !== undefined ? { employeeEmail: who.email } : {}),
    ...(who.id !== undefined ? { employeeId: who.id } : {}),
  }));

export const toPayrollRecord = (v: unknown): PayrollRecord => readWire(payrollRecordSchema, v);
const payrollList = wireList('payroll report', payrollRecordSchema);
export const toPayrollRecords = (payload: unknown): PayrollRecord[] => readWire(payrollList, payload);
