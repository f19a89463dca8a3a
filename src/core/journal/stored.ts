/**
 * Reading what was stored: whether a record, a row or an entry read from the file (or the old `outbox.json`) has
 * what the app needs, by the schemas of ./types.ts and by a quick test that can only say yes to what they accept.
 *
 * What a record read from the file must hold to be applied is a part of each shape (`storedRow`, `storedOp` below):
 * what the app cannot work without. A row's day and hours follow the one rule (shared/time/week.ts, shared/time/hours.ts), so a
 * row that does not is damage, reported and kept, never summed as 0 hours into a day's total. The rest (an attempt's
 * outcome, the resolutions offered) is the app's to show and send on: a value a newer Punchcard writes there (an
 * outcome it added, say) must not make this one call the record damage and drop the rows and entries it holds.
 */
import { z } from 'zod';
import { HHMM_PATTERN } from '../../shared/time/hours';
import { isValidDate } from '../../shared/time/week';
import { once } from '../../shared/lazy/once';
import {
  changeRecordSchema,
  headerRecordSchema,
  ledgerRowSchema,
  OP_KINDS,
  OP_STATES,
  outboxOpSchema,
  snapshotRecordSchema,
  type Journal,
  type JournalRecord,
  type LedgerRow,
  type OutboxOp,
} from './types';

/* ------------------------------------------------------------------ reading what was stored */

/**
 * What a stored row must hold (the rest may be missing in an old or recovered file): an id, and a day and hours by
 * the one rule. The rule is one check of the row, not one per field: a start reads 10,000 rows, and each check of a
 * field costs about as much as the whole row's parse. So the day and hours are read here as text and checked by the
 * row's refinement, by the same rules as the schema's fields (`isValidDate`, `HHMM_PATTERN`); an hours value kept by
 * an older Punchcard with one digit of hours (`7:05`) still reads, and is sent zero-padded.
 */
const storedRow = once(() =>
  ledgerRowSchema()
    .pick({ localId: true, jobName: true, createdAt: true })
    .extend({ workDate: z.string(), hours: z.string() })
    .partial({ jobName: true, createdAt: true })
    .refine((row) => row.localId.length > 0 && isValidDate(row.workDate) && HHMM_PATTERN.test(row.hours)),
);

/** What a stored entry must hold: everything the sync engine and the outbox view read. */
const storedOp = once(() =>
  outboxOpSchema()
    .pick({ id: true, kind: true, localId: true, state: true, maybeSent: true, createdAt: true, updatedAt: true })
    .extend({ resolutions: z.array(z.unknown()), attempts: z.array(z.unknown()) })
    .refine((op) => op.id.length > 0),
);

/**
 * Rows by localId, each a stored row filed under its own id (a row filed under another id would be found under the
 * wrong one). Not `z.record`: it costs about 5 µs a record, and a start reads 10,000 of them; this is each row's
 * schema, in a loop, at a tenth of that.
 */
const storedRows = once(() =>
  z.custom<Record<string, z.infer<ReturnType<typeof storedRow>>>>((v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
    for (const id of Object.keys(v)) {
      const row = (v as Record<string, unknown>)[id];
      if (!storedRow().safeParse(row).success || (row as { localId: string }).localId !== id) return false;
    }
    return true;
  }),
);

const storedRecord = once(() =>
  z.discriminatedUnion('t', [
    headerRecordSchema(),
    changeRecordSchema().extend({ rows: storedRows().optional(), ops: z.array(storedOp()).optional() }),
    snapshotRecordSchema(),
  ]),
);

/** The old whole document (`outbox.json`, key `journal`), version 1. */
const storedJournal = once(() => z.object({ version: z.literal(1), rows: storedRows(), ops: z.array(storedOp()), seq: z.number() }));

/* ------------------------------------------------------------------ the quick test of a record read at start */

/*
 * The zod schemas above say what a stored record must be, and stay the judge. A start reads every record of the file
 * (10,000 entries waiting: 20,000 rows and entries), and zod's check of them was a quarter of opening the journal
 * (20 ms of 75 here; the goal for the whole is 50). So each record is first put to the quick test below, which
 * accepts only what the schemas accept (test/unit/journal-record-check.test.ts puts thousands of damaged records to
 * both): a record it passes is read as it is, anything else goes to zod, which decides. So the quick test can only
 * make a start faster, never let in what the schemas refuse.
 */
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isStr = (v: unknown): v is string => typeof v === 'string';
const optional = (v: unknown, test: (x: unknown) => boolean) => v === undefined || test(v);
/** Every element, holes included (`every` skips a hole, which zod refuses as undefined). */
function eachIs(v: unknown, test: (x: unknown) => boolean): boolean {
  if (!Array.isArray(v)) return false;
  for (let i = 0; i < v.length; i++) if (!test(v[i])) return false;
  return true;
}
const isIds = (v: unknown) => eachIs(v, isStr);
const KINDS = new Set<unknown>(OP_KINDS);
const STATES = new Set<unknown>(OP_STATES);

