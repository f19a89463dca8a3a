/**
 * Rate limits per endpoint per token with lock-out (real-service-notes "Rate limits"): a sliding window of request
 * times; the request that exceeds the limit locks the endpoint for `lockoutMs` (7209), and requests during the
 * lock-out are refused without counting. Windows are configurable so tests run in seconds.
 */
import { ApiError } from './envelope';
import type { RateLimitOptions, RateRule } from './types';

export type RateClass = 'timetracker' | 'formsRead' | 'formsInsert' | 'formsUpdate';

/** wire-format.md "Rate limits": defaults when enabled. */
export const DEFAULT_RATES: Required<RateLimitOptions> = {
  timetracker: { limit: 20, windowMs: 60_000 },
  formsRead: { limit: 400, windowMs: 60_000 },
  formsInsert: { limit: 100, windowMs: 60_000 },
  formsUpdate: { limit: 300, windowMs: 60_000 },
  lockoutMs: 5 * 60_000,
};

interface Bucket {
  hits: number[];
  lockedUntil: number;
}

export class RateLimiter {
  private rules: Required<RateLimitOptions> | null = null;
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    opts: false | RateLimitOptions | undefined,
    private readonly now: () => number = Date.now,
  ) {
    this.configure(opts);
  }

  /** Changing the limits starts every window afresh. */
  configure(opts: false | RateLimitOptions | undefined): void {
    this.rules = opts ? { ...DEFAULT_RATES, ...opts } : null;
    this.buckets.clear();
  }

  /** Counts a request; throws 7209 when the endpoint is (or becomes) locked for this token. */
  admit(token: string, endpoint: string, cls: RateClass): void {
    if (!this.rules) return;
    const rule: RateRule = this.rules[cls];
    const key = `${token}\u0000${endpoint}`;
    const t = this.now();
    const bucket = this.buckets.get(key) ?? { hits: [], lockedUntil: 0 };
    this.buckets.set(key, bucket);
    if (bucket.lockedUntil > t) throw this.lockedError(endpoint, bucket.lockedUntil - t);
    bucket.hits = bucket.hits.filter((h) => h > t - rule.windowMs);
    if (bucket.hits.length >= rule.limit) {
      bucket.lockedUntil = t + this.rules.lockoutMs;
      bucket.hits = [];
      throw this.lockedError(endpoint, this.rules.lockoutMs);
    }
    bucket.hits.push(t);
  }

  private lockedError(endpoint: string, remainingMs: number): ApiError {
    const sec = Math.max(1, Math.ceil(remainingMs / 1000));
    return new ApiError(
      7209,
      `Access blocked: too many requests to ${endpoint}; this endpoint is locked for ${sec} s. Pace requests below the limit.`,
      { retryAfterSec: sec },
    );
  }
}
