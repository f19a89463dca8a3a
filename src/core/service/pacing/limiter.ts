/**
 * Per-endpoint pacing that waits *before* sending. real-service-notes "Rate limits": exceeding ~20 requests a minute
 * on a timetracker endpoint locks it out for about 5 minutes (7209), so reacting to errors is too late.
 *
 * Sliding window, counted conservatively: a request occupies a place from the moment it is sent until one window
 * after its answer arrived (the service counted it somewhere in between, so this never undercounts however slow the
 * network). A request still in flight keeps its place until it ends (at most `inFlightMaxMs`: a holder that died
 * without saying so must not block the endpoint forever). Waiters of one limiter are served first come, first served.
 * A 7209 / 429 pauses only its endpoint for the lock-out or Retry-After duration.
 *
 * Only an answer proves when the service counted a request. A request that left and ended WITHOUT one (its timeout,
 * often cut short by the caller's deadline; the caller or a closing engine aborting it; a broken connection) or whose
 * holder died before it (a `punch` that exited or was killed) may still be counted later: its bytes can sit in the
 * service's socket, and a busy service (the test sandbox in a lagging vitest worker, seconds under load) admits it
 * after the client gave up. Closing its place "now" let the next request in, and the late one made three in one
 * window: 429 (one of the two causes of a CI failure of rate-budget.test.ts; the other, two holders of the budget's
 * lock, is in store/file-lock.ts). So such a place stays counted as in flight until `inFlightMaxMs` after it was
 * sent, the longest any request of ours lives (its timeout plus a margin); this holds for a process that died too,
 * which can wait for nothing. Chosen over making a process wait at exit for
 * its requests in flight: a crash or a kill cannot wait, a dead network would hold every `punch` for its timeout, and
 * the cost here is only a slower window after a failure, never a burst.
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

/** A few ms of slack so a request sent exactly one window later is not counted in the same window by the service. */
const SLACK_MS = 5;
/** A clock that jumped: a pause further away than this is not believed (the daily cap is the longest honest one). */
const MAX_PAUSE_MS = 24 * 60 * 60_000;
/** How long a lost record ("assume the window is full") is remembered: longer than any window. */
const LOST_MEMORY_MS = 60 * 60_000;

export interface Slot {
  /**
   * Call when the request ended: with its answer (or when it was never sent), the window is measured from now.
   * `unanswered`: it may have left but no answer came (a timeout, an abort, a broken connection): the service may
   * still count it, so its place stays counted as in flight (see the top of this file).
   */
  done(how?: { unanswered?: boolean }): void;
}

/** One request's place in an endpoint's window. */
export interface PlaceRecord {
  /** When it was sent (while `open`), else when its answer arrived. */
  at: number;
  /** While the request is in flight: who booked it (`<pid>:<limiter>:<n>`), so a dead holder's place can be closed. */
  open?: string;
}

export interface EndpointRecord {
  places: PlaceRecord[];
  /** The service said "too many" (429 Retry-After or the 7209 lock-out): nothing is sent before this time. */
  pausedUntil?: number;
  /** The window the places were last booked with (places are kept at least this long). */
  windowMs?: number;
  /** Callers waiting for a place, first come first served (`seen`: when each last asked). */
  waiting?: Array<{ id: string; seen: number }>;
}

/** Everything the limiter remembers about one account: per endpoint, the recent requests and any pause. */
export interface BudgetRecord {
  endpoints: Record<string, EndpointRecord>;
  /**
   * The record was lost (a damaged budget file) at this time: every endpoint is treated as full for one window
   * from then, because requests sent before the loss are unknown (never burst after losing the record).
   */
  lostAt?: number;
}

/** Keeps the BudgetRecord. `update` must be atomic against every other user of the same record (other processes). */
export interface BudgetStore {
  update<T>(fn: (record: BudgetRecord) => T): T;
  /** A consistent snapshot (may be stale a moment later); for waits and status displays. */
  read(): BudgetRecord;
  /** Is the holder of an open place still running? (A file store checks the pid; in memory: yes.) */
  holderAlive(openId: string): boolean;
}

export function emptyBudget(): BudgetRecord {
  return { endpoints: {} };
}

/** The budget of one client in this process only (the default; tests, the built-in sandbox, sign-in checks). */
export function memoryBudget(): BudgetStore {
  const record = emptyBudget();
  return { update: (fn) => fn(record), read: () => record, holderAlive: () => true };
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

/** Pauses in force at `now`, endpoint -> epoch ms when it may be called again. */
export function pausesIn(record: BudgetRecord, now: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [endpoint, e] of Object.entries(record.endpoints)) {
    const until = e.pausedUntil ?? 0;
    if (until > now && until - now <= MAX_PAUSE_MS) out[endpoint] = until;
  }
  return out;
}

/**
 * Tidies one endpoint's record at `now`: closes places in flight too long (as answered `inFlightMaxMs` after they were
 * sent), drops places out of every window, and believes no time in the future (a clock set back must not block an
 * endpoint for hours). A place whose holder died stays in flight until then too (its request may still be admitted
 * late, see the top of this file); only a limiter that knows no bound for a request (`inFlightMaxMs` infinite: tests)
 * closes it when the death is seen.
 */
