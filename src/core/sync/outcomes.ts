/**
 * What the sync engine (./engine.ts) records when a send fails, by what is known about it (service/errors.ts
 * `applied`), and how it settles an entry whose outcome is unknown (./reconcile.ts). See ./engine.ts for the
 * classification as a whole and docs/outbox.md "Classifying failures".
 */
import type { Clock } from '../context';
import {
  AuthError,
  errorText,
  errorValue,
  NetworkError,
  RateLimitedError,
  ServerError,
  ServiceError,
  type CallOptions,
  type Session,
} from '../service';
import type { SaidValue, Words } from '../../shared/i18n/said';
import type { Journal, Ledger, OutboxOp } from '../journal';
import {
  outboxWords,
  ENDPOINT,
  markAbsent,
  markAmbiguous,
  markApplied,
  markRefused,
  markRetry,
  markWaitingForServiceDay,
  noteAttempt,
  serviceDayBehind,
  serviceDayRetryAt,
} from '../outbox';
import { createDays, type Days } from '../../shared/time/zone';
import { reconcile } from './reconcile';
import type { SyncPacing } from './pacing';

/** After one entry: go on with the next one, or stop this run (offline, signed out, closing). */
export type Step = 'next' | 'stop';

export interface OutcomeDeps {
  ledger: Ledger;
  /** The engine's session (refuses new requests once the engine is closed, ../store/closing.ts). */
  session: Session;
  clock: Clock;
  /** The user's days (the zone they chose): the today a refusal as a day to come is weighed against. */
  days?: Days;
  pacing: Pick<SyncPacing, 'pause' | 'scheduleRetry' | 'waitForRead' | 'resendDelay' | 'wakeAt' | 'serviceDayRefused'>;
  /** Records the outcome of an entry this engine holds (nothing when it is gone from the latest document). */
  settle: (op: OutboxOp, fn: (j: Journal) => void) => void;
  /** Records the service's refusal of an entry, as `settle`, and says its weeks may have moved on (./records.ts). */
  refuse: (op: OutboxOp, fn: (j: Journal) => void) => void;
  /**
   * The service answered (online, backoff over); `counted`: how the entry counts in the run's report: `sent` by this
   * run, or `found` already on the service (put there by an earlier run whose end the disk or a crash lost).
   */
  succeeded: (counted?: 'sent' | 'found') => void;
  /** The limits of one of the engine's reads (no retries inside, bounded, aborted on close): see ./engine.ts. */
  engineRead: () => CallOptions;
  /** The service could not be reached. */
  offline: () => void;
  notify: (level: 'info' | 'warning' | 'error', message: string | Words) => void;
  closed: () => boolean;
}

export interface SyncOutcomes {
  /** A send of `op` (already marked `sending`) threw `e`: records what is known and says how the run goes on. */
  failed(op: OutboxOp, e: unknown): Promise<Step>;
  /**
   * `op` may or may not have been applied: asks the service (never re-sends blindly) and records the answer.
   * `sentNow`: this run sent it (its answer was lost), so found on the service it counts as sent, not as found.
   */
  settleAmbiguous(op: OutboxOp, sentNow?: boolean): Promise<Step>;
}

