/** The running timer as the core reports it, and what the user asked it to do. */
import type { OpInput, StopResult } from '../../../../shared/contract';
import type { RuleViolation, TimerView } from '../../../../shared/domain';
import { describeStop, replacedOutcome, stopState, type StopOutcome } from './timer-outcome';
import { actionRunner } from '../action';
import type { UserError } from '../errors';
import { patchSlice, type SliceCreator } from '../types';

// what a stop or a switch ended in, and its words, live in ./timer-outcome.ts; importers keep using this module
export { describeStop, replacedOutcome, sayStop, stopState, timerRan } from './timer-outcome';
export type { CoreWords, OutcomeState, StopOutcome } from './timer-outcome';

export type StartInput = OpInput<'startTimer'>;
export type IdleAction = OpInput<'resolveIdle'>['action'];

/** A start refused because the running timer ran long: what to do with it is asked first (App: TimerEndPrompt). */
export interface SwitchAsked {
  input: StartInput;
  /** The core's refusal, which says why (shown in the question). */
  why: UserError;
}

/** The answer to "what about the timer that ran long?" before another job starts. */
export type SwitchAnswer = { confirmLong: true } | { stopPreviousAt: number } | 'discard';

/** A start refused because today's week is submitted or approved: asked once, with an open day to log the time to. */
export interface LockedStart {
  input: StartInput;
  /** The core's refusal, which says why (shown in the question). */
  why: UserError;
  openDay?: string;
}

export interface TimerSlice {
  timer: {
    view: TimerView | null;
    busy: boolean;
    error: UserError | null;
    lastStop: StopOutcome | null;
    /** Set while the user is asked where the time of a timer on a locked week goes (App: TimerDayPrompt). */
    lockedStart: LockedStart | null;
    /** Why the day the user picked for the timer's time was refused (shown in that question, once). */
    dayError: UserError | null;
    /** Set while a start waits for the answer about a running timer that ran long. */
    switchAsked: SwitchAsked | null;
    /**
     * The day picked in the question about a start on a locked week, checked by the company's rules before the start
     * is offered: `problem` says why it cannot take the time (itself in a locked week, ahead, too old); `checking` while
     * the core is asked.
     */
    dayCheck: { day: string; checking: boolean; problem?: RuleViolation } | null;
    /** Why an answer about a timer's end was refused (an end before the start, ahead of now: shown in that question). */
    endError: UserError | null;
    load(): Promise<void>;
    /** Starts the timer; on a submitted or approved week nothing starts and `lockedStart` asks for an open day. */
    start(input: StartInput): Promise<boolean>;
    /** The answer to `lockedStart`: start, with the time going to `day`. */
    startOn(day: string): Promise<boolean>;
    /** No start after all (the question is closed; nothing ran). */
    cancelLockedStart(): void;
    /** Checks `day` as the open day for the time of the start asked about (`lockedStart`). */
    checkDay(day: string): Promise<void>;
    update(patch: OpInput<'updateTimer'>): Promise<void>;
    /**
     * `logTo`: the open day for time that ran on a locked week (the answer to `lastStop.needsDay`); `more.at`: when the
     * user stopped working, `more.confirmLong`: log all of a timer that ran long (the answers to `lastStop.needsEnd`).
     */
    stop(confirmOverMax?: boolean, logTo?: string, more?: { at?: number; confirmLong?: boolean }): Promise<StopResult | null>;
    discard(): Promise<void>;
    /** `at`: the time the user gives with `stop-at`. */
    /** `job`: with `give-to-job`, the job the time away goes to. */
    resolveIdle(action: IdleAction, at?: number, job?: { jobId?: string; jobName: string }): Promise<void>;
    /** The answer to `switchAsked`: the running timer logged all, stopped at a time, or discarded; then the start. */
    answerSwitch(answer: SwitchAnswer): Promise<boolean>;
    /** No start after all: the running timer runs on. */
    cancelSwitch(): void;
    dismissStop(): void;
  };
}

