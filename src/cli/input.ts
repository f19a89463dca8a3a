/**
 * Reading option values people type: dates (`YYYY-MM-DD`, `today`, `yesterday`), hours (`HH:MM`), `Label=Value`
 * fields, `ID=approved` decisions, choices. Each refusal names the option, the rule and an example, and is raised
 * before the core is asked anything (exit 1, nothing sent).
 */
import { parseDuration, toHhmm } from '../shared/time/hours';
import { defineMessages } from '../shared/i18n/messages';
import { addDays, isValidDate, localDate, toLocalDate } from '../shared/time/week';
import { userDay } from '../shared/time/zone';
import { UsageError } from './failure';
import { words, type Worded } from './words';

/** A local calendar day (real-service-notes: workDate is a local day, never built from a UTC timestamp). */
export const localDay = localDate;

/** The preference `timeZone` as stored (preferences.json, ./language.ts `storedLocale`), set as each run starts (./run.ts). */
let daysZone: string | undefined;
export function countDaysIn(zonePref: string | undefined): void {
  daysZone = zonePref;
}

/**
 * The user's day at `now`: in the zone they chose (Settings' "Count my days in", `punch config --time-zone`), the day
 * the app, the core's rules and the timer count in; this computer's with `system`. What `today`, `yesterday` and every
 * default day or week of punch mean.
 */
export function userToday(now: number = Date.now()): string {
  return userDay(now, daysZone);
}

/** Options, values and examples are what is typed: values of the messages, never words in them. */
const M = defineMessages({
  notADay: {
    id: 'cli.input.not-a-day',
    defaultMessage:
      '{value} is not a date: {why, select, month {a year has 12 months (the month comes after the year, YYYY-MM-DD).} zero {days of a month start at 01.} other {{month} has {days, number} days.}}',
    description: '{value}: the date as typed; {month}: a month and its year in words ("February 2026"); {days}: a number. Keep YYYY-MM-DD.',
  },
  dayExample: {
    id: 'cli.input.day-example',
    defaultMessage: 'For example {examples}.',
    description: '{examples}: "--date 2026-11-20, today or yesterday", as typed.',
  },
  dayForm: {
    id: 'cli.input.day-form',
    defaultMessage: '{option} must be a date as {forms} (got "{value}"), for example {option} 2026-11-20.',
    description: '{forms}: how a day is typed ("YYYY-MM-DD, "today" or "yesterday""), as typed.',
  },
  negativeHours: {
    id: 'cli.input.negative-hours',
    defaultMessage: '{value} is not a duration: hours must be more than 0, for example {option} 01:30.',
  },
  hoursForm: {
    id: 'cli.input.hours-form',
    defaultMessage:
      '{option} must be a duration such as 01:30, 1h30, 1.5 or 90m (got "{value}"), for example {option} 01:30 for an hour and a half.',
    description: 'Keep the examples of typed hours as they are.',
  },
  zeroHours: { id: 'cli.input.zero-hours', defaultMessage: '{option} must be more than 00:00, for example {option} 00:15.' },
  choice: {
    id: 'cli.input.choice',
    defaultMessage: '{option} must be one of {allowed} (got "{value}").',
    description: '{allowed}: values as typed.',
  },
  fieldForm: {
    id: 'cli.input.field-form',
    defaultMessage: '{option} must be "Label=Value" (got "{value}"), for example {example}.',
    description: '"Label=Value" may be translated (the words, not the =); {example} is typed.',
  },
  fieldTwice: { id: 'cli.input.field-twice', defaultMessage: '{option} "{label}" is given twice; give each label once.' },
  fieldNone: {
    id: 'cli.input.field-none',
    defaultMessage: 'at least one {option} "Label=Value" is needed, for example {example}.',
    description: '"Label=Value" may be translated (the words, not the =); {example} is typed.',
  },
  logDecision: {
    id: 'cli.input.log-decision',
    defaultMessage: '{option} must be {approved} or {rejected} (got "{value}").',
    description: '{approved}, {rejected}: what is typed ("TIMELOG_ID=approved").',
  },
  modifiedSince: {
    id: 'cli.input.modified-since',
    defaultMessage: '{option} must be a time in milliseconds since 1970 or a date YYYY-MM-DD (got "{value}").',
  },
  port: { id: 'cli.input.port', defaultMessage: '{option} must be a number from 0 to 65535 (got "{value}").' },
  required: { id: 'cli.input.required', defaultMessage: '{option} is required, for example {example}.' },
});

/**
 * Why a value written as YYYY-MM-DD is no day of the calendar ("February 2026 has 28 days"), or undefined when it is
 * one or is not written so. A date in the right form is not a format error: "2026-02-31" was called one.
 */
