/**
 * Per-endpoint pacing that waits *before* sending. real-service-notes "Rate limits": exceeding ~20 requests a minute
 * on a timetracker endpoint locks it out for about 5 minutes (7209), so reacting to errors is too late.
 *
 * Sliding window, counted conservatively: a request occupies a place from the moment it is sent until one window
 * after its answer arrived (the service counted it somewhere in between, so this never undercounts however slow the
 * network). A request still in flight keeps its place until it ends. Waiters are served first come, first served.
 * A 7209 / 429 pauses only its endpoint for the lock-out or Retry-After duration.
 */
import type { RateRule } from './types';
import { RateLimitedError } from './errors';

/** A few ms of slack so a request sent exactly one window later is not counted in the same window by the service. */
const SLACK_MS = 5;

export interface Slot {
  /** Call when the answer (or failure) arrived: the window is measured from then. */
  done(): void;
}

export interface LimiterOptions {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** A pause longer than this fails fast with RateLimitedError instead of waiting (a UI must not hang for minutes). */
  maxPauseWaitMs: number;
}

interface Place { at: number; inFlight: boolean }

interface EndpointState {
  places: Place[];
  pausedUntil: number;
  /** FIFO: each acquire waits for the previous one to get its place. */
  tail: Promise<void>;
  /** Resolvers of callers waiting for an in-flight request to end. */
  onDone: Array<() => void>;
}

export interface Limiter {
  acquire(endpoint: string, rule: RateRule): Promise<Slot>;
  /** The service said "too many": hold every request of this endpoint for `ms`. */
  pause(endpoint: string, ms: number): void;
  /** ms until the endpoint may be called (0 when free); for status displays and tests. */
  pausedFor(endpoint: string): number;
}

export function createLimiter(opts: LimiterOptions): Limiter {
  const endpoints = new Map<string, EndpointState>();
  const stateOf = (key: string): EndpointState => {
    let s = endpoints.get(key);
    if (!s) { s = { places: [], pausedUntil: 0, tail: Promise.resolve(), onDone: [] }; endpoints.set(key, s); }
    return s;
  };

  async function takePlace(endpoint: string, s: EndpointState, rule: RateRule): Promise<Slot> {
    for (;;) {
      const now = opts.now();
      const paused = s.pausedUntil - now;
      if (paused > 0) {
        if (paused > opts.maxPauseWaitMs) {
          throw new RateLimitedError(
            `${endpoint} is paused after the service's rate limit; it can be called again in ${Math.ceil(paused / 1000)} s.`,
            paused, endpoint,
          );
        }
        await opts.sleep(paused);
        continue;
      }
      if (!Number.isFinite(rule.limit)) return { done() {} };
      s.places = s.places.filter((p) => p.inFlight || p.at + rule.windowMs + SLACK_MS > now);
      if (s.places.length < rule.limit) {
        const place: Place = { at: now, inFlight: true };
        s.places.push(place);
        let ended = false;
        return {
          done() {
            if (ended) return;
            ended = true;
            place.at = opts.now();
            place.inFlight = false;
            const waiting = s.onDone.splice(0);
            for (const wake of waiting) wake();
          },
        };
      }
      const finished = s.places.filter((p) => !p.inFlight);
      if (finished.length === 0) {
        // every place is held by a request still in flight: wait for one to end
        await new Promise<void>((resolve) => s.onDone.push(resolve));
        continue;
      }
      const oldest = Math.min(...finished.map((p) => p.at));
      await opts.sleep(Math.max(1, oldest + rule.windowMs + SLACK_MS - now));
    }
  }

  return {
    async acquire(endpoint, rule) {
      const s = stateOf(endpoint);
      const before = s.tail;
      let release!: () => void;
      s.tail = new Promise<void>((resolve) => { release = resolve; });
      await before;
      try {
        return await takePlace(endpoint, s, rule);
      } finally {
        release();
      }
    },
    pause(endpoint, ms) {
      const s = stateOf(endpoint);
      s.pausedUntil = Math.max(s.pausedUntil, opts.now() + Math.max(0, ms));
    },
    pausedFor(endpoint) {
      const s = endpoints.get(endpoint);
      return s ? Math.max(0, s.pausedUntil - opts.now()) : 0;
    },
  };
}
