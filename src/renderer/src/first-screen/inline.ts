/**
 * What the page's inline script runs first, as the page is parsed and before the first paint: the system's language's
 * screen in place (own-language.ts; the language the user chose, if another, is main.tsx's to put in place). Built into a self-contained script by electron.vite.config.ts and written into
 * index.html before the early-input layer, in the same <script> element. A failure here leaves the layer to run all
 * the same: main.tsx puts the language in place again.
 */
import { systemLanguage } from '../i18n/language';
import { ownLanguageScreen } from './own-language';

try {
  ownLanguageScreen(systemLanguage());
} catch {
  /* main.tsx does it again */
}
