import { isSaid, saidError, saidOf, type Said, type SaidValue, type Words } from '../../shared/i18n/said';
import { sayInEnglish } from '../../shared/i18n/english';
import { causeSaid } from './failure-words';

/**
 * One error class per failure kind; callers branch on the class (or its literal `name`), never on message text.
 * `applied` says what is known about a write: 'no' (definitely not applied: connection refused, 429, validation
 * refusal), 'unknown' (the request went out and the answer was lost: the outbox must reconcile, never blindly resend).
 */
export type Applied = 'no' | 'unknown';

/**
 * An error's message: the core's words (a code and values with their English, src/shared/i18n/said.ts), or English
 * text where it is not converted (a library's message). The English is `message`; the code and values are `said`,
 * which the dispatcher passes to the shells (a ServiceError keeps them in `says`: its `said` is the service's text).
 */
export type ErrorWords = string | Words;

const textOf = (m: ErrorWords): string => (typeof m === 'string' ? m : m.message);

function keepSaid(e: Error, m: ErrorWords, key: 'said' | 'says' = 'said'): void {
  if (typeof m !== 'string') Object.assign(e, { [key]: saidOf(m) });
}

/** What an error says as a code and values, when the core said it so (`said`, or a ServiceError's `says`). */
export function errorSaid(e: unknown): Said | undefined {
  if (!e || typeof e !== 'object') return undefined;
  const o = e as { said?: unknown; says?: unknown };
  return isSaid(o.said) ? o.said : isSaid(o.says) ? o.says : undefined;
}

/**
 * An error as a value of another message ("Sync paused: {why}"): its code and values when it has them (worded in
 * the user's language), else its English text as it is.
 */
export function errorValue(e: unknown): SaidValue {
  const s = errorSaid(e);
  if (s) return { said: s };
  return e instanceof Error ? e.message : String(e);
}

/** What an error says, to be kept or passed on: its words (code, values and English) when it has them, else its text. */
export function errorText(e: unknown): string | Words {
  const s = errorSaid(e);
  const message = e instanceof Error ? e.message : String(e);
  return s ? { ...s, message } : message;
}

/** A plain Error that says `w` (its English as the message, its code and values as `said`). */
export { saidError };

/**
 * Why a call failed on the way (docs/wire-format.md "Answers that are not the service's"):
 * - `refused`: nothing answered the connection (ECONNREFUSED, no route, network down). Nothing was sent.
 * - `dns`: the service's host name did not resolve (ENOTFOUND, EAI_AGAIN). Nothing was sent.
 * - `timeout`: no answer in time. Applied 'no' only when the connection itself was never made (a connect timeout,
 *   or the deadline ran out before the request left); otherwise the request may have arrived.
 * - `cancelled`: the caller stopped the call (its AbortSignal: Ctrl+C in punch, a closing engine). Applied 'no' when
 *   it stopped before the request left; a write stopped in flight is 'unknown', exactly like a lost answer, and is
 *   settled the same way (never re-sent blindly).
 * - `reset`: the connection broke before an answer began (RST, "other side closed").
 * - `cut-off`: an answer began and broke off (a body shorter than its Content-Length).
 * - `not-the-service`: something other than the service answered: an HTML page (a gateway's 502, a Wi-Fi sign-in
 *   page), a redirect, a wrong content type, a body without the service's envelope, or a TLS certificate that is
 *   not the service's (an intercepting proxy).
 */
export type NetworkFailureKind = 'refused' | 'dns' | 'timeout' | 'cancelled' | 'reset' | 'cut-off' | 'not-the-service';

/** The plain words a caller can show for each kind (`NetworkError.inPlainWords`, in English). */
export const NETWORK_CAUSE: Readonly<Record<NetworkFailureKind, string>> = Object.freeze(
  Object.fromEntries(
    (['refused', 'dns', 'timeout', 'cancelled', 'reset', 'cut-off', 'not-the-service'] as const).map((k) => [
      k,
      sayInEnglish(causeSaid(k)),
    ]),
  ) as Record<NetworkFailureKind, string>,
);

export interface NetworkErrorOptions {
  kind?: NetworkFailureKind;
  /** The underlying error (fetch's TypeError, a DOMException ...), kept as `detail`. `cause` is accepted too. */
  detail?: unknown;
  cause?: unknown;
  /** When an answer arrived that was not the service's: its HTTP status. */
  httpStatus?: number;
  /** Truer words than the kind's own (a connection refused by the service's address: not "no network"). */
  serviceDown?: boolean;
}

/**
 * The network failed: the service's answer never arrived, or what arrived was not the service's. Never a success,
 * never a refusal. `inPlainWords` is for people ("no network", ...); the underlying error, when there is one, is the
 * standard `cause` (and `detail`), so code that walks an error's cause chain finds it. Messages say in the user's words
 * what was being done (./words.ts), never an endpoint, a URL, a token, a body or an HTTP status (those are fields).
 */