export const createTimerSlice: SliceCreator<TimerSlice> =
  ({ api, now }) =>
  (set, get) => {
    const patch = (p: Partial<TimerSlice['timer']>) => patchSlice(set, 'timer', p);
    const run = actionRunner(patch);
    /** One timer call: every one shares the slice's busy flag and error, and most answer with the timer's new view. */
    const call = <T>(c: () => Promise<T>, done: (value: T) => Partial<TimerSlice['timer']>) =>
      run({ busy: 'busy', error: 'error', done }, c);
    /** A call answering the question about a day: its refusal is said in that question, not beside the timer too. */
    const dayCall = <T>(c: () => Promise<T>, done: (value: T) => Partial<TimerSlice['timer']>) =>
      run({ busy: 'busy', error: 'dayError', done }, c);
    /** The refusal of a start on a locked week: the question it opens (said once there), or undefined for any other. */
    const lockedStartOf = (input: StartInput, e: UserError): LockedStart | undefined => {
      const v = e.violations.find((x) => x.rule === 'locked' && x.field === 'week');
      return v ? { input, why: e, ...(v.openDay ? { openDay: v.openDay } : {}) } : undefined;
    };
    const outcomeOf = (result: StopResult, rawMs: number | undefined): StopOutcome => ({
      state: stopState(result),
      ...describeStop(result, rawMs),
      needsConfirm: !!result.needsConfirm,
      ...(result.needsDay ? { needsDay: result.needsDay } : {}),
      ...(result.needsEnd ? { needsEnd: result.needsEnd } : {}),
      rawHhmm: result.rawHhmm,
      roundedHhmm: result.roundedHhmm,
    });
    return {
      timer: {
        view: null,
        busy: false,
        error: null,
        lastStop: null,
        lockedStart: null,
        dayError: null,
        switchAsked: null,
        endError: null,
        dayCheck: null,
        async load() {
          await call(
            () => api.getTimer({}),
            (view) => ({ view }),
          );
        },
        async start(input) {
          // the timer this start replaces is the one shown: one started elsewhere meanwhile is not switched away
          const shown = get().timer.view;
          const replaces = 'replaces' in input ? input.replaces : shown?.running ? (shown.id ?? null) : null;
          const answer = await call(
            () => api.startTimer({ ...input, replaces }),
            (view) => ({ view, lastStop: replacedOutcome(view), lockedStart: null }),
          );
          const locked = !answer.ok ? lockedStartOf(input, answer.error) : undefined;
          // asked in one question (which says why), not also as an error beside the timer
          if (locked) patch({ lockedStart: locked, error: null, dayError: null });
          const long = !answer.ok && answer.error.violations.some((v) => v.rule === 'timer-long');
          if (long) patch({ switchAsked: { input, why: answer.error }, error: null, endError: null });
          // another timer runs than the one shown: show it
          if (!answer.ok && answer.error.violations.some((v) => v.rule === 'timer-running')) void get().timer.load();
          return answer.ok;
        },
        async answerSwitch(a) {
          const asked = get().timer.switchAsked;
          const shown = get().timer.view;
          if (!asked) return false;
          const endCall = <T>(c: () => Promise<T>, done: (value: T) => Partial<TimerSlice['timer']>) =>
            run({ busy: 'busy', error: 'endError', done }, c);
          if (a === 'discard') {
            const dropped = await endCall(
              () => api.discardTimer({}),
              (view) => ({ view }),
            );
            if (!dropped.ok) return false;
          }
          const answer = await endCall(
            () =>
              api.startTimer({
                ...asked.input,
                replaces: a === 'discard' ? null : (shown?.id ?? null),
                ...(a !== 'discard' ? a : {}),
              }),
            (view) => ({ view, lastStop: replacedOutcome(view), switchAsked: null }),
          );
          return answer.ok;
        },
        cancelSwitch() {
          patch({ switchAsked: null, endError: null });
        },
        async startOn(day) {
          const asked = get().timer.lockedStart;
          if (!asked) return false;
          const answer = await dayCall(
            () => api.startTimer({ ...asked.input, logTo: day }),
            (view) => ({ view, lastStop: null, lockedStart: null }),
          );
          return answer.ok;
        },
        cancelLockedStart() {
          patch({ lockedStart: null, dayError: null, dayCheck: null });
        },
        async checkDay(day) {
          const asked = get().timer.lockedStart;
          if (!asked) return;
          patch({ dayCheck: { day, checking: true } });
          const job = {
            ...(asked.input.jobId ? { jobId: asked.input.jobId } : {}),
            ...(asked.input.jobName ? { jobName: asked.input.jobName } : {}),
          };
          let problem: RuleViolation | undefined;
          try {
            const found = await api.checkLog({ ...job, workDate: day, hours: '00:01' });
            // only what concerns the day itself: the hours are the timer's, not known yet
            problem = found.find((v) => v.field === 'workDate' || v.field === 'week');
          } catch {
            problem = undefined; // the start itself checks again, and says so if it refuses
          }
          if (get().timer.dayCheck?.day === day) patch({ dayCheck: { day, checking: false, ...(problem ? { problem } : {}) } });
        },
        async update(p) {
          await call(
            () => api.updateTimer(p),
            (view) => ({ view }),
          );
        },
        async stop(confirmOverMax, logTo, more = {}) {
          // Measured here, at the click: the result carries whole minutes only, and its timer is already stopped.
          const startedAt = get().timer.view?.startedAt;
          const rawMs = startedAt !== undefined ? (more.at ?? now()) - startedAt : undefined;
          const input = {
            ...(confirmOverMax ? { confirmOverMax: true } : {}),
            ...(logTo ? { logTo } : {}),
            ...(more.at !== undefined ? { at: more.at } : {}),
            ...(more.confirmLong ? { confirmLong: true } : {}),
          };
          const answering = more.at !== undefined || more.confirmLong === true;
          const endCall = <T>(c: () => Promise<T>, done: (value: T) => Partial<TimerSlice['timer']>) =>
            run({ busy: 'busy', error: 'endError', done }, c);
          // the answer to "which day?" or "when did it end?" is refused in that question; any other stop beside the timer
          const answer = await (logTo ? dayCall : answering ? endCall : call)(
            () => api.stopTimer(input),
            (result) => ({ view: result.timer, lastStop: outcomeOf(result, rawMs) }),
          );
          return answer.ok ? answer.value : null;
        },
        async discard() {
          await call(
            () => api.discardTimer({}),
            (view) => ({ view, lastStop: null }),
          );
        },
        async resolveIdle(action, at, job) {
          const jobOf = job ? { ...(job.jobId ? { jobId: job.jobId } : {}), jobName: job.jobName } : {};
          await run(
            {
              busy: 'busy',
              error: action === 'stop-at' || action === 'give-to-job' ? 'endError' : 'error',
              done: (view: TimerView) => ({ view }),
            },
            () => api.resolveIdle({ action, ...(at !== undefined ? { at } : {}), ...jobOf }),
          );
        },
        dismissStop() {
          if (get().timer.lastStop || get().timer.dayError || get().timer.endError)
            patch({ lastStop: null, dayError: null, endError: null });
        },
      },
    };
  };
