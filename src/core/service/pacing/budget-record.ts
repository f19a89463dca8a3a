/**
 * The pacing budget's record (./limiter.ts waits on it): per endpoint, the places of recent requests, any pause the
 * service ordered, and the callers waiting; how long a place counts, and how the record is tidied.
 *
 * Sliding window, counted conservatively: a request occupies a place from the moment it is sent until one window
 * after its answer arrived (the service counted it somewhere in between, so this never undercounts however slow the
 * network). A request still in flight keeps its place until it ends (at most `inFlightMaxMs`: a holder that died
 * without saying so must not block the endpoint forever).
 *
 * Only an answer proves when the service counted a request. A request that left and ended WITHOUT one (its timeout,
 * often cut short by the caller's deadline; the caller or a closing engine aborting it; a broken connection) or whose
 * holder died before it (a `punch` that exited or was killed) may still be counted later: its bytes can sit in the
 * service's socket, and a busy service (the test sandbox in a lagging vitest worker, seconds under load) admits it
 * after the client gave up. Closing its place "now" let the next request in, and the late one made three in one
 * window: 429 (one of the two causes of a CI failure of rate-budget.test.ts; the other, two holders of the budget's
 * lock, is in store/file-lock.ts). So such a place stays counted as in flight until `inFlightMaxMs` after it was
 * sent, the longest any request of ours lives (its timeout plus a margin); this holds for a process that died too,
 * which can wait for nothing. Chosen over making a process wait at exit for its requests in flight: a crash or a kill
 * cannot wait, a dead network would hold every `punch` for its timeout, and the cost here is only a slower window
 * after a failure, never a burst.
 */
import type { RateRule } from '../../../shared/domain';

/** A few ms of slack so a request sent exactly one window later is not counted in the same window by the service. */
export const SLACK_MS = 5;
/** A clock that jumped: a pause further away than this is not believed (the daily cap is the longest honest one). */
export const MAX_PAUSE_MS = 24 * 60 * 60_000;
/** How long a lost record ("assume the window is full") is remembered: longer than any window. */
export const LOST_MEMORY_MS = 60 * 60_000;

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

/** Drops waiters whose process died or that stopped asking (a waiter asks again at least once a window). */
export function pruneWaiting(e: EndpointRecord, now: number, windowMs: number, holderAlive: (id: string) => boolean): void {
  if (!e.waiting) return;
  e.waiting = e.waiting.filter((w) => now - w.seen <= 2 * windowMs + 30_000 && w.seen <= now + 1_000 && holderAlive(w.id));
  if (e.waiting.length === 0) delete e.waiting;
}

/**
 * How long from `now` until the last of `count` more requests to `endpoint` could be sent, by `record` as it is (every
 * process's places, any pause), each request's place freeing one window after it is sent (Limiter.estimateMs).
 */
export function estimateIn(record: BudgetRecord, now: number, endpoint: string, rule: RateRule, count: number): number {
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
}

export type Decision =
  | { kind: 'book' }
  | { kind: 'paused'; ms: number }
  /** `local`: the place this caller waits for is held by a request of THIS limiter in flight (its end wakes it). */
  | { kind: 'full'; ms: number; local: boolean };

export const endpointOf = (record: BudgetRecord, endpoint: string): EndpointRecord => (record.endpoints[endpoint] ??= { places: [] });

/**
 * Under the store's lock (the caller's `update`): books a place for a request sent `now`, or says how long to wait.
 * Callers that must wait queue in the record (`waiting`, across processes): first come, first served, and each sleeps
 * until the place ITS turn needs frees, so a freed place wakes one waiter, not every process at once. `isMine`: is an
 * open place booked by the calling limiter (its end wakes the caller, ./limiter.ts).
 */
export function bookOrWait(
  record: BudgetRecord,
  endpoint: string,
  now: number,
  rule: RateRule,
  id: string,
  o: { inFlightMaxMs: number; holderAlive: (id: string) => boolean; isMine: (openId: string) => boolean },
): Decision {
  if (record.lostAt !== undefined && (now - record.lostAt > LOST_MEMORY_MS || record.lostAt > now)) delete record.lostAt;
  const e = endpointOf(record, endpoint);
  pruneEndpoint(e, now, rule.windowMs, o.inFlightMaxMs, o.holderAlive);
  pruneWaiting(e, now, rule.windowMs, o.holderAlive);
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
  return { kind: 'full', ms: rule.windowMs + SLACK_MS, local: open.length > 0 && open.every((p) => o.isMine(p.open!)) };
}
