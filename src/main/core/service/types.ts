/**
 * The service client's interface: one method per operation of spec section 4. Inputs are the spec's parameters
 * (typed); outputs are normalised domain types. Implemented by `createServiceClient` in ./client.ts.
 */
import type {
  ApprovalStatus, BillingStatus, EmployeeRecord, Job, PayrollRecord, Timesheet, TimesheetDetail, TimeLog, TrackerSettings,
} from '../../../shared/domain';
import type { BudgetStore } from './limiter';

export interface ClientConfig {
  /** e.g. https://people.zoho.com/people or http://127.0.0.1:8787 ; paths then start with /api/ */
  baseUrl: string;
  /** Returns the access token to send (may refresh it). Called per request; must be cheap (cached). */
  getToken: () => Promise<string>;
  /** Called once when the service answers "invalid token" (7202 / 401); returns a new token or throws AuthError. */
  onInvalidToken?: () => Promise<string>;
  /** Header scheme: `Authorization: <scheme> <token>`. Default 'Zoho-oauthtoken'. */
  authScheme?: 'Zoho-oauthtoken' | 'Bearer';
  /** Pacing and retry policy (see ./policy.ts for the documented defaults). */
  policy?: Partial<ClientPolicy>;
  /**
   * Where the pacing budget is kept (service/limiter.ts `BudgetStore`): default in memory for this client only; the
   * session passes the account's budget file (account/rate-budget.ts) so every process on a data directory shares it.
   */
  rateBudget?: BudgetStore;
  /** Injected for tests. */
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface RateRule {
  /** requests allowed per window */
  limit: number;
  windowMs: number;
}

export interface ClientPolicy {
  /** Per-endpoint pacing (endpoint key = path without the /api/ prefix, e.g. 'timetracker/addtimelog'). */
  timetrackerRate: RateRule;
  formsReadRate: RateRule;
  formsInsertRate: RateRule;
  formsUpdateRate: RateRule;
  /** Overrides by endpoint key. */
  perEndpoint: Record<string, RateRule>;
  /** Reads only: attempts on network errors, 429 and 5xx. Writes are never retried by the client. */
  readRetries: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** Per request timeout. */
  timeoutMs: number;
  /**
   * The longest a WRITE waits for a place in its endpoint's window before failing fast with RateLimitedError (nothing
   * sent; the outbox keeps the entry queued and sends it when there is room). Reads wait. Default: no limit.
   */
  maxPacingWaitMs?: number;
  /** Page size used by the "all" helpers (never above 200, spec 8). */
  pageSize: number;
}

export interface TimesheetQuery {
  user: string;
  fromDate?: string;
  toDate?: string;
  approvalStatus?: ApprovalStatus | 'all';
  employeeStatus?: 'users' | 'nonusers' | 'usersandnonusers' | 'logindisabled';
}

export interface CreateTimesheetInput {
  user: string;
  timesheetName: string;
  fromDate: string;
  toDate: string;
  description?: string;
  billableStatus?: 'all' | BillingStatus;
  jobId?: string;
  projectId?: string;
  clientId?: string;
  sendforApproval?: boolean;
}

export interface AddTimeLogInput {
  user: string;
  workDate: string;
  hours: string;
  jobId?: string;
  jobName?: string;
  billingStatus?: BillingStatus;
  workItem?: string;
  description?: string;
}

export interface EditTimeLogInput {
  timeLogId: string;
  hours?: string;
  workDate?: string;
  billingStatus?: BillingStatus;
  description?: string;
}

export interface ApproveInput {
  timesheetId: string;
  approvalStatus: 'approved' | 'rejected';
  isAllLevelApprove?: boolean;
  timeLogs?: Record<string, 'approved' | 'rejected'>;
  comments?: string;
}

export interface EmployeeQuery {
  viewName?: string;
  searchColumn?: 'EMPLOYEEID' | 'EMPLOYEEMAILALIAS';
  searchValue?: string;
  modifiedtime?: number;
}

export interface ServiceClient {
  // 4.1 timesheets
  timesheets(q: TimesheetQuery, page?: { sIndex?: number; limit?: number }): AsyncIterable<Timesheet>;
  allTimesheets(q: TimesheetQuery): Promise<Timesheet[]>;
  timesheetDetails(timesheetId: string): Promise<TimesheetDetail>;
  createTimesheet(input: CreateTimesheetInput): Promise<{ timesheetIds: string[]; message: string }>;
  modifyTimesheet(input: { timesheetId: string; timesheetName?: string; description?: string; sendforApproval?: boolean }): Promise<{ timesheetId: string; message: string }>;
  deleteTimesheet(timesheetId: string): Promise<{ message: string }>;
  approveTimesheet(input: ApproveInput): Promise<{ timesheetId: string; message: string }>;
  // 4.2 time logs
  /** null when the service returns an empty result (no such time log). */
  timeLog(timeLogId: string): Promise<TimeLog | null>;
  addTimeLog(input: AddTimeLogInput): Promise<{ timeLogId: string; message: string }>;
  editTimeLog(input: EditTimeLogInput): Promise<{ message: string }>;
  deleteTimeLog(timeLogId: string): Promise<{ message: string }>;
  // 4.3
  payrollReport(q: { user: string; fromDate: string; toDate: string }): Promise<PayrollRecord[]>;
  settings(): Promise<TrackerSettings>;
  jobs(q?: { assignedTo?: string; jobStatus?: 'in-progress' | 'completed' | 'all' }, page?: { sIndex?: number; limit?: number }): AsyncIterable<Job>;
  allJobs(q?: { assignedTo?: string; jobStatus?: 'in-progress' | 'completed' | 'all' }): Promise<Job[]>;
  // 4.4 employees
  employees(q?: EmployeeQuery, page?: { sIndex?: number; limit?: number }): AsyncIterable<EmployeeRecord>;
  allEmployees(q?: EmployeeQuery): Promise<EmployeeRecord[]>;
  employee(recordId: string): Promise<EmployeeRecord | null>;
  insertEmployee(fields: Record<string, string>, opts?: { inputType?: 'json' | 'xml'; formLinkName?: string }): Promise<{ pkId: string; message: string }>;
  updateEmployee(recordId: string, fields: Record<string, string>, opts?: { inputType?: 'json' | 'xml'; formLinkName?: string }): Promise<{ pkId: string; message: string }>;
}
