/** The app's start (main.tsx loads it after the first frame): subscribe to the core's push events once, hydrate or draw the window, and load what the first screen needs. */
import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { api } from './bridge';
import { App } from './App';
import { loadEverything } from './store';
import { subscribeToEvents } from './store/events';
import { appStore } from './store/useApp';
import { loadMessages } from '../../shared/i18n/catalogs';
import { LocaleRoot } from './i18n/LocaleRoot';
import { applyLanguage, firstLanguage } from './i18n/language';

// When the app's script starts to run: after the first paint (main.tsx), its messages already asked for (a browser
// test and the benchmark read it: test/e2e/first-screen.spec.ts).
performance.mark('punchcard:app-script');

// Subscribed here, not in an effect: StrictMode runs effects twice, and a second subscription would apply every event twice.
const unsubscribe = subscribeToEvents(appStore, api);
window.addEventListener('pagehide', unsubscribe, { once: true });
/**
 * What the window needs is asked for once the first screen is on (drawn, or hydrated from the HTML built with it:
 * prerender.tsx): answers that came in earlier would be worked through before the first frame, and an update during
 * hydration would make React draw everything again. Once only, though StrictMode runs effects twice.
 */
let loading = false;
function Boot() {
  useEffect(() => {
    if (loading) return;
    loading = true;
    void loadEverything(appStore);
  }, []);
  return <App />;
}

// The window's language (docs/i18n.md): its messages first (their own chunk), then the app in them.
const language = firstLanguage();
applyLanguage(language);
const messages = await loadMessages(language);

// A built window has the first screen as HTML already, in its language (main.tsx put it in place): it is hydrated,
// not drawn again. Where there is none (the dev server), or in another language than the one found, the app is drawn.
const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <LocaleRoot first={{ language, messages }}>
      <Boot />
    </LocaleRoot>
  </StrictMode>
);
if (root.hasAttribute('data-prerendered') && root.dataset.language === language) hydrateRoot(root, app);
else {
  root.removeAttribute('data-prerendered');
  root.replaceChildren();
  createRoot(root).render(app);
}
