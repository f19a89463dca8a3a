/**
 * What makes a submitted week worth a second look before approving it, for the Team tab and `punch timesheets`:
 * the total well over or under a working week, and working days without any hours. Pure (no DOM, no Node): the
 * screens and the CLI only present what it finds.
 *
 * The expected week: the service's time tracker settings give a maximum per day but no contracted hours (spec 2.6),
 * so a working day is taken as 8 hours, Monday to Friday (the days the submit confirmation also counts). Thresholds
 * chosen so an ordinary week with an hour or two over passes quietly while a 43:30 week is pointed out: over is more
 * than 42 h in a 40 h week (the same ratio for a shorter period), under is less than 80 % of the expected hours (32 h of 40). A holiday or leave day is
 * not known here: "no hours on Thu 19 Nov" is said, and the manager knows whether that is right.
 */
import { parseHhmm, toHhmm } from '../time/hours';
import { addDays, isValidDate, toLocalDate } from '../time/week';
import { plainDate } from '../words';

export const EXPECTED_MINUTES_PER_DAY = 8 * 60;
/** More than this share of the expected hours is "over" (42 of 40 h). */
export const OVER_SHARE = 42 / 40;
/** Less than this share of the expected hours is "under" (32 of 40 h). */
export const UNDER_SHARE = 0.8;

export interface WeekFlag {
  kind: 'over' | 'under' | 'empty-days';
  /** In plain words, e.g. "43:30, more than 42:00" (the threshold as HH:MM too, like the total it is compared with). */
  words: string;
  /**
   * The facts of those words, for a shell that says them in the user's language: the week's total (`HH:MM`) and the
   * limit it passed (minutes) for `over` and `under`; the working days without hours (`YYYY-MM-DD`) for `empty-days`.
   */
  total?: string;
  limitMinutes?: number;
  days?: string[];
}

/** What the flags need of a timesheet: a list row has no logs (no empty-day check), a detail has them. */
export interface FlaggableWeek {
  totalHours: string;
  fromDate: string;
  toDate: string;
  timeLogs?: ReadonlyArray<{ workDate: string; hours: string }>;
}

/** Monday to Friday within the period (local calendar days). */
export function workingDays(from: string, to: string): string[] {
  if (!isValidDate(from) || !isValidDate(to) || to < from) return [];
  const days: string[] = [];
  for (let d = from; d <= to && days.length < 400; d = addDays(d, 1)) {
    const dow = toLocalDate(d).getDay();
    if (dow >= 1 && dow <= 5) days.push(d);
  }
  return days;
}

const minutes = (hhmm: string) => {
  try {
    return parseHhmm(hhmm);
  } catch {
    return null;
  }
};

/** The flags of one week, in the order they are shown; none for an ordinary week. */
export function weekFlags(week: FlaggableWeek, thisYear?: number): WeekFlag[] {
  const flags: WeekFlag[] = [];
  const days = workingDays(week.fromDate, week.toDate);
  const total = minutes(week.totalHours);
  const expected = days.length * EXPECTED_MINUTES_PER_DAY;
  if (total !== null && expected > 0) {
    const over = Math.round(expected * OVER_SHARE);
    const under = Math.round(expected * UNDER_SHARE);
    const facts = { total: toHhmm(total) };
    if (total > over) flags.push({ kind: 'over', words: `${toHhmm(total)}, more than ${toHhmm(over)}`, ...facts, limitMinutes: over });
    else if (total < under)
      flags.push({ kind: 'under', words: `${toHhmm(total)}, less than ${toHhmm(under)}`, ...facts, limitMinutes: under });
  }
  if (week.timeLogs) {
    const worked = new Set(week.timeLogs.filter((l) => (minutes(l.hours) ?? 0) > 0).map((l) => l.workDate));
    const empty = days.filter((d) => !worked.has(d));
    if (empty.length > 0) {
      const year = (d: string) => thisYear !== undefined && Number(d.slice(0, 4)) !== thisYear;
      flags.push({ kind: 'empty-days', words: `no hours on ${empty.map((d) => plainDate(d, { year: year(d) })).join(', ')}`, days: empty });
    }
  }
  return flags;
}