export function pruneEndpoint(
  e: EndpointRecord,
  now: number,
  windowMs: number,
  inFlightMaxMs: number,
  holderAlive: (id: string) => boolean,
): void {
  const keepMs = Math.max(windowMs, e.windowMs ?? 0) + SLACK_MS;
  const places: PlaceRecord[] = [];
  for (const p of e.places) {
    let place = p.at > now ? { ...p, at: now } : p;
    if (place.open !== undefined) {
      if (place.at + inFlightMaxMs <= now) place = { at: place.at + inFlightMaxMs };
      else if (!Number.isFinite(inFlightMaxMs) && !holderAlive(place.open)) place = { at: now };
    }
    if (place.open !== undefined || place.at + keepMs > now) places.push(place);
  }
  e.places = places;
  e.windowMs = windowMs;
  if (e.pausedUntil !== undefined && (e.pausedUntil <= now || e.pausedUntil - now > MAX_PAUSE_MS)) delete e.pausedUntil;
}

type Decision =
  | { kind: 'book' }
  | { kind: 'paused'; ms: number }
  /** `local`: the place this caller waits for is held by a request of THIS limiter in flight (its end wakes it). */
  | { kind: 'full'; ms: number; local: boolean };

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

  const endpointOf = (record: BudgetRecord, endpoint: string): EndpointRecord => (record.endpoints[endpoint] ??= { places: [] });

  /**
   * Under the store's lock: books a place for a request sent now, or says how long to wait. Callers that must wait
   * queue in the record (`waiting`, across processes): first come, first served, and each sleeps until the place ITS
   * turn needs frees, so a freed place wakes one waiter, not every process at once.
   */
  function tryBook(endpoint: string, rule: RateRule, id: string): Decision {
    return budget.update((record) => {
      const now = clock.now();
      if (record.lostAt !== undefined && (now - record.lostAt > LOST_MEMORY_MS || record.lostAt > now)) delete record.lostAt;
      const e = endpointOf(record, endpoint);
      pruneEndpoint(e, now, rule.windowMs, inFlightMaxMs, budget.holderAlive);
      pruneWaiting(e, now, rule.windowMs, budget.holderAlive);
      const paused = (e.pausedUntil ?? 0) - now;
      if (paused > 0) return { kind: 'paused', ms: paused };
      if (record.lostAt !== undefined && record.lostAt + rule.windowMs + SLACK_MS > now) {
        return { kind: 'full', ms: record.lostAt + rule.windowMs + SLACK_MS - now, local: false };
      }
      const waiting = e.waiting ?? [];
      const position = waiting.findIndex((w) => w.id === id);
      const ahead = position < 0 ? waiting.length : position;
      const counted = e.places.filter((p) => p.open !== undefined || p.at + rule.windowMs + SLACK_MS > now);
      const free = rule.limit - counted.length;
      if (free > ahead) {
        e.places.push({ at: now, open: id });
        if (position >= 0) waiting.splice(position, 1);
        if (waiting.length === 0) delete e.waiting;
        return { kind: 'book' };
      }
      if (position < 0) waiting.push({ id, seen: now });
      else waiting[position].seen = now;
      e.waiting = waiting;
      // my turn comes when `ahead - free + 1` more places have freed: the (ahead - free)-th expiry, oldest first
      const need = ahead - Math.max(0, free);
      const expiries = counted
        .filter((p) => p.open === undefined)
        .map((p) => p.at + rule.windowMs + SLACK_MS)
        .sort((a, b) => a - b);
      if (need < expiries.length) return { kind: 'full', ms: Math.max(1, expiries[need] - now), local: false };
      // the place needed is held by a request in flight: none frees before one window from now
      const open = counted.filter((p) => p.open !== undefined);
      return { kind: 'full', ms: rule.windowMs + SLACK_MS, local: open.length > 0 && open.every((p) => mine.has(p.open!)) };
    });
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
      const now = clock.now();
      const window = rule.windowMs + SLACK_MS;
      // nothing goes before a pause ends, nor (a lost record) before one window after the loss
      const lostUntil = record.lostAt !== undefined && record.lostAt <= now ? record.lostAt + window : 0;
      const begin = Math.max(now, pausesIn(record, now)[endpoint] ?? 0, lostUntil);
      if (!Number.isFinite(rule.limit)) return begin - now;
      // when each counted place frees: a closed one a window after its answer, an open one a window from now at best
      const frees =
        lostUntil > now
          ? []
          : (record.endpoints[endpoint]?.places ?? [])
              .map((p) => (p.open !== undefined ? now + window : Math.min(p.at, now) + window))
              .filter((t) => t > begin)
              .sort((a, b) => a - b);
      let free = rule.limit - frees.length;
      let last = begin;
      for (let i = 0; i < count; i++) {
        const start = free > 0 ? begin : Math.max(begin, frees.shift() ?? begin);
        if (free > 0) free--;
        last = Math.max(last, start);
        // ours free in turn, a window after each goes (its answer's time is not known here)
        frees.push(start + window);
        frees.sort((a, b) => a - b);
      }
      return last - now;
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

/** Drops waiters whose process died or that stopped asking (a waiter asks again at least once a window). */
function pruneWaiting(e: EndpointRecord, now: number, windowMs: number, holderAlive: (id: string) => boolean): void {
  if (!e.waiting) return;
  e.waiting = e.waiting.filter((w) => now - w.seen <= 2 * windowMs + 30_000 && w.seen <= now + 1_000 && holderAlive(w.id));
  if (e.waiting.length === 0) delete e.waiting;
}

/** Local HH:MM (the user reads it against the clock on the wall). */
export function clockTime(at: number): string {
  const d = new Date(at);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}
