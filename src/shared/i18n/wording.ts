/**
 * A `Wording` for punch, the Electron shell and the window: the language's compiled messages through
 * `@formatjs/intl`, and the region's formats. The window uses the same (src/renderer/src/i18n/I18n.tsx).
 */
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { createFormats, wordsLocale } from './formats';
import { lightFormatters, lightMessageFormat, type LightMessageFormat } from './light-format';
import type { Language } from './locales';
import type { CompiledMessages, Wording } from './messages';

const cache = createIntlCache();

/** Missing messages are the catalog test's business (test/unit/i18n-catalogs.test.ts), not a log line per word. */
export function onIntlError(e: { code?: string; message?: string }): void {
  if (e.code === 'MISSING_TRANSLATION') return;
  // one line: a message missing from a stale compiled catalog is said in English (npm run i18n:compile fixes it)
  console.error(String(e.message ?? e).split('\n')[0]);
}

/**
 * A message the catalog holds is formatted as `@formatjs/intl`'s formatMessage does it (a text alone as it is, else
 * the compiled message with the values), but without starting ICU's data for what it does not need
 * (./light-format.ts): `createIntl` asks `supportedLocalesOf` for the locale and every `IntlMessageFormat` asks again,
 * about 12 ms of CPU in a `punch status` that says no date and no number above 999. Anything else (an id the catalog
 * lacks, a message that fails: both fall back to the default message and report it) goes to `createIntl`'s
 * formatMessage, made on first use.
 */
export function createWording(language: Language, region: string, messages: CompiledMessages): Wording {
  const formats = createFormats(language, region);
  const locale = wordsLocale(language, formats.region);
  let intl: IntlShape | undefined;
  const full = () => (intl ??= createIntl({ locale, defaultLocale: 'en', messages, onError: onIntlError }, cache));
  const formatters = lightFormatters();
  const made = new Map<string, LightMessageFormat>();
  const has = (id: string) => Object.prototype.hasOwnProperty.call(messages, id);
  return {
    language,
    formats,
    say: (message, values) => {
      const id = String(message.id);
      const ast = has(id) ? (messages[id] as MessageFormatElement[]) : undefined;
      if (Array.isArray(ast)) {
        if (ast.length === 1 && ast[0].type === TYPE.literal) return ast[0].value;
        let f = made.get(id);
        if (!f) made.set(id, (f = lightMessageFormat(ast, locale, formatters)));
        try {
          return f.format(values as Record<string, unknown> | undefined);
        } catch {
          // a value missing or of the wrong kind: formatMessage reports it and says the default message
        }
      }
      return String(full().formatMessage(message, values as Record<string, string | number>));
    },
    has,
  };
}
