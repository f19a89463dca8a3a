/** The running timer as the core reports it, and what the user asked it to do. */
import type { OpInput, StopResult } from '../../../shared/contract';
import type { TimerView } from '../../../shared/domain';
import { toUserError, type UserError } from './errors';
import { patchSlice, type SliceCreator } from './types';

export type StartInput = OpInput<'startTimer'>;
export type IdleAction = OpInput<'resolveIdle'>['action'];

/** What happened when the timer stopped, kept until the user dismisses it. */
export interface StopOutcome {
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

/** The sentence shown after a stop: what was logged (and whether it waits in the outbox), or why nothing was. */
export function describeStop(r: StopResult): string {
  if (r.needsConfirm) return r.notice ?? `The timer ran ${r.rawHhmm}, more than the company allows in a day. Confirm to log the capped time.`;
  if (r.logged.length === 0) return r.notice ?? 'Nothing was logged.';
  const queued = r.logged.some((l) => l.state === 'queued');
  const days = r.logged.length > 1 ? ` over ${r.logged.length} days` : '';
  const where = queued ? 'Queued - will sync when online.' : 'Synced.';
  const logged = `Logged ${r.roundedHhmm}${days} (timer ran ${r.rawHhmm}). ${where}`;
  return r.notice ? `${logged} ${r.notice}` : logged;
}

export const createTimerSlice: SliceCreator<TimerSlice> = ({ api }) => (set, get) => {
  const patch = (p: Partial<TimerSlice['timer']>) => patchSlice(set, 'timer', p);
  /** Runs one timer call; errors become the slice's message, never an unhandled rejection. */
  async function run<T>(call: () => Promise<T>): Promise<T | null> {
    patch({ busy: true, error: null });
    try {
      const value = await call();
      patch({ busy: false });
      return value;
    } catch (e) {
      patch({ busy: false, error: toUserError(e) });
      return null;
    }
  }
  return {
    timer: {
      view: null,
      busy: false,
      error: null,
      lastStop: null,
      async load() {
        const view = await run(() => api.getTimer({}));
        if (view) patch({ view });
      },
      async start(input) {
        const view = await run(() => api.startTimer(input));
        if (view) patch({ view, lastStop: null });
        return view !== null;
      },
      async update(p) {
        const view = await run(() => api.updateTimer(p));
        if (view) patch({ view });
      },
      async stop(confirmOverMax) {
        const result = await run(() => api.stopTimer(confirmOverMax ? { confirmOverMax: true } : {}));
        if (!result) return null;
        patch({
          view: result.timer,
          lastStop: {
            message: describeStop(result), needsConfirm: !!result.needsConfirm,
            rawHhmm: result.rawHhmm, roundedHhmm: result.roundedHhmm,
          },
        });
        return result;
      },
      async discard() {
        const view = await run(() => api.discardTimer({}));
        if (view) patch({ view, lastStop: null });
      },
      async resolveIdle(action) {
        const view = await run(() => api.resolveIdle({ action }));
        if (view) patch({ view });
      },
      dismissStop() {
        if (get().timer.lastStop) patch({ lastStop: null });
      },
    },
  };
};
