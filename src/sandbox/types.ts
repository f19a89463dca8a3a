/**
 * The sandbox's public types (the API other engineers code against, see the project brief's sandbox API) and the shape of its data.
 * Data rows keep ids as decimal strings (18 digits, above 2^53) and hours as whole minutes; the wire shapes of
 * docs/wire-format.md are produced from them in ./wire-records.ts.
 */
import type { ServerCaps } from '../loopback';
import type { RateRule } from '../shared/domain';

export type { RateRule };
export type ApprovalState = 'draft' | 'pending' | 'approved' | 'rejected';
export type Billing = 'Billable' | 'Non Billable';
export type JobState = 'in-progress' | 'completed';

export interface RateLimitOptions {
  timetracker?: RateRule;
  formsRead?: RateRule;
  formsInsert?: RateRule;
  formsUpdate?: RateRule;
  lockoutMs?: number;
}

export interface SandboxOptions {
  port?: number; // 0 = random (default)
  host?: string; // default 127.0.0.1
  envelope?: 'spec' | 'real'; // default 'spec'
  numericIds?: boolean; // default false
  rateLimits?: false | RateLimitOptions; // default false
  /** The clock of the rate limits' windows and lock-outs (default: Date.now), so a test moves time instead of waiting. */
  now?: () => number;
  persistPath?: string; // state file; loaded if it exists, saved after every change
  /**
   * The lock other processes take on `persistPath` (Punchcard: the data directory's file lock). With it, every change
   * is made on the file's latest state under the lock and saved before it is answered, so several processes can
   * serve one demo company (src/sandbox/store.ts). Without it the process is assumed to be the file's only user.
   */
  stateLock?: <T>(fn: () => T) => T;
  /**
   * The demo service inside Punchcard (app, web mode, `punch`): no admin routes (/__sandbox/...). Default false: the
   * standalone sandbox (`npm run sandbox`, tests) has them.
   */
  embedded?: boolean;
  /**
   * Answered in this process, without a server: no `listen`; `url` is `in-process://demo` and `fetch` hands each
   * request to the same handler the HTTP server uses (./in-process.ts). `punch`'s demo; with `embedded` only.
   */
  inProcess?: boolean;
  /** Connection caps (src/loopback/server-caps.ts: explicit defaults); tests shorten them. */
  caps?: Partial<ServerCaps>;
  seed?: number; // deterministic demo data
  today?: string; // 'YYYY-MM-DD' the sandbox treats as today (no future dates); default: local today
  /** Bulk data for paging tests: this many more in-progress jobs (assigned to the demo user). */
  extraJobs?: number;
  /** Bulk data for paging tests: this many more employees. */
  extraEmployees?: number;
  /**
   * Offer gettimelogs (beyond the contract, real-service-notes). Default true; false makes it an unknown path
   * (HTTP 404, code 9003, in both envelope styles), as on a deployment that does not have it.
   */
  timeLogList?: boolean;
  /**
   * Which field of a payroll row names its employee (spec 2.4 leaves it unnamed): `spec` (default) sends
   * `employeeName`, `employeeEmail` and `employeeId`; any other value sends only that field (`First_Name+Last_Name`:
   * the two halves of the name), and `none` no employee field at all. docs/wire-format.md "Payroll rows: whose row".
   */
  payrollEmployeeField?: PayrollEmployeeField;
  /** The currency code of payroll rows (default `USD`); `null` leaves the `currency` field out. */
  payrollCurrency?: string | null;
  /**
   * Whether the timesheet list (spec 4.1 gettimesheet) says whose each row is: `spec` (default) sends `employeeName`,
   * `employeeEmail`, `employeeId` and `erecno`; `none` sends only the fields spec 2.1 names (a service whose list
   * names nobody: the contract leaves list fields open). The detail still names its employee.
   * docs/wire-format.md "Timesheet list: whose row".
   */
  timesheetListEmployee?: TimesheetListEmployee;
  /**
   * What a resubmit (or a submit) does to the approval state of the week's logs as the lists show them: `reset`
   * (default) makes them all pending; `kept` leaves each as it was (a rejected log still says "rejected" while its
   * timesheet waits for approval again), as a service seen in the wild answered. docs/wire-format.md "Log states
   * after a resubmit".
   */
  logStatesOnSubmit?: LogStatesOnSubmit;
  /**
   * Whether a timesheet's detail (spec 4.1 gettimesheetdetails) names its employee on the timesheet: `spec` (default)
   * does; `logs` leaves the timesheet's employee fields out, so only its time logs name them (`employeeEmail`,
   * `erecno`), as some services do. docs/wire-format.md "Timesheet list: whose row".
   */
  timesheetDetailEmployee?: TimesheetDetailEmployee;
  /**
   * The company's currency in the time tracker settings (spec 2.6 "field names: not shown"): a code (default `USD`)
   * sent as `currency`, or `null` for none. Apart from `payrollCurrency`: a service's payroll rows may carry none.
   */
  companyCurrency?: string | null;
}

