/**
 * The region's formats, from Intl, in one module for the renderer, `punch`, the Electron shell and the core's words:
 * dates, weekday names, 12- or 24-hour times, numbers, decimal hours, currency, durations, lists, relative times.
 *
 * The region decides the formats (the order of day and month, the separators, 12 or 24 hours, the digits); the
 * language decides the words (weekday and month names, "AM", "and", "in 5 minutes"). A user with German words and US
 * formats reads "Do., Nov. 19" and "3:05 PM": the US order and clock with German names. Mixing them the other way
 * round (the region's names) is Super Productivity #8987: Swedish weekday names for anyone choosing its "ISO" dates.
 * Where the two agree (German words, German region) Intl formats in one go.
 *
 * `HH:MM` (hours as the service writes them, `1:30`) is not a format of the region: it stays as it is everywhere.
 */
import type { Language } from './locales';
import { accented } from './pseudo';
import { dayIn } from '../time/zone';

export interface RegionFormats {
  /** The region's locale tag (`de-DE`). */
  readonly region: string;
  readonly language: Language;
  /** 'h12' (3:05 PM) or 'h23' (15:05), from the region. */
  readonly hourCycle: 'h12' | 'h23';
  /** A local day `YYYY-MM-DD` in a sentence or a list: "Thu 19 Nov" (en-GB), "Do., 19. Nov." (de-DE), "Thu, Nov 19" (en-US). */
  day(day: string, opts?: { year?: boolean; weekday?: boolean }): string;
  /** A week by its Monday, as its first and last day: "16 – 22 Nov 2026", "16.–22. Nov. 2026". */
  week(monday: string): string;
  /**
   * A period of local days, as its first and last day: "16 – 22 Nov", "30 Nov – 6 Dec", "28 Dec 2026 – 3 Jan 2027"
   * (years that differ are always said), "1–25 nov. 2026" with `year`; one day alone as `day` says it.
   */
  period(from: string, to: string, opts?: { year?: boolean; weekday?: boolean }): string;
  /** A local day in digits: 19/11/2026 (en-GB), 11/19/2026 (en-US), 19.11.2026 (de-DE). */
  numericDate(day: string): string;
  /** A weekday's name, 0 = Sunday (as Date.getDay). */
  weekday(index: number, width?: 'short' | 'long'): string;
  /** A moment's clock time: 3:05 PM (en-US), 15:05 (de-DE); in `zone` (IANA) when given, else this machine's. */
  time(at: number, zone?: string): string;
  /**
   * A time of day with no date ("18:00", as a preference holds the end of the working day), on the region's clock as
   * `time` says a moment: 6:00 PM (en-US), 18:00 (de-DE).
   */
  clockTime(hhmm: string): string;
  /** A moment's day and clock time: "Thu 19 Nov, 15:05"; in `zone` when given. */
  dateTime(at: number, zone?: string): string;
  /** A number: 1,234.5 (en-US), 1.234,5 (de-DE), ١٬٢٣٤٫٥ (ar-EG). */
  number(n: number, fractionDigits?: number): string;
  /** Minutes as decimal hours with two decimals, as payroll writes them: 104.00 (en-US), 104,00 (de-DE). */
  decimalHours(minutes: number): string;
  /** An amount of money in ISO 4217 `currency`: $1,234.50, 1.234,50 €. */
  currency(amount: number, currency: string): string;
  /** A duration in words: "1 hr, 30 min" (en), "1 Std., 30 Min." (de). */
  durationWords(minutes: number): string;
  /** How long something lasted, from ms: seconds under a minute ("59 sec"), else as `durationWords`. */
  elapsed(ms: number): string;
  /** "A, B and C" (`and`) or "A, B or C" (`or`), in the language's words. */
  list(items: readonly string[], kind?: 'and' | 'or'): string;
  /** A moment relative to `now`: "in 5 minutes", "vor 2 Stunden". */
  relative(at: number, now: number): string;
}

const cache = new Map<string, unknown>();
function memo<T>(key: string, make: () => T): T {
  let v = cache.get(key) as T | undefined;
  if (v === undefined) {
    v = make();
    cache.set(key, v);
  }
  return v;
}
const dtf = (locale: string, o: Intl.DateTimeFormatOptions) =>
  memo(`d|${locale}|${JSON.stringify(o)}`, () => new Intl.DateTimeFormat(locale, o));
const nf = (locale: string, o: Intl.NumberFormatOptions) =>
  memo(`n|${locale}|${JSON.stringify(o)}`, () => new Intl.NumberFormat(locale, o));

/** Noon of a local day: no time zone or daylight-saving change moves it to another day. */
function noonOf(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d, 12, 0, 0, 0);
}

/**
 * Languages whose every region writes Latin digits by default (CLDR): their regions' numbering is known without
 * asking Intl, which would start ICU's data (about 12 ms of CPU: docs/benchmarks.md "punch status, fourth pass").
 * test/unit/light-format.test.ts checks each region of these languages against Intl.NumberFormat.
 */
