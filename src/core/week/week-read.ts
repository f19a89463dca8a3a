/**
 * Reads of the service's part of a week, in two halves (./read-policy.ts decides which): the user's time logs of the
 * week, and which timesheet speaks for it.
 *
 * The logs come from the service's list of the user's time logs (gettimelogs, real-service-notes "Beyond the
 * contract"): it holds the logs made on the service's web page or phone app that no timesheet has gathered yet,
 * which is how the current week usually is; a timesheet's details hold only the logs it gathered. The timesheet half
 * is the list of timesheets over the week (gettimesheet), and its details only when they add something: a rejected
 * week (the manager's comment and which logs were rejected), or a service without the list (then they are the only
 * source of logs made elsewhere, and the week says so: `listed: false`). When both halves are read they go together
 * (different endpoints, each paced on its own).
 *
 * Calls: the logs alone 1; both halves 2, 3 for a rejected week; without the list, 1 plus 1 when a timesheet covers
 * the week.
 */
import type { ApprovalStatus, TimeLog, Timesheet, UndatedTimeLog } from '../../shared/domain';
import { addDays } from '../../shared/time/week';
import { UnsupportedOperationError } from '../service';
import type { CallOptions, ServiceClient } from '../service';
import type { ServiceWeek } from './week-merge';

/** Which timesheet speaks for the week when several overlap it: the one in the approval flow first. */
const PRIORITY: Record<ApprovalStatus, number> = { pending: 0, approved: 1, draft: 2, rejected: 3 };

/** The timesheet half as read: the timesheet and, when read, its details' logs. */
export interface SheetHalf {
  timesheet?: ServiceWeek['timesheet'];
  /** The logs of the timesheet's details (a rejected week, or a service without the list); empty when not read. */
  detailLogs: TimeLog[];
  /** Its details' logs whose date the service wrote in no form Punchcard reads (absent: none, or not read). */
  detailUndated?: UndatedTimeLog[];
}

/** The list's logs of the week, and apart those whose date could not be read (in the week as the service says). */
export interface ListedLogs {
  logs: TimeLog[];
  undated: UndatedTimeLog[];
}

/**
 * The user's logs of the week from the service's list; undefined when the service does not offer the list. Read as
 * for people to see (a log whose date cannot be read is kept apart and shown, not a reason to refuse the week).
 */
export async function readListedLogs(
  client: ServiceClient,
  user: string,
  weekStart: string,
  call?: CallOptions,
): Promise<ListedLogs | undefined> {
  if (client.timeLogListSupported() === false) return undefined;
  const q = { user, fromDate: weekStart, toDate: addDays(weekStart, 6) };
  try {
    if (client.allTimeLogsForDisplay) return await client.allTimeLogsForDisplay(q, call);
    return { logs: await client.allTimeLogs(q, call), undated: [] };
  } catch (e) {
    if (e instanceof UnsupportedOperationError) return undefined;
    throw e;
  }
}

/** Which timesheet speaks for the week (gettimesheet over the week); undefined when none covers it. */
export async function readTimesheetOf(
  client: ServiceClient,
  user: string,
  weekStart: string,
  call?: CallOptions,
): Promise<Timesheet | undefined> {
  const weekEnd = addDays(weekStart, 6);
  const sheets = await client.allTimesheets({ user, fromDate: weekStart, toDate: weekEnd, approvalStatus: 'all' }, call);
  return sheets.filter((s) => s.fromDate <= weekEnd && s.toDate >= weekStart).sort((a, b) => PRIORITY[a.status] - PRIORITY[b.status])[0];
}

/**
 * The timesheet half from the timesheet that speaks for the week, with its details read when they add something.
 * `listed`: whether the list of logs gave the logs (without it, the details are the only source of logs made elsewhere).
 */