export const LOG_STATES_ON_SUBMIT = ['reset', 'kept'] as const;
export type LogStatesOnSubmit = (typeof LOG_STATES_ON_SUBMIT)[number];

export const TIMESHEET_LIST_EMPLOYEE = ['spec', 'none'] as const;
export type TimesheetListEmployee = (typeof TIMESHEET_LIST_EMPLOYEE)[number];
export const TIMESHEET_DETAIL_EMPLOYEE = ['spec', 'logs'] as const;
export type TimesheetDetailEmployee = (typeof TIMESHEET_DETAIL_EMPLOYEE)[number];

export const PAYROLL_EMPLOYEE_FIELDS = [
  'spec',
  'Employee_Name',
  'empName',
  'name',
  'EmployeeName',
  'Email_ID',
  'erecno',
  'Employee_ID',
  'First_Name+Last_Name',
  'none',
] as const;
export type PayrollEmployeeField = (typeof PAYROLL_EMPLOYEE_FIELDS)[number];

/** How the wire answers may vary (switched by `configure`): the payroll rows' employee field and currency, whose timesheet rows. */
export interface WireVariants {
  payrollEmployeeField: PayrollEmployeeField;
  payrollCurrency: string | null;
  timesheetListEmployee: TimesheetListEmployee;
  logStatesOnSubmit: LogStatesOnSubmit;
  timesheetDetailEmployee: TimesheetDetailEmployee;
  companyCurrency: string | null;
}

// The admin routes' bodies, written once as zod schemas (./admin/bodies.ts).
import type { ElsewhereEdit, ElsewhereLog, Fault } from './admin/bodies';
export type { ElsewhereEdit, ElsewhereLog, Fault };

export interface LoggedRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  /** HTTP status sent; 0 when the socket was destroyed without an answer (commit-then-drop). */
  status: number;
  at: number;
}

export type ConfigurableOption =
  | 'envelope'
  | 'numericIds'
  | 'rateLimits'
  | 'timeLogList'
  | 'payrollEmployeeField'
  | 'payrollCurrency'
  | 'timesheetListEmployee'
  | 'logStatesOnSubmit'
  | 'timesheetDetailEmployee'
  | 'companyCurrency'
  /** The service's day moving on (its calendar in another zone than the app's): the seed stays as it was made. */
  | 'today';

export interface Sandbox {
  url: string;
  port: number;
  demoToken: string;
  demoUser: string;
  configure(patch: Partial<Pick<SandboxOptions, ConfigurableOption>>): void;
  fault(f: Fault | null): void;
  setOffline(offline: boolean): Promise<void>;
  issueToken(opts: { user: string; scopes: string[] }): string;
  requests(): LoggedRequest[];
  resetRequests(): void;
  state(): SandboxState;
  decide(timesheetId: string, decision: 'approved' | 'rejected', comments?: string): void;
  /** Changes made on the service's web page or phone app, past the API (./admin/elsewhere.ts). */
  elsewhere: Elsewhere;
  close(): Promise<void>;
  /** With `inProcess`: the fetch that answers in this process (./in-process.ts). */
  fetch?: InProcessFetch;
}

