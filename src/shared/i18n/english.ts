/**
 * The core's English: a Said (./said.ts) worded from the English catalog, with days as the core has always written
 * them ("Thu 19 Nov", src/shared/words.ts). The core builds every converted message's `message` with it, so the
 * English text lives once, in the message's `defaultMessage`, and logs and tests read what the English app shows.
 * Node only (the core, punch, the shell): the renderer loads its one language through ./catalogs.ts.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import en from './compiled/en.json';
import { plainDate } from '../words';
import { weekLabel } from '../time/week';
import { quotedChoice } from '../closest';
import type { CompiledMessages, Wording } from './messages';
import { createWording } from './wording';
import { saidValues, type Said } from './said';

const ENGLISH = en as unknown as CompiledMessages;
const formats = new Map<string, IntlMessageFormat>();

export function sayInEnglish(said: Said): string {
  let f = formats.get(said.code);
  if (!f) {
    const ast = ENGLISH[said.code] as MessageFormatElement[] | undefined;
    if (!ast) throw new Error(`No English message for ${said.code}: run npm run i18n:extract and npm run i18n:compile.`);
    f = new IntlMessageFormat(ast, 'en');
    formats.set(said.code, f);
  }
  return String(
    f.format(
      saidValues(said.values, { day: (d, year) => plainDate(d, { year }), week: weekLabel, choice: quotedChoice }) as Record<
        string,
        string | number
      >,
    ),
  );
}

/** A Said with its English words: what a core refusal carries (`{ code, values, message }`). */
export function said(code: string, values: Said['values']): Said & { message: string } {
  const s = { code, values };
  return { ...s, message: sayInEnglish(s) };
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