export async function sheetHalfOf(
  client: ServiceClient,
  chosen: Timesheet | undefined,
  listed: boolean,
  call?: CallOptions,
): Promise<SheetHalf> {
  if (!chosen) return { detailLogs: [] };
  const detail = !listed || chosen.status === 'rejected' ? await client.timesheetDetails(chosen.recordId, call) : undefined;
  const comments = detail?.comments ?? chosen.comments;
  return {
    timesheet: {
      recordId: chosen.recordId,
      status: detail?.status ?? chosen.status,
      timesheetName: detail?.timesheetName || chosen.timesheetName,
      ...(comments ? { comments } : {}),
    },
    detailLogs: detail?.timeLogs ?? [],
    ...(detail?.undatedLogs ? { detailUndated: detail.undatedLogs } : {}),
  };
}

/** The timesheet half as a copy kept it, for a read that does not read it again. */
export function keptHalf(kept: ServiceWeek | undefined): SheetHalf {
  return {
    ...(kept?.timesheet ? { timesheet: kept.timesheet } : {}),
    detailLogs: kept?.detailLogs ?? [],
    ...(kept?.detailUndated ? { detailUndated: kept.detailUndated } : {}),
  };
}

/**
 * The week's logs whose date cannot be read, from both halves, each once; not one the other half read with its day
 * (`dated`: the week's logs), which the week shows on that day.
 */
export function undatedOf(listed: ListedLogs | undefined, sheet: SheetHalf, dated: readonly TimeLog[]): UndatedTimeLog[] {
  const byId = new Map([...(sheet.detailUndated ?? []), ...(listed?.undated ?? [])].map((l) => [l.timeLogId, l]));
  for (const l of dated) byId.delete(l.timeLogId);
  return [...byId.values()];
}

/**
 * Each log once, by the service's id: the list's copy, with the approval state of the timesheet's details where they
 * were read (the timesheet as the service now holds it speaks for its logs' states); a log only the details hold (a
 * list that lags behind) is kept too.
 */
function oneOfEach(listed: readonly TimeLog[], detail: readonly TimeLog[]): TimeLog[] {
  const byId = new Map(listed.map((l) => [l.timeLogId, { ...l }]));
  for (const d of detail) {
    const l = byId.get(d.timeLogId);
    if (!l) byId.set(d.timeLogId, { ...d });
    else if (d.approvalStatus) l.approvalStatus = d.approvalStatus;
  }
  return [...byId.values()];
}

/**
 * A log's approval state as the week's timesheet now holds it. A list (or a service) may keep a log's old state after
 * the timesheet moved on: after a resubmit, every log of the week still said "rejected" and the app marked them all
 * "Rejected by your manager" while the week waited for approval again. So:
 * - no timesheet over the week: nothing can be rejected (a deleted timesheet's leftovers are drafts again);
 * - a pending timesheet in which no log waits: the rejections are from before the resubmit (a manager's rejection of
 *   some logs while others still wait is the only way a pending timesheet holds rejected logs, spec 3), so they wait
 *   again; with some logs waiting, a rejected log is the manager's per-log rejection, kept.
 */
export function statesAsTheTimesheetHolds(status: ApprovalStatus | undefined, logs: TimeLog[]): TimeLog[] {
  if (status === undefined) {
    return logs.map((l) => (l.approvalStatus === 'rejected' ? { ...l, approvalStatus: 'draft' as const } : l));
  }
  if (status === 'pending' && !logs.some((l) => l.approvalStatus === 'pending')) {
    return logs.map((l) => (l.approvalStatus === 'rejected' ? { ...l, approvalStatus: 'pending' as const } : l));
  }
  return logs;
}

/** The week's logs from its two halves: each once, in the week, with the states the timesheet holds. */
export function combineHalves(weekStart: string, sheet: SheetHalf, listed: TimeLog[] | undefined): TimeLog[] {
  const weekEnd = addDays(weekStart, 6);
  const logs = oneOfEach(listed ?? [], sheet.detailLogs).filter((l) => l.workDate >= weekStart && l.workDate <= weekEnd);
  return statesAsTheTimesheetHolds(sheet.timesheet?.status, logs);
}
