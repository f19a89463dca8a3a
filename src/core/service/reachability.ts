/**
 * Reachability: what the exchanges with the service say about the connection, measured and never assumed, and the
 * rules that follow from it (docs/outbox.md "Reachability, checks and the probe before a write").
 *
 * - Every call of the watched session reports its outcome here (./watched-client.ts). The cause of a failure is decided
 *   in ONE function, `causeOf` (./network-cause.ts), from the fixed set of `NetworkCause` (src/shared/domain/status.ts); the status shows it in words
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
 * - **Reads end together.** A call that ran out of time says the service does not answer: every read still waiting
 *   for it then fails at once, as timed out, and a read made while the status says so waits no longer than a check
 *   (`probeWithinMs`); writes are never ended (./watched-client.ts says why).
 *
 * State is per account (a new account starts "not checked yet").
 */
import type { NetworkCause, NetworkStatus } from '../../shared/domain';
import type { Clock } from '../clock';
import { untilAborted } from './http/call-options';
import type { CallOptions } from './http/transport';
import { causeOf, connectionLost, detailsOf, UNREACHABLE } from './network-cause';
import { accountKeyOf, type Session } from './session';
import { createWatch } from './watched-client';

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

interface State {
  cause: NetworkCause;
  /** not-the-service: the status of the page that answered (NetworkStatus.httpStatus). */
  httpStatus?: number;
  /** offline-no-network: the connection was made and cut before the answer was through (NetworkStatus.cutOff). */
  cutOff?: true;
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
  const subscribe = (set: Set<() => void>, listener: () => void) => {
    set.add(listener);
    return () => void set.delete(listener);
  };
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
    delete s.httpStatus;
    delete s.cutOff;
    if (until !== undefined) s.until = until;
    else delete s.until;
    delete s.failedAt;
    delete s.nextCheckAt;
    delete s.checkingUntil;
    if (changed) emit(changeListeners);
    if (wasDown) emit(reachedListeners);
  }

  function failed(s: State, cause: NetworkCause, more: Pick<State, 'httpStatus' | 'cutOff'>): void {
    const t = now();
    const changed = s.cause !== cause || s.httpStatus !== more.httpStatus || s.cutOff !== more.cutOff;
    delete s.httpStatus;
    delete s.cutOff;
    Object.assign(s, more, { cause, at: t, failedAt: t });
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
    // once, on a new connection (one cheap read), and that read's outcome is the cause. Only after an answer: with none
    // yet (a new process, a new account) there is no kept-alive connection to doubt, and a confirmation in the
    // background would leave the status "not checked yet" for whoever asked (`punch status` printed it and exited).
    if (!confirming && healthy(s) && s.goodAt !== undefined && connectionLost(error)) {
      s.failedAt = now(); // a write still needs a fresh answer before it goes
      confirming = true;
      void probe()
        .catch(() => undefined)
        .finally(() => {
          confirming = false;
        });
      return;
    }
    failed(s, verdict, detailsOf(verdict, error));
    // the service does not answer: the reads still waiting for it will not get an answer either (./watched-client.ts)
    if (verdict === 'timeout' && !watch.endedHere(error)) watch.endReads();
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

  // every call of the watched session reports here, and every write waits for the probe rule (./watched-client.ts)
  const watch = createWatch({
    clock,
    probeWithinMs: policy.probeWithinMs,
    note,
    ensureFresh: (call) => reach.ensureFresh(call),
    knownNotToAnswer: () => current().cause === 'timeout',
  });
  const watched = watch.watched;
  const probe = (call?: CallOptions) => watch.probe(() => deps.session.client(), call);

  const reach: Reachability = {
    status() {
      const s = current();
      return {
        cause: s.cause,
        ...(s.at !== undefined ? { at: s.at } : {}),
        ...(s.until !== undefined ? { until: s.until } : {}),
        ...(s.httpStatus !== undefined ? { httpStatus: s.httpStatus } : {}),
        ...(s.cutOff ? { cutOff: true } : {}),
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
    onChange: (listener) => subscribe(changeListeners, listener),
    onReached: (listener) => subscribe(reachedListeners, listener),
    session: {
      client: () => watched(deps.session.client()),
      user: () => deps.session.user(),
      account: () => deps.session.account(),
      onChange: (listener) => deps.session.onChange(listener),
    },
  };
  return reach;
}
