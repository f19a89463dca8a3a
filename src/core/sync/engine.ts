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
 *   Refused as a future date while its day is already the user's: the service's calendar is behind (another zone),
 *   so it stays queued and goes again later (../outbox/service-day.ts).
 * - applied 'unknown' (answer lost): never re-send blindly; reconcile (./reconcile.ts) and ask the user when the
 *   outcome cannot be established.
 *
 * Several processes may sync one outbox (the app and `punch`): an entry is sent by one engine only (./claims.ts).
 *
 * Closing: no new step and no new request after `close()`; it waits (bounded) for the step in flight, so that step's
 * outcome is recorded and nothing is written after it resolves. A step that outlives the wait stays `sending` on
 * disk (maybe sent), exactly as after a crash: it is reconciled on the next start.
 *
 * The parts: one entry's send (./send.ts; an add queued before the rules were known: ./queued-rules.ts), one pass
 * over the outbox (./loop.ts), failures and unknown outcomes (./outcomes.ts), the timers (./pacing.ts), "Sync now"
 * (./asks.ts), what it records and tells (./records.ts). This file: the engine's state and its run / close lifecycle.
 */
import type { Clock, TimerHandle } from '../context';
import type { LoggedState } from '../../shared/contract';
import type { SyncReport } from '../../shared/domain';
import { accountKeyOf, errorValue, narrowCall, type CallOptions, type Reachability, type Session } from '../service';
import type { Ledger } from '../journal';
import { countByState, outboxWords } from '../outbox';
import { recheckAmbiguousAdds } from './reconcile';
import { engineIdentity } from './claims';
import { createEngineRecords, createSyncFeed, syncReportOf, type SyncEvents } from './records';
import { closingSession } from './closing-session';
import { createSyncPacing } from './pacing';
import { createSyncOutcomes } from './outcomes';
import type { LastSyncRecord } from './last-sync';
import { createLogAnswers } from './answer';
import { createAsks } from './asks';
import { createSender } from './send';
import { syncPass, type LoopDeps } from './loop';
import type { QueuedRules } from './queued-rules';
import type { Days } from '../../shared/time/zone';

/**
 * The engine's reads (the probe, the rules' check of an unchecked entry, reconciliation): no retries inside (the
 * engine's own retry, one per backoff step, is the retry), at most this long each, and aborted when it closes.
 */
export const ENGINE_READ_WITHIN_MS = 10_000;

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
  /** What the exchanges say about the connection; its session is the one `session` above wraps (../service/reachability.ts). */
  reach: Reachability;
  /** What an `unchecked` add is checked against before it is sent; without it, such an add is sent as it is. */
  rules?: QueuedRules;
  days?: Days; // the user's days (the zone they chose): a refusal as a day to come is weighed against their today
  /** The last sync, shared by every process on the data directory (./last-sync.ts); without it, this process's only. */
  lastSync?: LastSyncRecord;
  options?: SyncOptions;
}

/** The engine; what it tells the layers above (changes, the status, notices) they hear by subscribing (`SyncEvents`). */
export interface SyncEngine extends SyncEvents {
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
  let running: Promise<SyncReport> | undefined;
  let again = false;
  let recheck = false;
  let closed = false;
  let checkAsked = false;
  /** "Sync now" against the step an entry waits after it was found absent. */
  const asks = createAsks();
  /** This run's entries sent, and found already on the service (not sent again): its report. */
  let [sent, found] = [0, 0];
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
  /** Whom the engine tells: whoever subscribed above it (./records.ts). */
  const feed = createSyncFeed();

  const records = createEngineRecords({
    ledger,
    clock,
    session: deps.session,
    me,
    answers,
    tell: feed,
    lastSync: deps.lastSync,
    resetBackoff: () => pacing.resetBackoff(),
  });
  const { apply, settle, claim } = records;
  /** The service answered; `counted`: the entry was sent by this run, or found already on the service (the report). */
  function succeeded(counted?: 'sent' | 'found'): void {
    records.answered();
    if (counted === 'sent') sent++;
    else if (counted === 'found') found++;
  }

  // what the engine's parts share: its session (closing with it), its reads' limits, its retry, its state
  const shared = {
    ...{ ledger, session, clock, reach, engineRead, retryLater, days: deps.days },
    notify: feed.notice,
    closed: () => closed,
  };
  const outcomes = createSyncOutcomes({
    ...shared,
    settle,
    refuse: records.refuse,
    succeeded,
    pacing: { ...pacing, scheduleRetry: retryLater },
    // the status learnt it from the call itself (../service/reachability.ts)
    offline: () => undefined,
  });
  const sender = createSender({
    ...shared,
    rules: deps.rules,
    apply,
    settle,
    claim: (op) => claim(op, false),
    succeeded,
    engineWrite,
    failed: outcomes.failed,
    retryAt: (at) => pacing.scheduleRetry(at),
    sending: asks.sending,
  });
  const loop: LoopDeps = {
    ...shared,
    me,
    pacing,
    asks,
    send: sender.send,
    claimToReconcile: (op) => claim(op, true),
    settleAmbiguous: outcomes.settleAmbiguous,
    stopped: () => closed || stoppedRun(),
  };

  /** The signed-in account's counts, like the status line's (./records.ts `syncReportOf`). */
  const report = (): SyncReport => syncReportOf(ledger.read(), accountKeyOf(session), { sent, found }, reach.reachable());

  const engine: SyncEngine = {
    run(opts = {}) {
      if (closed) return Promise.resolve(report());
      // the user asked: check at once, at the start of the next pass (a check failing in flight does not undo it)
      if (opts.now) {
        checkAsked = true;
        asks.asked(clock.now(), ledger.read());
        pacing.forgetServiceDay();
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
      [sent, found] = [0, 0];
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
                found += await recheckAmbiguousAdds({
                  ledger,
                  session,
                  now: () => clock.now(),
                  days: deps.days,
                  apply,
                  call: engineRead(),
                });
            }
            await syncPass(loop);
          } while (again && !closed && !stoppedRun());
        } catch (e) {
          // a bug or a disk failure must not leave the engine stuck "running" (closing: nothing to tell anyone)
          if (!closed) feed.notice('error', outboxWords.stopped(errorValue(e)));
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
    onChange: feed.onChange,
    onStatus: feed.onStatus,
    onNotice: feed.onNotice,
    onRefused: feed.onRefused,
    online: () => reach.reachable(),
    lastSyncAt: () => records.lastSyncAt(),
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