export function notADay(value: string): Worded | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m || isValidDate(value)) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12) return words(M.notADay, { value, why: 'month', month: '', days: 0 });
  // day 0 of the next month is the last day of this one
  const days = new Date(year, month, 0).getDate();
  if (day < 1) return words(M.notADay, { value, why: 'zero', month: '', days: 0 });
  return words(M.notADay, { value, why: 'days', month: { month: `${m[1]}-${m[2]}` }, days });
}

/** `--date`, `--from`, `--to`, `--week-of`: YYYY-MM-DD, `today` or `yesterday` (the user's days: `userToday`). */
export function parseDay(option: string, value: string, now: number = Date.now()): string {
  const v = value.trim().toLowerCase();
  if (v === 'today') return userToday(now);
  // calendar arithmetic (shared/time/week.ts), so a DST change does not skip or repeat a day
  if (v === 'yesterday') return addDays(userToday(now), -1);
  const impossible = notADay(v);
  if (impossible)
    throw new UsageError(impossible, words(M.dayExample, { examples: { choice: [`--${option} 2026-11-20`, 'today', 'yesterday'] } }));
  if (!isValidDate(v))
    throw new UsageError(words(M.dayForm, { option: `--${option}`, value, forms: { choice: ['YYYY-MM-DD', '"today"', '"yesterday"'] } }));
  return v;
}

/** `--hours`: a duration as people type it (`1:30`, `1h30`, `1.5`, `90m`), sent as `HH:MM` (spec 4.2), more than zero. */
export function parseHours(value: string, option = 'hours'): string {
  // a time worked is never negative; said as such, not as a value in the wrong form
  if (/^\s*-/.test(value)) {
    throw new UsageError(words(M.negativeHours, { value: value.trim(), option: `--${option}` }));
  }
  let minutes: number;
  try {
    minutes = parseDuration(value);
  } catch {
    throw new UsageError(words(M.hoursForm, { option: `--${option}`, value }));
  }
  if (minutes === 0) throw new UsageError(words(M.zeroHours, { option: `--${option}` }));
  return toHhmm(minutes);
}

/** A value from a fixed list (e.g. `--status`). */
export function parseChoice<T extends string>(option: string, value: string, allowed: readonly T[]): T {
  const v = value.trim().toLowerCase();
  const found = allowed.find((a) => a.toLowerCase() === v);
  if (!found) throw new UsageError(words(M.choice, { option: `--${option}`, allowed: allowed.join(', '), value }));
  return found;
}

/** `--field "Label=Value"` (repeatable): the labels of spec 2.7, e.g. `First Name`, `Email`. */
export function parseFields(values: string[] | undefined): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const raw of values ?? []) {
    const at = raw.indexOf('=');
    const label = at > 0 ? raw.slice(0, at).trim() : '';
    if (!label) {
      throw new UsageError(words(M.fieldForm, { option: '--field', value: raw, example: '--field "First Name=Ada"' }));
    }
    if (label in fields) throw new UsageError(words(M.fieldTwice, { option: '--field', label }));
    fields[label] = raw.slice(at + 1).trim();
  }
  if (Object.keys(fields).length === 0) {
    throw new UsageError(words(M.fieldNone, { option: '--field', example: '--field "Last Name=Lovelace"' }));
  }
  return fields;
}

/** `--log ID=approved|rejected` (repeatable): partial approval, spec 4.1 `timeLogs`. */
export function parseLogDecisions(values: string[] | undefined): Record<string, 'approved' | 'rejected'> | undefined {
  if (!values?.length) return undefined;
  const logs: Record<string, 'approved' | 'rejected'> = {};
  for (const raw of values) {
    const m = /^([^=\s]+)=(approved|rejected)$/i.exec(raw.trim());
    if (!m)
      throw new UsageError(
        words(M.logDecision, { option: '--log', approved: 'TIMELOG_ID=approved', rejected: 'TIMELOG_ID=rejected', value: raw }),
      );
    logs[m[1]] = m[2].toLowerCase() as 'approved' | 'rejected';
  }
  return logs;
}

/** `--modified-since`: epoch milliseconds, or a date (its local midnight). */
export function parseModifiedSince(value: string): number {
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v);
  if (isValidDate(v)) return toLocalDate(v).getTime();
  throw new UsageError(words(M.modifiedSince, { option: '--modified-since', value }));
}

/** `--port`: 0 (any free port) to 65535. */
export function parsePort(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n > 65535) throw new UsageError(words(M.port, { option: '--port', value }));
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
  if (v === undefined || v.trim() === '') throw new UsageError(words(M.required, { option: `--${name}`, example: `--${name} ${example}` }));
  return v;
}
