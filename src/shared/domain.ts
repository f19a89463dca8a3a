/**
 * Domain types shared by every process. Plain data only: these cross the bridge, so they hold no secrets,
 * no functions and no class instances. IDs are always strings (real-service-notes: 18-digit IDs lose
 * precision as JS numbers). Dates are local calendar days `YYYY-MM-DD`; hours are `HH:MM` strings that may
 * exceed 24 hours (`"7010:00"`), never clock times.
 */
import type { Said } from './i18n/said';

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
   * (./team/approval.ts `isPartlyApproved`). Filled by the core, never by the service: on a detail always (from its
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
  /**
   * The open day (YYYY-MM-DD) the time goes to when the week it runs in is submitted or approved: chosen by the user
   * when starting on a locked week, or when stopping a timer whose week was locked while it ran.
   */
  logTo?: string;
  /**
   * The timer's own id, new at each start. The logs a stop records carry it, so whether this timer was stopped is
   * read from the outbox journal, the one place a stop is committed (src/core/timer/README.md).
   */
  id?: string;
  /** The time zone its days are counted in (IANA name): the user's choice, else the system's when it started. */
  zone?: string;
}

/** What the UI shows about the timer: raw vs rounded, before anything is applied. */
export interface TimerView extends TimerState {
  elapsedMs: number;
  rawHhmm: string;
  roundedHhmm: string;
  rule: RoundingRule;
  /** Set while the user is asked what to do with idle time (idle detection, suspend, lock). */
  idlePrompt?: {
    idleSince: number;
    reason: 'idle' | 'suspend' | 'lock' | 'shutdown';
    /** When the user came back (or the computer woke), when known: "You were away from 23:10 to 08:05". */
    until?: number;
  };
  /**
   * A timer left running past the user's end of day or over midnight, caught when the app opens or wakes, and by
   * `punch status` (src/core/timer/forgotten.ts): "The timer on Job 7 has run since 17:40 yesterday". Answered with a
   * stop: until `endOfDay` (`at`), all of it (`confirmLong`), or until `midnight` (`at`), or a discard.
   */
  forgotten?: {
    reasons: Array<'end-of-day' | 'midnight'>;
    startedAt: number;
    /** The zone the timer's days are counted in. */
    zone: string;
    /** The end of the working day it started in, when it ran past it. */
    endOfDay?: number;
    /** The midnight after the day it started, when it ran over it. */
    midnight?: number;
  };
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
  /** `message` as a code and values (src/shared/i18n/said.ts), worded by each shell; absent where not converted. */
  said?: Said;
  /** Known from a timesheet read: per-log approval state. */
  approvalStatus?: ApprovalStatus;
  /** true when the log is read-only because its timesheet is pending or approved. */
  locked?: boolean;
  /** Came from the service (its list of the user's logs, or a timesheet's details) rather than from the ledger. */
  source: 'local' | 'service';
  /**
   * Made outside Punchcard (the service's web page, its phone app, another computer): shown from the service, or
   * taken into the ledger from there to be edited here. Absent for a log made on this device.
   */
  elsewhere?: true;
}

export type OutboxKind = 'add' | 'edit' | 'delete';
/** The fields of a log an outbox entry's Fix form has. */
export type OutboxField = 'hours' | 'workDate' | 'job' | 'description';
export interface OutboxAttempt {
  at: number;
  outcome: 'applied' | 'refused' | 'retry' | 'ambiguous' | 'reconciled';
  message?: string;
  /** `message` as a code and values, worded by each shell (src/shared/i18n/said.ts). */
  said?: Said;
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
  /** `message` as a code and values, worded by each shell (src/shared/i18n/said.ts). */
  said?: Said;
  /**
   * The field of the log that a refusal concerns, when known (the Fix form opens on it and says there what is wrong):
   * from the company rule it breaks, or from the service's refusal code (real-service-notes: 8000-8002 the job or the
   * hours, 8008 a weekend/holiday/leave day, 9004 a date it could not read, 9009 a processed pay period). A locked
   * week is the date's problem (pick a date in another week).
   */
  field?: OutboxField;
  /** What the user can do about a needs-attention entry. */
  resolutions: Array<'retry' | 'fix' | 'discard' | 'mark-recorded'>;
  /** Its request may have reached the service (the answer was lost): discarding it does not undo it there. */
  maybeSent?: boolean;
  /**
   * Logged while the company's rules were not known (first use, offline): checked against them before it is sent,
   * and refused to "needs attention" with the rule's words if it breaks one.
   */
  unchecked?: boolean;
  /**
   * Made under another account than the signed-in one: it waits for that account and is never sent with this one.
   * In plain words, e.g. "waits for maya@acme.com on people.zoho.eu: sign in to that account to send it".
   */
  waitsFor?: string;
  /** `waitsFor` as a code and values, worded by each shell. */
  waitsForSaid?: Said;
  attempts: OutboxAttempt[];
  createdAt: number;
  updatedAt: number;
}

