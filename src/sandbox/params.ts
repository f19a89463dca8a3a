/**
 * Reading request parameters the way the service does: named string parameters (spec conventions), refused with
 * the real codes (9002 missing, 9003 bad value, 9004 bad date) and a message naming the parameter and the rule.
 */
import { ApiError } from './envelope';
import { COMPANY_DATE_FORMAT, isDateFormat, parseDay, hhmmMinutes, type DateFormat } from './calendar';
import type { Billing } from './types';

export type Params = Record<string, string>;

export function required(p: Params, name: string): string {
  const v = p[name];
  if (v === undefined || v.trim() === '') throw new ApiError(9002, `Missing parameter: ${name} is required.`);
  return v.trim();
}

export function optional(p: Params, name: string): string | undefined {
  const v = p[name];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

/** spec conventions: booleans travel as the lowercase strings `true` and `false`. */
export function flag(p: Params, name: string): boolean {
  const v = optional(p, name);
  if (v === undefined) return false;
  if (v === 'true' || v === 'false') return v === 'true';
  throw new ApiError(9003, `Invalid value for ${name}: use true or false (got "${v}").`);
}

export function oneOf<T extends string>(p: Params, name: string, allowed: readonly T[], fallback: T): T {
  const v = optional(p, name);
  if (v === undefined) return fallback;
  const hit = allowed.find((a) => a.toLowerCase() === v.toLowerCase());
  if (!hit) throw new ApiError(9003, `Invalid value for ${name}: use one of ${allowed.join(', ')} (got "${v}").`);
  return hit;
}

export function integer(p: Params, name: string, fallback: number, min: number): number {
  const v = optional(p, name);
  if (v === undefined) return fallback;
  if (!/^-?\d+$/.test(v) || Number(v) < min) {
    throw new ApiError(9003, `Invalid value for ${name}: use a whole number of at least ${min} (got "${v}").`);
  }
  return Number(v);
}

/** spec 8: page sizes default to 200 and larger values are reduced to 200. */
export function pageSize(p: Params, name: string): number {
  return Math.min(200, integer(p, name, 200, 1));
}

/** `dateFormat` (wire-format.md "Dates and hours"); the company format when absent. */
export function dateFormatOf(p: Params, fallback: DateFormat = COMPANY_DATE_FORMAT): DateFormat {
  const v = optional(p, 'dateFormat');
  if (v === undefined) return fallback;
  if (!isDateFormat(v)) throw new ApiError(9003, `Invalid value for dateFormat: use yyyy-MM-dd, dd-MM-yyyy, MM-dd-yyyy or dd-MMM-yyyy (got "${v}").`);
  return v;
}

export function day(p: Params, name: string, format: DateFormat, isRequired = true): string | undefined {
  const v = isRequired ? required(p, name) : optional(p, name);
  if (v === undefined) return undefined;
  const iso = parseDay(v, format);
  if (!iso) throw new ApiError(9004, `Invalid date format for ${name}: expected ${format} (got "${v}").`);
  return iso;
}

/** Hours worked: `HH:MM`, minutes below 60, more than 00:00. */
export function hours(p: Params, name: string): number {
  const v = required(p, name);
  const minutes = hhmmMinutes(v);
  if (minutes === null) throw new ApiError(9003, `Invalid value for ${name}: use HH:MM with minutes below 60, e.g. 07:30 (got "${v}").`);
  if (minutes <= 0) throw new ApiError(9003, `Invalid value for ${name}: hours must be more than 00:00.`);
  return minutes;
}

/** Accepts the spec spellings and the real ones (`billable`, `non-billable`). */
export function billing(p: Params, name: string): Billing | undefined {
  const v = optional(p, name);
  if (v === undefined) return undefined;
  const k = v.toLowerCase().replace(/[\s_-]/g, '');
  if (k === 'billable') return 'Billable';
  if (k === 'nonbillable') return 'Non Billable';
  throw new ApiError(9003, `Invalid value for ${name}: use Billable or Non Billable (got "${v}").`);
}
