/**
 * Reachability: what the exchanges with the service say about the connection, measured and never assumed, and the
 * rules that follow from it (docs/outbox.md "Reachability, checks and the probe before a write").
 *
 * - Every call of the watched session reports its outcome here. The cause of a failure is decided in ONE function,
 *   `causeOf`, from the fixed set of `NetworkCause` (src/shared/domain/status.ts); the status shows it in words
 *   (src/shared/status/network.ts). A call that resolved, or that the service itself refused (`ServiceError`, `AuthError`,
 *   `RateLimitedError`), is an answered exchange; anything that is not the service's own answer (refused, DNS,
 *   timeout, reset, an HTML page or an unreadable body) is a failure of the network, never a success or a refusal.
 * - **The probe before a write.** A write (add, edit, delete a log; create, change, decide, delete a timesheet;
 *   insert or update an employee) is sent only when the service answered less than `freshForMs` ago with nothing
 *   failed since. Otherwise one cheap read goes first (`gettimetrackersettings`: no parameters, one small object,
 *   and the endpoint the app otherwise calls at most every 15 minutes, so its per-endpoint budget of ~20 a minute is
 *   the one that matters least). When that read fails the write is not sent at all: it stays queued, "not sent",
 *   never ambiguous. The sync engine asks before it marks an entry `sending`; every other write (submit, team,
 *   HR) is guarded by the watched client itself, so no write path can skip it.
 * - **Thrifty checks.** While the service cannot be reached, background checks (the engine's retries and
 *   reconciliation reads, re-reads of the week) go out at most once per backoff step: 5 s doubling to 5 min, each
 *   step ±20 % (jitter, so many devices that failed together do not come back together). `mayCheck()` grants one
 *   check per step; the user's explicit "Sync now" (`checkNow()`) grants one at once. So an outage spends a small,
 *   bounded share of each endpoint's budget and the first send after recovery is not held back by pacing.
 *
 * State is per account (a new account starts "not checked yet").
 */
import type { NetworkCause, NetworkStatus } from '../../shared/domain';
import { networkSaid } from '../../shared/status/network';
import type { Clock } from '../clock';
import { errorValue, NetworkError } from './errors';
import { failureWords } from './failure-words';
import { narrowCall, untilAborted } from './http/call-options';
import { NOT_SENT_IN_TIME, type CallOptions } from './http/transport';
import { wrapClient } from './client-wrap';
import { accountKeyOf, type Session } from './session';
import type { ServiceClient } from './types';

