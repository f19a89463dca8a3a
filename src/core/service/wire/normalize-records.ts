/**
 * Wire -> domain for employee records (spec 2.7, 4.4) and the time tracker settings (spec 2.6). The field names are
 * "not shown" in the spec; docs/wire-format.md fixes them and lists the other spellings the client accepts.
 */
import { z } from 'zod';
import type { EmployeeRecord, TrackerSettings } from '../../../shared/domain';
import {
  anyAsText,
  compact,
  optionalWireId,
  pick,
  renamed,
  readWire,
  ShapeError,
  type Wire,
  wireId,
  wireList,
  wireObject,
  wireText,
} from './fields';
import { once } from '../../../shared/lazy/once';

/** Anything but a count of milliseconds (a number, or digits) is no time at all. */
const epochMs = once(() =>
  z
    .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)])
    .refine(Number.isFinite)
    .optional()
    .catch(undefined),
);

/** spec 2.7: the record id (erecno) and the employee id are different values; both kept as strings. */
export const employeeRecordSchema = once((): z.ZodType<EmployeeRecord> =>
  wireObject('employee record')
    .transform((o) => ({
      ...renamed(o, {
        recordId: ['recordId', 'Zoho_ID', 'erecno', 'RecordId', 'pkId'],
        employeeId: ['EmployeeID', 'Employee ID', 'EMPLOYEEID', 'employeeId'],
        firstName: ['FirstName', 'First Name', 'firstName'],
        lastName: ['LastName', 'Last Name', 'lastName'],
        email: ['EmailID', 'Email', 'EMPLOYEEMAILALIAS', 'Email ID', 'email'],
        modifiedTime: ['ModifiedTime', 'modifiedTime', 'Modified_Time'],
      }),
      // every field as received, as text (the record's own form decides which fields exist)
      fields: Object.fromEntries(Object.entries(o).map(([k, val]) => [k, anyAsText(val)])),
    }))
    .pipe(
      z.object({
        recordId: wireId('employee recordId'),
        employeeId: optionalWireId().transform((id) => id ?? ''),
        firstName: wireText(),
        lastName: wireText(),
        email: wireText(),
        // built above, every value already text
        fields: z.custom<Record<string, string>>(),
        modifiedTime: epochMs(),
      }),
    )
    .transform(compact),
);

export const toEmployeeRecord = (v: unknown): EmployeeRecord => readWire(employeeRecordSchema(), v);
const employeeList = once(() => wireList('employee list', employeeRecordSchema()));
export const toEmployeeRecords = (payload: unknown): EmployeeRecord[] => readWire(employeeList(), payload);

/** getDataByID: `result` array of one (wire-format); a bare object is tolerated. Empty means no such record. */
export function toOptionalEmployee(payload: unknown): EmployeeRecord | null {
  const list = Array.isArray(payload) ? payload : payload === null || payload === undefined ? [] : [payload];
  return list.length === 0 ? null : toEmployeeRecord(list[0]);
}

/** insertRecord / updateRecord: `{pkId, message}` (spec 4.4); an array of one is tolerated. */
const recordAckSchema = once(() =>
  z
    .preprocess((v) => (Array.isArray(v) ? v[0] : v), wireObject('employee write answer'))
    .transform((o) => renamed(o, { pkId: ['pkId', 'recordId', 'Zoho_ID'], message: ['message'] }))
    .pipe(z.object({ pkId: optionalWireId(), message: wireText() })),
);

export function toRecordAck(payload: unknown, fallbackId?: string): { pkId: string; message: string } {
  const ack = readWire(recordAckSchema(), payload);
  const pkId = ack.pkId ?? fallbackId;
  if (pkId === undefined) throw new ShapeError('employee write answer holds no pkId');
  return { pkId, message: ack.message };
}

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const FULL_DAY_MINUTES = 24 * 60;
const squashed = (v: unknown) => (typeof v === 'string' ? v.toLowerCase().replace(/[\s_-]+/g, '') : '');

/** How people log: start and end times, a timer, or hours (the default, for any spelling not known here). */
const LOG_TYPES: Record<string, TrackerSettings['logType']> = {
  startend: 'startEnd',
  starttimeendtime: 'startEnd',
  startandend: 'startEnd',
  starttime: 'startEnd',
  timer: 'timer',
};

/*
 * The settings' fields are read by plain functions, not a zod schema each: every field has a fallback (the least
 * restrictive reading), so none can refuse the answer, and what is validated is the answer's shape (an object, or a
 * list whose first item is one), which the one schema below still does. The field-by-field zod schema built about 50
 * schemas on every `punch status` with an account or the demo (its one request is the settings): 2-3 ms of a status's
 * CPU, against about 0.2 now (docs/benchmarks.md "punch status, ninth pass"). test/unit/settings-reader.test.ts holds
 * the zod reading it replaced and proves both read every case alike.
 */

