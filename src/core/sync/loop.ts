/**
 * One pass of the sync engine over the outbox: it picks the next entry it may work on (in the order they were made,
 * skipping paused endpoints, entries another live engine holds, entries waiting for a paused read or out a step after
 * they were found absent), sends it (./send.ts) or settles its unknown outcome (./outcomes.ts), and goes on until an
 * entry's step says stop or nothing is ready. During an outage it checks once per backoff step, whatever asked for the
 * pass; with nothing to send it still checks while the service is down, so the status comes back by itself.
 */
import type { Clock } from '../context';
import { accountKeyOf, type CallOptions, type Reachability, type Session } from '../service';
import type { Journal, Ledger, OutboxOp } from '../journal';
import { dayOf, nextOperation } from '../outbox';
import type { EngineIdentity } from './claims';
import type { SyncPacing } from './pacing';
import type { SyncAsks } from './asks';
import type { Step } from './outcomes';

export interface LoopDeps {
  ledger: Ledger;
  clock: Clock;
  session: Session;
  reach: Reachability;
  me: EngineIdentity;
  pacing: Pick<SyncPacing, 'isPaused' | 'waitsForRead' | 'wakeAt' | 'waitsForServiceDay'>;
  asks: Pick<SyncAsks, 'held' | 'firstRelease'>;
  /** Sends an entry that is not being reconciled (./send.ts). */
  send: (op: OutboxOp) => Promise<Step>;
  /** Takes an entry found `sending` to reconcile it (./claims.ts); undefined when it is not ours any more. */
  claimToReconcile: (op: OutboxOp) => OutboxOp | undefined;
  /** Settles the unknown outcome of an entry this engine took (./outcomes.ts). */
  settleAmbiguous: (op: OutboxOp) => Promise<Step>;
  /** Run again when reachability grants the next check, else after a backoff. */
  retryLater: () => void;
  engineRead: () => CallOptions;
  /** The engine was closed, or a caller stopped this run. */
  stopped: () => boolean;
  closed: () => boolean;
}

/** Works through the outbox until an entry's step says stop or nothing more is ready. */
export async function syncPass(deps: LoopDeps): Promise<void> {
  const { ledger, clock, pacing, reach } = deps;
  for (;;) {
    if (deps.stopped()) return;
    const j = ledger.read();
    const now = clock.now();
    const next = nextOperation(
      j,
      pacing.isPaused,
      accountKeyOf(deps.session),
      (op) => deps.me.claimedElsewhere(op, now) || pacing.waitsForRead(op),
      (op) => deps.asks.held(op, now) || waitsForServiceDay(deps, j, op),
    );
    if (!next.ready) {
      wakeForHeld(deps, j, now);
      await checkWhileDown(deps);
      return;
    }
    // an outage: one check per backoff step, whatever asked for this run (a new entry, another process, a read)
    if (!reach.mayCheck()) {
      deps.retryLater();
      return;
    }
    let step: Step = 'next';
    if (!next.reconcile) step = await deps.send(next.op);
    else {
      const op = deps.claimToReconcile(next.op);
      if (op) step = await deps.settleAmbiguous(op);
    }
    if (step === 'stop') return;
  }
}

/** An entry waiting for the service's day waits while an earlier one of its day or before was just refused so. */
function waitsForServiceDay(deps: LoopDeps, j: Readonly<Journal>, op: OutboxOp): boolean {
  if (!op.waitsForServiceDay) return false;
  const day = dayOf(op, j.rows[op.localId]);
  return day !== undefined && deps.pacing.waitsForServiceDay(day);
}

/** Run again when the first entry waiting out its step after it was found absent may go (another process may have set it). */
function wakeForHeld(deps: LoopDeps, j: Readonly<Journal>, now: number): void {
  const first = deps.asks.firstRelease(j, accountKeyOf(deps.session), now);
  if (first !== undefined) deps.pacing.wakeAt(first);
}

/**
 * Nothing to send, but the service could not be used: one check when it is due (the probe), so the status comes back
 * by itself when the network does, and the next one at the following step. Measured, never assumed; bounded like
 * every other check. Not while the token is rejected (that waits for the user).
 */
async function checkWhileDown(deps: LoopDeps): Promise<void> {
  const { reach } = deps;
  if (deps.closed() || reach.nextCheckAt() === undefined) return;
  if (reach.mayCheck()) await reach.ensureFresh(deps.engineRead()).catch(() => undefined);
  if (!deps.closed() && reach.nextCheckAt() !== undefined) deps.retryLater();
}
