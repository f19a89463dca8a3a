/**
 * The core's English: a Said (./said.ts) worded from the English catalog, with days as the core has always written
 * them ("Thu 19 Nov", src/shared/words.ts). The core builds every converted message's `message` with it, so the
 * English text lives once, in the message's `defaultMessage`, and logs and tests read what the English app shows.
 * Node only (the core, punch, the shell): the renderer loads its one language through ./catalogs.ts.
 */
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import en from './compiled/en.json';
import { durationWords, plainDate, waitWords } from '../words';
import { weekdayName, weekLabel } from '../time/week';
import { quotedChoice } from '../closest';
import { clockIn, dayIn, systemZone } from '../time/zone';
import type { CompiledMessages, Wording } from './messages';
import { createWording } from './wording';
import { lightFormatters, lightMessageFormat, type LightMessageFormat } from './light-format';
import { IN_ZONE, hoursHhmm, saidValues, type ListKind, type Said, type SaidDates, type Words } from './said';

const ENGLISH = en as unknown as CompiledMessages;
const formats = new Map<string, LightMessageFormat>();
const formatters = lightFormatters();

/** "A, B and C" (or "A, B or C"), as the core's English has always joined a list; "A, B, C"; "A; B; C". */
function englishList(items: string[], kind: ListKind): string {
  if (kind === 'comma') return items.join(', ');
  if (kind === 'semicolon') return items.join('; ');
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${kind} ${items.at(-1)}`;
}

/** "10:02" on `now`'s day, else "Mon 23 Nov 17:40", on a 24-hour clock; the zone named when given. */
function englishMoment(at: number, zone: string | undefined, now: number | undefined): string {
  const z = zone ?? systemZone();
  const day = dayIn(z, at);
  const text = now !== undefined && day === dayIn(z, now) ? clockIn(z, at) : `${plainDate(day)} ${clockIn(z, at)}`;
  return zone ? sayInEnglish({ code: IN_ZONE.id, values: { moment: text, zone } }) : text;
}

const ENGLISH_VALUES: SaidDates = {
  day: (d, year) => plainDate(d, { year }),
  week: weekLabel,
  choice: quotedChoice,
  list: englishList,
  moment: englishMoment,
  // on a 24-hour clock, as the core's English says a moment (englishMoment)
  clock: (hhmm) => hhmm,
  elapsed: durationWords,
  hours: hoursHhmm,
  wait: waitWords,
  weekday: weekdayName,
  said: (s) => sayInEnglish(s),
};

export function sayInEnglish(said: Said): string {
  let f = formats.get(said.code);
  if (!f) {
    const ast = ENGLISH[said.code] as MessageFormatElement[] | undefined;
    if (!ast) throw new Error(`No English message for ${said.code}: run npm run i18n:extract and npm run i18n:compile.`);
    // A message without values is its text (formatjs's own formatMessage does the same): no IntlMessageFormat, so the
    // core's words made at load (src/core/store/closing.ts, the store's generic schema) start no Intl (ICU's data: about 12 ms of
    // CPU in every `punch` that imports the core, docs/benchmarks.md)
    if (ast.length === 1 && ast[0].type === TYPE.literal) return ast[0].value;
    // formatted as IntlMessageFormat does, without its constructor's locale look-up, and a small count in plain
    // digits: neither starts ICU's data (./light-format.ts)
    f = lightMessageFormat(ast, 'en', formatters);
    formats.set(said.code, f);
  }
  return String(f.format(saidValues(said.values, ENGLISH_VALUES) as Record<string, string | number>));
}

/**
 * A Said with its English words: what a core refusal carries (`{ code, values, message }`). The English is worded when
 * it is first read (an enumerable getter, so spreading, JSON and structured clones see a plain `message`): modules
 * make their words at load (a store's "what it is", the closing refusal), and wording one with values builds an
 * IntlMessageFormat, which starts Intl's data (about 12 ms of CPU) in every process that only imports the core.
 */
export function said(code: string, values: Said['values'] = {}): Words {
  let message: string | undefined;
  return {
    code,
    values,
    get message() {
      return (message ??= sayInEnglish({ code, values }));
    },
  };
}

let wording: Wording | undefined;
/**
 * English words with the formats Punchcard always wrote (24-hour clock, "Thu 19 Nov": en-GB's), for what the core
 * says in English (logs, the `message` beside a code) and for callers not converted yet.
 */
export function englishWording(): Wording {
  wording ??= createWording('en', 'en-GB', ENGLISH);
  return wording;
}
