/**
 * The journal's shapes: the ledger's rows, the outbox's entries, the document that holds both, and the records of
 * the file `outbox.journal` (./format.ts). Each shape is written once, here, as a zod schema: its TypeScript
 * type is inferred from it, and every record read from the file (and the old `outbox.json`) is parsed with it
 * (./stored.ts), so what the code relies on and what the reader checks cannot drift apart.
 *
 * Each schema is built on first use (`once`, src/shared/lazy/once.ts), not at load: about 125 schemas that a process
 * with no journal to read yet (a first `punch status`) or one that never opens the core's journal does not need
 * (docs/benchmarks.md "punch status, third pass"). The quick test of a record (./stored.ts) needs none of them.
 */
// zod as the bridge uses it (src/shared/contract/): its objects are compiled, which parses a start's 20,000 rows and
// entries in about half the time of zod's functional build (zod/mini), and the app, web mode and `punch` load it anyway
import { isSaid, type Said } from '../../shared/i18n/said';
import { z } from 'zod';
import type { ApprovalStatus, OutboxAttempt, OutboxEntry, OutboxField, OutboxKind, SyncState } from '../../shared/domain';
import { LOGGED, LOGGED_CHANGE, type Logged, type LoggedChange } from '../../shared/log';
import { once } from '../../shared/lazy/once';

/**
 * Every value of a union of the domain (src/shared/domain/), for a zod enum: a value added to the union and
 * missing here does not compile, so the schema and the domain's type say the same.
 */
function allOf<T extends string>() {
  return <const A extends readonly T[]>(values: A & ([T] extends [A[number]] ? unknown : never)): A => values;
}

/**
 * The values of a time log, as kept and as sent to addtimelog (spec 4.2): the one schema's `LOGGED`
 * (src/shared/log.ts), the user's part of a LocalTimeLog. Read back from the file by `storedRow` (./stored.ts).
 */
export const logFieldsSchema = LOGGED;
export type LogFields = Logged;

/** What edittimelog may change (spec 4.2: hours, workDate, billingStatus, description): the schema's `LOGGED_CHANGE`. */
export const editPatchSchema = LOGGED_CHANGE;
export type EditPatch = LoggedChange;

export const ledgerRowSchema = once(() =>
  logFieldsSchema().extend({
    /** Stable id on this device; also the idempotency key of its add (used to reconcile ambiguous adds). */
    localId: z.string(),
    /** The service's id, once the add is confirmed (or reconciled). */
    timeLogId: z.string().optional(),
    /** The values last confirmed by the service: what an edit reverts to when the user discards it. */
    remote: logFieldsSchema().optional(),
    /** Deleted by the user; kept until the delete reaches the service (restored if the user discards the delete). */
    pendingDelete: z.boolean().optional(),
    approvalStatus: z.enum(allOf<ApprovalStatus>()(['draft', 'pending', 'approved', 'rejected'])).optional(),
    /** Its maybe-sent add was discarded while a delete of it waited (../outbox/resolutions.ts): only that delete keeps it. */
    addDiscarded: z.boolean().optional(),
    /** The account the log was made under (`kind|baseUrl|user`): it is only ever sent with that account. */
    account: z.string().optional(),
    /**
     * The timer whose stop recorded this log (its id). The journal is where a timer's stop is committed: a timer whose
     * id is on a row here was stopped, whatever its own file still says (src/core/timer/README.md).
     */
    timerId: z.string().optional(),
    /** The damage report whose offered log this is (logged again once: ../store/damage.ts `resolveOffer`). */
    damageId: z.string().optional(),
    /**
     * The damage report that offers this log's delete, read from a torn record (./torn-end.ts `tornDeletes`): nothing of
     * the log is sent until the user answers ("Delete it" or "Keep it"), which takes this away.
     */
    deleteOffered: z.string().optional(),
    /**
     * The log this one was copied from (copy a week, duplicate: its service time log id, else its local id): a source
     * already copied onto a day is not copied there again (src/core/log-batch.ts).
     */
    copiedFrom: z.string().optional(),
    /**
     * The undone change whose inverse this log is (a deleted log added again by Undo: src/core/undo.ts): asked under the
     * outbox's lock, so an undo adds it back once however often it is asked.
     */
    undoOf: z.string().optional(),
    createdAt: z.number(),
    updatedAt: z.number(),
  }),
);
/** A time log made on this device (the glossary's *ledger*: docs/ARCHITECTURE.md). */
export type LedgerRow = z.infer<ReturnType<typeof ledgerRowSchema>>;

