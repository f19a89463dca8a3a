/**
 * The languages Punchcard speaks and how one is chosen from what the system, the browser or the environment asks for
 * (docs/i18n.md). The language decides the words; the region (./formats.ts) decides dates, times and numbers.
 */

/** `en` is the source; `en-XA` is the pseudo-locale made from it (scripts/i18n/pseudo.mjs), for tests and layout. */
export const LANGUAGES = ['en', 'de', 'fr', 'es', 'ar', 'en-XA'] as const;
export type Language = (typeof LANGUAGES)[number];
export const SOURCE_LANGUAGE: Language = 'en';

/** Each language's name in itself, as a language menu shows it (so a user who cannot read the current one finds theirs). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  ar: 'العربية',
  'en-XA': '[Ƥšéûðö-Éñĝļîšĥ] en-XA',
};

const RTL: ReadonlySet<Language> = new Set(['ar']);

export function directionOf(language: Language): 'rtl' | 'ltr' {
  return RTL.has(language) ? 'rtl' : 'ltr';
}

export function isLanguage(tag: unknown): tag is Language {
  return typeof tag === 'string' && (LANGUAGES as readonly string[]).includes(tag);
}

/**
 * The first of `wanted` (most preferred first: navigator.languages, Electron's preferred system languages, POSIX
 * locale names) that Punchcard speaks, by its language: `de-AT` -> `de`, `ar_EG.UTF-8` -> `ar`, `en-XA` exactly.
 * `C` and `POSIX` mean English. None known: English.
 */
export function pickLanguage(wanted: ReadonlyArray<string | undefined>): Language {
  for (const raw of wanted) {
    const known = knownLanguage(raw);
    if (known) return known;
  }
  return SOURCE_LANGUAGE;
}

/** The language Punchcard speaks for one tag or POSIX name (`de-AT` -> `de`, `C` -> `en`); undefined when none. */
export function knownLanguage(raw: string | undefined): Language | undefined {
  const tag = toBcp47(raw);
  if (!tag) return undefined;
  if (tag === 'C' || tag === 'POSIX') return 'en';
  const exact = LANGUAGES.find((l) => l.toLowerCase() === tag.toLowerCase());
  if (exact) return exact;
  const base = tag.split('-')[0].toLowerCase();
  return LANGUAGES.find((l) => l === base);
}

/**
 * A POSIX locale name or a BCP 47 tag as BCP 47: `de_DE.UTF-8@euro` -> `de-DE`, `C.UTF-8` -> `C`; undefined when
 * empty or not a locale at all.
 */
export function toBcp47(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const name = raw.trim().split(/[.@]/)[0];
  if (!name) return undefined;
  if (name === 'C' || name === 'POSIX') return name;
  const tag = name.replace(/_/g, '-');
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

/**
 * A region's formats as a locale tag Intl accepts (`de-DE`, `en-US`, `ar-EG`), from a preference, a POSIX name or a
 * browser's tag; undefined when it is none. A bare language (`de`) is accepted: Intl then uses that language's
 * default region.
 */
export function regionTag(raw: string | undefined): string | undefined {
  const tag = toBcp47(raw);
  if (!tag || tag === 'C' || tag === 'POSIX') return undefined;
  try {
    return new Intl.Locale(tag).baseName === 'en-XA' ? 'en-US' : tag;
  } catch {
    return undefined;
  }
}

/** Regions offered in Settings (any other tag set elsewhere, e.g. `punch config --region`, is kept and shown too). */
export const SUGGESTED_REGIONS = [
  'en-US',
  'en-GB',
  'en-IE',
  'en-IN',
  'en-AU',
  'en-CA',
  'de-DE',
  'de-AT',
  'de-CH',
  'fr-FR',
  'fr-BE',
  'fr-CA',
  'fr-CH',
  'es-ES',
  'es-MX',
  'es-AR',
  'ar-EG',
  'ar-SA',
  'ar-AE',
  'ar-MA',
] as const;
