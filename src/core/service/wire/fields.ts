/**
 * The service's single values as zod schemas, read tolerantly (docs/wire-format.md: "the client is tolerant in what it
 * accepts"; docs/spec/real-service-notes.md "Data"). Each schema yields the domain's spelling (ids as strings, days as
 * `yyyy-MM-dd`, hours as `HH:MM`, spec statuses). Where a value may be missing or odd without harm, the schema says so
 * with `.catch()` (a fallback); where it may not, its issue carries a plain message ("timesheet recordId is missing"),
 * which `readWire` turns into ShapeError; the client turns that into InvalidResponseError with the endpoint.
 */
import { z } from 'zod';
import type { ApprovalStatus, BillingStatus, JobStatus } from '../../../shared/domain';
import { toHhmm } from '../../../shared/time/hours';
import { isValidDate } from '../../../shared/time/week';
import { once } from '../../../shared/lazy/once';

export class ShapeError extends Error {
  override readonly name = 'ShapeError' as const;
}

export type Wire = Record<string, unknown>;

export const isWireObject = (v: unknown): v is Wire => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The issue to report: a union's own message says only that no spelling fitted ("jobId is missing"); an issue raised
 * inside one of its options says more ("jobId 1152921504606847000 is not an integer ..."), so it wins.
 */
export function plainIssue(issue: z.core.$ZodIssue): string {
  return specificIssue(issue) ?? issue.message;
}
/** The first issue that says more than "not of this type" (zod's own words for those are not for users). */
function specificIssue(issue: z.core.$ZodIssue): string | undefined {
  if (issue.code === 'invalid_type') return undefined;
  if (issue.code !== 'invalid_union') return issue.message;
  for (const option of issue.errors) {
    for (const inner of option) {
      const message = specificIssue(inner);
      if (message !== undefined) return message;
    }
  }
  return undefined;
}

/** Parses with a wire schema; a value it cannot read throws ShapeError with the schema's plain words. */
export function readWire<S extends z.ZodType>(schema: S, v: unknown): z.output<S> {
  const r = schema.safeParse(v);
  if (r.success) return r.data;
  throw new ShapeError(r.error.issues[0] ? plainIssue(r.error.issues[0]) : 'the answer is not in the expected shape');
}

/** An object (`what` names it in the message when it is not one). */
export const wireObject = (what: string) => z.custom<Wire>(isWireObject, { error: `${what} is not an object` });

/** A list; missing (null, absent) reads as empty. */
export const wireList = <T extends z.ZodType>(what: string, item: T) =>
  z.preprocess((v) => v ?? [], z.array(item, { error: `${what} is not a list` }));

/** The first of several spellings that is present (e.g. `timelogId` in reads, `timeLogId` in addtimelog). */
export function pick(o: Wire, ...keys: string[]): unknown {
  for (const k of keys) if (o[k] !== undefined && o[k] !== null) return o[k];
  return undefined;
}

/**
 * An object whose fields arrive under several spellings: `spellings` maps each domain name to the wire names to try,
 * in order; the result holds the domain names only, for `z.object` to read.
 */
export function renamed(o: Wire, spellings: Record<string, readonly string[]>): Wire {
  const out: Wire = {};
  for (const [name, keys] of Object.entries(spellings)) out[name] = pick(o, ...keys);
  return out;
}

/** Leaves out the optional fields that were not there (the domain types omit them rather than hold undefined). */
export function compact<T extends object>(o: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return out as T;
}

/** IDs stay strings (real-service-notes "Data"); long ones already arrive as strings from the lossless parser. */
export const wireId = (what: string) =>
  z.union(
    [
      z
        .string()
        .trim()
        .min(1, { error: `${what} is missing` }),
      z
        .union([z.number(), z.nan()])
        .refine(Number.isSafeInteger, { error: (iss) => `${what} ${String(iss.input)} is not an integer that a number can hold exactly` })
        .transform(String),
    ],
    { error: `${what} is missing` },
  );

/** An id that may be absent; one that cannot be read counts as absent. */
export const optionalWireId = once(() => wireId('id').optional().catch(undefined));

/** Text; numbers and booleans as their text. */
export const optionalWireText = once(() =>
  z
    .union([z.string(), z.number().transform(String), z.nan().transform(String), z.boolean().transform(String)])
    .optional()
    .catch(undefined),
);
export const wireText = once(() => optionalWireText().transform((t) => t ?? ''));

/** Every value as text, for maps keyed as received (EmployeeRecord.fields, PayrollRecord.extra). */
export const anyAsText = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
};

const YES = new Set(['true', 'yes', '1']);
const NO = new Set(['false', 'no', '0']);
/** `true`, `"yes"`, `"0"`, `1`...; anything else is the fallback. */
export const wireBool = (fallback: boolean) =>
  z
    .union([
      z.boolean(),
      z.number().transform((n) => n !== 0),
      z.string().transform((s, ctx) => {
        const t = s.trim().toLowerCase();
        if (YES.has(t)) return true;
        if (NO.has(t)) return false;
        ctx.addIssue({ code: 'custom', message: `"${s}" is not yes or no` });
        return z.NEVER;
      }),
    ])
    .catch(fallback);

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * wire-format "Dates and hours": received as `yyyy-MM-dd`, `dd-MMM-yyyy` (company format, `01-Sep-2019`) or
 * `dd-MM-yyyy`; always returned as `yyyy-MM-dd`. Calendar days only: no time zone conversion. Reading is tolerant on
 * purpose (what the service sends varies: wire-format.md), unlike shared/time/week.ts, which holds what we write; the day
 * it yields must pass the same rule (`isValidDate`).
 */