/** What the core said as a code and values (src/shared/i18n/said.ts), kept beside its English `message`. */
const saidSchema = once(() => z.custom<Said>(isSaid));

const attemptSchema = once(() =>
  z.object({
    at: z.number(),
    outcome: z.enum(allOf<OutboxAttempt['outcome']>()(['applied', 'refused', 'retry', 'ambiguous', 'reconciled'])),
    message: z.string().optional(),
    said: saidSchema().optional(),
  }),
);
/** An entry's kinds and states, known without building the schema (the quick test of ./stored.ts reads them). */
export const OP_KINDS = allOf<OutboxKind>()(['add', 'edit', 'delete']);
export const OP_STATES = allOf<SyncState>()(['queued', 'sending', 'synced', 'needs-attention']);

export const outboxOpSchema = once(() =>
  z.object({
    /** `op-<seq>`; never empty (checked where entries are read, `storedOp` below). */
    id: z.string(),
    kind: z.enum(OP_KINDS),
    localId: z.string(),
    state: z.enum(OP_STATES),
    message: z.string().optional(),
    /** `message` as a code and values, for each shell to say in the user's language. */
    said: saidSchema().optional(),
    /** The log's field a refusal concerns (OutboxEntry.field); gone when the entry is queued again. */
    field: z.enum(allOf<OutboxField>()(['hours', 'workDate', 'job', 'description'])).optional(),
    resolutions: z.array(z.enum(allOf<OutboxEntry['resolutions'][number]>()(['retry', 'fix', 'discard', 'mark-recorded']))),
    attempts: z.array(attemptSchema()),
    /** add: the full values; edit: the fields to change; delete: nothing. */
    add: logFieldsSchema().optional(),
    patch: editPatchSchema().optional(),
    /** Written true (durably) before the request goes out; false again only when the service surely did not apply it. */
    maybeSent: z.boolean(),
    /** Set when the outcome of a sent request was lost and the user chose "Send again": skip reconciliation once. */
    resendApproved: z.boolean().optional(),
    /** An add logged before the company's rules were known: checked against them before it is sent (../log-gate.ts). */
    unchecked: z.boolean().optional(),
    /**
     * An add logged without a word on billing for a job not in any job list yet: the job's own billing status replaces
     * the default once the job list is read, before it is sent (../../shared/billing.ts, ../rules/before-send.ts).
     */
    billingFromJob: z.boolean().optional(),
    /**
     * Which sync engine marked it `sending` (process id, engine id, when). Another process's engine leaves it alone
     * while that engine is alive and the mark is recent (../sync/claims.ts), so two processes never send it twice.
     */
    sendingBy: z.object({ pid: z.number(), engine: z.string(), at: z.number() }).optional(),
    /** When it was last marked `sending` for a send (not for a reconciliation): the start of its last request. */
    sentAt: z.number().optional(),
    /**
     * Sent, answered ambiguously, then found absent on the service: it goes again, but not before this time (one
     * backoff step after its last send, doubling with `resends`), so a write path that keeps failing without reaching
     * the service is not re-sent in a hot loop (docs/outbox.md "Reconciliation").
     */
    retryAt: z.number().optional(),
    /** How many times it was found absent after an ambiguous answer and queued to go again. */
    resends: z.number().optional(),
    /**
     * The service refused it as a future date while its day is already the user's today (or earlier): the service's
     * calendar is still on an earlier day (another time zone). Nothing was written; it waits as queued and goes again
     * at `retryAt`. `since`: the first such refusal (past the widest gap between two zones it is an ordinary refusal);
     * `serviceDay`: the service's day, when its refusal said it.
     */
    waitsForServiceDay: z.object({ since: z.number(), serviceDay: z.string().optional() }).optional(),
    /**
     * The log's day, hours and job as the outbox lists them, kept on an edit or a delete that stays listed after its log's
     * row went (a synced delete takes the row away: ../outbox/housekeeping.ts `keepShown`). Absent in journals written
     * before it, and on entries whose row is still there (or that carry `add`).
     */
    shown: z.object({ workDate: z.string(), hours: z.string().optional(), jobName: z.string().optional() }).optional(),
    createdAt: z.number(),
    updatedAt: z.number(),
    syncedAt: z.number().optional(),
  }),
);
/** One change waiting to reach the service, with its state and history (the glossary's *outbox entry*). */
export type OutboxOp = z.infer<ReturnType<typeof outboxOpSchema>>;

