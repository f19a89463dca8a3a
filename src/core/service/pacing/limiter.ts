/**
 * Per-endpoint pacing that waits *before* sending. real-service-notes "Rate limits": exceeding ~20 requests a minute
 * on a timetracker endpoint locks it out for about 5 minutes (7209), so reacting to errors is too late.
 *
 * This file is the waiting: a caller books a place in its endpoint's window or learns how long to wait, and waits
 * (first come, first served across processes, a freed place waking one waiter); a 7209 / 429 pauses only its endpoint
 * for the lock-out or Retry-After duration. What a place is, how long it counts and how the record is tidied is
 * ./budget-record.ts (why a request that ended without an answer keeps its place is told there).
 *
 * Where the places and pauses are kept is the `BudgetStore`: in memory for one client (the default), or a budget file
 * shared by every process on one data directory (account/rate-budget.ts), so the app, web mode and any number of
 * `punch` processes pace as ONE client per account. The algorithm is the same; the store only has to make `update`
 * atomic (the file store takes the file lock for one read-modify-write; nobody holds it while waiting or sending).
 */
import type { RateRule } from '../../../shared/domain';
import type { Clock } from '../../clock';
import { RateLimitedError } from '../errors';
import { doingSaid } from '../words';
import { failureWords } from '../failure-words';
import {
  bookOrWait,
  emptyBudget,
  endpointOf,
  estimateIn,
  memoryBudget,
  pausesIn,
  MAX_PAUSE_MS,
  type BudgetRecord,
  type BudgetStore,
  type Decision,
} from './budget-record';

export interface Slot {
  /**
   * Call when the request ended: with its answer (or when it was never sent), the window is measured from now.
   * `unanswered`: it may have left but no answer came (a timeout, an abort, a broken connection): the service may
   * still count it, so its place stays counted as in flight (./budget-record.ts says why).
   */
  done(how?: { unanswered?: boolean }): void;
}

export interface LimiterOptions {
  /**
   * The wall clock the windows are counted on (a budget file shared with other processes holds wall-clock times) and
   * the timers its waits run on.
   */
  clock: Pick<Clock, 'now' | 'sleep' | 'setTimeout'>;
  /** A pause longer than this fails fast with RateLimitedError instead of waiting (a UI must not hang for minutes). */
  maxPauseWaitMs: number;
  /**
   * The longest one `acquire` waits for a place in the window (all waits together); beyond it, RateLimitedError at
   * once, nothing sent (the outbox keeps the entry queued and tries again when the window has room). Default: no limit.
   */
  maxWaitMs?: number;
  /** A place still "in flight" this long after it was sent counts as answered then (default: never). */
  inFlightMaxMs?: number;
  /** Where places and pauses are kept (default: in memory, this limiter only). */
  budget?: BudgetStore;
}

export interface Limiter {
  /** `opts.maxWaitMs` overrides the limiter's own for this call. */
  acquire(endpoint: string, rule: RateRule, opts?: { maxWaitMs?: number }): Promise<Slot>;
  /** The service said "too many": hold every request of this endpoint for `ms`. */
  pause(endpoint: string, ms: number): void;
  /** When the endpoint (without one: the latest of all) may be called again, epoch ms; 0 when not paused. */
  pausedUntil(endpoint?: string): number;
  /**
   * How long from now until the last of `count` more requests to `endpoint` could be sent, by the budget as it is
   * (every process's places, any pause), each request's place freeing one window after it is sent: what a batch says
   * before it starts ("Approve 25" tells how long). An estimate: other callers may take places meanwhile.
   */
  estimateMs(endpoint: string, rule: RateRule, count: number): number;
}

let limiters = 0;

/** Between two tries to reach a budget whose lock another process holds too long (plus jitter). */
const LOCK_RETRY_MS = 100;
/** A read gives up on an unreachable budget after this long (a write after its own maxWaitMs). */
const LOCK_GIVE_UP_MS = 30_000;

