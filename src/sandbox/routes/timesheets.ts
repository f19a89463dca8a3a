/**
 * spec 4.1 timesheets: list, details, create, modify (rename / resubmit), delete. Approval is ./approvals.ts.
 */
import type { Call } from '../call';
import { ApiError } from '../envelope';
import { billing, dateFormatOf, day, flag, integer, oneOf, optional, pageSize, required } from '../params';
import type { Store } from '../store';
import type { EmployeeRow, TimesheetRow, TimeLogRow } from '../types';
import { timesheetDetail, timesheetRecord } from '../wire-records';

const STATUS_FILTER = ['all', 'draft', 'pending', 'approved', 'rejected'] as const;
const EMPLOYEE_STATUS = ['users', 'nonusers', 'usersandnonusers', 'logindisabled'] as const;

/** spec 4.1 `user=all`: everyone for an HR admin, the team for a manager, oneself otherwise. */
function whoseSheets(call: Call): Set<string> {
  const { store, caller } = call;
  const ref = required(call.params, 'user');
  if (ref.toLowerCase() === 'all') {
    if (caller.isAdmin) return new Set(store.state.employees.map((e) => e.email));
    const team = store.teamOf(caller);
    return new Set(team.length ? team.map((e) => e.email) : [caller.email]);
  }
  const target = store.employee(ref);
  store.requireActFor(caller, target, 'read timesheets');
  return new Set([target.email]);
}

export function getTimesheets(call: Call) {
  const p = call.params;
  const users = whoseSheets(call);
  const format = dateFormatOf(p);
  const from = day(p, 'fromDate', format, false);
  const to = day(p, 'toDate', format, false);
  if (from && to && to < from) throw new ApiError(9006, 'toDate is before fromDate: give a toDate on or after the fromDate.');
  const status = oneOf(p, 'approvalStatus', STATUS_FILTER, 'all');
  oneOf(p, 'employeeStatus', EMPLOYEE_STATUS, 'users');
  const sIndex = integer(p, 'sIndex', 0, 0); // spec 8: timesheets page from 0
  const limit = pageSize(p, 'limit');
  const all = call.store.state.timesheets
    .filter((t) => users.has(t.user) && (status === 'all' || t.status === status))
    // A timesheet is listed when its week overlaps the range.
    .filter((t) => (!from || t.toDate >= from) && (!to || t.fromDate <= to))
    .sort((a, b) => b.fromDate.localeCompare(a.fromDate) || a.user.localeCompare(b.user) || a.timesheetId.localeCompare(b.timesheetId));
  const page = all.slice(sIndex, sIndex + limit);
  return {
    result: page.map((t) => listRecord(call, t, format)),
    isNextAvailable: page.length === limit && sIndex + limit < all.length,
  };
}

/** A list row, naming its employee or not (the `timesheetListEmployee` switch); the detail always does. */
function listRecord(call: Call, sheet: TimesheetRow, format: ReturnType<typeof dateFormatOf>) {
  const row = timesheetRecord(call.store, sheet, format);
  if ((call.variants?.timesheetListEmployee ?? 'spec') === 'spec') return row;
  const { employeeName: _n, employeeEmail: _e, employeeId: _i, erecno: _r, ...unnamed } = row;
  return unnamed;
}

function ownedSheet(call: Call, what: string): { sheet: TimesheetRow; owner: EmployeeRow } {
  const sheet = call.store.timesheet(required(call.params, 'timesheetId'));
  const owner = call.store.employeeByEmail(sheet.user);
  call.store.requireActFor(call.caller, owner, what);
  return { sheet, owner };
}

/** A detail names its employee on the timesheet, or (`timesheetDetailEmployee: 'logs'`) only on its time logs. */
export function getTimesheetDetails(call: Call) {
  const { sheet } = ownedSheet(call, 'read timesheets');
  const detail = timesheetDetail(call.store, sheet);
  if ((call.variants?.timesheetDetailEmployee ?? 'spec') === 'spec') return { result: detail };
  const { employeeName: _n, employeeEmail: _e, employeeId: _i, erecno: _r, ...unnamed } = detail.timesheet;
  return { result: { ...detail, timesheet: unnamed } };
}

/** Logs of `user` in the range that belong to no timesheet yet (createtimesheet gathers only those). */
function unattachedLogs(store: Store, user: string, from: string, to: string): TimeLogRow[] {
  return store.state.timeLogs.filter((l) => l.user === user && l.timesheetId === null && l.workDate >= from && l.workDate <= to);
}

