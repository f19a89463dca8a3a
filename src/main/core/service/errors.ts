/**
 * One error class per failure kind; callers branch on the class (or its literal `name`), never on message text.
 * `applied` says what is known about a write: 'no' (definitely not applied: connection refused, 429, validation
 * refusal), 'unknown' (the request went out and the answer was lost: the outbox must reconcile, never blindly resend).
 */
export type Applied = 'no' | 'unknown';

export class NetworkError extends Error {
  override readonly name = 'NetworkError' as const;
  constructor(message: string, readonly applied: Applied, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export class RateLimitedError extends Error {
  override readonly name = 'RateLimitedError' as const;
  readonly applied: Applied = 'no';
  /** ms to wait before the endpoint may be called again (Retry-After, or the 7209 lock-out). */
  constructor(message: string, readonly retryAfterMs: number, readonly endpoint: string, readonly code?: number) {
    super(message);
  }
}

export class AuthError extends Error {
  override readonly name = 'AuthError' as const;
  readonly applied: Applied = 'no';
  /** 7202 invalid token (refresh once), 9000 permission denied / missing scope. */
  constructor(message: string, readonly code?: number, readonly httpStatus?: number) {
    super(message);
  }
}

/** The service understood the request and refused it (status:1 or HTTP 4xx with a code). */
export class ServiceError extends Error {
  override readonly name = 'ServiceError' as const;
  readonly applied: Applied = 'no';
  constructor(message: string, readonly code: number | undefined, readonly httpStatus: number, readonly endpoint: string) {
    super(message);
  }
}

/** A 5xx after the request was sent: for writes the outcome is unknown. */
export class ServerError extends Error {
  override readonly name = 'ServerError' as const;
  constructor(message: string, readonly httpStatus: number, readonly applied: Applied) {
    super(message);
  }
}

/** The answer could not be understood (not JSON, wrong shape). For writes the outcome is unknown. */
export class InvalidResponseError extends Error {
  override readonly name = 'InvalidResponseError' as const;
  readonly applied: Applied = 'unknown';
  constructor(message: string, readonly endpoint: string) {
    super(message);
  }
}

/** Input refused locally before anything was sent (CLI exit 1, UI inline message). */
export class InvalidInputError extends Error {
  override readonly name = 'InvalidInputError' as const;
  constructor(message: string, readonly violations: Array<{ field: string; rule: string; message: string }> = []) {
    super(message);
  }
}

export type ServiceFailure = NetworkError | RateLimitedError | AuthError | ServiceError | ServerError | InvalidResponseError;

export function isServiceFailure(e: unknown): e is ServiceFailure {
  return e instanceof NetworkError || e instanceof RateLimitedError || e instanceof AuthError
    || e instanceof ServiceError || e instanceof ServerError || e instanceof InvalidResponseError;
}
