/**
 * The service client's interface: one method per operation of spec section 4. Inputs are the spec's parameters
 * (typed); outputs are normalised domain types. Implemented by `createServiceClient` in ./client.ts.
 */
import type { AddTimeLogInput, EditTimeLogInput } from './wire/time-log-params';
import type {
  ApprovalStatus,
  BillingStatus,
  EmployeeRecord,
  Job,
  PayrollRecord,
  RateRule,
  Timesheet,
  TimesheetDetail,
  UndatedTimeLog,
  TimeLog,
  TrackerSettings,
} from '../../shared/domain';
import type { Clock } from '../clock';
import type { BudgetStore } from './pacing/budget-record';

export interface ClientConfig {
  /** e.g. https://people.zoho.com/people or http://127.0.0.1:8787 ; paths then start with /api/ */
  baseUrl: string;
  /** Returns the access token to send (may refresh it). Called per request; must be cheap (cached). */
  getToken: () => Promise<string>;
  /** Called once when the service answers "invalid token" (7202 / 401); returns a new token or throws AuthError. */
  onInvalidToken?: () => Promise<string>;
  /** Header scheme: `Authorization: <scheme> <token>`. Default 'Zoho-oauthtoken'. */
  authScheme?: 'Zoho-oauthtoken' | 'Bearer';
  /** Pacing and retry policy (see ./pacing/policy.ts for the documented defaults). */
  policy?: Partial<ClientPolicy>;
  /**
   * Where the pacing budget is kept (service/pacing/limiter.ts `BudgetStore`): default in memory for this client only; the
   * session passes the account's budget file (account/rate-budget.ts) so every process on a data directory shares it.
   */
  rateBudget?: BudgetStore;
  /** Injected for tests. */
  fetch?: typeof fetch;
  /**
   * The wall clock (Retry-After dates, the pacing windows, shared with other processes through the budget file) and
   * the timers every wait of the client runs on: pacing, retry pauses, attempt timeouts, deadlines. Default: the
   * system's. The core hands in its own, so a deadline its modules make (`narrowCall`) is a reading of this clock.
   */
  clock?: Clock;
}

/**
 * Limits of one call, tighter than the policy's, passed explicitly as the last argument of every client method: a user
 * action must answer within seconds whatever the network does (docs/outbox.md "Deadlines"), and a caller that gives up
 * (Ctrl+C in punch, an engine closing) stops the request in flight. A caller bounding several calls as one action makes
 * the value once with `narrowCall` (./http/call-options.ts) and passes it to each. A call that runs out of time fails with
 * NetworkError kind 'timeout', one that is aborted with kind 'cancelled'; either is applied 'no' when the request had
 * not left yet, and 'unknown' for a write in flight (settled like a lost answer).
 */
export interface CallOptions {
  /** Aborts the call when it fires: a request in flight is stopped (its socket destroyed), a pacing wait given up. */
  signal?: AbortSignal;
  /**
   * When the call must be over, as a reading of the clock's `elapsed()` (monotonic: a wall clock set back does not
   * move it; `deadlineIn(clock, ms)` makes one). The caller's clock and the client's are one (the core hands its
   * clock to the session's client), so a test that advances its clock runs a deadline out.
   */
  deadline?: number;
  /** The call (all its attempts, pages and waits) ends within this many ms of the client method being called. */
  withinMs?: number;
  /** Per attempt, at most this: shortens the policy's timeout (`timeoutMs`, or `writeTimeoutMs` for a write), never lengthens it. */
  timeoutMs?: number;
  /** Read retries instead of the policy's `readRetries` (0 inside a user action: no retries, the sync retries later). */
  readRetries?: number;
}

// The service's rate rule is shared with the sandbox, which enforces it (src/shared/domain/service.ts).
export type { RateRule } from '../../shared/domain';

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
  /**
   * Per request (attempt) timeout: connecting, sending and the whole answer. A call's own `deadline` / `timeoutMs`
   * (CallOptions) may shorten it. (A separate connect timeout needs undici's Agent; global fetch's built-in one is
   * 10 s and is reported as a timeout that was not applied.)
   */
  timeoutMs: number;
  /**
   * Per attempt of a WRITE (never above `timeoutMs`): a write's answer is small, so it is given up sooner and
   * reconciled (see DEFAULT_POLICY). Default: `timeoutMs`.
   */
  writeTimeoutMs?: number;
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

// a time log's parameters: derived from the one schema of a log (src/shared/log.ts) where the wire is encoded
export type { AddTimeLogInput, EditTimeLogInput };

export interface ApproveInput {
  timesheetId: string;
  approvalStatus: 'approved' | 'rejected';
  isAllLevelApprove?: boolean;
  timeLogs?: Record<string, 'approved' | 'rejected'>;
  comments?: string;
}

/** gettimelogs (real-service-notes "Beyond the contract"): a user's time logs between two days. */
export interface TimeLogQuery {
  /** Employee email or employee id. */
  user: string;
  /** YYYY-MM-DD (sent with dateFormat=yyyy-MM-dd). */
  fromDate: string;
  toDate: string;
  /** Default `all`. */
  jobId?: string;
  /** Default `all`. */
  billingStatus?: 'all' | BillingStatus;
  approvalStatus?: ApprovalStatus | 'all';
}

