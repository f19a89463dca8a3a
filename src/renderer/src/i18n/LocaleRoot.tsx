/**
 * Keeps the window in the language and region of the preferences: loads that one language's messages (its own
 * chunk) when it changes, sets `<html lang dir>`, and draws the app inside them.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { loadMessages } from '../../../shared/i18n/catalogs';
import type { Language } from '../../../shared/i18n/locales';
import type { CompiledMessages } from '../../../shared/i18n/messages';
import { useApp } from '../store/useApp';
import { I18n } from './I18n';
import { applyLanguage, languageOf, regionOf } from './language';

export function LocaleRoot({ first, children }: { first: { language: Language; messages: CompiledMessages }; children: ReactNode }) {
  const languagePref = useApp((s) => s.settings.prefs?.language);
  const regionPref = useApp((s) => s.settings.prefs?.region);
  const [shown, setShown] = useState(first);
  const wanted = languagePref === undefined ? shown.language : languageOf(languagePref);
  useEffect(() => {
    if (wanted === shown.language) return;
    let current = true;
    void loadMessages(wanted).then((messages) => {
      if (!current) return;
      applyLanguage(wanted);
      setShown({ language: wanted, messages });
    });
    return () => {
      current = false;
    };
  }, [wanted, shown.language]);
  return (
    <I18n language={shown.language} region={regionOf(regionPref)} messages={shown.messages}>
      {children}
    </I18n>
  );
}