const LATIN_LANGUAGES = new Set(['en', 'de', 'fr', 'es']);

/** The region's numbering system (latn, arab...), so the words' own numbers (plurals, "in 5 minutes") use its digits. */
export function numberingOf(region: string): string {
  return memo(`nu|${region}`, () => {
    // a plain tag (`de-AT`: no `-u-nu-` nor other extension) of a Latin-digit language
    const plain = /^([a-z]{2,3})(?:-[A-Za-z]{4})?(?:-(?:[A-Z]{2}|\d{3}))?$/.exec(region);
    return plain && LATIN_LANGUAGES.has(plain[1]) ? 'latn' : nf(region, {}).resolvedOptions().numberingSystem;
  });
}

/**
 * The locale whose words are used: the language (en-XA's words are English ones made strange by the catalog, its
 * formats English), with the region's digits.
 */
export function wordsLocale(language: Language, region: string): string {
  const base = language === 'en-XA' ? 'en' : language;
  const nu = numberingOf(region);
  return nu === 'latn' && base !== 'ar' ? base : `${base}-u-nu-${nu}`;
}

/** Part types that are words (names), taken from the language; every other part (digits, order, punctuation) from the region. */
const WORD_PARTS = new Set<string>(['weekday', 'month', 'dayPeriod', 'era']);

/**
 * `options` formatted with the region's pattern and the language's names: the region's parts, each word part
 * replaced by the language's. A numeric month (`month: '2-digit'`) is digits, so it stays the region's.
 */
function mixedDate(region: string, words: string, sameLanguage: boolean, options: Intl.DateTimeFormatOptions, date: Date): string {
  if (sameLanguage) return dtf(region, options).format(date);
  const named = dtf(words, options).formatToParts(date);
  return dtf(region, options)
    .formatToParts(date)
    .map((p) =>
      WORD_PARTS.has(p.type) && !/^[\d\p{Nd}]+$/u.test(p.value) ? (named.find((n) => n.type === p.type)?.value ?? p.value) : p.value,
    )
    .join('');
}

