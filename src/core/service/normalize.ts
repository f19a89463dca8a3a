/**
 * Wire -> domain (src/shared/domain.ts). Untrusted data becomes typed data exactly once, here (STYLE "Validate at the
 * edge"). Shapes are those of docs/wire-format.md "Payloads", with the spellings it lists as "also accepted".
 * Employee records and settings are in ./normalize-records.ts.
 */
import type { Job, Timesheet, TimesheetDetail, TimeLog } from '../../shared/domain';
import {
  approvalStatusOf, asArray, asRecord, billingStatusOf, dateOf, hoursOf, idOf, jobStatusOf, optionalApprovalStatus,
  optionalDate, optionalId, optionalText, pick, ShapeError, textOf, type Wire,
} from './wire-fields';

/** spec 2.1 list record. */
export function toTimesheet(v: unknown): Timesheet {
  const o = asRecord(v, 'timesheet');
  const sheet: Timesheet = {
    recordId: idOf(pick(o, 'recordId', 'timesheetId', 'timesheet_id'), 'timesheet recordId'),
    timesheetName: textOf(pick(o, 'timesheetName', 'name')),
    status: approvalStatusOf(pick(o, 'status', 'approvalStatus'), 'timesheet status'),
    totalHours: hoursOf(pick(o, 'totalHours')),
    billableHours: hoursOf(pick(o, 'billableHours')),
    fromDate: dateOf(pick(o, 'fromDate'), 'timesheet fromDate'),
    toDate: dateOf(pick(o, 'toDate'), 'timesheet toDate'),
  };
  const employeeName = optionalText(o.employeeName);
  const employeeEmail = optionalText(pick(o, 'employeeEmail', 'emailId'));
  const comments = optionalText(pick(o, 'comments', 'approverComments'));
  if (employeeName !== undefined) sheet.employeeName = employeeName;
  if (employeeEmail !== undefined) sheet.employeeEmail = employeeEmail;
  if (comments !== undefined && comments !== '') sheet.comments = comments;
  return sheet;
}

export function toTimesheets(payload: unknown): Timesheet[] {
  return asArray(payload, 'timesheet list').map(toTimesheet);
}

/** spec 2.3; `timelogId` in reads, `timeLogId` elsewhere (real-service-notes "Data"). */
export function toTimeLog(v: unknown): TimeLog {
  const o = asRecord(v, 'time log');
  const log: TimeLog = {
    timeLogId: idOf(pick(o, 'timelogId', 'timeLogId', 'timelogid'), 'time log id'),
    workDate: dateOf(o.workDate, 'time log workDate'),
    hours: hoursOf(o.hours),
    jobName: textOf(o.jobName),
    billingStatus: billingStatusOf(o.billingStatus),
  };
  const jobId = optionalId(o.jobId);
  if (jobId !== undefined) log.jobId = jobId;
  for (const key of ['projectName', 'clientName', 'workItem', 'description'] as const) {
    const text = optionalText(o[key]);
    if (text !== undefined) log[key] = text;
  }
  // a log's approval state is extra information (the timesheet's status decides what is locked): a spelling not
  // known here ("Approval not enabled", a new state) leaves it out rather than make the whole list unreadable
  const approval = tolerantApproval(pick(o, 'approvalStatus', 'status'));
  if (approval !== undefined) log.approvalStatus = approval;
  const timesheetId = optionalId(o.timesheetId);
  if (timesheetId !== undefined) log.timesheetId = timesheetId;
  return log;
}

function tolerantApproval(v: unknown): TimeLog['approvalStatus'] {
  try { return optionalApprovalStatus(v, 'time log approvalStatus'); } catch { return undefined; }
}

/** gettimelogs (real-service-notes "Beyond the contract"): `result` is an array of logs in the read shape. */
export function toTimeLogs(payload: unknown): TimeLog[] {
  return asArray(payload, 'time log list').map(toTimeLog);
}

/** spec 4.2: `result` is an array whose first element is the log; an empty array means no such log. */
export function toOptionalTimeLog(payload: unknown): TimeLog | null {
  const list = Array.isArray(payload) ? payload : payload === null || payload === undefined ? [] : [payload];
  return list.length === 0 ? null : toTimeLog(list[0]);
}

