/**
 * The running timer. Its state is a start timestamp plus what it is for, written to the store the moment it changes
 * (before any method returns), so a restart, crash or sleep loses nothing: elapsed time is always
 * `clock.now() - startedAt`, never counted ticks. Stopping is two steps: `plan()` says what would be logged (one
 * piece per local day, rounded, capped to the company maximum), the caller logs it, then `finish()` clears the state.
 *
 * The app and `punch` share the timer's store: `punch timer stop` may stop the timer the app started. Every method
 * first re-reads the store when its file changed (../store/file-freshness.ts, as the outbox does), so the app never shows,
 * or stops and logs a second time, a timer another process already stopped; the change is announced (`onChange`).
 */
import type { Clock } from '../context';
import type { KeyValueStore } from '../store';
import type { RoundingRule, TimerView } from '../../shared/domain';
import { roundToHhmm } from '../../shared/hours';
import { InvalidInputError } from '../service';
import { withFileLock, fileFreshness } from '../store';
import { planStop, type StopPlan } from './timer-plan';
import { IDLE_REASONS, loadTimerState, STOPPED, TIMER_KEY, type IdleReason, type Persisted } from './timer-state';

// The stop arithmetic and the persisted shape live in their own files; importers keep using this one.
export { planStop, TIMER_KEY };
export type { StopPlan, StopSegment } from './timer-plan';
export type { IdleReason, Persisted } from './timer-state';

export interface TimerStartInput {
  jobId?: string;
  jobName: string;
  workItem?: string;
  description?: string;
  billable?: boolean;
  /** The open day the time goes to if the week it runs in is locked (chosen when starting on a locked week). */
  logTo?: string;
}

export interface TimerPatch {
  jobId?: string;
  jobName?: string;
  workItem?: string;
  description?: string;
  billable?: boolean;
  /** The open day for the time (./timer-week.ts); not offered to the user as an update of its own. */
  logTo?: string;
}

export interface Timer {
  view(): TimerView;
  start(input: TimerStartInput): TimerView;
  update(patch: TimerPatch): TimerView;
  plan(endMs: number, availableMinutes: (date: string) => number): StopPlan;
  /** Clears the running state after the caller logged the plan. */
  finish(): void;
  discard(): TimerView;
  noteIdle(idleSince: number, reason: IdleReason): TimerView;
  clearIdle(): TimerView;
  /**
   * The stop's claim, made while its logs are recorded (under the outbox's lock): stops the timer that started at
   * `startedAt` without announcing it yet, and returns what it was; undefined when it was stopped or restarted
   * elsewhere meanwhile. Of two stops of one timer in two processes only one gets it, so its time is logged once.
   */
  claimStop(startedAt: number): Persisted | undefined;
  /** The claimed stop was not recorded (refused, disk error): the timer runs on, unless another one started since. */
  undoStop(claimed: Persisted): void;
  /** Tells listeners the current state (after a claimed stop is recorded). */
  announce(): void;
}

export interface TimerDeps {
  store: KeyValueStore;
  clock: Clock;
  onChange?: (v: TimerView) => void;
  getRule: () => RoundingRule;
}

