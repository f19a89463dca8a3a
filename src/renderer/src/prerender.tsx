/**
 * The first screen as HTML, made at build time (electron.vite.config.ts `prerenderFirstScreen`) and written into
 * index.html, so the window shows the Track tab as soon as the HTML and CSS are in, before the script has run; the
 * script then hydrates it (main.tsx). It renders the store's initial state: nothing loaded yet, no account, no date
 * (what depends on the day or on the core is drawn after the first render on the client: see `useMounted`), in
 * English: a window in another language does not show it (main.tsx) and draws the app instead.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from './App';
import en from '../../shared/i18n/compiled/en.json';
import type { CompiledMessages } from '../../shared/i18n/messages';
import { I18n } from './i18n/I18n';

export function renderFirstScreen(): string {
  return renderToString(
    <StrictMode>
      <I18n language="en" region="en-GB" messages={en as unknown as CompiledMessages}>
        <App />
      </I18n>
    </StrictMode>,
  );
}
