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
import type { TimerView } from '../../shared/domain';
import { roundToHhmm } from '../../shared/time/hours';
import { systemZone } from '../../shared/time/zone';
import { InvalidInputError } from '../service';
import { withFileLock, fileFreshness } from '../store';
import { loggedBy } from '../outbox';
import { planStop } from './timer-plan';
import { forgottenTimer } from './forgotten';
import {
  anchorOf,
  IDLE_REASONS,
  loadTimerState,
  newTimerId,
  newTimerState,
  STOPPED,
  stopDaysOf,
  TIMER_KEY,
  type Persisted,
} from './timer-state';
import type { Timer, TimerDeps, TimerStartInput } from './timer-types';
import { runningWords } from './timer-words';
import { timerNotices } from './timer-notices';
import { saidOf } from '../../shared/i18n/said';

// The stop arithmetic, the persisted shape and the interface live in their own files; importers keep using this one.
export { planStop, TIMER_KEY };
export type { StopPlan, StopSegment } from './timer-plan';
export type { IdleReason, Persisted } from './timer-state';
export type { Timer, TimerDeps, TimerPatch, TimerStartInput, TimerStep } from './timer-types';

export function createTimer(deps: TimerDeps): Timer {
  const { store, clock, onChange, getRule, journal } = deps;
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

  const daysOf = (t: Persisted) => stopDaysOf(t, clock.now());

  /**
   * A stop whose logs are in the journal but whose timer was never cleared (the process stopping it was killed
   * between the two writes): finished now, so the timer does not run on and its time is not logged twice.
   */
  const recover = (): boolean => {
    if (!state.running || !state.id || !journal) return false;
    const id = state.id;
    if (!loggedBy(journal.read(), { timerId: id }, daysOf(state))) return false;
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
    // a stopped timer is never forgotten, and asking the system's zone of Intl starts ICU's data (12 ms of a `punch status`)
    const forgotten = state.running ? forgottenTimer(state, clock.now(), state.zone ?? systemZone(), deps.catchForgotten?.()) : undefined;
    return { ...shown, elapsedMs, rawHhmm, roundedHhmm, rule, ...(forgotten ? { forgotten } : {}) };
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
    if (!state.running) throw new InvalidInputError(timerNotices.noTimer(action));
  };

  const checkTime = (field: string, ms: number): void => {
    if (!Number.isFinite(ms)) throw new InvalidInputError(timerNotices.notAMoment(field, String(ms)));
  };

  const anchorNow = () => anchorOf(clock);
  const newTimer = (input: TimerStartInput): Persisted => {
    const jobName = typeof input?.jobName === 'string' ? input.jobName.trim() : '';
    if (!jobName) {
      const words = timerNotices.jobNameRequired();
      throw new InvalidInputError(words, [{ field: 'job', rule: 'required', message: words.message, said: saidOf(words) }]);
    }
    return newTimerState({ ...input, jobName }, clock, deps.zone?.() || systemZone());
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
          const words = runningWords(state.jobName, state.startedAt ?? clock.now(), state.zone ?? systemZone(), clock.now());
          throw new InvalidInputError(words, [{ field: 'job', rule: 'timer-running', message: words.message, said: saidOf(words) }]);
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
        if (!jobName) throw new InvalidInputError(timerNotices.jobNameEmpty());
        next.jobName = jobName;
        // A new job name without its id must not keep the old job's id.
        if (patch.jobId === undefined) delete next.jobId;
      }
      if (patch.jobId !== undefined) {
        // An id alone would leave the old job's name beside the new id: the log would go to a job the user never saw.
        if (patch.jobName === undefined) throw new InvalidInputError(timerNotices.jobNameForId());
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
      if (!IDLE_REASONS.includes(reason)) throw new InvalidInputError(timerNotices.badReason(String(reason), [...IDLE_REASONS]));
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
