/**
 * One read of the service's part of a week: which timesheet speaks for it, and every time log of the user in it.
 *
 * The logs come from the service's list of the user's time logs (gettimelogs, real-service-notes "Beyond the
 * contract"): it holds the logs made on the service's web page or phone app that no timesheet has gathered yet,
 * which is how the current week usually is; a timesheet's details hold only the logs it gathered. Both requests go
 * together (different endpoints, each paced on its own). The timesheet's details are read as well only when they add
 * something: a rejected week (the manager's comment and which logs were rejected), or a service without the list
 * (then they are the only source of logs made elsewhere, and the week says so: `listed: false`).
 *
 * Calls per read: 2 (list of timesheets, list of logs), 3 for a rejected week; without the list, 1 plus 1 when a
 * timesheet covers the week (as before the list was used).
 */
import type { ApprovalStatus, TimeLog, Timesheet } from '../../shared/domain';
import { addDays } from '../../shared/week';
import { UnsupportedOperationError } from '../service';
import type { CallOptions, ServiceClient } from '../service';
import type { ServiceWeek } from './week-merge';

/** Which timesheet speaks for the week when several overlap it: the one in the approval flow first. */
const PRIORITY: Record<ApprovalStatus, number> = { pending: 0, approved: 1, draft: 2, rejected: 3 };

export type ServiceWeekRead = Pick<ServiceWeek, 'timesheet' | 'logs' | 'listed'>;

/** The user's logs of the week from the service's list; undefined when the service does not offer the list. */
async function listedLogs(
  client: ServiceClient,
  user: string,
  fromDate: string,
  toDate: string,
  call?: CallOptions,
): Promise<TimeLog[] | undefined> {
  if (client.timeLogListSupported() === false) return undefined;
  try {
    return await client.allTimeLogs({ user, fromDate, toDate }, call);
  } catch (e) {
    if (e instanceof UnsupportedOperationError) return undefined;
    throw e;
  }
}

/**
 * Each log once, by the service's id: the list's copy, with the approval state the timesheet's details give when
 * the list leaves it out; a log only the details hold (a list that lags behind) is kept too.
 */
function oneOfEach(listed: readonly TimeLog[], detail: readonly TimeLog[]): TimeLog[] {
  const byId = new Map(listed.map((l) => [l.timeLogId, { ...l }]));
  for (const d of detail) {
    const l = byId.get(d.timeLogId);
    if (!l) byId.set(d.timeLogId, { ...d });
    else if (d.approvalStatus && (!l.approvalStatus || l.approvalStatus === 'draft')) l.approvalStatus = d.approvalStatus;
  }
  return [...byId.values()];
}

/** `call`: the reader's limits, one deadline for every request of the read (../service narrowCall). */
export async function readServiceWeek(
  client: ServiceClient,
  user: string,
  weekStart: string,
  call?: CallOptions,
): Promise<ServiceWeekRead> {
  const weekEnd = addDays(weekStart, 6);
  const [sheets, listed] = await Promise.all([
    client.allTimesheets({ user, fromDate: weekStart, toDate: weekEnd, approvalStatus: 'all' }, call),
    listedLogs(client, user, weekStart, weekEnd, call),
  ]);
  const chosen: Timesheet | undefined = sheets
    .filter((s) => s.fromDate <= weekEnd && s.toDate >= weekStart)
    .sort((a, b) => PRIORITY[a.status] - PRIORITY[b.status])[0];
  let timesheet: ServiceWeek['timesheet'];
  let detailLogs: TimeLog[] = [];
  if (chosen) {
    const detail = listed === undefined || chosen.status === 'rejected' ? await client.timesheetDetails(chosen.recordId, call) : undefined;
    const comments = detail?.comments ?? chosen.comments;
    timesheet = {
      recordId: chosen.recordId,
      status: detail?.status ?? chosen.status,
      timesheetName: detail?.timesheetName || chosen.timesheetName,
      ...(comments ? { comments } : {}),
    };
    detailLogs = detail?.timeLogs ?? [];
  }
  const logs = oneOfEach(listed ?? [], detailLogs).filter((l) => l.workDate >= weekStart && l.workDate <= weekEnd);
  return { ...(timesheet ? { timesheet } : {}), logs, listed: listed !== undefined };
}