/** A finite number (what zod's `z.number()` accepts: not NaN, not Infinity). */
const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The company's maximum, read tolerantly (`"10:00"`, `"9:5"`, `"10"`, `"7.5"`): a setting the service sends in more
 * than one form (wire-format.md), so not shared/time/hours.ts's strict `parseHhmm`; anything unreadable (or nothing, or
 * zero) means no limit beyond a full day, the service's own; more than a day is a day.
 */
function maxMinutesOf(v: unknown): number {
  if (typeof v !== 'string' && !finite(v)) return FULL_DAY_MINUTES;
  const s = String(v).trim();
  const hhmm = /^(\d+):(\d{1,2})$/.exec(s);
  const minutes = hhmm ? Number(hhmm[1]) * 60 + Number(hhmm[2]) : /^\d+(\.\d+)?$/.test(s) ? Math.round(Number(s) * 60) : NaN;
  return Number.isFinite(minutes) && minutes > 0 ? Math.min(minutes, FULL_DAY_MINUTES) : FULL_DAY_MINUTES;
}

/** How many past days may be logged; anything but a positive count means no limit (null). */
function pastDaysOf(v: unknown): number | null {
  const n = finite(v) ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v.trim()) : NaN;
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : null;
}

/** 1 (Monday) to 7, as a number, digits or a day's name (`Friday`, `fri`); Friday when unreadable. */
function weekdayOf(v: unknown): number {
  if (finite(v)) return v >= 1 && v <= 7 ? Math.floor(v) : 5;
  if (typeof v !== 'string') return 5;
  const s = v.trim().toLowerCase();
  if (/^[1-7]$/.test(s)) return Number(s);
  const i = WEEKDAYS.findIndex((d) => s !== '' && (d === s || d.startsWith(s.slice(0, 3))));
  return i >= 0 ? i + 1 : 5;
}

/** `true`, `"yes"`, `"0"`, `1`...; anything else is the fallback (as ./fields.ts `wireBool`). */
function yesNoOf(v: unknown, fallback: boolean): boolean {
  if (typeof v === 'boolean') return v;
  if (finite(v)) return v !== 0;
  if (typeof v !== 'string') return fallback;
  const t = v.trim().toLowerCase();
  return YES_WORDS.has(t) ? true : NO_WORDS.has(t) ? false : fallback;
}
const YES_WORDS = new Set(['true', 'yes', '1']);
const NO_WORDS = new Set(['false', 'no', '0']);

/**
 * wire-format "gettimetrackersettings": `{logType, maxHoursPerDay: "10:00", allowFutureTimeLog, allowedPastDays,
 * timesheetSubmissionDay, isTimeTrackerEnabled}`; also `maxHours` / `maximumHoursPerDay` as hours or HH:MM.
 * Anything missing falls back to the least restrictive reading (24 h a day, Friday, enabled): every field does.
 */
function settingsOf(o: Wire): TrackerSettings {
  const logType = squashed(pick(o, 'logType', 'timeLogType', 'loggingType'));
  const currency = pick(o, 'currency', 'currencyCode', 'Currency', 'baseCurrency', 'companyCurrency', 'defaultCurrency');
  return compact({
    logType: Object.hasOwn(LOG_TYPES, logType) ? LOG_TYPES[logType] : 'hours',
    maxMinutesPerDay: maxMinutesOf(pick(o, 'maxHoursPerDay', 'maxHours', 'maximumHoursPerDay')),
    allowFutureDates: yesNoOf(pick(o, 'allowFutureTimeLog', 'allowFutureDates', 'allowFutureLogs'), false),
    pastDaysAllowed: pastDaysOf(pick(o, 'allowedPastDays', 'pastDaysAllowed')),
    submissionDueWeekday: weekdayOf(pick(o, 'timesheetSubmissionDay', 'submissionDay')),
    enabled: yesNoOf(pick(o, 'isTimeTrackerEnabled', 'enabled', 'timeTrackerEnabled'), true),
    // kept as text when it reads as one; the payroll screen decides whether it is a currency code it can format
    currency: typeof currency === 'string' ? currency.trim() || undefined : undefined,
  });
}

/** The settings' answer: an object (or a list whose first item is one), its fields read by `settingsOf`. */
export const trackerSettingsSchema = once((): z.ZodType<TrackerSettings> =>
  z.preprocess((v) => (Array.isArray(v) ? v[0] : v), wireObject('settings')).transform(settingsOf),
);

export const toTrackerSettings = (payload: unknown): TrackerSettings => readWire(trackerSettingsSchema(), payload);
