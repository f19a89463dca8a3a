/**
 * Which of the service's logs a ledger row stands for when the row has no `timeLogId`: the ONE matching rule shared by
 * the week view (./week-merge.ts), the day's total for the maximum (./day-total.ts), adoption before a timesheet is
 * deleted (./adopt.ts) and the week read that records the id of a log marked recorded by hand (./weekview.ts).
 *
 * A row without a service id whose add may have reached the service (its answer was lost, the user chose "It is
 * there", or its add is gone from the outbox) is, once the service shows it, both a ledger row and a service log.
 * Counted as both, "It is there" counted the hour twice (44:53 against 53:08). So such a row claims
 * one service log of the same date, job, hours and description (../sync/reconcile.ts `sameLog`, the match the
 * reconciliation uses) that no row knows by its id and no other row claimed first (two identical rows claim two
 * distinct logs). An add that certainly was not sent claims nothing: two equal logs are two logs.
 */
import type { TimeLog } from '../../shared/domain';
import type { Journal, LedgerRow, LogFields, OutboxOp } from '../journal';
import { ofAccount, sameLog } from '../outbox';
import { opsOf, opsReader, rowsMaybeOnService, rowsWithTimeLogId } from '../journal';

/** The add of this log that has not finished (queued, sending or needing attention), if any. */
export function unfinishedAdd(j: Readonly<Journal>, localId: string, ops = (id: string) => opsOf(j, id)): OutboxOp | undefined {
  return ops(localId).find((o) => o.kind === 'add' && o.state !== 'synced');
}

/**
 * The row has no service id and its add may have reached the service: maybe sent (answer lost, in flight, "Send
 * again" chosen), marked recorded by hand (its add synced without an id), or its add no longer in the outbox.
 */
export function mayHoldUnknownLog(j: Readonly<Journal>, row: LedgerRow, ops = (id: string) => opsOf(j, id)): boolean {
  if (row.timeLogId) return false;
  const add = unfinishedAdd(j, row.localId, ops);
  return !add || add.maybeSent;
}

/**
 * What the service holds for the row if its add arrived: what the add sent (the row may carry edits queued behind
 * it), else what the service confirmed (an edit of a row marked recorded never reaches the service), else the row.
 */
export function sentValues(j: Readonly<Journal>, row: LedgerRow, ops = (id: string) => opsOf(j, id)): LogFields {
  return unfinishedAdd(j, row.localId, ops)?.add ?? row.remote ?? row;
}

/**
 * Pairs the rows of `account` that may hold a log the ledger does not know by id with the service's `logs`: localId
 * -> the log it claims. Logs a row of the account knows by `timeLogId` are never claimed. Deterministic: the oldest
 * row claims first, each the first matching log in the service's order.
 */
export function claimServiceLogs(j: Readonly<Journal>, account: string | undefined, logs: readonly TimeLog[]): Map<string, TimeLog> {
  const mine = (r: LedgerRow) => account === undefined || ofAccount(r, account);
  // by the ledger's indexes (a log known by id, the rows without one): what the logs concern, not every row
  const free = logs.filter((l) => !rowsWithTimeLogId(j, l.timeLogId).some(mine));
  const claims = new Map<string, TimeLog>();
  if (free.length === 0) return claims;
  const ops = opsReader(j); // the index of entries found once, for every claimant's values
  // by the ledger's index of the rows that may hold a log (with 10,000 waiting never sent: none), not every row
  // without a service id (a walk over 10,000 on every keystroke of the form)
  const claimants = rowsMaybeOnService(j, (r) => mayHoldUnknownLog(j, r, ops))
    .filter(mine)
    .sort((a, b) => a.createdAt - b.createdAt || a.localId.localeCompare(b.localId));
  for (const row of claimants) {
    const values = sentValues(j, row, ops);
    const i = free.findIndex((l) => sameLog(l, values));
    if (i >= 0) claims.set(row.localId, free.splice(i, 1)[0]);
  }
  return claims;
}

/**
 * Records the claimed log's id on rows whose add is finished (marked recorded by hand, or gone from the outbox), so
 * the log is that row's from now on: an edit or delete of it can reach the service, and a later reconciliation does
 * not hand the same log to another add. Rows whose add is unfinished are left to the sync engine (reconciliation,
 * with their outbox entry). Returns the rows changed. Pure over a draft: the caller wraps it in `ledger.change`.
 */
export function recordClaimedIds(j: Journal, account: string | undefined, logs: readonly TimeLog[]): string[] {
  const changed: string[] = [];
  for (const [localId, log] of claimServiceLogs(j, account, logs)) {
    if (unfinishedAdd(j, localId)) continue;
    j.rows[localId].timeLogId = log.timeLogId;
    changed.push(localId);
  }
  return changed;
}