export class NetworkError extends Error {
  override readonly name = 'NetworkError' as const;
  readonly kind: NetworkFailureKind;
  /** Plain words for the user: see NETWORK_CAUSE. */
  readonly inPlainWords: string;
  /** The same as a code (a phrase said inside other sentences: "Not sent: {why}."). */
  readonly plain: Said;
  readonly detail?: unknown;
  readonly httpStatus?: number;
  constructor(
    message: ErrorWords,
    readonly applied: Applied,
    options: NetworkErrorOptions = {},
  ) {
    const underlying = options.detail ?? options.cause;
    super(textOf(message), underlying === undefined ? undefined : { cause: underlying });
    keepSaid(this, message);
    this.kind = options.kind ?? (applied === 'no' ? 'refused' : 'reset');
    this.plain = causeSaid(options.serviceDown ? 'service-down' : this.kind);
    this.inPlainWords = sayInEnglish(this.plain);
    this.detail = underlying;
    if (options.httpStatus !== undefined) this.httpStatus = options.httpStatus;
  }
}

export class RateLimitedError extends Error {
  override readonly name = 'RateLimitedError' as const;
  readonly applied: Applied = 'no';
  /** ms to wait before the endpoint may be called again (Retry-After, or the 7209 lock-out). */
  constructor(
    message: ErrorWords,
    readonly retryAfterMs: number,
    readonly endpoint: string,
    readonly code?: number,
  ) {
    super(textOf(message));
    keepSaid(this, message);
  }
}

export class AuthError extends Error {
  override readonly name = 'AuthError' as const;
  readonly applied: Applied = 'no';
  /** 7202 invalid token (refresh once), 9000 permission denied / missing scope. */
  constructor(
    message: ErrorWords,
    readonly code?: number,
    readonly httpStatus?: number,
  ) {
    super(textOf(message));
    keepSaid(this, message);
  }
}

/** What a refusal said beyond its words for people (./words.ts): the service's own text, the log's field it concerns. */
export interface RefusalDetail {
  /** The service's own message, as it came (for logs and tests; people read `message`). */
  said?: string;
  /** The field of a log the refusal concerns, when known (the outbox's Fix form opens on it). */
  field?: 'hours' | 'workDate' | 'job' | 'week' | 'description';
}

/**
 * The service understood the request and refused it (status:1 or HTTP 4xx with a code). `message` is for people
 * (./words.ts); `code`, `httpStatus`, `endpoint` and `said` are the facts, for logs and tests.
 */
export class ServiceError extends Error {
  override readonly name = 'ServiceError' as const;
  readonly applied: Applied = 'no';
  readonly said?: string;
  /** What Punchcard says of the refusal, as a code and values (`said` is the service's own text). */
  readonly says?: Said;
  readonly field?: RefusalDetail['field'];
  constructor(
    message: ErrorWords,
    readonly code: number | undefined,
    readonly httpStatus: number,
    readonly endpoint: string,
    detail: RefusalDetail = {},
  ) {
    super(textOf(message));
    keepSaid(this, message, 'says');
    if (detail.said !== undefined) this.said = detail.said;
    if (detail.field !== undefined) this.field = detail.field;
  }
}

/**
 * The service itself failed: a 5xx that is not a gateway's HTML page (those are NetworkError 'not-the-service').
 * For writes the outcome is unknown.
 */
export class ServerError extends Error {
  override readonly name = 'ServerError' as const;
  constructor(
    message: ErrorWords,
    readonly httpStatus: number,
    readonly applied: Applied,
  ) {
    super(textOf(message));
    keepSaid(this, message);
  }
}

/** A failure of one endpoint of the service, named in `endpoint` (the path without /api/); `detail`: the facts, for logs. */
abstract class EndpointError extends Error {
  constructor(
    message: ErrorWords,
    readonly endpoint: string,
    readonly detail?: string,
  ) {
    super(textOf(message));
    keepSaid(this, message);
  }
}

/**
 * The service's envelope arrived but its payload could not be understood (a record without its id, a date in no
 * known format): the service and the client disagree. For writes the outcome is unknown. An answer that is not the
 * service's at all (HTML, not JSON, no envelope) is a NetworkError of kind 'not-the-service' instead.
 */
export class InvalidResponseError extends EndpointError {
  override readonly name = 'InvalidResponseError' as const;
  readonly applied: Applied = 'unknown';
}

/** Input refused locally before anything was sent (CLI exit 1, UI inline message). */
export class InvalidInputError extends Error {
  override readonly name = 'InvalidInputError' as const;
  constructor(
    message: ErrorWords,
    readonly violations: Array<{ field: string; rule: string; message: string; said?: Said }> = [],
  ) {
    super(textOf(message));
    keepSaid(this, message);
  }
}

/**
 * The service does not offer this operation (it answered "unknown operation": HTTP 404). Nothing was applied. The
 * client remembers it for the session and answers later calls with this error without asking again.
 */
export class UnsupportedOperationError extends EndpointError {
  override readonly name = 'UnsupportedOperationError' as const;
  readonly applied: Applied = 'no';
}
