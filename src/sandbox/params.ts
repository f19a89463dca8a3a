/**
 * Reading request parameters the way the service does: named string parameters (spec conventions), each rule a zod
 * schema, refused with the real codes (9002 missing, 9003 bad value, 9004 bad date) and a message naming the
 * parameter and the rule. A schema's issue carries which refusal it is (`params.refusal`) and the rule in words; `read`
 * puts the parameter's name in and throws the service's error.
 */
import { z } from 'zod';
import { ApiError } from './envelope';
import { COMPANY_DATE_FORMAT, isDateFormat, parseDay, hhmmMinutes, type DateFormat } from './calendar';
import type { Billing } from './types';

export type Params = Record<string, string>;

type Refusal = 'missing' | 'value' | 'date';
const CODES: Record<Refusal, number> = { missing: 9002, value: 9003, date: 9004 };

/** Raises the refusal inside a schema's transform. */
function refuse(ctx: z.RefinementCtx, refusal: Refusal, rule = ''): never {
  ctx.addIssue({ code: 'custom', message: rule, params: { refusal } });
  return z.NEVER as never;
}

/** Reads parameter `name` with `schema`; its first issue becomes the service's refusal, in the service's words. */
function read<T>(p: Params, name: string, schema: z.ZodType<T>): T {
  const r = schema.safeParse(p[name]);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const custom = issue?.code === 'custom';
  const refusal: Refusal = custom ? (issue.params?.refusal as Refusal) : 'value';
  const rule = custom ? issue.message : 'send it as text.';
  const message =
    refusal === 'missing'
      ? `Missing parameter: ${name} is required.`
      : refusal === 'date'
        ? `Invalid date format for ${name}: ${rule}`
        : `Invalid value for ${name}: ${rule}`;
  throw new ApiError(CODES[refusal], message);
}

/** A parameter as sent: trimmed; absent when missing or blank (the service treats both alike). */
const OPTIONAL = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));
const REQUIRED = OPTIONAL.transform((v, ctx) => v ?? refuse(ctx, 'missing'));

/** The rule's schema on a present value; an absent one is `absent` (the fallback, or undefined). */
const whenPresent = <T, A>(rule: (v: string, ctx: z.RefinementCtx) => T, absent: A) =>
  OPTIONAL.transform((v, ctx): T | A => (v === undefined ? absent : rule(v, ctx)));

export const required = (p: Params, name: string): string => read(p, name, REQUIRED);
export const optional = (p: Params, name: string): string | undefined => read(p, name, OPTIONAL);

/** spec conventions: booleans travel as the lowercase strings `true` and `false`; absent is false. */
const FLAG = whenPresent(
  (v, ctx) => (v === 'true' || v === 'false' ? v === 'true' : refuse(ctx, 'value', `use true or false (got "${v}").`)),
  false,
);
export const flag = (p: Params, name: string): boolean => read(p, name, FLAG);

export function oneOf<T extends string>(p: Params, name: string, allowed: readonly T[], fallback: T): T {
  return read(
    p,
    name,
    whenPresent(
      (v, ctx) =>
        allowed.find((a) => a.toLowerCase() === v.toLowerCase()) ?? refuse(ctx, 'value', `use one of ${allowed.join(', ')} (got "${v}").`),
      fallback,
    ),
  );
}

export function integer(p: Params, name: string, fallback: number, min: number): number {
  return read(
    p,
    name,
    whenPresent(
      (v, ctx) =>
        /^-?\d+$/.test(v) && Number(v) >= min ? Number(v) : refuse(ctx, 'value', `use a whole number of at least ${min} (got "${v}").`),
      fallback,
    ),
  );
}

/** spec 8: page sizes default to 200 and larger values are reduced to 200. */
export function pageSize(p: Params, name: string): number {
  return Math.min(200, integer(p, name, 200, 1));
}

/** `dateFormat` (wire-format.md "Dates and hours"); the company format when absent. */
export function dateFormatOf(p: Params, fallback: DateFormat = COMPANY_DATE_FORMAT): DateFormat {
  return read(
    p,
    'dateFormat',
    whenPresent(
      (v, ctx) => (isDateFormat(v) ? v : refuse(ctx, 'value', `use yyyy-MM-dd, dd-MM-yyyy, MM-dd-yyyy or dd-MMM-yyyy (got "${v}").`)),
      fallback,
    ),
  );
}

/** A day in `format`, returned as yyyy-MM-dd. */
export function day(p: Params, name: string, format: DateFormat, isRequired = true): string | undefined {
  const inFormat = (v: string, ctx: z.RefinementCtx) => parseDay(v, format) ?? refuse(ctx, 'date', `expected ${format} (got "${v}").`);
  return read(p, name, isRequired ? REQUIRED.transform(inFormat) : whenPresent(inFormat, undefined));
}

/** Hours worked: `HH:MM`, minutes below 60, more than 00:00. */
const HOURS = REQUIRED.transform((v, ctx) => {
  const minutes = hhmmMinutes(v);
  if (minutes === null) return refuse(ctx, 'value', `use HH:MM with minutes below 60, e.g. 07:30 (got "${v}").`);
  return minutes > 0 ? minutes : refuse(ctx, 'value', 'hours must be more than 00:00.');
});
export const hours = (p: Params, name: string): number => read(p, name, HOURS);

/** Accepts the spec spellings and the real ones (`billable`, `non-billable`). */
const BILLING = whenPresent((v, ctx): Billing => {
  const k = v.toLowerCase().replace(/[\s_-]/g, '');
  if (k === 'billable') return 'Billable';
  if (k === 'nonbillable') return 'Non Billable';
  return refuse(ctx, 'value', `use Billable or Non Billable (got "${v}").`);
}, undefined);
export const billing = (p: Params, name: string): Billing | undefined => read(p, name, BILLING);
