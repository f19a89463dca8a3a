/**
 * A `Wording` outside React (punch, the Electron shell, tests): the language's compiled messages through
 * `@formatjs/intl`, and the region's formats. React builds the same from react-intl (src/renderer/src/i18n).
 */
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { createFormats, wordsLocale } from './formats';
import type { Language } from './locales';
import type { CompiledMessages, Wording } from './messages';

const cache = createIntlCache();

/** Missing messages are the catalog test's business (test/unit/i18n-catalogs.test.ts), not a log line per word. */
export function onIntlError(e: { code?: string; message?: string }): void {
  if (e.code === 'MISSING_TRANSLATION') return;
  // one line: a message missing from a stale compiled catalog is said in English (npm run i18n:compile fixes it)
  console.error(String(e.message ?? e).split('\n')[0]);
}

export function createWording(language: Language, region: string, messages: CompiledMessages): Wording {
  const formats = createFormats(language, region);
  const intl: IntlShape = createIntl(
    { locale: wordsLocale(language, formats.region), defaultLocale: 'en', messages, onError: onIntlError },
    cache,
  );
  return wordingOf(intl, language, formats);
}

/** A Wording over an IntlShape (react-intl's `useIntl()` is one) and the region's formats. */
export function wordingOf(intl: Pick<IntlShape, 'formatMessage' | 'messages'>, language: Language, formats: Wording['formats']): Wording {
  return {
    language,
    formats,
    say: (message, values) => String(intl.formatMessage(message, values as Record<string, string | number>)),
    has: (id) => Object.prototype.hasOwnProperty.call(intl.messages, id),
  };
}
