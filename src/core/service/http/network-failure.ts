/**
 * What a failed fetch means (docs/wire-format.md "Answers that are not the service's"). undici reports
 * `TypeError: fetch failed` with the real reason in `err.cause.code` (sometimes an AggregateError of one error per
 * address tried). When the connection was never made, nothing reached the service: applied 'no'. Anything later
 * (reset, hang up, timeout after connecting, an answer cut off) may have been applied: 'unknown', so the outbox
 * reconciles instead of resending blindly.
 *
 * Global fetch has no connect timeout of its own that we can set (that needs undici's Agent, not a dependency);
 * undici's built-in one (10 s) fails with UND_ERR_CONNECT_TIMEOUT before any byte of the request was written, and
 * is classified as a timeout that was not applied. The overall timeout is the policy's or the call's deadline.
 */
import { NetworkError, type Applied, type NetworkFailureKind } from '../errors';
import type { Words } from '../../../shared/i18n/said';
import { doingSaid } from '../words';
import { failureWords } from '../failure-words';
import { inChain } from './cause-chain';

const DNS = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA']);
/** The connection was never made: nothing was sent. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'ENETDOWN', 'EHOSTDOWN']);
/** undici's own connect timeout (the SYN was never answered): nothing was sent. */
const CONNECT_TIMEOUT = new Set(['UND_ERR_CONNECT_TIMEOUT']);
/** Timeouts after the connection was made: the request may have arrived. */
const LATER_TIMEOUT = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
/**
 * TLS: the certificate is not the service's (an intercepting proxy or a captive portal on HTTPS). The handshake
 * failed, so no byte of the request was sent.
 */
const NOT_THE_SERVICE_TLS = new Set([
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_UNTRUSTED',
  'CERT_REVOKED',
]);
/** An answer began and broke off. */
const CUT_OFF = new Set(['UND_ERR_RES_CONTENT_LENGTH_MISMATCH']);

export interface FailureContext {
  /** A write's outcome is unknown once the request may have left; a read changes nothing either way. Default true. */
  write?: boolean;
  /** 'body': the status and headers had arrived and reading the body failed. Default 'send'. */
  phase?: 'send' | 'body';
}

/**
 * The failure as a NetworkError whose message says, in the user's words, what was being done, what failed and whether
 * anything may have been applied; the technical reason (ECONNREFUSED, a certificate's code) stays in `detail`.
 */
export function networkErrorFrom(err: unknown, endpoint: string, timeoutMs: number, ctx: FailureContext = {}): NetworkError {
  const { kind, applied } = classify(err, ctx.phase ?? 'send');
  const serviceDown = kind === 'refused' && causeCode(err) === 'ECONNREFUSED';
  // ECONNREFUSED: the service's address answered, refusing. The network works; the service is not there.
  const make = (message: Words) => new NetworkError(message, applied, { kind, detail: err, ...(serviceDown ? { serviceDown } : {}) });
  const doing = doingSaid(endpoint);
  switch (kind) {
    case 'timeout':
      return applied === 'no'
        ? make(failureWords.connectTimeout(doing, hostTried(err)))
        : make(failureWords.answerTimeout(doing, timeoutMs, ctx.write));
    case 'dns':
      return make(failureWords.dns(doing));
    case 'refused':
      // refused by the service's own address: the network works, the service is not there (do not send the user
      // to check a connection that is fine)
      return serviceDown ? make(failureWords.serviceDown(doing)) : make(failureWords.noNetwork(doing));
    case 'not-the-service':
      return make(failureWords.proxy(doing));
    case 'cut-off':
      return make(failureWords.cutOff(doing, ctx.write));
    default:
      return make(failureWords.broke(doing, ctx.write));
  }
}

function classify(err: unknown, phase: 'send' | 'body'): { kind: NetworkFailureKind; applied: Applied; reason: string } {
  if (isTimeout(err)) return { kind: 'timeout', applied: 'unknown', reason: 'timeout' };
  const code = causeCode(err);
  const syscall = causeField(err, 'syscall');
  if (code && DNS.has(code)) return { kind: 'dns', applied: 'no', reason: code };
  if (code && (NEVER_CONNECTED.has(code) || (code === 'ETIMEDOUT' && syscall === 'connect'))) {
    return code === 'ETIMEDOUT' ? { kind: 'timeout', applied: 'no', reason: code } : { kind: 'refused', applied: 'no', reason: code };
  }
  if (code && CONNECT_TIMEOUT.has(code)) return { kind: 'timeout', applied: 'no', reason: 'connect timeout' };
  if (code && NOT_THE_SERVICE_TLS.has(code)) return { kind: 'not-the-service', applied: 'no', reason: `certificate: ${code}` };
  if (code && LATER_TIMEOUT.has(code)) return { kind: 'timeout', applied: 'unknown', reason: code };
  if (phase === 'body' || (code && CUT_OFF.has(code))) return { kind: 'cut-off', applied: 'unknown', reason: code ?? describe(err) };
  return { kind: 'reset', applied: 'unknown', reason: code ?? describe(err) };
}

/**
 * The most specific error code in the chain: err.code, err.cause.code, or the first of an AggregateError. undici wraps
 * socket errors in its own code (UND_ERR_*); the nested cause holds the OS reason when there is one.
 */
export function causeCode(err: unknown): string | undefined {
  return inChain(err, (e) =>
    typeof e.code === 'string' && e.code !== '' && (!e.code.startsWith('UND_ERR') || !e.cause) ? e.code : undefined,
  );
}

/** A string field (e.g. `syscall`) of the first error in the chain that has it. */
function causeField(err: unknown, field: string): string | undefined {
  return inChain(err, (e) => (typeof e[field] === 'string' ? (e[field] as string) : undefined));
}

/**
 * The address a connection was tried to: nodeFetch's `host` (the URL's, as the user gave it), else the one undici's
 * connect timeout names ("attempted address: 10.0.0.5:443").
 */
function hostTried(err: unknown): string | undefined {
  return (
    causeField(err, 'host') ??
    inChain(err, (e) => (typeof e.message === 'string' ? /attempted address: ([^,)\s]+)/.exec(e.message)?.[1] : undefined))
  );
}

/** An abort: AbortSignal.timeout's TimeoutError, or a caller's signal (a deadline) that fired. */
function isTimeout(err: unknown): boolean {
  const name = (err as { name?: unknown } | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}

function describe(err: unknown): string {
  const cause = (err as { cause?: { message?: unknown } } | null)?.cause;
  if (cause && typeof cause.message === 'string' && cause.message) return cause.message;
  if (err instanceof Error && err.message) return err.message;
  return 'unknown error';
}

/**
 * The caller's signal stopped a request in flight (Ctrl+C in punch, an engine closing). A read changed nothing; a
 * write may have reached the service, so it is 'unknown' exactly like a lost answer, and is settled the same way (the
 * outbox reconciles, a submit reads the week again): never re-sent blindly.
 */
export function cancelledInFlight(endpoint: string, write: boolean | undefined, err: unknown): NetworkError {
  return new NetworkError(failureWords.cancelledInFlight(doingSaid(endpoint), write), write === false ? 'no' : 'unknown', {
    kind: 'cancelled',
    detail: err,
  });
}
