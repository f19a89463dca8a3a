/**
 * Wire -> domain (src/shared/domain/service.ts) as zod schemas. Untrusted data becomes typed data exactly once, here (STYLE
 * "Validate at the edge"). Shapes are those of docs/wire-format.md "Payloads", with the spellings it lists as "also
 * accepted": each record is first renamed to the domain's names (`renamed`: the first spelling present), then read
 * field by field with the tolerant value schemas of ./fields.ts. Employee records and settings are in
 * ./normalize-records.ts, payroll rows in ./normalize-payroll.ts, what a write answers in ./normalize-acks.ts.
 */
import { z } from 'zod';
import type { Job, Timesheet, TimesheetDetail, TimeLog } from '../../../shared/domain';
import {
  compact,
  optionalWireDate,
  optionalWireText,
  readWire,
  renamed,
  wireApprovalStatus,
  wireBillingStatus,
  wireDate,
  wireHours,
  wireId,
  wireJobStatus,
  wireList,
  wireObject,
  wireText,
} from './fields';
import { findPerson, type Person } from './normalize-person';
import { logsKeepingUndated, TIME_LOG_OWN, timeLogSchema } from './normalize-logs';
import { once } from '../../../shared/lazy/once';

/** The first element of an answer that may be a list of one (several answers wrap their record so). */
export const firstOfList = (v: unknown) => (Array.isArray(v) ? v[0] : v);

/** A timesheet's own fields: never read as whose it is (its `name` is the timesheet's, its `recordId` its own id). */
const TIMESHEET_KEYS = {
  recordId: ['recordId', 'timesheetId', 'timesheet_id'],
  timesheetName: ['timesheetName', 'name'],
  status: ['status', 'approvalStatus'],
  totalHours: ['totalHours'],
  billableHours: ['billableHours'],
  fromDate: ['fromDate'],
  toDate: ['toDate'],
  comments: ['comments', 'approverComments'],
};
const TIMESHEET_OWN = [...Object.values(TIMESHEET_KEYS).flat(), 'nonBillableHours', 'description', 'approvalLevels', 'approvedLevels'];

/**
 * spec 2.1 list record. Whose it is: "further fields: not shown", so read from whatever fields name the employee
 * (./normalize-person.ts: `employeeName`, `employeeEmail`, `erecno`, `Employee_ID` ...), or nothing.
 */
export const timesheetSchema = once((): z.ZodType<Timesheet> =>
  wireObject('timesheet')
    .transform((o) => {
      const who = findPerson(o, TIMESHEET_OWN);
      const named: Partial<Record<'employeeName' | 'employeeEmail' | 'employeeId' | 'employeeRecordId', string>> = compact({
        employeeName: who.name,
        employeeEmail: who.email,
        employeeId: who.employeeId,
        employeeRecordId: who.recordId,
      });
      return { ...renamed(o, TIMESHEET_KEYS), ...named };
    })
    .pipe(
      z.object({
        recordId: wireId('timesheet recordId'),
        timesheetName: wireText(),
        status: wireApprovalStatus('timesheet status'),
        totalHours: wireHours(),
        billableHours: wireHours(),
        fromDate: wireDate('timesheet fromDate'),
        toDate: wireDate('timesheet toDate'),
        // read as text by findPerson already
        employeeName: z.string().optional(),
        employeeEmail: z.string().optional(),
        employeeId: z.string().optional(),
        employeeRecordId: z.string().optional(),
        // an empty comment is no comment
        comments: optionalWireText().transform((c) => (c === '' ? undefined : c)),
      }),
    )
    .transform(compact),
);

/** Project and client names: plain names, or objects holding the name under `key`; empty names left out. */
const namesSchema = (key: string) =>
  wireList(key, z.union([z.string(), wireObject(key).transform((o) => wireText().parse(o[key]))])).transform((names) =>
    names.filter((n) => n !== ''),
  );

/** Whose the logs are: the first log that names anyone (a timesheet holds one employee's logs). */
function logsPerson(logs: unknown): Person {
  if (!Array.isArray(logs)) return {};
  for (const l of logs) {
    if (typeof l !== 'object' || l === null || Array.isArray(l)) continue;
    const who = findPerson(l as Record<string, unknown>, TIME_LOG_OWN);
    if (Object.keys(who).length > 0) return who;
  }
  return {};
}

