/**
 * What the service holds (spec 2), normalised: timesheets, time logs, jobs, payroll rows, the time tracker settings,
 * employee records and the rate rules it enforces. IDs are always strings (real-service-notes: 18-digit IDs lose
 * precision as JS numbers); dates are local calendar days `YYYY-MM-DD`; hours are `HH:MM` strings that may exceed 24
 * hours (`"7010:00"`), never clock times.
 */

/** spec 3: approval states. `all` is a list filter, not a state, so it is not here. */
export type ApprovalStatus = 'draft' | 'pending' | 'approved' | 'rejected';
export type BillingStatus = 'Billable' | 'Non Billable';
export type JobStatus = 'in-progress' | 'completed';

/** spec 2.1, normalised. */
export interface Timesheet {
  recordId: string;
  timesheetName: string;
  status: ApprovalStatus;
  totalHours: string;
  billableHours: string;
  fromDate: string;
  toDate: string;
  /**
   * Whose it is, as the service names them anywhere: the list row, else the detail's timesheet, else its time logs
   * (src/core/service/wire/normalize.ts); the core fills in a name it knows or reads once (src/core/team/people.ts).
   */
  employeeName?: string;
  employeeEmail?: string;
  /** The employee's ID (spec 2.7 `Employee ID`), where the service gives it. */
  employeeId?: string;
  /** The employee's record id (spec 2.7 erecno, read with getDataByID), where the service gives it. */
  employeeRecordId?: string;
  /** The approver's comment on the last decision, where the service returns one. */
  comments?: string;
  /**
   * Some of its logs are approved and others are not (a partial decision, spec 3), whatever `status` says
   * (../team/approval.ts `isPartlyApproved`). Filled by the core, never by the service: on a detail always (from its
   * logs); on a list row when this device has read that timesheet's detail since its status last changed
   * (src/core/team/approvals.ts), since a list row carries no logs.
   */
  partlyApproved?: true;
}

/** spec 2.3, normalised (`timelogId` and `timeLogId` both accepted on the way in). */
export interface TimeLog {
  timeLogId: string;
  workDate: string;
  hours: string;
  jobId?: string;
  jobName: string;
  projectName?: string;
  clientName?: string;
  billingStatus: BillingStatus;
  workItem?: string;
  description?: string;
  /** Per-log approval state inside a timesheet (partial approval, spec 3). */
  approvalStatus?: ApprovalStatus;
  timesheetId?: string;
}

/**
 * A log whose `workDate` the service wrote in no form Punchcard reads ("31-Foo-2026", or none): kept apart from the
 * dated logs, so nothing that files logs by day (a week, a reconciliation) ever takes it for one, with the date as it
 * came (`rawWorkDate`, '' when there was none) for the people who see it.
 */
export interface UndatedTimeLog extends Omit<TimeLog, 'workDate'> {
  rawWorkDate: string;
}

/** spec 2.2 */
export interface TimesheetDetail extends Timesheet {
  timeLogs: TimeLog[];
  /** Its logs whose day cannot be read (absent when there are none): shown as they came, in no day and no match. */
  undatedLogs?: UndatedTimeLog[];
  projects: string[];
  clients: string[];
}

/** spec 2.5 */
export interface Job {
  jobId: string;
  jobName: string;
  projectName: string;
  clientName: string;
  jobStatus: JobStatus;
  jobBillableStatus: BillingStatus;
  fromDate?: string;
  toDate?: string;
}

/** spec 2.4; `extra` keeps the further fields the service sends. */
export interface PayrollRecord {
  employeeName?: string;
  employeeEmail?: string;
  employeeId?: string;
  regularHour: string;
  OtHours: string;
  paidLeaveHours: string;
  totalAmount: string;
  extra: Record<string, string>;
}

/** spec 2.6, normalised. Field names on the wire are not in the spec; see docs/wire-format.md. */
export interface TrackerSettings {
  logType: 'hours' | 'startEnd' | 'timer';
  /** Company maximum per day in minutes (24 h when the service does not say). */
  maxMinutesPerDay: number;
  allowFutureDates: boolean;
  /** Only the last N days may be logged; null when unrestricted. */
  pastDaysAllowed: number | null;
  /** Day of the week the submission is due (1 = Monday ... 7 = Sunday); Friday by default. */
  submissionDueWeekday: number;
  enabled: boolean;
  /**
   * The company's currency (an ISO 4217 code as the service gives it), where its settings say: amounts of payroll
   * rows that carry none are in it (src/core/team/payroll.ts). Not in spec 2.6 ("field names: not shown").
   */
  currency?: string;
}

/** spec 2.7. `fields` holds every field the service returned, keyed as received. */
export interface EmployeeRecord {
  recordId: string;
  employeeId: string;
  firstName: string;
  lastName: string;
  email: string;
  modifiedTime?: number;
  fields: Record<string, string>;
}

/** One page of an employee search: `records` from `offset`, of `total` matches. */
export interface EmployeePage {
  records: EmployeeRecord[];
  offset: number;
  total: number;
}

/**
 * A rate rule of the service: at most `limit` requests of an endpoint class per `windowMs` (real-service-notes: about
 * 20 a minute, then a 5-minute lock-out). The sandbox enforces it; the client paces itself by it.
 */
export interface RateRule {
  /** requests allowed per window */
  limit: number;
  windowMs: number;
}
