/**
 * Minutes already on a day, for the company's maximum per day (../catalog/rules.ts): this device's ledger plus what the
 * service is known to hold that day (the logs of the week's timesheet, cached by ./weekview.ts). Without the
 * service's part, a day filled elsewhere (the service's web UI, another device) passes the local check and the
 * service refuses the entry later (8002), which is exactly what checking before queueing is meant to prevent.
 *
 * Each log counts once. A service log the ledger knows by its timeLogId is counted with the ledger's values (an edit
 * of it may be pending). A ledger row without a timeLogId (an add not confirmed yet, or marked recorded by hand) may
 * be on the service already (its add may have been sent): it takes one service log of the same day, job, hours and description out of the count.
 * Rows being deleted, and the row being edited, take their service log with them.
 */
import type { TimeLog } from '../../../shared/domain';
import type { Journal } from '../outbox/ledger';
import { minutesOf, ofAccount } from '../outbox/ledger';
import { sameLog } from '../outbox/reconcile';

export function dayTotalWithService(
  j: Readonly<Journal>, date: string, serviceLogs: readonly TimeLog[], opts: { excludingLocalId?: string; account?: string } = {},
): number {
  const { excludingLocalId, account } = opts;
  const rows = Object.values(j.rows).filter((r) => account === undefined || ofAccount(r, account));
  const knownIds = new Set(rows.map((r) => r.timeLogId).filter((id): id is string => !!id));
  let total = 0;
  for (const row of rows) {
    if (row.pendingDelete || row.workDate !== date || row.localId === excludingLocalId) continue;
    total += minutesOf(row.hours);
  }
  const unmatched = serviceLogs.filter((l) => l.workDate === date && !knownIds.has(l.timeLogId));
  // an add that certainly has not reached the service cannot be any of its logs
  const unsent = new Set(j.ops.filter((o) => o.kind === 'add' && o.state !== 'synced' && !o.maybeSent).map((o) => o.localId));
  for (const row of rows) {
    if (row.timeLogId || row.workDate !== date || unsent.has(row.localId)) continue;
    const i = unmatched.findIndex((l) => sameLog(l, row));
    if (i >= 0) unmatched.splice(i, 1);
  }
  return total + unmatched.reduce((s, l) => s + minutesOf(l.hours), 0);
}
