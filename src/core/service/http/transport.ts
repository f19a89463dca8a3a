/**
 * Sending one operation: builds the request (spec conventions: GET with query parameters, POST as form data,
 * booleans as lowercase `true`/`false`, optional parameters only when given), paces it through the limiter, and
 * reads the answer through ../wire/envelope.ts.
 *
 * Retries: reads are retried per policy on network errors, 429/7209 (after Retry-After) and 5xx. Writes are never
 * retried here: a lost answer leaves the outcome unknown, and only the outbox can reconcile that without creating
 * duplicates (real-service-notes "Pitfalls"). The one exception is an invalid token (7202): nothing was applied,
 * so the request is sent once more with a refreshed token.
 *
 * One attempt (the request as the spec's conventions build it, its timeout, the raw answer): ./request.ts.
 */
import type { Clock } from '../../clock';
import { AuthError, RateLimitedError, ServerError, NetworkError } from '../errors';
import { readAnswer, parseRetryAfter, type RawAnswer, type Unwrapped, CODE_INVALID_TOKEN } from '../wire/envelope';
import type { Limiter } from '../pacing/limiter';
import { networkErrorFrom } from './network-failure';
import { sendOnce, type Params } from './request';
import { doingSaid } from '../words';
import { failureWords } from '../failure-words';
import { backoffDelay, rateRuleFor, writeTimeoutOf } from '../pacing/policy';
import { narrowCall, ranOut } from './call-options';
import type { CallOptions, ClientPolicy } from '../types';

export type { CallOptions } from '../types';

export interface TransportOptions {
  baseUrl: string;
  getToken: () => Promise<string>;
  onInvalidToken?: () => Promise<string>;
  authScheme: 'Zoho-oauthtoken' | 'Bearer';
  policy: ClientPolicy;
  limiter: Limiter;
  fetch: typeof fetch;
  /** The wall clock (Retry-After dates) and the timers: pacing waits, pauses between attempts, attempt timeouts, deadlines. */
  clock: Clock;
  random?: () => number;
}

export interface Transport {
  /** `endpoint` is the path after `/api/`, e.g. `timetracker/gettimesheet`. */
  read(endpoint: string, params?: Params, call?: CallOptions): Promise<Unwrapped>;
  write(endpoint: string, params?: Params, call?: CallOptions): Promise<Unwrapped>;
}

/**
 * A call's limits as the transport keeps them: one `CallOptions` with `withinMs` already counted into `deadline`
 * (./call-options.ts `narrowCall`).
 */
type Limits = Omit<CallOptions, 'withinMs'>;

/** The cause of a call given up before it was sent because its deadline could not be met (says nothing about the network). */
export const NOT_SENT_IN_TIME = 'NotSentInTime';

