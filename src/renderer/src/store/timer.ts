/** The running timer as the core reports it, and what the user asked it to do. */
import type { OpInput, StopResult, TimerStart } from '../../../shared/contract';
import type { TimerView } from '../../../shared/domain';
import { isHhmm, parseHhmm } from '../../../shared/hours';
import { stopNoticeWords, whereWords } from '../../../shared/timer-words';
import { durationWords } from '../../../shared/words';
import { actionRunner } from './action';
import type { UserError } from './errors';
import { patchSlice, type SliceCreator } from './types';

export type StartInput = OpInput<'startTimer'>;
export type IdleAction = OpInput<'resolveIdle'>['action'];

/**
 * Where what the user asked for ended up: with the service (`synced`), in the outbox (`queued`), or nowhere
 * (`refused`: nothing was logged, e.g. a capped stop waiting for confirmation). Screens pick their tone from it.
 */
export type OutcomeState = 'synced' | 'queued' | 'refused';

/** What happened when the timer stopped, kept until the user dismisses it. */
export interface StopOutcome {
  state: OutcomeState;
  message: string;
  /** The company maximum capped the time: the user must confirm before anything is logged. */
  needsConfirm: boolean;
  /**
   * The timer ran on a day of a week that was submitted or approved meanwhile: nothing was logged and it runs on
   * until the user picks an open day (`openDay` suggested) or keeps it running.
   */
  needsDay?: { openDay?: string; lockedDays: string[] };
  /**
   * Nothing was logged and the timer runs on: its end is asked first (the clock moved back, or it ran long: past the
   * end of day, over midnight, over a day's maximum, through a sleep). App: TimerEndPrompt.
   */
  needsEnd?: NonNullable<StopResult['needsEnd']>;
  rawHhmm: string;
  roundedHhmm: string;
}

/** A start refused because the running timer ran long: what to do with it is asked first (App: TimerEndPrompt). */
export interface SwitchAsked {
  input: StartInput;
  message: string;
}

/** The answer to "what about the timer that ran long?" before another job starts. */
export type SwitchAnswer = { confirmLong: true } | { stopPreviousAt: number } | 'discard';

/** A start refused because today's week is submitted or approved: asked once, with an open day to log the time to. */
export interface LockedStart {
  input: StartInput;
  message: string;
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
    dayCheck: { day: string; checking: boolean; problem?: string } | null;
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
    resolveIdle(action: IdleAction, at?: number): Promise<void>;
    /** The answer to `switchAsked`: the running timer logged all, stopped at a time, or discarded; then the start. */
    answerSwitch(answer: SwitchAnswer): Promise<boolean>;
    /** No start after all: the running timer runs on. */
    cancelSwitch(): void;
    dismissStop(): void;
  };
}

/**
 * How long the timer ran, when saying so adds something to "Logged HH:MM", in words that cannot be misread ("59 s",
 * "1 h 7 min": "0:59" read as 59 minutes as often as 59 seconds). Under a minute the core's raw HH:MM is "00:00", so
 * the seconds come from `rawMs`, measured by the renderer; a raw time equal to the logged one is left out; without
 * the seconds, "00:00" would only mislead and is left out too.
 */
export function timerRan(r: Pick<StopResult, 'rawHhmm' | 'roundedHhmm'>, rawMs?: number): string | null {
  if (r.rawHhmm === '00:00') {
    if (rawMs === undefined || rawMs < 0 || rawMs >= 60_000) return null;
    return durationWords(rawMs);
  }
  if (r.rawHhmm === r.roundedHhmm || !isHhmm(r.rawHhmm)) return null;
  return durationWords(parseHhmm(r.rawHhmm) * 60_000);
}

/** Where a stop's time went: nowhere, or queued if any day's log waits in the outbox, else synced. */
export function stopState(r: StopResult): OutcomeState {
  // a day the service refused while the stop waited is never said as synced or queued
  if (r.needsConfirm || r.logged.length === 0 || r.logged.some((l) => l.state === 'needs-attention')) return 'refused';
  return r.logged.some((l) => l.state === 'queued') ? 'queued' : 'synced';
}

/**
 * The sentence shown after a stop: what was logged (and whether it waits in the outbox), or why nothing was.
 * `rawMs`: how long the timer ran, as the renderer saw it (the core's result has whole minutes only).
 */
export function describeStop(r: StopResult, rawMs?: number): string {
  if (r.needsEnd) return r.notice ?? "The timer's end is asked first: nothing was logged and it runs on.";
  if (r.needsDay) return r.notice ?? "The timer's week is submitted or approved: pick an open day for its time, or keep it running.";
  if (r.needsConfirm)
    return r.notice ?? `The timer ran ${r.rawHhmm}, more than the company allows in a day. Confirm to log the capped time.`;
  if (r.logged.length === 0) return r.notice ?? 'Nothing was logged.';
  const refused = r.logged.find((l) => l.state === 'needs-attention');
  const where = refused
    ? `${refused.log.message ?? 'The service refused it.'} Fix it in the outbox.`
    : whereWords(stopState(r) === 'queued' ? 'queued' : 'synced');
  const ran = timerRan(r, rawMs);
  // "Logged 00:01 on Job 2, Fri 27 Nov. Synced.": the job and the day(s), as the service holds them
  const logged = `${stopNoticeWords(
    r.logged[0].log.jobName,
    r.logged.map((l) => l.log),
    ran ?? undefined,
  )} ${where}`;
  return r.notice ? `${logged} ${r.notice}` : logged;
}

/** What a start said of the timer it replaced ("Stopped Job 1: 00:02 logged on Fri 27 Nov."), as a stop's outcome. */
export function replacedOutcome(t: TimerStart): StopOutcome | null {
  const r = t.replaced;
  if (!r) return null;
  const state: OutcomeState = r.logged.length === 0 ? 'synced' : r.logged.some((l) => l.state === 'queued') ? 'queued' : 'synced';
  const logged = r.logged.reduce((sum, l) => sum + parseHhmm(l.log.hours), 0);
  const hhmm = `${String(Math.floor(logged / 60)).padStart(2, '0')}:${String(logged % 60).padStart(2, '0')}`;
  return { state, message: r.words, needsConfirm: false, rawHhmm: hhmm, roundedHhmm: hhmm };
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
      return v ? { input, message: e.message, ...(v.openDay ? { openDay: v.openDay } : {}) } : undefined;
    };
    const outcomeOf = (result: StopResult, rawMs: number | undefined): StopOutcome => ({
      state: stopState(result),
      message: describeStop(result, rawMs),
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
          if (long) patch({ switchAsked: { input, message: answer.error.message }, error: null, endError: null });
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
          let problem: string | undefined;
          try {
            const found = await api.checkLog({ ...job, workDate: day, hours: '00:01' });
            // only what concerns the day itself: the hours are the timer's, not known yet
            problem = found.find((v) => v.field === 'workDate' || v.field === 'week')?.message;
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
        async resolveIdle(action, at) {
          await run({ busy: 'busy', error: action === 'stop-at' ? 'endError' : 'error', done: (view: TimerView) => ({ view }) }, () =>
            api.resolveIdle({ action, ...(at !== undefined ? { at } : {}) }),
          );
        },
        dismissStop() {
          if (get().timer.lastStop || get().timer.dayError || get().timer.endError)
            patch({ lastStop: null, dayError: null, endError: null });
        },
      },
    };
  };
