/**
 * Keeps the window in the language and region of the preferences: loads that one language's messages (its own
 * chunk) when it changes, sets `<html lang dir>`, and draws the app inside them. The window starts with its first
 * screen's messages only (`first`); the rest of that catalog is asked for once `rest` resolves (the first screen takes
 * input) and merged in (./catalog-parts.ts).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { loadMessages } from '../../../shared/i18n/catalogs';
import { loadRestMessages, wholeCatalogIsShown } from './catalog-parts';
import type { Language } from '../../../shared/i18n/locales';
import type { CompiledMessages } from '../../../shared/i18n/messages';
import { useApp } from '../store/useApp';
import { I18n } from './I18n';
import { applyLanguage, languageOf, regionOf } from './language';

export function LocaleRoot({
  first,
  rest,
  children,
}: {
  first: { language: Language; messages: CompiledMessages };
  /** When to ask for the rest of the first language's catalog; without it, `first` is the whole catalog. */
  rest?: Promise<void>;
  children: ReactNode;
}) {
  const languagePref = useApp((s) => s.settings.prefs?.language);
  const regionPref = useApp((s) => s.settings.prefs?.region);
  const [shown, setShown] = useState({ ...first, whole: !rest });
  const wanted = languagePref === undefined ? shown.language : languageOf(languagePref);
  useEffect(() => {
    if (wanted === shown.language) return;
    let current = true;
    void loadMessages(wanted).then((messages) => {
      if (!current) return;
      applyLanguage(wanted);
      setShown({ language: wanted, messages, whole: true });
    });
    return () => {
      current = false;
    };
  }, [wanted, shown.language]);
  useEffect(() => {
    if (shown.whole || !rest) return;
    let current = true;
    const { language } = shown;
    void rest
      .then(() => loadRestMessages(language))
      .then(
        (more) => (all: CompiledMessages) => ({ ...all, ...more }),
        // the rest's file could not be had (a window kept open across a rebuild): the whole catalog, once more
        () => loadMessages(language).then((whole) => () => whole),
      )
      .then((merge) => {
        if (current) setShown((s) => (s.language === language && !s.whole ? { language, messages: merge(s.messages), whole: true } : s));
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [shown, rest]);
  // drawn with every word now: the screens outside the first may be drawn (../screens.tsx)
  useEffect(() => {
    if (shown.whole) wholeCatalogIsShown();
  }, [shown.whole]);
  return (
    <I18n language={shown.language} region={regionOf(regionPref)} messages={shown.messages}>
      {children}
    </I18n>
  );
}
