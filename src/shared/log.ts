/**
 * One schema for a time log: every field a log has anywhere (the bridge's inputs, the ledger's row, an outbox entry,
 * the wire's `addtimelog` / `edittimelog` parameters, `punch`'s options, the renderer's forms), named, typed and given
 * its format and its refusal's words once, here. Each edge's shape is derived from `LOG` below (`.pick`, `.partial`,
 * `.extend`), never written again; docs/ARCHITECTURE.md ("Where each edge's zod shape lives") lists them.
 *
 * The formats are checked once, at the edge where a value comes in: the dispatcher (the contract's inputs below) for
 * the app, web mode and `punch` (whose options are read into these formats first: src/cli/log-fields.ts). The
 * company's rules (maximum per day, locked weeks, future days) are not formats: they stay in src/core/rules. What is
 * stored is read back by the journal's own, cheaper check of a row (src/core/journal/types.ts `storedRow`), and the
 * service client only encodes (src/core/service/wire/time-log-params.ts).
 *
 * The renderer imports this module's types only (it carries no zod at run time); its forms read typed hours with the
 * same reader as `punch` (./time/hours.ts `hoursAsTyped`).
 */
import { z } from 'zod';
import type { BillingStatus, LocalTimeLog } from './domain';
import { HHMM_PATTERN, parseHhmm, toHhmm } from './time/hours';
import { isValidDate } from './time/week';
import { DATE_WORDS, HOURS_WORDS } from './input-words';
import { once } from './lazy/once';

/** An id (a log's local id, a job's, an entry's): never empty, never longer than an id can be. */
export const ID = z.string().min(1).max(64);
/** A text a user types (a description, a work item). */
export const TEXT = z.string().max(2000);
/** `YYYY-MM-DD`, a day of the calendar (./time/week.ts); refused in the words of a form. */
export const DAY = z.string().refine(isValidDate, DATE_WORDS);
/**
 * `HH:MM` (spec 4.2, ./time/hours.ts): read with one digit of hours or more, kept and sent zero-padded (`7:05` ->
 * `07:05`), so what the ledger holds is what the service is sent and what it answers.
 */
export const HOURS = z
  .string()
  .regex(HHMM_PATTERN, HOURS_WORDS)
  .transform((h) => toHhmm(parseHhmm(h)));

const BILLING_STATUSES = ['Billable', 'Non Billable'] as const satisfies readonly BillingStatus[];

/**
 * Every field of a log, once. This schema and those derived from it are built on first use (`once`,
 * ./lazy/once.ts), not at load: about 70 schemas a `punch` command that neither takes a log nor reads the journal
 * never needs (docs/benchmarks.md "punch status, third pass"). The four above are a handful and stay values.
 */
export const LOG = once(() =>
  z.object({
    /** The log on this device (the ledger's key, and the idempotency key of its add). */
    localId: ID,
    /** The service's id of the log, once its add is confirmed. */
    timeLogId: ID,
    jobId: ID,
    /**
     * As the service names the job (any length). Empty in the ledger when the log was made by job id before the job
     * list was read (filled in before it is sent); typed by a user: 1 to 200 characters (`JOB_GIVEN`).
     */
    jobName: z.string(),
    workDate: DAY,
    hours: HOURS,
    /** What the user said about billing; absent: the job's own billing status decides (./billing.ts). */
    billable: z.boolean(),
    /** Billing as the service words it (spec 2.3): what the core decided from `billable` and the job. */
    billingStatus: z.enum(BILLING_STATUSES),
    workItem: TEXT,
    description: TEXT,
  }),
);

const JOB_GIVEN = once(() =>
  LOG()
    .pick({ jobId: true })
    .extend({ jobName: LOG().shape.jobName.min(1).max(200) })
    .partial(),
);

/* ------------------------------------------------------------------ what a front end gives (the contract's inputs) */

