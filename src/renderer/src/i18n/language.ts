/**
 * Which language and region the window uses, before and after the preferences are read: the preference when it
 * names one, else the system's (Electron: Chromium's languages follow the OS) or the browser's (web mode:
 * navigator.languages). The language last used is remembered in localStorage only as a hint for the first frame
 * (whether the English screen built into index.html may be shown); the preference stays the truth.
 */
import { directionOf, pickLanguage, regionTag, type Language } from '../../../shared/i18n/locales';

const HINT = 'punchcard.language';

function browserLanguages(): readonly string[] {
  return typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
}

export function systemLanguage(): Language {
  return pickLanguage(browserLanguages());
}

/** The region's formats of the system or browser: its first language tag that names a region, else Intl's default. */
export function systemRegion(): string {
  for (const tag of browserLanguages()) {
    const r = regionTag(tag);
    if (r && new Intl.Locale(r).region) return r;
  }
  return regionTag(Intl.DateTimeFormat().resolvedOptions().locale) ?? 'en-US';
}

export function languageOf(pref: string | undefined): Language {
  return !pref || pref === 'system' ? systemLanguage() : pickLanguage([pref]);
}

export function regionOf(pref: string | undefined): string {
  return !pref || pref === 'system' ? systemRegion() : (regionTag(pref) ?? systemRegion());
}

/** The language the window starts in, before the preferences are read. */
export function firstLanguage(): Language {
  try {
    const hint = localStorage.getItem(HINT);
    if (hint) return pickLanguage([hint]);
  } catch {
    /* no storage (a sandboxed frame): the system's */
  }
  return systemLanguage();
}

/** `<html lang dir>` follow the language (right to left for Arabic), and the hint for the next start. */
export function applyLanguage(language: Language): void {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
  try {
    localStorage.setItem(HINT, language);
  } catch {
    /* not remembered: the next start asks the system first */
  }
}
