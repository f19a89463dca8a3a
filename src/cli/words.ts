/**
 * punch's words for people, in the user's language (src/cli/language.ts): states as tables show them (the JSON output
 * keeps the domain's spellings), days and moments in the region's formats, and `Words`, a message with its values
 * that a part of punch which has no Wording at hand (an argument's reading, a refusal raised deep in a command) hands
 * up to be said when it is printed. Its English (`englishOf`) is what `--json` carries: the same in every language.
 */
import type { ApprovalStatus, BillingStatus, JobStatus } from '../shared/domain';
import type { BadgeState } from '../shared/status/badge';
import { toHhmm } from '../shared/time/hours';
import { defineMessages, type MessageDescriptor, type Wording } from '../shared/i18n/messages';
import { IN_ZONE, sayValue, type SaidValue } from '../shared/i18n/said';
import { englishWording } from '../shared/i18n/english';
import { wordsLocale } from '../shared/i18n/formats';
import { accented } from '../shared/i18n/pseudo';
import { chosenZone, dayIn, systemZone } from '../shared/time/zone';

/** A message and its values, said when printed; values may be words of their own (a hint inside a refusal). */
export interface Worded {
  message: MessageDescriptor;
  values?: Record<string, WordedValue>;
}
/**
 * A value: a fact (../shared/i18n/said.ts: text, a number, a day, a week, a choice of names "A, B or C"), a list "A, B
 * and C" (`and`), a month (`YYYY-MM`), or words of their own.
 */
export type WordedValue = SaidValue | { and: string[] } | { month: string } | Worded;
/** Words of punch: a message to be said, or a text that is no words of ours (the core's, the service's). */
export type Words = string | Worded;

export const words = (message: MessageDescriptor, values?: Record<string, WordedValue>): Worded =>
  values ? { message, values } : { message };

/**
 * Intl's thin space (16 – 22 Nov), narrow no-break space (9:05 PM, 1 234,5 in French) and no-break space (8.604,00 $
 * in German) as plain spaces: a terminal gives every character a column of its own and wraps nothing, so they look
 * the same, and plain spaces keep the output what people type when they search it (`grep "16 – 22"`).
 * src/cli/language.ts applies it to every word and format punch says.
 */
export const plainSpaces = (text: string) => text.replace(/[\u00a0\u2009\u202f]/g, ' ');

const isWorded = (v: unknown): v is Worded => !!v && typeof v === 'object' && 'message' in v;
const isMonth = (v: unknown): v is { month: string } => !!v && typeof v === 'object' && 'month' in v;
const isList = (v: unknown): v is { and: string[] } => !!v && typeof v === 'object' && 'and' in v;
const isChoice = (v: unknown): v is { choice: string[] } => !!v && typeof v === 'object' && 'choice' in v;

/** A month and its year in words ("February 2026", "Februar 2026"), the language's names. */
export function monthWords(w: Wording, month: string): string {
  const [y, m] = month.split('-').map(Number);
  const text = new Intl.DateTimeFormat(wordsLocale(w.language, w.formats.region), { month: 'long', year: 'numeric' }).format(
    new Date(y, m - 1, 15, 12),
  );
  return plainSpaces(w.language === 'en-XA' ? accented(text) : text);
}

/** How a day is typed (`--date`, `--from`, `--at`...): `YYYY-MM-DD`, `today` or `yesterday`, in every language. */
export const DAY_FORMS = { choice: ['YYYY-MM-DD', 'today', 'yesterday'] };

/** `x` in the user's words: days and weeks in the region's formats, a choice of names joined with "or". */
export function say(w: Wording, x: Words): string {
  if (typeof x === 'string') return x;
  const flat = Object.fromEntries(
    Object.entries(x.values ?? {}).map(([k, v]) => [
      k,
      isWorded(v)
        ? say(w, v)
        : isMonth(v)
          ? monthWords(w, v.month)
          : isList(v)
            ? typedList(w, v.and, 'and')
            : isChoice(v)
              ? typedList(w, v.choice, 'or')
              : sayValue(w, v),
    ]),
  );
  return w.say(x.message, flat);
}

/**
 * Typed things (options, values, commands) joined as the language joins a list, "A, B or C": only the joining words
 * are the language's (under en-XA accented, like every word), the items stay as they are typed.
 */
