/**
 * What the core says, as a code with values, so each shell words it in the user's language (docs/i18n.md "The
 * core's words"). The code is the message's id in the catalogs; the values are facts, never words: a local day, a
 * duration `HH:MM`, a number, a job's name. The English `message` beside it stays, for logs and as the fallback of
 * a shell whose catalog has no such code (an older app talking to a newer core).
 */
import { defineMessages, type MessageValues, type Wording } from './messages';
import { dayIn, systemZone } from '../time/zone';

/**
 * A value of a said thing: text and numbers as they are; a local day (`YYYY-MM-DD`, with its year when `year`) and a
 * week (its Monday, said as its first and last day) formatted by the region; a choice of names (`'A', 'B' or 'C'`)
 * joined as the language joins a list, and a list of items ("A, B and C"); a moment (`at`, epoch ms: its clock time
 * when it falls on `now`'s day, else its day and time; in `zone`, named, when it is not the machine's); a time of day
 * with no date (`clock`, `HH:MM`: "6:00 PM" on a 12-hour clock, "18:00" on a 24-hour one); how long
 * something lasted (`elapsed`, ms: "59 s", "1 h 7 min"); an hour total (`hours`, whole minutes: `HH:MM` as every
 * total of Punchcard is shown, "50:30"; spelled out in words for a screen reader, `spoken`); a wait (`wait`, ms: "in 40 s"); a weekday (`weekday`, 1 =
 * Monday); and a phrase said by a
 * message of its own (`said`: one of a fixed set used in several sentences, such as what was being done when the
 * service failed, or a reason inside a report).
 */
export type SaidValue =
  | string
  | number
  | { day: string; year?: boolean }
  | { week: string }
  | { choice: string[] }
  | { list: Array<string | Said>; kind?: ListKind }
  | { at: number; zone?: string; now?: number }
  | { clock: string }
  | { elapsed: number }
  | { hours: number }
  | { wait: number }
  | { weekday: number }
  | { said: Said };

/** How a list joins: "A, B and C", "A, B or C", "A, B, C", "A; B; C". */
export type ListKind = 'and' | 'or' | 'comma' | 'semicolon';

/** How a shell formats the values that are not text or numbers. */
export interface SaidDates {
  day(day: string, year: boolean): string;
  week(monday: string): string;
  choice(names: string[]): string;
  list(items: string[], kind: ListKind): string;
  moment(at: number, zone: string | undefined, now: number | undefined): string;
  /** A time of day with no date, `HH:MM` (the end of the working day), on the region's clock. */
  clock(hhmm: string): string;
  elapsed(ms: number): string;
  /** An hour total in whole minutes: `HH:MM` on screen and in a terminal, in words for a screen reader. */
  hours(minutes: number): string;
  wait(ms: number): string;
  /** 1 = Monday ... 7 = Sunday (as the service's settings count them). */
  weekday(weekday: number): string;
  said(said: Said): string;
}

export interface Said {
  code: string;
  values: Record<string, SaidValue>;
}

function valueOf(v: SaidValue, dates: SaidDates): string | number {
  if (typeof v !== 'object' || v === null) return v;
  if ('day' in v) return dates.day(v.day, v.year === true);
  if ('week' in v) return dates.week(v.week);
  if ('choice' in v) return dates.choice(v.choice);
  if ('list' in v)
    return dates.list(
      v.list.map((i) => (typeof i === 'string' ? i : dates.said(i))),
      v.kind ?? 'and',
    );
  if ('at' in v) return dates.moment(v.at, v.zone, v.now);
  if ('clock' in v) return dates.clock(v.clock);
  if ('elapsed' in v) return dates.elapsed(v.elapsed);
  if ('hours' in v) return dates.hours(v.hours);
  if ('wait' in v) return dates.wait(v.wait);
  if ('weekday' in v) return dates.weekday(v.weekday);
  if ('said' in v) return dates.said(v.said);
  return '';
}

/** An hour total as `HH:MM` (../time/hours.ts `toHhmm`, which this module cannot import: the domain's types import it). */
export function hoursHhmm(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** The values as a message takes them, days and weeks formatted by `dates`. */
export function saidValues(values: Said['values'], dates: SaidDates): MessageValues {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, valueOf(v, dates)]));
}

