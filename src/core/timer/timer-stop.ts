/**
 * Stopping the timer: what is asked first, and the stop itself, safe at every instant (./README.md "A stop").
 *
 * Asked first, with nothing logged and the timer running on: the clock now reads before the start (set back: only an
 * end the user gives, or a discard, settles it); a timer that ran long (./timer-attention.ts) unless the user said
 * to log all of it or gave its end; a day of a week locked meanwhile (./timer-week.ts); a cut at the company's
 * maximum (`needsConfirm`).
 *
 * The stop: its logs are recorded through the log gate in one journal write, each carrying the timer's id, under
 * the outbox's lock and only if the journal does not yet hold this timer's stop and its file still shows it running
 * (`claim`); only after that write is durable is the timer's file cleared, or replaced by the next timer (`settle`).
 */
import type { Clock, PreferencesStore } from '../context';
import type { StopResult } from '../../shared/contract';
import { toHhmm } from '../../shared/time/hours';
import { systemZone } from '../../shared/time/zone';
import { InvalidInputError } from '../service';
import type { LogGate, NewLog } from '../log-gate';
import { loggedBy } from '../outbox';
import type { Timer, TimerStartInput } from './timer';
import { longRun, type AttentionLimits } from './timer-attention';
import { timerWeek } from './timer-week';
import { clockMovedWords, endAheadWords, endBeforeStartWords, longRunWords, stoppedElsewhereWords } from './timer-words';
import { timerNotices } from './timer-notices';
import { saidOf, type Words } from '../../shared/i18n/said';

export interface StopOptions {
  /** Log what the company's maximum per day cuts (the rest is dropped). */
  confirmOverMax?: boolean;
  /** The open day for time that ran on a locked week. */
  logTo?: string;
  /** When the user stopped working (epoch ms); default now. An end given is the user's answer: no "ran long" question. */
  at?: number;
  /** Log all of a timer that ran long. */
  confirmLong?: boolean;
  /** The timer this stop is for (a switch saw this one): refused when another one runs now. */
  expectId?: string;
  /** Started in the same write that clears the stopped timer (a switch, "discard and start new"). */
  then?: TimerStartInput;
  /** More logs recorded in the same append as the stop's own, all or none (the time away given to another job). */
  extra?: NewLog[];
}

/** The claim was lost: another process recorded this timer's stop, or the timer changed meanwhile. */
export const CLAIM_LOST = 'timer-stopped-elsewhere';

