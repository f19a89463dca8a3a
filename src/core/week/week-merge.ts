/**
 * The week view built from two parts: the ledger (what this device logged, read fresh on every call) and the
 * service's part of the week (its timesheet and that timesheet's logs), which ./weekview.ts keeps for a while
 * instead of reading it again on every change (the service allows about 20 calls a minute per endpoint and 250 a
 * day per user: real-service-notes "Rate limits").
 *
 * Because the service's part may be older than the ledger, the merge decides per log which side is current: the
 * service's copy speaks for a log only when it was read after the ledger's last confirmed change of that log
 * (`known`, taken when the read started). A log the user edited, moved or deleted since then shows as the ledger has
 * it, without asking the service again.
 */
import type { ApprovalStatus, LocalTimeLog, TimeLog, UndatedTimeLog, WeekView } from '../../shared/domain';
import { parseHhmm, toHhmm } from '../../shared/time/hours';
import { weekDays } from '../../shared/time/week';
import type { Journal, LedgerRow } from '../journal';
import { ofAccount, syncStateOf, toLocalTimeLog } from '../outbox';
import { opsOf, opsReaderFor, rowsOnDays, rowsWithAnyTimeLogId } from '../journal';
import { claimServiceLogs } from './claim';

/** The service's part of one week, as read (kept in memory and in the store `weeks`). */
export interface ServiceWeek {
  account: string;
  fetchedAt: number;
  timesheet?: WeekView['timesheet'];
  logs: TimeLog[];
  /**
   * The ledger rows that held these logs when the read started: timeLogId -> the row and the values the service had
   * confirmed to it then. A row whose confirmed values changed since (an edit that synced later) is newer than this
   * read. Absent in caches written before this field existed: then the ledger speaks for every log it knows.
   */
  known?: Record<string, { localId: string; confirmed: string }>;
  /** The service's part changed since it was read (a submit, a timesheet deleted): read it again before trusting it. */
  stale?: boolean;
  /**
   * Whether `logs` came from the service's list of the user's logs (true), or only from a timesheet's details because
   * the service does not offer that list (false: logs made elsewhere in no timesheet are missing). Absent in caches
   * written before the list was read.
   */
  listed?: boolean;
  /** When the timesheet half was read (./read-policy.ts); absent in copies kept before the halves: with the logs. */
  sheetReadAt?: number;
  /** The approval states the list showed at the last read (./read-policy.ts `approvalsOf`); null: it showed none. */
  approvals?: string | null;
  /** The logs of the timesheet's details when they were read (a rejected week, a service without the list). */
  detailLogs?: TimeLog[];
  /** What each rejected log held when its rejection was read (`rejectedAsOf` below); absent: none rejected. */
  rejectedAs?: RejectedAs;
  /** The details' logs whose date cannot be read, kept with `detailLogs` for a read that does not read them again. */
  detailUndated?: UndatedTimeLog[];
  /** The week's logs (list and details) whose date cannot be read: shown apart, in no day and no total. */
  undatedLogs?: UndatedTimeLog[];
}

/**
 * What each rejected log held when its rejection was first read (timeLogId -> its day, hours, billing and
 * description): a log that holds something else now was changed since, which is what fixing it means. The service
 * keeps such a log "rejected" until the week is resubmitted, so its state cannot tell; a later read carries the
 * first values forward while the log stays rejected, and a log rejected again after a resubmit starts afresh.
 */
export type RejectedAs = Record<string, string>;

/** The fields a fix can change (edittimelog's), as one comparable string. */
export function fixableFields(l: Pick<TimeLog, 'workDate' | 'hours' | 'billingStatus' | 'description'>): string {
  return JSON.stringify([l.workDate, l.hours, l.billingStatus, l.description ?? '']);
}

/** `logs`' rejected ones as they were when rejected: as `kept` had them if it showed them rejected, else as now. */
export function rejectedAsOf(logs: readonly TimeLog[], kept?: { logs: TimeLog[]; rejectedAs?: RejectedAs }): RejectedAs | undefined {
  const wasRejected = new Set(kept?.logs.filter((l) => l.approvalStatus === 'rejected').map((l) => l.timeLogId));
  const out: RejectedAs = {};
  for (const l of logs) {
    if (l.approvalStatus !== 'rejected') continue;
    const before = wasRejected.has(l.timeLogId) ? kept?.rejectedAs?.[l.timeLogId] : undefined;
    out[l.timeLogId] = before ?? fixableFields(l);
  }
  return Object.keys(out).length ? out : undefined;
}

export const SERVICE_LOCAL_PREFIX = 'S-';

/** What the service last confirmed of a row, as one comparable string. */
export function confirmedOf(row: LedgerRow): string {
  return JSON.stringify(row.remote ?? null);
}