export function createLimiter(opts: LimiterOptions): Limiter {
  const { clock } = opts;
  const budget = opts.budget ?? memoryBudget();
  const retrying = (change: () => void) => retryingOn(clock, change);
  const inFlightMaxMs = opts.inFlightMaxMs ?? Number.POSITIVE_INFINITY;
  const me = `${process.pid}:${++limiters}`;
  let calls = 0;
  /** Open places booked by this limiter, and the ids of its callers now waiting (their `done` wakes local waiters). */
  const mine = new Set<string>();
  const tails = new Map<string, Promise<void>>();
  /** Resolvers of callers waiting for a request of this limiter to end. */
  let onDone: Array<() => void> = [];

  /** Under the store's lock: books a place for a request sent now, or says how long to wait (./budget-record.ts). */
  function tryBook(endpoint: string, rule: RateRule, id: string): Decision {
    return budget.update((record) =>
      bookOrWait(record, endpoint, clock.now(), rule, id, { inFlightMaxMs, holderAlive: budget.holderAlive, isMine: (p) => mine.has(p) }),
    );
  }

  /** A caller that stops waiting (it failed fast, or booked elsewhere) leaves the queue. */
  function leaveQueue(endpoint: string, id: string): void {
    retrying(() =>
      budget.update((record) => {
        const e = record.endpoints[endpoint];
        if (!e?.waiting) return;
        e.waiting = e.waiting.filter((w) => w.id !== id);
        if (e.waiting.length === 0) delete e.waiting;
      }),
    );
  }

  function pauseOf(endpoint: string): Decision {
    const paused = (budget.read().endpoints[endpoint]?.pausedUntil ?? 0) - clock.now();
    return paused > 0 && paused <= MAX_PAUSE_MS ? { kind: 'paused', ms: paused } : { kind: 'book' };
  }

  function finish(endpoint: string, id: string, unanswered: boolean): void {
    if (!mine.delete(id)) return;
    // the window counts from the answer, even when the budget can only be written a moment later
    const answeredAt = clock.now();
    // no answer: the place stays open (in flight) until `inFlightMaxMs` after it was sent, when a prune closes it; a
    // limiter with no such bound (tests) closes it now, as it always did
    if (!unanswered || !Number.isFinite(inFlightMaxMs))
      retrying(() =>
        budget.update((record) => {
          const place = record.endpoints[endpoint]?.places.find((p) => p.open === id);
          if (place) {
            place.at = answeredAt;
            delete place.open;
          }
        }),
      );
    const waiting = onDone;
    onDone = [];
    for (const wake of waiting) wake();
  }

  async function takePlace(endpoint: string, rule: RateRule, maxWaitMs: number): Promise<Slot> {
    const started = clock.now();
    if (!Number.isFinite(rule.limit)) {
      // an unpaced endpoint (the local sandbox) books nothing: a snapshot says whether it is paused, no lock needed
      for (;;) {
        let d: Decision;
        try {
          d = pauseOf(endpoint);
        } catch {
          return { done() {} };
        }
        if (d.kind !== 'paused') return { done() {} };
        if (d.ms > opts.maxPauseWaitMs) throw pausedError(endpoint, d.ms);
        await clock.sleep(d.ms);
      }
    }
    const id = `${me}:${++calls}`;
    mine.add(id); // before the booking: a waiter of this limiter sees the place as local
    let booked = false;
    let queued = false;
    try {
      for (;;) {
        let d: Decision;
        try {
          d = tryBook(endpoint, rule, id);
        } catch (e) {
          // the budget's lock is held too long (a starved machine) or the file cannot be written: sending blind could
          // burst, so wait a moment and try again; give up (nothing sent) only after a long while
          if (clock.now() - started + LOCK_RETRY_MS > Math.min(maxWaitMs, LOCK_GIVE_UP_MS)) {
            // the lock's own failure stays in the cause (for logs); the words say what it means
            throw Object.assign(new RateLimitedError(failureWords.budgetUnreadable(doingSaid(endpoint)), LOCK_RETRY_MS * 10, endpoint), {
              cause: e,
            });
          }
          await clock.sleep(LOCK_RETRY_MS * (0.5 + Math.random()));
          continue;
        }
        if (d.kind === 'book') {
          booked = true;
          return { done: (how) => finish(endpoint, id, how?.unanswered === true) };
        }
        const now = clock.now();
        if (d.kind === 'paused') {
          if (d.ms > opts.maxPauseWaitMs) throw pausedError(endpoint, d.ms);
          await clock.sleep(d.ms);
          continue;
        }
        queued = true;
        if (now - started + d.ms > maxWaitMs) {
          throw new RateLimitedError(failureWords.paced(doingSaid(endpoint), rule.limit, { elapsed: rule.windowMs }, d.ms), d.ms, endpoint);
        }
        if (d.local) {
          // a request of ours ends first: its `done` wakes us (no timer needed, as the in-memory limiter always did)
          await new Promise<void>((resolve) => onDone.push(resolve));
        } else {
          await clock.sleep(d.ms);
        }
      }
    } finally {
      if (!booked) {
        mine.delete(id);
        if (queued) leaveQueue(endpoint, id);
      }
    }
  }

  function pausedError(endpoint: string, ms: number): RateLimitedError {
    return new RateLimitedError(failureWords.slowDownAt(doingSaid(endpoint), ms, clock.now() + ms), ms, endpoint);
  }

  return {
    async acquire(endpoint, rule, callOpts) {
      const before = tails.get(endpoint) ?? Promise.resolve();
      let release!: () => void;
      const mineTail = new Promise<void>((resolve) => {
        release = resolve;
      });
      tails.set(endpoint, mineTail);
      await before;
      try {
        return await takePlace(endpoint, rule, callOpts?.maxWaitMs ?? opts.maxWaitMs ?? Number.POSITIVE_INFINITY);
      } finally {
        if (tails.get(endpoint) === mineTail) tails.delete(endpoint);
        release();
      }
    },
    pause(endpoint, ms) {
      const until = clock.now() + Math.max(0, ms);
      // not recorded at once (the budget's lock is busy)? tried again a few times; meanwhile the other processes would
      // learn it from the service's next refusal
      retrying(() =>
        budget.update((record) => {
          const e = endpointOf(record, endpoint);
          e.pausedUntil = Math.max(e.pausedUntil ?? 0, until);
        }),
      );
    },
    estimateMs(endpoint, rule, count) {
      if (count <= 0) return 0;
      let record: BudgetRecord;
      try {
        record = budget.read();
      } catch {
        record = emptyBudget();
      }
      return estimateIn(record, clock.now(), endpoint, rule, count);
    },
    pausedUntil(endpoint) {
      let pauses: Record<string, number>;
      try {
        pauses = pausesIn(budget.read(), clock.now());
      } catch {
        return 0;
      }
      if (endpoint !== undefined) return pauses[endpoint] ?? 0;
      return Math.max(0, ...Object.values(pauses));
    },
  };
}

/**
 * Runs a small budget change now, or, when the budget is out of reach (its lock busy), again a few times in the
 * background. For changes that only free places or record pauses: losing one makes others wait longer (a place stays
 * open until its holder is found dead or `inFlightMaxMs` passed), never burst. Never throws (`done` runs in `finally`).
 */
function retryingOn(clock: Pick<Clock, 'setTimeout'>, change: () => void, attempt = 0): void {
  try {
    change();
  } catch {
    if (attempt >= 20) return;
    const t = clock.setTimeout(() => retryingOn(clock, change, attempt + 1), LOCK_RETRY_MS * (1 + attempt));
    t.unref?.();
  }
}
