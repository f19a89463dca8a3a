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
  rawHhmm: string;
  roundedHhmm: string;
}

export interface TimerSlice {
  timer: {
    view: TimerView | null;
    busy: boolean;
    error: UserError | null;
    lastStop: StopOutcome | null;
    load(): Promise<void>;
    start(input: StartInput): Promise<boolean>;
    update(patch: OpInput<'updateTimer'>): Promise<void>;
    stop(confirmOverMax?: boolean): Promise<StopResult | null>;
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
  // a day the service refused while the stop waited is never said as synced or queued (issue 10)
  if (r.needsConfirm || r.logged.length === 0 || r.logged.some((l) => l.state === 'needs-attention')) return 'refused';
  return r.logged.some((l) => l.state === 'queued') ? 'queued' : 'synced';
}

/**
 * The sentence shown after a stop: what was logged (and whether it waits in the outbox), or why nothing was.
 * `rawMs`: how long the timer ran, as the renderer saw it (the core's result has whole minutes only).
 */
export function describeStop(r: StopResult, rawMs?: number): string {
  if (r.needsConfirm) return r.notice ?? `The timer ran ${r.rawHhmm}, more than the company allows in a day. Confirm to log the capped time.`;
  if (r.logged.length === 0) return r.notice ?? 'Nothing was logged.';
  const days = r.logged.length > 1 ? ` over ${r.logged.length} days` : '';
  const refused = r.logged.find((l) => l.state === 'needs-attention');
  const where = refused ? `${refused.entry.message ?? 'The service refused it.'} Fix it in the outbox.`
    : stopState(r) === 'queued' ? 'Queued - will sync when online.' : 'Synced.';
  const ran = timerRan(r, rawMs);
  const logged = `Logged ${r.roundedHhmm}${days}${ran ? ` (timer ran ${ran})` : ''}. ${where}`;
  return r.notice ? `${logged} ${r.notice}` : logged;
}

export const createTimerSlice: SliceCreator<TimerSlice> = ({ api, now }) => (set, get) => {
  const patch = (p: Partial<TimerSlice['timer']>) => patchSlice(set, 'timer', p);
  const run = actionRunner(patch);
  /** One timer call: every one shares the slice's busy flag and error, and most answer with the timer's new view. */
  const call = <T>(c: () => Promise<T>, done: (value: T) => Partial<TimerSlice['timer']>) =>
    run({ busy: 'busy', error: 'error', done }, c);
  return {
    timer: {
      view: null,
      busy: false,
      error: null,
      lastStop: null,
      async load() {
        await call(() => api.getTimer({}), (view) => ({ view }));
      },
      async start(input) {
        return (await call(() => api.startTimer(input), (view) => ({ view, lastStop: null }))).ok;
      },
      async update(p) {
        await call(() => api.updateTimer(p), (view) => ({ view }));
      },
      async stop(confirmOverMax) {
        // Measured here, at the click: the result carries whole minutes only, and its timer is already stopped.
        const startedAt = get().timer.view?.startedAt;
        const rawMs = startedAt !== undefined ? now() - startedAt : undefined;
        const answer = await call(() => api.stopTimer(confirmOverMax ? { confirmOverMax: true } : {}), (result) => ({
          view: result.timer,
          lastStop: {
            state: stopState(result), message: describeStop(result, rawMs), needsConfirm: !!result.needsConfirm,
            rawHhmm: result.rawHhmm, roundedHhmm: result.roundedHhmm,
          },
        }));
        return answer.ok ? answer.value : null;
      },
      async discard() {
        await call(() => api.discardTimer({}), (view) => ({ view, lastStop: null }));
      },
      async resolveIdle(action) {
        await call(() => api.resolveIdle({ action }), (view) => ({ view }));
      },
      dismissStop() {
        if (get().timer.lastStop) patch({ lastStop: null });
      },
    },
  };
};
