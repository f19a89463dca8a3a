/** What the timer (./timer.ts) offers and needs: its input shapes, its interface and its deps. */
import type { Clock } from '../context';
import type { KeyValueStore } from '../store';
import type { Ledger } from '../journal';
import type { RoundingRule, TimerView } from '../../shared/domain';
import type { TimerLogValues } from '../../shared/log';
import type { StopPlan } from './timer-plan';
import type { IdleReason, Persisted } from './timer-state';

/** What a timer's logs will hold (the one schema of a log, ../../shared/log.ts `TIMER_LOG`), its job's name known. */
export interface TimerStartInput extends TimerLogValues {
  jobName: string;
  /** The open day the time goes to if the week it runs in is locked (chosen when starting on a locked week). */
  logTo?: string;
}

export interface TimerPatch extends TimerLogValues {
  /** The open day for the time (./timer-week.ts); not offered to the user as an update of its own. */
  logTo?: string;
}

/** Named points of a timer change, each right after its durable write (the kill tests stop a process at each). */
export type TimerStep = 'stop:recorded' | 'stop:settled' | 'start:written';

export interface Timer {
  view(): TimerView;
  /** The state as its file holds it now, with the core's own bookkeeping (the anchor of ./timer-attention.ts). */
  current(): Persisted;
  /** Starts a timer; refused while one runs (a switch stops the running one first: ./timer-actions.ts). */
  start(input: TimerStartInput): TimerView;
  update(patch: TimerPatch): TimerView;
  plan(endMs: number, availableMinutes: (date: string) => number): StopPlan;
  /** Stops the timer without logging anything. */
  discard(): TimerView;
  noteIdle(idleSince: number, reason: IdleReason, until?: number): TimerView;
  /** The question about time away is answered "keep": that time counts, and is not asked about again. */
  clearIdle(): TimerView;
  /**
   * The stop's claim, made inside the write that records its logs (under the outbox's lock, on its latest document):
   * the timer `id` as its file holds it now, or undefined when it is not running there any more or `recorded` says
   * the journal already holds its stop (stopped in another process). Writes nothing.
   */
  claim(id: string, recorded: (days: string[]) => boolean): Persisted | undefined;
  /**
   * After a stop's logs are durable: the timer `id` is cleared from its file (or replaced by the `next` timer, for a
   * switch or "discard and start new"), unless the file holds another timer by now.
   */
  settle(id: string, next?: TimerStartInput): TimerView;
  /** The days the logs of a stop of `t` can be on (its days so far, and the open day chosen for them). */
  daysOf(t: Persisted): string[];
}

export interface TimerDeps {
  store: KeyValueStore;
  clock: Clock;
  onChange?: (v: TimerView) => void;
  getRule: () => RoundingRule;
  /**
   * The outbox journal, read to tell whether it holds the stop of this timer (logs that carry its id: ../outbox
   * `loggedBy`). Without it, a stop recorded but not cleared is not recovered (unit tests of the timer alone).
   */
  journal?: Pick<Ledger, 'read'>;
  /** The zone a new timer's days are counted in: the user's choice (default: the system's at the start). */
  zone?: () => string | undefined;
  /**
   * The user's end of day when a timer left running past it is to be caught at every look (./forgotten.ts);
   * undefined: the setting is off.
   */
  catchForgotten?: () => string | undefined;
  /** Test hook: a named point of a change, right after its durable write. */
  step?: (name: TimerStep) => void;
}
