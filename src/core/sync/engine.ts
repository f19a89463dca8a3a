/**
 * The sync engine: sends the outbox to the service, one entry at a time in the order the user made them, and
 * classifies every failure by what is known about it (service/errors.ts `applied`):
 *
 * - Before any of it, the probe rule (../service/reachability.ts): an entry is marked `sending` and sent only after a fresh
 *   answered exchange; otherwise one cheap read goes first, and when it fails nothing is marked or sent (plainly
 *   queued). During an outage the engine checks once per backoff step (5 s doubling to 5 min, ±20 %).
 * - applied 'no', transient (connection refused, DNS, 5xx before processing): keep queued, retry at the next check.
 * - RateLimitedError (429 / 7209 lock-out): pause THAT endpoint until its retryAfter; the rest of the outbox goes on.
 * - ServiceError (the service refused, e.g. "8002: over the maximum hours per day"): needs-attention with the
 *   service's message; entries behind it go on, except the ones of the same log (they wait with it).
 * - applied 'unknown' (answer lost): never re-send blindly; reconcile (./reconcile.ts) and ask the user when the
 *   outcome cannot be established.
 *
 * Write-ahead: an entry is marked `sending` on disk before its request goes out, so a crash at any point leaves
 * either a queued entry (not sent) or a `sending` one (maybe sent: reconciled on the next run).
 *
 * Several processes may sync one outbox (the app and `punch`): the mark is taken under the ledger's lock on the
 * latest document and names this engine (./claims.ts), so an entry is sent by one engine only, with its values
 * as they are when it is taken (not when it was picked).
 *
 * Closing: no new step and no new request after `close()`; it waits (bounded) for the step in flight, so that step's
 * outcome is recorded and nothing is written after it resolves. A step that outlives the wait stays `sending` on
 * disk (maybe sent), exactly as after a crash: it is reconciled on the next start.
 *
 * An add queued before the company's rules were known is checked before it is sent: the engine reads what the rules
 * need through `QueuedRules` (declared here, implemented above it by ../log-rules.ts, handed in by the root) and the
 * pure ../rules/before-send.ts decides. The engine calls nothing above it.
 *
 * The failure classification and the settling of unknown outcomes are in ./outcomes.ts, the backoff and pause
 * timers in ./pacing.ts; this file holds the engine's state, the send loop and the run / close lifecycle.
 */
import type { Clock, TimerHandle } from '../context';
import type { LoggedState } from '../../shared/contract';
import type { SyncReport } from '../../shared/domain';
import {
  AuthError,
  RateLimitedError,
  accountKeyOf,
  errorText,
  errorValue,
  narrowCall,
  type CallOptions,
  type Reachability,
  type Session,
} from '../service';
import { saidOf, type Words } from '../../shared/i18n/said';
import type { Journal, Ledger, OutboxOp } from '../journal';
import { countByState, ofAccount, outboxWords } from '../outbox';
import { markApplied, markRefused, nextOperation, noteAttempt } from '../outbox/operations';
import { checkBeforeSend, type BeforeSend, type RuleContext } from '../rules';
import { findAddAgain, recheckAmbiguousAdds } from './reconcile';
import { claimOp, engineIdentity } from './claims';
import { closingSession } from './closing-session';
import { createSyncPacing } from './pacing';
import { createSyncOutcomes, type Step } from './outcomes';
import type { LastSyncRecord } from './last-sync';
import { createLogAnswers } from './answer';

/**
 * The engine's reads (the probe, the rules' check of an unchecked entry, reconciliation): no retries inside (the
 * engine's own retry, one per backoff step, is the retry), at most this long each, and aborted when it closes.
 */
export const ENGINE_READ_WITHIN_MS = 10_000;

/**
 * What the engine reads to check an add queued before the company's rules were known: the data the rules need, which
 * only the layers above hold (the company's settings and job list, the day's total with the service's logs, the
 * weeks' locks). A reader of data: ../log-rules.ts implements it, the root hands it in.
 */
