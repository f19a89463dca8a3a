/**
 * The first screen in the window's language, put in place before the first paint. The built index.html holds the
 * English screen in #root and each other language's as text in a data block beside it (`<script type="text/html"
 * data-first-screen="de">`: the browser neither runs nor builds it, so a page in English pays for the others only
 * what it takes to read past their text; electron.vite.config.ts `firstScreens`). The page's inline script runs this
 * as it is parsed (first-screen/inline.ts) with the system's language, so a German window's first paint is German: no
 * English frame, whenever the module script comes. main.tsx runs it again with the language as the window last used
 * it (i18n/language.ts `firstLanguage`: a hint in localStorage, read only there, since its first read waits for the
 * browser process twice, 4-8 ms of a busy machine's first paint), which finds it in place and does nothing, unless
 * the user chose another language than the system's (without an inline script, the dev server's page, it empties
 * #root rather than show English words that then change).
 */
import { directionOf, type Language } from '../../../shared/i18n/locales';

/** The data block that holds `language`'s screen and what the page says if the app's script cannot be loaded. */
export function firstScreenBlock(language: Language): HTMLElement | null {
  return document.querySelector<HTMLElement>(`script[data-first-screen="${language}"]`);
}

/** Sets `<html lang dir>` and, unless #root already speaks it, puts the language's screen there; returns the language. */
export function ownLanguageScreen(language: Language): Language {
  // written only when they change: a change of either is the whole page's style to work out again
  const page = document.documentElement;
  if (page.lang !== language) page.lang = language;
  const dir = directionOf(language);
  if ((page.getAttribute('dir') ?? 'ltr') !== dir) page.dir = dir;
  const root = document.getElementById('root');
  if (root && language !== root.dataset.language) {
    const html = firstScreenBlock(language)?.textContent ?? '';
    if (html) {
      // English's block is empty (#root held it): kept there as it is, should main.tsx put it back (a user who chose
      // English on a German system)
      const shown = root.dataset.language ? firstScreenBlock(root.dataset.language as Language) : null;
      if (shown && !shown.textContent) shown.textContent = root.innerHTML;
      root.innerHTML = html;
      root.dataset.language = language;
    } else {
      root.replaceChildren();
      root.removeAttribute('data-prerendered');
    }
  }
  return language;
}
