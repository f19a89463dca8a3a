/**
 * What the user does with the timer, composed from the timer's state machine (./timer.ts) and the logging path
 * (../log-gate.ts): stopping logs one time log per day (./timer-stop.ts); switching jobs stops and logs the running
 * timer first and says what became of it, but never logs a timer that ran long as a side effect (it asks); idle,
 * sleep and clock answers log up to the moment the user left, or a moment the user gives.
 *
 * The timer knows the week (./timer-week.ts): a start on a submitted or approved week is refused before anything
 * starts, with an open day to log the time to instead (`logTo`); a stop whose time ran on a day of a week locked
 * meanwhile logs nothing and keeps the timer running until the user picks an open day: the time is never dropped.
 */
import type { Clock, PreferencesStore } from '../context';
import type { ReplacedTimer, StopResult, TimerStart } from '../../shared/contract';
import type { Job, TimerView } from '../../shared/domain';
import { replacedSaid } from '../../shared/timer-words';
import { saidOf, type SaidValue, type Words } from '../../shared/i18n/said';
import { sayInEnglish } from '../../shared/i18n/english';
import { sentencesSaid } from '../../shared/input-words';
import { timerNotices } from './timer-notices';
import { systemZone } from '../../shared/time/zone';
import { InvalidInputError } from '../service';
import type { Catalog } from '../catalog';
import { unknownJobName } from '../rules';
import { billingFor, jobNamed } from '../../shared/billing';
import type { LogGate, NewLog } from '../log-gate';
import { idleLogs } from './idle-to-job';
import type { Timer, TimerStartInput } from './timer';
import { CLAIM_LOST, createStop, type StopOptions } from './timer-stop';
import { timerWeek } from './timer-week';
import { awayLeftOutWords, clockSetBackWords, notSwitchedWords, runningWords, switchLostWords } from './timer-words';

/** What a stop said besides (a cap, a locked week), as a value of another message: its code when it has one. */
const noticeOf = (r: StopResult): SaidValue | undefined => (r.noticeSaid ? { said: r.noticeSaid } : r.notice);

export interface StartRequest {
  jobId?: string;
  jobName?: string;
  workItem?: string;
  description?: string;
  billable?: boolean;
  logTo?: string;
  /** The running timer the caller knows it replaces (null: it knows of none; absent: whatever runs now). */
  replaces?: string | null;
  /** Log all of a running timer that ran long. */
  confirmLong?: boolean;
  /** Stop the running timer at this moment (epoch ms). */
  stopPreviousAt?: number;
}

/** A gap between two looks at the clock: the wall clock moved more (a sleep, a jump forward) or less (set back). */
export interface ClockGap {
  kind: 'forward' | 'back';
  /** The wall clock at the look before, and now. */
  from: number;
  to: number;
}

export interface TimerActions {
  start(input: StartRequest): Promise<TimerStart>;
  stop(opts: StopOptions): Promise<StopResult>;
  /** `job`: with `give-to-job`, the job the time away goes to (./idle-to-job.ts). */
  resolveIdle(
    action: 'keep' | 'discard' | 'discard-and-start-new' | 'stop-at' | 'give-to-job',
    at?: number,
    job?: { jobId?: string; jobName?: string },
  ): Promise<TimerView>;
  onSuspend(at: number, reason?: 'suspend' | 'lock' | 'shutdown'): Promise<void>;
  /** A long-running process saw the wall clock jump (./clock-watch.ts). */
  onClockGap(gap: ClockGap): Promise<void>;
}

