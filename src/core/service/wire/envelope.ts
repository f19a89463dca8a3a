/**
 * Reading the service's answer: unwrap the payload from any envelope style, or turn the answer into one of the
 * typed errors of ./errors.ts. docs/wire-format.md "Envelopes": `{result}` (spec style), `{response:{result,status}}`
 * (real style, errors with HTTP 200 and `status: 1`), and bare arrays (the employee view listing, spec 4.4).
 *
 * An answer that is not the service's (docs/wire-format.md "Answers that are not the service's") is a NetworkError of
 * kind 'not-the-service', never a success and never a refusal: an HTML page at any status (a gateway's 502, a Wi-Fi
 * sign-in page with HTTP 200), a redirect, a content type that is not JSON, and a 2xx whose body is not JSON or has
 * none of the service's envelope shapes.
 */
import { systemClock } from '../../clock';
import { AuthError, NetworkError, RateLimitedError, ServerError, ServiceError } from '../errors';
import { parseJsonLossless } from './json';
import { doingSaid, refusalField, refusalWords } from '../words';
import { failureWords } from '../failure-words';

/** real-service-notes "Rate limits": exceeding a limit locks the endpoint out for about 5 minutes (7209). */
export const LOCKOUT_MS = 5 * 60_000;

export const CODE_INVALID_TOKEN = 7202;
export const CODE_RATE_LIMITED = 7209;
export const CODE_PERMISSION_DENIED = 9000;

export interface RawAnswer {
  status: number;
  /** The Retry-After header as received, if any. */
  retryAfter: string | null;
  text: string;
  /** The Content-Type header as received; absent when unknown (then the body alone decides). */
  contentType?: string | null;
}

export interface Unwrapped {
  payload: unknown;
  /**
   * real style adds `isNextAvailable: true` on full list pages; a service may also say `false` (or "true" / "false" as
   * text). Absent when the answer does not say.
   */
  isNextAvailable?: boolean;
}

interface FoundError {
  code: number | undefined;
  message: string;
}

/**
 * Returns the payload or throws. `write` decides what a failure means: for a read nothing was applied; for a write
 * the request went out and the outcome is unknown (the outbox reconciles, it never blindly resends).
 */
export function readAnswer(answer: RawAnswer, endpoint: string, write: boolean, now: () => number = systemClock.now): Unwrapped {
  const { status } = answer;
  // the words name what was being done and what answered; the status, content type and endpoint stay in the fields
  const doing = doingSaid(endpoint);
  const notTheService = (what: Parameters<typeof failureWords.notTheService>[1]) =>
    new NetworkError(failureWords.notTheService(doing, what, write), 'unknown', { kind: 'not-the-service', httpStatus: status });
  if (looksLikeHtml(answer) && status >= 500)
    throw new NetworkError(failureWords.gatewayError(doing, write), 'unknown', { kind: 'not-the-service', httpStatus: status });
  if (looksLikeHtml(answer)) throw notTheService('page');
  if (!jsonish(answer.contentType)) throw notTheService('kind');
  if (status >= 300 && status < 400) throw notTheService('redirect');
  if (status >= 500) throw new ServerError(failureWords.serverError(doing), status, write ? 'unknown' : 'no');
  let body: unknown;
  let parsed = false;
  if (answer.text.trim() !== '') {
    try {
      body = parseJsonLossless(answer.text);
      parsed = true;
    } catch {
      /* handled below */
    }
  }
  const found = parsed ? findError(body) : undefined;
  if (found || status >= 400) {
    throw toTypedError(found ?? { code: undefined, message: '' }, answer, endpoint, now);
  }
  if (!parsed) throw notTheService(answer.text.trim() === '' ? 'empty' : 'other');
  if (!hasEnvelope(body, endpoint)) throw notTheService('shape');
  return unwrap(body);
}

/**
 * The service's shapes of a success: a bare array (the view listing), `{response: {...}}` (real style), `{result}`
 * (spec style), and for the forms operations a bare object (spec 4.4: insertRecord / updateRecord answer
 * `{pkId, message}`, getDataByID has its payload "possibly under result").
 */
function hasEnvelope(body: unknown, endpoint: string): boolean {
  if (Array.isArray(body)) return true;
  if (!isObject(body)) return false;
  if (isObject(body.response) || 'result' in body) return true;
  return endpoint.startsWith('forms/') && Object.keys(body).length > 0;
}

