/**
 * The bridge contract: the single source of truth for what the renderer may ask of the core and what the core
 * pushes back. The preload (Electron), the web-mode HTTP bridge, the main-side IPC handlers and the renderer's
 * `Api` type all derive from the `operations` and `events` maps below; nothing mirrors them by hand.
 *
 * Every operation takes exactly one argument (an object, validated in main with its schema) and returns a Promise.
 * No operation returns or accepts a secret except the sign-in inputs, which main moves straight into the keychain.
 */
import { z } from 'zod';
import type { Said } from './i18n/said';
import type { ListedEvent, ListedOperation } from './operation-names';
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
  StorageState,
  Job,
  LocalTimeLog,
  OutboxChange,
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
} from './domain';
import { PREFERENCES_PATCH, type Preferences } from './preferences';
import { COMMENT_NEEDED, commentMissing, MAX_BATCH } from './team/approval';
import { inputWords, OWN } from './input-words';
import { DAY, ENTRY_FIX, ID, LOG_CHANGE, LOG_TO_CHECK, NEW_LOG, TEXT, TIMER_LOG, TIMER_TEXTS } from './log';
import { said as saidInEnglish, sayInEnglish } from './i18n/english';
import { defineMessages } from './i18n/messages';
import { saidOf, type Words } from './i18n/said';
import { once } from './lazy/once';
import { OUTBOX_WINDOW_MAX } from './status/outbox-groups';
import type { FirstAnswers } from './first-screen/answers';

const NONE = once(() => z.object({}).strict());
/** The most entries one window of the outbox list holds (`getOutboxList`): said where the page's order is (no zod there). */
export { OUTBOX_WINDOW_MAX };
/** A moment as epoch milliseconds (a stop's end given by the user). */
const MOMENT = once(() => z.number().finite().min(0).max(8.64e15));

/** One log of a batch (src/core/log-batch.ts): a new log, and the log it copies. */
const batchLog = once(() => NEW_LOG().extend({ copiedFrom: ID.optional() }).strict());
/** The most logs one batch takes (a busy week copied: 7 days of a dozen logs each, with room). */
export const MAX_BATCH_LOGS = 200;
const copyWeekInput = once(() => z.object({ from: DAY, to: DAY, rowsOnly: z.boolean().optional() }).strict());

const approvalDecision = once(() => z.enum(['approved', 'rejected']));
const fieldMap = once(() => z.record(z.string().min(1).max(100), z.string().max(2000)));

/** Declares an operation: its input schema (validated in main) and, as a type only, its result. */
const op = <I extends z.ZodType>(build: () => I) => ({
  returns: <O>() => {
    let input: I | undefined;
    return {
      get input(): I {
        return (input ??= build());
      },
      output: undefined as unknown as O,
    };
  },
});

/** A rejection (whole, or of any log in a partial decision) says what to fix: refused here, so `punch` meets it too. */
const commentGiven = { path: ['comments'], message: COMMENT_NEEDED };
const decision = once(() =>
  z
    .object({
      id: ID,
      decision: approvalDecision(),
      comments: TEXT.optional(),
      allLevels: z.boolean().optional(),
      /** Partial approval (spec 4.1 timeLogs): time log id -> decision. */
      logs: z.record(ID, approvalDecision()).optional(),
    })
    .strict()
    .refine((d) => !commentMissing(d), commentGiven),
);
const employeeSearch = once(() =>
  z.object({
    query: z.string().max(200).optional(),
    email: z.string().min(1).max(200).optional(),
    employeeId: z.string().min(1).max(64).optional(),
    // a time (epoch ms): at most the last day a Date can hold
    modifiedSince: z.number().nonnegative().max(8_640_000_000_000_000).int().optional(),
  }),
);
/** The most records one page of `findEmployees` carries. */
export const MAX_EMPLOYEE_PAGE = 200;

/** "Approve N": the same decision on several whole timesheets, each timesheet once. */
const decisions = once(() =>
  z
    .object({
      ids: z
        .array(ID)
        .min(1)
        .max(MAX_BATCH)
        .refine((ids) => new Set(ids).size === ids.length, OWN.eachOnce.defaultMessage),
      decision: approvalDecision(),
      comments: TEXT.optional(),
      allLevels: z.boolean().optional(),
    })
    .strict()
    .refine((d) => !commentMissing(d), commentGiven),
);

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
   * What a window asks for as it opens (./first-screen/calls.ts, ./first-screen/answers.ts), answered in one call:
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

  // time logs (their shapes: the one schema of a log, ./log.ts; checked against the company's rules, then written to the outbox)
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
  // `query`: words matched in any letter case against part of a name, email or employee ID (team/employee-directory.ts);
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