/** The part of fetch the service client uses (src/core/service/http/node-fetch.ts), answered in this process. */
export type InProcessFetch = (
  input: string | URL,
  init?: { method?: string; headers?: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<{ status: number; ok: boolean; headers: { get(name: string): string | null }; text(): Promise<string> }>;

/* ------------------------------------------------------------------ data rows */

export interface EmployeeRow {
  recordId: string;
  employeeId: string;
  firstName: string;
  lastName: string;
  email: string;
  department: string;
  designation: string;
  status: 'Active' | 'Inactive';
  /** epoch ms; the view listing's `modifiedtime` filter compares against it. */
  modifiedTime: number;
  managerEmail: string | null;
  /** HR admin: sees and approves everyone's timesheets, runs payroll for all. */
  isAdmin: boolean;
  /** 1 or 2 approval levels for this employee's timesheets. */
  approvalLevels: number;
  hourlyRate: number;
  /** Paid leave days (YYYY-MM-DD) counted by the payroll report. */
  leaveDays: string[];
}

export interface ClientRow {
  clientId: string;
  clientName: string;
}
export interface ProjectRow {
  projectId: string;
  projectName: string;
  clientId: string;
}

export interface JobRow {
  jobId: string;
  jobName: string;
  projectId: string;
  jobStatus: JobState;
  jobBillableStatus: Billing;
  fromDate: string;
  toDate: string;
  /** Employee emails. */
  assignedTo: string[];
}

export interface TimeLogRow {
  timeLogId: string;
  /** Employee email. */
  user: string;
  workDate: string;
  minutes: number;
  jobId: string;
  billingStatus: Billing;
  workItem: string;
  description: string;
  /** draft while not in a timesheet or in a draft one; otherwise follows the timesheet and per-log decisions. */
  approvalStatus: ApprovalState;
  timesheetId: string | null;
}

export interface TimesheetRow {
  timesheetId: string;
  timesheetName: string;
  description: string;
  /** Employee email. */
  user: string;
  fromDate: string;
  toDate: string;
  status: ApprovalState;
  /** The approver's comment on the last decision. */
  comments: string;
  approvalLevels: number;
  approvedLevels: number;
}

export interface TrackerSettingsRow {
  logType: 'hours' | 'startEnd' | 'timer';
  maxHoursPerDay: string;
  allowFutureTimeLog: boolean;
  allowedPastDays: number;
  timesheetSubmissionDay: string;
  isTimeTrackerEnabled: boolean;
  dateFormat: string;
}

export interface SandboxState {
  employees: EmployeeRow[];
  clients: ClientRow[];
  projects: ProjectRow[];
  jobs: JobRow[];
  timesheets: TimesheetRow[];
  timeLogs: TimeLogRow[];
  settings: TrackerSettingsRow;
  holidays: Array<{ date: string; name: string }>;
  /** Payroll periods already processed: a payroll report overlapping one answers 9009. */
  processedPayPeriods: Array<{ fromDate: string; toDate: string }>;
  /** Next id to hand out (decimal string; ids stay 18 digits). */
  nextId: string;
}

/* ------------------------------------------------------------------ changes made elsewhere (./admin/elsewhere.ts) */

export interface Elsewhere {
  /** Adds a time log as the service's web page would; returns its id. Refused (an Error) as the API would refuse it. */
  log(input: ElsewhereLog): { timeLogId: string };
  edit(timeLogId: string, patch: ElsewhereEdit): void;
  delete(timeLogId: string): void;
}
