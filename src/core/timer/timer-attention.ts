/**
 * When a timer's time is asked about before it is logged. Pure: the timer's start, zone and anchor, the end, and
 * the user's and the company's limits in; the reasons out.
 *
 * - **The clock moved back**: the end is before the start. How long it ran cannot be told from the clock: nothing
 *   is logged, the timer runs on, and the user gives the real end (or discards it).
 * - **It ran long**: past the user's end of day (the preference `endOfDay`, default 18:00) when it started before
 *   it, over midnight (in the timer's zone), longer than the company's maximum for a day, or with time in it when the
 *   computer slept or its clock jumped forward (the wall clock moved more than the monotonic one since the anchor,
 *   by more than the idle threshold). A forgotten timer, or a sleep nobody was asked about (`punch`, and web mode or
 *   the app when they were not running then), is then never logged as it is without the user saying so: all of it
 *   (`confirmLong`, `punch ... --yes`), until a time (`at`, `--at`), or nothing (discard).
 * These thresholds are one function of values, so the reminders (a timer still running past the end of
 * day) can ask the same question from the same setting.
 */
import { atIn, dayIn } from '../../shared/time/zone';
import type { Persisted } from './timer-state';

export type LongReason = 'end-of-day' | 'midnight' | 'day-maximum' | 'asleep';

export interface LongRun {
  reasons: LongReason[];
  /** How long the computer slept (or its clock jumped forward) while the timer ran, when measured. */
  asleepMs?: number;
  /** The end of the working day it started in, when it ran past it: the end most people mean. */
  suggestedEnd?: number;
}

export interface AttentionLimits {
  /** `HH:MM`: the user's end of day. */
  endOfDay: string;
  /** The company's maximum per day, in minutes. */
  maxMinutesPerDay: number;
  /** Time away shorter than this is not asked about (the idle threshold). */
  awayMs: number;
  /** The monotonic clock now, and the boot it counts from (absent: the sleep check is off). */
  mono?: number;
  boot?: string;
}

/** The end of `day`'s working day in `zone`. */
export function endOfDayIn(zone: string, day: string, endOfDay: string): number {
  const [hh, mm] = endOfDay.split(':').map(Number);
  return atIn(zone, day, hh, mm);
}

/** How long the computer slept (or its clock jumped forward) since the anchor: undefined when it cannot be told. */
export function asleepSince(t: Pick<Persisted, 'anchor'>, now: number, mono?: number, boot?: string): number | undefined {
  const a = t.anchor;
  if (!a || mono === undefined || !boot || boot !== a.boot) return undefined;
  const monoMoved = mono - a.mono;
  const wallMoved = now - a.at;
  // a monotonic clock that went back, or a wall clock that did, says nothing about a sleep
  if (monoMoved < 0 || wallMoved < 0) return undefined;
  return Math.max(0, wallMoved - monoMoved);
}

/** Why the timer's time until `end` must be asked about before it is logged; undefined when it can be logged as it is. */
export function longRun(t: Persisted, end: number, zone: string, limits: AttentionLimits): LongRun | undefined {
  const start = t.startedAt;
  if (!t.running || start === undefined || end <= start) return undefined;
  const reasons: LongReason[] = [];
  const startDay = dayIn(zone, start);
  const dayEnd = endOfDayIn(zone, startDay, limits.endOfDay);
  const out: LongRun = { reasons };
  if (start < dayEnd && end > dayEnd) {
    reasons.push('end-of-day');
    out.suggestedEnd = dayEnd;
  }
  // started after the end of day (working late) and run over midnight: no end is suggested, the user says when
  if (dayIn(zone, end) !== startDay) reasons.push('midnight');
  if (limits.maxMinutesPerDay > 0 && end - start > limits.maxMinutesPerDay * 60_000) reasons.push('day-maximum');
  const asleep = asleepSince(t, end, limits.mono, limits.boot);
  if (asleep !== undefined && asleep >= limits.awayMs) {
    reasons.push('asleep');
    out.asleepMs = asleep;
  }
  return reasons.length > 0 ? out : undefined;
}
