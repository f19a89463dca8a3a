/**
 * Calendar days and hours as the service speaks them. Days are `YYYY-MM-DD` strings; arithmetic runs on UTC
 * midnights so the process time zone never shifts a day (real-service-notes: workDate is a local calendar day).
 * Hours are `HH:MM` strings that may exceed 24 in totals ("7010:00"), kept as whole minutes inside. What a real day
 * and `HH:MM` are is the one rule of src/shared (week.ts `isValidDate`, hours.ts `isHhmm` / `toHhmm`), not a copy.
 */
import { isHhmm, parseHhmm } from '../shared/time/hours';
import { isValidDate, localDate } from '../shared/time/week';

const DAY_MS = 86_400_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** wire-format.md "Dates and hours": the formats `dateFormat` may name. */
export const DATE_FORMATS = ['yyyy-MM-dd', 'dd-MM-yyyy', 'MM-dd-yyyy', 'dd-MMM-yyyy'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
/** The company format list endpoints use when no dateFormat is given (real-service-notes "Data"). */
export const COMPANY_DATE_FORMAT: DateFormat = 'dd-MMM-yyyy';

export function localToday(now = new Date()): string {
  return localDate(now.getTime());
}

function toUtcMs(day: string): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
}

function fromUtcMs(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(day: string, n: number): string {
  return fromUtcMs(toUtcMs(day) + n * DAY_MS);
}

/** Whole days from a to b (b - a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((toUtcMs(b) - toUtcMs(a)) / DAY_MS);
}

/** 1 = Monday ... 7 = Sunday. */
export function isoWeekday(day: string): number {
  const d = new Date(toUtcMs(day)).getUTCDay();
  return d === 0 ? 7 : d;
}

export function mondayOf(day: string): string {
  return addDays(day, 1 - isoWeekday(day));
}

export function isWeekend(day: string): boolean {
  return isoWeekday(day) >= 6;
}

export function isDateFormat(s: string): s is DateFormat {
  return (DATE_FORMATS as readonly string[]).includes(s);
}

/** Parses `text` written in `format`; null when it is not a real day in that format. */
export function parseDay(text: string, format: DateFormat): string | null {
  let y: string, m: string, d: string;
  const t = text.trim();
  if (format === 'yyyy-MM-dd') {
    const r = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
    if (!r) return null;
    [, y, m, d] = r;
  } else if (format === 'dd-MM-yyyy') {
    const r = /^(\d{2})-(\d{2})-(\d{4})$/.exec(t);
    if (!r) return null;
    [, d, m, y] = r;
  } else if (format === 'MM-dd-yyyy') {
    const r = /^(\d{2})-(\d{2})-(\d{4})$/.exec(t);
    if (!r) return null;
    [, m, d, y] = r;
  } else {
    const r = /^(\d{2})-([A-Za-z]{3})-(\d{4})$/.exec(t);
    if (!r) return null;
    const idx = MONTHS.findIndex((name) => name.toLowerCase() === r[2].toLowerCase());
    if (idx < 0) return null;
    [d, m, y] = [r[1], String(idx + 1).padStart(2, '0'), r[3]];
  }
  const iso = `${y}-${m}-${d}`;
  return isValidDate(iso) ? iso : null;
}

export function formatDay(day: string, format: DateFormat): string {
  const [y, m, d] = [day.slice(0, 4), day.slice(5, 7), day.slice(8, 10)];
  switch (format) {
    case 'yyyy-MM-dd':
      return day;
    case 'dd-MM-yyyy':
      return `${d}-${m}-${y}`;
    case 'MM-dd-yyyy':
      return `${m}-${d}-${y}`;
    case 'dd-MMM-yyyy':
      return `${d}-${MONTHS[Number(m) - 1]}-${y}`;
  }
}

/** `HH:MM` to minutes; null when it is not, so each route answers with the service's own error code. */
export function hhmmMinutes(text: string): number | null {
  return isHhmm(text.trim()) ? parseHhmm(text) : null;
}

/** Inclusive list of days from..to. */
export function eachDay(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}
