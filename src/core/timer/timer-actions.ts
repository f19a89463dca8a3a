/**
 * What the user does with the timer, composed from the timer's state machine (./timer.ts) and the logging path
 * (../log-gate.ts): stopping logs one time log per local day through the same checks as a log typed by hand;
 * switching jobs stops and logs the running timer first; idle and suspend answers log up to the moment the user left.
 *
 * The timer knows the week (./timer-week.ts): a start on a submitted or approved week is refused before anything
 * starts, with an open day to log the time to instead (`logTo`); a stop whose time ran on a day of a week locked
 * meanwhile logs nothing and keeps the timer running until the user picks an open day: the time is never dropped.
 */
import type { Clock, PreferencesStore } from '../context';
import type { StopResult } from '../../shared/contract';
import type { Job, TimerView } from '../../shared/domain';
import { InvalidInputError } from '../service';
import type { Catalog } from '../catalog';
import { unknownJobName } from '../catalog';
import { billingFor, jobNamed } from '../../shared/billing';
import { clockTime } from '../../shared/network';
import type { LogGate } from '../log-gate';
import type { Persisted, Timer } from './timer';
import { timerWeek } from './timer-week';

export interface TimerActions {
  start(input: {
    jobId?: string;
    jobName?: string;
    workItem?: string;
    description?: string;
    billable?: boolean;
    logTo?: string;
  }): Promise<TimerView>;
  stop(opts: { confirmOverMax?: boolean; at?: number; logTo?: string }): Promise<StopResult>;
  resolveIdle(action: 'keep' | 'discard' | 'discard-and-start-new'): Promise<TimerView>;
  onSuspend(at: number, reason?: 'suspend' | 'lock' | 'shutdown'): Promise<void>;
}

