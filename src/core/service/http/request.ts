/**
 * One attempt of a call: the request as the spec's conventions build it (GET with query parameters, POST as form data,
 * booleans as lowercase `true`/`false`, optional parameters only when given), sent with a timeout of the clock's, and
 * its answer as it came (./transport.ts reads it, paces and retries).
 *
 * The token goes into the Authorization header and nowhere else: never into a URL, a log line or an error message.
 */
import type { Clock } from '../../clock';
import type { RawAnswer } from '../wire/envelope';
import { ranOut } from './call-options';
import { cancelledInFlight, networkErrorFrom } from './network-failure';

export type ParamValue = string | number | boolean | undefined | null;
export type Params = Record<string, ParamValue>;

/** Where and how an attempt is sent (./transport.ts `TransportOptions`). */
export interface RequestTarget {
  baseUrl: string;
  authScheme: 'Zoho-oauthtoken' | 'Bearer';
  fetch: typeof fetch;
  clock: Clock;
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

/** One attempt. A failure is already a NetworkError (applied as known for this method and phase). */
export async function sendOnce(
  target: RequestTarget,
  method: 'GET' | 'POST',
  endpoint: string,
  params: Params,
  token: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<RawAnswer> {
  const url = apiUrl(target.baseUrl, endpoint);
  const headers: Record<string, string> = { Authorization: `${target.authScheme} ${token}`, Accept: 'application/json' };
  let body: string | undefined;
  if (method === 'GET') {
    for (const [k, v] of wireParams(params)) url.searchParams.append(k, v);
  } else {
    headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    body = new URLSearchParams(wireParams(params)).toString();
  }
  // the attempt's timeout is a timer of the clock (a test advances it), aborting like AbortSignal.timeout does; the
  // socket itself has no timeout of its own here (undici's, or node:http's for the built-in sandbox, are far longer)
  const timeout = new AbortController();
  const timer = target.clock.setTimeout(
    () => timeout.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
    Math.max(1, timeoutMs),
  );
  const ctx = { write: method === 'POST' };
  const began = target.clock.elapsed();
  // never follow a redirect: the service's API does not redirect, a Wi-Fi sign-in page does (and must not get the token)
  let res: Response;
  // the caller's signal ends the request in flight (fetch destroys its socket); the deadline's timer does the same. A
  // caller's signal whose time ran out is a deadline too: said as a timeout, after the time actually waited
  const failed = (err: unknown, phase: 'send' | 'body') => {
    if (!signal?.aborted || timeout.signal.aborted) return networkErrorFrom(err, endpoint, timeoutMs, { ...ctx, phase });
    if (!ranOut(signal)) return cancelledInFlight(endpoint, ctx.write, err);
    return networkErrorFrom(err, endpoint, target.clock.elapsed() - began, { ...ctx, phase });
  };
  let text: string;
  try {
    try {
      res = await target.fetch(url, {
        method,
        headers,
        body,
        redirect: 'manual',
        signal: signal ? AbortSignal.any([timeout.signal, signal]) : timeout.signal,
      });
    } catch (err) {
      throw failed(err, 'send');
    }
    try {
      text = await res.text();
    } catch (err) {
      throw failed(err, 'body');
    }
  } finally {
    target.clock.clearTimeout(timer);
  }
  return { status: res.status, retryAfter: res.headers.get('retry-after'), contentType: res.headers.get('content-type'), text };
}
