/**
 * A log refused as a future date whose day is already the user's today (or earlier): the service counts days on its
 * own calendar (real-service-notes: "no future dates", by whose calendar it does not say), and a user ahead of it
 * (UTC+14 while the service is on UTC) logs a day the service has not begun yet. That refusal is about the time
 * zones, not the log: nothing was written, and the service's day comes within hours. So the entry waits as queued and
 * goes again (./send-steps.ts `markWaitingForServiceDay`), until the wait is longer than two zones' calendars can
 * differ: then the refusal is the log's own, said as the service said it.
 */
import { addDays } from '../../shared/time/week';
import type { LedgerRow, OutboxOp } from '../journal';

/**
 * Every zone's midnight falls on a quarter hour of UTC (offsets are whole multiples of 15 minutes), so the service's day
 * can only begin on one: an entry waiting for it goes again just after the next one, not at a fixed step that left it
 * up to half an hour behind the service's day.
 */
export const QUARTER_HOUR_MS = 15 * 60_000;

/** How long after the quarter hour it goes: the service's clock may be a little behind ours. */
export const SERVICE_DAY_MARGIN_MS = 20_000;

/**
 * When an entry refused at `now` as a day the service has not begun goes again: just after the next quarter hour of
 * UTC. One send a quarter hour at most (the entries waiting for the same day wait for the first one's answer:
 * ../sync/pacing.ts), so a day's wait stays far below the service's daily budget of calls.
 */
export function serviceDayRetryAt(now: number): number {
  return (Math.floor(now / QUARTER_HOUR_MS) + 1) * QUARTER_HOUR_MS + SERVICE_DAY_MARGIN_MS;
}

/**
 * The widest gap between two zones' calendars (UTC-12 to UTC+14: 26 hours) and an hour more: refused as a future day
 * for longer than this since the first time, the service's clock is not merely in another zone.
 */
export const SERVICE_DAY_MAX_WAIT_MS = 27 * 60 * 60_000;

/** A refusal of the service, as its error keeps it (../service/errors.ts `ServiceError`). */
export interface Refusal {
  code: number | undefined;
  field?: string;
  /** The service's own text. */
  said?: string;
}

/** The service refused a day as in the future (the sandbox's and the service's code, or its words on the date). */
function refusedAsFuture(e: Refusal): boolean {
  return e.code === 8003 || (e.field === 'workDate' && /\bfuture\b/i.test(e.said ?? ''));
}

/** The day of the log an add or an edit sends. */
export function dayOf(op: OutboxOp, row: LedgerRow | undefined): string | undefined {
  if (op.kind === 'add') return op.add?.workDate;
  return op.patch?.workDate ?? row?.remote?.workDate ?? row?.workDate;
}

/**
 * The service's today as its refusal says it ("2026-11-29 is after today (2026-11-28)"): a day in its text before the
 * log's day and at most two days before it (no two zones are further apart). Undefined when it does not say.
 */
function serviceDayIn(text: string | undefined, day: string): string | undefined {
  for (const [d] of (text ?? '').matchAll(/\b\d{4}-\d{2}-\d{2}\b/g)) if (d < day && d >= addDays(day, -2)) return d;
  return undefined;
}

/**
 * When the service refused the send of `op` (`e`): whether it waits for the service's day (`today`: the user's, from the
 * injected clock), with the first such refusal's time, the log's day and the service's when known; undefined when `e` is
 * anything else, the day is after the user's today, or the wait has lasted longer than zones explain.
 */
export function serviceDayBehind(
  op: OutboxOp,
  row: LedgerRow | undefined,
  e: Refusal,
  today: string,
  now: number,
): { since: number; serviceDay?: string; day: string } | undefined {
  if ((op.kind !== 'add' && op.kind !== 'edit') || !refusedAsFuture(e)) return undefined;
  const day = dayOf(op, row);
  if (!day || day > today) return undefined;
  const since = op.waitsForServiceDay?.since ?? now;
  if (now - since > SERVICE_DAY_MAX_WAIT_MS) return undefined;
  const serviceDay = serviceDayIn(e.said, day);
  return serviceDay ? { since, serviceDay, day } : { since, day };
}

/** The log's day and the service's, as the entry's words say them. */
export function serviceDayWait(op: OutboxOp, row: LedgerRow | undefined): { day: string; serviceDay?: string } | undefined {
  const wait = op.waitsForServiceDay;
  if (!wait || op.state === 'synced' || op.state === 'needs-attention') return undefined;
  const day = dayOf(op, row) ?? '';
  return wait.serviceDay ? { day, serviceDay: wait.serviceDay } : { day };
}
