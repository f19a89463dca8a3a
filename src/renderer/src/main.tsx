/**
 * Renderer entry. The built index.html already holds the first screen (prerender.tsx), and these styles are all it
 * needs; so the browser paints it before the app's script is even parsed, and only then is the app loaded (boot.tsx),
 * which takes the screen over where it is. A script run at once would hold that first frame back for as long as it
 * takes to parse and run (the first tab's content within 300 ms of navigation; bench/web-page-loads.ts measures it).
 */
import './styles.css';
import './styles/track.css';
// The notices' strip is in the window from its first render: with the first screen's styles, its own stylesheet would
// be a file Vite's loader waits for before it runs the app's script (a request on the path to the mark).
import './styles/notices.css';
import { BOOT_FAILED } from './boot-failed';
import { firstLanguage } from './i18n/language';
import { loadFirstMessages } from './i18n/catalog-parts';
import { firstAnswers } from './first-screen/answers';
import { firstScreenBlock, ownLanguageScreen } from './first-screen/own-language';

/**
 * The screen built into index.html is in English (#root), each other language's in a data block beside it
 * (prerender.tsx): the page's inline script has put the system's language in place before the first paint
 * (first-screen/own-language.ts); this finds it there, or puts the language the user chose in its place. Without one (the dev server builds none) the page stays empty
 * for the moment the app's script takes to load, rather than showing English words that then change (docs/i18n.md).
 */
const language = ownLanguageScreen(firstLanguage());
const ownScreen = firstScreenBlock(language);
const root = document.getElementById('root');

/**
 * If the script cannot be loaded (a window kept open across a rebuild asks for a file that is gone), the screen
 * built into the page would stay on show and never answer: say so instead, with what to do, in the window's language
 * (written into index.html with each language's screen; the message's English where the page has none).
 */
function cannotStart(): void {
  root?.removeAttribute('data-prerendered');
  const box = document.createElement('div');
  box.className = 'callout callout-error boot-failed';
  box.setAttribute('role', 'alert');
  box.textContent = ownScreen?.dataset.bootFailed ?? BOOT_FAILED.defaultMessage.replace('{web}', 'npm run web');
  root?.replaceChildren(box);
}

/**
 * The app's script (boot.tsx: React, the store, 250 kB) is asked for once the first screen is on show: when the
 * browser reports its first contentful paint. Compiling and running it meanwhile would hold that paint back (on two
 * CPUs it competes with the rasterising of the very frame that shows the screen: about 120 ms on a busy machine).
 * Where no paint is reported (a window kept hidden until it is ready), shortly after the first frame all the same.
 * Its files are not preloaded from the page's head (that put the first paint over its goal at low load:
 * docs/benchmarks.md, "The fifth pass's preloads, taken out"), so after the paint they are fetched, compiled and run.
 */
let started = false;
function start(): void {
  if (started) return;
  started = true;
  // when the app's script is asked for (the benchmark and test/e2e/first-screen.spec.ts read it)
  performance.mark('punchcard:app-asked');
  // The first screen's messages beside the app's script, not after it: boot.tsx needs both before it can take the
  // screen over, and its own import of the messages (the same module, fetched once) went out only once it ran, 70-100
  // ms later on a busy machine. A failure here is boot.tsx's to report (it awaits the same import). The rest of the
  // catalog comes once the first screen takes input (i18n/catalog-parts.ts).
  void loadFirstMessages(language).catch(() => undefined);
  // Electron's first screen's answers, asked for now so the core works on them while the script loads (web mode's
  // are in the page already): first-screen/answers.ts
  void firstAnswers();
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
