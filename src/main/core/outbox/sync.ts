/**
 * The sync engine: sends the outbox to the service, one operation at a time in the order the user made them, and
 * classifies every failure by what is known about it (service/errors.ts `applied`):
 *
 * - applied 'no', transient (connection refused, DNS, 5xx before processing): keep queued, retry later with backoff
 *   (5 s doubling to 5 min while offline; any success resets it).
 * - RateLimitedError (429 / 7209 lock-out): pause THAT endpoint until its retryAfter; the rest of the outbox goes on.
 * - ServiceError (the service refused, e.g. "8002: over the maximum hours per day"): needs-attention with the
 *   service's message; entries behind it go on, except the ones of the same log (they wait with it).
 * - applied 'unknown' (answer lost): never re-send blindly; reconcile (./reconcile.ts) and ask the user when the
 *   outcome cannot be established.
 *
 * Write-ahead: an operation is marked `sending` on disk before its request goes out, so a crash at any point leaves
 * either a queued operation (not sent) or a `sending` one (maybe sent: reconciled on the next run).
 *
 * Several processes may sync one outbox (the app and `punch`): the mark is taken under the ledger's lock on the
 * latest document and names this engine (./claims.ts), so an operation is sent by one engine only, with its values
 * as they are when it is taken (not when it was picked).
 *
 * Closing: no new step and no new request after `close()`; it waits (bounded) for the step in flight, so that step's
 * outcome is recorded and nothing is written after it resolves. A step that outlives the wait stays `sending` on
 * disk (maybe sent), exactly as after a crash: it is reconciled on the next start.
 *
 * The failure classification and the settling of unknown outcomes are in ./sync-outcomes.ts, the backoff and pause
 * timers in ./sync-pacing.ts; this file holds the engine's state, the send loop and the run / close lifecycle.
 */
import type { Clock, Session } from '../context';
import type { SyncReport } from '../../../shared/domain';
import type { Journal, Ledger, OutboxOp } from './ledger';
import { accountKeyOf, countByState } from './ledger';
import { markApplied, markRefused, nextOperation } from './operations';
import { recheckAmbiguousAdds } from './reconcile';
import { claimOp, engineIdentity } from './claims';
import { closingSession } from './closing';
import { createSyncPacing } from './sync-pacing';
import { createSyncOutcomes, type Step } from './sync-outcomes';

export interface SyncOptions {
  /** First retry delay while offline (default 5 s), doubling up to `backoffMaxMs` (default 5 min). */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
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
  notify: (level: 'info' | 'warning' | 'error', message: string) => void;
  options?: SyncOptions;
}

export interface SyncEngine {
  /**
   * Sends what can be sent now; concurrent calls share one run (and one more run follows if asked meanwhile).
   * `recheck` (at start and on the user's "Sync now") also looks again for adds whose outcome was unknown.
   */
  run(opts?: { recheck?: boolean }): Promise<SyncReport>;
  online(): boolean;
  lastSyncAt(): number | undefined;
  /** Endpoints paused by a 429 / lock-out, with the time they may be used again. */
  paused(): Record<string, number>;
  /**
   * Any call to the service was answered (a read too, ./reachability.ts): online again, the offline backoff starts
   * over, and entries waiting out that backoff go now.
   */
  reached(): void;
  /** Any call could not connect (NetworkError, applied 'no'): offline, also when nothing is queued. */
  unreachable(): void;
  /** Stops timers and further steps; resolves when the step in flight ended (or the wait ran out). */
  close(): Promise<void>;
}