/** The reachability policy as data (defaults documented in docs/outbox.md). */
export interface ReachPolicy {
  /** A write is sent without a check when the service answered less than this ago and nothing failed since. */
  freshForMs: number;
  /** A check (the probe, a check while offline): one read, no retries, answered within this or counted as failed. */
  probeWithinMs: number;
  /** While unreachable: one check per step, `backoffBaseMs` doubling to `backoffMaxMs`, each ±`jitter`. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  jitter: number;
}

export const REACH_POLICY: Readonly<ReachPolicy> = Object.freeze({
  freshForMs: 10_000,
  probeWithinMs: 4_000,
  backoffBaseMs: 5_000,
  backoffMaxMs: 300_000,
  jitter: 0.2,
});

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
function refusedByTheService(err: unknown): boolean {
  let cur: unknown = err;
  for (let depth = 0; depth < 6 && cur && typeof cur === 'object'; depth++) {
    const e = cur as { code?: unknown; cause?: unknown; errors?: unknown };
    if (e.code === 'ECONNREFUSED') return true;
    cur = Array.isArray(e.errors) && e.errors.length > 0 ? e.errors[0] : e.cause;
  }
  return false;
}

const TYPED = new Set(['RateLimitedError', 'AuthError', 'ServiceError', 'ServerError', 'InvalidResponseError']);

/** Codes of a connection that was made and then closed or reset by the other side (not refused, not DNS, not a timeout). */
const LOST = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/** A connection closed or reset under a request (kind `reset`, or such a code in the cause chain). */
export function connectionLost(err: unknown): boolean {
  let cur: unknown = err;
  for (let depth = 0; depth < 6 && cur && typeof cur === 'object'; depth++) {
    const e = cur as { kind?: unknown; code?: unknown; cause?: unknown; errors?: unknown };
    if (e.kind === 'reset' || (typeof e.code === 'string' && LOST.has(e.code))) return true;
    if (typeof e.kind === 'string' && e.kind !== 'reset' && KIND_CAUSE[e.kind]) return false;
    cur = Array.isArray(e.errors) && e.errors.length > 0 ? e.errors[0] : e.cause;
  }
  return false;
}

function fromChain(err: unknown): Verdict {
  let cur: unknown = err;
  for (let depth = 0; depth < 6 && cur && typeof cur === 'object'; depth++) {
    const e = cur as { name?: unknown; kind?: unknown; code?: unknown; cause?: unknown; errors?: unknown };
    if (e.name === NOT_SENT_IN_TIME) return undefined; // the caller's deadline came first: nothing was tried
    // a typed error wrapped by another (the probe's failure inside "not sent"): its own verdict
    if (depth > 0 && typeof e.name === 'string' && TYPED.has(e.name)) return causeOf(cur);
    if (typeof e.kind === 'string' && KIND_CAUSE[e.kind]) return KIND_CAUSE[e.kind];
    if (e.name === 'TimeoutError') return 'timeout';
    // aborted by the caller (an engine closing): says nothing about the network
    if (e.name === 'AbortError') return (e.cause as { name?: unknown } | undefined)?.name === 'TimeoutError' ? 'timeout' : undefined;
    if (typeof e.code === 'string' && CODE_CAUSE[e.code]) return CODE_CAUSE[e.code];
    if (Array.isArray(e.errors) && e.errors.length > 0) {
      const inner = fromChain(e.errors[0]);
      if (inner) return inner;
    }
    cur = e.cause;
  }
  // a NetworkError with no code we know: it could not connect, or the connection broke
  return (err as { name?: unknown }).name === 'NetworkError' ? 'offline-no-network' : undefined;
}

const UNREACHABLE: ReadonlySet<NetworkCause> = new Set(['offline-no-network', 'service-down', 'offline-dns', 'not-the-service', 'timeout']);

interface State {
  cause: NetworkCause;
  at?: number;
  until?: number;
  /** The last answered exchange. */
  goodAt?: number;
  /** A failure after the last answered exchange: the next write needs a check first. */
  failedAt?: number;
  /** Backoff steps taken in this outage, and when the next check is due. */
  step: number;
  nextCheckAt?: number;
  /** A check granted by `mayCheck` and not yet answered (counts until then, at most `probeWithinMs`). */
  checkingUntil?: number;
}

export interface Reachability {
  /** The cause measured from the last exchange of the current account. */
  status(): NetworkStatus;
  /** No network cause on the last exchange ("not checked yet" counts as reachable: nothing says otherwise). */
  reachable(): boolean;
  /** The service answered less than `freshForMs` ago and nothing failed since: a write may go without a check. */
  fresh(): boolean;
  /**
   * Makes sure a write may go: nothing when fresh, else one cheap read (shared by concurrent callers). Throws when
   * that read was not answered: a `NetworkError` with applied 'no' ("nothing was sent"), or the `AuthError` itself.
   * `call`: the caller's limits. The read, shared by concurrent callers, runs within the first caller's (narrowed by
   * the probe's own); a later caller's signal ends only its own wait.
   */
  ensureFresh(call?: CallOptions): Promise<void>;
  /**
   * A background check may go now: always while the service answers; while it cannot be reached, once per backoff
   * step (the grant holds until the check's outcome arrives, or `probeWithinMs`).
   */
  mayCheck(): boolean;
  /** While unreachable (or failing with 5xx): when the next check is due. */
  nextCheckAt(): number | undefined;
  /** The user asked (Sync now): the next check may go at once. */
  checkNow(): void;
  /** Records one call's outcome: `undefined` for a result, else the error it threw. */
  note(error?: unknown): void;
  /** The status's cause changed (for the `status` event). */
  onChange(listener: () => void): () => void;
  /** The service answered after it could not be reached (the engine sends what waited at once). */
  onReached(listener: () => void): () => void;
  /** The session whose client reports every call here and checks before every write. */
  session: Session;
}

export interface ReachDeps {
  session: Session;
  /** The wall clock the checks' times are on, and the reading the probe's deadline is on (the client's clock too). */
  clock: Pick<Clock, 'now' | 'elapsed'>;
  policy?: Partial<ReachPolicy>;
  random?: () => number;
}

export function createReachability(deps: ReachDeps): Reachability {
  const policy: ReachPolicy = { ...REACH_POLICY, ...deps.policy };
  const { clock } = deps;
  const now = () => clock.now();
  const random = deps.random ?? Math.random;
  const states = new Map<string, State>();
  const changeListeners = new Set<() => void>();
  const reachedListeners = new Set<() => void>();
  let probing: Promise<void> | undefined;

  const current = (): State => {
    const key = accountKeyOf(deps.session);
    let s = states.get(key);
    if (!s) {
      s = { cause: 'unchecked', step: 0 };
      states.set(key, s);
    }
    return s;
  };
  const healthy = (s: State) =>
    s.cause === 'online' || s.cause === 'unchecked' || s.cause === 'rate-limited' || s.cause === 'token-rejected';
  const emit = (set: Set<() => void>) => {
    for (const l of [...set]) {
      try {
        l();
      } catch {
        /* a listener must not break the call */
      }
    }
  };

  function delay(step: number): number {
    const base = Math.min(policy.backoffMaxMs, policy.backoffBaseMs * 2 ** step);
    return Math.round(base * (1 + policy.jitter * (2 * random() - 1)));
  }

  function answered(s: State, cause: NetworkCause, until?: number): void {
    const wasDown = !healthy(s);
    const changed = s.cause !== cause || s.until !== until;
    const t = now();
    Object.assign(s, { cause, at: t, goodAt: t, step: 0 });
    if (until !== undefined) s.until = until;
    else delete s.until;
    delete s.failedAt;
    delete s.nextCheckAt;
    delete s.checkingUntil;
    if (changed) emit(changeListeners);
    if (wasDown) emit(reachedListeners);
  }

  function failed(s: State, cause: NetworkCause): void {
    const t = now();
    const changed = s.cause !== cause;
    s.cause = cause;
    s.at = t;
    s.failedAt = t;
    delete s.until;
    delete s.checkingUntil;
    // one step per check: failures of calls already in flight when the step began do not shorten the next one
    if (s.nextCheckAt === undefined || t >= s.nextCheckAt) {
      s.nextCheckAt = t + delay(s.step);
      s.step++;
    }
    if (changed) emit(changeListeners);
  }

  /** A confirmation read is on its way (below): what it meets is the measured cause, not a reason to confirm again. */
  let confirming = false;

  function note(error?: unknown): void {
    const s = current();
    if (error === undefined) return answered(s, 'online');
    const verdict = causeOf(error);
    if (verdict === undefined) return;
    if (verdict === 'answered') return answered(s, 'online');
    if (verdict === 'token-rejected') return answered(s, 'token-rejected');
    if (verdict === 'rate-limited') {
      const ms = (error as { retryAfterMs?: number }).retryAfterMs;
      return answered(s, 'rate-limited', typeof ms === 'number' ? now() + ms : undefined);
    }
    // A kept-alive connection that the other side closed says little: the service stopping (its next connections are
    // refused: "the service is not answering; the network is fine"), a proxy's idle timeout, or a network that went
    // away. A long-running app met it first on a write and said "no network" while `punch status`, on a new
    // connection, said the service was down. So the first such failure after the service answered is measured at
    // once, on a new connection (one cheap read), and that read's outcome is the cause.
    if (!confirming && healthy(s) && connectionLost(error)) {
      s.failedAt = now(); // a write still needs a fresh answer before it goes
      confirming = true;
      void probe()
        .catch(() => undefined)
        .finally(() => {
          confirming = false;
        });
      return;
    }
    failed(s, verdict);
  }

  const fresh = () => {
    const s = current();
    return (
      (s.cause === 'online' || s.cause === 'rate-limited') &&
      s.goodAt !== undefined &&
      s.failedAt === undefined &&
      now() - s.goodAt < policy.freshForMs
    );
  };

  /** One cheap read, no retries, short deadline: `gettimetrackersettings` (see the header for why). */
  async function probe(call?: CallOptions): Promise<void> {
    try {
      await watched(deps.session.client()).settings(narrowCall(clock, { withinMs: policy.probeWithinMs, readRetries: 0 }, call));
    } catch (e) {
      const verdict = causeOf(e);
      if (verdict === 'answered' || verdict === 'rate-limited') return; // the service answered: the connection is good
      if (verdict === 'token-rejected') throw e; // the write would be refused the same way: nothing sent
      const why = verdict ? networkSaid({ cause: verdict }) : errorValue(e);
      throw new NetworkError(failureWords.notChecked(why), 'no', { cause: e });
    }
  }

  const watchedClients = new WeakMap<ServiceClient, ServiceClient>();
  function watched(client: ServiceClient): ServiceClient {
    const known = watchedClients.get(client);
    if (known) return known;
    const observe = <T>(out: T): T => {
      if (out instanceof Promise)
        out.then(
          () => note(),
          (e: unknown) => note(e),
        );
      return out;
    };
    // every answer or failure noted; the probe rule before every write, whoever makes it, with the write's own options
    const wrapped = wrapClient(client, {
      call: (_method, run) => observe(run()),
      beforeWrite: (_method, call) => reach.ensureFresh(call),
    });
    watchedClients.set(client, wrapped);
    return wrapped;
  }

  const reach: Reachability = {
    status() {
      const s = current();
      return {
        cause: s.cause,
        ...(s.at !== undefined ? { at: s.at } : {}),
        ...(s.until !== undefined ? { until: s.until } : {}),
        ...(!healthy(s) && s.nextCheckAt !== undefined ? { nextCheckAt: s.nextCheckAt } : {}),
      };
    },
    reachable: () => !UNREACHABLE.has(current().cause),
    fresh,
    ensureFresh(call) {
      if (fresh()) return Promise.resolve();
      if (probing) return untilAborted(probing, call?.signal);
      probing = probe(call).finally(() => {
        probing = undefined;
      });
      return probing;
    },
    mayCheck() {
      const s = current();
      if (healthy(s)) return true;
      const t = now();
      if (s.nextCheckAt !== undefined && t < s.nextCheckAt) return false;
      if (s.checkingUntil !== undefined && t < s.checkingUntil) return false;
      s.checkingUntil = t + policy.probeWithinMs;
      return true;
    },
    nextCheckAt() {
      const s = current();
      return healthy(s) ? undefined : s.nextCheckAt;
    },
    checkNow() {
      const s = current();
      delete s.nextCheckAt;
      delete s.checkingUntil;
    },
    note,
    onChange(listener) {
      changeListeners.add(listener);
      return () => {
        changeListeners.delete(listener);
      };
    },
    onReached(listener) {
      reachedListeners.add(listener);
      return () => {
        reachedListeners.delete(listener);
      };
    },
    session: {
      client: () => watched(deps.session.client()),
      user: () => deps.session.user(),
      account: () => deps.session.account(),
      onChange: (listener) => deps.session.onChange(listener),
    },
  };
  return reach;
}
