/**
 * What one exchange with the service says about the connection: the one function that turns a failed call into a
 * cause (`causeOf`, from the fixed set of `NetworkCause`: src/shared/domain/status.ts), whether a kept-alive
 * connection was lost under it (`connectionLost`), whether a connection was cut off before the answer was through
 * (`cutOff`), and which causes mean the service cannot be reached; the walk down an error's cause chain they share
 * (`inChain`, ./http/cause-chain.ts: the one walk, which ./http/network-failure.ts reads failures with too). Pure: the
 * reachability (./reachability.ts) keeps the state these verdicts move.
 */
import type { NetworkCause, NetworkStatus } from '../../shared/domain';
import { NOT_SENT_IN_TIME } from './http/transport';
import { inChain } from './http/cause-chain';

export { inChain } from './http/cause-chain';

/** What one failed call says: a cause, "the service answered" (a refusal), or nothing about the connection. */
export type Verdict = NetworkCause | 'answered' | undefined;

/** `NetworkError.kind` of the service client (once it has one) to the status's cause. */
const KIND_CAUSE: Record<string, NetworkCause> = {
  refused: 'offline-no-network',
  dns: 'offline-dns',
  timeout: 'timeout',
  reset: 'offline-no-network',
  'cut-off': 'offline-no-network',
  'not-the-service': 'not-the-service',
};

/** OS and undici codes (anywhere in the cause chain) to the status's cause. */
const CODE_CAUSE: Record<string, NetworkCause> = {
  // the host answered, refusing: the network works and the service is not there (not "no network")
  ECONNREFUSED: 'service-down',
  EHOSTUNREACH: 'offline-no-network',
  ENETUNREACH: 'offline-no-network',
  ENETDOWN: 'offline-no-network',
  EADDRNOTAVAIL: 'offline-no-network',
  ECONNRESET: 'offline-no-network',
  ECONNABORTED: 'offline-no-network',
  EPIPE: 'offline-no-network',
  UND_ERR_SOCKET: 'offline-no-network',
  UND_ERR_CLOSED: 'offline-no-network',
  ENOTFOUND: 'offline-dns',
  EAI_AGAIN: 'offline-dns',
  EAI_NONAME: 'offline-dns',
  EAI_FAIL: 'offline-dns',
  ETIMEDOUT: 'timeout',
  UND_ERR_CONNECT_TIMEOUT: 'timeout',
  UND_ERR_HEADERS_TIMEOUT: 'timeout',
  UND_ERR_BODY_TIMEOUT: 'timeout',
};

const PERMISSION_DENIED = 9000;

/**
 * The one place that turns a failed call into a cause. Reads `err.kind` when the client sets it; otherwise the
 * error's name, then its codes and names down the `cause` chain (undici wraps the OS error; an AggregateError holds
 * one per address tried). Names, not classes, so it also works on errors that crossed a module boundary.
 */
export function causeOf(err: unknown): Verdict {
  const e = err as { name?: unknown; kind?: unknown; code?: unknown; cause?: unknown } | null | undefined;
  if (!e || typeof e !== 'object') return undefined;
  switch (e.name) {
    case 'RateLimitedError':
      return 'rate-limited';
    // 9000: this operation is not allowed for this account; the sign-in itself works
    case 'AuthError':
      return e.code === PERMISSION_DENIED ? 'answered' : 'token-rejected';
    case 'ServiceError':
      return 'answered';
    case 'ServerError':
      return 'server-error';
    case 'InvalidResponseError':
      return 'not-the-service';
    case 'InvalidInputError':
      return undefined; // refused here, before anything was sent
    default:
      break;
  }
  const inner = e.cause as { name?: unknown } | undefined;
  if (inner && typeof inner === 'object') {
    // aborted by the caller (an engine closing), not by a timeout: says nothing about the network
    if (inner.name === 'AbortError') return undefined;
    // a typed failure wrapped by another (the probe's failure inside "not sent"): its own verdict
    if (typeof inner.name === 'string' && (TYPED.has(inner.name) || inner.name === 'NetworkError')) return causeOf(inner);
  }
  // a refused connection: "no network" unless the OS says the service's address itself refused (./http/network-failure.ts)
  if (e.kind === 'refused') return refusedByTheService(err) ? 'service-down' : 'offline-no-network';
  if (typeof e.kind === 'string' && KIND_CAUSE[e.kind]) return KIND_CAUSE[e.kind];
  return fromChain(err);
}

