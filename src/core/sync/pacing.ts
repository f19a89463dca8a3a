/**
 * The sync engine's timers (./engine.ts): the retry while the service cannot be used (at the next check
 * ../service/reachability.ts grants: 5 s doubling to 5 min, ±20 %; any answer resets it) and the per-endpoint pauses after a
 * 429 / 7209 lock-out (only THAT endpoint waits; the rest of the outbox goes on).
 * And the step an entry waits before it is sent again after the service showed it absent (a write that failed
 * without reaching the service: the same step as the offline retries, doubling per re-send, ±20 %), with the timer
 * that wakes the engine when the first such wait ends; and, once the service refused a log as a day it has not begun,
 * the other entries waiting for that day held until the first one's next try (../outbox/service-day.ts).
 * When a timer runs out it wakes the engine (`wake`, a new run); once the engine is closed no timer starts. Every timer
 * is the clock's (unref'd: a waiting outbox never keeps a process up), so a test advances its clock through a backoff.
 */
import type { Clock, TimerHandle } from '../context';
import type { OutboxOp } from '../journal';

export interface PacingDeps {
  clock: Clock;
  /** First retry delay while offline (default 5 s), doubling up to `backoffMaxMs` (default 5 min), ±20 %. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  random?: () => number;
  /** The engine was closed: no new timer. */
  closed: () => boolean;
  /** A retry or a pause ran out: run the engine again. */
  wake: () => void;
}

export interface SyncPacing {
  /**
   * Not connected: run again at `at` (the next check reachability grants), or else after the next backoff delay
   * (each such call doubles it, up to the maximum).
   */
  scheduleRetry(at?: number): void;
  /** Reached the service: the backoff starts over (the timer already set, if any, stays). */
  resetBackoff(): void;
  /** The retry timer is not needed any more (the engine runs now). */
  cancelRetry(): void;
  /** A 429 / lock-out on `endpoint`: nothing is sent to it for `ms`, then the engine runs again. */
  pause(endpoint: string, ms: number): void;
  isPaused(endpoint: string): boolean;
  /** Endpoints paused now, with the time they may be used again. */
  paused(): Record<string, number>;
  /** The reconciliation of `opId` was refused by the paused read `endpoint`: it waits for that endpoint. */
  waitForRead(opId: string, endpoint: string): void;
  /** The entry still waits for a paused read endpoint (see `waitForRead`), so the engine skips it for now. */
  waitsForRead(op: OutboxOp): boolean;
  /**
   * How long an entry found absent after an ambiguous answer waits, counted from its last send, before it goes
   * again: the offline retry's step (`backoffBaseMs` doubling per earlier re-send, up to `backoffMaxMs`, ±20 %).
   */
  resendDelay(resends: number): number;
  /** Runs the engine at `at` (the end of the earliest such wait); an earlier time already set stays. */
  wakeAt(at: number): void;
  /**
   * The service refused a log of `day` as a day it has not begun; the next try is at `until` (the next quarter hour,
   * ../outbox/service-day.ts): until then the other entries waiting for that day or a later one wait too (each would
   * be refused the same way, a call of the service's budget each), and the engine runs again at `until`.
   */
  serviceDayRefused(day: string, until: number): void;
  /** An entry waiting for the service's day, of `day`, waits for the next try (see `serviceDayRefused`). */
  waitsForServiceDay(day: string): boolean;
  /** The user asked to sync now: the next entry waiting for the service's day goes at once. */
  forgetServiceDay(): void;
  /** Stops every timer (closing). */
  close(): void;
}

export function createSyncPacing(deps: PacingDeps): SyncPacing {
  const { clock } = deps;
  const base = deps.backoffBaseMs ?? 5_000;
  const max = deps.backoffMaxMs ?? 300_000;
  let failures = 0;
  let retryTimer: TimerHandle | undefined;
  let wakeTimer: { at: number; timer: TimerHandle } | undefined;
  const random = deps.random ?? Math.random;
  const stepOf = (n: number) => Math.round(Math.min(max, base * 2 ** n) * (1 + 0.2 * (2 * random() - 1)));
  const pausedUntil = new Map<string, number>();
  const pauseTimers = new Map<string, TimerHandle>();
  /**
   * Entries whose reconciliation was refused by a paused read endpoint (429 / lock-out on gettimesheet): they stay
   * `sending` (maybe sent) and wait for THAT endpoint, so the loop does not pick them again at once. Without this the
   * limiter's fail-fast RateLimitedError (no I/O, only microtasks) made `runOnce` spin until the pause ended.
   */
  const reconcileWaits = new Map<string, string>();

  /** The latest refusal as a day the service has not begun: that day, and when the next try goes. */
  let serviceDay: { day: string; until: number } | undefined;

  const isPaused = (endpoint: string) => (pausedUntil.get(endpoint) ?? 0) > clock.now();

  const pacing: SyncPacing = {
    scheduleRetry(at) {
      if (deps.closed()) return;
      let delay: number;
      if (at !== undefined) delay = Math.max(0, at - clock.now()) + 5;
      else {
        delay = stepOf(failures);
        failures++;
      }
      clock.clearTimeout(retryTimer);
      retryTimer = clock.setTimeout(deps.wake, delay);
      retryTimer.unref?.();
    },
    resetBackoff() {
      failures = 0;
    },
    cancelRetry() {
      clock.clearTimeout(retryTimer);
    },
    pause(endpoint, ms) {
      if (deps.closed()) return;
      const until = clock.now() + Math.max(ms, 0);
      pausedUntil.set(endpoint, until);
      clock.clearTimeout(pauseTimers.get(endpoint));
      const t = clock.setTimeout(
        () => {
          pausedUntil.delete(endpoint);
          deps.wake();
        },
        Math.max(ms, 0) + 5,
      );
      t.unref?.();
      pauseTimers.set(endpoint, t);
    },
    isPaused,
    paused: () => Object.fromEntries([...pausedUntil].filter(([, t]) => t > clock.now())),
    waitForRead(opId, endpoint) {
      reconcileWaits.set(opId, endpoint);
    },
    waitsForRead(op) {
      const endpoint = reconcileWaits.get(op.id);
      if (endpoint === undefined) return false;
      if (isPaused(endpoint)) return true;
      reconcileWaits.delete(op.id);
      return false;
    },
    resendDelay: (resends) => stepOf(Math.max(0, resends)),
    wakeAt(at) {
      if (deps.closed()) return;
      if (wakeTimer && wakeTimer.at <= at && wakeTimer.at > clock.now()) return;
      if (wakeTimer) clock.clearTimeout(wakeTimer.timer);
      const timer = clock.setTimeout(
        () => {
          wakeTimer = undefined;
          deps.wake();
        },
        Math.max(0, at - clock.now()) + 5,
      );
      timer.unref?.();
      wakeTimer = { at, timer };
    },
    serviceDayRefused(day, until) {
      serviceDay = { day, until };
      pacing.wakeAt(until);
    },
    waitsForServiceDay: (day) => serviceDay !== undefined && day >= serviceDay.day && clock.now() < serviceDay.until,
    forgetServiceDay() {
      serviceDay = undefined;
    },
    close() {
      clock.clearTimeout(retryTimer);
      if (wakeTimer) clock.clearTimeout(wakeTimer.timer);
      for (const t of pauseTimers.values()) clock.clearTimeout(t);
    },
  };
  return pacing;
}