export function createStop(deps: { timer: Timer; gate: LogGate; clock: Clock; prefs: PreferencesStore }) {
  const { timer, gate, clock, prefs } = deps;
  const week = timerWeek(gate);

  const available = (date: string) => {
    const ctx = gate.ruleContext();
    return Math.max(0, ctx.settings.maxMinutesPerDay - ctx.dayTotalMinutes(date));
  };

  const limits = (): AttentionLimits => {
    const p = prefs.get();
    const mono = clock.monotonic?.();
    const boot = clock.boot?.();
    return {
      endOfDay: p.endOfDay,
      maxMinutesPerDay: gate.ruleContext().settings.maxMinutesPerDay,
      awayMs: p.idleThresholdMinutes * 60_000,
      ...(mono !== undefined ? { mono } : {}),
      ...(boot ? { boot } : {}),
    };
  };

  const lost = (words: Words) =>
    new InvalidInputError(words, [{ field: 'job', rule: CLAIM_LOST, message: words.message, said: saidOf(words) }]);

  return async function stop(opts: StopOptions): Promise<StopResult> {
    const running = timer.view();
    if (!running.running || running.startedAt === undefined || !running.id) {
      if (opts.expectId) throw lost(stoppedElsewhereWords());
      throw new InvalidInputError(timerNotices.noTimer('stop'));
    }
    if (opts.expectId && running.id !== opts.expectId) throw lost(stoppedElsewhereWords());
    const id = running.id;
    const startedAt = running.startedAt;
    const zone = running.zone ?? systemZone();
    const now = clock.now();
    const asked = { timer: running, logged: [], rawHhmm: running.rawHhmm, roundedHhmm: running.roundedHhmm };
    if (opts.at !== undefined) {
      if (opts.at < startedAt) throw new InvalidInputError(endBeforeStartWords(opts.at, startedAt, zone, now));
      // a clock set back (it reads before the start) is known wrong: any end after the start is the user's to give
      if (opts.at > now && now >= startedAt) throw new InvalidInputError(endAheadWords(opts.at, now, zone));
    } else if (now < startedAt) {
      const notice = clockMovedWords(running.jobName, startedAt, now, zone);
      return {
        ...asked,
        notice: notice.message,
        noticeSaid: saidOf(notice),
        needsEnd: { why: 'clock-moved', reasons: [], startedAt, now, zone },
      };
    }
    const end = opts.at ?? now;
    if (opts.at === undefined && !opts.confirmLong) {
      const l = limits();
      const run = longRun(timer.current(), end, zone, l);
      if (run) {
        const notice = longRunWords({ jobName: running.jobName, startedAt, zone }, end, run, l);
        return {
          ...asked,
          notice: notice.message,
          noticeSaid: saidOf(notice),
          needsEnd: {
            why: 'long',
            reasons: run.reasons,
            startedAt,
            now,
            zone,
            ...(run.suggestedEnd !== undefined ? { suggestedEnd: run.suggestedEnd } : {}),
            ...(run.asleepMs !== undefined ? { asleepMs: run.asleepMs } : {}),
          },
        };
      }
    }
    // where each day's time goes: its own day, or the open day chosen for a week locked meanwhile
    const route = await week.routeStop(running, end, opts.logTo);
    if (route.needsDay) return { ...asked, ...route.needsDay };
    // the day the user picked is kept with the timer: a stop that then asks to confirm a cut (over the day's maximum)
    // and is confirmed goes to the same day
    if (route.dayOf && opts.logTo && running.logTo !== opts.logTo) timer.update({ logTo: opts.logTo });
    const dayOf = route.dayOf ?? ((d: string) => d);
    const plan = timer.plan(end, (d) => available(dayOf(d)));
    const base = {
      rawHhmm: plan.rawHhmm,
      roundedHhmm: plan.roundedHhmm,
      ...(plan.notice ? { notice: plan.notice.message, noticeSaid: saidOf(plan.notice) } : {}),
    };
    if (plan.needsConfirm && !opts.confirmOverMax) return { timer: timer.view(), logged: [], ...base, needsConfirm: true };
    const v = timer.view();
    if (plan.segments.length === 0 && !opts.extra?.length) return { timer: timer.settle(id, opts.then), logged: [], ...base };
    // pieces that go to one day (a locked Sunday's part given to the open Monday it ran into) are one log there
    const byDay = new Map<string, number>();
    for (const s of plan.segments) byDay.set(dayOf(s.workDate), (byDay.get(dayOf(s.workDate)) ?? 0) + s.minutes);
    const own: NewLog[] = [...byDay].map(([workDate, minutes]) => ({
      workDate,
      hours: toHhmm(minutes),
      ...(v.jobId ? { jobId: v.jobId } : {}),
      jobName: v.jobName,
      billable: v.billable,
      ...(v.workItem ? { workItem: v.workItem } : {}),
      ...(v.description ? { description: v.description } : {}),
      timerId: id,
    }));
    const logged = await gate.logMany(
      // the time away given to another job: recorded with the stop, carrying its mark, so it is logged exactly once
      [...own, ...(opts.extra ?? []).map((e) => ({ ...e, timerId: id }))],
      {
        // under the outbox's lock, on the journal's latest document and the timer's latest file: `punch timer stop`
        // (another process) may have stopped and logged this very timer since the plan was made, or may have been
        // killed between recording its stop and clearing the timer's file; logging it here too would count it twice
        precondition: (j) => {
          if (!timer.claim(id, (days) => loggedBy(j, { timerId: id }, days))) throw lost(stoppedElsewhereWords());
        },
        // the logs are durable: now, and only now, the timer stops (before waiting for the service: it shows at once)
        onRecorded: () => {
          timer.settle(id, opts.then);
        },
      },
    );
    return { timer: timer.view(), logged, ...base };
  };
}
