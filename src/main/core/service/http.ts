/**
 * Sending one operation: builds the request (spec conventions: GET with query parameters, POST as form data,
 * booleans as lowercase `true`/`false`, optional parameters only when given), paces it through the limiter, and
 * reads the answer through ./envelope.ts.
 *
 * Retries: reads are retried per policy on network errors, 429/7209 (after Retry-After) and 5xx. Writes are never
 * retried here: a lost answer leaves the outcome unknown, and only the outbox can reconcile that without creating
 * duplicates (real-service-notes "Pitfalls"). The one exception is an invalid token (7202): nothing was applied,
 * so the request is sent once more with a refreshed token.
 *
 * The token goes into the Authorization header and nowhere else: never into a URL, a log line or an error message.
 */
import { AuthError, RateLimitedError, ServerError, NetworkError } from './errors';
import { readAnswer, parseRetryAfter, type RawAnswer, type Unwrapped, CODE_INVALID_TOKEN } from './envelope';
import type { Limiter } from './limiter';
import { networkErrorFrom } from './network-failure';
import { backoffDelay, rateRuleFor } from './policy';
import type { ClientPolicy } from './types';

export type ParamValue = string | number | boolean | undefined | null;
export type Params = Record<string, ParamValue>;

export interface TransportOptions {
  baseUrl: string;
  getToken: () => Promise<string>;
  onInvalidToken?: () => Promise<string>;
  authScheme: 'Zoho-oauthtoken' | 'Bearer';
  policy: ClientPolicy;
  limiter: Limiter;
  fetch: typeof fetch;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  random?: () => number;
}

export interface Transport {
  /** `endpoint` is the path after `/api/`, e.g. `timetracker/gettimesheet`. */
  read(endpoint: string, params?: Params): Promise<Unwrapped>;
  write(endpoint: string, params?: Params): Promise<Unwrapped>;
}

/** Only the parameters that were given, as the wire's strings (spec: booleans are lowercase `true`/`false`). */
export function wireParams(params: Params): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue;
    out.push([k, typeof v === 'boolean' ? (v ? 'true' : 'false') : String(v)]);
  }
  return out;
}

export function apiUrl(baseUrl: string, endpoint: string): URL {
  return new URL(`${baseUrl.replace(/\/+$/, '')}/api/${endpoint.replace(/^\/+/, '')}`);
}

export function createTransport(opts: TransportOptions): Transport {
  const { policy, limiter } = opts;
  let refreshing: Promise<string> | null = null;
  /** The token the last refresh returned: a request refused with an older one just uses it, without a new refresh. */
  let lastRefreshed: string | undefined;

  /**
   * Concurrent 7202 answers share one refresh (real-service-notes: a refresh token may mint only 10 access tokens
   * per 10 minutes, so never refresh per request).
   */
  function refreshToken(refusedToken: string): Promise<string> {
    if (lastRefreshed !== undefined && lastRefreshed !== refusedToken && !refreshing) return Promise.resolve(lastRefreshed);
    refreshing ??= opts.onInvalidToken!().then((t) => { lastRefreshed = t; return t; }).finally(() => { refreshing = null; });
    return refreshing;
  }

  async function sendOnce(method: 'GET' | 'POST', endpoint: string, params: Params, token: string): Promise<RawAnswer> {
    const url = apiUrl(opts.baseUrl, endpoint);
    const headers: Record<string, string> = { Authorization: `${opts.authScheme} ${token}`, Accept: 'application/json' };
    let body: string | undefined;
    if (method === 'GET') {
      for (const [k, v] of wireParams(params)) url.searchParams.append(k, v);
    } else {
      headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
      body = new URLSearchParams(wireParams(params)).toString();
    }
    const res = await opts.fetch(url, { method, headers, body, signal: AbortSignal.timeout(policy.timeoutMs) });
    const text = await res.text();
    return { status: res.status, retryAfter: res.headers.get('retry-after'), text };
  }

  async function send(method: 'GET' | 'POST', endpoint: string, params: Params): Promise<Unwrapped> {
    const write = method === 'POST';
    const rule = rateRuleFor(policy, endpoint);
    let token = await opts.getToken();
    let refreshed = false;
    let retries = 0;
    const mayRetryRead = () => !write && retries < policy.readRetries;
    for (;;) {
      // a write fails fast rather than wait long for room (nothing sent: the outbox keeps it queued); a read waits
      const slot = await limiter.acquire(endpoint, rule, write ? { maxWaitMs: policy.maxPacingWaitMs } : undefined);
      let answer: RawAnswer | undefined;
      let failure: NetworkError | undefined;
      try {
        answer = await sendOnce(method, endpoint, params, token);
      } catch (err) {
        failure = networkErrorFrom(err, endpoint, policy.timeoutMs);
      } finally {
        slot.done();
      }
      if (!answer) {
        if (mayRetryRead()) { retries++; await opts.sleep(backoffDelay(policy, retries, opts.random)); continue; }
        throw failure;
      }
      try {
        return readAnswer(answer, endpoint, write, opts.now);
      } catch (err) {
        if (err instanceof AuthError && err.code === CODE_INVALID_TOKEN && !refreshed && opts.onInvalidToken) {
          refreshed = true;
          token = await refreshToken(token);
          continue;
        }
        if (err instanceof RateLimitedError) {
          // Retry-After is authoritative; the pause holds every request of this endpoint, not only this one
          limiter.pause(endpoint, err.retryAfterMs);
          if (mayRetryRead() && err.retryAfterMs <= policy.backoffMaxMs) { retries++; continue; }
          throw err;
        }
        if (err instanceof ServerError && mayRetryRead()) {
          // a 503 may say when to come back; Retry-After is authoritative when present (and not absurdly long)
          const told = parseRetryAfter(answer.retryAfter, opts.now);
          if (told !== undefined && told > policy.backoffMaxMs) throw err;
          retries++;
          await opts.sleep(told ?? backoffDelay(policy, retries, opts.random));
          continue;
        }
        throw err;
      }
    }
  }

  return {
    read: (endpoint, params = {}) => send('GET', endpoint, params),
    write: (endpoint, params = {}) => send('POST', endpoint, params),
  };
}
