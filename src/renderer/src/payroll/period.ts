/**
 * The payroll report's period: presets (this month so far, last month) or a custom range, and how a period reads
 * ("1 Nov – 25 Nov 2026"). Pure: "today" is handed in (the store's clock, StoreDeps.now), never read here.
 */
import { format } from 'date-fns';
import { monthPreset } from '../../../shared/time/period';
import { addDays, daysBetween, isValidDate, toLocalDate } from '../../../shared/time/week';

export type PayrollPreset = 'this-month' | 'last-month' | 'custom';

export const PRESET_LABELS: Record<PayrollPreset, string> = {
  'this-month': 'This month',
  'last-month': 'Last month',
  custom: 'Custom',
};

/** The core asks the service one month at a time (team/payroll.ts); a year is 12 or 13 calls, kept as the limit. */
export const MAX_PERIOD_DAYS = 366;

/** This month: from the 1st to today (no hours are approved for days to come). Last month: all of it. Shared with `punch payroll`. */
export function presetPeriod(preset: Exclude<PayrollPreset, 'custom'>, today: string): { from: string; to: string } {
  return monthPreset(preset, today);
}

/** `1 Nov – 25 Nov 2026`; across years `15 Dec 2025 – 10 Jan 2026`; one day `25 Nov 2026`. */
export function showPeriod(from: string, to: string): string {
  try {
    const a = toLocalDate(from);
    const b = toLocalDate(to);
    if (from === to) return format(b, 'd MMM yyyy');
    return `${format(a, from.slice(0, 4) === to.slice(0, 4) ? 'd MMM' : 'd MMM yyyy')} \u2013 ${format(b, 'd MMM yyyy')}`;
  } catch {
    return `${from} \u2013 ${to}`;
  }
}

/** What is wrong with a custom period, in words, or null. */
export function periodProblem(from: string, to: string): string | null {
  if (!from || !to) return 'Choose both dates.';
  if (!isValidDate(from) || !isValidDate(to)) return 'Choose dates that exist in the calendar.';
  const span = daysBetween(from, to);
  if (span < 0) return 'The end date is before the start date. Choose an end on or after the start.';
  if (span + 1 > MAX_PERIOD_DAYS)
    return `At most a year at a time: end on ${showPeriod(addDays(from, MAX_PERIOD_DAYS - 1), addDays(from, MAX_PERIOD_DAYS - 1))} at the latest.`;
  return null;
}
