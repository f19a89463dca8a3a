/**
 * The week as the user sees it: the ledger's logs (what this device logged, synced or not) merged with the
 * service's view of the week (gettimesheet for the user over the week, then gettimesheetdetails of the timesheet
 * covering it: its status, the approver's comments, its logs with their approval state).
 *
 * The spec has no "list my time logs" operation (spec 4.2 reads one log by id), so logs made outside Punchcard that
 * are in no timesheet cannot be shown; see docs/outbox.md.
 *
 * The service's part is cached per week (store `weeks`), so the week opens offline (fresh: false), and the lock
 * state (timesheet pending or approved) is known to the rules without a request.
 */
import type { Clock, KeyValueStore, Session } from '../context';
import type { ApprovalStatus, LocalTimeLog, TimeLog, Timesheet, WeekView } from '../../../shared/domain';
import { toHhmm } from '../../../shared/hours';
import { addDays, weekDays, weekStartOf } from '../../../shared/week';
import type { Ledger } from './ledger';
import { accountKeyOf, minutesOf, ofAccount, syncStateOf, toLocalTimeLog } from './ledger';

interface CachedWeek {
  account: string;
  fetchedAt: number;
  timesheet?: WeekView['timesheet'];
  logs: TimeLog[];
}

export interface Weeks {
  /** Asks the service (unless `offline`), falls back to the cache; never throws for a service failure. */
  getWeek(date: string, opts?: { offline?: boolean }): Promise<WeekView>;
  /** From the cache only: is the week holding `date` submitted (pending) or approved? */
  isLocked(date: string): boolean;
  /** A log the service showed in a week view (source 'service'), to adopt it into the ledger before an edit. */
  serviceLog(timeLogId: string): TimeLog | undefined;
  /** From the cache only: the logs the service showed for `date` in its week's timesheet (for the day's maximum). */
  serviceLogsOn(date: string): TimeLog[];
}

/** Which timesheet speaks for the week when several overlap it: the one in the approval flow first. */
const PRIORITY: Record<ApprovalStatus, number> = { pending: 0, approved: 1, draft: 2, rejected: 3 };
export const SERVICE_LOCAL_PREFIX = 'S-';