const wireDay = (what: string) =>
  z.string({ error: `${what} is missing` }).transform((raw, ctx) => {
    const s = raw.trim();
    let y: number;
    let m: number;
    let d: number;
    let match = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:$|[T ])/.exec(s);
    if (match) {
      y = +match[1];
      m = +match[2];
      d = +match[3];
    } else if ((match = /^(\d{1,2})[-/ ]([A-Za-z]{3,9})[-/ ](\d{4})$/.exec(s))) {
      d = +match[1];
      m = MONTHS.indexOf(match[2].slice(0, 3).toLowerCase()) + 1;
      y = +match[3];
    } else if ((match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(s))) {
      d = +match[1];
      m = +match[2];
      y = +match[3];
    } else {
      ctx.addIssue({ code: 'custom', message: `date "${s}" is in no known format` });
      return z.NEVER;
    }
    const day = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    if (!isValidDate(day)) {
      ctx.addIssue({ code: 'custom', message: `date "${s}" is not a calendar day` });
      return z.NEVER;
    }
    return day;
  });
/** Anything but a non-blank string is no date at all (a blank or absent field); a string must be a day. */
const blankAsMissing = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
export const wireDate = (what: string) => z.preprocess(blankAsMissing, wireDay(what));
export const optionalWireDate = once(() => z.preprocess(blankAsMissing, wireDay('date').optional()));

/**
 * Hours as zero-padded `HH:MM` strings; totals may exceed 24 h (`"7010:00"`), so they are never parsed as clock
 * times. Decimal hours (`7.5`), one-digit minutes and trailing seconds are accepted and converted: a tolerant reading
 * of what the service sends (wire-format.md), kept apart from shared/time/hours.ts's `parseHhmm`, the strict rule for what
 * people and Punchcard write; it returns zero-padded HH:MM (`toHhmm`). Missing means no hours.
 */
export const wireHours = once(() =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 0 : v),
    z.union(
      [
        z.string().transform((raw, ctx) => {
          const s = raw.trim();
          const m = /^(\d+):(\d{1,2})(?::\d{1,2})?$/.exec(s);
          if (m && +m[2] <= 59) return toHhmm(Number(m[1]) * 60 + Number(m[2]));
          if (!m && /^\d+(\.\d+)?$/.test(s)) return toHhmm(Math.round(Number(s) * 60));
          ctx.addIssue({ code: 'custom', message: m ? `hours "${s}" have more than 59 minutes` : `hours "${s}" are not HH:MM` });
          return z.NEVER;
        }),
        z
          .number()
          .nonnegative({ error: 'hours are not HH:MM' })
          .transform((n) => toHhmm(Math.round(n * 60))),
      ],
      { error: 'hours are not HH:MM' },
    ),
  ),
);

/** Statuses may arrive capitalised (`Pending`) or spelled out; normalised to spec 3's spellings. */
const APPROVAL_SPELLINGS: Record<string, ApprovalStatus> = {
  draft: 'draft',
  'not submitted': 'draft',
  notsubmitted: 'draft',
  pending: 'pending',
  submitted: 'pending',
  'waiting for approval': 'pending',
  'pending approval': 'pending',
  approved: 'approved',
  rejected: 'rejected',
};
export const wireApprovalStatus = (what: string) =>
  z.unknown().transform((v, ctx): ApprovalStatus => {
    const status = typeof v === 'string' ? APPROVAL_SPELLINGS[v.trim().toLowerCase()] : undefined;
    if (status) return status;
    ctx.addIssue({ code: 'custom', message: `${what} "${String(v)}" is not a known approval status` });
    return z.NEVER;
  });

/** `billable` / `non-billable` / `nonbillable` / `Non Billable` -> spec spellings. Missing: the spec default, Billable. */
export const wireBillingStatus = once(() =>
  z.unknown().transform((v, ctx): BillingStatus => {
    if (v === undefined || v === null || v === '') return 'Billable';
    const status =
      BILLING_SPELLINGS[
        String(v)
          .trim()
          .toLowerCase()
          .replace(/[\s_-]+/g, '')
      ];
    if (status) return status;
    ctx.addIssue({ code: 'custom', message: `billing status "${String(v)}" is not Billable or Non Billable` });
    return z.NEVER;
  }),
);
const BILLING_SPELLINGS: Record<string, BillingStatus> = {
  billable: 'Billable',
  true: 'Billable',
  nonbillable: 'Non Billable',
  false: 'Non Billable',
};

/** `In-progress` / `in progress` / `Completed` -> spec spellings; missing means in progress. */
export const wireJobStatus = once(() =>
  z.unknown().transform((v, ctx): JobStatus => {
    const status =
      JOB_SPELLINGS[
        typeof v === 'string'
          ? v
              .trim()
              .toLowerCase()
              .replace(/[\s_-]+/g, '')
          : ''
      ];
    if (status) return status;
    ctx.addIssue({ code: 'custom', message: `job status "${String(v)}" is not in-progress or completed` });
    return z.NEVER;
  }),
);
const JOB_SPELLINGS: Record<string, JobStatus> = {
  inprogress: 'in-progress',
  open: 'in-progress',
  active: 'in-progress',
  '': 'in-progress',
  completed: 'completed',
  closed: 'completed',
  done: 'completed',
};

/* ------------------------------------------------------------------ the readers tests and callers use one value at a time */

export const hoursOf = (v: unknown): string => readWire(wireHours(), v);
export const optionalDate = (v: unknown): string | undefined => readWire(optionalWireDate(), v);
export const optionalId = (v: unknown): string | undefined => optionalWireId().parse(v);
export const optionalText = (v: unknown): string | undefined => optionalWireText().parse(v);
export const textOf = (v: unknown): string => wireText().parse(v);