/** ECONNREFUSED anywhere in the cause chain (undici wraps the OS error; an AggregateError holds one per address). */
const refusedByTheService = (err: unknown): boolean => inChain(err, (e) => (e.code === 'ECONNREFUSED' ? true : undefined)) ?? false;

const TYPED = new Set(['RateLimitedError', 'AuthError', 'ServiceError', 'ServerError', 'InvalidResponseError']);

/** Codes of a connection that was made and then closed or reset by the other side (not refused, not DNS, not a timeout). */
const LOST = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/** A connection closed or reset under a request (kind `reset`, or such a code in the cause chain). */
export function connectionLost(err: unknown): boolean {
  return (
    inChain(err, (e) => {
      if (e.kind === 'reset' || (typeof e.code === 'string' && LOST.has(e.code))) return true;
      // another kind said first what failed (a timeout, a refusal): not a lost connection
      return typeof e.kind === 'string' && KIND_CAUSE[e.kind] ? false : undefined;
    }) ?? false
  );
}

/**
 * The connection was made and then cut before the service's answer was through: reset or closed after the request
 * (`connectionLost`), or an answer that broke off halfway (kind `cut-off`). The network may well be fine (a proxy, a
 * firewall or the service closed it), so the status says so instead of "no network" (NetworkStatus.cutOff).
 */
export function cutOff(err: unknown): boolean {
  return inChain(err, (e) => (e.kind === 'cut-off' ? true : undefined)) ?? connectionLost(err);
}

/** The cause the chain's codes and names say; `null` from a link: it says nothing about the network (stop there). */
function fromChain(err: unknown): Verdict {
  const found = inChain<Exclude<Verdict, undefined> | null>(err, (e, depth) => {
    if (e.name === NOT_SENT_IN_TIME) return null; // the caller's deadline came first: nothing was tried
    // a typed error wrapped by another (the probe's failure inside "not sent"): its own verdict
    if (depth > 0 && typeof e.name === 'string' && TYPED.has(e.name)) return causeOf(e) ?? null;
    if (typeof e.kind === 'string' && KIND_CAUSE[e.kind]) return KIND_CAUSE[e.kind];
    if (e.name === 'TimeoutError') return 'timeout';
    // aborted by the caller (an engine closing): says nothing about the network
    if (e.name === 'AbortError') return (e.cause as { name?: unknown } | undefined)?.name === 'TimeoutError' ? 'timeout' : null;
    if (typeof e.code === 'string' && CODE_CAUSE[e.code]) return CODE_CAUSE[e.code];
    return undefined;
  });
  if (found !== undefined) return found ?? undefined;
  // a NetworkError with no code we know: it could not connect, or the connection broke
  return (err as { name?: unknown }).name === 'NetworkError' ? 'offline-no-network' : undefined;
}

/** The HTTP status of a page that answered instead of the service (`httpStatus` anywhere in the cause chain). */
export const pageStatusOf = (err: unknown): number | undefined =>
  inChain(err, (e) => (typeof e.httpStatus === 'number' ? e.httpStatus : undefined));

/** What the status says beside a failure's cause: the page's HTTP status (not-the-service), a connection cut off (no network). */
export function detailsOf(cause: NetworkCause, err: unknown): Pick<NetworkStatus, 'httpStatus' | 'cutOff'> {
  // a failure wrapped by another (the probe's failure inside "not sent", whose own kind says nothing): its own details
  const inner = (err as { cause?: { name?: unknown } } | null)?.cause;
  if (inner && typeof inner === 'object' && inner.name === 'NetworkError') return detailsOf(cause, inner);
  const page = cause === 'not-the-service' ? pageStatusOf(err) : undefined;
  if (page !== undefined) return { httpStatus: page };
  return cause === 'offline-no-network' && cutOff(err) ? { cutOff: true } : {};
}

/** The causes that mean the service cannot be reached (the status is offline). */
export const UNREACHABLE: ReadonlySet<NetworkCause> = new Set([
  'offline-no-network',
  'service-down',
  'offline-dns',
  'not-the-service',
  'timeout',
]);
