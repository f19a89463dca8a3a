/**
 * Days and clock times in a named time zone (IANA, `Europe/Berlin`), for the timer: its days are counted in one zone,
 * the one the user chose or the system's when it started, kept with the timer, so a traveller's timer splits at the
 * midnights of the zone it started in and not of wherever it is stopped (docs: src/core/timer/README.md). Pure
 * (Intl only, no Node imports): the renderer uses it too.
 *
 * Days are `YYYY-MM-DD` as in ./week.ts; a midnight is found by asking the zone what day a moment is, never by adding
 * 24 hours, so a 23 h or 25 h day (daylight saving) splits where the zone's calendar does.
 */
import { addDays, isValidDate, localDate, weekdayOf } from './week';

const formats = new Map<string, Intl.DateTimeFormat>();

/** The zone this process runs in (the system's, or TZ). */
export function systemZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** A zone name Intl knows (`Europe/Berlin`, `UTC`). */
export function isZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone.length === 0 || zone.length > 64) return false;
  // a zone already read with is known: the user's day asks at every "today"
  if (formats.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function formatIn(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(zone, f);
  }
  return f;
}

interface WallTime {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
}

function wallTime(zone: string, ms: number): WallTime {
  const out: Record<string, number> = {};
  for (const p of formatIn(zone).formatToParts(new Date(ms))) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return { y: out.year, mo: out.month, d: out.day, h: out.hour % 24, mi: out.minute, s: out.second };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The day `ms` falls on in `zone`. */
export function dayIn(zone: string, ms: number): string {
  const w = wallTime(zone, ms);
  return `${String(w.y).padStart(4, '0')}-${pad(w.mo)}-${pad(w.d)}`;
}

/** The clock time `ms` reads in `zone`: `09:05`. */
export function clockIn(zone: string, ms: number): string {
  const w = wallTime(zone, ms);
  return `${pad(w.h)}:${pad(w.mi)}`;
}

/** How far `zone` is ahead of UTC at `ms`, in ms. */
function offsetAt(zone: string, ms: number): number {
  const w = wallTime(zone, ms);
  const asUtc = Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s);
  return asUtc - (ms - (((ms % 1000) + 1000) % 1000));
}

/**
 * The moment the clocks of `zone` read `hh:mm` on `day`. A time skipped by a daylight-saving change (02:30 on the
 * spring-forward night) gives the moment just after the gap; a time read twice (the autumn night) its first reading.
 */
export function atIn(zone: string, day: string, hh: number, mm: number): number {
  if (!isValidDate(day)) throw new Error(`date: "${day}" is not a calendar date. Use YYYY-MM-DD.`);
  const [y, mo, d] = day.split('-').map(Number);
  const wall = Date.UTC(y, mo - 1, d, hh, mm);
  const first = wall - offsetAt(zone, wall);
  const second = wall - offsetAt(zone, first);
  if (first === second) return first;
  // around a change: take the reading that really shows hh:mm there, the earlier one when both do
  const shows = (t: number) => clockIn(zone, t) === `${pad(hh)}:${pad(mm)}` && dayIn(zone, t) === day;
  const both = [first, second].filter(shows).sort((a, b) => a - b);
  return both[0] ?? Math.max(first, second);
}

/** The moment `day` begins in `zone`. */
export function midnightIn(zone: string, day: string): number {
  return atIn(zone, day, 0, 0);
}

/**
 * Splits a span at the midnights of `zone`: one piece per calendar day it touches (./week.ts `splitByLocalDay`, in a
 * named zone).
 */
export function splitByDayIn(zone: string, startMs: number, endMs: number): Array<{ date: string; ms: number }> {
  if (!Number.isFinite(startMs) || !Number.isFinite(endMs)) {
    throw new Error('time span: start and end must be points in time (epoch milliseconds).');
  }
  if (endMs < startMs) throw new Error('time span: the end is before the start.');
  const pieces: Array<{ date: string; ms: number }> = [];
  let cursor = startMs;
  while (cursor < endMs) {
    const date = dayIn(zone, cursor);
    let next = midnightIn(zone, addDays(date, 1));
    // a zone whose midnight was skipped that night: the day still ends somewhere after the cursor
    if (next <= cursor) next = cursor + 60 * 60_000;
    const until = Math.min(next, endMs);
    pieces.push({ date, ms: until - cursor });
    cursor = until;
  }
  return pieces;
}

/**
 * The zone the user's days are counted in, from the preference `timeZone`: undefined for `system` (or nothing, or a
 * name this runtime does not know), which means the process's own zone, read as before.
 */
export function chosenZone(pref: string | undefined): string | undefined {
  return pref && pref !== 'system' && isZone(pref) ? pref : undefined;
}

/** The zone the user's days are counted in: the one chosen (`chosenZone`), else this process's. */
export function userZone(pref: string | undefined): string {
  return chosenZone(pref) ?? systemZone();
}

/**
 * The user's day at `ms`: the one truth of "today" for every screen, rule and command (the timer's days too). `system`
 * reads the process's zone exactly as ./week.ts `localDate` does, so nothing changes for a user who never chose one.
 */
export function userDay(ms: number, pref: string | undefined): string {
  const zone = chosenZone(pref);
  return zone === undefined ? localDate(ms) : dayIn(zone, ms);
}

/** 1 = Monday ... 7 = Sunday of the user's day at `ms`. */
export function userWeekday(ms: number, pref: string | undefined): number {
  return weekdayOf(userDay(ms, pref));
}

/**
 * The user's days as the core reads them: the one source of "today", "this week" and "yesterday" for its decisions
 * (the rules' days to come and the day's maximum, the locked weeks, reminders, the wait for the service's day,
 * housekeeping, the team screens' default weeks, the morning reminder, the first screen), so none of them disagrees
 * with the timer, which splits its time at the same zone's midnights (src/core/timer/README.md). The time is the
 * caller's clock's (the core's injected one); only the calendar it is read on is chosen here.
 */
export interface Days {
  /** The user's day now. */
  today(): string;
  /** The user's day at `ms`. */
  dayOf(ms: number): string;
}

/** `zonePref`: the preference as stored (`system` or a zone name), read at every call, so a change counts at once. */
export function createDays(clock: { now(): number }, zonePref: () => string | undefined = () => undefined): Days {
  return {
    today: () => userDay(clock.now(), zonePref()),
    dayOf: (ms) => userDay(ms, zonePref()),
  };
}
