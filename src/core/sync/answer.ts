/**
 * The answer a call that logs, edits or deletes gives about its log ("Synced", "Needs attention" or "Queued"),
 * decided by what the engine records for that log, not by a race against the whole run: the engine tells this module
 * of every change it records about a log (./records.ts `apply`), and a caller waiting for that log's answer hears it at
 * once. The answer is:
 *
 * - 'synced' / 'needs-attention': the engine recorded the outcome (the service took every entry of the log, or refused
 *   one: its words are on the entry);
 * - 'queued': the run ended without settling it (offline, a paused endpoint, an earlier entry of the same log that
 *   waits), or the user-facing wait (`waitMs`, a timer of the clock) ran out first: the service did not answer in
 *   time, and the send goes on in the background and announces its outcome (`outbox`, `ledger`, `status` events).
 */
import type { LoggedState } from '../../shared/contract';
import type { Clock, TimerHandle } from '../context';
import type { Ledger } from '../journal';
import { syncStateOf } from '../outbox';

export interface LogAnswers {
  /** The engine recorded a change about log `localId`: whoever waits for its answer looks again. */
  changed(localId: string): void;
  /**
   * Resolves with the log's answer once the engine settled it, `run` ended, or `waitMs` passed on the clock,
   * whichever comes first.
   */
  answer(localId: string, run: Promise<unknown>, waitMs: number): Promise<LoggedState>;
}

export function createLogAnswers(deps: { ledger: Ledger; clock: Pick<Clock, 'setTimeout' | 'clearTimeout'> }): LogAnswers {
  const { ledger, clock } = deps;
  /** Per log, the callers waiting for its answer (each looks at the journal when woken). */
  const waiting = new Map<string, Set<() => void>>();
  const stateOf = (localId: string): LoggedState => {
    const state = syncStateOf(ledger.read(), localId);
    return state === 'synced' || state === 'needs-attention' ? state : 'queued';
  };

  return {
    changed(localId) {
      for (const look of [...(waiting.get(localId) ?? [])]) look();
    },
    async answer(localId, run, waitMs) {
      if (stateOf(localId) !== 'queued') return stateOf(localId);
      let timer: TimerHandle | undefined;
      let look: (() => void) | undefined;
      await new Promise<void>((done) => {
        look = () => {
          if (stateOf(localId) !== 'queued') done();
        };
        const set = waiting.get(localId) ?? new Set();
        waiting.set(localId, set.add(look));
        timer = clock.setTimeout(() => done(), waitMs);
        run.then(
          () => done(),
          () => done(),
        );
      });
      clock.clearTimeout(timer);
      const set = waiting.get(localId);
      set?.delete(look!);
      if (set?.size === 0) waiting.delete(localId);
      return stateOf(localId);
    },
  };
}
