/**
 * What a failed fetch means for a write. undici reports `TypeError: fetch failed` with the real reason in
 * `err.cause.code` (sometimes an AggregateError of one error per address tried). When the connection was never
 * made, nothing reached the service: applied 'no'. Anything later (reset, hang up, timeout after sending) may have
 * been applied: 'unknown', so the outbox reconciles instead of resending blindly.
 */
import { NetworkError } from './errors';

const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);

export function networkErrorFrom(err: unknown, endpoint: string, timeoutMs: number): NetworkError {
  if (isTimeout(err)) {
    return new NetworkError(`No answer from the service on ${endpoint} within ${Math.round(timeoutMs / 1000)} s.`, 'unknown', { cause: err });
  }
  const code = causeCode(err);
  if (code && NEVER_CONNECTED.has(code)) {
    return new NetworkError(`The service could not be reached (${code}) on ${endpoint}. Check the connection; nothing was sent.`, 'no', { cause: err });
  }
  const reason = code ?? describe(err);
  return new NetworkError(`The connection to the service broke on ${endpoint} (${reason}); the request may or may not have been applied.`, 'unknown', { cause: err });
}

/** The most specific error code in the chain: err.code, err.cause.code, or the first of an AggregateError. */
export function causeCode(err: unknown): string | undefined {
  let cur: unknown = err;
  for (let depth = 0; depth < 5 && cur; depth++) {
    const e = cur as { code?: unknown; errors?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && e.code !== '') {
      // undici wraps socket errors in its own code; the nested cause holds the OS reason when there is one
      if (!e.code.startsWith('UND_ERR') || !e.cause) return e.code;
    }
    if (Array.isArray(e.errors) && e.errors.length > 0) {
      const inner = causeCode(e.errors[0]);
      if (inner) return inner;
    }
    if (!e.cause && typeof e.code === 'string' && e.code !== '') return e.code;
    cur = e.cause;
  }
  return undefined;
}

function isTimeout(err: unknown): boolean {
  const name = (err as { name?: unknown } | null)?.name;
  return name === 'TimeoutError' || (name === 'AbortError' && (err as { cause?: { name?: string } }).cause?.name === 'TimeoutError');
}

function describe(err: unknown): string {
  const cause = (err as { cause?: { message?: unknown } } | null)?.cause;
  if (cause && typeof cause.message === 'string' && cause.message) return cause.message;
  if (err instanceof Error && err.message) return err.message;
  return 'unknown error';
}
