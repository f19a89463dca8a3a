/**
 * What the page's inline script runs first, as the page is parsed and before the first paint: the window's language's
 * screen in place (own-language.ts). Built into a self-contained script by electron.vite.config.ts and written into
 * index.html before the early-input layer, in the same <script> element. A failure here leaves the layer to run all
 * the same: main.tsx puts the language in place again.
 */
import { ownLanguageScreen } from './own-language';

try {
  ownLanguageScreen();
} catch {
  /* main.tsx does it again */
}