/** The document: the ledger (rows by localId) and the outbox (entries in the order the user made them). */
export interface Journal {
  version: 1;
  rows: Record<string, LedgerRow>;
  ops: OutboxOp[];
  /** The entry counter: ids are `op-<seq>`. */
  seq: number;
}

export function emptyJournal(): Journal {
  return { version: 1, rows: {}, ops: [], seq: 0 };
}

/** What a change did to the journal, by id: what the ledger appends to the file as one record. */
export interface JournalDiff {
  /** Rows added or changed (their whole new value), by localId. */
  rows: Record<string, LedgerRow>;
  /** Rows removed. */
  rowsGone: string[];
  /** Entries added (appended, in this order) or changed (replaced where they are). */
  ops: OutboxOp[];
  /** Entries removed. */
  opsGone: string[];
  /** The full order of the entries' ids, only when the change reordered them (never by today's rules). */
  order?: string[];
  seq?: number;
}

/**
 * What a new current document changed, by id (../journal/ledger.ts `onChange`): the rows and the entries written or
 * removed; `whole` when the document was read again whole (another process's compaction, a recovery), so anything may
 * have changed.
 */
export interface JournalTouched {
  rows: readonly string[];
  ops: readonly string[];
  /** The logs of the entries written (their `localId`s): a reader finds them by their logs, the ledger has no map by id. */
  logs: readonly string[];
  whole?: true;
}

/* ------------------------------------------------------------------ the records of the file */

const IDS = once(() => z.array(z.string()));

/** `id`: random, new with each file written whole, so a file that took the inode number of an older one is told apart. */
export const headerRecordSchema = once(() =>
  z.object({
    t: z.literal('header'),
    format: z.string(),
    version: z.number(),
    createdAt: z.number().optional(),
    id: z.string().optional(),
  }),
);
export type HeaderRecord = z.infer<ReturnType<typeof headerRecordSchema>>;

/**
 * One `ledger.change()`: rows (by localId) and entries added or changed, whole; ids removed; `seq` when it moved;
 * `order` (every id) only if the change reordered the entries.
 */
export const changeRecordSchema = once(() =>
  z.object({
    t: z.literal('change'),
    rows: z.record(z.string(), ledgerRowSchema()).optional(),
    rowsGone: IDS().optional(),
    ops: z.array(outboxOpSchema()).optional(),
    opsGone: IDS().optional(),
    order: IDS().optional(),
    seq: z.number().int().min(0).optional(),
  }),
);
export type ChangeRecord = z.infer<ReturnType<typeof changeRecordSchema>>;

/** Closes what a compaction wrote: the entry counter, and how many rows and entries are above it (checked). */
export const snapshotRecordSchema = once(() => z.object({ t: z.literal('snapshot'), rows: z.number(), ops: z.number(), seq: z.number() }));
export type SnapshotRecord = z.infer<ReturnType<typeof snapshotRecordSchema>>;

/**
 * A snapshot's rows, or its entries, in the order written (format version 4: written as a table and read back by
 * ./table-records.ts): applied as a change record's rows, or its entries, are.
 */
export interface RowsRecord {
  t: 'rows';
  rows: LedgerRow[];
}
export interface OpsRecord {
  t: 'ops';
  ops: OutboxOp[];
}

export type JournalRecord = HeaderRecord | ChangeRecord | SnapshotRecord | RowsRecord | OpsRecord;
