/**
 * The bridge's timer operations: start (a switch when one runs), its texts, stop, discard, and the answer to the idle /
 * suspend / lock prompt. Part of the one map of operations (./operations.ts).
 */
import { z } from 'zod';
import type { TimerView } from '../domain';
import { OWN } from '../input-words';
import { DAY, TIMER_LOG, TIMER_TEXTS } from '../log';
import { MOMENT, NONE, op } from './inputs';
import type { StopResult, TimerStart } from './results';

export const timerOperations = {
  getTimer: op(NONE).returns<TimerView>(),
  /**
   * `logTo`: the open day the time goes to if the week the timer runs in is submitted or approved (starting on such a
   * week is refused without it, before anything starts, with an open day in the violation's `openDay`).
   * A timer already running is stopped and logged first (a switch), and the answer's `replaced` says what became of it.
   * `replaces`: the id of the running timer the caller knows it replaces, or null when it knows of none; a start that
   * finds another timer running (started elsewhere meanwhile) is refused (rule `timer-running`) and changes nothing.
   * Absent: whatever runs when the call begins. A running timer that ran long (past the end of day, over midnight, over
   * a day's maximum, or through a sleep) is not logged as a side effect: refused (rule `timer-long`) unless
   * `confirmLong` (log all of it) or `stopPreviousAt` (epoch ms: stop it then) says what to do with it.
   */
  startTimer: op(() =>
    TIMER_LOG()
      .extend({
        logTo: DAY.optional(),
        replaces: z.string().min(1).max(64).nullable().optional(),
        confirmLong: z.boolean().optional(),
        stopPreviousAt: MOMENT().optional(),
      })
      .strict(),
  ).returns<TimerStart>(),
  updateTimer: op(TIMER_TEXTS).returns<TimerView>(),
  /**
   * `logTo`: the open day for the time that ran on a day of a submitted or approved week (see StopResult.needsDay).
   * `at` (epoch ms): when the user stopped working, if not now (the answer to StopResult.needsEnd). `confirmLong`: log
   * all of a timer that ran long (StopResult.needsEnd, `why: 'long'`).
   */
  stopTimer: op(() =>
    z
      .object({
        confirmOverMax: z.boolean().optional(),
        logTo: DAY.optional(),
        at: MOMENT().optional(),
        confirmLong: z.boolean().optional(),
      })
      .strict(),
  ).returns<StopResult>(),
  discardTimer: op(NONE).returns<TimerView>(),
  /**
   * Answer to the idle / suspend / lock prompt: keep the time away; discard it (log up to when it began, and stop);
   * discard it and start anew from now; `stop-at` a time the user gives (`at`, epoch ms); or `give-to-job`: the time
   * away becomes a log of its own on another job (`jobId` / `jobName`), the timer's time up to it is logged, and the
   * timer starts anew from now on its own job (src/core/timer/idle-to-job.ts).
   */
  resolveIdle: op(() =>
    z
      .object({
        action: z.enum(['keep', 'discard', 'discard-and-start-new', 'stop-at', 'give-to-job']),
        at: MOMENT().optional(),
        ...TIMER_LOG().pick({ jobId: true, jobName: true }).shape,
      })
      .strict()
      .refine((v) => (v.action === 'stop-at') === (v.at !== undefined), { message: OWN.stopAt.defaultMessage })
      .refine((v) => (v.action === 'give-to-job') === (v.jobId !== undefined || v.jobName !== undefined), {
        message: OWN.giveTo.defaultMessage,
      }),
  ).returns<TimerView>(),
} as const;
