/**
 * Loading one language's compiled messages, and only that one: each is its own file (./compiled/<language>.json,
 * made by `npm run i18n:compile`), imported on demand. In the renderer each is its own chunk; in `punch`'s bundle
 * each is a `JSON.parse` of a string that runs only when that language is asked for (scripts/build-node.mjs).
 */
import type { Language } from './locales';
import type { CompiledMessages } from './messages';

type Loader = () => Promise<{ default: unknown }>;

const LOADERS: Readonly<Record<Language, Loader>> = {
  en: () => import('./compiled/en.json'),
  de: () => import('./compiled/de.json'),
  fr: () => import('./compiled/fr.json'),
  es: () => import('./compiled/es.json'),
  ar: () => import('./compiled/ar.json'),
  'en-XA': () => import('./compiled/en-XA.json'),
};

export async function loadMessages(language: Language): Promise<CompiledMessages> {
  return (await LOADERS[language]()).default as CompiledMessages;
}