/**
 * wire-format: `{timesheet: {...}, timeLogs, projects: [{projectId, projectName}], clients: [...]}`. Tolerated: the
 * timesheet's fields at the top level, and projects/clients as plain names. Whose it is: as its own fields say, else
 * as its time logs say (a service may name the employee only on each log: `employeeEmail`, `erecno`); without this, the Team
 * list said "Employee not named by the service" over a timesheet whose logs named the employee.
 */
export const timesheetDetailSchema = once((): z.ZodType<TimesheetDetail> =>
  z
    .preprocess(firstOfList, wireObject('timesheet detail'))
    .transform((top): Record<string, unknown> => {
      const timeLogs = top.timeLogs ?? top.timelogs ?? top.timeLog;
      return {
        sheet: top.timesheet !== undefined ? top.timesheet : top,
        timeLogs,
        projects: top.projects,
        clients: top.clients,
        byLogs: logsPerson(timeLogs),
      };
    })
    .pipe(
      z.object({
        sheet: timesheetSchema(),
        timeLogs: logsKeepingUndated('timesheet time logs'),
        projects: namesSchema('projectName'),
        clients: namesSchema('clientName'),
        byLogs: z.custom<Person>(),
      }),
    )
    .transform(({ sheet, byLogs, timeLogs, ...rest }) =>
      compact({
        ...sheet,
        timeLogs: timeLogs.dated,
        undatedLogs: timeLogs.undated.length > 0 ? timeLogs.undated : undefined,
        employeeName: sheet.employeeName ?? byLogs.name,
        employeeEmail: sheet.employeeEmail ?? byLogs.email,
        employeeId: sheet.employeeId ?? byLogs.employeeId,
        employeeRecordId: sheet.employeeRecordId ?? byLogs.recordId,
        ...rest,
      }),
    ),
);

/** spec 2.5 */
export const jobSchema = once((): z.ZodType<Job> =>
  wireObject('job')
    .transform((o) =>
      renamed(o, {
        jobId: ['jobId'],
        jobName: ['jobName'],
        projectName: ['projectName'],
        clientName: ['clientName'],
        jobStatus: ['jobStatus'],
        jobBillableStatus: ['jobBillableStatus', 'billingStatus'],
        fromDate: ['fromDate'],
        toDate: ['toDate'],
      }),
    )
    .pipe(
      z.object({
        jobId: wireId('jobId'),
        jobName: wireText(),
        projectName: wireText(),
        clientName: wireText(),
        jobStatus: wireJobStatus(),
        jobBillableStatus: wireBillingStatus(),
        fromDate: optionalWireDate(),
        toDate: optionalWireDate(),
      }),
    )
    .transform(compact),
);

/* ------------------------------------------------------------------ readers: the client's face onto the schemas */

export const toTimesheet = (v: unknown): Timesheet => readWire(timesheetSchema(), v);
const timesheetList = once(() => wireList('timesheet list', timesheetSchema()));
export const toTimesheets = (payload: unknown): Timesheet[] => readWire(timesheetList(), payload);
export const toTimeLog = (v: unknown): TimeLog => readWire(timeLogSchema(), v);
/** gettimelogs (real-service-notes "Beyond the contract"): `result` is an array of logs in the read shape. */
const timeLogList = once(() => wireList('time log list', timeLogSchema()));
export const toTimeLogs = (payload: unknown): TimeLog[] => readWire(timeLogList(), payload);

/** spec 4.2: `result` is an array whose first element is the log; an empty array means no such log. */
export function toOptionalTimeLog(payload: unknown): TimeLog | null {
  const list = Array.isArray(payload) ? payload : payload === null || payload === undefined ? [] : [payload];
  return list.length === 0 ? null : toTimeLog(list[0]);
}

export const toTimesheetDetail = (payload: unknown): TimesheetDetail => readWire(timesheetDetailSchema(), payload);
export const toJob = (v: unknown): Job => readWire(jobSchema(), v);
const jobList = once(() => wireList('job list', jobSchema()));
export const toJobs = (payload: unknown): Job[] => readWire(jobList(), payload);

// spec 2.4 payroll rows: ./normalize-payroll.ts (whose row it is, read from whatever field the service uses).
export { toPayrollRecord, toPayrollRecords } from './normalize-payroll';