export function createTimer(deps: TimerDeps): Timer {
  const { store, clock, onChange, getRule } = deps;
  const freshness = fileFreshness(store);
  let state = loadTimerState(store);

  /** Another process wrote the timer's file: take its state, and say so when it differs from what was shown. */
  const refresh = (): void => {
    if (!freshness.changed()) return;
    const before = JSON.stringify(state);
    state = loadTimerState(store);
    if (JSON.stringify(state) !== before) onChange?.(view());
  };

  const view = (): TimerView => {
    refresh();
    const rule = getRule();
    const elapsedMs = state.running && state.startedAt !== undefined ? Math.max(0, clock.now() - state.startedAt) : 0;
    const { rawHhmm, roundedHhmm } = roundToHhmm(elapsedMs, rule);
    return { ...state, elapsedMs, rawHhmm, roundedHhmm, rule };
  };

  const persist = (next: Persisted): void => {
    state = next;
    if (state.running) store.set(TIMER_KEY, state);
    else store.delete(TIMER_KEY);
    freshness.wrote();
  };

  /** Persist first (synchronously), then tell listeners: a crash right after a change still finds it on disk. */
  const commit = (next: Persisted): TimerView => {
    persist(next);
    const v = view();
    onChange?.(v);
    return v;
  };

  /**
   * Check-then-write of the timer's file under its own lock (`timer.json.lock`): two `start`s at the same instant in
   * two processes (app and `punch`) would otherwise both see "not running" and both start, the last one winning.
   * Not the outbox's lock: a stop's claim runs inside it (../log-gate.ts `precondition`), and the lock is not re-entrant.
   */
  const exclusive = <T>(fn: () => T): T => (store.path.startsWith('memory:') ? fn() : withFileLock(store.path, fn));

  const requireRunning = (action: string): void => {
    refresh();
    if (!state.running) throw new InvalidInputError(`No timer is running, so there is nothing to ${action}. Start a timer first.`);
  };

  const checkTime = (field: string, ms: number): void => {
    if (!Number.isFinite(ms)) throw new InvalidInputError(`${field}: ${String(ms)} is not a point in time (epoch milliseconds).`);
  };

  return {
    view,

    start: (input) =>
      exclusive(() => {
        refresh();
        if (state.running) {
          throw new InvalidInputError(`A timer is already running on ${state.jobName}; stop it first.`, [
            { field: 'job', rule: 'timer-running', message: `A timer is already running on ${state.jobName}; stop it first.` },
          ]);
        }
        const jobName = typeof input?.jobName === 'string' ? input.jobName.trim() : '';
        if (!jobName) {
          const message = 'jobName is required to start a timer: pick a job from the list.';
          throw new InvalidInputError(message, [{ field: 'job', rule: 'required', message }]);
        }
        const next: Persisted = { running: true, startedAt: clock.now(), jobName, billable: input.billable !== false };
        if (input.jobId) next.jobId = input.jobId;
        if (input.workItem !== undefined) next.workItem = input.workItem;
        if (input.description !== undefined) next.description = input.description;
        if (input.logTo !== undefined) next.logTo = input.logTo;
        return commit(next);
      }),

    claimStop: (startedAt) =>
      exclusive(() => {
        refresh();
        if (!state.running || state.startedAt !== startedAt) return undefined;
        const claimed = state;
        persist({ ...STOPPED });
        return claimed;
      }),

    undoStop: (claimed) =>
      exclusive(() => {
        refresh();
        if (state.running) return;
        commit(claimed);
      }),

    announce() {
      onChange?.(view());
    },

    update(patch) {
      requireRunning('update');
      const next: Persisted = { ...state };
      if (patch.jobName !== undefined) {
        const jobName = patch.jobName.trim();
        if (!jobName) throw new InvalidInputError('jobName cannot be empty: pick a job from the list.');
        next.jobName = jobName;
        // A new job name without its id must not keep the old job's id.
        if (patch.jobId === undefined) delete next.jobId;
      }
      if (patch.jobId !== undefined) {
        // An id alone would leave the old job's name beside the new id: the log would go to a job the user never saw.
        if (patch.jobName === undefined)
          throw new InvalidInputError('jobName is required when changing the job: pick a job from the list.');
        next.jobId = patch.jobId;
      }
      if (patch.workItem !== undefined) next.workItem = patch.workItem;
      if (patch.description !== undefined) next.description = patch.description;
      if (patch.billable !== undefined) next.billable = patch.billable;
      if (patch.logTo !== undefined) next.logTo = patch.logTo;
      return commit(next);
    },

    plan(endMs, availableMinutes) {
      requireRunning('stop');
      checkTime('end', endMs);
      return planStop(state.startedAt as number, endMs, getRule(), availableMinutes);
    },

    finish() {
      commit({ ...STOPPED });
    },

    discard() {
      return commit({ ...STOPPED });
    },

    noteIdle(idleSince, reason) {
      refresh();
      // Nothing to ask about when no timer runs: idle time only matters while time is being counted.
      if (!state.running) return view();
      checkTime('idleSince', idleSince);
      if (!IDLE_REASONS.includes(reason))
        throw new InvalidInputError(`reason: "${String(reason)}" is not one of ${IDLE_REASONS.join(', ')}.`);
      // Idle before the start is not idle time of this timer.
      const since = Math.max(idleSince, state.startedAt as number);
      // Idle, then the lid closes: the idle time began at the first report, keep that one.
      if (state.idlePrompt && state.idlePrompt.idleSince <= since) return view();
      return commit({ ...state, idlePrompt: { idleSince: since, reason } });
    },

    clearIdle() {
      refresh();
      if (!state.idlePrompt) return view();
      const next = { ...state };
      delete next.idlePrompt;
      return commit(next);
    },
  };
}