/**
 * Where a log (or its deletion) stands when the call answers: `synced` when the service confirmed it during the call,
 * `needs-attention` when the service refused it during the call (never shown as queued), `queued` when it
 * waits in the outbox (or is being sent).
 */
export type LoggedState = 'synced' | 'queued' | 'needs-attention';

export interface LogResult {
  /** The log as the ledger holds it now (a *log*; an *entry* is only ever an outbox entry: docs/ARCHITECTURE.md). */
  log: LocalTimeLog;
  /** See LoggedState; `log.message` says why when it needs attention. */
  state: LoggedState;
  /** Queued before the company's rules were known: they are checked before it is sent (docs/outbox.md). */
  unchecked?: boolean;
  /** The change as this device remembers it for Undo (`undoChange`); absent where it cannot be undone. */
  undoId?: string;
}

/** The morning reminder: "Nothing logged yet today. Start the timer on Job 7?" (src/core/week/morning.ts). */
export interface MorningReminder {
  /** True: show it now. False: it is due at `at` (the shell asks again then, on a timer). */
  due: boolean;
  at: number;
  /** The usual job: the most hours in the last two weeks, else the last one used. */
  job?: { jobId?: string; jobName: string };
  snoozes: number;
  canSnooze: boolean;
}

/** What an undo did (src/core/undo.ts). */
export interface UndoResult {
  /** The change undone (its `undoId`). */
  id: string;
  /** What the change was: an add is undone by a delete, an edit by an edit back, a delete by the log again. */
  kind: 'add' | 'edit' | 'delete';
  /** Where the undo stands: as LoggedState says of a log (`synced` also when nothing had to be sent). */
  state: LoggedState;
  /** The log as it is now; for an undone add, as it was. */
  log: LocalTimeLog;
  /** The change had not left this device: it is gone from the outbox, and nothing was or will be sent for it. */
  withdrawn?: true;
}

export interface StopResult {
  timer: TimerView;
  /** One log per local calendar day the timer ran through. */
  logged: LogResult[];
  rawHhmm: string;
  roundedHhmm: string;
  /** Why nothing (or less) was logged: under a minute after rounding, or over the company maximum (needs confirm). */
  notice?: string;
  /** `notice` as a code and values (src/shared/i18n/said.ts), worded by each shell in the user's language. */
  noticeSaid?: Said;
  needsConfirm?: boolean;
  /**
   * Nothing was logged and the timer runs on: it ran on a day of a submitted or approved week, whose logs cannot
   * change. The user picks an open day (stopTimer `logTo`; `openDay` is a suggestion) or keeps the timer running;
   * the time is never dropped to get out. `notice` says which week.
   */
  needsDay?: { lockedDays: string[]; openDay?: string };
  /**
   * Nothing was logged and the timer runs on: its end must be said first. `why: 'clock-moved'`: the clock now reads
   * before the start (it was set back); only an end (`at`) or a discard settles it. `why: 'long'`: it ran past the end
   * of day, over midnight, longer than a day's maximum, or through a sleep (`reasons`); `confirmLong` logs all of it,
   * `at` stops it at a time (`suggestedEnd`: the end of the working day it started in), or discard. `notice` says it.
   */
  needsEnd?: {
    why: 'clock-moved' | 'long';
    reasons: Array<'end-of-day' | 'midnight' | 'day-maximum' | 'asleep'>;
    startedAt: number;
    /** The clock when asked. */
    now: number;
    /** The zone the timer's days are counted in (its `zone`). */
    zone: string;
    suggestedEnd?: number;
    /** How long the computer slept (or its clock jumped forward) while it ran, when measured. */
    asleepMs?: number;
  };
}

/** A timer stopped by a start (a switch): what became of it. */
export interface ReplacedTimer {
  jobName: string;
  startedAt: number;
  /** How long it ran, by the clock. */
  ranMs: number;
  /** The logs its stop recorded, one per day (empty: under a minute, nothing logged). */
  logged: LogResult[];
  notice?: string;
  /** `notice` as a code and values. */
  noticeSaid?: Said;
  /** In words: "Stopped Job 1: 00:02 logged on Fri 27 Nov." */
  words: string;
  /** `words` as a code and values, worded by each shell. */
  said?: Said;
}

/** startTimer's answer: the new timer, and what became of the one it replaced (if one ran). */
export type TimerStart = TimerView & { replaced?: ReplacedTimer };

