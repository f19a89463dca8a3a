/**
 * The bridge's operations: each name with its input schema (validated by the core's dispatcher before a handler runs)
 * and, as a type only, its result. The map's types (`Operations`, `OpInput` ...) are derived from it here. The timer's
 * operations (./timer-operations.ts) and the managers' and HR's (./team-operations.ts) are rooms of their own, spread
 * into the one map in their place.
 */
import { z } from 'zod';
import type {
  AccountInfo,
  BatchPreview,
  CopyWeekPreview,
  AppStatus,
  DamageReport,
  Job,
  OutboxEntry,
  OutboxList,
  Reminder,
  RuleViolation,
  SubmitPreview,
  SyncReport,
  TrackerSettings,
  WeekView,
  UpdateStatus,
} from '../domain';
import { PREFERENCES_PATCH, type Preferences } from '../preferences';
import { OWN } from '../input-words';
import { DAY, ENTRY_FIX, ID, LOG_CHANGE, LOG_TO_CHECK, NEW_LOG } from '../log';
import { OUTBOX_WINDOW_MAX } from '../status/outbox-groups';
import type { FirstAnswers } from '../first-screen/answers';
import { batchLog, copyWeekInput, MAX_BATCH_LOGS, NONE, op } from './inputs';
import type { LoggedState, LogResult, MorningReminder, UndoResult } from './results';
import { teamOperations } from './team-operations';
import { timerOperations } from './timer-operations';

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
   * `discard` drops them. A change or a delete offered (`edits`, `deletes`: a torn last record's) is made again by
   * `log-again`, and left unmade by `discard` (the log kept as the file holds it). Either way the report is
   * acknowledged and says what was chosen; an offer is answered once.
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

  // timer (./timer-operations.ts)
  ...timerOperations,

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

  // managers and HR (./team-operations.ts)
  ...teamOperations,
} as const;

export type Operations = typeof operations;
export type OperationName = keyof Operations;
export type OpInput<K extends OperationName> = z.input<Operations[K]['input']>;
export type OpParsed<K extends OperationName> = z.output<Operations[K]['input']>;
export type OpOutput<K extends OperationName> = Operations[K]['output'];