/**
 * What changed in the outbox (the `outboxChange` event): the entries added or changed, each whole, and the ids of
 * those that left, from version `from` to `version`. A page holding `from` applies it; one holding another version
 * (it missed one: a reconnect, a window opened meanwhile) asks for the whole list once (`getOutboxList`). Versions
 * count the changes of one running core; a new core starts elsewhere, so a page never mistakes its versions.
 */
/** The outbox's groups, in the order they are shown (src/shared/status/outbox-groups.ts). */
export type OutboxGroupId = 'attention' | 'waiting' | 'other-account' | 'sent';

export interface OutboxChange {
  version: number;
  from: number;
  /** Added or changed, as they are now. */
  entries: OutboxEntry[];
  /** Ids of the entries no longer in the outbox. */
  removed: string[];
  /**
   * `entries` is the whole outbox: what a page holds is replaced, whatever its version (another account signed in and
   * every entry's `waitsFor` may have changed, or the journal was read again whole).
   */
  whole?: true;
  /**
   * Every group's count after the change, and how many entries the outbox holds: a page that holds only a window of
   * the list (or none) shows true counts without reading it. Since the list has windows; absent from older cores.
   */
  groups?: Record<OutboxGroupId, number>;
  total?: number;
}

/**
 * The outbox at a version (`getOutboxList`): what a page starts from, and the deltas that follow apply to. Asked
 * without `window`: every entry, in the outbox's order (as always). Asked with `window: { from, count }`: that part of
 * the list as the page shows it (groups needs attention, waiting, another account's, sent; newest first in each:
 * src/shared/status/outbox-groups.ts), so a page shows the first screen of 10,000 entries without 10,000 being mapped and
 * sent; it asks for the next part as it scrolls.
 */
export interface OutboxList {
  version: number;
  entries: OutboxEntry[];
  /** How many entries the outbox holds (with `window`, more than `entries` may hold). */
  total?: number;
  /** How many entries each group holds (the headings' counts). */
  groups?: Record<OutboxGroupId, number>;
  /** The part of the list `entries` is, in the page's order: asked with `window` only. */
  window?: { from: number; count: number };
}

export interface RuleViolation {
  field: 'hours' | 'workDate' | 'job' | 'week' | 'description';
  rule:
    | 'format'
    | 'positive'
    | 'future'
    | 'too-old'
    | 'unknown-job'
    /** The job is completed on the service now (a copy of an older log, src/core/log-batch.ts): no new hours go to it. */
    | 'completed-job'
    | 'max-per-day'
    | 'locked'
    | 'required'
    /** A start found another timer running that the caller did not know of (started elsewhere meanwhile). */
    | 'timer-running'
    /** A start would stop a timer that ran long (past the end of day, over midnight, ...): its end is asked first. */
    | 'timer-long';
  /** In English, for logs and as the fallback of a shell without the code's message. */
  message: string;
  /** What it says as a code and values, worded by each shell in the user's language (src/shared/i18n/said.ts). */
  said?: Said;
  /** `locked`: an open day the user may log to instead (today if its week is open, else the latest open day before it). */
  openDay?: string;
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
  /**
   * true when the service's part is as true as the asker needs: read now, or a copy recent enough for why it was
   * asked (src/core/week/read-policy.ts; `punch week` asks for a read now). false when the service could not be
   * reached: the view is the kept copy (see `readAt`) or the local ledger only.
   */
  fresh: boolean;
  /** When the service's part of the week was read (ISO 8601); absent when it never was (offline from the start). */
  readAt?: string;
  /**
   * The service offers no list of the user's logs (it answered that it does not know the operation), so the week
   * shows only the logs a timesheet holds and those made on this device: logs made elsewhere (the service's web page,
   * its phone app) in no timesheet yet may be missing, and the daily maximum is checked without them.
   */
  onlyTimesheetLogs?: true;
  /**
   * Jobs kept with this week on this device as rows to fill (a copy of another week's rows: src/core/copy-week.ts),
   * shown as empty rows of the grid until logged. Absent when none.
   */
  rows?: WeekRow[];
}

/** A job kept as a row of a week, without hours (copy a week "rows only"). */
export interface WeekRow {
  jobId?: string;
  jobName: string;
}

/* ------------------------------------------------------------------ several logs at once */

/** One log of a batch (copy a week, the same hours on several days, a duplicated day), before the rules. */
export interface BatchLog {
  jobId?: string;
  jobName?: string;
  workDate: string;
  hours: string;
  /** Absent: the job's own billing status decides, as for one log. */
  billable?: boolean;
  workItem?: string;
  description?: string;
  /**
   * The log this one copies (its service time log id, else its local id): kept on the new log's ledger row, so the
   * same source is never copied twice onto the same day.
   */
  copiedFrom?: string;
}