/**
 * Days found valid (`isValidDate`): 10,000 rows hold a few hundred days, and the check of one (a pattern, its parts, the
 * month's length) was a tenth of the quick test. Bounded: cleared when it grows past what a ledger's days fill.
 */
const validDays = new Set<string>();
function isValidDay(day: string): boolean {
  if (validDays.has(day)) return true;
  if (!isValidDate(day)) return false;
  if (validDays.size > 10_000) validDays.clear();
  validDays.add(day);
  return true;
}

/** A stored row the schema surely accepts (false: ask `isRow`). */
export function quickRow(v: unknown): boolean {
  return (
    isObj(v) &&
    isStr(v.localId) &&
    v.localId.length > 0 &&
    isStr(v.workDate) &&
    isStr(v.hours) &&
    optional(v.jobName, isStr) &&
    optional(v.createdAt, isNum) &&
    isValidDay(v.workDate) &&
    HHMM_PATTERN.test(v.hours)
  );
}

/** A stored entry the schema surely accepts (false: ask `isOp`). */
export function quickOp(v: unknown): boolean {
  return (
    isObj(v) &&
    isStr(v.id) &&
    v.id.length > 0 &&
    KINDS.has(v.kind) &&
    isStr(v.localId) &&
    STATES.has(v.state) &&
    typeof v.maybeSent === 'boolean' &&
    isNum(v.createdAt) &&
    isNum(v.updatedAt) &&
    Array.isArray(v.resolutions) &&
    Array.isArray(v.attempts)
  );
}

function quickRows(v: unknown): boolean {
  if (!isObj(v)) return false;
  for (const id in v) {
    const row = v[id];
    if (!quickRow(row) || (row as { localId: string }).localId !== id) return false;
  }
  return true;
}

/** A record the schemas surely accept (false: ask them). */
function quickRecord(v: unknown): boolean {
  if (!isObj(v)) return false;
  if (v.t === 'change')
    return (
      optional(v.rows, quickRows) &&
      optional(v.ops, (ops) => eachIs(ops, quickOp)) &&
      optional(v.rowsGone, isIds) &&
      optional(v.opsGone, isIds) &&
      optional(v.order, isIds) &&
      optional(v.seq, (n) => isNum(n) && Number.isInteger(n) && n >= 0)
    );
  if (v.t === 'snapshot') return isNum(v.rows) && isNum(v.ops) && isNum(v.seq);
  // the header, one a file: without this every start with a journal built all the schemas above for it
  if (v.t === 'header')
    return (
      typeof v.format === 'string' && isNum(v.version) && optional(v.createdAt, isNum) && optional(v.id, (id) => typeof id === 'string')
    );
  return false; // anything else: zod
}

/**
 * A record as read from the file, or undefined when it does not have its shape. The value is kept as it was written
 * (what the reader does not check, and what a newer Punchcard added, goes on as it is: a compaction keeps it).
 */
export function parseRecord(value: unknown): JournalRecord | undefined {
  return quickRecord(value) || storedRecord().safeParse(value).success ? (value as JournalRecord) : undefined;
}

/** Whether the schemas accept the record, asked of them alone (for the test that the quick test never says more). */
export function schemasAccept(value: unknown): boolean {
  return storedRecord().safeParse(value).success;
}

/** Whether the quick test passes the record (then the schemas accept it too: test/unit/journal-record-check.test.ts). */
export const quickTestPasses = quickRecord;

/** A ledger row as the app needs it (see `storedRow`). */
export function isRow(v: unknown): v is LedgerRow {
  return storedRow().safeParse(v).success;
}

/** An outbox entry with everything the sync engine and the outbox view read. */
export function isOp(v: unknown): v is OutboxOp {
  return storedOp().safeParse(v).success;
}

/** The old `outbox.json`'s document, when it is a clean version 1 (./salvage.ts reads the rest). */
export function parseStoredJournal(v: unknown): Journal | undefined {
  return storedJournal().safeParse(v).success ? (v as Journal) : undefined;
}