export function createTimerActions(deps: {
  timer: Timer;
  gate: LogGate;
  catalog: Catalog;
  clock: Clock;
  prefs: PreferencesStore;
  notify: (level: 'info' | 'warning' | 'error', message: string) => void;
}): TimerActions {
  const { timer, gate, catalog, clock, prefs, notify } = deps;

  const available = (date: string) => {
    const ctx = gate.ruleContext();
    return Math.max(0, ctx.settings.maxMinutesPerDay - ctx.dayTotalMinutes(date));
  };
  const week = timerWeek(gate);

  async function stop(opts: { confirmOverMax?: boolean; at?: number; logTo?: string }): Promise<StopResult> {
    const end = opts.at ?? clock.now();
    const running = timer.view();
    // where each day's time goes: its own day, or the open day chosen for a week locked meanwhile
    const route = running.running ? await week.routeStop(running, end, opts.logTo) : undefined;
    if (route?.needsDay)
      return { timer: running, logged: [], rawHhmm: running.rawHhmm, roundedHhmm: running.roundedHhmm, ...route.needsDay };
    // the day the user picked is kept with the timer: a stop that then asks to confirm a cut (over the day's maximum)
    // and is confirmed goes to the same day
    if (route?.dayOf && opts.logTo && running.logTo !== opts.logTo) timer.update({ logTo: opts.logTo });
    const dayOf = route?.dayOf ?? ((d: string) => d);
    const plan = timer.plan(end, (d) => available(dayOf(d)));
    const base = { rawHhmm: plan.rawHhmm, roundedHhmm: plan.roundedHhmm, ...(plan.notice ? { notice: plan.notice } : {}) };
    if (plan.needsConfirm && !opts.confirmOverMax) return { timer: timer.view(), logged: [], ...base, needsConfirm: true };
    const v = timer.view();
    if (plan.segments.length === 0) {
      timer.finish();
      return { timer: timer.view(), logged: [], ...base };
    }
    let claimed: Persisted | undefined;
    let recorded = false;
    try {
      const logged = await gate.logMany(
        plan.segments.map((s) => ({
          workDate: dayOf(s.workDate),
          hours: s.hhmm,
          ...(v.jobId ? { jobId: v.jobId } : {}),
          jobName: v.jobName,
          billable: v.billable,
          ...(v.workItem ? { workItem: v.workItem } : {}),
          ...(v.description ? { description: v.description } : {}),
        })),
        {
          // under the outbox's lock, on the timer's latest file: `punch timer stop` (another process) may have stopped
          // and logged this very timer since the plan was made; logging it here too would count its time twice. The
          // timer is stopped on disk right here, inside that lock (stopping it after the lock was released left a
          // moment in which a second process's stop still found it running and logged it again).
          precondition: () => {
            claimed = timer.claimStop(v.startedAt as number);
            if (!claimed) {
              throw new InvalidInputError(
                'The timer was stopped elsewhere (punch or another window) and its time was logged there; nothing was logged here.',
              );
            }
          },
          // before waiting for the service, so the timer shows stopped at once
          onRecorded: () => {
            recorded = true;
            timer.announce();
          },
        },
      );
      return { timer: timer.view(), logged, ...base };
    } catch (e) {
      // a refused check or a failed write recorded nothing: the timer runs on, nothing half-logged
      if (claimed && !recorded) timer.undoStop(claimed);
      throw e;
    }
  }

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
      if (!jobName)
        throw new InvalidInputError('Job: that job is not in your job list. Refresh the job list, or pick a job from it.', [
          {
            field: 'job',
            rule: 'unknown-job',
            message: 'Job: that job is not in your job list. Refresh the job list, or pick a job from it.',
          },
        ]);
      return { jobId: input.jobId, jobName, billable: billable(job ?? jobNamed(catalog.cachedJobs(), jobName)) };
    }
    if (!input.jobName)
      throw new InvalidInputError('Job: pick a job from the list to start the timer.', [
        { field: 'job', rule: 'required', message: 'Job: pick a job from the list.' },
      ]);
    // the same check as a log typed by hand (../catalog/rules.ts): a name not in the known job list would make the stop fail
    let ctx = gate.ruleContext();
    if (!(ctx.jobsKnown ?? ctx.jobs.length > 0)) {
      // no job list yet: one fetch, as for a log typed by hand (offline the name is accepted)
      await catalog.jobs({ status: 'all' }).catch(() => undefined);
      ctx = gate.ruleContext();
    }
    const problem = (ctx.jobsKnown ?? ctx.jobs.length > 0) ? unknownJobName(input.jobName, ctx.jobs) : undefined;
    if (problem) throw new InvalidInputError(problem.message, [problem]);
    const byName = jobNamed(catalog.cachedJobs(), input.jobName);
    return { ...(byName ? { jobId: byName.jobId } : {}), jobName: input.jobName, billable: billable(byName) };
  }

  /**
   * Logs what ran until `at` (capped at the company maximum without asking: the user already chose to drop time).
   * A stop that needs an open day first (its week was locked meanwhile) logs nothing: the timer runs on, and the user
   * is told (`false`).
   */
  async function logUntil(at: number): Promise<boolean> {
    const r = await stop({ confirmOverMax: true, at });
    if (r.needsDay) {
      notify('warning', `${r.notice ?? "The timer's week is submitted or approved."} Stop the timer and pick a day.`);
      return false;
    }
    if (r.notice) notify('info', r.notice);
    return true;
  }

  return {
    async start(input) {
      const job = await jobFor(input);
      // before anything starts or stops: a day of a locked week takes no time (refused, with an open day to use)
      const logTo = await week.checkStart(input.logTo);
      if (timer.view().running) {
        // switching jobs is one action: the running timer is logged first; one whose week is locked asks for a day
        const r = await stop({ confirmOverMax: true });
        if (r.needsDay) throw new InvalidInputError(`${r.notice} Stop the running timer and pick a day first; then start the next one.`);
        if (r.notice) notify('info', r.notice);
      }
      // billed as `jobFor` decided (the user's word, else the job's own: ../../shared/billing.ts)
      const v = timer.start({ ...job, workItem: input.workItem, description: input.description, ...(logTo ? { logTo } : {}) });
      gate.pushRecentJob(job.jobId);
      return v;
    },

    stop,

    async resolveIdle(action) {
      const v = timer.view();
      if (action === 'keep' || !v.running || !v.idlePrompt) return timer.clearIdle();
      const { idleSince } = v.idlePrompt;
      if (!(await logUntil(idleSince))) return timer.view();
      if (action === 'discard-and-start-new') {
        timer.start({
          ...(v.jobId ? { jobId: v.jobId } : {}),
          jobName: v.jobName!,
          workItem: v.workItem,
          description: v.description,
          billable: v.billable,
          ...(v.logTo ? { logTo: v.logTo } : {}),
        });
      }
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
          notify(
            'info',
            `The timer stopped when the computer went to sleep; the time you were away before that (since ${clockTime(asked)}) was not logged.`,
          );
          await logUntil(asked);
        } else await logUntil(at);
      } else if (mode === 'ask') timer.noteIdle(at, reason);
    },
  };
}