function looksLikeHtml(answer: RawAnswer): boolean {
  if (/html/i.test(answer.contentType ?? '')) return true;
  return /^\s*</.test(answer.text);
}

/** JSON, or no content type / plain text (then the body decides). */
function jsonish(contentType: string | null | undefined): boolean {
  if (contentType === undefined || contentType === null || contentType.trim() === '') return true;
  return /json|javascript|text\/plain/i.test(contentType);
}

/** `isNextAvailable` as the service wrote it: a boolean, or the words true / false; anything else says nothing. */
function withMore(u: Unwrapped, flag: unknown): Unwrapped {
  const more = flag === true || flag === 'true' ? true : flag === false || flag === 'false' ? false : undefined;
  return more === undefined ? u : { ...u, isNextAvailable: more };
}

function unwrap(body: unknown): Unwrapped {
  if (Array.isArray(body)) return { payload: body };
  if (isObject(body)) {
    if (isObject(body.response)) {
      const r = body.response;
      return withMore({ payload: 'result' in r ? r.result : null }, r.isNextAvailable);
    }
    // spec 4.4 getDataByID: "payload possibly under result"; otherwise the object is the payload itself
    if ('result' in body) return withMore({ payload: body.result }, body.isNextAvailable);
  }
  return { payload: body };
}

/** Looks for an error in any of the shapes of docs/wire-format.md, whatever the HTTP status. */
export function findError(body: unknown): FoundError | undefined {
  if (!isObject(body)) return undefined;
  const r = isObject(body.response) ? body.response : undefined;
  if (r) {
    const failed = r.status === 1 || r.status === '1' || r.errors !== undefined || r.error !== undefined;
    if (!failed) return undefined;
    const detail = firstOf(r.errors ?? r.error);
    return { code: codeOf(detail?.code ?? r.code), message: messageText(detail?.message) || messageText(r.message) };
  }
  const detail = firstOf(body.error ?? body.errors);
  if (detail) return { code: codeOf(detail.code ?? body.code), message: messageText(detail.message) || messageText(body.message) };
  if (typeof body.error === 'string') return { code: codeOf(body.code), message: body.error };
  if (body.status === 1 || body.status === '1') return { code: codeOf(body.code), message: messageText(body.message) };
  return undefined;
}

/**
 * The typed error of a refusal. Its message is for people (../words.ts: what was being done, why, what to do); the
 * code, the HTTP status, the endpoint and the service's own text stay in the error's fields.
 */
function toTypedError(found: FoundError, answer: RawAnswer, endpoint: string, now: () => number): Error {
  const { code, message } = found;
  const { status } = answer;
  const doing = doingSaid(endpoint);
  if (code === CODE_INVALID_TOKEN || (code === undefined && status === 401)) {
    return new AuthError(failureWords.signInRefused(), code ?? CODE_INVALID_TOKEN, status);
  }
  if (code === CODE_PERMISSION_DENIED || (code === undefined && status === 403)) {
    return new AuthError(failureWords.noPermission(doing), code ?? CODE_PERMISSION_DENIED, status);
  }
  if (code === CODE_RATE_LIMITED || status === 429) {
    const retryAfterMs = parseRetryAfter(answer.retryAfter, now) ?? LOCKOUT_MS;
    return new RateLimitedError(failureWords.slowDown(doing, retryAfterMs), retryAfterMs, endpoint, code ?? CODE_RATE_LIMITED);
  }
  return new ServiceError(refusalWords(code, message, endpoint), code, status, endpoint, {
    ...(message ? { said: message } : {}),
    ...(refusalField(code, message) ? { field: refusalField(code, message) } : {}),
  });
}

/** Retry-After is seconds or an HTTP date (RFC 9110 10.2.3). Returns ms, or undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: () => number = systemClock.now): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now());
}

function firstOf(v: unknown): Record<string, unknown> | undefined {
  // real style: `errors` alternates between an object and a one-element array
  const one = Array.isArray(v) ? v[0] : v;
  return isObject(one) ? one : undefined;
}

function codeOf(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^\d+$/.test(v.trim())) return Number(v.trim());
  return undefined;
}

/** wire-format: for 7052 the message is an object `{"First Name":"is mandatory"}`: join its fields. */
export function messageText(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.map(messageText).filter(Boolean).join('; ');
  if (isObject(v)) {
    return Object.entries(v)
      .map(([k, val]) => `${k}: ${messageText(val)}`)
      .join('; ');
  }
  return '';
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
