/**
 * The running timer. Its state is a start timestamp plus what it is for, written to the store the moment it changes
 * (before any method returns), so a restart, crash or sleep loses nothing: elapsed time is always
 * `clock.now() - startedAt`, never counted ticks. Each timer has its own id (new at each start).
 *
 * A stop is committed in ONE place, the outbox journal: the logs it records carry the timer's id, and the timer's
 * file is cleared only after they are durable (`settle`). So a stop killed at any instant leaves either the timer
 * running and nothing logged, or its logs in the journal and a timer file that still shows it: every look at the
 * timer (`view`, every start) first finishes such a stop (the timer is cleared: "rolled forward"). Two processes
 * stopping one timer both ask the journal, under its lock, whether it holds this timer's stop yet (`claim`): only
 * one records it. The protocol and the kill points it survives: ./README.md.
 *
 * The app and `punch` share the timer's store: `punch timer stop` may stop the timer the app started. Every method
 * first re-reads the store when its file changed (../store/file-freshness.ts, as the outbox does), so the app never
 * shows, or stops and logs a second time, a timer another process already stopped; the change is announced (`onChange`).
 */
import type { Clock } from '../context';
import type { KeyValueStore } from '../store';
import type { RoundingRule, TimerView } from '../../shared/domain';
import { roundToHhmm } from '../../shared/hours';
import { addDays } from '../../shared/week';
import { dayIn, systemZone } from '../../shared/zone';
import { InvalidInputError } from '../service';
import { withFileLock, fileFreshness } from '../store';
import { planStop, type StopPlan } from './timer-plan';
import { IDLE_REASONS, loadTimerState, newTimerId, STOPPED, TIMER_KEY, type IdleReason, type Persisted } from './timer-state';
import { runningWords } from './timer-words';

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
  /** Does the outbox journal hold the stop of this timer (logs that carry its id) on one of `days`? */
  stopRecorded?: (t: { id: string; days: string[] }) => boolean;
  /** The zone a new timer's days are counted in: the user's choice (default: the system's at the start). */
  zone?: () => string | undefined;
  /** Test hook: a named point of a change, right after its durable write. */
  step?: (name: TimerStep) => void;
}

/** How many days back and ahead of a timer's own the logs of its stop are looked for (a day chosen elsewhere is added). */
const MAX_DAYS = 400;