export interface QueuedRules {
  /**
   * Reads what the rules need and was never read: the company's settings, and the job list when the add's job is not
   * in it (bounded by `call`). Throws when the settings still cannot be read: the entry stays queued.
   */
  readRules(add: { jobId?: string; jobName?: string }, call: CallOptions): Promise<void>;
  /** The rules' view of the world on document `j`. */
  ruleContext(j: Readonly<Journal>): RuleContext;
}

export interface SyncOptions {
  /** First retry delay while offline (default 5 s), doubling up to `backoffMaxMs` (default 5 min). */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** The backoff's ±20 % jitter source (default Math.random); a test fixes it to know each step exactly. */
  random?: () => number;
  /** How long `close()` waits for the step in flight (default 10 s: a normal request, not a paced one's full wait). */
  closeWaitMs?: number;
}

export interface SyncDeps {
  ledger: Ledger;
  session: Session;
  clock: Clock;
  /** After every durable change: the days of the logs it touched (for `ledger`/`outbox` events). */
  onChange: (dates: string[]) => void;
  /** Online state or last sync time changed (for the `status` event). */
  onStatus: () => void;
  notify: (level: 'info' | 'warning' | 'error', message: string | Words) => void;
  /** What the exchanges say about the connection; its session is the one `session` above wraps (../service/reachability.ts). */
  reach: Reachability;
  /** What an `unchecked` add is checked against before it is sent; without it, such an add is sent as it is. */
  rules?: QueuedRules;
  /** The last sync, shared by every process on the data directory (./last-sync.ts); without it, this process's only. */
  lastSync?: LastSyncRecord;
  options?: SyncOptions;
}

export interface SyncEngine {
  /**
   * Sends what can be sent now; concurrent calls share one run (and one more run follows if asked meanwhile).
   * `recheck` (at start and on the user's "Sync now") also looks again for adds whose outcome was unknown.
   * `now` (the user's "Sync now"): during an outage, check at once instead of at the next backoff step.
   * `signal` (Ctrl+C in punch): stops the run it starts or joins: the request in flight is aborted and no new step
   * starts. A write stopped in flight is settled like a lost answer: it stays `sending` (maybe sent) and is reconciled
   * by the next run, never re-sent blindly; the next run goes on as usual.
   */
  run(opts?: { recheck?: boolean; now?: boolean; signal?: AbortSignal }): Promise<SyncReport>;
  /**
   * Sends what waits (a run, as `run`) right after log `localId` was recorded, and answers with what the engine
   * recorded for it (./answer.ts): 'synced', 'needs-attention' (refused), or 'queued' when the run ended without
   * settling it or `waitMs` passed on the clock first (the send goes on in the background). While the service is known
   * to be unreachable it answers at once. `signal` stops the run as `run`'s does.
   */
  send(localId: string, opts: { waitMs: number; signal?: AbortSignal }): Promise<LoggedState>;
  online(): boolean;
  /** When a sync step of the signed-in account last got the service's answer, by any process on the data directory. */
  lastSyncAt(): number | undefined;
  /** Endpoints paused by a 429 / lock-out, with the time they may be used again. */
  paused(): Record<string, number>;
  /**
   * The service answered after it could not be reached (any call, a read too, ../service/reachability.ts): entries waiting
   * out the backoff go now.
   */
  reached(): void;
  /** The service cannot be used (any call failed): run again at the next check, which checks even with nothing queued. */
  outage(): void;
  /** Stops timers and further steps; resolves when the step in flight ended (or the wait ran out). */
  close(): Promise<void>;
}

