/**
 * What the sync engine records, and whom it tells. Every change it makes is about one log and atomic (under the
 * journal's lock, on the latest document), followed by its events: the days of the log before and after (for the week
 * views: the root wires `onChange` to the change feed) and a word to whoever waits for that log's answer
 * (./answer.ts). "Last sync" is recorded when the service answered, for every process on the data directory
 * (./last-sync.ts).
 */
import type { Clock } from '../context';
import { accountKeyOf, type Session } from '../service';
import type { Journal, Ledger, OutboxOp } from '../journal';
import { claimOp, type EngineIdentity } from './claims';
import type { LastSyncRecord } from './last-sync';
import type { LogAnswers } from './answer';

export interface EngineRecordDeps {
  ledger: Ledger;
  clock: Clock;
  /** The signed-in account (the session handed in: "Last sync" is read after the engine closed too). */
  session: Pick<Session, 'account'>;
  me: EngineIdentity;
  answers: Pick<LogAnswers, 'changed'>;
  /** After every durable change: the days of the logs it touched (for `ledger`/`outbox` events). */
  onChange: (dates: string[]) => void;
  /** Online state or last sync time changed (for the `status` event). */
  onStatus: () => void;
  lastSync?: LastSyncRecord;
  /** The service answered: the backoff starts over (./pacing.ts). */
  resetBackoff: () => void;
}

export interface EngineRecords {
  /** One atomic change about log `localId`, then its events. */
  apply<T>(localId: string, fn: (j: Journal) => T): T;
  /**
   * The outcome of an entry this engine holds. In the latest document it may be gone: another process took it
   * over after this engine's claim ran out, settled it, and the user discarded it. Then there is nothing to record.
   */
  settle(op: OutboxOp, fn: (j: Journal) => void): void;
  /** Takes the entry under the lock (see ./claims.ts); undefined when it is not ours to work on any more. */
  claim(op: OutboxOp, reconcile: boolean): OutboxOp | undefined;
  /** The service answered a sync step: the backoff starts over and the last sync is now. */
  answered(): void;
  /** When a sync step of the signed-in account last got the service's answer, by any process on the data directory. */
  lastSyncAt(): number | undefined;
}

export function createEngineRecords(deps: EngineRecordDeps): EngineRecords {
  const { ledger, clock } = deps;
  const accountKey = () => accountKeyOf(deps.session);
  let lastSyncAt: number | undefined;

  function apply<T>(localId: string, fn: (j: Journal) => T): T {
    // the log's day before and after the change, for the week views
    const dateOf = () => {
      const j = ledger.read();
      return j.rows[localId]?.workDate ?? j.ops.find((o) => o.localId === localId && o.add)?.add?.workDate;
    };
    const before = dateOf();
    const out = ledger.change(fn);
    deps.onChange([before, dateOf()].filter((d): d is string => !!d));
    deps.answers.changed(localId);
    return out;
  }

  return {
    apply,
    settle(op, fn) {
      apply(op.localId, (j) => {
        if (j.ops.some((o) => o.id === op.id)) fn(j);
      });
    },
    claim: (op, reconcile) => apply(op.localId, (j) => claimOp(j, op.id, clock.now(), deps.me, reconcile)),
    answered() {
      deps.resetBackoff();
      lastSyncAt = clock.now();
      deps.lastSync?.record(accountKey(), lastSyncAt);
      deps.onStatus();
    },
    lastSyncAt() {
      // this process's, or another's on the data directory (`punch log` while the app runs), whichever is later
      let shared: number | undefined;
      try {
        shared = deps.lastSync?.read(accountKey());
      } catch {
        // closed, or no account yet: this process's own
      }
      return shared === undefined || (lastSyncAt !== undefined && lastSyncAt > shared) ? lastSyncAt : shared;
    },
  };
}
