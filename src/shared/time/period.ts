/**
 * A timesheet's period as people read it (dates as people read them), for the app and `punch`:
 * `16 – 22 Nov`, `30 Nov – 6 Dec`, and with the year when it is not this year (`28 Dec 2026 – 3 Jan 2027`).
 */
import { format } from 'date-fns';
import { addDays, toLocalDate } from './week';

/**
 * The payroll report's presets, the same in the app (HR tab) and `punch payroll --this-month / --last-month`: this
 * month from the 1st to today (no hours are approved for days to come), last month whole.
 */
export function monthPreset(preset: 'this-month' | 'last-month', today: string): { from: string; to: string } {
  const firstOfThisMonth = `${today.slice(0, 8)}01`;
  if (preset === 'this-month') return { from: firstOfThisMonth, to: today };
  const to = addDays(firstOfThisMonth, -1);
  return { from: `${to.slice(0, 8)}01`, to };
}

export function showPeriod(from: string, to: string, thisYear?: number): string {
  try {
    const a = toLocalDate(from);
    const b = toLocalDate(to);
    const sameYear = a.getFullYear() === b.getFullYear();
    const year = sameYear && (thisYear === undefined || b.getFullYear() === thisYear) ? '' : ' yyyy';
    if (from === to) return format(a, `EEE d MMM${year}`);
    if (sameYear && a.getMonth() === b.getMonth()) return `${format(a, 'd')} \u2013 ${format(b, `d MMM${year}`)}`;
    return `${format(a, `d MMM${sameYear ? '' : ' yyyy'}`)} \u2013 ${format(b, `d MMM${year}`)}`;
  } catch {
    return `${from} \u2013 ${to}`;
  }
}

/** Words that only say when: a timesheet name made of these (and numbers) says nothing about whose it is. */
const PERIOD_WORDS = new Set([
  'week',
  'weeks',
  'wk',
  'of',
  'to',
  'from',
  'until',
  'and',
  'the',
  'for',
  'timesheet',
  'timesheets',
  'sheet',
  'time',
  'jan',
  'january',
  'feb',
  'february',
  'mar',
  'march',
  'apr',
  'april',
  'may',
  'jun',
  'june',
  'jul',
  'july',
  'aug',
  'august',
  'sep',
  'sept',
  'september',
  'oct',
  'october',
  'nov',
  'november',
  'dec',
  'december',
  'mon',
  'monday',
  'tue',
  'tuesday',
  'wed',
  'wednesday',
  'thu',
  'thursday',
  'fri',
  'friday',
  'sat',
  'saturday',
  'sun',
  'sunday',
]);

/**
 * A timesheet's own name when it says more than its period ("Liam Chen - week 47", "Nov sprint"), else undefined:
 * "Week of 16-Nov-2026" (the sandbox's), "Week of 16 Nov 2026" (the app's), "Week 47" or "Timesheet 16/11 to 22/11"
 * repeat what the period already shows. Where the service's list names no employee, a name that says more is the best
 * word there is for whose it is (rather than "Someone").
 */
export function nameBeyondPeriod(name: string | undefined): string | undefined {
  const text = (name ?? '').trim();
  if (!text) return undefined;
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return words.some((w) => !/^(wk|w)?\d+(st|nd|rd|th)?$/.test(w) && !PERIOD_WORDS.has(w)) ? text : undefined;
}
