/**
 * The language and region of what the shell says itself (the tray and its menu; notifications and dialogs next):
 * the preferences when they name one, else the system's (Electron: app.getPreferredSystemLanguages() for the words,
 * app.getSystemLocale() for the formats). Only that language's messages are loaded; until they are, English.
 */
import { app } from 'electron';
import { loadMessages } from '../../shared/i18n/catalogs';
import { englishWording } from '../../shared/i18n/english';
import { pickLanguage, regionTag } from '../../shared/i18n/locales';
import type { Wording } from '../../shared/i18n/messages';
import { createWording } from '../../shared/i18n/wording';
import type { Preferences } from '../../shared/preferences';
import type { PreferenceWatch } from './preference-watch';

export interface ShellWording {
  current(): Wording;
  /** Called once the words changed (another language chosen, or its messages loaded); returns the unsubscribe. */
  onChange(listener: () => void): () => void;
}

export function initShellWording(prefs: PreferenceWatch): ShellWording {
  let wording: Wording = englishWording();
  let key = 'en|en-GB';
  const listeners = new Set<() => void>();
  const choose = (p: Preferences) => {
    const language = p.language === 'system' ? pickLanguage(app.getPreferredSystemLanguages()) : p.language;
    const region = (p.region !== 'system' && regionTag(p.region)) || regionTag(app.getSystemLocale()) || 'en-GB';
    const next = `${language}|${region}`;
    if (next === key) return;
    key = next;
    void loadMessages(language).then((messages) => {
      if (key !== next) return; // chosen again meanwhile
      wording = createWording(language, region, messages);
      for (const l of listeners) l();
    });
  };
  choose(prefs.current());
  prefs.onChange(choose);
  return {
    current: () => wording,
    onChange(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
