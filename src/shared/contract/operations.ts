/**
 * The bridge's operations: each name with its input schema (validated by the core's dispatcher before a handler runs)
 * and, as a type only, its result. The map's types (`Operations`, `OpInput` ...) are derived from it here.
 */
import { z } from 'zod';
import type {
  AccountInfo,
  BatchPreview,
  CopyWeekPreview,
  AppStatus,
  DamageReport,
  DecisionEstimate,
  DecisionOutcome,
  EmployeePage,
  EmployeeRecord,
  Roles,
  Job,
  OutboxEntry,
  OutboxList,
  PayrollRecord,
  Reminder,
  RuleViolation,
  SubmitPreview,
  SyncReport,
  Timesheet,
  TimesheetDetail,
  TimerView,
  TrackerSettings,
  WeekView,
  UpdateStatus,
} from '../domain';
import { PREFERENCES_PATCH, type Preferences } from '../preferences';
import { MAX_BATCH } from '../team/approval';
import { OWN } from '../input-words';
import { DAY, ENTRY_FIX, ID, LOG_CHANGE, LOG_TO_CHECK, NEW_LOG, TIMER_LOG, TIMER_TEXTS } from '../log';
import { OUTBOX_WINDOW_MAX } from '../status/outbox-groups';
import type { FirstAnswers } from '../first-screen/answers';
import {
  batchLog,
  copyWeekInput,
  decision,
  decisions,
  employeeSearch,
  fieldMap,
  MAX_BATCH_LOGS,
  MAX_EMPLOYEE_PAGE,
  MOMENT,
  NONE,
  op,
} from './inputs';
import type { LoggedState, LogResult, MorningReminder, StopResult, TimerStart, UndoResult } from './results';

