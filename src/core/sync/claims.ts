/**
 * Who is sending what, when several processes share one outbox (the app or web mode, and `punch`). The `sending`
 * mark (write-ahead, ../outbox/send-steps.ts) is taken under the ledger's lock and names the engine that took it. Another
 * engine leaves such an entry alone while its owner is alive and the mark is recent; otherwise the owner
 * crashed (or hangs) and the entry is reconciled, never re-sent blindly (./reconcile.ts).
 *
 * "Alive": an engine of this process that is not closed; or another process whose pid exists. "Recent": within
 * CLAIM_LEASE_MS, which covers the client's timeout (30 s) plus a full pacing window (the limiter may hold a
 * request up to a minute before it goes), with room to spare; it also ends a claim whose pid was reused.
 */
import { randomUUID } from 'node:crypto';
import { pidAlive } from '../store';
import { current, type Journal, type OutboxOp } from '../journal';
import { markSending, ofAccount } from '../outbox';

export const CLAIM_LEASE_MS = 5 * 60_000;

export type Claimant = NonNullable<OutboxOp['sendingBy']>;

/** Engines of this process that are running (closed ones are gone: their marks are crash leftovers). */
const liveEngines = new Set<string>();

export interface EngineIdentity {
  id: string;
  claimant(now: number): Claimant;
  /** Is `op` in flight in ANOTHER live engine right now? */
  claimedElsewhere(op: OutboxOp, now: number): boolean;
  close(): void;
}

export function engineIdentity(): EngineIdentity {
  const id = `${process.pid}-${randomUUID()}`;
  liveEngines.add(id);
  return {
    id,
    claimant: (now) => ({ pid: process.pid, engine: id, at: now }),
    claimedElsewhere(op, now) {
      const by = op.sendingBy;
      if (op.state !== 'sending' || !by || by.engine === id) return false;
      if (now - by.at > CLAIM_LEASE_MS) return false;
      return by.pid === process.pid ? liveEngines.has(by.engine) : pidAlive(by.pid);
    },
    close() {
      liveEngines.delete(id);
    },
  };
}

/**
 * Takes an entry for this engine, in the latest document (the caller holds the lock through `ledger.change`):
 * the `sending` mark for a send, or the right to reconcile one found `sending`. Returns the entry as it is NOW
 * (the user may have folded an edit into it since it was picked), or undefined when it is not ours to take: it was
 * synced, discarded, refused or resolved meanwhile, another live engine is sending it, its log is now held for
 * the user's answer to a torn delete, or it was made under another account than the one signed in now.
 */
export function claimOp(
  j: Journal,
  id: string,
  now: number,
  me: EngineIdentity,
  reconcile: boolean,
  /** The signed-in account now (its key); undefined: any. */
  account?: string,
): OutboxOp | undefined {
  const op = j.ops.find((o) => o.id === id);
  if (!op || op.state === 'synced' || op.state === 'needs-attention') return undefined;
  // made under another account than the one signed in now: the user switched while the reachability check was
  // awaited; sent now, the log would go to the new account's timesheet (`nextOperation` skips it for that reason)
  if (account !== undefined && !ofAccount(j.rows[op.localId], account)) return undefined;
  // held since it was picked: the engine picks from the document it read, then waits for the reachability check
  // before this claim; taking the lock for the claim is what may find a torn delete of its log (../journal/file/
  // repair.ts holds the log, `deleteOffered`). Sent anyway, a log the user deleted would reach the service before
  // they answer (../outbox/send-steps.ts `nextOperation` skips such a log for the same reason).
  if (j.rows[op.localId]?.deleteOffered !== undefined) return undefined;
  if (me.claimedElsewhere(op, now)) return undefined;
  // what to do depends on the document now, not on when the entry was picked
  if (op.maybeSent && !op.resendApproved) {
    if (!reconcile) return undefined;
    op.state = 'sending';
    op.sendingBy = me.claimant(now);
    op.updatedAt = now;
  } else {
    if (reconcile) return undefined;
    markSending(j, id, now, me.claimant(now));
  }
  return current(op); // a copy to work with outside the change (`op` is a draft of the journal)
}
