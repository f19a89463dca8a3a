/**
 * Minutes already on a day, for the company's maximum per day (../rules/check.ts): this device's ledger plus what the
 * service is known to hold that day (the logs of the week's timesheet, cached by ./weekview.ts). Without the
 * service's part, a day filled elsewhere (the service's web UI, another device) passes the local check and the
 * service refuses the log later (8002), which is exactly what checking before queueing is meant to prevent.
 *
 * Each log counts once. A service log the ledger knows by its timeLogId is counted with the ledger's values (an edit
 * of it may be pending). A ledger row without a timeLogId (an add not confirmed yet, or marked recorded by hand) may
 * be on the service already (its add may have been sent): it takes the service log it claims out of the count (the
 * same rule the week view uses, ./claim.ts).
 * Rows being deleted, and the row being edited, take their service log with them. The log being edited may also be
 * one the service showed and the ledger does not hold yet (`S-<timeLogId>`, made elsewhere): then that service log
 * is the one left out (an edit form's live check of such a log counted its old hours twice: 11:00 on a day of
 * 12:00 at most, 08:00 of it changed to 06:00, "would have 17:00").
 */
import { sameAccount } from '../../shared/account-key';
import type { TimeLog } from '../../shared/domain';
import type { Journal, LedgerRow } from '../journal';
import { parseHhmm } from '../../shared/time/hours';
import { ofAccount } from '../outbox';
import { minutesOn, rowsWithTimeLogId } from '../journal';
import { claimServiceLogs } from './claim';
import { SERVICE_LOCAL_PREFIX } from './week-merge';

export function dayTotalWithService(
  j: Readonly<Journal>,
  date: string,
  serviceLogs: readonly TimeLog[],
  opts: { excludingLocalId?: string; account?: string } = {},
): number {
  const { excludingLocalId, account } = opts;
  const excludedServiceId = excludingLocalId?.startsWith(SERVICE_LOCAL_PREFIX)
    ? excludingLocalId.slice(SERVICE_LOCAL_PREFIX.length)
    : undefined;
  const counted = (row: LedgerRow | undefined): row is LedgerRow =>
    row !== undefined && !row.pendingDelete && row.workDate === date && (account === undefined || ofAccount(row, account));
  // the day's sum by the ledger's index (with 10,000 rows on the day, a walk on every keystroke), less the log edited
  let total = minutesOn(j, date, (a) => account === undefined || a === '' || sameAccount(a, account));
  const edited = excludingLocalId === undefined ? undefined : j.rows[excludingLocalId];
  if (counted(edited)) total -= parseHhmm(edited.hours);
  if (excludedServiceId)
    for (const row of rowsWithTimeLogId(j, excludedServiceId))
      if (counted(row) && row.localId !== excludingLocalId) total -= parseHhmm(row.hours);
  // the service's logs of the day that no row holds: not known by id, not claimed by a row without one (./claim.ts)
  const ofDay = serviceLogs.filter((l) => l.workDate === date && l.timeLogId !== excludedServiceId);
  const known = new Set(
    ofDay
      .filter((l) => rowsWithTimeLogId(j, l.timeLogId).some((r) => account === undefined || ofAccount(r, account)))
      .map((l) => l.timeLogId),
  );
  const claimed = new Set([...claimServiceLogs(j, account, ofDay).values()].map((l) => l.timeLogId));
  return total + ofDay.filter((l) => !known.has(l.timeLogId) && !claimed.has(l.timeLogId)).reduce((s, l) => s + parseHhmm(l.hours), 0);
}
