/**
 * spec 4.2 time logs: read, add, edit, delete. New logs belong to no timesheet until createtimesheet (or a
 * resubmission) gathers them. Also gettimelogs, beyond the contract (real-service-notes "Beyond the contract:
 * listing time logs"): the one place a log in no timesheet can be seen; the sandbox can switch it off.
 */
import type { Call } from '../call';
import { formatDay } from '../calendar';
import { isValidDate } from '../../shared/time/week';
import { ApiError } from '../envelope';
import { billing, dateFormatOf, day, hours, integer, oneOf, optional, pageSize, required } from '../params';
import type { TimeLogRow } from '../types';
import { timeLogRecord } from '../wire-records';
import { checkDailyMaximum, checkUnlocked, checkWorkDate, jobFor } from './timelog-rules';

/** addtimelog, edittimelog take yyyy-MM-dd only (wire-format.md "Dates and hours"). */
function isoDay(call: Call, name: string, isRequired: boolean): string | undefined {
  const v = isRequired ? required(call.params, name) : optional(call.params, name);
  if (v !== undefined && !isValidDate(v))
    throw new ApiError(9004, `Invalid date format for ${name}: use yyyy-MM-dd, e.g. 2024-05-31 (got "${v}").`);
  return v;
}

export function getTimeLogDetails(call: Call) {
  const { store } = call;
  const log = store.timeLog(required(call.params, 'timeLogId'));
  // spec 7: no such time log is an empty result, not an error.
  if (!log) return { result: [] };
  store.requireActFor(call.caller, store.employeeByEmail(log.user), 'read time logs');
  return { result: [timeLogRecord(store, log)] };
}

const APPROVAL_FILTER = ['all', 'draft', 'pending', 'approved', 'rejected'] as const;

/**
 * gettimelogs: `user` (email, employee id or record id; oneself, one's team, anyone for an HR admin), `fromDate` and
 * `toDate` (required, in `dateFormat`, company format by default), optional `jobId` and `billingStatus` (default
 * `all`), `approvalStatus` (default `all`), `sIndex` (from 0) and `limit` (at most 200). Records are the read shape
 * of a time log, oldest day first, with `workDate` in the request's date format (a list endpoint).
 */
export function getTimeLogs(call: Call) {
  const { store, params: p } = call;
  const owner = store.employee(required(p, 'user'));
  store.requireActFor(call.caller, owner, 'read time logs');
  const format = dateFormatOf(p);
  const from = day(p, 'fromDate', format)!;
  const to = day(p, 'toDate', format)!;
  if (to < from) throw new ApiError(9006, 'toDate is before fromDate: give a toDate on or after the fromDate.');
  const jobId = optional(p, 'jobId') ?? 'all';
  const billingFilter = optional(p, 'billingStatus')?.toLowerCase() === 'all' ? undefined : billing(p, 'billingStatus');
  const approval = oneOf(p, 'approvalStatus', APPROVAL_FILTER, 'all');
  const sIndex = integer(p, 'sIndex', 0, 0);
  const limit = pageSize(p, 'limit');
  const all = store.state.timeLogs
    .filter((l) => l.user === owner.email && l.workDate >= from && l.workDate <= to)
    .filter((l) => (jobId.toLowerCase() === 'all' || l.jobId === jobId) && (!billingFilter || l.billingStatus === billingFilter))
    .filter((l) => approval === 'all' || l.approvalStatus === approval)
    .sort((a, b) => a.workDate.localeCompare(b.workDate) || compareIds(a.timeLogId, b.timeLogId));
  const page = all.slice(sIndex, sIndex + limit);
  return {
    result: page.map((l) => ({ ...timeLogRecord(store, l), workDate: formatDay(l.workDate, format) })),
    isNextAvailable: page.length === limit && sIndex + limit < all.length,
  };
}

/** Ids are decimal strings of up to 18 digits: compare them as numbers. */
function compareIds(a: string, b: string): number {
  return a.length - b.length || a.localeCompare(b);
}

export function addTimeLog(call: Call) {
  const { store, params: p, today } = call;
  const owner = store.employee(required(p, 'user'));
  store.requireActFor(call.caller, owner, 'log time');
  const workDate = isoDay(call, 'workDate', true)!;
  const minutes = hours(p, 'hours');
  const billingStatus = billing(p, 'billingStatus') ?? 'Billable'; // spec 4.2 default
  const job = jobFor(store, optional(p, 'jobId'), optional(p, 'jobName'));
  checkWorkDate(store, workDate, today);
  checkDailyMaximum(store, owner.email, workDate, minutes);
  const log: TimeLogRow = {
    timeLogId: store.newId(),
    user: owner.email,
    workDate,
    minutes,
    jobId: job.jobId,
    billingStatus,
    workItem: optional(p, 'workItem') ?? '',
    description: optional(p, 'description') ?? '',
    approvalStatus: 'draft',
    timesheetId: null,
  };
  store.state.timeLogs.push(log);
  return { result: [{ timeLogId: log.timeLogId, message: 'Time log added successfully' }], message: 'Time log added successfully' };
}

function existingLog(call: Call, action: string): TimeLogRow {
  const { store } = call;
  const id = required(call.params, 'timeLogId');
  const log = store.timeLog(id);
  if (!log) throw new ApiError(7049, `Record not found: no time log with timeLogId "${id}".`);
  store.requireActFor(call.caller, store.employeeByEmail(log.user), `${action} time logs`);
  checkUnlocked(store, log, action);
  return log;
}

export function editTimeLog(call: Call) {
  const { store, params: p, today } = call;
  const log = existingLog(call, 'edit');
  const given = ['hours', 'workDate', 'billingStatus', 'description'].filter((k) => p[k] !== undefined);
  if (given.length === 0)
    throw new ApiError(9002, 'Missing parameter: give at least one of hours, workDate, billingStatus, description to change.');
  const workDate = isoDay(call, 'workDate', false) ?? log.workDate;
  const minutes = p.hours !== undefined ? hours(p, 'hours') : log.minutes;
  const billingStatus = billing(p, 'billingStatus') ?? log.billingStatus;
  if (workDate !== log.workDate) checkWorkDate(store, workDate, today);
  checkDailyMaximum(store, log.user, workDate, minutes, log);
  Object.assign(log, { workDate, minutes, billingStatus });
  if (p.description !== undefined) log.description = p.description.trim();
  return { result: { timeLogId: log.timeLogId, message: 'Time log updated successfully' } };
}

export function deleteTimeLog(call: Call) {
  const log = existingLog(call, 'delete');
  call.store.state.timeLogs = call.store.state.timeLogs.filter((l) => l !== log);
  return { result: { message: 'Time log deleted successfully' } };
}
