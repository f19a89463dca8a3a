/**
 * Wire -> domain for employee records (spec 2.7, 4.4) and the time tracker settings (spec 2.6). The field names are
 * "not shown" in the spec; docs/wire-format.md fixes them and lists the other spellings the client accepts.
 */
import type { EmployeeRecord, TrackerSettings } from '../../shared/domain';
import {
  anyAsText, asArray, asRecord, boolOf, idOf, optionalId, optionalText, pick, ShapeError, textOf,
} from './wire-fields';

const RECORD_ID_KEYS = ['recordId', 'Zoho_ID', 'erecno', 'RecordId', 'pkId'];
const EMPLOYEE_ID_KEYS = ['EmployeeID', 'Employee ID', 'EMPLOYEEID', 'employeeId'];
const FIRST_NAME_KEYS = ['FirstName', 'First Name', 'firstName'];
const LAST_NAME_KEYS = ['LastName', 'Last Name', 'lastName'];
const EMAIL_KEYS = ['EmailID', 'Email', 'EMPLOYEEMAILALIAS', 'Email ID', 'email'];

/** spec 2.7: the record id (erecno) and the employee id are different values; both kept as strings. */
export function toEmployeeRecord(v: unknown): EmployeeRecord {
  const o = asRecord(v, 'employee record');
  const fields: Record<string, string> = {};
  for (const [k, val] of Object.entries(o)) fields[k] = anyAsText(val);
  const rec: EmployeeRecord = {
    recordId: idOf(pick(o, ...RECORD_ID_KEYS), 'employee recordId'),
    employeeId: optionalId(pick(o, ...EMPLOYEE_ID_KEYS)) ?? '',
    firstName: textOf(pick(o, ...FIRST_NAME_KEYS)),
    lastName: textOf(pick(o, ...LAST_NAME_KEYS)),
    email: textOf(pick(o, ...EMAIL_KEYS)),
    fields,
  };
  const modified = pick(o, 'ModifiedTime', 'modifiedTime', 'Modified_Time');
  const ms = typeof modified === 'number' ? modified : typeof modified === 'string' && /^\d+$/.test(modified.trim()) ? Number(modified) : NaN;
  if (Number.isFinite(ms)) rec.modifiedTime = ms;
  return rec;
}

export function toEmployeeRecords(payload: unknown): EmployeeRecord[] {
  return asArray(payload, 'employee list').map(toEmployeeRecord);
}

/** getDataByID: `result` array of one (wire-format); a bare object is tolerated. Empty means no such record. */
export function toOptionalEmployee(payload: unknown): EmployeeRecord | null {
  const list = Array.isArray(payload) ? payload : payload === null || payload === undefined ? [] : [payload];
  return list.length === 0 ? null : toEmployeeRecord(list[0]);
}

/** insertRecord / updateRecord: `{pkId, message}` (spec 4.4); an array of one is tolerated. */
export function toRecordAck(payload: unknown, fallbackId?: string): { pkId: string; message: string } {
  const o = asRecord(Array.isArray(payload) ? payload[0] : payload, 'employee write answer');
  const pkId = optionalId(pick(o, 'pkId', 'recordId', 'Zoho_ID')) ?? fallbackId;
  if (pkId === undefined) throw new ShapeError('employee write answer holds no pkId');
  return { pkId, message: textOf(o.message) };
}

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const FULL_DAY_MINUTES = 24 * 60;

/**
 * wire-format "gettimetrackersettings": `{logType, maxHoursPerDay: "10:00", allowFutureTimeLog, allowedPastDays,
 * timesheetSubmissionDay, isTimeTrackerEnabled}`; also `maxHours` / `maximumHoursPerDay` as hours or HH:MM.
 * Anything missing falls back to the least restrictive reading (24 h a day, Friday, enabled).
 */
export function toTrackerSettings(payload: unknown): TrackerSettings {
  const o = asRecord(Array.isArray(payload) ? payload[0] : payload, 'settings');
  return {
    logType: logTypeOf(pick(o, 'logType', 'timeLogType', 'loggingType')),
    maxMinutesPerDay: maxMinutesOf(pick(o, 'maxHoursPerDay', 'maxHours', 'maximumHoursPerDay')),
    allowFutureDates: boolOf(pick(o, 'allowFutureTimeLog', 'allowFutureDates', 'allowFutureLogs'), false),
    pastDaysAllowed: pastDaysOf(pick(o, 'allowedPastDays', 'pastDaysAllowed')),
    submissionDueWeekday: weekdayOf(pick(o, 'timesheetSubmissionDay', 'submissionDay')),
    enabled: boolOf(pick(o, 'isTimeTrackerEnabled', 'enabled', 'timeTrackerEnabled'), true),
  };
}

function logTypeOf(v: unknown): TrackerSettings['logType'] {
  const s = typeof v === 'string' ? v.toLowerCase().replace(/[\s_-]+/g, '') : '';
  if (s === 'startend' || s === 'starttimeendtime' || s === 'startandend' || s === 'starttime') return 'startEnd';
  if (s === 'timer') return 'timer';
  return 'hours';
}

/**
 * The company's maximum, read tolerantly (`"10:00"`, `"9:5"`, `"10"`, `"7.5"`): a setting the service sends in more
 * than one form (wire-format.md), so not shared/hours.ts's strict `parseHhmm`; anything unreadable means no limit
 * beyond a full day, the service's own.
 */
function maxMinutesOf(v: unknown): number {
  if (v === undefined || v === null || v === '') return FULL_DAY_MINUTES;
  const s = String(v).trim();
  const hhmm = /^(\d+):(\d{1,2})$/.exec(s);
  const minutes = hhmm ? Number(hhmm[1]) * 60 + Number(hhmm[2]) : /^\d+(\.\d+)?$/.test(s) ? Math.round(Number(s) * 60) : NaN;
  return Number.isFinite(minutes) && minutes > 0 ? Math.min(minutes, FULL_DAY_MINUTES) : FULL_DAY_MINUTES;
}

function pastDaysOf(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : NaN;
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : null;
}

function weekdayOf(v: unknown): number {
  if (typeof v === 'number' && v >= 1 && v <= 7) return Math.floor(v);
  const s = optionalText(v)?.trim().toLowerCase() ?? '';
  if (/^[1-7]$/.test(s)) return Number(s);
  const i = WEEKDAYS.findIndex((d) => s !== '' && (d === s || d.startsWith(s.slice(0, 3))));
  return i >= 0 ? i + 1 : 5;
}
