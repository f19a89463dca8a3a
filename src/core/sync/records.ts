/**
 * What the sync engine records, and whom it tells. Every change it makes is about one log and atomic (under the
 * journal's lock, on the latest document), followed by its events: the days of the log before and after (for the week
 * views) and a word to whoever waits for that log's answer (./answer.ts). "Last sync" is recorded when the service
 * answered, for every process on the data directory (./last-sync.ts).
 *
 * The engine tells the layers above through a feed it owns (`SyncEvents`): they subscribe to it (the root wires the
 * change feed, the status and the notices: src/core/root/punchcard.ts), and the engine calls nothing above it.
 */
import type { Clock } from '../context';
import type { Words } from '../../shared/i18n/said';
import { accountKeyOf, type Session } from '../service';
import type { Journal, Ledger, OutboxOp } from '../journal';
import { claimOp, type EngineIdentity } from './claims';
import type { LastSyncRecord } from './last-sync';
import type { LogAnswers } from './answer';
import type { SyncReport } from '../../shared/domain';
import { countByState, heldForAnswer } from '../outbox';

/**
 * A sync's report: the signed-in account's counts, like the status line's (entries of another account wait for it,
 * counted apart), and those held for the user's answer to a torn delete said apart (not sent until the answer).
 */
export function syncReportOf(
  j: Readonly<Journal>,
  account: string | undefined,
  counts: { sent: number; found: number },
  online: boolean,
): SyncReport {
  const c = countByState(j, account);
  const held = c.queued + c.sending > 0 ? heldForAnswer(j, account) : 0;
  return {
    sent: counts.sent,
    alreadyThere: counts.found,
    remaining: c.queued + c.sending,
    needsAttention: c.needsAttention,
    online,
    ...(held ? { heldForAnswer: held } : {}),
  };
}

export interface EngineRecordDeps {
  ledger: Ledger;
  clock: Clock;
  /** The signed-in account (the session handed in: "Last sync" is read after the engine closed too). */
  session: Pick<Session, 'account'>;
  me: EngineIdentity;
  answers: Pick<LogAnswers, 'changed'>;
  /** The engine's own feed, told of every change and answer recorded here. */
  tell: Pick<SyncFeed, 'changed' | 'status' | 'refused'>;
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
  /** The service refused the entry: settled as `settle`, then the refusal's days told (`SyncEvents.onRefused`). */
  refuse(op: OutboxOp, fn: (j: Journal) => void): void;
  /** Takes the entry under the lock (see ./claims.ts); undefined when it is not ours to work on any more. */
  claim(op: OutboxOp, reconcile: boolean): OutboxOp | undefined;
  /** The service answered a sync step: the backoff starts over and the last sync is now. */
  answered(): void;
  /** When a sync step of the signed-in account last got the service's answer, by any process on the data directory. */
  lastSyncAt(): number | undefined;
}

export type NoticeLevel = 'info' | 'warning' | 'error';

/**
 * What the engine tells whoever listens above it; each `on...` returns its unsubscribe. A listener runs inside the
 * engine's step (as a call would): it hands the news on, it does not work there.
 */
export interface SyncEvents {
  /** After every durable change the engine made: the days of the log before and after (the `ledger`/`outbox` events). */
  onChange(listener: (dates: string[]) => void): () => void;
  /** Whether the service answers, or the last sync, changed (the `status` event). */
  onStatus(listener: () => void): () => void;
  /** Something the user should hear of now: an entry refused, gone, unsettled; an endpoint paused; the engine stopped. */
  onNotice(listener: (level: NoticeLevel, message: string | Words) => void): () => void;
  /**
   * The service refused an entry about these days: its week may have moved on there (submitted or approved on the
   * phone, decided by the manager), so what is kept of it is no longer to be trusted (the root reads it again).
   */
  onRefused(listener: (dates: string[]) => void): () => void;
}

/** The feed behind `SyncEvents`: the engine's parts tell it, the layers above subscribe. */
export interface SyncFeed extends SyncEvents {
  changed(dates: string[]): void;
  status(): void;
  notice(level: NoticeLevel, message: string | Words): void;
  refused(dates: string[]): void;
}

export function createSyncFeed(): SyncFeed {
  const channel = <A extends unknown[]>() => {
    const listeners = new Set<(...args: A) => void>();
    return {
      on(listener: (...args: A) => void) {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
      tell: (...args: A) => {
        for (const l of [...listeners]) l(...args);
      },
    };
  };
  const change = channel<[string[]]>();
  const status = channel<[]>();
  const notice = channel<[NoticeLevel, string | Words]>();
  const refused = channel<[string[]]>();
  return {
    onChange: change.on,
    onStatus: status.on,
    onNotice: notice.on,
    onRefused: refused.on,
    changed: change.tell,
    status: status.tell,
    notice: notice.tell,
    refused: refused.tell,
  };
}

export function createEngineRecords(deps: EngineRecordDeps): EngineRecords {
  const { ledger, clock } = deps;
  const accountKey = () => accountKeyOf(deps.session);
  let lastSyncAt: number | undefined;

  function apply<T>(localId: string, fn: (j: Journal) => T, refused = false): T {
    // the log's day before and after the change, for the week views
    const dateOf = () => {
      const j = ledger.read();
      return j.rows[localId]?.workDate ?? j.ops.find((o) => o.localId === localId && o.add)?.add?.workDate;
    };
    const before = dateOf();
    const out = ledger.change(fn);
    const dates = [before, dateOf()].filter((d): d is string => !!d);
    // the weeks first, so that the screens told of the change next read them again
    if (refused) deps.tell.refused(dates);
    deps.tell.changed(dates);
    deps.answers.changed(localId);
    return out;
  }
  const settleWith = (op: OutboxOp, fn: (j: Journal) => void, refused: boolean) =>
    apply(
      op.localId,
      (j) => {
        if (j.ops.some((o) => o.id === op.id)) fn(j);
      },
      refused,
    );

  return {
    apply,
    settle: (op, fn) => settleWith(op, fn, false),
    refuse: (op, fn) => settleWith(op, fn, true),
    claim: (op, reconcile) => apply(op.localId, (j) => claimOp(j, op.id, clock.now(), deps.me, reconcile, accountKey())),
    answered() {
      deps.resetBackoff();
      lastSyncAt = clock.now();
      deps.lastSync?.record(accountKey(), lastSyncAt);
      deps.tell.status();
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
