/**
 * The pieces the operations' input schemas are made of, beyond the one schema of a log (../log.ts): `op`, which
 * declares an operation (its input schema built on first use, its result as a type), and the inputs several
 * operations share or that carry their own refusals (a decision's comment, a batch, an employee search).
 */
import { z } from 'zod';
import { COMMENT_NEEDED, commentMissing, MAX_BATCH } from '../team/approval';
import { OWN } from '../input-words';
import { DAY, ID, NEW_LOG, TEXT } from '../log';
import { once } from '../lazy/once';

export const NONE = once(() => z.object({}).strict());
/** A moment as epoch milliseconds (a stop's end given by the user). */
export const MOMENT = once(() => z.number().finite().min(0).max(8.64e15));

/** One log of a batch (src/core/log-batch.ts): a new log, and the log it copies. */
export const batchLog = once(() => NEW_LOG().extend({ copiedFrom: ID.optional() }).strict());
/** The most logs one batch takes (a busy week copied: 7 days of a dozen logs each, with room). */
export const MAX_BATCH_LOGS = 200;
export const copyWeekInput = once(() => z.object({ from: DAY, to: DAY, rowsOnly: z.boolean().optional() }).strict());

const approvalDecision = once(() => z.enum(['approved', 'rejected']));
export const fieldMap = once(() => z.record(z.string().min(1).max(100), z.string().max(2000)));

/** Declares an operation: its input schema (validated in main) and, as a type only, its result. */
export const op = <I extends z.ZodType>(build: () => I) => ({
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
export const decision = once(() =>
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
export const employeeSearch = once(() =>
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
export const decisions = once(() =>
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