export function createSyncEngine(deps: SyncDeps): SyncEngine {
  const { ledger, clock, reach } = deps;
  let lastSyncAt: number | undefined;
  let running: Promise<SyncReport> | undefined;
  let again = false;
  let recheck = false;
  let closed = false;
  let checkAsked = false;
  /**
   * When the user last asked to sync now: an entry waiting out its step after it was found absent (`retryAt`)
   * and not sent since then goes at once, once; after that send, its steps hold again.
   */
  let askedAt: number | undefined;
  /** How many times the user asked to sync now. */
  let asks = 0;
  /**
   * The entries this engine sent, each with `asks` at its send and the send's time: the order of a send and an ask,
   * which the clock cannot tell when both fall in the same millisecond (an ask then came after the send, and must
   * release its step). Forgotten at the next ask once the entry waits no more.
   */
  const sentAfterAsk = new Map<string, { asks: number; sentAt: number | undefined }>();
  let sent = 0;
  const me = engineIdentity();
  // once closed, no request starts (a reconciliation reads several times), and a read in flight is aborted
  const session = closingSession(deps.session, () => closed);
  const closing = new AbortController();
  /** Aborted when a caller's signal stops the current run (a new run gets a new one). */
  let stopping = new AbortController();
  /** The limits of one of the engine's reads (a check, a reconciliation), passed to every request it makes. */
  const engineRead = (): CallOptions =>
    narrowCall(clock, { readRetries: 0, withinMs: ENGINE_READ_WITHIN_MS, signal: closing.signal }, { signal: stopping.signal });
  /** A write keeps the policy's own timeout; only a caller stopping the run aborts it. */
  const engineWrite = (): CallOptions => ({ signal: stopping.signal });
  const stoppedRun = () => stopping.signal.aborted;
  const pacing = createSyncPacing({
    clock,
    backoffBaseMs: deps.options?.backoffBaseMs,
    backoffMaxMs: deps.options?.backoffMaxMs,
    random: deps.options?.random,
    closed: () => closed,
    wake: () => {
      void engine.run();
    },
  });
  /** Run again when reachability grants the next check (while the service cannot be used), else after a backoff. */
  const retryLater = () => pacing.scheduleRetry(reach.nextCheckAt());
  /** Who waits for the answer about one log hears of every change recorded about it. */
  const answers = createLogAnswers({ ledger, clock });

  /** One atomic change about one log, then the events (with the log's day before and after, for the week views). */
  function apply<T>(localId: string, fn: (j: Journal) => T): T {
    const dateOf = () => {
      const j = ledger.read();
      return j.rows[localId]?.workDate ?? j.ops.find((o) => o.localId === localId && o.add)?.add?.workDate;
    };
    const before = dateOf();
    const out = ledger.change(fn);
    deps.onChange([before, dateOf()].filter((d): d is string => !!d));
    answers.changed(localId);
    return out;
  }

  /**
   * The outcome of an entry this engine holds. In the latest document it may be gone: another process took it
   * over after this engine's claim ran out, settled it, and the user discarded it. Then there is nothing to record.
   */
  function settle(op: OutboxOp, fn: (j: Journal) => void): void {
    apply(op.localId, (j) => {
      if (j.ops.some((o) => o.id === op.id)) fn(j);
    });
  }

  /** Takes the entry under the lock (see ./claims.ts); undefined when it is not ours to work on any more. */
  function claim(op: OutboxOp, reconcile: boolean): OutboxOp | undefined {
    return apply(op.localId, (j) => claimOp(j, op.id, clock.now(), me, reconcile));
  }

  /** The service answered: the backoff starts over; `sentOne` when an entry was recorded as sent. */
  function succeeded(sentOne = false): void {
    pacing.resetBackoff();
    lastSyncAt = clock.now();
    deps.lastSync?.record(accountKeyOf(deps.session), lastSyncAt);
    deps.onStatus();
    if (sentOne) sent++;
  }

  const outcomes = createSyncOutcomes({
    ledger,
    session,
    clock,
    settle,
    succeeded,
    engineRead,
    pacing: {
      pause: pacing.pause,
      waitForRead: pacing.waitForRead,
      scheduleRetry: retryLater,
      resendDelay: pacing.resendDelay,
      wakeAt: pacing.wakeAt,
    },
    // the status learnt it from the call itself (../service/reachability.ts)
    offline: () => undefined,
    notify: deps.notify,
    closed: () => closed,
  });

  /**
   * Nothing was sent for `op` (the check before it, or reading the rules, failed): it stays queued exactly as it was,
   * never `sending`, so nothing about it is ambiguous. The attempt is noted only on an entry still untouched.
   */
  function notSent(op: OutboxOp, e: unknown): Step {
    if (closed) return 'stop';
    if (e instanceof AuthError) {
      deps.notify('error', outboxWords.paused(errorValue(e)));
      return 'stop';
    }
    if (e instanceof RateLimitedError) {
      // the rules' read is paused (no cache to fall back on): wait for it; picking the entry again at once would spin
      // (the client refuses a paused endpoint without I/O)
      pacing.scheduleRetry(clock.now() + e.retryAfterMs);
      return 'stop';
    }
    const message = errorText(e);
    apply(op.localId, (j) => {
      const o = j.ops.find((x) => x.id === op.id);
      if (o && o.state === 'queued' && (!o.maybeSent || o.resendApproved) && !o.sendingBy)
        noteAttempt(j, o.id, clock.now(), 'retry', message);
    });
    retryLater();
    return 'stop';
  }

  /**
   * An add logged before the company's rules were known is checked against them now, before it is sent: refused to
   * needs-attention with the rule's words, or sent. Returns the step when it is not to be sent now.
   */
  async function checkRules(op: OutboxOp, rules: QueuedRules): Promise<Step | undefined> {
    let verdict: BeforeSend;
    try {
      await rules.readRules(op.add ?? {}, engineRead());
      verdict = checkBeforeSend(op, rules.ruleContext(ledger.read()));
    } catch (e) {
      return notSent(op, e);
    }
    const now = clock.now();
    const outcome = apply(op.localId, (j) => {
      const o = j.ops.find((x) => x.id === op.id);
      if (!o || o.state !== 'queued' || o.maybeSent || !o.unchecked) return 'changed';
      delete o.unchecked;
      if (verdict.jobName && o.add && !o.add.jobName) {
        o.add.jobName = verdict.jobName;
        const row = j.rows[o.localId];
        if (row && !row.jobName) row.jobName = verdict.jobName;
      }
      if (verdict.billingStatus && o.add && o.billingFromJob) {
        o.add.billingStatus = verdict.billingStatus;
        const row = j.rows[o.localId];
        if (row) row.billingStatus = verdict.billingStatus;
      }
      delete o.billingFromJob;
      if (!verdict.refusal) return 'ok';
      markRefused(j, o.id, now, verdict.refusal, verdict.field);
      return 'refused';
    });
    if (outcome === 'ok') return undefined;
    if (outcome === 'refused' && verdict.refusal)
      deps.notify(
        'warning',
        outboxWords.offlineRefused(typeof verdict.refusal === 'string' ? verdict.refusal : { said: saidOf(verdict.refusal) }),
      );
    return 'next'; // refused, or changed meanwhile: look again
  }

  /**
   * "Send again" on an add whose answer was lost: the user was asked because the service gave no way to decide. Just
   * before sending, look once more where the service lists time logs (a deployment may offer the list now, or the
   * log may have appeared): found, it is synced with that id and nothing is sent. Returns the step when it is not to
   * be sent now.
   */
  async function lookOnceMore(op: OutboxOp): Promise<Step | undefined> {
    let found;
    try {
      found = await findAddAgain(session.client(), session.user(), ledger.read(), op.add!, engineRead());
    } catch (e) {
      return notSent(op, e); // nothing known: not sent, looked for again at the next check
    }
    if (found.outcome !== 'found') return undefined;
    const now = clock.now();
    const settled = apply(op.localId, (j) => {
      const o = j.ops.find((x) => x.id === op.id);
      if (!o || o.state !== 'queued' || !o.resendApproved) return false;
      markApplied(j, o.id, now, {
        timeLogId: found.timeLogId,
        outcome: 'reconciled',
        message: outboxWords.foundBeforeResend(),
      });
      return true;
    });
    if (settled) succeeded(true);
    return 'next';
  }

  async function send(picked: OutboxOp): Promise<Step> {
    if (picked.kind !== 'add' && !ledger.read().rows[picked.localId]?.timeLogId) {
      // only reachable when its add was marked recorded by hand: the service's id of the log is unknown
      settle(picked, (j) => markRefused(j, picked.id, clock.now(), outboxWords.noServiceId()));
      return 'next';
    }
    let client;
    try {
      client = session.client();
    } catch (e) {
      deps.notify('warning', errorText(e));
      return 'stop';
    }
    if (picked.unchecked && picked.kind === 'add' && deps.rules) {
      const step = await checkRules(picked, deps.rules);
      if (step) return step;
    }
    if (picked.kind === 'add' && picked.resendApproved) {
      const step = await lookOnceMore(picked);
      if (step) return step;
    }
    // the probe rule (../service/reachability.ts): asked BEFORE the `sending` mark, so a failed check leaves it plainly queued
    try {
      await reach.ensureFresh(engineRead());
    } catch (e) {
      return notSent(picked, e);
    }
    if (closed) return 'stop';
    const op = claim(picked, false);
    if (!op) return 'next'; // taken, changed or settled meanwhile (another process): look again
    sentAfterAsk.set(op.id, { asks, sentAt: op.sentAt });
    const row = ledger.read().rows[op.localId];
    try {
      if (op.kind === 'add') {
        const r = await client.addTimeLog({ user: session.user(), ...op.add! }, engineWrite());
        settle(op, (j) => markApplied(j, op.id, clock.now(), { timeLogId: r.timeLogId }));
      } else if (op.kind === 'edit') {
        await client.editTimeLog({ timeLogId: row!.timeLogId!, ...op.patch }, engineWrite());
        settle(op, (j) => markApplied(j, op.id, clock.now()));
      } else {
        await client.deleteTimeLog(row!.timeLogId!, engineWrite());
        settle(op, (j) => markApplied(j, op.id, clock.now()));
      }
      succeeded(true);
      return 'next';
    } catch (e) {
      return outcomes.failed(op, e);
    }
  }

  async function runOnce(): Promise<void> {
    for (;;) {
      if (closed || stoppedRun()) return;
      const j = ledger.read();
      const now = clock.now();
      const next = nextOperation(
        j,
        pacing.isPaused,
        accountKeyOf(session),
        (op) => me.claimedElsewhere(op, now) || pacing.waitsForRead(op),
        (op) => held(op, now),
      );
      if (!next.ready) {
        wakeForHeld(j, now);
        await checkWhileDown();
        return;
      }
      // an outage: one check per backoff step, whatever asked for this run (a new entry, another process, a read)
      if (!reach.mayCheck()) {
        retryLater();
        return;
      }
      let step: Step = 'next';
      if (!next.reconcile) step = await send(next.op);
      else {
        const op = claim(next.op, true);
        if (op) step = await outcomes.settleAmbiguous(op);
      }
      if (step === 'stop') return;
    }
  }

  /**
   * Waits out the step after it was found absent, unless the user asked to sync since its last send: this engine's own
   * sends are ordered against the asks by count (an ask in the same millisecond as the send still comes after it);
   * another process's send only by the clock.
   */
  function held(op: OutboxOp, now: number): boolean {
    if (op.retryAt === undefined || op.retryAt <= now) return false;
    if (askedAt === undefined) return true;
    const mine = sentAfterAsk.get(op.id);
    if (mine && mine.sentAt === op.sentAt) return mine.asks === asks;
    return (op.sentAt ?? 0) >= askedAt;
  }

  /** Run again when the first entry waiting out such a step may go (another process may have set it). */
  function wakeForHeld(j: Readonly<Journal>, now: number): void {
    const account = accountKeyOf(session);
    let first: number | undefined;
    for (const op of j.ops) {
      if (op.state !== 'queued' || !held(op, now) || !ofAccount(j.rows[op.localId], account)) continue;
      if (first === undefined || op.retryAt! < first) first = op.retryAt!;
    }
    if (first !== undefined) pacing.wakeAt(first);
  }

  /**
   * Nothing to send, but the service could not be used: one check when it is due (the probe), so the status comes back
   * by itself when the network does, and the next one at the following step. Measured, never assumed; bounded like
   * every other check. Not while the token is rejected (that waits for the user).
   */
  async function checkWhileDown(): Promise<void> {
    if (closed || reach.nextCheckAt() === undefined) return;
    if (reach.mayCheck()) await reach.ensureFresh(engineRead()).catch(() => undefined);
    if (!closed && reach.nextCheckAt() !== undefined) retryLater();
  }

  /** The signed-in account's counts, like the status line's (entries of another account wait for it, counted apart). */
  function report(): SyncReport {
    const c = countByState(ledger.read(), accountKeyOf(session));
    return { sent, remaining: c.queued + c.sending, needsAttention: c.needsAttention, online: reach.reachable() };
  }

  const engine: SyncEngine = {
    run(opts = {}) {
      if (closed) return Promise.resolve(report());
      // the user asked: check at once, at the start of the next pass (a check failing in flight does not undo it)
      if (opts.now) {
        checkAsked = true;
        askedAt = clock.now();
        asks++;
        const waiting = new Set(
          ledger
            .read()
            .ops.filter((op) => op.state === 'queued' || op.state === 'sending')
            .map((op) => op.id),
        );
        for (const id of sentAfterAsk.keys()) if (!waiting.has(id)) sentAfterAsk.delete(id);
      }
      const stopOnAbort = (signal: AbortSignal | undefined, run: AbortController) => {
        if (signal?.aborted) run.abort();
        else signal?.addEventListener('abort', () => run.abort(), { once: true });
      };
      if (running) {
        again = true;
        recheck ||= !!opts.recheck;
        stopOnAbort(opts.signal, stopping);
        return running;
      }
      sent = 0;
      stopping = new AbortController();
      stopOnAbort(opts.signal, stopping);
      recheck = !!opts.recheck;
      // whatever started this run (a read's answer, a user action), its requests carry only the engine's own limits:
      // options are passed explicitly, so none can leak in from the caller
      running = (async () => {
        try {
          do {
            again = false;
            if (checkAsked) {
              checkAsked = false;
              reach.checkNow();
            }
            if (recheck) {
              recheck = false;
              // only while the service answers: during an outage the entries wait for the next check anyway
              if (reach.reachable())
                sent += await recheckAmbiguousAdds({ ledger, session, now: () => clock.now(), apply, call: engineRead() });
            }
            await runOnce();
          } while (again && !closed && !stoppedRun());
        } catch (e) {
          // a bug or a disk failure must not leave the engine stuck "running" (closing: nothing to tell anyone)
          if (!closed) deps.notify('error', outboxWords.stopped(errorValue(e)));
        } finally {
          running = undefined;
        }
        return report();
      })();
      return running;
    },
    send(localId, opts) {
      const run = engine.run(opts.signal ? { signal: opts.signal } : {});
      // a call made while the service is known to be unreachable answers at once: nothing waits on the network
      return answers.answer(localId, reach.reachable() ? run : Promise.resolve(), opts.waitMs);
    },
    online: () => reach.reachable(),
    lastSyncAt: () => {
      // this process's, or another's on the data directory (`punch log` while the app runs), whichever is later
      let shared: number | undefined;
      try {
        shared = deps.lastSync?.read(accountKeyOf(deps.session));
      } catch {
        // closed, or no account yet: this process's own
      }
      return shared === undefined || (lastSyncAt !== undefined && lastSyncAt > shared) ? lastSyncAt : shared;
    },
    paused: () => pacing.paused(),
    outage() {
      if (!closed && reach.nextCheckAt() !== undefined) retryLater();
    },
    reached() {
      if (closed) return;
      pacing.resetBackoff();
      // a run in progress goes on by itself; otherwise send what waited for the connection instead of the backoff
      const c = countByState(ledger.read());
      if (!running && c.queued + c.sending > 0) {
        pacing.cancelRetry();
        void engine.run();
      }
    },
    async close() {
      closed = true;
      pacing.close();
      // a read in flight (a check, a reconciliation) is given up; a write in flight is waited for below
      closing.abort();
      if (running) {
        let timer: TimerHandle | undefined;
        const wait = deps.options?.closeWaitMs ?? 10_000;
        await Promise.race([
          running,
          new Promise((r) => {
            timer = clock.setTimeout(() => r(undefined), wait);
          }),
        ]);
        clock.clearTimeout(timer);
      }
      // only now: while its step was in flight, this engine's `sending` mark had to stay "alive" for other engines
      me.close();
    },
  };
  return engine;
}
