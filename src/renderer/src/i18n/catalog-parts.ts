/**
 * The window's messages in two parts, made at build time (scripts/vite/first-messages.ts): the first screen's (every
 * message declared in the modules the first screen runs: about a sixth of a catalog), asked for with the app's script
 * (main.tsx), and the rest, asked for once the first screen takes input (LocaleRoot.tsx). A screen or a part drawn
 * from a chunk of its own waits for `wholeCatalogShown` (screens.tsx), so no word shows as an id while the rest is
 * on its way; what the core says as a code (a reminder, an entry's refusal) is said in its English meanwhile, as for
 * any code a catalog lacks (src/shared/i18n/said.ts `sayIt`). A change of language loads the whole catalog at once
 * (../../../shared/i18n/catalogs.ts).
 */
import type { Language } from '../../../shared/i18n/locales';
import type { CompiledMessages } from '../../../shared/i18n/messages';

type Loader = () => Promise<{ default: CompiledMessages }>;

const FIRST: Readonly<Record<Language, Loader>> = {
  en: () => import('virtual:punchcard-messages/first-en'),
  de: () => import('virtual:punchcard-messages/first-de'),
  fr: () => import('virtual:punchcard-messages/first-fr'),
  es: () => import('virtual:punchcard-messages/first-es'),
  ar: () => import('virtual:punchcard-messages/first-ar'),
  'en-XA': () => import('virtual:punchcard-messages/first-en-XA'),
};

const REST: Readonly<Record<Language, Loader>> = {
  en: () => import('virtual:punchcard-messages/rest-en'),
  de: () => import('virtual:punchcard-messages/rest-de'),
  fr: () => import('virtual:punchcard-messages/rest-fr'),
  es: () => import('virtual:punchcard-messages/rest-es'),
  ar: () => import('virtual:punchcard-messages/rest-ar'),
  'en-XA': () => import('virtual:punchcard-messages/rest-en-XA'),
};

/** The first screen's messages of `language`. */
export async function loadFirstMessages(language: Language): Promise<CompiledMessages> {
  return (await FIRST[language]()).default;
}

/** The rest of `language`'s catalog (what `loadFirstMessages` left out). */
export async function loadRestMessages(language: Language): Promise<CompiledMessages> {
  return (await REST[language]()).default;
}

let shown!: () => void;
/** Resolved once the window draws with a whole catalog (LocaleRoot.tsx): what a screen outside the first waits for. */
export const wholeCatalogShown = new Promise<void>((resolve) => (shown = resolve));
export function wholeCatalogIsShown(): void {
  shown();
}

/** A chunk drawn outside the first screen (another screen, the timer's questions): once the whole catalog is shown. */
export function withWholeCatalog<T>(chunk: Promise<T>): Promise<T> {
  return Promise.all([chunk, wholeCatalogShown]).then(([m]) => m);
}