/**
 * wire-format: `{timesheet: {...}, timeLogs, projects: [{projectId, projectName}], clients: [...]}`. Tolerated: the
 * timesheet's fields at the top level, and projects/clients as plain names.
 */
export function toTimesheetDetail(payload: unknown): TimesheetDetail {
  const top = asRecord(Array.isArray(payload) ? payload[0] : payload, 'timesheet detail');
  const sheet = toTimesheet(top.timesheet !== undefined ? top.timesheet : top);
  const logs = asArray(pick(top, 'timeLogs', 'timelogs', 'timeLog'), 'timesheet time logs').map(toTimeLog);
  return {
    ...sheet,
    timeLogs: logs,
    projects: namesOf(top.projects, 'projectName'),
    clients: namesOf(top.clients, 'clientName'),
  };
}

function namesOf(v: unknown, key: string): string[] {
  return asArray(v, key).map((item) => (typeof item === 'string' ? item : textOf(asRecord(item, key)[key]))).filter((n) => n !== '');
}

/** spec 2.5 */
export function toJob(v: unknown): Job {
  const o = asRecord(v, 'job');
  const job: Job = {
    jobId: idOf(o.jobId, 'jobId'),
    jobName: textOf(o.jobName),
    projectName: textOf(o.projectName),
    clientName: textOf(o.clientName),
    jobStatus: jobStatusOf(o.jobStatus),
    jobBillableStatus: billingStatusOf(pick(o, 'jobBillableStatus', 'billingStatus')),
  };
  const fromDate = optionalDate(o.fromDate);
  const toDate = optionalDate(o.toDate);
  if (fromDate !== undefined) job.fromDate = fromDate;
  if (toDate !== undefined) job.toDate = toDate;
  return job;
}

export function toJobs(payload: unknown): Job[] {
  return asArray(payload, 'job list').map(toJob);
}

// spec 2.4 payroll rows: ./normalize-payroll.ts (whose row it is, read from whatever field the service uses).
export { toPayrollRecord, toPayrollRecords } from './normalize-payroll';

/** The `{message}` confirmations of delete and edit (spec: "fields: not shown"). */
export function toMessage(payload: unknown): { message: string } {
  const o = Array.isArray(payload) ? payload[0] : payload;
  if (typeof o === 'string') return { message: o };
  if (o === null || o === undefined) return { message: '' };
  return { message: textOf(asRecord(o, 'confirmation').message) };
}

/** createtimesheet: `timesheetId` is an array (spec 4.1); a single id is tolerated. */
export function toCreatedTimesheet(payload: unknown): { timesheetIds: string[]; message: string } {
  const o = asRecord(payload, 'createtimesheet answer');
  const raw = o.timesheetId;
  const ids = (Array.isArray(raw) ? raw : [raw]).map((id) => idOf(id, 'timesheetId'));
  if (ids.length === 0) throw new ShapeError('createtimesheet answer holds no timesheetId');
  return { timesheetIds: ids, message: textOf(o.message) };
}

/** modifytimesheet / approvetimesheet: `{timesheetId, message}`; an array of one id is tolerated. */
export function toTimesheetAck(payload: unknown, fallbackId: string): { timesheetId: string; message: string } {
  const o = asRecord(Array.isArray(payload) ? payload[0] : payload, 'timesheet answer');
  const raw = Array.isArray(o.timesheetId) ? o.timesheetId[0] : o.timesheetId;
  return { timesheetId: optionalId(raw) ?? fallbackId, message: textOf(o.message) };
}

/** addtimelog: `result` array whose first element holds `timeLogId` and `message` (spec 4.2). */
export function toAddedTimeLog(payload: unknown): { timeLogId: string; message: string } {
  const first: unknown = Array.isArray(payload) ? payload[0] : payload;
  const o: Wire = asRecord(first, 'addtimelog answer');
  return { timeLogId: idOf(pick(o, 'timeLogId', 'timelogId'), 'timeLogId'), message: textOf(o.message) };
}
