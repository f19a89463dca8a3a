/**
 * Calendar days and weeks as the user lives them: local dates `YYYY-MM-DD`, weeks from Monday. Pure (date-fns, no
 * Node imports): the renderer uses it too.
 *
 * Dates are written by hand (`fromLocalDate`, `weekLabel`), not with date-fns' `format`: this file is in the window's
 * first chunk, and `format` brought its token parser, every formatter and the en-US locale with it (19.5 kB of the
 * 413 kB the first screen compiles before it takes input; docs/benchmarks.md, "Seventh pass"). The few fixed
 * patterns used here need none of that.
 *
 * real-service-notes: `workDate` is a local calendar day, built from the user's local date, never from a UTC
 * timestamp. So nothing here calls `toISOString()`; every date is read and built in the local time zone.
 */
// each function from its own module, not date-fns' index: the first chunk is everything its modules import
// (electron.vite.config.ts `firstScreenChunk`), and the index imports all of date-fns, `format` included
import { addDays as addDaysToDate } from 'date-fns/addDays';
import { addWeeks as addWeeksToDate } from 'date-fns/addWeeks';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { startOfDay } from 'date-fns/startOfDay';
import { startOfWeek } from 'date-fns/startOfWeek';

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
/** date-fns: 1 = Monday. */
const MONDAY = 1;
const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
/** date-fns' en-US `MMM`, which `weekLabel` wrote before (English: the labels in the user's language are formats.ts'). */
const MONTH_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const twoDigits = (n: number) => String(n).padStart(2, '0');

/** Epoch ms -> the local calendar day it falls on. */
export function localDate(epochMs: number): string {
  if (!Number.isFinite(epochMs)) throw new Error(`time: ${String(epochMs)} is not a point in time (epoch milliseconds).`);
  const at = new Date(epochMs);
  // beyond ±8.64e15 ms a Date is invalid (date-fns' format threw a RangeError there)
  if (Number.isNaN(at.getTime())) throw new Error(`time: ${String(epochMs)} is not a point in time (epoch milliseconds).`);
  return fromLocalDate(at);
}

/** A real calendar date in the fixed `YYYY-MM-DD` form (2026-02-30 and 2026-13-01 are not). */
export function isValidDate(s: unknown): s is string {
  if (typeof s !== 'string') return false;
  const m = DATE_PATTERN.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  const daysInMonth = [31, isLeapYear(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1];
  return d <= daysInMonth;
}

function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

/** `YYYY-MM-DD` -> local midnight of that day. Throws a clear message on anything else. */
export function toLocalDate(date: string, field = 'date'): Date {
  if (!isValidDate(date)) {
    throw new Error(`${field}: "${String(date)}" is not a calendar date. Use YYYY-MM-DD, for example 2026-11-20.`);
  }
  const [y, mo, d] = date.split('-').map(Number);
  const at = new Date(0);
  // setFullYear, not new Date(y, ...): the constructor maps years 0-99 to 1900-1999.
  at.setFullYear(y, mo - 1, d);
  at.setHours(0, 0, 0, 0);
  return at;
}

/** A local date as `YYYY-MM-DD` (date-fns' `yyyy-MM-dd`: the year at least four digits). */
function fromLocalDate(d: Date): string {
  return `${String(d.getFullYear()).padStart(4, '0')}-${twoDigits(d.getMonth() + 1)}-${twoDigits(d.getDate())}`;
}

/** The Monday of the week that holds `date` (a Sunday belongs to the week that began six days earlier). */
export function weekStartOf(date: string): string {
  return fromLocalDate(startOfWeek(toLocalDate(date), { weekStartsOn: MONDAY }));
}

/** The seven dates Monday..Sunday of the week starting `weekStart` (any date of the week is accepted). */
export function weekDays(weekStart: string): string[] {
  const monday = toLocalDate(weekStartOf(weekStart));
  return Array.from({ length: 7 }, (_, i) => fromLocalDate(addDaysToDate(monday, i)));
}

export function addDays(date: string, n: number): string {
  return fromLocalDate(addDaysToDate(toLocalDate(date), n));
}

export function addWeeks(date: string, n: number): string {
  return fromLocalDate(addWeeksToDate(toLocalDate(date), n));
}

/** Whole calendar days from `from` to `to` (positive when `to` is later); DST days count as one day. */
export function daysBetween(from: string, to: string): number {
  return differenceInCalendarDays(toLocalDate(to), toLocalDate(from));
}

/**
 * Splits a span of wall-clock time at local midnights: one piece per calendar day it touches. Midnight is found by
 * calendar arithmetic (next day, 00:00 local), never by adding 24 h, so a 23 h or 25 h DST day splits correctly.
 */
export function splitByLocalDay(startMs: number, endMs: number): Array<{ date: string; ms: number }> {
  if (!Number.isFinite(startMs) || !Number.isFinite(endMs)) {
    throw new Error('time span: start and end must be points in time (epoch milliseconds).');
  }
  if (endMs < startMs) throw new Error('time span: the end is before the start.');
  const pieces: Array<{ date: string; ms: number }> = [];
  let cursor = startMs;
  while (cursor < endMs) {
    const nextMidnight = startOfDay(addDaysToDate(new Date(cursor), 1)).getTime();
    const until = Math.min(nextMidnight, endMs);
    pieces.push({ date: localDate(cursor), ms: until - cursor });
    cursor = until;
  }
  return pieces;
}

/** `16 – 22 Nov 2026`, `30 Nov – 6 Dec 2026`, `28 Dec 2026 – 3 Jan 2027`. */
export function weekLabel(weekStart: string): string {
  const first = toLocalDate(weekStartOf(weekStart));
  const last = addDaysToDate(first, 6);
  const dayMonth = (d: Date) => `${d.getDate()} ${MONTH_SHORT[d.getMonth()]}`;
  const full = (d: Date) => `${dayMonth(d)} ${String(d.getFullYear()).padStart(4, '0')}`;
  if (first.getFullYear() !== last.getFullYear()) return `${full(first)} – ${full(last)}`;
  if (first.getMonth() !== last.getMonth()) return `${dayMonth(first)} – ${full(last)}`;
  return `${first.getDate()} – ${full(last)}`;
}

/** The date the week's submission is due: `dueWeekday` 1 = Monday ... 7 = Sunday (TrackerSettings). */
export function dueDate(weekStart: string, dueWeekday: number): string {
  if (!Number.isInteger(dueWeekday) || dueWeekday < 1 || dueWeekday > 7) {
    throw new Error(`submissionDueWeekday: ${String(dueWeekday)} must be 1 (Monday) to 7 (Sunday).`);
  }
  return addDays(weekStartOf(weekStart), dueWeekday - 1);
}

/** 1 = Monday ... 7 = Sunday for a date. */
export function weekdayOf(date: string): number {
  return daysBetween(weekStartOf(date), date) + 1;
}

/** `Friday` for 5. */
export function weekdayName(weekday: number): string {
  const name = WEEKDAY_NAMES[weekday - 1];
  if (!name) throw new Error(`weekday: ${String(weekday)} must be 1 (Monday) to 7 (Sunday).`);
  return name;
}
