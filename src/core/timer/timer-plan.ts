/**
 * The arithmetic of a stop, apart from the timer's state: which pieces a running span becomes (one per local day,
 * across midnight and DST, in the timer's zone), how each is rounded, and where the company maximum per day cuts. Pure, so the timer
 * (./timer.ts) and its tests call it with plain timestamps.
 */
import type { RoundingRule } from '../../shared/domain';
import { roundToHhmm, toHhmm } from '../../shared/time/hours';
import { saidOf, type Words } from '../../shared/i18n/said';
import { sentencesSaid } from '../../shared/input-words';
import { timerNotices } from './timer-notices';
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
  /** Why less (or nothing) is logged, sentence by sentence, as the core's words. */
  notice?: Words;
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
  const notices: Words[] = [];
  const segments: StopSegment[] = [];
  let roundedTotal = 0;
  let needsConfirm = false;
  const pieces = splitByDayIn(zone, startMs, end);
  if (pieces.length === 0) notices.push(timerNotices.underMinute(dayIn(zone, startMs)));
  for (const piece of pieces) {
    const r = roundToHhmm(piece.ms, rule);
    if (r.roundedMinutes < 1) {
      notices.push(timerNotices.underMinute(piece.date));
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
      notices.push(timerNotices.dayFull(piece.date, cut));
      continue;
    }
    notices.push(timerNotices.dayRoom(piece.date, toHhmm(available), cut));
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
  if (notices.length > 0) plan.notice = { ...sentencesSaid(notices.map(saidOf))!, message: notices.map((n) => n.message).join(' ') };
  return plan;
}