/** Sent for approval; its logs wait too, unless the `logStatesOnSubmit: 'kept'` switch keeps their old states. */
function submit(call: Call, sheet: TimesheetRow): void {
  sheet.status = 'pending';
  sheet.approvedLevels = 0;
  const kept = call.variants?.logStatesOnSubmit === 'kept';
  for (const l of call.store.logsOf(sheet)) if (!kept || l.approvalStatus === 'draft') l.approvalStatus = 'pending';
}

export function createTimesheet(call: Call) {
  const { store, params: p } = call;
  const owner = store.employee(required(p, 'user'));
  store.requireActFor(call.caller, owner, 'create timesheets');
  const name = required(p, 'timesheetName');
  const format = dateFormatOf(p, 'yyyy-MM-dd'); // wire-format.md: createtimesheet takes yyyy-MM-dd unless dateFormat says otherwise
  const from = day(p, 'fromDate', format)!;
  const to = day(p, 'toDate', format)!;
  if (to < from) throw new ApiError(9006, 'toDate is before fromDate: give a toDate on or after the fromDate.');
  const billingFilter = optional(p, 'billableStatus')?.toLowerCase() === 'all' ? undefined : billing(p, 'billableStatus');
  const jobId = optional(p, 'jobId') ?? 'all';
  const projectId = optional(p, 'projectId') ?? 'all';
  const clientId = optional(p, 'clientId') ?? 'all';
  const sendNow = flag(p, 'sendforApproval');

  const logs = unattachedLogs(store, owner.email, from, to).filter((l) => {
    const job = store.job(l.jobId);
    if (billingFilter && l.billingStatus !== billingFilter) return false;
    if (jobId !== 'all' && l.jobId !== jobId) return false;
    if (projectId !== 'all' && job?.projectId !== projectId) return false;
    if (clientId !== 'all' && (!job || store.clientOf(job)?.clientId !== clientId)) return false;
    return true;
  });
  if (logs.length === 0) {
    throw new ApiError(
      7024,
      `No records: ${owner.email} has no time logs between ${from} and ${to} that are not already in a timesheet (with the filters given).`,
    );
  }
  const sheet: TimesheetRow = {
    timesheetId: store.newId(),
    timesheetName: name,
    description: optional(p, 'description') ?? '',
    user: owner.email,
    fromDate: from,
    toDate: to,
    status: 'draft',
    comments: '',
    approvalLevels: owner.approvalLevels,
    approvedLevels: 0,
  };
  store.state.timesheets.push(sheet);
  for (const l of logs) {
    l.timesheetId = sheet.timesheetId;
    l.approvalStatus = 'draft';
  }
  if (sendNow) submit(call, sheet);
  return {
    result: {
      timesheetId: [sheet.timesheetId],
      message: sendNow ? 'Timesheet created and submitted for approval' : 'Timesheet created successfully',
    },
    message: 'Timesheet created successfully',
  };
}

export function modifyTimesheet(call: Call) {
  const { store, params: p } = call;
  const { sheet } = ownedSheet(call, 'modify timesheets');
  const name = optional(p, 'timesheetName');
  const description = p.description; // may be set to empty
  const resubmit = flag(p, 'sendforApproval');
  if (sheet.status === 'approved') {
    throw new ApiError(8005, 'Timesheet is approved and can no longer be changed.', { httpStatus: 409 });
  }
  if (resubmit && sheet.status === 'pending') {
    throw new ApiError(9003, 'Timesheet is already submitted and waiting for approval.', { httpStatus: 409 });
  }
  if (name !== undefined) sheet.timesheetName = name;
  if (description !== undefined) sheet.description = description.trim();
  if (resubmit) {
    // Hours added to the week after a rejection (e.g. splitting a day by project) join the resubmitted sheet.
    for (const l of unattachedLogs(store, sheet.user, sheet.fromDate, sheet.toDate)) l.timesheetId = sheet.timesheetId;
    submit(call, sheet);
  }
  return {
    result: { timesheetId: sheet.timesheetId, message: resubmit ? 'Timesheet submitted for approval' : 'Timesheet modified successfully' },
  };
}

export function deleteTimesheet(call: Call) {
  const { store } = call;
  const { sheet } = ownedSheet(call, 'delete timesheets');
  if (sheet.status === 'approved') {
    throw new ApiError(8005, 'An approved timesheet cannot be deleted.', { httpStatus: 409 });
  }
  // Its logs stay, back to being in no timesheet.
  for (const l of store.logsOf(sheet)) {
    l.timesheetId = null;
    l.approvalStatus = 'draft';
  }
  store.state.timesheets = store.state.timesheets.filter((t) => t !== sheet);
  return { result: { message: 'Timesheet deleted successfully' } };
}