export function typedList(w: Wording, items: readonly string[], kind: 'and' | 'or'): string {
  // the language's words with the region's punctuation ("A, B and C" in Britain, "A, B, and C" in the US)
  const country = new Intl.Locale(w.formats.region).region;
  const words = wordsLocale(w.language, w.formats.region);
  const locale = country ? new Intl.Locale(words, { region: country }).toString() : words;
  const format = new Intl.ListFormat(locale, { type: kind === 'and' ? 'conjunction' : 'disjunction' });
  return format
    .formatToParts(items)
    .map((p) => (p.type === 'literal' && w.language === 'en-XA' ? accented(p.value) : p.value))
    .join('');
}

/** The English of `x`, with the formats punch always wrote (en-GB's): what `--json` and logs carry. */
export const englishOf = (x: Words): string => say(englishWording(), x);

const M = defineMessages({
  approval: {
    id: 'cli.state.approval',
    defaultMessage:
      '{status, select, draft {draft (not submitted)} pending {pending approval} approved {approved} rejected {rejected} partly {partly approved} submitted {submitted} other {{status}}}',
    description: "A timesheet's or a log's approval state in a table or a sentence, in lower case (as every state in a table).",
  },
  approvalShort: {
    id: 'cli.state.approval-short',
    defaultMessage: '{status, select, draft {draft} pending {pending} approved {approved} rejected {rejected} other {{status}}}',
    description: 'A log\'s approval state under the heading APPROVAL (so "pending", not "pending approval").',
  },
  sync: {
    id: 'cli.state.sync',
    defaultMessage:
      '{state, select, queued {queued} sending {syncing} checking {checking} synced {synced} needsAttention {needs attention} other {{state}}}',
    description: "An outbox entry's or a log's sync state in a table, lower case (glossary: queued, syncing, synced, needs attention).",
  },
  job: {
    id: 'cli.state.job',
    defaultMessage: '{status, select, inProgress {in progress} completed {completed} other {{status}}}',
    description: "A job's status in the job list.",
  },
  billing: {
    id: 'cli.state.billing',
    defaultMessage: '{billing, select, billable {billable} nonBillable {non-billable} other {}}',
    description: 'Whether hours are billed to the client, lower case, in a table.',
  },
  yesNo: { id: 'cli.yes-no', defaultMessage: '{yes, select, true {yes} other {no}}', description: 'A yes or no in a table cell.' },
  unknown: { id: 'cli.unknown', defaultMessage: 'unknown', description: 'A moment that cannot be said (not a time).' },
  dayAndTime: {
    id: 'cli.day-and-time',
    defaultMessage: '{day} {time}',
    description: 'A moment: its day ("Thu 19 Nov 2025") and its clock time ("15:05"), as the region writes them.',
  },
});

/** A timesheet's or a log's approval state: "pending approval"; `partly`: "partly approved"; `submitted`: no more known. */
export const approvalWords = (s: ApprovalStatus | 'partly' | 'submitted' | undefined, w: Wording = englishWording()) =>
  s ? w.say(M.approval, { status: s }) : '';
/** A log's approval under a heading that says "approval" already: "pending". */
export const approvalShortWords = (s: ApprovalStatus | undefined, w: Wording = englishWording()) =>
  s ? w.say(M.approvalShort, { status: s }) : '';
/**
 * A sync state: "queued", "syncing", "synced", "needs attention" (the app's words, src/shared/status/sync-words.ts, in
 * lower case); "checking" for an entry whose answer was lost (src/shared/status/badge.ts).
 */
export const syncWords = (s: BadgeState, w: Wording = englishWording()) =>
  w.say(M.sync, { state: s === 'needs-attention' ? 'needsAttention' : s });
export const jobStatusWords = (s: JobStatus, w: Wording = englishWording()) =>
  w.say(M.job, { status: s === 'in-progress' ? 'inProgress' : s });
/** "billable", "non-billable" (the wire's `Non Billable` is never shown). */
export const billingWords = (s: BillingStatus | undefined, w: Wording = englishWording()) =>
  s ? w.say(M.billing, { billing: s === 'Non Billable' ? 'nonBillable' : 'billable' }) : '';
export const yesNo = (yes: boolean, w: Wording) => w.say(M.yesNo, { yes: String(yes) });

/** Minutes as HH:MM (shared/time/hours.ts `toHhmm`), for a figure that may not be whole: rounded, and never below 0. */
export function minutesToHhmm(minutes: number): string {
  return toHhmm(Math.max(0, Math.round(minutes)));
}