export interface EmployeeQuery {
  viewName?: string;
  searchColumn?: 'EMPLOYEEID' | 'EMPLOYEEMAILALIAS';
  searchValue?: string;
  modifiedtime?: number;
}

export type Page = { sIndex?: number; limit?: number };
type JobQuery = { assignedTo?: string; jobStatus?: 'in-progress' | 'completed' | 'all' };

/** Every method takes an optional last `call` (CallOptions): a signal and a deadline for that call. */
export interface ServiceClient {
  // 4.1 timesheets
  timesheets(q: TimesheetQuery, page?: Page, call?: CallOptions): AsyncIterable<Timesheet>;
  allTimesheets(q: TimesheetQuery, call?: CallOptions): Promise<Timesheet[]>;
  timesheetDetails(timesheetId: string, call?: CallOptions): Promise<TimesheetDetail>;
  createTimesheet(input: CreateTimesheetInput, call?: CallOptions): Promise<{ timesheetIds: string[]; message: string }>;
  modifyTimesheet(
    input: { timesheetId: string; timesheetName?: string; description?: string; sendforApproval?: boolean },
    call?: CallOptions,
  ): Promise<{ timesheetId: string; message: string }>;
  deleteTimesheet(timesheetId: string, call?: CallOptions): Promise<{ message: string }>;
  approveTimesheet(input: ApproveInput, call?: CallOptions): Promise<{ timesheetId: string; message: string }>;
  // 4.2 time logs
  /** null when the service returns an empty result (no such time log). */
  timeLog(timeLogId: string, call?: CallOptions): Promise<TimeLog | null>;
  addTimeLog(input: AddTimeLogInput, call?: CallOptions): Promise<{ timeLogId: string; message: string }>;
  editTimeLog(input: EditTimeLogInput, call?: CallOptions): Promise<{ message: string }>;
  deleteTimeLog(timeLogId: string, call?: CallOptions): Promise<{ message: string }>;
  /**
   * gettimelogs, beyond the contract (real-service-notes): a user's time logs, paged (sIndex from 0, at most 200 a
   * page). Not every deployment offers it: when the service answers "unknown operation" (HTTP 404) the iterator
   * throws UnsupportedOperationError, and the client remembers that for its lifetime (asked at most once).
   */
  listTimeLogs(q: TimeLogQuery, page?: Page, call?: CallOptions): AsyncIterable<TimeLog>;
  allTimeLogs(q: TimeLogQuery, call?: CallOptions): Promise<TimeLog[]>;
  /**
   * The same list read for a week people look at: a log whose date cannot be read is kept apart (`undated`, its date
   * as it came) and the others are read, where `allTimeLogs` refuses the whole answer. Never for a reconciliation
   * (../sync): a log without a day must match nothing. Optional: a client without it gives the week `allTimeLogs`.
   */
  allTimeLogsForDisplay?(q: TimeLogQuery, call?: CallOptions): Promise<{ logs: TimeLog[]; undated: UndatedTimeLog[] }>;
  /** What this client learnt about gettimelogs: true (answered), false (unknown operation), undefined (not asked). */
  timeLogListSupported(): boolean | undefined;
  /**
   * How long from now until `count` more requests to `endpoint` (e.g. 'timetracker/approvetimesheet') could all have
   * been sent under this client's pacing and budget (limiter.ts `estimateMs`); 0 when they may all go now. Sends nothing.
   */
  paceEstimate?(endpoint: string, count: number): { waitMs: number; rule: RateRule };
  /**
   * Forget an "unknown operation" answer to gettimelogs, so the next list asks the service again (the user's "Send
   * again", ../sync/reconcile.ts: one more look just before a send that may make a second copy).
   */
  askTimeLogListAgain?(): void;
  // 4.3
  payrollReport(q: { user: string; fromDate: string; toDate: string }, call?: CallOptions): Promise<PayrollRecord[]>;
  settings(call?: CallOptions): Promise<TrackerSettings>;
  jobs(q?: JobQuery, page?: Page, call?: CallOptions): AsyncIterable<Job>;
  allJobs(q?: JobQuery, call?: CallOptions): Promise<Job[]>;
  // 4.4 employees
  employees(q?: EmployeeQuery, page?: Page, call?: CallOptions): AsyncIterable<EmployeeRecord>;
  allEmployees(q?: EmployeeQuery, call?: CallOptions): Promise<EmployeeRecord[]>;
  employee(recordId: string, call?: CallOptions): Promise<EmployeeRecord | null>;
  insertEmployee(
    fields: Record<string, string>,
    opts?: { inputType?: 'json' | 'xml'; formLinkName?: string },
    call?: CallOptions,
  ): Promise<{ pkId: string; message: string }>;
  updateEmployee(
    recordId: string,
    fields: Record<string, string>,
    opts?: { inputType?: 'json' | 'xml'; formLinkName?: string },
    call?: CallOptions,
  ): Promise<{ pkId: string; message: string }>;
}
