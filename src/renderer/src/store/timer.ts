/** The running timer as the core reports it, and what the user asked it to do. */
import type { OpInput, StopResult } from '../../../shared/contract';
import type { TimerView } from '../../../shared/domain';
import { isHhmm, parseHhmm } from '../../../shared/hours';
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
  rawHhmm: string;
  roundedHhmm: string;
}

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
    load(): Promise<void>;
    /** Starts the timer; on a submitted or approved week nothing starts and `lockedStart` asks for an open day. */
    start(input: StartInput): Promise<boolean>;
    /** The answer to `lockedStart`: start, with the time going to `day`. */
    startOn(day: string): Promise<boolean>;
    /** No start after all (the question is closed; nothing ran). */
    cancelLockedStart(): void;
    update(patch: OpInput<'updateTimer'>): Promise<void>;
    /** `logTo`: the open day for time that ran on a locked week (the answer to `lastStop.needsDay`). */
    stop(confirmOverMax?: boolean, logTo?: string): Promise<StopResult | null>;
    discard(): Promise<void>;
    resolveIdle(action: IdleAction): Promise<void>;
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
  if (r.needsDay) return r.notice ?? "The timer's week is submitted or approved: pick an open day for its time, or keep it running.";
  if (r.needsConfirm)
    return r.notice ?? `The timer ran ${r.rawHhmm}, more than the company allows in a day. Confirm to log the capped time.`;
  if (r.logged.length === 0) return r.notice ?? 'Nothing was logged.';
  const days = r.logged.length > 1 ? ` over ${r.logged.length} days` : '';
  const refused = r.logged.find((l) => l.state === 'needs-attention');
  const where = refused
    ? `${refused.log.message ?? 'The service refused it.'} Fix it in the outbox.`
    : stopState(r) === 'queued'
      ? 'Queued - will sync when online.'
      : 'Synced.';
  const ran = timerRan(r, rawMs);
  const logged = `Logged ${r.roundedHhmm}${days}${ran ? ` (timer ran ${ran})` : ''}. ${where}`;
  return r.notice ? `${logged} ${r.notice}` : logged;
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
        async load() {
          await call(
            () => api.getTimer({}),
            (view) => ({ view }),
          );
        },
        async start(input) {
          const answer = await call(
            () => api.startTimer(input),
            (view) => ({ view, lastStop: null, lockedStart: null }),
          );
          const locked = !answer.ok ? lockedStartOf(input, answer.error) : undefined;
          // asked in one question (which says why), not also as an error beside the timer
          if (locked) patch({ lockedStart: locked, error: null, dayError: null });
          return answer.ok;
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
          patch({ lockedStart: null, dayError: null });
        },
        async update(p) {
          await call(
            () => api.updateTimer(p),
            (view) => ({ view }),
          );
        },
        async stop(confirmOverMax, logTo) {
          // Measured here, at the click: the result carries whole minutes only, and its timer is already stopped.
          const startedAt = get().timer.view?.startedAt;
          const rawMs = startedAt !== undefined ? now() - startedAt : undefined;
          const input = { ...(confirmOverMax ? { confirmOverMax: true } : {}), ...(logTo ? { logTo } : {}) };
          // the answer to "which day?" is refused in that question; any other stop beside the timer
          const answer = await (logTo ? dayCall : call)(
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
        async resolveIdle(action) {
          await call(
            () => api.resolveIdle({ action }),
            (view) => ({ view }),
          );
        },
        dismissStop() {
          if (get().timer.lastStop || get().timer.dayError) patch({ lastStop: null, dayError: null });
        },
      },
    };
  };