/** Push events from the core to the renderer. */
export interface Events {
  timer: TimerView;
  /**
   * The whole outbox. No longer pushed after each change (with 10,000 entries waiting that was 5 MiB a log): kept for
   * compatibility as the type of the whole list, which `getOutbox` / `getOutboxList` answer; follow `outboxChange`.
   */
  outbox: OutboxEntry[];
  /** What a change did to the outbox (entries added, changed, removed, with a version): see `OutboxChange`. */
  outboxChange: OutboxChange;
  status: AppStatus;
  /** A log changed (any week): views re-read what they show. */
  ledger: { weekStarts: string[] };
  /**
   * The service's part of a week was read and what the week shows changed (a log made on the phone, a decision):
   * the week as it is now, for every screen showing it (Track's Today, the Week tab), so a rule that read it and the
   * screens never disagree (src/core/week/weekview.ts).
   */
  week: WeekView;
  /** Something the user should see now (also shown as an OS notification in Electron when allowed). */
  /** `message` in English; `said`, where the core says it as a code and values, for each shell to word (src/shared/i18n/said.ts). */
  notice: { level: 'info' | 'warning' | 'error'; message: string; said?: Said };
  /** The shell asks the renderer to show a screen (tray menu items). */
  navigate: { screen: Screen };
}
export type EventName = keyof Events;
export type Screen = 'track' | 'week' | 'outbox' | 'team' | 'hr' | 'settings';

export type Operations = typeof operations;
export type OperationName = keyof Operations;
// The name lists and channels live in a zod-free module (the renderer and preload import them without the schemas).
// They must equal the contract's keys: a compile error below ("Property 'x' is missing") names an operation or event
// that one side has and the other lacks.
export { EVENT_NAMES, OPERATION_NAMES, channelOf, eventChannelOf } from './operation-names';
const everyOperationListed: Record<Exclude<OperationName, ListedOperation>, never> = {};
const noOperationUnknown: Record<Exclude<ListedOperation, OperationName>, never> = {};
const everyEventListed: Record<Exclude<EventName, ListedEvent>, never> = {};
const noEventUnknown: Record<Exclude<ListedEvent, EventName>, never> = {};
void [everyOperationListed, noOperationUnknown, everyEventListed, noEventUnknown];
export type OpInput<K extends OperationName> = z.input<Operations[K]['input']>;
export type OpParsed<K extends OperationName> = z.output<Operations[K]['input']>;
export type OpOutput<K extends OperationName> = Operations[K]['output'];

/** What the renderer calls (window.api in Electron, the HTTP bridge in web mode). */
export type Api = { [K in OperationName]: (input: OpInput<K>) => Promise<OpOutput<K>> } & {
  /** Subscribe to a push event; returns the unsubscribe function. */
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void;
};

/**
 * What a front end may give one operation besides its input: a signal that stops it (Ctrl+C in punch). The core
 * passes it down explicitly to the requests the operation makes; a request it stops in flight is settled like a lost
 * answer (a write may have arrived), never re-sent blindly.
 */
export interface OperationCall {
  signal?: AbortSignal;
}

/** What main implements: handlers receive the validated (parsed) input, and the caller's `OperationCall` if any. */
export type Handlers = { [K in OperationName]: (input: OpParsed<K>, call?: OperationCall) => Promise<OpOutput<K>> };

/** An error that crossed the bridge: the class name of the core's error and a message for the user. */
export interface BridgeError {
  name: string;
  /** In English: for logs, and what a shell shows when it has no words for `said`. */
  message: string;
  /** What happened as a code and values, worded by each shell (src/shared/i18n/said.ts); absent where not converted yet. */
  said?: Said;
  code?: number;
  violations?: RuleViolation[];
  /** `StorageError` only: why the data directory refused the write (the disk is full, read-only, writing denied, failed). */
  storage?: Exclude<StorageState, 'ok'>;
}

const M = defineMessages({
  unknownCall: {
    id: 'core.unknown-call',
    defaultMessage: 'This version of Punchcard cannot do "{name}" (unknown operation). Nothing was changed.',
    description: '{name}: what a script asked for, quoted back as it typed it.',
  },
});

/** A call this version does not know (a script's typo, or a newer front end): its name quoted back. */
export const unknownCallWords = (name: string): Words => saidInEnglish(M.unknownCall.id, { name: name.slice(0, 80) });

/**
 * Validates an operation's input; throws a BridgeError-shaped `InvalidInputError` with what was wrong in the user's
 * words, the log's fields also as `violations` (shown at each field), never the operation's or a field's code name.
 */
export function parseInput<K extends OperationName>(name: K, input: unknown): OpParsed<K> {
  const def = operations[name];
  if (!def) {
    const w = unknownCallWords(String(name));
    throw Object.assign(new Error(w.message), { name: 'InvalidInputError', said: saidOf(w) });
  }
  const parsed = def.input.safeParse(input ?? {});
  if (!parsed.success) {
    const { message, said, violations } = inputWords(String(name), input ?? {}, parsed.error.issues, sayInEnglish);
    throw Object.assign(new Error(message), { name: 'InvalidInputError', violations, ...(said ? { said } : {}) });
  }
  return parsed.data as OpParsed<K>;
}