export function createWeeks(deps: { ledger: Ledger; session: Session; clock: Clock; store: KeyValueStore }): Weeks {
  const { ledger, session, clock, store } = deps;
  const account = () => accountKeyOf(session);
  const cached = (weekStart: string): CachedWeek | undefined => {
    const c = store.get<CachedWeek>(`week:${weekStart}`);
    return c && c.account === account() ? c : undefined;
  };

  async function fetchWeek(weekStart: string): Promise<CachedWeek> {
    const client = session.client();
    const weekEnd = addDays(weekStart, 6);
    const sheets = await client.allTimesheets({ user: session.user(), fromDate: weekStart, toDate: weekEnd, approvalStatus: 'all' });
    const overlapping = sheets
      .filter((s) => s.fromDate <= weekEnd && s.toDate >= weekStart)
      .sort((a, b) => PRIORITY[a.status] - PRIORITY[b.status]);
    const chosen: Timesheet | undefined = overlapping[0];
    const week: CachedWeek = { account: account(), fetchedAt: clock.now(), logs: [] };
    if (chosen) {
      const detail = await client.timesheetDetails(chosen.recordId);
      week.timesheet = {
        recordId: chosen.recordId, status: detail.status ?? chosen.status, timesheetName: detail.timesheetName || chosen.timesheetName,
        ...((detail.comments ?? chosen.comments) ? { comments: detail.comments ?? chosen.comments } : {}),
      };
      week.logs = detail.timeLogs.filter((l) => l.workDate >= weekStart && l.workDate <= weekEnd);
    }
    store.set(`week:${weekStart}`, week);
    const index = store.get<string[]>('index') ?? [];
    if (!index.includes(weekStart)) store.set('index', [...index, weekStart].slice(-60));
    return week;
  }

  function build(weekStart: string, service: CachedWeek | undefined, fresh: boolean): WeekView {
    const j = ledger.read();
    const days = weekDays(weekStart);
    const sheetLocked = service?.timesheet?.status === 'pending' || service?.timesheet?.status === 'approved';
    const byId = new Map((service?.logs ?? []).map((l) => [l.timeLogId, l]));
    const logs: LocalTimeLog[] = [];
    for (const row of Object.values(j.rows)) {
      if (!ofAccount(row, account()) || row.pendingDelete || row.workDate < days[0] || row.workDate > days[6]) continue;
      const log = toLocalTimeLog(j, row);
      const remote = row.timeLogId ? byId.get(row.timeLogId) : undefined;
      if (remote) {
        byId.delete(row.timeLogId!);
        // nothing of ours is pending for this log: the service's values are the truth (it may be edited there)
        if (syncStateOf(j, row.localId) === 'synced') {
          Object.assign(log, { hours: remote.hours, workDate: remote.workDate, billingStatus: remote.billingStatus });
          if (remote.description !== undefined) log.description = remote.description;
        }
        if (remote.approvalStatus) log.approvalStatus = remote.approvalStatus;
      }
      if (sheetLocked || log.approvalStatus === 'pending' || log.approvalStatus === 'approved') log.locked = true;
      logs.push(log);
    }
    for (const remote of byId.values()) {
      logs.push({
        localId: `${SERVICE_LOCAL_PREFIX}${remote.timeLogId}`, timeLogId: remote.timeLogId, workDate: remote.workDate,
        hours: remote.hours, ...(remote.jobId ? { jobId: remote.jobId } : {}), jobName: remote.jobName,
        billingStatus: remote.billingStatus, ...(remote.workItem ? { workItem: remote.workItem } : {}),
        ...(remote.description ? { description: remote.description } : {}), sync: 'synced',
        ...(remote.approvalStatus ? { approvalStatus: remote.approvalStatus } : {}),
        ...(sheetLocked || remote.approvalStatus === 'pending' || remote.approvalStatus === 'approved' ? { locked: true } : {}),
        source: 'service',
      });
    }
    logs.sort((a, b) => a.workDate.localeCompare(b.workDate) || a.jobName.localeCompare(b.jobName));
    const weekDaysOut = days.map((date) => {
      const ofDay = logs.filter((l) => l.workDate === date);
      return {
        date,
        totalMinutes: ofDay.reduce((s, l) => s + minutesOf(l.hours), 0),
        billableMinutes: ofDay.filter((l) => l.billingStatus === 'Billable').reduce((s, l) => s + minutesOf(l.hours), 0),
      };
    });
    const total = weekDaysOut.reduce((s, d) => s + d.totalMinutes, 0);
    const billable = weekDaysOut.reduce((s, d) => s + d.billableMinutes, 0);
    return {
      weekStart, days: weekDaysOut, logs, totalHours: toHhmm(total), billableHours: toHhmm(billable),
      nonBillableHours: toHhmm(total - billable),
      ...(service?.timesheet ? { timesheet: service.timesheet } : {}),
      locked: sheetLocked, fresh,
    };
  }

  return {
    async getWeek(date, opts = {}) {
      const weekStart = weekStartOf(date);
      if (opts.offline) return build(weekStart, cached(weekStart), false);
      try {
        return build(weekStart, await fetchWeek(weekStart), true);
      } catch {
        // offline, signed out or refused: show what this device knows, and say it is not fresh
        return build(weekStart, cached(weekStart), false);
      }
    },
    isLocked(date) {
      const status = cached(weekStartOf(date))?.timesheet?.status;
      return status === 'pending' || status === 'approved';
    },
    serviceLogsOn(date) {
      return (cached(weekStartOf(date))?.logs ?? []).filter((l) => l.workDate === date);
    },
    serviceLog(timeLogId) {
      // the log to adopt was shown in a cached week (newest first)
      for (const weekStart of [...(store.get<string[]>('index') ?? [])].reverse()) {
        const hit = cached(weekStart)?.logs.find((l) => l.timeLogId === timeLogId);
        if (hit) return hit;
      }
      return undefined;
    },
  };
}
