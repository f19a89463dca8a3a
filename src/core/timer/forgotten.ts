/**
 * A timer left running: past the user's end of day, or over midnight, it is caught when the app
 * opens or the computer wakes, and when `punch status` or `punch timer status` runs, not only at its stop. The
 * question is the stop's own (./timer-attention.ts `longRun`, the same setting `endOfDay`), asked early: log until
 * the end of the day, log all of it, or discard the overnight part (log until midnight). Pure: the timer, the clock's
 * time and the setting in; what to ask out.
 *
 * Silent when the user turned it off (`catchForgottenTimer`), and for a timer started on a day off (Saturday or
 * Sunday: the service says nothing of a company's working days), where working late is the user's own business; its
 * stop still asks.
 */
import type { TimerView } from '../../shared/domain';
import { addDays, weekdayOf } from '../../shared/time/week';
import { dayIn, midnightIn } from '../../shared/time/zone';
import { longRun } from './timer-attention';
import type { Persisted } from './timer-state';

export type Forgotten = NonNullable<TimerView['forgotten']>;

/** Monday to Friday (1 = Monday ... 7 = Sunday). */
export const isWorkingDay = (day: string): boolean => weekdayOf(day) <= 5;

export function forgottenTimer(t: Persisted, now: number, zone: string, endOfDay: string | undefined): Forgotten | undefined {
  if (!endOfDay || !t.running || t.startedAt === undefined) return undefined;
  const startDay = dayIn(zone, t.startedAt);
  if (!isWorkingDay(startDay)) return undefined;
  const run = longRun(t, now, zone, { endOfDay, maxMinutesPerDay: 0, awayMs: Infinity });
  const reasons = (run?.reasons ?? []).filter((r): r is Forgotten['reasons'][number] => r === 'end-of-day' || r === 'midnight');
  if (reasons.length === 0) return undefined;
  return {
    reasons,
    startedAt: t.startedAt,
    zone,
    ...(run?.suggestedEnd !== undefined ? { endOfDay: run.suggestedEnd } : {}),
    ...(reasons.includes('midnight') ? { midnight: midnightIn(zone, addDays(startDay, 1)) } : {}),
  };
}
