/**
 * The first screen as HTML, made at build time (electron.vite.config.ts `prerenderFirstScreen`) and written into
 * index.html, so the window shows the Track tab as soon as the HTML and CSS are in, before the script has run; the
 * script then hydrates it (main.tsx). It renders the store's initial state: nothing loaded yet, no account, no date
 * (what depends on the day or on the core is drawn after the first render on the client: see `useMounted`).
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from './App';

export function renderFirstScreen(): string {
  return renderToString(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
