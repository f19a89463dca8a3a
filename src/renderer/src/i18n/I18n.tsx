/**
 * The window's words and formats: the one language's compiled messages and the region's formats. `useWording()` gives a
 * component the same `Wording` that punch and the shell use (shared/i18n/wording.ts), so shared word functions
 * (src/shared/status/sync-words.ts) say the same in every shell, and like punch's it formats without starting ICU's
 * data where a message does not need it: react-intl's setup asks Intl which locales it supports, the page's first
 * use of ICU, 20-30 ms of the window's hydration on a busy machine (docs/benchmarks.md). react-intl stays for the
 * few sentences whose values are elements (`FormattedMessage`, SessionGate): its object is made when one first asks.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { createIntl, createIntlCache, RawIntlProvider, type IntlShape } from 'react-intl';
import { wordsLocale, type RegionFormats } from '../../../shared/i18n/formats';
import type { Language } from '../../../shared/i18n/locales';
import type { CompiledMessages, Wording } from '../../../shared/i18n/messages';
import { createWording, onIntlError } from '../../../shared/i18n/wording';

const cache = createIntlCache();

/** react-intl's object as its IntlProvider would make it, made on the first read of any of its fields. */
function lazyIntl(locale: string, messages: CompiledMessages): IntlShape {
  let intl: IntlShape | undefined;
  const made = () => (intl ??= createIntl({ locale, defaultLocale: 'en', messages, onError: onIntlError }, cache));
  return new Proxy({} as IntlShape, {
    get: (_, key) => made()[key as keyof IntlShape],
    has: (_, key) => key in made(),
  });
}

const FormatsContext = createContext<RegionFormats | null>(null);

const WordingContext = createContext<Wording | null>(null);

export function I18n({
  language,
  region,
  messages,
  children,
}: {
  language: Language;
  region: string;
  messages: CompiledMessages;
  children: ReactNode;
}) {
  const wording = useMemo(() => createWording(language, region, messages), [language, region, messages]);
  const intl = useMemo(() => lazyIntl(wordsLocale(language, wording.formats.region), messages), [language, wording, messages]);
  return (
    <RawIntlProvider value={intl}>
      <FormatsContext.Provider value={wording.formats}>
        <WordingContext.Provider value={wording}>{children}</WordingContext.Provider>
      </FormatsContext.Provider>
    </RawIntlProvider>
  );
}

export function useFormats(): RegionFormats {
  const f = useContext(FormatsContext);
  if (!f) throw new Error('useFormats() outside <I18n>');
  return f;
}

/** The user's words and formats, for components (`w.say(m.title)`) and the shared word functions they call. */
export function useWording(): Wording {
  const w = useContext(WordingContext);
  if (!w) throw new Error('useWording() outside <I18n>');
  return w;
}