export function createSyncOutcomes(deps: OutcomeDeps): SyncOutcomes {
  const { ledger, session, clock, pacing, settle } = deps;
  const days = deps.days ?? createDays(clock);

  /** "01:30 on Support Tickets, Wed 18 Nov" (the entry's id when its log is gone). */
  function describe(op: OutboxOp): SaidValue {
    const row = ledger.read().rows[op.localId];
    const f = op.add ?? row;
    return outboxWords.entry(f ? { hours: f.hours, jobName: f.jobName || undefined, workDate: f.workDate } : undefined, op.id);
  }

  /** A transient failure: the entry was not applied; stop this run and come back later. */
  function transient(op: OutboxOp, e: Error, offline: boolean): Step {
    settle(op, (j) => markRetry(j, op.id, clock.now(), errorText(e)));
    if (offline) deps.offline();
    pacing.scheduleRetry();
    return 'stop';
  }

  async function settleAmbiguous(op: OutboxOp, sentNow = false): Promise<Step> {
    let result;
    try {
      result = await reconcile(session.client(), session.user(), ledger.read(), op, deps.engineRead());
    } catch (e) {
      // cannot even ask: the entry stays `sending` (maybe sent) and is reconciled on a later run; so too when the
      // caller stopped the run (Ctrl+C), which says nothing about the network
      if (deps.closed() || isCancelled(e)) return 'stop';
      if (e instanceof RateLimitedError) {
        const endpoint = e.endpoint || ENDPOINT[op.kind];
        pacing.pause(endpoint, e.retryAfterMs);
        pacing.waitForRead(op.id, endpoint);
        return 'next';
      }
      settle(op, (j) => noteAttempt(j, op.id, clock.now(), 'ambiguous', outboxWords.cannotCheck(errorValue(e))));
      if (e instanceof NetworkError) deps.offline();
      pacing.scheduleRetry();
      return 'stop';
    }
    const now = clock.now();
    switch (result.outcome) {
      case 'applied':
        settle(op, (j) =>
          markApplied(j, op.id, now, { timeLogId: result.timeLogId, outcome: 'reconciled', message: outboxWords.found(), days }),
        );
        deps.succeeded(sentNow ? 'sent' : 'found');
        return 'next';
      case 'not-applied': {
        // It failed without reaching the service, and the same path will likely fail the same way at once: it goes
        // again one backoff step after its last send (doubling per re-send), never in a loop (../outbox/send-steps.ts).
        const resends = op.resends ?? 0;
        const retryAt = (op.sentAt ?? now) + pacing.resendDelay(resends);
        const waitMs = retryAt > now ? Math.max(1000, Math.round((retryAt - now) / 1000) * 1000) : 0;
        settle(op, (j) => markAbsent(j, op.id, now, retryAt, outboxWords.absent(op.kind, waitMs, resends > 0 ? resends + 1 : 0)));
        if (retryAt > now) pacing.wakeAt(retryAt);
        return 'next';
      }
      case 'gone':
        settle(op, (j) => markRefused(j, op.id, now, outboxWords.gone()));
        deps.notify('warning', outboxWords.goneNotice(describe(op)));
        return 'next';
      case 'unknown':
        settle(op, (j) => markAmbiguous(j, op.id, now, result.message));
        deps.notify('warning', outboxWords.unknownNotice(describe(op)));
        return 'next';
    }
  }

  async function failed(op: OutboxOp, e: unknown): Promise<Step> {
    const now = clock.now();
    if (e instanceof RateLimitedError) {
      settle(op, (j) => markRetry(j, op.id, now, errorText(e)));
      pacing.pause(e.endpoint || ENDPOINT[op.kind], e.retryAfterMs);
      return 'next';
    }
    if (e instanceof ServiceError && op.kind === 'delete' && e.code === 7049) {
      // 7049 "no such record": the log is already gone, which is what the delete wanted
      settle(op, (j) => markApplied(j, op.id, now, { outcome: 'reconciled', message: errorText(e), days }));
      deps.succeeded('found');
      return 'next';
    }
    // refused as a future day that is the user's today: the service's calendar is behind (another zone); it waits
    const wait = e instanceof ServiceError ? serviceDayBehind(op, ledger.read().rows[op.localId], e, days.dayOf(now), now) : undefined;
    if (wait) {
      // just after the next quarter hour, when the service's day may have begun (../outbox/service-day.ts)
      const retryAt = serviceDayRetryAt(now);
      const words = outboxWords.waitsForServiceDay(op.kind, wait.day, wait.serviceDay);
      settle(op, (j) => markWaitingForServiceDay(j, op.id, now, retryAt, wait, words));
      pacing.serviceDayRefused(wait.day, retryAt);
      deps.succeeded(); // the service answered: we are online
      return 'next';
    }
    if (e instanceof ServiceError) {
      // the words for people (service/words.ts); the code stays on the error, the field goes to the Fix form
      deps.refuse(op, (j) => markRefused(j, op.id, now, errorText(e), e.field));
      deps.notify('warning', outboxWords.refusedNotice(describe(op), errorValue(e)));
      deps.succeeded(); // the service answered: we are online
      return 'next';
    }
    if (e instanceof AuthError) {
      settle(op, (j) => markRetry(j, op.id, now, errorText(e)));
      deps.notify('error', outboxWords.paused(errorValue(e)));
      return 'stop';
    }
    const applied = (e as { applied?: string }).applied;
    if (applied === 'no' && (e instanceof NetworkError || e instanceof ServerError)) {
      // stopped by the caller before it left: queued as it was, and the connection is not to blame
      return transient(op, e, e instanceof NetworkError && !isCancelled(e));
    }
    // applied 'unknown' (or an unexpected error after the request may have gone): reconcile, never re-send blindly
    settle(op, (j) => noteAttempt(j, op.id, now, 'ambiguous', errorText(e)));
    return settleAmbiguous(ledger.read().ops.find((o) => o.id === op.id) ?? op, true);
  }

  return { failed, settleAmbiguous };
}

/** The caller stopped the call (its signal: Ctrl+C in punch), rather than the network failing it. */
const isCancelled = (e: unknown): boolean => e instanceof NetworkError && e.kind === 'cancelled';
