/**
 * The arithmetic of a stop, apart from the timer's state: which pieces a running span becomes (one per local day,
 * across midnight and DST, in the timer's zone), how each is rounded, and where the company maximum per day cuts. Pure, so the timer
 * (./timer.ts) and its tests call it with plain timestamps.
 */
import type { RoundingRule } from '../../shared/domain';
import { roundToHhmm, toHhmm } from '../../shared/time/hours';
import { plainDate as dayOf } from '../../shared/words';
import { dayIn, splitByDayIn, systemZone } from '../../shared/time/zone';

export interface StopSegment {
  workDate: string;
  /** What to log on that day (rounded, then capped). */
  minutes: number;
  hhmm: string;
  rawHhmm: string;
  capped: boolean;
  /** Rounded minutes before the cap; `roundedMinutes - minutes` is what the cap cuts. */
  roundedMinutes: number;
}

export interface StopPlan {
  segments: StopSegment[];
  /** The whole span as measured, floored to minutes. */
  rawHhmm: string;
  /** The sum of the rounded pieces, before any cap. */
  roundedHhmm: string;
  /** The sum of what `segments` will log (after caps and dropped pieces). */
  loggedHhmm: string;
  notice?: string;
  /** true when the company maximum cuts time: the user must agree before anything is logged. */
  needsConfirm: boolean;
}

/**
 * What a stop would log: one piece per local day (spec: workDate is a local day, so a timer past midnight is two
 * logs), each rounded by the rule; pieces under a minute are dropped, pieces over what the day can still take
 * (company maximum minus what is logged) are capped and need the user's confirmation.
 */
export function planStop(
  startMs: number,
  endMs: number,
  rule: RoundingRule,
  availableMinutes: (date: string) => number,
  /** The zone whose midnights split the days (the timer's own: ./timer-state.ts). */
  zone: string = systemZone(),
): StopPlan {
  // A clock set back after the start gives no negative time; it gives nothing.
  const end = Math.max(endMs, startMs);
  const notices: string[] = [];
  const segments: StopSegment[] = [];
  let roundedTotal = 0;
  let needsConfirm = false;
  const pieces = splitByDayIn(zone, startMs, end);
  if (pieces.length === 0) notices.push(`Less than a minute on ${dayOf(dayIn(zone, startMs))}: nothing logged.`);
  for (const piece of pieces) {
    const r = roundToHhmm(piece.ms, rule);
    if (r.roundedMinutes < 1) {
      notices.push(`Less than a minute on ${dayOf(piece.date)}: nothing logged.`);
      continue;
    }
    roundedTotal += r.roundedMinutes;
    const available = Math.max(0, Math.floor(availableMinutes(piece.date)));
    if (r.roundedMinutes <= available) {
      segments.push({
        workDate: piece.date,
        minutes: r.roundedMinutes,
        hhmm: r.roundedHhmm,
        rawHhmm: r.rawHhmm,
        capped: false,
        roundedMinutes: r.roundedMinutes,
      });
      continue;
    }
    needsConfirm = true;
    const cut = toHhmm(r.roundedMinutes - available);
    if (available === 0) {
      notices.push(`${dayOf(piece.date)} already has the company maximum per day: nothing will be logged on that day and ${cut} is cut.`);
      continue;
    }
    notices.push(
      `${dayOf(piece.date)} can take only ${toHhmm(available)} more (the company maximum per day): ${toHhmm(available)} will be logged and ${cut} is cut.`,
    );
    segments.push({
      workDate: piece.date,
      minutes: available,
      hhmm: toHhmm(available),
      rawHhmm: r.rawHhmm,
      capped: true,
      roundedMinutes: r.roundedMinutes,
    });
  }
  const plan: StopPlan = {
    segments,
    rawHhmm: roundToHhmm(end - startMs, rule).rawHhmm,
    roundedHhmm: toHhmm(roundedTotal),
    loggedHhmm: toHhmm(segments.reduce((sum, s) => sum + s.minutes, 0)),
    needsConfirm,
  };
  if (notices.length > 0) plan.notice = notices.join(' ');
  return plan;
}
