/**
 * Pacing and retry policy as data (STYLE: "Retry and pacing policy is data with documented defaults").
 * The numbers come from real-service-notes "Rate limits" and spec 8; the client reads them only through
 * `resolvePolicy` and `rateRuleFor`, so a caller can override any of them per account or per test.
 */
import type { CallOptions, ClientPolicy, RateRule } from '../types';

const MINUTE = 60_000;

/** A rule that never makes a caller wait (the local sandbox has no lock-out unless a test switches one on). */
export const UNPACED: RateRule = Object.freeze({ limit: Number.POSITIVE_INFINITY, windowMs: MINUTE });

/** spec 8: page size maximum 200 for gettimesheet, getjobs and the employee view. */
export const MAX_PAGE_SIZE = 200;

/** The real service's documented limits: pace below them so its 5-minute lock-out (7209) never happens. */
export const DEFAULT_POLICY: Readonly<ClientPolicy> = Object.freeze({
  // real-service-notes: "about 20 requests per minute each" timetracker endpoint
  timetrackerRate: { limit: 20, windowMs: MINUTE },
  // real-service-notes: "Forms: reads about 400/min, updateRecord about 300/min, insertRecord about 100/min"
  formsReadRate: { limit: 400, windowMs: MINUTE },
  formsInsertRate: { limit: 100, windowMs: MINUTE },
  formsUpdateRate: { limit: 300, windowMs: MINUTE },
  perEndpoint: {},
  readRetries: 3,
  backoffBaseMs: 500,
  /** Also the longest pause (Retry-After, lock-out) a call waits out; a longer one fails fast with RateLimitedError. */
  backoffMaxMs: 10_000,
  timeoutMs: 30_000,
  /**
   * A write's own attempt is shorter than a read's. A write's answer is one small object (an id, "done"); the service
   * commits it or not within a second or two, so a write unanswered after 10 s is almost surely lost in the network (a
   * black hole, a stalled proxy), not being worked on. Waiting 30 s for it held the sync engine, and the user's
   * entry sat "sending" that long after the network came back. At 10 s it becomes "maybe sent" and is reconciled
   * through the service's own records (the time log list, the log, the week) as soon as the service answers, which is
   * safe whatever happened to it. A read keeps 30 s: a page of 200 records can take that long, and it changes nothing.
   */
  writeTimeoutMs: 10_000,
  /**
   * A write that would wait longer than this for room in its window fails fast instead (nothing sent): the outbox
   * keeps the entry queued (not "sending", maybe sent) and its engine comes back when there is room; a `punch`
   * process answers "queued" and ends instead of holding a write for up to a minute. Reads wait: failing one would
   * lose its answer.
   */
  maxPacingWaitMs: 10_000,
  pageSize: MAX_PAGE_SIZE,
});

/**
 * A user action that writes and that the user waits for (submit a week, approve or reject, delete a timesheet, add or
 * change an employee): the whole action, its reads (the week before and after, the probe) and its write, within 12 s,
 * no read retries inside; the write's own attempt at most 7 s, so that when its answer is lost the read that settles
 * what happened (a submit: the week, pending or not) still has about 5 s. The user sees an answer within 15 s whatever
 * the network does (docs/outbox.md "Deadlines"). Background writes (the outbox) are not user actions: they keep the
 * policy's `writeTimeoutMs`.
 */
export const ACTION_WRITE: Readonly<CallOptions> = Object.freeze({ withinMs: 12_000, timeoutMs: 7_000, readRetries: 0 });

/** A write's attempt timeout under `policy`: its `writeTimeoutMs`, never above the per-request `timeoutMs`. */
export function writeTimeoutOf(policy: ClientPolicy): number {
  return Math.min(policy.timeoutMs, policy.writeTimeoutMs ?? policy.timeoutMs);
}

/**
 * The local demo: no pacing, a quicker first backoff (the sandbox is on the same machine). backoffMaxMs stays at 10 s
 * because it is also the longest Retry-After a read waits out before giving up with RateLimitedError.
 */
export const SANDBOX_POLICY: Readonly<ClientPolicy> = Object.freeze({
  ...DEFAULT_POLICY,
  timetrackerRate: UNPACED,
  formsReadRate: UNPACED,
  formsInsertRate: UNPACED,
  formsUpdateRate: UNPACED,
  backoffBaseMs: 100,
  timeoutMs: 15_000,
});

/** Merges overrides over the defaults; the page size is clamped to 1..200 (spec 8: larger values are reduced). */
export function resolvePolicy(overrides: Partial<ClientPolicy> = {}, base: Readonly<ClientPolicy> = DEFAULT_POLICY): ClientPolicy {
  const merged: ClientPolicy = { ...base, ...overrides, perEndpoint: { ...base.perEndpoint, ...overrides.perEndpoint } };
  merged.pageSize = clampPageSize(merged.pageSize);
  merged.readRetries = Math.max(0, Math.floor(merged.readRetries));
  return merged;
}

export function clampPageSize(size: number | undefined): number {
  if (size === undefined || !Number.isFinite(size)) return MAX_PAGE_SIZE;
  return Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(size)));
}

/**
 * The rate rule of one endpoint. `endpoint` is the path without `/api/`, e.g. `timetracker/addtimelog` or
 * `forms/json/P_Employee/insertRecord`. The service counts per endpoint, so each key gets its own window.
 */
export function rateRuleFor(policy: ClientPolicy, endpoint: string): RateRule {
  const override = policy.perEndpoint[endpoint];
  if (override) return override;
  if (endpoint.startsWith('forms/')) {
    if (endpoint.endsWith('/insertRecord')) return policy.formsInsertRate;
    if (endpoint.endsWith('/updateRecord')) return policy.formsUpdateRate;
    return policy.formsReadRate;
  }
  return policy.timetrackerRate;
}

/**
 * Wait before retry number `retry` (1-based) of a read: exponential from the base, capped, with "equal jitter"
 * (half fixed, half random) so many clients that failed together do not come back together.
 */
export function backoffDelay(policy: ClientPolicy, retry: number, random: () => number = Math.random): number {
  const exp = Math.min(policy.backoffMaxMs, policy.backoffBaseMs * 2 ** Math.max(0, retry - 1));
  return Math.round(exp / 2 + (exp / 2) * random());
}