export function createTimer(deps: TimerDeps): Timer {
  const { store, clock, onChange, getRule, stopRecorded } = deps;
  const freshness = fileFreshness(store);
  let state = loadTimerState(store);

  /**
   * Check-then-write of the timer's file under its own lock (`timer.json.lock`): two `start`s at the same instant in
   * two processes (app and `punch`) would otherwise both see "not running" and both start, the last one winning.
   * Not the outbox's lock, and never the outbox's lock inside it: a stop's claim runs inside the outbox's lock and
   * takes this one (the order is always outbox, then timer).
   */
  const exclusive = <T>(fn: () => T): T => (store.path.startsWith('memory:') ? fn() : withFileLock(store.path, fn));

  const persist = (next: Persisted): void => {
    state = next;
    if (state.running) store.set(TIMER_KEY, state);
    else store.delete(TIMER_KEY);
    freshness.wrote();
  };

  /** The file as it is now (another process may have written it). A running timer of an older Punchcard gets its id. */
  const reload = (): boolean => {
    if (!freshness.changed()) return false;
    state = loadTimerState(store);
    if (state.running && !state.id) {
      exclusive(() => {
        state = loadTimerState(store);
        if (state.running && !state.id) persist({ ...state, id: newTimerId() });
      });
    }
    return true;
  };

  const daysOf = (t: Persisted): string[] => {
    if (!t.running || t.startedAt === undefined) return [];
    const zone = t.zone ?? systemZone();
    const first = addDays(dayIn(zone, t.startedAt), -1);
    const last = addDays(dayIn(zone, Math.max(clock.now(), t.startedAt)), 1);
    const days: string[] = [];
    for (let d = first; d <= last && days.length < MAX_DAYS; d = addDays(d, 1)) days.push(d);
    if (t.logTo && !days.includes(t.logTo)) days.push(t.logTo);
    return days;
  };

  /**
   * A stop whose logs are in the journal but whose timer was never cleared (the process stopping it was killed
   * between the two writes): finished now, so the timer does not run on and its time is not logged twice.
   */
  const recover = (): boolean => {
    if (!state.running || !state.id || !stopRecorded) return false;
    const id = state.id;
    if (!stopRecorded({ id, days: daysOf(state) })) return false;
    exclusive(() => {
      freshness.changed();
      state = loadTimerState(store);
      if (state.running && state.id === id) persist({ ...STOPPED });
    });
    return true;
  };

  const viewOf = (): TimerView => {
    const rule = getRule();
    const elapsedMs = state.running && state.startedAt !== undefined ? Math.max(0, clock.now() - state.startedAt) : 0;
    const { rawHhmm, roundedHhmm } = roundToHhmm(elapsedMs, rule);
    // the anchor is the core's own bookkeeping: not part of what the front ends show
    const { anchor: _anchor, ...shown } = state;
    return { ...shown, elapsedMs, rawHhmm, roundedHhmm, rule };
  };

  /** Another process wrote the timer's file, or finished a stop of it: take that, and say so when it differs. */
  const refresh = (): void => {
    const before = JSON.stringify(state);
    reload();
    recover();
    if (JSON.stringify(state) !== before) onChange?.(viewOf());
  };

  const view = (): TimerView => {
    refresh();
    return viewOf();
  };

  /** Persist first (synchronously), then tell listeners: a crash right after a change still finds it on disk. */
  const commit = (next: Persisted): TimerView => {
    persist(next);
    const v = viewOf();
    onChange?.(v);
    return v;
  };

  const requireRunning = (action: string): void => {
    refresh();
    if (!state.running) throw new InvalidInputError(`No timer is running, so there is nothing to ${action}. Start a timer first.`);
  };

  const checkTime = (field: string, ms: number): void => {
    if (!Number.isFinite(ms)) throw new InvalidInputError(`${field}: ${String(ms)} is not a point in time (epoch milliseconds).`);
  };

  /** Both clocks read now, for a new timer or after time away was answered. */
  const anchorNow = (): Persisted['anchor'] => {
    const mono = clock.monotonic?.();
    const boot = clock.boot?.();
    return mono !== undefined && boot ? { at: clock.now(), mono, boot } : undefined;
  };

  const newTimer = (input: TimerStartInput): Persisted => {
    const jobName = typeof input?.jobName === 'string' ? input.jobName.trim() : '';
    if (!jobName) {
      const message = 'jobName is required to start a timer: pick a job from the list.';
      throw new InvalidInputError(message, [{ field: 'job', rule: 'required', message }]);
    }
    const next: Persisted = { running: true, startedAt: clock.now(), jobName, billable: input.billable !== false, id: newTimerId() };
    next.zone = deps.zone?.() || systemZone();
    const anchor = anchorNow();
    if (anchor) next.anchor = anchor;
    if (input.jobId) next.jobId = input.jobId;
    if (input.workItem !== undefined) next.workItem = input.workItem;
    if (input.description !== undefined) next.description = input.description;
    if (input.logTo !== undefined) next.logTo = input.logTo;
    return next;
  };

  return {
    view,
    daysOf,
    current: () => {
      refresh();
      return state;
    },

    start(input) {
      refresh(); // outside the lock: it may read the journal, whose lock is never taken inside this one
      const next = newTimer(input);
      const v = exclusive(() => {
        reload();
        if (state.running) {
          const message = runningWords(state.jobName ?? 'a job', state.startedAt ?? clock.now(), state.zone ?? systemZone(), clock.now());
          throw new InvalidInputError(message, [{ field: 'job', rule: 'timer-running', message }]);
        }
        return commit(next);
      });
      deps.step?.('start:written');
      return v;
    },

    claim(id, recorded) {
      reload();
      if (!state.running || state.id !== id) return undefined;
      return recorded(daysOf(state)) ? undefined : state;
    },

    settle(id, next) {
      deps.step?.('stop:recorded');
      const following = next ? newTimer(next) : undefined;
      const v = exclusive(() => {
        reload();
        if (state.running && state.id !== id) return viewOf(); // another timer started since: it is not this stop's
        return commit(following ?? { ...STOPPED });
      });
      deps.step?.('stop:settled');
      return v;
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
      return exclusive(() => {
        reload();
        // stopped or replaced meanwhile (another process): this change was for a timer that no longer runs
        if (!state.running || state.id !== next.id) return viewOf();
        return commit(next);
      });
    },

    plan(endMs, availableMinutes) {
      requireRunning('stop');
      checkTime('end', endMs);
      return planStop(state.startedAt as number, endMs, getRule(), availableMinutes, state.zone ?? systemZone());
    },

    discard() {
      refresh();
      return exclusive(() => {
        reload();
        return commit({ ...STOPPED });
      });
    },

    noteIdle(idleSince, reason, until) {
      refresh();
      // Nothing to ask about when no timer runs: idle time only matters while time is being counted.
      if (!state.running) return viewOf();
      checkTime('idleSince', idleSince);
      if (!IDLE_REASONS.includes(reason))
        throw new InvalidInputError(`reason: "${String(reason)}" is not one of ${IDLE_REASONS.join(', ')}.`);
      // Idle before the start is not idle time of this timer.
      const since = Math.max(idleSince, state.startedAt as number);
      // Idle, then the lid closes: the idle time began at the first report, keep that one.
      if (state.idlePrompt && state.idlePrompt.idleSince <= since) return viewOf();
      const prompt: NonNullable<Persisted['idlePrompt']> = { idleSince: since, reason, ...(until !== undefined ? { until } : {}) };
      return exclusive(() => {
        const id = state.id;
        reload();
        if (!state.running || state.id !== id) return viewOf();
        return commit({ ...state, idlePrompt: prompt });
      });
    },

    clearIdle() {
      refresh();
      if (!state.running || !state.idlePrompt) return viewOf();
      const next = { ...state };
      delete next.idlePrompt;
      // the time away up to now is the user's: the next stop does not ask about it again
      const anchor = anchorNow();
      if (anchor) next.anchor = anchor;
      return exclusive(() => {
        reload();
        if (!state.running || state.id !== next.id) return viewOf();
        return commit(next);
      });
    },
  };
}