/** Elapsed milliseconds as H:MM:SS for the running timer (a clock's digits, the same in every region). */
export function elapsedWords(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** The local day `YYYY-MM-DD` of a moment. */
const dayOf = (at: number) => {
  const d = new Date(at);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * The zone punch says times of day in: the one the user's days are counted in (Settings' "Count my days in", `punch
 * config --time-zone`), set as each run starts (./run.ts); undefined: this computer's. A time said in another zone
 * than the one the days are counted in would put "Sat 28 Nov 19:47" beside a today that is Sunday there.
 */
let timesZone: string | undefined;
export function sayTimesIn(zonePref: string | undefined): void {
  timesZone = chosenZone(zonePref);
}

/** The day `at` falls on where times are said. */
const dayThere = (at: number) => (timesZone ? dayIn(timesZone, at) : dayOf(at));

/** `text` (a time), with the zone's name after it when times are said in a zone that is not this computer's. */
const named = (w: Wording, text: string) =>
  timesZone && timesZone !== systemZone() ? w.say(IN_ZONE, { moment: text, zone: timesZone }) : text;

/**
 * A moment in the user's zone, as the region writes it: "Wed 18 Nov 10:05" (en-GB), "Mi., 18. Nov. 10:05" (de-DE),
 * with the year when it is not `now`'s, and the zone's name when it is not this computer's.
 */
export function momentWords(w: Wording, at: number, now: number = Date.now()): string {
  if (!Number.isFinite(at)) return w.say(M.unknown);
  const day = dayThere(at);
  if (day.slice(0, 4) === dayThere(now).slice(0, 4)) return named(w, w.formats.dateTime(at, timesZone));
  return named(w, w.say(M.dayAndTime, { day: w.formats.day(day, { year: true }), time: w.formats.time(at, timesZone) }));
}

/** A time of day in the user's zone: the clock alone when it is on `now`'s day there, else with its day. */
export function timeOfDayWords(w: Wording, at: number, now: number = Date.now()): string {
  if (dayThere(at) !== dayThere(now)) return momentWords(w, at, now);
  return named(w, w.formats.time(at, timesZone));
}

/** A local day `YYYY-MM-DD` in a sentence or a table ("Thu 19 Nov"); anything that is not one as it is. */
export function dayWords(w: Wording, day: string | undefined, opts: { year?: boolean } = {}): string {
  if (!day) return '';
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? w.formats.day(day, opts) : day;
}

/** The weekday of a local day alone ("Wed"): where the week is said already. */
export function weekdayWords(w: Wording, day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(y, m - 1, d, 12);
  return Number.isNaN(date.getTime()) ? day : w.formats.weekday(date.getDay(), 'short');
}

const noonOf = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d, 12);
};

/**
 * A period as people read it, in the region's pattern with the language's month names: "16 – 22 Nov", "30 Nov – 6 Dec"
 * (en-GB), "16.–22. Nov." (de-DE), with the year when it is not `thisYear` (or the two years differ).
 */
export function periodWords(w: Wording, from: string, to: string, thisYear?: number): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return `${from} \u2013 ${to}`;
  const [a, b] = [noonOf(from), noonOf(to)];
  const year = a.getFullYear() !== b.getFullYear() || (thisYear !== undefined && b.getFullYear() !== thisYear);
  if (from === to) return w.formats.day(from, { year });
  const o: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', ...(year ? { year: 'numeric' } : {}) };
  const words = wordsLocale(w.language, w.formats.region);
  const parts = new Intl.DateTimeFormat(w.formats.region, o).formatRangeToParts(a, b);
  // the region's order and digits, the language's month names as they read beside a day ("Nov." in German, not "Nov")
  const sameLanguage = new Intl.Locale(w.formats.region).language === new Intl.Locale(words).language;
  const monthOf = (d: Date) =>
    new Intl.DateTimeFormat(words, { day: 'numeric', month: 'short' }).formatToParts(d).find((p) => p.type === 'month')?.value ?? '';
  const text = parts
    .map((p) =>
      !sameLanguage && p.type === 'month' && !/^[\d\p{Nd}]+$/u.test(p.value) ? monthOf(p.source === 'endRange' ? b : a) : p.value,
    )
    .join('');
  return plainSpaces(w.language === 'en-XA' ? accented(text) : text);
}
