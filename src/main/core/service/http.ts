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
import type { CallOptions, ClientPolicy } from './types';

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
  /**
   * `endpoint` is the path after `/api/`, e.g. `timetracker/gettimesheet`. `call` (optional): a caller's signal and
   * deadline for the whole call, retries included, and a per-attempt timeout instead of the policy's.
   */
  read(endpoint: string, params?: Params, call?: CallOptions): Promise<Unwrapped>;
  write(endpoint: string, params?: Params, call?: CallOptions): Promise<Unwrapped>;
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

  /** One attempt. A failure is already a NetworkError (applied as known for this method and phase). */
  async function sendOnce(method: 'GET' | 'POST', endpoint: string, params: Params, token: string, timeoutMs: number, signal?: AbortSignal): Promise<RawAnswer> {
    const url = apiUrl(opts.baseUrl, endpoint);
    const headers: Record<string, string> = { Authorization: `${opts.authScheme} ${token}`, Accept: 'application/json' };
    let body: string | undefined;
    if (method === 'GET') {
      for (const [k, v] of wireParams(params)) url.searchParams.append(k, v);
    } else {
      headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
      body = new URLSearchParams(wireParams(params)).toString();
    }
    const timeout = AbortSignal.timeout(Math.max(1, timeoutMs));
    const ctx = { write: method === 'POST' };
    // never follow a redirect: the service's API does not redirect, a Wi-Fi sign-in page does (and must not get the token)
    let res: Response;
    try {
      res = await opts.fetch(url, { method, headers, body, redirect: 'manual', signal: signal ? AbortSignal.any([timeout, signal]) : timeout });
    } catch (err) {
      throw networkErrorFrom(err, endpoint, timeoutMs, ctx);
    }
    let text: string;
    try {
      text = await res.text();
    } catch (err) {
      throw networkErrorFrom(err, endpoint, timeoutMs, { ...ctx, phase: 'body' });
    }
    return { status: res.status, retryAfter: res.headers.get('retry-after'), contentType: res.headers.get('content-type'), text };
  }

  async function send(method: 'GET' | 'POST', endpoint: string, params: Params, call: CallOptions = {}): Promise<Unwrapped> {
    const write = method === 'POST';
    const rule = rateRuleFor(policy, endpoint);
    const attemptMs = call.timeoutMs ?? policy.timeoutMs;
    /** ms left before the caller's deadline (Infinity without one). */
    const left = () => (call.deadline === undefined ? Number.POSITIVE_INFINITY : call.deadline - opts.now());
    const gaveUp = () => call.signal?.aborted === true || left() <= 0;
    /** The deadline ran out (or the caller aborted) before this attempt left: nothing was sent. */
    const notSent = () => new NetworkError(
      `Gave up on ${endpoint} before sending it: the time allowed for it ran out (the service did not answer in time). Nothing was sent.`,
      'no', { kind: 'timeout' },
    );
    let token = await opts.getToken();
    let refreshed = false;
    let retries = 0;
    const mayRetryRead = (waitMs = 0) => !write && retries < policy.readRetries && left() > waitMs && !call.signal?.aborted;
    for (;;) {
      if (gaveUp()) throw notSent();
      const slot = await limiter.acquire(endpoint, rule);
      let answer: RawAnswer | undefined;
      let failure: NetworkError | undefined;
      try {
        if (gaveUp()) throw notSent(); // a long pacing wait used up the caller's time
        answer = await sendOnce(method, endpoint, params, token, Math.min(attemptMs, left()), call.signal);
      } catch (err) {
        failure = err instanceof NetworkError ? err : networkErrorFrom(err, endpoint, attemptMs, { write });
      } finally {
        slot.done();
      }
      if (!answer) {
        const wait = backoffDelay(policy, retries + 1, opts.random);
        if (mayRetryRead(wait) && worthRetrying(failure!)) { retries++; await opts.sleep(wait); continue; }
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
          if (mayRetryRead(err.retryAfterMs) && err.retryAfterMs <= policy.backoffMaxMs) { retries++; continue; }
          throw err;
        }
        if (err instanceof ServerError && mayRetryRead()) {
          // a 503 may say when to come back; Retry-After is authoritative when present (and not absurdly long)
          const told = parseRetryAfter(answer.retryAfter, opts.now);
          if (told !== undefined && told > policy.backoffMaxMs) throw err;
          const wait = told ?? backoffDelay(policy, retries + 1, opts.random);
          if (wait >= left()) throw err;
          retries++;
          await opts.sleep(wait);
          continue;
        }
        if (err instanceof NetworkError && worthRetrying(err)) {
          const wait = backoffDelay(policy, retries + 1, opts.random);
          if (mayRetryRead(wait)) { retries++; await opts.sleep(wait); continue; }
        }
        throw err;
      }
    }
  }

  return {
    read: (endpoint, params = {}, call) => send('GET', endpoint, params, call),
    write: (endpoint, params = {}, call) => send('POST', endpoint, params, call),
  };
}

/**
 * Reads are retried on network failures, except an answer that was not the service's below HTTP 500 (a Wi-Fi sign-in
 * page answers the same way every time; a gateway's 502 may pass).
 */
function worthRetrying(e: NetworkError): boolean {
  return e.kind !== 'not-the-service' || (e.httpStatus !== undefined && e.httpStatus >= 500);
}
