/**
 * spec 4.2 time logs: read, add, edit, delete. New logs belong to no timesheet until createtimesheet (or a
 * resubmission) gathers them.
 */
import type { Call } from '../call';
import { isIsoDay } from '../calendar';
import { ApiError } from '../envelope';
import { billing, hours, optional, required } from '../params';
import type { TimeLogRow } from '../types';
import { timeLogRecord } from '../wire-records';
import { checkDailyMaximum, checkUnlocked, checkWorkDate, jobFor } from './timelog-rules';

/** addtimelog, edittimelog take yyyy-MM-dd only (wire-format.md "Dates and hours"). */
function isoDay(call: Call, name: string, isRequired: boolean): string | undefined {
  const v = isRequired ? required(call.params, name) : optional(call.params, name);
  if (v !== undefined && !isIsoDay(v)) throw new ApiError(9004, `Invalid date format for ${name}: use yyyy-MM-dd, e.g. 2024-05-31 (got "${v}").`);
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
    timeLogId: store.newId(), user: owner.email, workDate, minutes, jobId: job.jobId, billingStatus,
    workItem: optional(p, 'workItem') ?? '', description: optional(p, 'description') ?? '',
    approvalStatus: 'draft', timesheetId: null,
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
  if (given.length === 0) throw new ApiError(9002, 'Missing parameter: give at least one of hours, workDate, billingStatus, description to change.');
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