export function createSyncEngine(deps: SyncDeps): SyncEngine {
  const { ledger, clock } = deps;
  let online = true;
  let lastSyncAt: number | undefined;
  let running: Promise<SyncReport> | undefined;
  let again = false;
  let recheck = false;
  let closed = false;
  let sent = 0;
  const me = engineIdentity();
  // once closed, no request starts (a reconciliation reads several times)
  const session = closingSession(deps.session, () => closed);
  const pacing = createSyncPacing({
    clock,
    backoffBaseMs: deps.options?.backoffBaseMs,
    backoffMaxMs: deps.options?.backoffMaxMs,
    closed: () => closed,
    wake: () => { void engine.run(); },
  });

  /** One atomic change about one log, then the events (with the log's day before and after, for the week views). */
  function apply<T>(localId: string, fn: (j: Journal) => T): T {
    const dateOf = () => {
      const j = ledger.read();
      return j.rows[localId]?.workDate ?? j.ops.find((o) => o.localId === localId && o.add)?.add?.workDate;
    };
    const before = dateOf();
    const out = ledger.change(fn);
    deps.onChange([before, dateOf()].filter((d): d is string => !!d));
    return out;
  }

  /**
   * The outcome of an operation this engine holds. In the latest document it may be gone: another process took it
   * over after this engine's claim ran out, settled it, and the user discarded it. Then there is nothing to record.
   */
  function settle(op: OutboxOp, fn: (j: Journal) => void): void {
    apply(op.localId, (j) => { if (j.ops.some((o) => o.id === op.id)) fn(j); });
  }

  /** Takes the operation under the lock (see ./claims.ts); undefined when it is not ours to work on any more. */
  function claim(op: OutboxOp, reconcile: boolean): OutboxOp | undefined {
    return apply(op.localId, (j) => claimOp(j, op.id, clock.now(), me, reconcile));
  }

  function setOnline(value: boolean): void {
    if (online === value) return;
    online = value;
    deps.onStatus();
  }

  /** The service answered: online, the backoff starts over; `sentOne` when an operation was recorded as sent. */
  function succeeded(sentOne = false): void {
    pacing.resetBackoff();
    lastSyncAt = clock.now();
    setOnline(true);
    deps.onStatus();
    if (sentOne) sent++;
  }

  const outcomes = createSyncOutcomes({
    ledger, session, clock, pacing, settle, succeeded,
    offline: () => setOnline(false),
    notify: deps.notify,
    closed: () => closed,
  });

  async function send(picked: OutboxOp): Promise<Step> {
    if (picked.kind !== 'add' && !ledger.read().rows[picked.localId]?.timeLogId) {
      // only reachable when its add was marked recorded by hand: the service's id of the log is unknown
      settle(picked, (j) => markRefused(j, picked.id, clock.now(), 'The service id of this log is unknown (it was marked as recorded by hand), so Punchcard cannot change it. Change it in the service, then discard this entry.'));
      return 'next';
    }
    let client;
    try { client = session.client(); } catch (e) { deps.notify('warning', (e as Error).message); return 'stop'; }
    const op = claim(picked, false);
    if (!op) return 'next'; // taken, changed or settled meanwhile (another process): look again
    const row = ledger.read().rows[op.localId];
    try {
      if (op.kind === 'add') {
        const r = await client.addTimeLog({ user: session.user(), ...op.add! });
        settle(op, (j) => markApplied(j, op.id, clock.now(), { timeLogId: r.timeLogId }));
      } else if (op.kind === 'edit') {
        await client.editTimeLog({ timeLogId: row!.timeLogId!, ...op.patch });
        settle(op, (j) => markApplied(j, op.id, clock.now()));
      } else {
        await client.deleteTimeLog(row!.timeLogId!);
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
      if (closed) return;
      const next = nextOperation(ledger.read(), pacing.isPaused, accountKeyOf(session), (op) => me.claimedElsewhere(op, clock.now()) || pacing.waitsForRead(op));
      if (!next.ready) return;
      let step: Step = 'next';
      if (!next.reconcile) step = await send(next.op);
      else {
        const op = claim(next.op, true);
        if (op) step = await outcomes.settleAmbiguous(op);
      }
      if (step === 'stop') return;
    }
  }

  function report(): SyncReport {
    const c = countByState(ledger.read());
    return { sent, remaining: c.queued + c.sending, needsAttention: c.needsAttention, online };
  }

  const engine: SyncEngine = {
    run(opts = {}) {
      if (closed) return Promise.resolve(report());
      if (running) { again = true; recheck ||= !!opts.recheck; return running; }
      sent = 0;
      recheck = !!opts.recheck;
      running = (async () => {
        try {
          do {
            again = false;
            if (recheck) { recheck = false; sent += await recheckAmbiguousAdds({ ledger, session, now: () => clock.now(), apply }); }
            await runOnce();
          } while (again && !closed);
        } catch (e) {
          // a bug or a disk failure must not leave the engine stuck "running" (closing: nothing to tell anyone)
          if (!closed) deps.notify('error', `Sync stopped: ${(e as Error).message}`);
        } finally {
          running = undefined;
        }
        return report();
      })();
      return running;
    },
    online: () => online,
    lastSyncAt: () => lastSyncAt,
    paused: () => pacing.paused(),
    reached() {
      if (closed || online) return;
      pacing.resetBackoff();
      setOnline(true);
      // a run in progress goes on by itself; otherwise send what waited for the connection instead of the backoff
      if (!running && countByState(ledger.read()).queued > 0) {
        pacing.cancelRetry();
        void engine.run();
      }
    },
    unreachable() {
      if (!closed) setOnline(false);
    },
    async close() {
      closed = true;
      pacing.close();
      if (running) {
        let timer: NodeJS.Timeout | undefined;
        const wait = deps.options?.closeWaitMs ?? 10_000;
        await Promise.race([running, new Promise((r) => { timer = setTimeout(r, wait); })]);
        clearTimeout(timer);
      }
      // only now: while its step was in flight, this engine's `sending` mark had to stay "alive" for other engines
      me.close();
    },
  };
  return engine;
}