export function createTimerActions(deps: {
  timer: Timer;
  gate: LogGate;
  catalog: Catalog;
  clock: Clock;
  prefs: PreferencesStore;
  notify: (level: 'info' | 'warning' | 'error', message: string | Words) => void;
}): TimerActions {
  const { timer, gate, catalog, clock, prefs, notify } = deps;
  const week = timerWeek(gate);
  const stop = createStop({ timer, gate, clock, prefs });

  /** The job to time, and whether it is billed: said by the user, else the job's own (../../shared/billing.ts). */
  async function jobFor(input: {
    jobId?: string;
    jobName?: string;
    billable?: boolean;
  }): Promise<{ jobId?: string; jobName: string; billable: boolean }> {
    const billable = (job: Job | undefined) => billingFor(job, input.billable) === 'Billable';
    if (input.jobId) {
      let job = catalog.findJob(input.jobId);
      if (!job && !input.jobName) {
        await catalog.jobs({ status: 'all' }).catch(() => undefined);
        job = catalog.findJob(input.jobId);
      }
      const jobName = input.jobName ?? job?.jobName;
      if (!jobName) {
        const words = timerNotices.unknownJob();
        throw new InvalidInputError(words, [{ field: 'job', rule: 'unknown-job', message: words.message, said: saidOf(words) }]);
      }
      return { jobId: input.jobId, jobName, billable: billable(job ?? jobNamed(catalog.cachedJobs(), jobName)) };
    }
    if (!input.jobName) {
      const at = timerNotices.jobRequired();
      throw new InvalidInputError(timerNotices.jobToStart(), [{ field: 'job', rule: 'required', message: at.message, said: saidOf(at) }]);
    }
    // the same check as a log typed by hand (../rules/check.ts): a name not in the known job list would make the stop fail
    let ctx = gate.ruleContext();
    if (!(ctx.jobsKnown ?? ctx.jobs.length > 0)) {
      // no job list yet: one fetch, as for a log typed by hand (offline the name is accepted)
      await catalog.jobs({ status: 'all' }).catch(() => undefined);
      ctx = gate.ruleContext();
    }
    const problem = (ctx.jobsKnown ?? ctx.jobs.length > 0) ? unknownJobName(input.jobName, ctx.jobs) : undefined;
    if (problem) throw new InvalidInputError(problem.said ? { ...problem.said, message: problem.message } : problem.message, [problem]);
    const byName = jobNamed(catalog.cachedJobs(), input.jobName);
    return { ...(byName ? { jobId: byName.jobId } : {}), jobName: input.jobName, billable: billable(byName) };
  }

  /**
   * Logs what ran until `at` (capped at the company maximum without asking: the user already chose to drop time),
   * then stops, or starts `then` in the same write. A stop that needs an open day first (its week was locked
   * meanwhile) logs nothing: the timer runs on, and the user is told (`false`).
   */
  async function logUntil(at: number, then?: TimerStartInput, extra?: NewLog[]): Promise<boolean> {
    const r = await stop({ confirmOverMax: true, confirmLong: true, at, ...(then ? { then } : {}), ...(extra ? { extra } : {}) });
    if (r.needsDay) {
      notify('warning', timerNotices.pickDay(noticeOf(r) ?? { said: saidOf(timerNotices.weekLocked()) }));
      return false;
    }
    if (r.notice) notify('info', r.noticeSaid ? { ...r.noticeSaid, message: r.notice } : r.notice);
    return true;
  }

  /** The refusal of a switch: the running timer stays as it is, and the next one did not start. */
  const notSwitched = (r: StopResult, jobName: string): InvalidInputError => {
    if (r.needsDay) return new InvalidInputError(timerNotices.pickDayFirst(noticeOf(r) ?? ''));
    const words = notSwitchedWords(noticeOf(r) ?? '', jobName);
    return new InvalidInputError(words, [{ field: 'job', rule: 'timer-long', message: words.message, said: saidOf(words) }]);
  };

  return {
    async start(input) {
      // what runs as the call begins: what the caller replaces, unless it said (its screen showed) otherwise
      const seen = timer.view();
      const expected = input.replaces !== undefined ? input.replaces : seen.running ? (seen.id ?? null) : null;
      const job = await jobFor(input);
      // before anything starts or stops: a day of a locked week takes no time (refused, with an open day to use)
      const logTo = await week.checkStart(input.logTo);
      const next: TimerStartInput = {
        ...job,
        workItem: input.workItem,
        description: input.description,
        ...(logTo ? { logTo } : {}),
      };
      const running = timer.view();
      if (!running.running) {
        // the one it replaces was stopped elsewhere meanwhile: this job is still what the user asked for
        const v = timer.start(next);
        gate.pushRecentJob(job.jobId);
        return v;
      }
      if (running.id !== expected) {
        // started elsewhere since the caller looked (two starts at once): the first one stays, this one is refused
        const words = runningWords(running.jobName, running.startedAt ?? clock.now(), running.zone ?? systemZone(), clock.now());
        throw new InvalidInputError(words, [{ field: 'job', rule: 'timer-running', message: words.message, said: saidOf(words) }]);
      }
      // a switch: the running timer is stopped and logged in the write that starts the next one
      let r: StopResult;
      try {
        r = await stop({
          confirmOverMax: input.confirmLong === true,
          ...(input.confirmLong ? { confirmLong: true } : {}),
          ...(input.stopPreviousAt !== undefined ? { at: input.stopPreviousAt } : {}),
          expectId: running.id,
          then: next,
        });
      } catch (e) {
        if (e instanceof InvalidInputError && e.violations.some((v) => v.rule === CLAIM_LOST)) {
          const words = switchLostWords(job.jobName);
          throw new InvalidInputError(words, [{ field: 'job', rule: 'timer-running', message: words.message, said: saidOf(words) }]);
        }
        throw e;
      }
      if (r.needsEnd || r.needsDay || r.needsConfirm) throw notSwitched(r, job.jobName);
      const v = timer.view();
      const ranMs = Math.max(0, (input.stopPreviousAt ?? clock.now()) - (running.startedAt ?? clock.now()));
      const stopped: Omit<ReplacedTimer, 'words'> = {
        jobName: running.jobName ?? 'a job',
        startedAt: running.startedAt ?? clock.now(),
        ranMs,
        logged: r.logged,
        ...(r.notice ? { notice: r.notice } : {}),
        ...(r.noticeSaid ? { noticeSaid: r.noticeSaid } : {}),
      };
      const saidReplaced = replacedSaid(stopped);
      const replaced: ReplacedTimer = { ...stopped, words: sayInEnglish(saidReplaced), said: saidReplaced };
      if (!v.running || v.jobName !== job.jobName) {
        // the old one is logged, but another timer was started elsewhere in between: it was not replaced by this one
        const lost = switchLostWords(job.jobName);
        const both = sentencesSaid([saidReplaced, saidOf(lost)])!;
        throw new InvalidInputError({ ...both, message: `${replaced.words} ${lost.message}` }, [
          { field: 'job', rule: 'timer-running', message: lost.message, said: saidOf(lost) },
        ]);
      }
      gate.pushRecentJob(job.jobId);
      return { ...v, replaced };
    },

    stop,

    async resolveIdle(action, at, job) {
      const v = timer.view();
      if (action === 'stop-at') {
        if (at === undefined) throw new InvalidInputError(timerNotices.stoppedAtNeeded());
        await logUntil(at);
        return timer.view();
      }
      if (action === 'keep' || !v.running || !v.idlePrompt) return timer.clearIdle();
      const { idleSince } = v.idlePrompt;
      const again =
        action === 'discard-and-start-new' || action === 'give-to-job'
          ? {
              ...(v.jobId ? { jobId: v.jobId } : {}),
              jobName: v.jobName!,
              workItem: v.workItem,
              description: v.description,
              billable: v.billable,
              ...(v.logTo ? { logTo: v.logTo } : {}),
            }
          : undefined;
      // the time away given to another job: its own log(s), in the same append as the timer's time up to it
      const extra =
        action === 'give-to-job'
          ? idleLogs(v, { from: idleSince, to: v.idlePrompt.until ?? clock.now() }, await jobFor(job ?? {}), prefs.get().rounding)
          : undefined;
      await logUntil(idleSince, again, extra);
      return timer.view();
    },

    async onSuspend(at, reason = 'suspend') {
      const v = timer.view();
      if (!v.running) return;
      const mode = prefs.get().onSuspend;
      if (mode === 'stop') {
        // An unanswered idle question means the user was away since idleSince: stopping at sleep must not log that
        // time without them saying "keep" (the idle-then-sleep case: the machine sleeps because nobody was there).
        const asked = v.idlePrompt?.idleSince;
        if (asked !== undefined && asked < at) {
          notify('info', awayLeftOutWords(asked, v.zone ?? systemZone(), clock.now()));
          await logUntil(asked);
        } else await logUntil(at);
      } else if (mode === 'ask') timer.noteIdle(at, reason);
    },

    async onClockGap(gap) {
      const v = timer.view();
      if (!v.running || v.startedAt === undefined) return;
      if (gap.kind === 'back') {
        notify('warning', clockSetBackWords(v.jobName, gap.from, gap.to, v.zone ?? systemZone()));
        return;
      }
      // the shell already said when the computer went to sleep (Electron's own event): that moment is more exact
      if (v.idlePrompt && v.idlePrompt.idleSince >= gap.from) return;
      const mode = prefs.get().onSuspend;
      if (mode === 'stop') await logUntil(Math.max(gap.from, v.startedAt));
      else if (mode === 'ask') timer.noteIdle(gap.from, 'suspend', gap.to);
    },
  };
}