export function createFormats(language: Language, regionInput: string): RegionFormats {
  let region = regionInput;
  try {
    region = new Intl.Locale(regionInput).toString();
  } catch {
    region = 'en-US';
  }
  const words = wordsLocale(language, region);
  const sameLanguage = new Intl.Locale(region).language === (language === 'en-XA' ? 'en' : language);
  // asked of Intl when first needed (a time to say), not here: a DateTimeFormat starts ICU's data (./light-format.ts)
  const hourCycle = () =>
    memo(`hc|${region}`, () => {
      const hc = dtf(region, { hour: 'numeric' }).resolvedOptions().hourCycle;
      return hc === 'h11' || hc === 'h12' ? 'h12' : 'h23';
    }) as 'h12' | 'h23';
  // a 24-hour clock writes the hour in two digits ("07:50", as de-DE, fr-FR, en-GB write it: Intl's `hour: 'numeric'`
  // with an explicit hourCycle drops the leading zero); a 12-hour clock does not ("7:50 AM")
  const clock = (): Intl.DateTimeFormatOptions => {
    const hc = hourCycle();
    return { hour: hc === 'h23' ? '2-digit' : 'numeric', minute: '2-digit', hourCycle: hc };
  };
  const dayOptions = (o: { year?: boolean; weekday?: boolean } = {}): Intl.DateTimeFormatOptions => ({
    ...(o.weekday === false ? {} : { weekday: 'short' }),
    day: 'numeric',
    month: 'short',
    ...(o.year ? { year: 'numeric' } : {}),
  });

  /** Two days as a range in the region's pattern (Intl says the years when they differ), months in the language's words. */
  const range = (first: Date, last: Date, year: boolean): string => {
    const o: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', ...(year ? { year: 'numeric' } : {}) };
    if (sameLanguage) return dtf(region, o).formatRange(first, last);
    const monthOf = (d: Date) => dtf(words, { month: 'short' }).format(d);
    return dtf(region, o)
      .formatRangeToParts(first, last)
      .map((p) => (p.type === 'month' && !/^[\d\p{Nd}]+$/u.test(p.value) ? monthOf(p.source === 'endRange' ? last : first) : p.value))
      .join('');
  };

  const formats: RegionFormats = {
    region,
    language,
    get hourCycle() {
      return hourCycle();
    },
    day: (day, o) => mixedDate(region, words, sameLanguage, dayOptions(o), noonOf(day)),
    week: (monday) => {
      const first = noonOf(monday);
      return range(first, new Date(first.getFullYear(), first.getMonth(), first.getDate() + 6, 12), true);
    },
    period: (from, to, o = {}) =>
      from === to
        ? mixedDate(region, words, sameLanguage, dayOptions({ year: o.year, weekday: o.weekday }), noonOf(from))
        : range(noonOf(from), noonOf(to), o.year === true),
    numericDate: (day) => dtf(region, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(noonOf(day)),
    // 2026-11-15 is a Sunday: index 0..6 from there
    weekday: (index, width = 'long') => dtf(words, { weekday: width }).format(noonOf(`2026-11-${String(15 + (((index % 7) + 7) % 7))}`)),
    time: (at, zone) => mixedDate(region, words, sameLanguage, zone ? { ...clock(), timeZone: zone } : clock(), new Date(at)),
    // a time of day on a day without a change of clock (the test day, in local time): only its hour and minute are said
    clockTime: (hhmm) => {
      const [hh, mm] = hhmm.split(':').map(Number);
      return mixedDate(region, words, sameLanguage, clock(), new Date(2026, 10, 18, hh, mm));
    },
    // the day and the clock side by side ("Wed 18 Nov 10:05"), as every list of Punchcard has always shown a moment
    dateTime: (at, zone) => {
      const d = new Date(at);
      const day = zone
        ? dayIn(zone, at)
        : `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      const time = mixedDate(region, words, sameLanguage, zone ? { ...clock(), timeZone: zone } : clock(), d);
      return `${mixedDate(region, words, sameLanguage, dayOptions(), noonOf(day))} ${time}`;
    },
    number: (n, digits) =>
      nf(region, digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n),
    decimalHours: (minutes) => nf(region, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minutes / 60),
    currency: (amount, currency) => nf(region, { style: 'currency', currency }).format(amount),
    durationWords: (minutes) => durationWords(words, minutes),
    elapsed: (ms) => {
      const s = Math.max(0, Math.floor(ms / 1000));
      return s < 60
        ? nf(words, { style: 'unit', unit: 'second', unitDisplay: 'short' }).format(s)
        : durationWords(words, Math.floor(s / 60));
    },
    list: (items, kind = 'and') =>
      memo(`l|${words}|${kind}`, () => new Intl.ListFormat(words, { type: kind === 'and' ? 'conjunction' : 'disjunction' })).format(items),
    relative: (at, now) => relativeWords(words, at - now),
  };
  return language === 'en-XA' ? pseudoFormats(formats) : formats;
}

/** en-XA: what Intl says in English words, accented (./pseudo.ts); digits and separators stay the region's. */
function pseudoFormats(f: RegionFormats): RegionFormats {
  return {
    region: f.region,
    language: f.language,
    get hourCycle() {
      return f.hourCycle;
    },
    numericDate: f.numericDate,
    number: f.number,
    decimalHours: f.decimalHours,
    currency: f.currency,
    day: (d, o) => accented(f.day(d, o)),
    week: (m) => accented(f.week(m)),
    period: (a, b, o) => accented(f.period(a, b, o)),
    weekday: (i, width) => accented(f.weekday(i, width)),
    time: (at, zone) => accented(f.time(at, zone)),
    clockTime: (hhmm) => accented(f.clockTime(hhmm)),
    dateTime: (at, zone) => accented(f.dateTime(at, zone)),
    durationWords: (m) => accented(f.durationWords(m)),
    elapsed: (ms) => accented(f.elapsed(ms)),
    list: (items, kind) => accented(f.list(items, kind)),
    relative: (at, now) => accented(f.relative(at, now)),
  };
}

interface DurationFormatLike {
  format(d: { hours?: number; minutes?: number }): string;
}
type DurationFormatCtor = new (locale: string, o: { style: 'short' }) => DurationFormatLike;

/** Intl.DurationFormat where the runtime has it (Chromium, Node 23+), else units joined as a list (Node 20). */
function durationWords(locale: string, totalMinutes: number): string {
  const hours = Math.floor(totalMinutes / 60);
  const minutes = Math.round(totalMinutes % 60);
  const parts = { ...(hours ? { hours } : {}), ...(minutes || !hours ? { minutes } : {}) };
  const Duration = (Intl as unknown as { DurationFormat?: DurationFormatCtor }).DurationFormat;
  if (Duration) return memo(`du|${locale}`, () => new Duration(locale, { style: 'short' })).format(parts);
  const unit = (u: 'hour' | 'minute', n: number) => nf(locale, { style: 'unit', unit: u, unitDisplay: 'short' }).format(n);
  const pieces = [
    ...(parts.hours ? [unit('hour', parts.hours)] : []),
    ...(parts.minutes !== undefined ? [unit('minute', parts.minutes)] : []),
  ];
  return memo(`lu|${locale}`, () => new Intl.ListFormat(locale, { type: 'unit', style: 'short' })).format(pieces);
}

function relativeWords(locale: string, deltaMs: number): string {
  const rtf = memo(`r|${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  const abs = Math.abs(deltaMs);
  const sign = Math.sign(deltaMs) || 1;
  if (abs < 60_000) return rtf.format(sign * Math.round(abs / 1000), 'second');
  if (abs < 3_600_000) return rtf.format(sign * Math.round(abs / 60_000), 'minute');
  if (abs < 86_400_000) return rtf.format(sign * Math.round(abs / 3_600_000), 'hour');
  return rtf.format(sign * Math.round(abs / 86_400_000), 'day');
}
