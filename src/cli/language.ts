/**
 * punch's language and region (docs/i18n.md): the language from `--lang`, else the preference set in the app or with
 * `punch config` (when it is not "system"), else the environment as POSIX orders it: LC_ALL, then LC_MESSAGES, then
 * LANG (the first one set decides; `C` and `POSIX` mean English). The region's formats likewise from the preference,
 * else LC_ALL, LC_TIME, LC_NUMERIC, LANG; with none (or `C`), the formats punch always used (24-hour clock, "Thu 19
 * Nov": en-GB's). Only the chosen language's messages are loaded, once per run. `--json` output has no words, so it is
 * the same in every language.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadMessages } from '../shared/i18n/catalogs';
import { isLanguage, knownLanguage, LANGUAGES, pickLanguage, regionTag, type Language } from '../shared/i18n/locales';
import type { Wording } from '../shared/i18n/messages';
import { createWording } from '../shared/i18n/wording';
import { plainSpaces } from './words';

/** The formats of a terminal that names no region (or C/POSIX). */
export const NO_REGION = 'en-GB';

type Env = Record<string, string | undefined>;

/** The first of `names` set to something in `env` (an empty value counts as unset, as POSIX says). */
function firstSet(env: Env, names: string[]): string | undefined {
  for (const n of names) if (env[n]) return env[n];
  return undefined;
}

export function languageFromEnv(env: Env): Language {
  return pickLanguage([firstSet(env, ['LC_ALL', 'LC_MESSAGES', 'LANG'])]);
}

export function regionFromEnv(env: Env): string {
  return regionTag(firstSet(env, ['LC_ALL', 'LC_TIME', 'LC_NUMERIC', 'LANG'])) ?? NO_REGION;
}

/** The value of `--name X` / `--name=X` anywhere in argv (read before parsing: help and usage errors need words too). */
export function optionIn(argv: readonly string[], name: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === `--${name}`) return argv[i + 1];
    if (argv[i].startsWith(`--${name}=`)) return argv[i].slice(name.length + 3);
  }
  return undefined;
}

/**
 * The language and region stored by the app or `punch config` (preferences.json in the data directory), read as a
 * plain file: punch must not open the core to print its help. Anything unreadable counts as not set (the core
 * reports a damaged file itself when it opens it).
 */
export function storedLocale(dataDir: string): { language?: string; region?: string; timeZone?: string } {
  try {
    const doc = JSON.parse(readFileSync(join(dataDir, 'preferences.json'), 'utf8')) as {
      preferences?: { language?: unknown; region?: unknown; timeZone?: unknown };
    };
    const p = doc.preferences ?? {};
    return {
      ...(typeof p.language === 'string' && p.language !== 'system' ? { language: p.language } : {}),
      ...(typeof p.region === 'string' && p.region !== 'system' ? { region: p.region } : {}),
      ...(typeof p.timeZone === 'string' && p.timeZone !== 'system' ? { timeZone: p.timeZone } : {}),
    };
  } catch {
    return {};
  }
}

export interface CliLocale {
  language: Language;
  region: string;
  /** The zone the user's days are counted in (the preference `timeZone`); none: this computer's. */
  timeZone?: string;
  /** `--lang` named a language punch does not speak (said as a usage error, in the language chosen otherwise). */
  unknownLang?: string;
}

export function cliLocale(argv: readonly string[], env: Env, dataDir: string): CliLocale {
  const stored = storedLocale(dataDir);
  const asked = optionIn(argv, 'lang');
  const known = knownLanguage(asked);
  const otherwise = stored.language && isLanguage(stored.language) ? stored.language : languageFromEnv(env);
  return {
    language: known ?? otherwise,
    region: (stored.region && regionTag(stored.region)) || regionFromEnv(env),
    ...(stored.timeZone ? { timeZone: stored.timeZone } : {}),
    ...(asked !== undefined && !known ? { unknownLang: asked } : {}),
  };
}

/**
 * punch's words and formats, with Intl's narrow spaces as plain ones: a terminal gives every character a column of its
 * own, so they look the same, and plain spaces keep the output what people type when they search it (`grep "16 – 22"`).
 */
export async function cliWording(locale: CliLocale): Promise<Wording> {
  const w = createWording(locale.language, locale.region, await loadMessages(locale.language));
  // each format function wrapped; the other fields (the hour cycle: a getter, asked of Intl only when read) as they are
  const formats = Object.defineProperties(
    {},
    Object.fromEntries(
      Object.entries(Object.getOwnPropertyDescriptors(w.formats)).map(([k, d]) => {
        const v: unknown = d.value;
        return [k, typeof v === 'function' ? { ...d, value: (...a: unknown[]) => plainSpaces(String(v(...a))) } : d];
      }),
    ),
  ) as Wording['formats'];
  return { ...w, formats, say: (m, values) => plainSpaces(w.say(m, values)) };
}

export const SPOKEN = LANGUAGES.filter((l) => l !== 'en-XA');