/** The `known` snapshot of the ledger for a read that starts now: every row of the account with a service id. */
export function knownRows(j: Readonly<Journal>, account: string): Map<string, { localId: string; confirmed: string }> {
  const out = new Map<string, { localId: string; confirmed: string }>();
  // by the ledger's index of rows with a service id (with 10,000 waiting, not one of them is walked)
  for (const row of rowsWithAnyTimeLogId(j)) {
    if (row.timeLogId && ofAccount(row, account)) out.set(row.timeLogId, { localId: row.localId, confirmed: confirmedOf(row) });
  }
  return out;
}

/** Is the service's copy of this log newer than anything the ledger knows about it (read after its last confirmed change)? */
function serviceIsCurrent(j: Readonly<Journal>, service: ServiceWeek, row: LedgerRow): boolean {
  const k = row.timeLogId ? service.known?.[row.timeLogId] : undefined;
  return (
    !!k && k.localId === row.localId && k.confirmed === confirmedOf(row) && !row.pendingDelete && syncStateOf(j, row.localId) === 'synced'
  );
}

/**
 * The service's logs that no longer exist for the user: deleted by this device (in any process) since they were read.
 * A delete that synced removes the ledger row and the entry keeps only its local id, so the row is found by the
 * `known` snapshot (a row that held the log when it was read) or, for a log adopted from the week view after the
 * read, by the local id adoption gives it (`S-<timeLogId>`, ./adopt.ts). The delete entry tells it from a row
 * pruned after 16 weeks (../outbox/housekeeping.ts `prune`), whose log the service still holds. Not covered: an add whose answer
 * arrived after the read and that was deleted before the next one (shown for up to the freshness window).
 */
function deletedSinceRead(j: Readonly<Journal>, service: ServiceWeek, log: TimeLog): boolean {
  const ids = [service.known?.[log.timeLogId]?.localId, `${SERVICE_LOCAL_PREFIX}${log.timeLogId}`];
  return ids.some((id) => !!id && !j.rows[id] && opsOf(j, id).some((o) => o.kind === 'delete'));
}

/** The service's logs of the week minus those deleted here since the read (for the day's maximum, ./day-total.ts). */
export function serviceLogsStillThere(j: Readonly<Journal>, service: ServiceWeek | undefined): TimeLog[] {
  return (service?.logs ?? []).filter((l) => !deletedSinceRead(j, service!, l));
}

const lockedStatus = (s: ApprovalStatus | undefined) => s === 'pending' || s === 'approved';

/** A rejected log that holds something else than when it was rejected: changed here, or on the service. */
function fixedSince(
  service: ServiceWeek | undefined,
  log: { timeLogId?: string; approvalStatus?: ApprovalStatus } & Pick<TimeLog, 'workDate' | 'hours' | 'billingStatus' | 'description'>,
): boolean {
  const was = log.approvalStatus === 'rejected' && log.timeLogId ? service?.rejectedAs?.[log.timeLogId] : undefined;
  return was !== undefined && was !== fixableFields(log);
}