/**
 * What the rules say of one log of a batch, as a code (the shells word it): `log` passes; `refused` breaks a rule
 * (`violations`, each a code with values); `already-copied`: this source was copied onto that day before;
 * `already-there`: the day holds a log with the same job, hours and description.
 */
export type BatchVerdict = 'log' | 'refused' | 'already-copied' | 'already-there';

export interface BatchItem {
  /** The log as it would be made, its job's name filled in from the job list. */
  log: BatchLog & { jobName: string };
  verdict: BatchVerdict;
  violations?: RuleViolation[];
  /** After the commit, for a log made: its local id and what became of it. */
  localId?: string;
  state?: 'synced' | 'queued' | 'needs-attention';
}

export interface BatchPreview {
  /** In the order given, each day's total counting the batch's earlier logs. */
  items: BatchItem[];
  /**
   * The service could not be asked: the verdicts were drawn from the weeks as last read here (`readAt`), and what the
   * service holds now may differ. Absent when the weeks were read fresh enough for a rule.
   */
  offline?: true;
}

export interface CopyWeekPreview extends BatchPreview {
  /** Mondays of the week copied from and the week copied into. */
  fromWeek: string;
  toWeek: string;
  rowsOnly: boolean;
  /** Rows only: the jobs the copy keeps as rows of the target week (those it holds no log of yet). */
  rows: WeekRow[];
  /** How many logs the source week holds. */
  sourceLogs: number;
}

export interface SubmitPreview {
  weekStart: string;
  totalHours: string;
  daysWithoutHours: string[];
  /** Why submitting is refused right now (queued or needs-attention entries, locked week, nothing logged). */
  blockers: string[];
  /** `blockers` as codes and values, one each (src/shared/i18n/said.ts), worded by each shell. */
  blockersSaid?: Said[];
  /** `resubmit` is the service's operation (a draft or rejected timesheet sent again), not what the user is told. */
  action: 'create' | 'resubmit' | 'none';
  /**
   * The week's timesheet status before this submit, when it has one: only a `rejected` week is a resubmission to
   * people ("Resubmitted"); a draft sent for the first time is "Submitted".
   */
  previousStatus?: ApprovalStatus;
  /**
   * The week could not be read from the service now (one of the blockers says so): a failure of the network, not
   * something the user can fix here (`punch submit` exits 2 for it, like any network failure).
   */
  unreachable?: true;
}

/**
 * What the signed-in user may do, as the service lets them (it has no "who am I" operation): found out by the core
 * with two cheap reads and kept 12 hours per account (src/core/team/roles.ts). `known: false` when it could not
 * be found out yet (offline at first start, not signed in): both are false then, and the Team and HR tabs stay hidden.
 */
export interface Roles {
  /** Has timesheets of others to approve: the Team tab. */
  approver: boolean;
  /** May run the payroll report over everyone they may see: the HR tab (payroll and employee records). */
  hr: boolean;
  /** When the service last answered the probes (epoch ms); absent when never. */
  checkedAt?: number;
  known: boolean;
}

/**
 * How one timesheet of an "Approve N" ended: decided (with the timesheet as the service now lists it: whose, its
 * period, its status after the decision), or why not, in plain words.
 */
export type DecisionOutcome =
  | { id: string; ok: true; timesheet: Timesheet }
  /** `reasonSaid`: `reason` as a code and values (src/shared/i18n/said.ts), worded by each shell. */
  | { id: string; ok: false; reason: string; reasonSaid?: Said; error: string };

/** How long deciding several timesheets at once takes (the service paces decisions), said before it starts. */
export interface DecisionEstimate {
  ms: number;
  /** "This takes about 2 minutes: the service takes about 20 decisions a minute." */
  words: string;
  /** `words` as a code and values, worded by each shell. */
  said?: Said;
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
  /**
   * Why no account can be used, in plain words with what to do (the account file could not be read). Set only then:
   * every operation that needs the service fails with it, and nothing is queued under a guessed account.
   */
  problem?: string;
  /** `problem` as a code and values (src/shared/i18n/said.ts), worded by each shell in the user's language. */
  problemSaid?: Said;
}

export type Theme = 'system' | 'light' | 'dark';
export type SuspendAction = 'keep' | 'stop' | 'ask';

/** Updates of the installed desktop app (src/main/update/policy.ts), for Settings. */
export interface UpdateStatus {
  /** One sentence: whether the app looks for updates, and where it stands (up to date, downloading, ready...). */
  words: string;
  /** The same as a code and values, where it is converted (src/shared/i18n/said.ts): shells word it in the user's language. */
  said?: Said;
}

// The preferences' shape (the type `Preferences`) is written once, as a zod schema: ./preferences.ts.

