/**
 * The user's "Sync now" against the step an entry waits after the service showed it absent (./pacing.ts
 * `resendDelay`): an entry waiting out such a step, and not sent since the user last asked, goes at once, once; after
 * that send its steps hold again.
 *
 * The order of a send and an ask: this engine's own sends are ordered against the asks by count, because the clock
 * cannot tell them apart when both fall in the same millisecond (an ask then came after the send, and must release its
 * step); another process's send only by the clock.
 */
import type { Journal, OutboxOp } from '../journal';
import { ofAccount } from '../outbox';

export interface SyncAsks {
  /** The user asked to sync now (at `now`, on the clock); `j`: the latest document, to forget what waits no more. */
  asked(now: number, j: Readonly<Journal>): void;
  /** This engine marked `op` as `sending` (its `sentAt` set) and sends it now. */
  sending(op: OutboxOp): void;
  /** Whether `op` still waits out its step after it was found absent (so it is not sent now). */
  held(op: OutboxOp, now: number): boolean;
  /** When the first entry of `account` waiting out such a step may go (another process may have set it), if any. */
  firstRelease(j: Readonly<Journal>, account: string, now: number): number | undefined;
}

export function createAsks(): SyncAsks {
  /** When the user last asked to sync now. */
  let askedAt: number | undefined;
  /** How many times the user asked to sync now. */
  let asks = 0;
  /**
   * The entries this engine sent, each with `asks` at its send and the send's time. Forgotten at the next ask once the
   * entry waits no more.
   */
  const sentAfterAsk = new Map<string, { asks: number; sentAt: number | undefined }>();

  function held(op: OutboxOp, now: number): boolean {
    if (op.retryAt === undefined || op.retryAt <= now) return false;
    if (askedAt === undefined) return true;
    const mine = sentAfterAsk.get(op.id);
    if (mine && mine.sentAt === op.sentAt) return mine.asks === asks;
    return (op.sentAt ?? 0) >= askedAt;
  }

  return {
    asked(now, j) {
      askedAt = now;
      asks++;
      const waiting = new Set(j.ops.filter((op) => op.state === 'queued' || op.state === 'sending').map((op) => op.id));
      for (const id of sentAfterAsk.keys()) if (!waiting.has(id)) sentAfterAsk.delete(id);
    },
    sending(op) {
      sentAfterAsk.set(op.id, { asks, sentAt: op.sentAt });
    },
    held,
    firstRelease(j, account, now) {
      let first: number | undefined;
      for (const op of j.ops) {
        if (op.state !== 'queued' || !held(op, now) || !ofAccount(j.rows[op.localId], account)) continue;
        if (first === undefined || op.retryAt! < first) first = op.retryAt!;
      }
      return first;
    },
  };
}
