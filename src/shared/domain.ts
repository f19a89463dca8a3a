/**
 * Domain types shared by every process. Plain data only: these cross the bridge, so they hold no secrets,
 * no functions and no class instances. IDs are always strings (real-service-notes: 18-digit IDs lose
 * precision as JS numbers). Dates are local calendar days `YYYY-MM-DD`; hours are `HH:MM` strings that may
 * exceed 24 hours (`"7010:00"`), never clock times.
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
  employeeName?: string;
  employeeEmail?: string;
  /** The approver's comment on the last decision, where the service returns one. */
  comments?: string;
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

/** spec 2.2 */
export interface TimesheetDetail extends Timesheet {
  timeLogs: TimeLog[];
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

/* ---------------------------------------------------------------- app-level types */

export type RoundingMode = 'nearest' | 'up' | 'down';
export const ROUNDING_STEPS = [1, 5, 6, 10, 15, 30] as const;
export type RoundingStep = (typeof ROUNDING_STEPS)[number];
export interface RoundingRule {
  mode: RoundingMode;
  stepMinutes: RoundingStep;
}

export interface TimerState {
  running: boolean;
  jobId?: string;
  jobName?: string;
  workItem?: string;
  description?: string;
  billable: boolean;
  /** Epoch ms of the wall-clock start (elapsed time is derived from it, never counted in ticks). */
  startedAt?: number;
}

/** What the UI shows about the timer: raw vs rounded, before anything is applied. */
export interface TimerView extends TimerState {
  elapsedMs: number;
  rawHhmm: string;
  roundedHhmm: string;
  rule: RoundingRule;
  /** Set while the user is asked what to do with idle time (idle detection, suspend, lock). */
  idlePrompt?: { idleSince: number; reason: 'idle' | 'suspend' | 'lock' | 'shutdown' };
}

export type SyncState = 'queued' | 'sending' | 'synced' | 'needs-attention';

/** A time log as the user logged it, synced or not (the local ledger). */
export interface LocalTimeLog {
  localId: string;
  timeLogId?: string;
  workDate: string;
  hours: string;
  jobId?: string;
  jobName: string;
  billingStatus: BillingStatus;
  workItem?: string;
  description?: string;
  sync: SyncState;
  /** The service's or the app's explanation when sync is needs-attention. */
  message?: string;
  /** Known from a timesheet read: per-log approval state. */
  approvalStatus?: ApprovalStatus;
  /** true when the log is read-only because its timesheet is pending or approved. */
  locked?: boolean;
  /** Came from the service (a timesheet's details) rather than from this device. */
  source: 'local' | 'service';
}

export type OutboxKind = 'add' | 'edit' | 'delete';
export interface OutboxAttempt {
  at: number;
  outcome: 'applied' | 'refused' | 'retry' | 'ambiguous' | 'reconciled';
  message?: string;
}
export interface OutboxEntry {
  id: string;
  kind: OutboxKind;
  /** The ledger entry this operation belongs to. */
  localId: string;
  /** Summary for display: date, hours, job. */
  workDate: string;
  hours?: string;
  jobName?: string;
  state: SyncState;
  message?: string;
  /** What the user can do about a needs-attention entry. */
  resolutions: Array<'retry' | 'fix' | 'discard' | 'mark-recorded'>;
  /** Its request may have reached the service (the answer was lost): discarding it does not undo it there. */
  maybeSent?: boolean;
  attempts: OutboxAttempt[];
  createdAt: number;
  updatedAt: number;
}

export interface RuleViolation {
  field: 'hours' | 'workDate' | 'job' | 'week' | 'description';
  rule: 'format' | 'positive' | 'future' | 'too-old' | 'unknown-job' | 'max-per-day' | 'locked' | 'required';
  message: string;
}

export interface WeekDay {
  date: string;
  totalMinutes: number;
  billableMinutes: number;
}

export interface WeekView {
  /** Monday of the week, YYYY-MM-DD. */
  weekStart: string;
  days: WeekDay[];
  logs: LocalTimeLog[];
  totalHours: string;
  billableHours: string;
  nonBillableHours: string;
  timesheet?: { recordId: string; status: ApprovalStatus; comments?: string; timesheetName: string };
  locked: boolean;
  /** false when the service could not be reached and the view is from the local ledger only. */
  fresh: boolean;
}

export interface SubmitPreview {
  weekStart: string;
  totalHours: string;
  daysWithoutHours: string[];
  /** Why submitting is refused right now (queued or needs-attention entries, locked week, nothing logged). */
  blockers: string[];
  action: 'create' | 'resubmit' | 'none';
}

export interface AccountInfo {
  kind: 'sandbox' | 'service';
  baseUrl: string;
  /** Employee email or employee id. */
  user: string;
  dataCentre?: string;
  authMethod: 'none' | 'token' | 'oauth';
  authScheme: 'Zoho-oauthtoken' | 'Bearer';
  signedIn: boolean;
}

export type Theme = 'system' | 'light' | 'dark';
export type SuspendAction = 'keep' | 'stop' | 'ask';

/** User preferences (stored in electron-store / conf; never secrets). */
export interface Preferences {
  rounding: RoundingRule;
  idleThresholdMinutes: number;
  shortcut: string;
  startAtLogin: boolean;
  notifications: boolean;
  theme: Theme;
  onSuspend: SuspendAction;
  favouriteJobIds: string[];
  recentJobIds: string[];
}

export interface AppStatus {
  online: boolean;
  lastSyncAt?: number;
  outbox: { queued: number; sending: number; needsAttention: number };
  account: AccountInfo;
  /**
   * The service asked Punchcard to wait (429 Retry-After or the 7209 lock-out), and nothing is sent to these endpoints
   * before `until` (epoch ms). Absent when no pause is in force. Shared by every process on the data directory.
   */
  rateLimited?: { until: number; endpoints: string[] };
}

export interface Reminder {
  id: string;
  kind: 'week-due' | 'needs-attention' | 'rejected';
  message: string;
  weekStart?: string;
}

export interface SyncReport {
  sent: number;
  remaining: number;
  needsAttention: number;
  online: boolean;
}
