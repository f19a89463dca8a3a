/**
 * spec 4.4 employee records in the form P_Employee: the view listing (1-based paging, search, modified-since),
 * read by record id, insert and update with `inputData` labelled by display names.
 */
import type { Call } from '../call';
import { ApiError } from '../envelope';
import { integer, oneOf, optional, pageSize, required } from '../params';
import type { EmployeeRow } from '../types';
import { employeeRecord } from '../wire-records';

const VIEW = 'P_EmployeeView';
const FORM = 'P_Employee';
/** wire-format.md: the labels a write may carry; the first four are mandatory on insert. */
const MANDATORY = ['First Name', 'Last Name', 'Email', 'Employee ID'] as const;
const LABELS: Record<string, keyof EmployeeRow> = {
  'First Name': 'firstName',
  'Last Name': 'lastName',
  Email: 'email',
  'Employee ID': 'employeeId',
  Department: 'department',
  Designation: 'designation',
};

export function listRecords(call: Call) {
  const { store, params: p } = call;
  const view = call.pathParts[0];
  if (view.toLowerCase() !== VIEW.toLowerCase()) {
    throw new ApiError(9003, `Unknown view "${view}": employee records are listed through ${VIEW}.`, { httpStatus: 404 });
  }
  const sIndex = integer(p, 'sIndex', 1, 1); // spec 4.4: sIndex starts at 1 here
  const limit = pageSize(p, 'rec_limit');
  const column = optional(p, 'searchColumn')
    ? oneOf(p, 'searchColumn', ['EMPLOYEEID', 'EMPLOYEEMAILALIAS'] as const, 'EMPLOYEEID')
    : undefined;
  const value = column ? required(p, 'searchValue').toLowerCase() : undefined;
  const since = optional(p, 'modifiedtime') !== undefined ? integer(p, 'modifiedtime', 0, 0) : undefined;
  const hits = store.state.employees.filter((e) => {
    if (column === 'EMPLOYEEID' && e.employeeId.toLowerCase() !== value) return false;
    if (column === 'EMPLOYEEMAILALIAS' && e.email !== value) return false;
    // spec 4.4: only records modified strictly after the timestamp.
    if (since !== undefined && !(e.modifiedTime > since)) return false;
    return true;
  });
  return { result: hits.slice(sIndex - 1, sIndex - 1 + limit).map(employeeRecord), bare: true };
}

export function getDataById(call: Call) {
  const id = required(call.params, 'recordId');
  const e = call.store.state.employees.find((x) => x.recordId === id);
  if (!e) throw new ApiError(7049, `Record not found: no employee with recordId "${id}" (the record id, not the Employee ID).`);
  return { result: [employeeRecord(e)] };
}

/** Path parts {input_type}/{form_link_name}: json only (xml answers 9003, documented in wire-format.md). */
function checkForm(call: Call): void {
  const [inputType, form] = call.pathParts;
  if (inputType.toLowerCase() === 'xml')
    throw new ApiError(9003, 'xml input not supported by the sandbox: send inputData as JSON to /api/forms/json/...');
  if (inputType.toLowerCase() !== 'json') throw new ApiError(9003, `Unknown input type "${inputType}": use json.`, { httpStatus: 404 });
  if (form.toLowerCase() !== FORM.toLowerCase())
    throw new ApiError(9003, `Unknown form "${form}": employee records live in ${FORM}.`, { httpStatus: 404 });
  if (!call.caller.isAdmin)
    throw new ApiError(9000, `Permission denied: only an HR admin may change employee records (${call.caller.email} is not one).`);
}

function inputData(call: Call): Record<string, string> {
  const text = required(call.params, 'inputData');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ApiError(9003, 'Invalid value for inputData: send a JSON object mapping field labels to values, e.g. {"First Name":"Ada"}.');
  }
  const out: Record<string, string> = {};
  for (const [label, v] of Object.entries(parsed as Record<string, unknown>)) {
    if (!(label in LABELS))
      throw new ApiError(9003, `Invalid value for inputData: unknown field label "${label}"; use ${Object.keys(LABELS).join(', ')}.`);
    if (typeof v !== 'string' && typeof v !== 'number')
      throw new ApiError(9003, `Invalid value for inputData: "${label}" must be a string.`);
    out[label] = String(v).trim();
  }
  return out;
}

/** 7052 names every mandatory label that is missing or blank; in real style its message is an object. */
function checkMandatory(fields: Record<string, string>, labels: readonly string[]): void {
  const missing = labels.filter((l) => !fields[l]);
  if (missing.length) {
    throw new ApiError(7052, `Mandatory field missing: ${missing.join(', ')}.`, {
      fields: Object.fromEntries(missing.map((l) => [l, 'is mandatory'])),
    });
  }
}

function checkUnique(call: Call, fields: Record<string, string>, self?: EmployeeRow): void {
  const email = fields.Email?.toLowerCase();
  if (email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new ApiError(9003, `Invalid value for Email: "${fields.Email}" is not an email address.`);
  for (const e of call.store.state.employees) {
    if (e === self) continue;
    if (email && e.email === email)
      throw new ApiError(9003, `Invalid value for Email: ${email} already belongs to employee ${e.employeeId}.`);
    if (fields['Employee ID'] && e.employeeId.toLowerCase() === fields['Employee ID'].toLowerCase()) {
      throw new ApiError(9003, `Invalid value for Employee ID: ${fields['Employee ID']} is already used.`);
    }
  }
}

function apply(e: EmployeeRow, fields: Record<string, string>): void {
  for (const [label, v] of Object.entries(fields)) {
    const key = LABELS[label];
    // Every labelled field is a string column of the row.
    (e as unknown as Record<string, string>)[key] = key === 'email' ? v.toLowerCase() : v;
  }
}

export function insertRecord(call: Call) {
  checkForm(call);
  const fields = inputData(call);
  checkMandatory(fields, MANDATORY);
  checkUnique(call, fields);
  const { store } = call;
  const e: EmployeeRow = {
    recordId: store.newId(),
    employeeId: '',
    firstName: '',
    lastName: '',
    email: '',
    department: '',
    designation: '',
    status: 'Active',
    modifiedTime: store.nextModifiedTime(),
    managerEmail: null,
    isAdmin: false,
    approvalLevels: 1,
    hourlyRate: 30,
    leaveDays: [],
  };
  apply(e, fields);
  store.state.employees.push(e);
  return { result: { pkId: e.recordId, message: 'Successfully Added' }, message: 'Successfully Added' };
}

export function updateRecord(call: Call) {
  checkForm(call);
  const id = required(call.params, 'recordId');
  const fields = inputData(call);
  const e = call.store.state.employees.find((x) => x.recordId === id);
  if (!e) throw new ApiError(7049, `Record not found: no employee with recordId "${id}" (the record id, not the Employee ID).`);
  if (Object.keys(fields).length === 0) throw new ApiError(9002, 'Missing parameter: inputData names no field to change.');
  // A mandatory field may be changed but not blanked.
  checkMandatory(
    fields,
    MANDATORY.filter((l) => l in fields),
  );
  checkUnique(call, fields, e);
  apply(e, fields);
  e.modifiedTime = call.store.nextModifiedTime();
  return { result: { pkId: e.recordId, message: 'Successfully Updated' }, message: 'Successfully Updated' };
}
