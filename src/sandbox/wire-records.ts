/**
 * Rows -> the payload records of docs/wire-format.md "Payloads". Spellings are the spec's here; the `real` style
 * re-spells statuses and billing values when the envelope is written (./envelope.ts).
 */
import { COMPANY_DATE_FORMAT, formatDay, type DateFormat } from './calendar';
import { toHhmm } from '../shared/time/hours';
import type { Store } from './store';
import type { EmployeeRow, JobRow, TimesheetRow, TimeLogRow } from './types';

export function timesheetRecord(store: Store, sheet: TimesheetRow, format: DateFormat = COMPANY_DATE_FORMAT) {
  const logs = store.logsOf(sheet);
  const total = logs.reduce((s, l) => s + l.minutes, 0);
  const billable = logs.filter((l) => l.billingStatus === 'Billable').reduce((s, l) => s + l.minutes, 0);
  const owner = store.employeeByEmail(sheet.user);
  return {
    recordId: sheet.timesheetId,
    timesheetName: sheet.timesheetName,
    status: sheet.status,
    totalHours: toHhmm(total),
    billableHours: toHhmm(billable),
    nonBillableHours: toHhmm(total - billable),
    fromDate: formatDay(sheet.fromDate, format),
    toDate: formatDay(sheet.toDate, format),
    employeeName: `${owner.firstName} ${owner.lastName}`,
    employeeEmail: owner.email,
    employeeId: owner.employeeId,
    erecno: owner.recordId,
    ...(sheet.comments ? { comments: sheet.comments } : {}),
  };
}

export function timeLogRecord(store: Store, log: TimeLogRow) {
  const job = store.job(log.jobId);
  const owner = store.employeeByEmail(log.user);
  return {
    timelogId: log.timeLogId,
    workDate: log.workDate,
    hours: toHhmm(log.minutes),
    jobId: log.jobId,
    jobName: job?.jobName ?? '',
    projectName: job ? (store.projectOf(job)?.projectName ?? '') : '',
    clientName: job ? (store.clientOf(job)?.clientName ?? '') : '',
    billingStatus: log.billingStatus,
    workItem: log.workItem,
    description: log.description,
    approvalStatus: log.approvalStatus,
    // Empty while the log is in no timesheet.
    timesheetId: log.timesheetId ?? '',
    employeeEmail: owner.email,
    erecno: owner.recordId,
  };
}

export function timesheetDetail(store: Store, sheet: TimesheetRow) {
  const logs = store.logsOf(sheet).sort((a, b) => a.workDate.localeCompare(b.workDate) || a.timeLogId.localeCompare(b.timeLogId));
  const jobs = [...new Set(logs.map((l) => l.jobId))].map((id) => store.job(id)).filter((j): j is JobRow => !!j);
  const projects = new Map<string, string>();
  const clients = new Map<string, string>();
  for (const j of jobs) {
    const p = store.projectOf(j);
    if (p) projects.set(p.projectId, p.projectName);
    const c = store.clientOf(j);
    if (c) clients.set(c.clientId, c.clientName);
  }
  return {
    timesheet: {
      ...timesheetRecord(store, sheet),
      description: sheet.description,
      approvalLevels: sheet.approvalLevels,
      approvedLevels: sheet.approvedLevels,
    },
    timeLogs: logs.map((l) => timeLogRecord(store, l)),
    projects: [...projects].map(([projectId, projectName]) => ({ projectId, projectName })),
    clients: [...clients].map(([clientId, clientName]) => ({ clientId, clientName })),
  };
}

/** Minutes logged per job id (computed once per page, not once per job). */
export function minutesByJob(store: Store): Map<string, number> {
  const out = new Map<string, number>();
  for (const l of store.state.timeLogs) out.set(l.jobId, (out.get(l.jobId) ?? 0) + l.minutes);
  return out;
}

export function jobRecord(store: Store, job: JobRow, logged: Map<string, number>) {
  const project = store.projectOf(job);
  const client = store.clientOf(job);
  const minutes = logged.get(job.jobId) ?? 0;
  return {
    jobId: job.jobId,
    jobName: job.jobName,
    projectId: job.projectId,
    projectName: project?.projectName ?? '',
    clientId: client?.clientId ?? '',
    clientName: client?.clientName ?? '',
    jobStatus: job.jobStatus,
    jobBillableStatus: job.jobBillableStatus,
    // real-service-notes "Data": list endpoints speak the company date format.
    fromDate: formatDay(job.fromDate, COMPANY_DATE_FORMAT),
    toDate: formatDay(job.toDate, COMPANY_DATE_FORMAT),
    assignedTo: [...job.assignedTo],
    totalhours: toHhmm(minutes),
  };
}

export function employeeRecord(e: EmployeeRow) {
  return {
    recordId: e.recordId,
    EmployeeID: e.employeeId,
    FirstName: e.firstName,
    LastName: e.lastName,
    EmailID: e.email,
    Department: e.department,
    Designation: e.designation,
    Employeestatus: e.status,
    ModifiedTime: String(e.modifiedTime),
  };
}

/**
 * The answer with its first time log's `workDate` written as `workDate` (the odd-date fault: real services send dates
 * in forms no client reads, "31-Foo-2026"); the store keeps the log's real day.
 */
export function withOddDate<T extends { result: unknown }>(success: T, workDate: string): T {
  let done = false;
  const walk = (v: unknown): unknown => {
    if (done || typeof v !== 'object' || v === null) return v;
    if (Array.isArray(v)) return v.map(walk);
    const o = v as Record<string, unknown>;
    if ('timelogId' in o && 'workDate' in o) {
      done = true;
      return { ...o, workDate };
    }
    return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, walk(x)]));
  };
  return { ...success, result: walk(success.result) };
}