export function mergeWeek(
  j: Readonly<Journal>,
  weekStart: string,
  service: ServiceWeek | undefined,
  fresh: boolean,
  account: string,
): WeekView {
  const days = weekDays(weekStart);
  const inWeek = (d: string) => d >= days[0] && d <= days[6];
  const sheetLocked = lockedStatus(service?.timesheet?.status);
  // split the service's logs: those a ledger row of this week speaks for, and those shown as the service's own
  const mine = new Map<string, TimeLog>();
  const theirs: TimeLog[] = [];
  const still = serviceLogsStillThere(j, service);
  // the rows that hold a service id, asked only when the service shows logs to match them with: a week never read
  // from the service (offline since the start) needs none, and the question is a pass over every row until a log's
  // rules build the index of ids (an opening with 10,000 waiting)
  const rowsById = new Map<string, LedgerRow>();
  if (still.length > 0)
    for (const row of rowsWithAnyTimeLogId(j)) if (row.timeLogId && ofAccount(row, account)) rowsById.set(row.timeLogId, row);
  // a row without a service id whose add may have reached the service ("It is there", answer lost) IS one of these
  // logs when the service shows it: the row speaks for it (./claim.ts), or the hour was listed and counted twice
  const claims = claimServiceLogs(j, account, still);
  const claimed = new Set([...claims.values()].map((l) => l.timeLogId));
  for (const remote of still) {
    if (claimed.has(remote.timeLogId)) continue;
    const row = rowsById.get(remote.timeLogId);
    if (!row) {
      theirs.push(remote);
      continue;
    }
    if (row.pendingDelete) continue; // the user is deleting it
    if (inWeek(row.workDate)) {
      mine.set(remote.timeLogId, remote);
      continue;
    }
    // the ledger has it in another week: moved by the user since the read, unless the service's copy is the newer one
    if (serviceIsCurrent(j, service!, row)) theirs.push(remote);
  }

  const logs: LocalTimeLog[] = [];
  // the week's rows by the ledger's index of days (with 10,000 waiting, a walk over every row was most of a merge;
  // at an opening, before any rule built that index, one pass in the rows' order)
  const weekRows = rowsOnDays(j, days);
  // their entries in one pass when the ledger has not built the index of every log's entries (an opening)
  const ops = opsReaderFor(
    j,
    weekRows.map((r) => r.localId),
  );
  // by index, not for-of: cold at an opening, a for-of makes an iterator result per row
  for (let r = 0; r < weekRows.length; r++) {
    const row = weekRows[r];
    if (row.pendingDelete || !ofAccount(row, account)) continue;
    const log = toLocalTimeLog(j, row, ops);
    const remote = row.timeLogId ? mine.get(row.timeLogId) : undefined;
    if (remote) {
      // the service's values are the truth only when read after our last confirmed change (it may be edited there)
      if (serviceIsCurrent(j, service!, row)) {
        Object.assign(log, { hours: remote.hours, workDate: remote.workDate, billingStatus: remote.billingStatus });
        if (remote.description !== undefined) log.description = remote.description;
      }
      if (remote.approvalStatus) log.approvalStatus = remote.approvalStatus;
    }
    const claim = claims.get(row.localId);
    if (claim) {
      // the service's id of the log this row stands for, as the service shows it (not yet recorded in the ledger)
      log.timeLogId = claim.timeLogId;
      if (claim.approvalStatus) log.approvalStatus = claim.approvalStatus;
    }
    if (sheetLocked || lockedStatus(log.approvalStatus)) log.locked = true;
    if (fixedSince(service, log)) log.fixed = true;
    // taken into the ledger from the service (to be edited here, or kept before its timesheet was deleted: ./adopt.ts)
    if (row.localId.startsWith(SERVICE_LOCAL_PREFIX)) log.elsewhere = true;
    logs.push(log);
  }
  for (const remote of theirs) {
    logs.push({
      localId: `${SERVICE_LOCAL_PREFIX}${remote.timeLogId}`,
      timeLogId: remote.timeLogId,
      workDate: remote.workDate,
      hours: remote.hours,
      ...(remote.jobId ? { jobId: remote.jobId } : {}),
      jobName: remote.jobName,
      billingStatus: remote.billingStatus,
      ...(remote.workItem ? { workItem: remote.workItem } : {}),
      ...(remote.description ? { description: remote.description } : {}),
      sync: 'synced',
      ...(remote.approvalStatus ? { approvalStatus: remote.approvalStatus } : {}),
      ...(sheetLocked || lockedStatus(remote.approvalStatus) ? { locked: true } : {}),
      source: 'service',
      elsewhere: true,
      ...(fixedSince(service, remote) ? { fixed: true as const } : {}),
    });
  }
  // days as ISO dates compare as their characters do; a job's name by the collation only when two differ (with a
  // backlog a week holds about 700 logs, mostly of a few jobs: 6,000 comparisons, each one or two collations)
  logs.sort((a, b) =>
    a.workDate !== b.workDate ? (a.workDate < b.workDate ? -1 : 1) : a.jobName === b.jobName ? 0 : a.jobName.localeCompare(b.jobName),
  );
  // each day's minutes in one pass, each distinct HH:MM parsed once (with 10,000 waiting a week holds about 700
  // logs: seven filters and 1,400 parses were a millisecond or two of an opening)
  const weekDaysOut = days.map((date) => ({ date, totalMinutes: 0, billableMinutes: 0 }));
  const dayOf = new Map(weekDaysOut.map((d) => [d.date, d]));
  const minutes = new Map<string, number>();
  for (const l of logs) {
    const day = dayOf.get(l.workDate);
    if (!day) continue;
    let m = minutes.get(l.hours);
    if (m === undefined) minutes.set(l.hours, (m = parseHhmm(l.hours)));
    day.totalMinutes += m;
    if (l.billingStatus === 'Billable') day.billableMinutes += m;
  }
  const total = weekDaysOut.reduce((s, d) => s + d.totalMinutes, 0);
  const billable = weekDaysOut.reduce((s, d) => s + d.billableMinutes, 0);
  return {
    weekStart,
    days: weekDaysOut,
    logs,
    totalHours: toHhmm(total),
    billableHours: toHhmm(billable),
    nonBillableHours: toHhmm(total - billable),
    ...(service?.timesheet ? { timesheet: service.timesheet } : {}),
    locked: sheetLocked,
    fresh,
    ...(service ? { readAt: new Date(service.fetchedAt).toISOString() } : {}),
    ...(service?.listed === false ? { onlyTimesheetLogs: true as const } : {}),
    ...(service?.undatedLogs?.length ? { undatedLogs: service.undatedLogs } : {}),
  };
}
