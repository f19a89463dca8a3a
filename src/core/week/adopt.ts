/**
 * Taking logs the service holds into the ledger as synced rows (with their `timeLogId`), so the week view keeps
 * showing them when the service stops showing them.
 *
 * Why: the spec has no "list my time logs" operation (spec 4.2 reads one log by id), so the week view finds a log
 * this device did not make only inside a timesheet's details. When the user deletes their own timesheet (spec 4.1
 * deletetimesheet), its logs stay on the service, in no timesheet, and would vanish from the week: "Submit week"
 * would then say nothing is logged, while a new timesheet over the week would gather them all. Adopted before the
 * delete, they stay in the week (source local, synced), count in its totals and the day's maximum, and a later
 * submit shows them in the new timesheet.
 *
 * Pure rules over a draft of the journal: the caller wraps `adoptLogs` in `ledger.change(...)` (one atomic write).
 */
import type { TimeLog } from '../../shared/domain';
import type { Journal, LedgerRow, LogFields } from '../journal';
import { newLocalId, ofAccount, clean, settleFoundInTimesheet } from '../outbox';
import { claimServiceLogs, unfinishedAdd } from './claim';
import { SERVICE_LOCAL_PREFIX } from './weekview';
import type { Days } from '../../shared/time/zone';

/** The values of a log the service showed. */
export function fieldsOfServiceLog(log: TimeLog): LogFields {
  return clean({
    workDate: log.workDate,
    hours: log.hours,
    jobId: log.jobId,
    jobName: log.jobName,
    billingStatus: log.billingStatus,
    workItem: log.workItem,
    description: log.description,
  });
}

/**
 * A synced ledger row for a service log. Its localId is the one the week view gave it (`S-<timeLogId>`), so a
 * screen still holding that id edits this row; another account's row may hold that id already, then a new one.
 */
export function serviceLogRow(j: Journal, log: TimeLog, account: string, now: number): LedgerRow {
  const preferred = `${SERVICE_LOCAL_PREFIX}${log.timeLogId}`;
  const localId = j.rows[preferred] ? newLocalId() : preferred;
  const fields = fieldsOfServiceLog(log);
  const row: LedgerRow = {
    ...fields,
    localId,
    timeLogId: log.timeLogId,
    remote: { ...fields },
    ...(account ? { account } : {}),
    createdAt: now,
    updatedAt: now,
  };
  j.rows[localId] = row;
  return row;
}

/**
 * Adopts `logs` (of the signed-in user, account `account`) and returns the days it touched. Each log once:
 * - already in the ledger (this account, by timeLogId): left as it is (a change of ours may be pending);
 * - claimed by a row without a service id (./claim.ts: same date, job, hours and description as docs/outbox.md
 *   "Reconciliation" matches):
 *   - an add of ours whose answer was lost (maybe sent, not in flight): settled with this timeLogId instead of a second
 *     row. Once the timesheet is gone the reconciliation could never find it again, and "Send again" (even one
 *     already chosen) would log it twice;
 *   - a row marked recorded by hand ("It is there"): it takes this timeLogId (a new row beside it counted it twice);
 *   - the log of an add still in flight: skipped, the add's answer (or its reconciliation) names it;
 * - otherwise a new synced row.
 */
export function adoptLogs(j: Journal, logs: TimeLog[], now: number, account: string, days?: Pick<Days, 'dayOf'>): string[] {
  const dates = new Set<string>();
  const known = new Set(
    Object.values(j.rows)
      .filter((r) => r.timeLogId && ofAccount(r, account))
      .map((r) => r.timeLogId),
  );
  const claimedBy = new Map([...claimServiceLogs(j, account, logs)].map(([localId, log]) => [log.timeLogId, localId]));
  for (const log of logs) {
    if (known.has(log.timeLogId)) continue;
    known.add(log.timeLogId);
    const localId = claimedBy.get(log.timeLogId);
    const waiting = localId ? unfinishedAdd(j, localId) : undefined;
    if (waiting?.state === 'sending') continue;
    if (waiting) {
      settleFoundInTimesheet(j, waiting.id, log.timeLogId, now, days);
    } else if (localId) {
      j.rows[localId].timeLogId = log.timeLogId;
    } else {
      serviceLogRow(j, log, account, now);
    }
    dates.add(log.workDate);
  }
  return [...dates];
}
