/** The bridge calls of the running timer: its state through ./timer.ts, what stops or starts it through ./timer-actions.ts. */
import type { Handlers } from '../../shared/contract';
import type { Timer } from './timer';
import type { TimerActions } from './timer-actions';

export type TimerCalls = 'getTimer' | 'startTimer' | 'updateTimer' | 'stopTimer' | 'discardTimer' | 'resolveIdle';

export function timerHandlers(deps: { timer: Timer; actions: TimerActions }): Pick<Handlers, TimerCalls> {
  const { timer, actions } = deps;
  return {
    getTimer: async () => timer.view(),
    startTimer: async (input) => actions.start(input),
    updateTimer: async (patch) => timer.update(patch),
    stopTimer: async ({ confirmOverMax, logTo, at, confirmLong }) =>
      actions.stop({
        confirmOverMax,
        ...(logTo ? { logTo } : {}),
        ...(at !== undefined ? { at } : {}),
        ...(confirmLong ? { confirmLong } : {}),
      }),
    discardTimer: async () => timer.discard(),
    resolveIdle: async ({ action, at, jobId, jobName }) =>
      actions.resolveIdle(action, at, jobId || jobName ? { ...(jobId ? { jobId } : {}), ...(jobName ? { jobName } : {}) } : undefined),
  };
}
