/**
 * The first screen as HTML, made at build time (electron.vite.config.ts `prerenderFirstScreen`) and written into
 * index.html, so the window shows the Track tab as soon as the HTML and CSS are in, before the script has run; the
 * script then hydrates it (main.tsx, boot.tsx). It renders the store's initial state: nothing loaded yet, no account,
 * no date (what depends on the day or on the core is drawn after the first render on the client: see `useMounted`).
 *
 * Once per language: English goes into #root, the others into <template>s beside it, and main.tsx puts the one of
 * the window's language in its place before the first frame, so a German window opens in German at once (no English
 * flash, no empty frame). Each comes with the words main.tsx shows if the app's script cannot be loaded.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from './App';
import { BOOT_FAILED } from './boot-failed';
import en from '../../shared/i18n/compiled/en.json';
import de from '../../shared/i18n/compiled/de.json';
import fr from '../../shared/i18n/compiled/fr.json';
import es from '../../shared/i18n/compiled/es.json';
import ar from '../../shared/i18n/compiled/ar.json';
import enXA from '../../shared/i18n/compiled/en-XA.json';
import { LANGUAGES, type Language } from '../../shared/i18n/locales';
import type { CompiledMessages } from '../../shared/i18n/messages';
import { createWording } from '../../shared/i18n/wording';
import { I18n } from './i18n/I18n';

const CATALOGS: Record<Language, unknown> = { en, de, fr, es, ar, 'en-XA': enXA };

/**
 * The region each language's screen is drawn in. Nothing on the first screen depends on the region (no date, time
 * or number: useMounted), so a window in another region hydrates it all the same.
 */
const REGION: Record<Language, string> = { en: 'en-GB', de: 'de-DE', fr: 'fr-FR', es: 'es-ES', ar: 'ar-EG', 'en-XA': 'en-GB' };

export interface FirstScreen {
  language: Language;
  html: string;
  /** What the page says if the app's script cannot be loaded (main.tsx). */
  bootFailed: string;
}

export function renderFirstScreens(): FirstScreen[] {
  return LANGUAGES.map((language) => {
    const messages = CATALOGS[language] as CompiledMessages;
    const html = renderToString(
      <StrictMode>
        <I18n language={language} region={REGION[language]} messages={messages}>
          <App />
        </I18n>
      </StrictMode>,
    );
    return {
      language,
      html: takingInput(html),
      bootFailed: createWording(language, REGION[language], messages).say(BOOT_FAILED, { web: 'npm run web' }),
    };
  });
}

/**
 * The window as built takes input from its first paint (first-screen/early-input.ts): not closed to it as App's first
 * render says (inert until the script is in charge, for a window drawn without the page's layer). Hydration keeps the
 * element's attributes as they are (React checks only text), and App's next render drops them all the same.
 */
function takingInput(html: string): string {
  const closed = '<div class="app" inert="" aria-disabled="true">';
  if (!html.includes(closed)) throw new Error(`prerender.tsx: the first screen has no ${closed} to open`);
  return html.replace(closed, '<div class="app">');
}

export { earlyInputScript } from './first-screen/early-input';
