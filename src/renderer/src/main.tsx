/**
 * Renderer entry. The built index.html already holds the first screen (prerender.tsx), and these styles are all it
 * needs; so the browser paints it before the app's script is even parsed, and only then is the app loaded (boot.tsx),
 * which takes the screen over where it is. A script run at once would hold that first frame back for as long as it
 * takes to parse and run (the first tab's content within 300 ms of navigation; bench/web-mode.ts measures it).
 */
import './styles.css';
import './styles/track.css';
import { directionOf } from '../../shared/i18n/locales';
import { firstLanguage } from './i18n/language';

/**
 * The screen built into index.html is in English. In another language it is not shown: the page stays empty for the
 * moment the app's script takes to load, instead of showing English words that then change (docs/i18n.md).
 */
const language = firstLanguage();
document.documentElement.lang = language;
document.documentElement.dir = directionOf(language);
if (language !== 'en') document.getElementById('root')?.replaceChildren();

/**
 * If the script cannot be loaded (a window kept open across a rebuild asks for a file that is gone), the screen
 * built into the page would stay on show and never answer: say so instead, with what to do.
 */
function cannotStart(): void {
  const root = document.getElementById('root');
  root?.removeAttribute('data-prerendered');
  const box = document.createElement('div');
  box.className = 'callout callout-error boot-failed';
  box.setAttribute('role', 'alert');
  box.textContent = 'Punchcard could not load its program files. Reload the window; if this stays, restart Punchcard (or `npm run web`).';
  root?.replaceChildren(box);
}

/**
 * The app's script (boot.tsx: React, the store, 250 kB) is asked for once the first screen is on show: when the
 * browser reports its first contentful paint. Compiling and running it meanwhile would hold that paint back (on two
 * CPUs it competes with the rasterising of the very frame that shows the screen: about 120 ms on a busy machine).
 * Where no paint is reported (a window kept hidden until it is ready), shortly after the first frame all the same.
 */
let started = false;
function start(): void {
  if (started) return;
  started = true;
  import('./boot').catch(cannotStart);
}
try {
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(start, 0);
  }).observe({ type: 'paint', buffered: true });
} catch {
  /* no Paint Timing here: the frame below starts it */
}
requestAnimationFrame(() => setTimeout(start, 500));
