/**
 * The timer and the week it runs in. A submitted or approved week takes no new time (the service refuses its logs),
 * and the timer used to learn it only at Stop: Start was allowed with no word, Stop failed, and the only way out was
 * Discard, which lost the time. Now:
 * - **start**: today's week is read when stale, and a start on a locked week is refused before anything starts,
 *   saying so in plain words with an open day to use instead (`openDay`: today in an open week, else the latest open
 *   day before it); started with `logTo` (that open day), the timer runs and its time goes there at Stop;
 * - **stop**: a timer whose week was locked while it ran (submitted on another device, or here) logs nothing and keeps
 *   running until the user picks an open day (`needsDay`); the day chosen at start is used when it is still open. The
 *   question names only the part of its time that fell in the locked week (a timer from Sunday 23:50 into an open
 *   Monday: Sunday's 00:10), suggests the open day nearest to it (one of the timer's own days first), and only that
 *   part goes there. Days are the timer's zone's (../../shared/time/zone.ts).
 * The days are checked with the company's rules (../rules/check.ts) on the week as read now (../log-rules.ts).
 */
import type { StopResult } from '../../shared/contract';
import type { RuleViolation, TimerView } from '../../shared/domain';
import { roundToHhmm, toHhmm } from '../../shared/time/hours';
import { addDays, daysBetween, weekdayOf, weekStartOf } from '../../shared/time/week';
import { splitByDayIn, systemZone } from '../../shared/time/zone';
import { saidOf } from '../../shared/i18n/said';
import { timerNotices } from './timer-notices';
import { InvalidInputError } from '../service';
import type { RuleContext } from '../rules';
import { checkLog, lockedViolation, openDayNear } from '../rules';
import type { LogGate } from '../log-gate';

/** Rules about the day alone (a real day, not ahead, not too old, not locked): what a day for the timer's time must pass. */
const DAY_RULES = new Set<RuleViolation['rule']>(['format', 'future', 'too-old', 'locked']);

export interface StopRoute {
  /** The day a piece of the timer's time is logged on (its own, or the open day for a locked one). */
  dayOf?: (date: string) => string;
  /** Nothing can be logged until the user picks an open day: the stop's answer. */
  needsDay?: Pick<StopResult, 'notice' | 'noticeSaid' | 'needsDay'>;
}

export interface TimerWeek {
  /** Before a start: undefined when today's week is open; `logTo` when it is locked and `logTo` is open; throws otherwise. */
  checkStart(logTo: string | undefined): Promise<string | undefined>;
  /** Before a stop: where each day's time goes, or that a day is needed first. */
  routeStop(running: TimerView, end: number, logTo: string | undefined): Promise<StopRoute>;
}

/** The violations of `date` as the day for the timer's time, named at the date field. */
function dayProblems(date: string, ctx: RuleContext): RuleViolation[] {
  return checkLog({ workDate: date, hours: '00:01', jobName: 'timer', jobFixed: true }, ctx)
    .filter((v) => DAY_RULES.has(v.rule))
    .map((v) => ({ ...v, field: 'workDate' as const }));
}

function refuse(violations: RuleViolation[]): never {
  throw new InvalidInputError(violations.map((v) => v.message).join(' '), violations);
}

export function timerWeek(gate: LogGate): TimerWeek {
  /** The week before today's is read too (when stale) before an open day is suggested from it. */
  const suggestion = async (date: string): Promise<string | undefined> => {
    const today = gate.ruleContext().today;
    await gate.freshen([addDays(weekStartOf(today), -1)]);
    return openDayNear(date, gate.ruleContext());
  };

  /**
   * The open day nearest to the locked `date` for its part of the timer's time: one of the timer's own days when one
   * is open (a timer from Sunday into Monday: the Monday), else the nearest day around it that the company accepts
   * (a weekday, not ahead of today, not locked, not too old), the later one first; never weeks back when the next day
   * is open. The weeks on either side are read first when stale.
   */
  const nearestOpenDay = async (date: string, ownDays: string[]): Promise<string | undefined> => {
    const start = weekStartOf(date);
    const today = gate.ruleContext().today;
    await gate.freshen([addDays(start, -1), ...(addDays(start, 7) <= today ? [addDays(start, 7)] : [])]);
    const ctx = gate.ruleContext();
    const usable = (d: string) => d <= ctx.today && dayProblems(d, ctx).length === 0;
    const own = ownDays
      .filter((d) => d !== date && usable(d))
      .sort((a, b) => Math.abs(daysBetween(date, a)) - Math.abs(daysBetween(date, b)));
    if (own.length > 0) return own[0];
    for (let n = 1; n <= 28; n++) {
      for (const d of [addDays(date, n), addDays(date, -n)]) {
        const weekday = weekdayOf(d);
        if (weekday !== 6 && weekday !== 7 && usable(d)) return d;
      }
    }
    return undefined;
  };

  return {
    async checkStart(logTo) {
      const today = gate.ruleContext().today;
      await gate.freshen([today, logTo ?? '']);
      const ctx = gate.ruleContext();
      if (!ctx.isLocked(today)) return undefined;
      if (logTo) {
        const problems = dayProblems(logTo, ctx);
        if (problems.length > 0) refuse(problems);
        return logTo;
      }
      const openDay = await suggestion(today);
      const words = timerNotices.notStarted(weekStartOf(today), ctx.lockState?.(today), openDay);
      // its own words (the timer's), not the rule's sentence
      const locked = lockedViolation(today, ctx);
      refuse([{ ...locked, ...(openDay ? { openDay } : {}), message: words.message, said: saidOf(words) }]);
    },

    async routeStop(running, end, logTo) {
      if (!running.running || running.startedAt === undefined) return {};
      const zone = running.zone ?? systemZone();
      const pieces = splitByDayIn(zone, running.startedAt, Math.max(end, running.startedAt))
        .map((p) => ({ date: p.date, minutes: roundToHhmm(p.ms, running.rule).roundedMinutes }))
        .filter((p) => p.minutes > 0);
      if (pieces.length === 0) return {};
      const days = pieces.map((p) => p.date);
      const chosen = logTo ?? running.logTo;
      await gate.freshen([...days, chosen ?? '']);
      const ctx = gate.ruleContext();
      const locked = days.filter((d) => ctx.isLocked(d));
      if (locked.length === 0) return {};
      if (chosen) {
        const problems = dayProblems(chosen, ctx);
        if (problems.length === 0) return { dayOf: (d) => (locked.includes(d) ? chosen : d) };
        // the user's choice now is wrong: say why; the day chosen at start is no longer open: ask again
        if (logTo) refuse(problems);
      }
      // only the part that fell in the locked week is named, and only it moves: the rest stays on its own days
      const part = toHhmm(pieces.filter((p) => locked.includes(p.date)).reduce((sum, p) => sum + p.minutes, 0));
      const openDay = await nearestOpenDay(locked[0], days);
      const notice = timerNotices.needsDay(weekStartOf(locked[0]), ctx.lockState?.(locked[0]), part, locked, openDay);
      return {
        needsDay: {
          notice: notice.message,
          noticeSaid: saidOf(notice),
          needsDay: { lockedDays: locked, ...(openDay ? { openDay } : {}) },
        },
      };
    },
  };
}
