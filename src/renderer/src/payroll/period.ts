/**
 * The payroll report's period: presets (this month so far, last month) or a custom range, how a period reads
 * ("1 – 25 Nov 2026", in the region's format), and what is wrong with a custom one. Pure: "today" is handed in (the
 * store's clock, StoreDeps.now), never read here; the words come from the Wording handed in.
 */
import { defineMessages, type Wording } from '../../../shared/i18n/messages';
import { monthPreset } from '../../../shared/time/period';
import { addDays, daysBetween, isValidDate } from '../../../shared/time/week';

export type PayrollPreset = 'this-month' | 'last-month' | 'custom';

const M = defineMessages({
  preset: {
    id: 'hr.period.preset',
    defaultMessage: '{preset, select, thisMonth {This month} lastMonth {Last month} other {Custom}}',
    description: "The payroll report's period: this month so far, all of last month, or dates the user chooses.",
  },
  missing: { id: 'hr.period.missing', defaultMessage: 'Choose both dates.' },
  invalid: { id: 'hr.period.invalid', defaultMessage: 'Choose dates that exist in the calendar.' },
  backwards: { id: 'hr.period.backwards', defaultMessage: 'The end date is before the start date. Choose an end on or after the start.' },
  tooLong: {
    id: 'hr.period.too-long',
    defaultMessage: 'At most a year at a time: end on {latest} at the latest.',
    description: '{latest}: the last day a period starting on the chosen day may end on.',
  },
});

/** The core asks the service one month at a time (team/payroll.ts); a year is 12 or 13 calls, kept as the limit. */
export const MAX_PERIOD_DAYS = 366;

/** This month: from the 1st to today (no hours are approved for days to come). Last month: all of it. Shared with `punch payroll`. */
export function presetPeriod(preset: Exclude<PayrollPreset, 'custom'>, today: string): { from: string; to: string } {
  return monthPreset(preset, today);
}

export const presetWords = (w: Wording, preset: PayrollPreset): string =>
  // ICU select keys are words without hyphens
  w.say(M.preset, { preset: preset === 'this-month' ? 'thisMonth' : preset === 'last-month' ? 'lastMonth' : 'custom' });

/** `1 – 25 Nov 2026` (en-GB), `Nov 1 – 25, 2026` (en-US); across years both; one day `25 Nov 2026`. */
export function showPeriod(w: Wording, from: string, to: string): string {
  if (!isValidDate(from) || !isValidDate(to)) return `${from} \u2013 ${to}`;
  return w.formats.period(from, to, { year: true, weekday: false });
}

/** What is wrong with a custom period, or null. */
export type PeriodProblem = { kind: 'missing' | 'invalid' | 'backwards' } | { kind: 'too-long'; latest: string };

export function periodProblem(from: string, to: string): PeriodProblem | null {
  if (!from || !to) return { kind: 'missing' };
  if (!isValidDate(from) || !isValidDate(to)) return { kind: 'invalid' };
  const span = daysBetween(from, to);
  if (span < 0) return { kind: 'backwards' };
  if (span + 1 > MAX_PERIOD_DAYS) return { kind: 'too-long', latest: addDays(from, MAX_PERIOD_DAYS - 1) };
  return null;
}

/** A period's problem in words, saying what to do. */
export function problemWords(w: Wording, p: PeriodProblem): string {
  if (p.kind === 'too-long') return w.say(M.tooLong, { latest: w.formats.day(p.latest, { year: true, weekday: false }) });
  return w.say(M[p.kind]);
}