export const operations = {
  // account and sign-in (secrets go in, never out)
  getAccount: op(NONE).returns<AccountInfo>(),
  useSandbox: op(() => z.object({ user: z.string().min(1).max(200).optional() }).strict()).returns<AccountInfo>(),
  signInWithToken: op(() =>
    z
      .object({
        baseUrl: z.string().url().optional(),
        dataCentre: z.string().min(2).max(20).optional(),
        user: z.string().min(1).max(200),
        token: z.string().min(8).max(4096),
        authScheme: z.enum(['Zoho-oauthtoken', 'Bearer']).optional(),
      })
      .strict(),
  ).returns<AccountInfo>(),
  signInWithOAuth: op(() =>
    z
      .object({
        dataCentre: z.string().min(2).max(20),
        clientId: z.string().min(1).max(200),
        clientSecret: z.string().max(200).optional(),
        user: z.string().min(1).max(200),
      })
      .strict(),
  ).returns<AccountInfo>(),
  signOut: op(NONE).returns<AccountInfo>(),
  /** `check`: measure the connection first (one cheap read when nothing was exchanged in the last seconds). */
  getStatus: op(() => z.object({ check: z.boolean().optional() }).strict()).returns<AppStatus>(),
  /**
   * What a window asks for as it opens (../first-screen/calls.ts, ../first-screen/answers.ts), answered in one call:
   * each answer is what its own call answers; a call that failed or was slow (the core waits FIRST_SCREEN_WAIT_MS)
   * is left out, to be asked itself.
   */
  getFirstScreen: op(NONE).returns<FirstAnswers>(),

  // data files that could not be read: kept aside byte for byte, reported until the user has seen them
  /** Every report, acknowledged or not, oldest first (the status carries the unacknowledged ones). */
  listDamage: op(NONE).returns<DamageReport[]>(),
  /** "I have seen this": the reports named (or every unacknowledged one with `all`). Returns the reports acknowledged now. */
  acknowledgeDamage: op(() =>
    z
      .object({
        ids: z.array(z.string().min(1).max(200)).min(1).max(500).optional(),
        all: z.boolean().optional(),
      })
      .strict()
      .refine((v) => (v.ids !== undefined) !== (v.all === true), { message: OWN.reports.defaultMessage }),
  ).returns<DamageReport[]>(),
  /**
   * A report's offer (DamageReport.offer: logs a damaged record seems to hold that could not be recovered), answered in
   * one action: `log-again` logs them as new logs through the company's rules (all or none; refused as any log is),
   * `discard` drops them. Either way the report is acknowledged and says what was chosen; an offer is answered once.
   */
  resolveDamage: op(() => z.object({ id: z.string().min(1).max(200), action: z.enum(['log-again', 'discard']) }).strict()).returns<{
    report: DamageReport;
    logged: LogResult[];
  }>(),

  // preferences and the company's rules
  getPreferences: op(NONE).returns<Preferences>(),
  updatePreferences: op(PREFERENCES_PATCH).returns<Preferences>(),
  getCompanySettings: op(() => z.object({ refresh: z.boolean().optional() }).strict()).returns<TrackerSettings>(),
  getUpdateStatus: op(NONE).returns<UpdateStatus>(),

  // jobs (cached so the picker works offline)
  listJobs: op(() =>
    z
      .object({
        status: z.enum(['in-progress', 'completed', 'all']).optional(),
        refresh: z.boolean().optional(),
      })
      .strict(),
  ).returns<Job[]>(),
  toggleFavouriteJob: op(() => z.object({ jobId: ID }).strict()).returns<Preferences>(),

  // timer
  getTimer: op(NONE).returns<TimerView>(),
  /**
   * `logTo`: the open day the time goes to if the week the timer runs in is submitted or approved (starting on such a
   * week is refused without it, before anything starts, with an open day in the violation's `openDay`).
   * A timer already running is stopped and logged first (a switch), and the answer's `replaced` says what became of it.
   * `replaces`: the id of the running timer the caller knows it replaces, or null when it knows of none; a start that
   * finds another timer running (started elsewhere meanwhile) is refused (rule `timer-running`) and changes nothing.
   * Absent: whatever runs when the call begins. A running timer that ran long (past the end of day, over midnight, over
   * a day's maximum, or through a sleep) is not logged as a side effect: refused (rule `timer-long`) unless
   * `confirmLong` (log all of it) or `stopPreviousAt` (epoch ms: stop it then) says what to do with it.
   */
  startTimer: op(() =>
    TIMER_LOG()
      .extend({
        logTo: DAY.optional(),
        replaces: z.string().min(1).max(64).nullable().optional(),
        confirmLong: z.boolean().optional(),
        stopPreviousAt: MOMENT().optional(),
      })
      .strict(),
  ).returns<TimerStart>(),
  updateTimer: op(TIMER_TEXTS).returns<TimerView>(),
  /**
   * `logTo`: the open day for the time that ran on a day of a submitted or approved week (see StopResult.needsDay).
   * `at` (epoch ms): when the user stopped working, if not now (the answer to StopResult.needsEnd). `confirmLong`: log
   * all of a timer that ran long (StopResult.needsEnd, `why: 'long'`).
   */
  stopTimer: op(() =>
    z
      .object({
        confirmOverMax: z.boolean().optional(),
        logTo: DAY.optional(),
        at: MOMENT().optional(),
        confirmLong: z.boolean().optional(),
      })
      .strict(),
  ).returns<StopResult>(),
  discardTimer: op(NONE).returns<TimerView>(),
  /**
   * Answer to the idle / suspend / lock prompt: keep the time away; discard it (log up to when it began, and stop);
   * discard it and start anew from now; `stop-at` a time the user gives (`at`, epoch ms); or `give-to-job`: the time
   * away becomes a log of its own on another job (`jobId` / `jobName`), the timer's time up to it is logged, and the
   * timer starts anew from now on its own job (src/core/timer/idle-to-job.ts).
   */
  resolveIdle: op(() =>
    z
      .object({
        action: z.enum(['keep', 'discard', 'discard-and-start-new', 'stop-at', 'give-to-job']),
        at: MOMENT().optional(),
        ...TIMER_LOG().pick({ jobId: true, jobName: true }).shape,
      })
      .strict()
      .refine((v) => (v.action === 'stop-at') === (v.at !== undefined), { message: OWN.stopAt.defaultMessage })
      .refine((v) => (v.action === 'give-to-job') === (v.jobId !== undefined || v.jobName !== undefined), {
        message: OWN.giveTo.defaultMessage,
      }),
  ).returns<TimerView>(),

  // time logs (their shapes: the one schema of a log, ../log.ts; checked against the company's rules, then written to the outbox)
  /** `localId`: the log being edited; its own hours are not counted against the day's maximum (the edit replaces them). */
  checkLog: op(LOG_TO_CHECK).returns<RuleViolation[]>(),
  logTime: op(NEW_LOG).returns<LogResult>(),
  editLog: op(LOG_CHANGE).returns<LogResult>(),
  deleteLog: op(() => z.object({ localId: ID }).strict()).returns<{ state: LoggedState; undoId?: string }>(),
  /**
   * Undoes a change this device made to a log (an add, an edit, a delete): `id` is a change's `undoId`; without it,
   * the latest change not undone yet, within src/core/undo.ts's window (`punch undo`).
   */
  undoChange: op(() => z.object({ id: ID.optional() }).strict()).returns<UndoResult>(),

  // several logs at once: each log's verdict first, then only what passes, each once, in one change
  /** The rules' verdict on each log, in order (each day counting the earlier ones); changes nothing. */
  previewLogs: op(() => z.object({ logs: z.array(batchLog()).min(1).max(MAX_BATCH_LOGS) }).strict()).returns<BatchPreview>(),
  /** Logs what passes, each once (all of it durable together), and says what became of every log. */
  logBatch: op(() => z.object({ logs: z.array(batchLog()).min(1).max(MAX_BATCH_LOGS) }).strict()).returns<BatchPreview>(),
  /** Copy the week holding `from` into the week holding `to`: what it would make, with each log's verdict. */
  previewCopyWeek: op(copyWeekInput).returns<CopyWeekPreview>(),
  copyWeek: op(copyWeekInput).returns<CopyWeekPreview>(),

  // the week and its submission
  /** `refresh`: read the service's part of the week again even if the one kept is fresh (the user asked). */
  /**
   * `look`: why the week is shown, which says how old a kept copy may be (src/core/week/read-policy.ts): `look` (the
   * default: the Week tab opened, the window back, a minute), `glance` (Track shown again, following a change made
   * here, 5 minutes), `now` (read now when the service answers: a one-shot front end, `punch week`, and the app's
   * window or page just opened). `refresh`: both halves of the week now (the Refresh button).
   */
  getWeek: op(() =>
    z.object({ date: DAY, refresh: z.boolean().optional(), look: z.enum(['look', 'glance', 'now']).optional() }).strict(),
  ).returns<WeekView>(),
  previewSubmit: op(() => z.object({ weekStart: DAY }).strict()).returns<SubmitPreview>(),
  submitWeek: op(() => z.object({ weekStart: DAY }).strict()).returns<WeekView>(),
  getReminders: op(NONE).returns<Reminder[]>(),
  /** The morning reminder (src/core/week/morning.ts): null when it is silent today; `due` false: it is due at `at`. */
  getMorningReminder: op(NONE).returns<MorningReminder | null>(),
  /** Snooze it (30 minutes, twice at most) or "Not today". */
  answerMorningReminder: op(() => z.object({ answer: z.enum(['snooze', 'not-today']) }).strict()).returns<MorningReminder | null>(),

  // the outbox
  getOutbox: op(NONE).returns<OutboxEntry[]>(),
  /**
   * The outbox with its version: what a page starts from, then follows with `outboxChange` events. Every entry (as
   * always), or with `window` that part of the list in the page's order, with the counts (OutboxList).
   */
  getOutboxList: op(() =>
    z
      .object({
        window: z
          .object({ from: z.number().int().min(0), count: z.number().int().min(1).max(OUTBOX_WINDOW_MAX) })
          .strict()
          .optional(),
      })
      .strict(),
  ).returns<OutboxList>(),
  syncNow: op(NONE).returns<SyncReport>(),
  retryEntry: op(() => z.object({ id: ID }).strict()).returns<OutboxEntry[]>(),
  discardEntry: op(() => z.object({ id: ID }).strict()).returns<OutboxEntry[]>(),
  /** The user checked the service and the entry is there: stop trying, keep the log (ambiguous outcomes). */
  markEntryRecorded: op(() => z.object({ id: ID }).strict()).returns<OutboxEntry[]>(),
  fixEntry: op(ENTRY_FIX).returns<OutboxEntry[]>(),

  // managers
  /**
   * What the signed-in user may do (the Team and HR tabs): kept 12 hours per account, checked again after a sign-in
   * and with `refresh`. Never fails for the network: `known: false` until the service has answered once.
   */
  getRoles: op(() => z.object({ refresh: z.boolean().optional() }).strict()).returns<Roles>(),
  listTeamTimesheets: op(() =>
    z
      .object({
        status: z.enum(['all', 'draft', 'pending', 'approved', 'rejected']).optional(),
        user: z.string().min(1).max(200).optional(),
        from: DAY.optional(),
        to: DAY.optional(),
      })
      .strict(),
  ).returns<Timesheet[]>(),
  getTimesheet: op(() => z.object({ id: ID }).strict()).returns<TimesheetDetail>(),
  decideTimesheet: op(decision).returns<TimesheetDetail>(),
  /** One after another (the service paces decisions); one outcome per id, in order: a failure does not stop the rest. */
  decideTimesheets: op(decisions).returns<DecisionOutcome[]>(),
  /** How long `decideTimesheets` of `count` would take now (the service paces decisions), said before it starts. Sends nothing. */
  estimateDecisions: op(() => z.object({ count: z.number().int().min(1).max(MAX_BATCH) }).strict()).returns<DecisionEstimate>(),
  deleteTimesheet: op(() => z.object({ id: ID }).strict()).returns<{ deleted: true }>(),

  // HR
  payrollReport: op(() => z.object({ from: DAY, to: DAY, user: z.string().min(1).max(200).optional() }).strict()).returns<
    PayrollRecord[]
  >(),
  // `query`: words matched in any letter case against part of a name, email or employee ID (team/directory/directory.ts);
  // `email` / `employeeId`: the service's exact search (spec 4.4 searchColumn); `modifiedSince`: changed after, epoch ms.
  listEmployees: op(() => employeeSearch().strict()).returns<EmployeeRecord[]>(),
  /** The same search a page at a time (the HR screen: a company of 10,000 is not drawn at once): `total` matches in all. */
  findEmployees: op(() =>
    employeeSearch()
      .extend({
        offset: z.number().int().nonnegative().max(1_000_000).optional(),
        limit: z.number().int().min(1).max(MAX_EMPLOYEE_PAGE).optional(),
      })
      .strict(),
  ).returns<EmployeePage>(),
  getEmployee: op(() => z.object({ recordId: ID }).strict()).returns<EmployeeRecord>(),
  addEmployee: op(() => z.object({ fields: fieldMap() }).strict()).returns<EmployeeRecord>(),
  updateEmployee: op(() => z.object({ recordId: ID, fields: fieldMap() }).strict()).returns<EmployeeRecord>(),
} as const;

export type Operations = typeof operations;
export type OperationName = keyof Operations;
export type OpInput<K extends OperationName> = z.input<Operations[K]['input']>;
export type OpParsed<K extends OperationName> = z.output<Operations[K]['input']>;
export type OpOutput<K extends OperationName> = Operations[K]['output'];