const M = defineMessages({
  inZone: {
    id: 'core.moment.in-zone',
    defaultMessage: '{moment} ({zone} time)',
    description: "A moment in a time zone other than the computer's. {zone}: the zone's IANA name (Asia/Tokyo), kept as it is.",
  },
});

/** `10:02 (Asia/Tokyo time)`: a moment named with its zone, when it is not the machine's. */
export const IN_ZONE = M.inZone;

/** A moment as a shell says it: its clock time on `now`'s day (in `zone` when given), else its day and time. */
function momentWords(w: Wording, at: number, zone: string | undefined, now: number | undefined): string {
  const z = zone ?? systemZone();
  const sameDay = now !== undefined && dayIn(z, at) === dayIn(z, now);
  const text = sameDay ? w.formats.time(at, zone) : w.formats.dateTime(at, zone);
  return zone ? w.say(M.inZone, { moment: text, zone }) : text;
}

/** How `w` formats the values that are not text or numbers (the user's region, the user's language). */
function wordingDates(w: Wording, spoken = false): SaidDates {
  return {
    day: (d, year) => w.formats.day(d, { year }),
    week: (m) => w.formats.week(m),
    choice: (names) =>
      w.formats.list(
        names.map((n) => `'${n}'`),
        'or',
      ),
    list: (items, kind) => (kind === 'and' || kind === 'or' ? w.formats.list(items, kind) : items.join(separator(w.language, kind))),
    moment: (at, zone, now) => momentWords(w, at, zone, now),
    clock: (hhmm) => w.formats.clockTime(hhmm),
    elapsed: (ms) => w.formats.elapsed(ms),
    // the figure as the week's Total shows it; a screen reader would read "50:30" as a time of day, so it hears words
    hours: (minutes) => (spoken ? w.formats.durationWords(minutes) : hoursHhmm(minutes)),
    wait: (ms) => w.formats.relative(ms, 0),
    weekday: (n) => w.formats.weekday(n % 7, 'long'),
    // a phrase this catalog lacks: the whole sentence in the core's English rather than a sentence with a hole
    said: (s) => {
      if (!w.has(s.code)) throw new Error(`no message ${s.code}`);
      return sayIt(w, s, '', { spoken });
    },
  };
}

/** One value of a said thing in the user's words (a day, a moment, a list, a phrase), formatted by the user's region. */
export function sayValue(w: Wording, v: SaidValue): string | number {
  return valueOf(v, wordingDates(w));
}

/**
 * A said thing in the user's words; `fallback` (the core's English) when there is none or the catalog lacks its code.
 * `spoken`: the words a screen reader hears (an hour total in words rather than `HH:MM`).
 */
export function sayIt(w: Wording, said: Said | undefined, fallback: string, o: { spoken?: boolean } = {}): string {
  if (!said || typeof said.code !== 'string' || !w.has(said.code)) return fallback;
  try {
    return w.say({ id: said.code, defaultMessage: fallback }, saidValues(said.values ?? {}, wordingDates(w, o.spoken === true)));
  } catch {
    return fallback;
  }
}

/** The separator of a list without a last word: Arabic writes its own comma and semicolon. */
function separator(language: string, kind: 'comma' | 'semicolon'): string {
  if (language === 'ar') return kind === 'comma' ? '، ' : '؛ ';
  return kind === 'comma' ? ', ' : '; ';
}

/** Whether `x` has the shape of a Said (it crossed a bridge: checked before use). */
export function isSaid(x: unknown): x is Said {
  if (!x || typeof x !== 'object') return false;
  const o = x as { code?: unknown; values?: unknown };
  return typeof o.code === 'string' && !!o.values && typeof o.values === 'object';
}

/** What a thing says, with its English: what the core builds (`said()` in ./english.ts) and stores beside its data. */
export type Words = Said & { message: string };

/** The Said of a Words, without its English (what crosses a bridge beside `message`). */
export function saidOf(w: Words): Said {
  return { code: w.code, values: w.values };
}

/** A plain Error that says `w`: its English as the message, its code and values as `said` (the shells word it). */
export function saidError(w: Words, name?: string): Error {
  const e = new Error(w.message);
  if (name) e.name = name;
  return Object.assign(e, { said: saidOf(w) });
}