export function createTransport(opts: TransportOptions): Transport {
  const { policy, limiter, clock } = opts;
  let refreshing: Promise<string> | null = null;
  /** The token the last refresh returned: a request refused with an older one just uses it, without a new refresh. */
  let lastRefreshed: string | undefined;

  /**
   * Concurrent 7202 answers share one refresh (real-service-notes: a refresh token may mint only 10 access tokens
   * per 10 minutes, so never refresh per request).
   */
  function refreshToken(refusedToken: string): Promise<string> {
    if (lastRefreshed !== undefined && lastRefreshed !== refusedToken && !refreshing) return Promise.resolve(lastRefreshed);
    refreshing ??= opts.onInvalidToken!()
      .then((t) => {
        lastRefreshed = t;
        return t;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  /**
   * A place in the limiter's window, given up (and handed back at once when it comes) if the deadline passes or the
   * caller aborts first.
   */
  async function acquireBy(
    endpoint: string,
    rule: ReturnType<typeof rateRuleFor>,
    ms: number,
    maxWaitMs: number | undefined,
    signal: AbortSignal | undefined,
  ) {
    const acquiring = limiter.acquire(endpoint, rule, maxWaitMs === undefined ? undefined : { maxWaitMs });
    if (ms === Infinity && !signal) return acquiring;
    let timer: ReturnType<Clock['setTimeout']> | undefined;
    let stop: (() => void) | undefined;
    const late = new Promise<undefined>((done) => {
      if (ms !== Infinity) timer = clock.setTimeout(() => done(undefined), Math.max(0, Math.ceil(ms)));
      stop = () => done(undefined);
      signal?.addEventListener('abort', stop, { once: true });
    });
    const slot = await Promise.race([acquiring, late]).finally(() => {
      clock.clearTimeout(timer);
      signal?.removeEventListener('abort', stop!);
    });
    if (slot) return slot;
    acquiring.then(
      (s) => s.done(),
      () => undefined,
    );
    if (signal?.aborted && !ranOut(signal)) throw notSentCancelled(endpoint);
    throw notSentInTime(endpoint, 'pacing');
  }

  /** A pause between read attempts, cut short when the caller aborts (the next check says so). */
  const pause = (ms: number, signal: AbortSignal | undefined): Promise<void> => clock.sleep(ms, signal);

  /** The deadline ran out before this attempt left: nothing was sent. */
  function notSentInTime(endpoint: string, why: 'pacing' | 'too-long'): NetworkError {
    const words = failureWords.gaveUp(doingSaid(endpoint), why);
    return new NetworkError(words, 'no', {
      kind: 'timeout',
      cause: Object.assign(new Error(why), { name: NOT_SENT_IN_TIME }),
    });
  }

  /** The caller aborted before this attempt left: nothing was sent (says nothing about the network either). */
  function notSentCancelled(endpoint: string): NetworkError {
    return new NetworkError(failureWords.stoppedBefore(doingSaid(endpoint)), 'no', {
      kind: 'cancelled',
      cause: Object.assign(new Error('it was cancelled'), { name: NOT_SENT_IN_TIME }),
    });
  }

  async function send(method: 'GET' | 'POST', endpoint: string, params: Params, given?: CallOptions): Promise<Unwrapped> {
    const write = method === 'POST';
    const rule = rateRuleFor(policy, endpoint);
    // the caller's limits, passed down explicitly (a client method has already counted its `withinMs` from its start)
    const call: Limits = narrowCall(clock, given);
    // the call's own limit shortens the policy's, never lengthens it (a test's 1.5 s client stays 1.5 s in an action)
    const attemptMs = Math.min(call.timeoutMs ?? Number.POSITIVE_INFINITY, write ? writeTimeoutOf(policy) : policy.timeoutMs);
    /** ms left before the deadline (Infinity without one). */
    const left = () => (call.deadline === undefined ? Number.POSITIVE_INFINITY : call.deadline - clock.elapsed());
    const gaveUp = () => {
      if (call.signal?.aborted) throw ranOut(call.signal) ? notSentInTime(endpoint, 'too-long') : notSentCancelled(endpoint);
      if (left() <= 0) throw notSentInTime(endpoint, 'too-long');
    };
    let token = await opts.getToken();
    let refreshed = false;
    let retries = 0;
    const mayRetryRead = (waitMs = 0) =>
      !write && retries < (call.readRetries ?? policy.readRetries) && left() > waitMs && !call.signal?.aborted;
    for (;;) {
      gaveUp();
      // a write fails fast rather than wait long for room (nothing sent: the outbox keeps it queued); a read waits
      const slot = await acquireBy(endpoint, rule, left(), write ? policy.maxPacingWaitMs : undefined, call.signal);
      let answer: RawAnswer | undefined;
      let failure: NetworkError | undefined;
      /** The request may have left (fetch was called); until then nothing can reach the service. */
      let sent = false;
      try {
        gaveUp(); // a long pacing wait used up the caller's time (or the caller gave up meanwhile)
        sent = true;
        answer = await sendOnce(opts, method, endpoint, params, token, Math.max(1, Math.ceil(Math.min(attemptMs, left()))), call.signal);
      } catch (err) {
        failure = err instanceof NetworkError ? err : networkErrorFrom(err, endpoint, attemptMs, { write });
      } finally {
        // no answer to a request that may have left: the service may still count it (the limiter keeps its place)
        slot.done({ unanswered: !answer && sent && mayHaveLeft(failure) });
      }
      if (!answer) {
        const wait = backoffDelay(policy, retries + 1, opts.random);
        if (mayRetryRead(wait) && worthRetrying(failure!)) {
          retries++;
          await pause(wait, call.signal);
          continue;
        }
        throw failure;
      }
      try {
        return readAnswer(answer, endpoint, write, clock.now);
      } catch (err) {
        if (err instanceof AuthError && err.code === CODE_INVALID_TOKEN && !refreshed && opts.onInvalidToken) {
          refreshed = true;
          token = await refreshToken(token);
          continue;
        }
        if (err instanceof RateLimitedError) {
          // Retry-After is authoritative; the pause holds every request of this endpoint, not only this one
          limiter.pause(endpoint, err.retryAfterMs);
          if (mayRetryRead(err.retryAfterMs) && err.retryAfterMs <= policy.backoffMaxMs) {
            retries++;
            continue;
          }
          throw err;
        }
        if (err instanceof ServerError && mayRetryRead()) {
          // a 503 may say when to come back; Retry-After is authoritative when present (and not absurdly long)
          const told = parseRetryAfter(answer.retryAfter, clock.now);
          if (told !== undefined && told > policy.backoffMaxMs) throw err;
          const wait = told ?? backoffDelay(policy, retries + 1, opts.random);
          if (wait >= left()) throw err;
          retries++;
          await pause(wait, call.signal);
          continue;
        }
        if (err instanceof NetworkError && worthRetrying(err)) {
          const wait = backoffDelay(policy, retries + 1, opts.random);
          if (mayRetryRead(wait)) {
            retries++;
            await pause(wait, call.signal);
            continue;
          }
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
 * A failure after which the request may still reach the service: anything but a connection never made (refused, no
 * such host, a connect timeout, a certificate not the service's). A read stopped by its caller counts as "may have
 * left" although it changed nothing (its `applied` is 'no'): the service still counts it against the window.
 */
function mayHaveLeft(e: NetworkError | undefined): boolean {
  return e === undefined || e.kind === 'cancelled' || e.applied !== 'no';
}

/**
 * Reads are retried on network failures, except an answer that was not the service's below HTTP 500 (a Wi-Fi sign-in
 * page answers the same way every time; a gateway's 502 may pass).
 */
function worthRetrying(e: NetworkError): boolean {
  return e.kind !== 'not-the-service' || (e.httpStatus !== undefined && e.httpStatus >= 500);
}
