/**
 * Who a record is about, read from whatever fields the service uses (docs/wire-format.md "Payroll rows: whose row",
 * "Timesheet list: whose row"): payroll rows (spec 2.4 names no employee field), timesheets and their time logs (spec
 * 2.1 and 2.3 show none; services send `employeeName`, `employeeEmail`, `erecno` ... or nothing). In order:
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
 * `EMPLOYEENAME`); one nested level is read too (`employee: {name, email}`).
 */
import { optionalId, optionalText, type Wire } from './fields';

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

export interface Found {
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

/** Who a record is about, with the employee id and the record id (erecno) apart: each finds the person another way. */
export interface Person {
  name?: string;
  email?: string;
  employeeId?: string;
  recordId?: string;
}

/**
 * The person a record (a timesheet, a time log) is about, leaving out the record's `own` fields (a timesheet's `name`
 * is its own name, its `recordId` its own id). The record id (erecno) is kept apart from the employee id: the first
 * reads the employee's record (spec 4.4 getDataByID), the second is searched for (spec 4.4 `EMPLOYEEID`).
 */
export function findPerson(o: Wire, own: readonly string[]): Person {
  const ownKeys = new Set(own.map(squashKey));
  const rest: Wire = Object.fromEntries(Object.entries(o).filter(([k]) => !ownKeys.has(squashKey(k))));
  const found = findEmployee(rest);
  const record = entries(rest).find((e) => RECORD_ID_KEYS.includes(e.squashed) && textValue(e.value) !== undefined);
  const recordId = record && notEmail(textValue(record.value)!) ? textValue(record.value) : undefined;
  const employeeId = found.id !== undefined && found.id !== recordId ? found.id : undefined;
  return {
    ...(found.name !== undefined ? { name: found.name } : {}),
    ...(found.email !== undefined ? { email: found.email } : {}),
    ...(employeeId !== undefined ? { employeeId } : {}),
    ...(recordId !== undefined ? { recordId } : {}),
  };
}
