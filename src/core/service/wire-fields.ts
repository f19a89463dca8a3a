/**
 * Reading single values off the wire, tolerantly (docs/wire-format.md: "the client is tolerant in what it accepts").
 * A value that cannot be read throws ShapeError; the client turns that into InvalidResponseError with the endpoint.
 */
import type { ApprovalStatus, BillingStatus, JobStatus } from '../../shared/domain';
import { toHhmm } from '../../shared/hours';
import { isValidDate } from '../../shared/week';

export class ShapeError extends Error {
  override readonly name = 'ShapeError' as const;
}

export type Wire = Record<string, unknown>;

export function asRecord(v: unknown, what: string): Wire {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new ShapeError(`${what} is not an object`);
  return v as Wire;
}

export function asArray(v: unknown, what: string): unknown[] {
  if (v === null || v === undefined) return [];
  if (!Array.isArray(v)) throw new ShapeError(`${what} is not a list`);
  return v;
}

/** The first of several spellings that is present (e.g. `timelogId` in reads, `timeLogId` in addtimelog). */
export function pick(o: Wire, ...keys: string[]): unknown {
  for (const k of keys) if (o[k] !== undefined && o[k] !== null) return o[k];
  return undefined;
}

/** IDs stay strings (real-service-notes "Data"); long ones already arrive as strings from the lossless parser. */
export function idOf(v: unknown, what: string): string {
  const id = optionalId(v);
  if (typeof v === 'number' && id === undefined) throw new ShapeError(`${what} ${v} is not an integer that a number can hold exactly`);
  if (id === undefined) throw new ShapeError(`${what} is missing`);
  return id;
}

export function optionalId(v: unknown): string | undefined {
  if (typeof v === 'string' && v.trim() !== '') return v.trim();
  if (typeof v === 'number' && Number.isSafeInteger(v)) return String(v);
  return undefined;
}

export function textOf(v: unknown): string {
  return optionalText(v) ?? '';
}

export function optionalText(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

/** Every value as text, for maps keyed as received (EmployeeRecord.fields, PayrollRecord.extra). */
export function anyAsText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

export function boolOf(v: unknown, fallback: boolean): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase();
    if (s === 'true' || s === 'yes' || s === '1') return true;
    if (s === 'false' || s === 'no' || s === '0') return false;
  }
  if (typeof v === 'number') return v !== 0;
  return fallback;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * wire-format "Dates and hours": received as `yyyy-MM-dd`, `dd-MMM-yyyy` (company format, `01-Sep-2019`) or
 * `dd-MM-yyyy`; always returned as `yyyy-MM-dd`. Calendar days only: no time zone conversion. Reading is tolerant on
 * purpose (what the service sends varies: wire-format.md), unlike shared/week.ts, which holds what we write; the day
 * it yields must pass the same rule (`isValidDate`).
 */
export function optionalDate(v: unknown): string | undefined {
  if (typeof v !== 'string' || v.trim() === '') return undefined;
  const s = v.trim();
  let y: number; let m: number; let d: number;
  let match = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:$|[T ])/.exec(s);
  if (match) { y = +match[1]; m = +match[2]; d = +match[3]; } else if ((match = /^(\d{1,2})[-/ ]([A-Za-z]{3,9})[-/ ](\d{4})$/.exec(s))) {
    d = +match[1]; m = MONTHS.indexOf(match[2].slice(0, 3).toLowerCase()) + 1; y = +match[3];
  } else if ((match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(s))) {
    d = +match[1]; m = +match[2]; y = +match[3];
  } else {
    throw new ShapeError(`date "${s}" is in no known format`);
  }
  const day = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  if (!isValidDate(day)) throw new ShapeError(`date "${s}" is not a calendar day`);
  return day;
}

export function dateOf(v: unknown, what: string): string {
  const date = optionalDate(v);
  if (date === undefined) throw new ShapeError(`${what} is missing`);
  return date;
}

/**
 * Hours as zero-padded `HH:MM` strings; totals may exceed 24 h (`"7010:00"`), so they are never parsed as clock
 * times. Decimal hours (`7.5`), one-digit minutes and trailing seconds are accepted and converted: a tolerant reading
 * of what the service sends (wire-format.md), kept apart from shared/hours.ts's `parseHhmm`, the strict rule for what
 * people and Punchcard write; it returns zero-padded HH:MM (`toHhmm`). Missing means no hours.
 */
export function hoursOf(v: unknown): string {
  if (v === undefined || v === null || v === '') return '00:00';
  if (typeof v === 'string') {
    const s = v.trim();
    const m = /^(\d+):(\d{1,2})(?::\d{1,2})?$/.exec(s);
    if (m) {
      if (+m[2] > 59) throw new ShapeError(`hours "${s}" have more than 59 minutes`);
      return toHhmm(Number(m[1]) * 60 + Number(m[2]));
    }
    if (/^\d+(\.\d+)?$/.test(s)) return toHhmm(Math.round(Number(s) * 60));
    throw new ShapeError(`hours "${s}" are not HH:MM`);
  }
  if (typeof v === 'number' && Number.isFinite(v) && v >= 0) return toHhmm(Math.round(v * 60));
  throw new ShapeError('hours are not HH:MM');
}


/** Statuses may arrive capitalised (`Pending`); normalised to spec 3's spellings. */
export function approvalStatusOf(v: unknown, what: string): ApprovalStatus {
  const s = typeof v === 'string' ? v.trim().toLowerCase() : '';
  switch (s) {
    case 'draft': case 'not submitted': case 'notsubmitted': return 'draft';
    case 'pending': case 'submitted': case 'waiting for approval': case 'pending approval': return 'pending';
    case 'approved': return 'approved';
    case 'rejected': return 'rejected';
    default: throw new ShapeError(`${what} "${String(v)}" is not a known approval status`);
  }
}

export function optionalApprovalStatus(v: unknown, what: string): ApprovalStatus | undefined {
  return v === undefined || v === null || v === '' ? undefined : approvalStatusOf(v, what);
}

/** `billable` / `non-billable` / `nonbillable` / `Non Billable` -> spec spellings. Missing: the spec default, Billable. */
export function billingStatusOf(v: unknown): BillingStatus {
  if (v === undefined || v === null || v === '') return 'Billable';
  const s = String(v).trim().toLowerCase().replace(/[\s_-]+/g, '');
  if (s === 'billable' || s === 'true') return 'Billable';
  if (s === 'nonbillable' || s === 'false') return 'Non Billable';
  throw new ShapeError(`billing status "${String(v)}" is not Billable or Non Billable`);
}

/** `In-progress` / `in progress` / `Completed` -> spec spellings. */
export function jobStatusOf(v: unknown): JobStatus {
  const s = typeof v === 'string' ? v.trim().toLowerCase().replace(/[\s_-]+/g, '') : '';
  if (s === 'inprogress' || s === 'open' || s === 'active' || s === '') return 'in-progress';
  if (s === 'completed' || s === 'closed' || s === 'done') return 'completed';
  throw new ShapeError(`job status "${String(v)}" is not in-progress or completed`);
}
