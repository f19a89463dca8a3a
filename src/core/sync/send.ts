/**
 * Sending one entry that is not being reconciled: the sync engine's step for it (./engine.ts runs the loop).
 *
 * - An add queued before the company's rules were known is checked first (./queued-rules.ts).
 * - "Send again" on an add whose answer was lost looks once more where the service lists time logs.
 * - The probe rule (../service/reachability.ts): an entry is marked `sending` and sent only after a fresh answered
 *   exchange; otherwise one cheap read goes first, and when it fails nothing is marked or sent (plainly queued).
 * - Write-ahead: the entry is marked `sending` on disk (under the journal's lock, naming this engine: ./claims.ts)
 *   before its request goes out, so a crash at any point leaves either a queued entry (not sent) or a `sending` one
 *   (maybe sent: reconciled on the next run). A failed send is classified by ./outcomes.ts.
 */
import type { Clock } from '../context';
import type { Days } from '../../shared/time/zone';
import { AuthError, RateLimitedError, errorText, errorValue, type CallOptions, type Reachability, type Session } from '../service';
import type { Words } from '../../shared/i18n/said';
import type { Journal, Ledger, OutboxOp } from '../journal';
import { outboxWords, markApplied, markRefused, noteAttempt } from '../outbox';
import { findAddAgain } from './reconcile';
import { checkQueuedAdd, type QueuedRules } from './queued-rules';
import type { Step } from './outcomes';

export interface SenderDeps {
  ledger: Ledger;
  /** The engine's session (no request once the engine is closed: ./closing-session.ts). */
  session: Session;
  clock: Clock;
  reach: Reachability;
  /** The user's days: an entry applied prunes the ledger's old days counted from their today (../outbox/housekeeping.ts). */
  days?: Days;
  /** What an `unchecked` add is checked against before it is sent; without it, such an add is sent as it is. */
  rules?: QueuedRules;
  notify: (level: 'info' | 'warning' | 'error', message: string | Words) => void;
  /** The engine's one atomic change about one log, with its events. */
  apply: <T>(localId: string, fn: (j: Journal) => T) => T;
  /** Records the outcome of an entry this engine holds (nothing when it is gone from the latest document). */
  settle: (op: OutboxOp, fn: (j: Journal) => void) => void;
  /** Takes the entry under the lock (./claims.ts); undefined when it is not this engine's to work on any more. */
  claim: (op: OutboxOp) => OutboxOp | undefined;
  /** The service answered; `counted`: the entry was sent by this run, or found already on the service (./outcomes.ts). */
  succeeded: (counted?: 'sent' | 'found') => void;
  /** The limits of one of the engine's reads, and of its writes (./engine.ts). */
  engineRead: () => CallOptions;
  engineWrite: () => CallOptions;
  /** A send of the entry (marked `sending`) threw: ./outcomes.ts records what is known. */
  failed: (op: OutboxOp, e: unknown) => Promise<Step>;
  /** Run again at `at` (a paused read), or when reachability grants the next check (else after a backoff). */
  retryAt: (at: number) => void;
  retryLater: () => void;
  /** This engine marked the entry `sending` and sends it now (./asks.ts orders it against "Sync now"). */
  sending: (op: OutboxOp) => void;
  closed: () => boolean;
}

export function createSender(deps: SenderDeps): { send(picked: OutboxOp): Promise<Step> } {
  const { ledger, session, clock, reach, apply, settle } = deps;

  /**
   * Nothing was sent for `op` (the check before it, or reading the rules, failed): it stays queued exactly as it was,
   * never `sending`, so nothing about it is ambiguous. The attempt is noted only on an entry still untouched.
   */
  function notSent(op: OutboxOp, e: unknown): Step {
    if (deps.closed()) return 'stop';
    if (e instanceof AuthError) {
      deps.notify('error', outboxWords.paused(errorValue(e)));
      return 'stop';
    }
    if (e instanceof RateLimitedError) {
      // the rules' read is paused (no cache to fall back on): wait for it; picking the entry again at once would spin
      // (the client refuses a paused endpoint without I/O)
      deps.retryAt(clock.now() + e.retryAfterMs);
      return 'stop';
    }
    const message = errorText(e);
    apply(op.localId, (j) => {
      const o = j.ops.find((x) => x.id === op.id);
      if (o && o.state === 'queued' && (!o.maybeSent || o.resendApproved) && !o.sendingBy)
        noteAttempt(j, o.id, clock.now(), 'retry', message);
    });
    deps.retryLater();
    return 'stop';
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
      found = await findAddAgain(session.client(), session.user(), ledger.read(), op.add!, deps.engineRead());
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
        days: deps.days,
        message: outboxWords.foundBeforeResend(),
      });
      return true;
    });
    if (settled) deps.succeeded('found');
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
      const step = await checkQueuedAdd(picked, deps.rules, {
        ledger,
        now: () => clock.now(),
        apply,
        notify: deps.notify,
        engineRead: deps.engineRead,
        notSent,
      });
      if (step) return step;
    }
    if (picked.kind === 'add' && picked.resendApproved) {
      const step = await lookOnceMore(picked);
      if (step) return step;
    }
    // the probe rule (../service/reachability.ts): asked BEFORE the `sending` mark, so a failed check leaves it plainly queued
    try {
      await reach.ensureFresh(deps.engineRead());
    } catch (e) {
      return notSent(picked, e);
    }
    if (deps.closed()) return 'stop';
    const op = deps.claim(picked);
    if (!op) return 'next'; // taken, changed or settled meanwhile (another process): look again
    deps.sending(op);
    const row = ledger.read().rows[op.localId];
    try {
      if (op.kind === 'add') {
        const r = await client.addTimeLog({ user: session.user(), ...op.add! }, deps.engineWrite());
        settle(op, (j) => markApplied(j, op.id, clock.now(), { timeLogId: r.timeLogId, days: deps.days }));
      } else if (op.kind === 'edit') {
        await client.editTimeLog({ timeLogId: row!.timeLogId!, ...op.patch }, deps.engineWrite());
        settle(op, (j) => markApplied(j, op.id, clock.now(), { days: deps.days }));
      } else {
        await client.deleteTimeLog(row!.timeLogId!, deps.engineWrite());
        settle(op, (j) => markApplied(j, op.id, clock.now(), { days: deps.days }));
      }
      deps.succeeded('sent');
      return 'next';
    } catch (e) {
      return deps.failed(op, e);
    }
  }

  return { send };
}
