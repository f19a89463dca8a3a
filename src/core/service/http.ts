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
import { AsyncLocalStorage } from 'node:async_hooks';
import { AuthError, RateLimitedError, ServerError, NetworkError } from './errors';
import { readAnswer, parseRetryAfter, type RawAnswer, type Unwrapped, CODE_INVALID_TOKEN } from './envelope';
import type { Limiter } from './limiter';
import { networkErrorFrom } from './network-failure';
import { doingWords } from './words';
import { backoffDelay, rateRuleFor, writeTimeoutOf } from './policy';
import type { CallOptions, ClientPolicy } from './types';

export type { CallOptions } from './types';

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
  read(endpoint: string, params?: Params, call?: CallOptions): Promise<Unwrapped>;
  write(endpoint: string, params?: Params, call?: CallOptions): Promise<Unwrapped>;
}

/** Deadlines are elapsed real time (monotonic), whatever clock the caller or the transport is given. */
const monotonic = () => performance.now();

/** A call's limits as the transport keeps them: the deadline on the monotonic clock. */
interface Scope { deadline?: number; readRetries?: number; signal?: AbortSignal; timeoutMs?: number }
const callScope = new AsyncLocalStorage<Scope>();

/**
 * Runs `fn` with `opts` applied to every request it makes: one deadline for the whole scope (an enclosing scope's
 * earlier deadline holds), the innermost scope's retries and signal.
 */
export function withCallOptions<T>(opts: CallOptions, fn: () => Promise<T>): Promise<T> {
  const outer = callScope.getStore();
  const scope: Scope = { ...outer, ...resolve(opts) };
  if (outer?.deadline !== undefined && scope.deadline !== undefined) scope.deadline = Math.min(outer.deadline, scope.deadline);
  return callScope.run(scope, fn);
}

/**
 * Runs `fn` outside any call-options scope: work that merely starts during a bounded read (the sync engine woken by
 * its answer) must not inherit that read's deadline, least of all for a write.
 */
export function withoutCallOptions<T>(fn: () => T): T {
  return callScope.exit(fn);
}

/**
 * A caller's options on the monotonic clock. `withinMs` counts from now; an epoch `deadline` (on the client's clock,
 * `clockNow`) becomes the same distance from now. The earlier of the two holds.
 */
function resolve(opts: CallOptions | undefined, clockNow: () => number = Date.now): Scope {
  if (!opts) return {};
  const { withinMs, deadline, ...rest } = opts;
  const ends = [
    ...(withinMs !== undefined ? [monotonic() + withinMs] : []),
    ...(deadline !== undefined ? [monotonic() + (deadline - clockNow())] : []),
  ];
  return { ...rest, ...(ends.length ? { deadline: Math.min(...ends) } : {}) };
}

/** The cause of a call given up before it was sent because its deadline could not be met (says nothing about the network). */
export const NOT_SENT_IN_TIME = 'NotSentInTime';

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

  /** A place in the limiter's window, given up (and handed back at once when it comes) if the deadline passes first. */
  async function acquireBy(endpoint: string, rule: ReturnType<typeof rateRuleFor>, ms: number, maxWaitMs?: number) {
    const acquiring = limiter.acquire(endpoint, rule, maxWaitMs === undefined ? undefined : { maxWaitMs });
    if (ms === Infinity) return acquiring;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((done) => { timer = setTimeout(() => done(undefined), Math.max(0, Math.ceil(ms))); });
    const slot = await Promise.race([acquiring, late]).finally(() => clearTimeout(timer));
    if (slot) return slot;
    acquiring.then((s) => s.done(), () => undefined);
    throw notSentInTime(endpoint, 'Punchcard paces its requests so that the service does not lock it out');
  }

  /** The deadline ran out (or the caller aborted) before this attempt left: nothing was sent. */
  function notSentInTime(endpoint: string, why: string): NetworkError {
    return new NetworkError(
      `Gave up before ${doingWords(endpoint)}: no time was left (${why}). Nothing was sent.`, 'no',
      { kind: 'timeout', cause: Object.assign(new Error(why), { name: NOT_SENT_IN_TIME }) },
    );
  }

  async function send(method: 'GET' | 'POST', endpoint: string, params: Params, explicit?: CallOptions): Promise<Unwrapped> {
    const write = method === 'POST';
    const rule = rateRuleFor(policy, endpoint);
    // the enclosing action's limits (withCallOptions), narrowed by this call's own: the earlier deadline holds
    const scoped = callScope.getStore();
    const call: Scope = { ...scoped, ...resolve(explicit, opts.now) };
    if (scoped?.deadline !== undefined && call.deadline !== undefined) call.deadline = Math.min(scoped.deadline, call.deadline);
    // the call's own limit shortens the policy's, never lengthens it (a test's 1.5 s client stays 1.5 s in an action)
    const attemptMs = Math.min(call.timeoutMs ?? Number.POSITIVE_INFINITY, write ? writeTimeoutOf(policy) : policy.timeoutMs);
    /** ms left before the deadline (Infinity without one). */
    const left = () => (call.deadline === undefined ? Number.POSITIVE_INFINITY : call.deadline - monotonic());
    const gaveUp = () => call.signal?.aborted === true || left() <= 0;
    let token = await opts.getToken();
    let refreshed = false;
    let retries = 0;
    const mayRetryRead = (waitMs = 0) => !write && retries < (call.readRetries ?? policy.readRetries) && left() > waitMs && !call.signal?.aborted;
    for (;;) {
      if (gaveUp()) throw notSentInTime(endpoint, call.signal?.aborted ? 'it was cancelled' : 'it took too long');
      // a write fails fast rather than wait long for room (nothing sent: the outbox keeps it queued); a read waits
      const slot = await acquireBy(endpoint, rule, left(), write ? policy.maxPacingWaitMs : undefined);
      let answer: RawAnswer | undefined;
      let failure: NetworkError | undefined;
      try {
        if (gaveUp()) throw notSentInTime(endpoint, 'it took too long'); // a long pacing wait used up the caller's time
        answer = await sendOnce(method, endpoint, params, token, Math.max(1, Math.ceil(Math.min(attemptMs, left()))), call.signal);
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
