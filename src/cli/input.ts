/**
 * Reading option values people type: dates (`YYYY-MM-DD`, `today`, `yesterday`), hours (`HH:MM`), `Label=Value`
 * fields, `ID=approved` decisions, choices. Each refusal names the option, the rule and an example, and is raised
 * before the core is asked anything (exit 1, nothing sent).
 */
import { parseDuration, toHhmm } from '../shared/time/hours';
import { addDays, isValidDate, localDate, toLocalDate } from '../shared/time/week';
import { UsageError } from './failure';

/** A local calendar day (real-service-notes: workDate is a local day, never built from a UTC timestamp). */
export const localDay = localDate;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * Why a value written as YYYY-MM-DD is no day of the calendar ("February 2026 has 28 days"), or undefined when it is
 * one or is not written so. A date in the right form is not a format error: "2026-02-31" was called one (issue 24).
 */
export function notADay(value: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m || isValidDate(value)) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12) return `${value} is not a date: a year has 12 months (the month comes after the year, YYYY-MM-DD).`;
  // day 0 of the next month is the last day of this one
  const days = new Date(year, month, 0).getDate();
  if (day < 1) return `${value} is not a date: days of a month start at 01.`;
  return `${value} is not a date: ${MONTHS[month - 1]} ${year} has ${days} days.`;
}

/** `--date`, `--from`, `--to`, `--week-of`: YYYY-MM-DD, `today` or `yesterday` (local time). */
export function parseDay(option: string, value: string, now: number = Date.now()): string {
  const v = value.trim().toLowerCase();
  if (v === 'today') return localDay(now);
  // calendar arithmetic (shared/week.ts), so a DST change does not skip or repeat a day
  if (v === 'yesterday') return addDays(localDate(now), -1);
  const impossible = notADay(v);
  if (impossible) throw new UsageError(impossible, `For example --${option} 2026-11-20, today or yesterday.`);
  if (!isValidDate(v)) {
    throw new UsageError(
      `--${option} must be a date as YYYY-MM-DD, "today" or "yesterday" (got "${value}"), for example --${option} 2026-11-20.`,
    );
  }
  return v;
}

/** `--hours`: a duration as people type it (`1:30`, `1h30`, `1.5`, `90m`), sent as `HH:MM` (spec 4.2), more than zero. */
export function parseHours(value: string, option = 'hours'): string {
  // a time worked is never negative; said as such, not as a value in the wrong form
  if (/^\s*-/.test(value)) {
    throw new UsageError(`${value.trim()} is not a duration: hours must be more than 0, for example --${option} 01:30.`);
  }
  let minutes: number;
  try {
    minutes = parseDuration(value);
  } catch {
    throw new UsageError(
      `--${option} must be a duration such as 01:30, 1h30, 1.5 or 90m (got "${value}"), for example --${option} 01:30 for an hour and a half.`,
    );
  }
  if (minutes === 0) throw new UsageError(`--${option} must be more than 00:00, for example --${option} 00:15.`);
  return toHhmm(minutes);
}

/** A value from a fixed list (e.g. `--status`). */
export function parseChoice<T extends string>(option: string, value: string, allowed: readonly T[]): T {
  const v = value.trim().toLowerCase();
  const found = allowed.find((a) => a.toLowerCase() === v);
  if (!found) throw new UsageError(`--${option} must be one of ${allowed.join(', ')} (got "${value}").`);
  return found;
}

/** `--field "Label=Value"` (repeatable): the labels of spec 2.7, e.g. `First Name`, `Email`. */
export function parseFields(values: string[] | undefined): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const raw of values ?? []) {
    const at = raw.indexOf('=');
    const label = at > 0 ? raw.slice(0, at).trim() : '';
    if (!label) {
      throw new UsageError(`--field must be "Label=Value" (got "${raw}"), for example --field "First Name=Ada".`);
    }
    if (label in fields) throw new UsageError(`--field "${label}" is given twice; give each label once.`);
    fields[label] = raw.slice(at + 1).trim();
  }
  if (Object.keys(fields).length === 0) {
    throw new UsageError('at least one --field "Label=Value" is needed, for example --field "Last Name=Lovelace".');
  }
  return fields;
}

/** `--log ID=approved|rejected` (repeatable): partial approval, spec 4.1 `timeLogs`. */
export function parseLogDecisions(values: string[] | undefined): Record<string, 'approved' | 'rejected'> | undefined {
  if (!values?.length) return undefined;
  const logs: Record<string, 'approved' | 'rejected'> = {};
  for (const raw of values) {
    const m = /^([^=\s]+)=(approved|rejected)$/i.exec(raw.trim());
    if (!m) throw new UsageError(`--log must be TIMELOG_ID=approved or TIMELOG_ID=rejected (got "${raw}").`);
    logs[m[1]] = m[2].toLowerCase() as 'approved' | 'rejected';
  }
  return logs;
}

/** `--modified-since`: epoch milliseconds, or a date (its local midnight). */
export function parseModifiedSince(value: string): number {
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v);
  if (isValidDate(v)) return toLocalDate(v).getTime();
  throw new UsageError(`--modified-since must be a time in milliseconds since 1970 or a date YYYY-MM-DD (got "${value}").`);
}

/** `--port`: 0 (any free port) to 65535. */
export function parsePort(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n > 65535) throw new UsageError(`--port must be a number from 0 to 65535 (got "${value}").`);
  return n;
}

/** Reads a string option; `undefined` when absent. */
export function str(values: Record<string, unknown>, name: string): string | undefined {
  const v = values[name];
  return typeof v === 'string' ? v : undefined;
}

/** Reads a required string option. */
export function required(values: Record<string, unknown>, name: string, example: string): string {
  const v = str(values, name);
  if (v === undefined || v.trim() === '') throw new UsageError(`--${name} is required, for example --${name} ${example}.`);
  return v;
}