/** A new log (logTime; the Track form, `punch log`): the job by id or by name, billing only if the user said. */
export const NEW_LOG = once(() =>
  LOG()
    .pick({ workDate: true, hours: true, billable: true, workItem: true, description: true })
    .partial({ billable: true, workItem: true, description: true })
    .extend(JOB_GIVEN().shape)
    .strict(),
);
/** The form's live check (checkLog): a new log, or with `localId` an edit of that log. */
export const LOG_TO_CHECK = once(() => NEW_LOG().extend({ localId: LOG().shape.localId.optional() }));
/** A change to one log (editLog; the Week's open day, `punch edit`): only what is given changes; edittimelog takes no job. */
export const LOG_CHANGE = once(() =>
  LOG()
    .pick({ hours: true, workDate: true, billable: true, description: true })
    .partial()
    .extend({ localId: LOG().shape.localId })
    .strict(),
);
/** A refused outbox entry fixed in place (fixEntry; the Outbox's Fix, `punch outbox fix`): an add may change its job too. */
export const ENTRY_FIX = once(() =>
  LOG()
    .pick({ hours: true, workDate: true, billable: true, description: true })
    .partial()
    .extend(JOB_GIVEN().shape)
    .extend({ id: ID })
    .strict(),
);
/** What a timer's logs will hold (startTimer, `punch timer start`): its day and hours come from the clock. */
export const TIMER_LOG = once(() => LOG().pick({ billable: true, workItem: true, description: true }).partial().extend(JOB_GIVEN().shape));
/** What may change on a running timer (updateTimer). */
export const TIMER_TEXTS = once(() => LOG().pick({ billable: true, workItem: true, description: true }).partial().strict());

export type NewLogInput = z.input<ReturnType<typeof NEW_LOG>>;
export type TimerLogValues = z.output<ReturnType<typeof TIMER_LOG>>;
/** A new log as the core receives it from the contract (hours zero-padded). */
export type NewLogValues = z.output<ReturnType<typeof NEW_LOG>>;
export type LogChangeInput = z.input<ReturnType<typeof LOG_CHANGE>>;
export type LogChangeValues = z.output<ReturnType<typeof LOG_CHANGE>>;
export type EntryFixInput = z.input<ReturnType<typeof ENTRY_FIX>>;
export type EntryFixValues = z.output<ReturnType<typeof ENTRY_FIX>>;

/* ------------------------------------------------------------------ what the core keeps and sends */

/**
 * A log once the core decided its billing: the ledger row's values, an outbox add, addtimelog's parameters (spec 4.2).
 * The journal reads its own rows back with a cheaper check of the row (src/core/journal/types.ts).
 */
const LOGGED_MASK = {
  workDate: true,
  hours: true,
  jobId: true,
  jobName: true,
  billingStatus: true,
  workItem: true,
  description: true,
} as const;
export const LOGGED = once(() => LOG().pick(LOGGED_MASK).partial({ jobId: true, workItem: true, description: true }));
/** The fields of `LOGGED`, known without building it (the journal copies a row's values by them). */
export const LOGGED_KEYS = Object.keys(LOGGED_MASK) as ReadonlyArray<keyof typeof LOGGED_MASK>;
/** What edittimelog may change (spec 4.2: hours, workDate, billingStatus, description): an edit's patch. */
export const LOGGED_CHANGE = once(() => LOGGED().pick({ hours: true, workDate: true, billingStatus: true, description: true }).partial());

export type Logged = z.output<ReturnType<typeof LOGGED>>;
export type LoggedChange = z.output<ReturnType<typeof LOGGED_CHANGE>>;

/** The user's yes or no on billing in the service's words. */
export function billingStatusOf(billable: boolean): BillingStatus {
  return billable ? 'Billable' : 'Non Billable';
}

/**
 * A new log as the core records it: `billingStatus` decided once by the core (./billing.ts `billingFor`: what the user
 * said, else the job's own), a job named by id alone kept with an empty name until the job list names it.
 */
export function loggedOf(log: NewLogValues, billingStatus: BillingStatus): Logged {
  return {
    workDate: log.workDate,
    hours: log.hours,
    ...(log.jobId ? { jobId: log.jobId } : {}),
    jobName: log.jobName ?? '',
    billingStatus,
    ...(log.workItem ? { workItem: log.workItem } : {}),
    ...(log.description ? { description: log.description } : {}),
  };
}

/** An edit as the core records it (edittimelog's fields): only what was given, the user's `billable` in the service's words. */
export function loggedChangeOf(change: Omit<LogChangeValues, 'localId'>): LoggedChange {
  return {
    ...(change.hours !== undefined ? { hours: change.hours } : {}),
    ...(change.workDate !== undefined ? { workDate: change.workDate } : {}),
    ...(change.billable !== undefined ? { billingStatus: billingStatusOf(change.billable) } : {}),
    ...(change.description !== undefined ? { description: change.description } : {}),
  };
}

// The bridge's LocalTimeLog (./domain/local-log.ts) carries a logged log's values: a field added to one and not the other, or
// typed apart, does not compile.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const loggedIsTheBridgesLog: Same<Logged, Pick<LocalTimeLog, keyof Logged>> = true;
void loggedIsTheBridgesLog;
