/**
 * The window's words and formats: react-intl's provider with the one language's compiled messages, and the region's
 * formats beside it. `useWording()` gives a component the same `Wording` that punch and the shell use, so shared
 * word functions (src/shared/status/sync-words.ts) say the same in every shell.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { createFormats, wordsLocale, type RegionFormats } from '../../../shared/i18n/formats';
import type { Language } from '../../../shared/i18n/locales';
import type { CompiledMessages, Wording } from '../../../shared/i18n/messages';
import { onIntlError, wordingOf } from '../../../shared/i18n/wording';

const FormatsContext = createContext<RegionFormats | null>(null);

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
  const formats = useMemo(() => createFormats(language, region), [language, region]);
  return (
    <IntlProvider locale={wordsLocale(language, formats.region)} defaultLocale="en" messages={messages} onError={onIntlError}>
      <FormatsContext.Provider value={formats}>{children}</FormatsContext.Provider>
    </IntlProvider>
  );
}

export function useFormats(): RegionFormats {
  const f = useContext(FormatsContext);
  if (!f) throw new Error('useFormats() outside <I18n>');
  return f;
}

/** The user's words and formats, for components (`w.say(m.title)`) and the shared word functions they call. */
export function useWording(): Wording {
  const intl = useIntl();
  const formats = useFormats();
  return useMemo(() => wordingOf(intl, formats.language, formats), [intl, formats]);
}