/**
 * Why the service can or cannot be used now, measured from the last exchange with it (never assumed):
 * `src/core/service/reachability.ts` decides, `src/shared/status/network.ts` says it in words (app, tray and `punch`).
 */
export type NetworkCause =
  | 'unchecked' // nothing was exchanged with the service yet (this account, this process)
  | 'online'
  | 'offline-no-network' // could not connect, or the connection broke
  | 'service-down' // the service's address refused the connection: the network works, nothing answers there
  | 'offline-dns' // the service's name cannot be found
  | 'not-the-service' // something else answered (a Wi-Fi sign-in page, a proxy)
  | 'timeout' // no answer in time
  | 'token-rejected' // the service answered: sign in again
  | 'rate-limited' // the service answered: not before `until`
  | 'server-error'; // the service (or a proxy before it) failed with a 5xx

export interface NetworkStatus {
  cause: NetworkCause;
  /** When the exchange that decided the cause happened. */
  at?: number;
  /** rate-limited: when the paused endpoint may be called again. */
  until?: number;
  /** While unreachable: when the next check is due. */
  nextCheckAt?: number;
}

export interface AppStatus {
  /** The service could be reached on the last exchange (false for the `offline-*`, `not-the-service` and `timeout` causes). */
  online: boolean;
  /** Why, in a fixed set of causes (absent from cores that predate it). */
  network?: NetworkStatus;
  lastSyncAt?: number;
  /**
   * Entries of the signed-in account by state. `otherAccounts`: unfinished entries made under another account, which
   * wait until that account signs in again (listed in the outbox with the account they wait for, never sent elsewhere).
   */
  outbox: { queued: number; sending: number; needsAttention: number; otherAccounts?: number };
  account: AccountInfo;
  /** Can Punchcard save to its data directory: 'ok', or why not (the disk is full, read-only, or writing is denied). */
  storage?: StorageState;
  /** Data files that could not be read and were kept aside, until the user acknowledges them (oldest first). */
  damage?: DamageReport[];
  /**
   * The service asked Punchcard to wait (429 Retry-After or the 7209 lock-out), and nothing is sent to these endpoints
   * before `until` (epoch ms). Absent when no pause is in force. Shared by every process on the data directory.
   */
  rateLimited?: { until: number; endpoints: string[] };
}

/** Whether the data directory takes writes: `full` (ENOSPC), `read-only` (EROFS), `denied` (EACCES/EPERM), `failed` (EIO). */
export type StorageState = 'ok' | 'full' | 'read-only' | 'denied' | 'failed';

/**
 * A data file that could not be read (damaged, truncated, empty, of an unknown version or shape): its bytes were
 * copied into `damaged/` before anything was changed, and what could be recovered from it was kept.
 */
export interface DamageReport {
  /** Stable id (also the report's file name without `.json`). */
  id: string;
  /** What the file is, in the user's words: "the outbox", "the timer", "the account". */
  what: string;
  /** The file that could not be read. */
  file: string;
  /** The byte-for-byte copy kept aside. */
  keptAs: string;
  /** Why it could not be read, in plain words ("it ends in the middle of a record", "it is empty"). */
  reason: string;
  /** What it held and what became of it: "3 queued entries recovered; 1 record could not be read". */
  outcome: string;
  /**
   * `what`, `reason` and `outcome` as codes and values (src/shared/i18n/said.ts), each where the core said it so:
   * shells word them in the user's language (src/shared/said-words.ts); the English fields stay beside them.
   */
  said?: { what?: Said; reason?: Said; outcome?: Said };
  /** Entries recovered from it (0 when nothing could be read). */
  recovered: number;
  /** Parts that could not be recovered (records, lines), when known. */
  lost?: number;
  at: number;
  acknowledgedAt?: number;
  /**
   * What the damaged part seems to hold that could not be recovered (read without trusting it: its checksum failed),
   * offered to the user to log again or discard in one action (`resolveDamage`, `punch data log-again|discard`).
   */
  offer?: DamageOffer;
}

/** Logs read from a damaged record, as they seem to be: never applied on their own, only when the user says so. */
export interface DamageOffer {
  logs: Array<{
    workDate: string;
    hours: string;
    jobId?: string;
    jobName: string;
    billingStatus: BillingStatus;
    workItem?: string;
    description?: string;
  }>;
  /** What the user chose, and when: logged again (as new logs, through the company's rules) or discarded. */
  resolved?: { action: 'logged' | 'discarded'; at: number };
}

export interface Reminder {
  id: string;
  kind: 'week-due' | 'needs-attention' | 'rejected';
  message: string;
  /** `message` as a code and values, worded by each shell (src/shared/i18n/said.ts). */
  said?: Said;
  weekStart?: string;
}

export interface SyncReport {
  sent: number;
  remaining: number;
  needsAttention: number;
  online: boolean;
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
