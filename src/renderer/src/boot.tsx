/** The app's start (main.tsx loads it after the first frame): subscribe to the core's push events once, hydrate or draw the window, and load what the first screen needs. */
import { StrictMode, useEffect, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { answerFirstCallsFrom, api, stopAnsweringFirstCalls } from './bridge';
import { App } from './App';
import { loadEverything } from './store';
import { subscribeToEvents } from './store/events';
import { appStore } from './store/useApp';
import { loadFirstMessages } from './i18n/catalog-parts';
import { LocaleRoot } from './i18n/LocaleRoot';
import { applyLanguage, firstLanguage } from './i18n/language';
import { firstAnswers } from './first-screen/answers';
import { FIRST_SCREEN_MARK } from './components/track/TrackScreen';
import type { WindowWithEarlyInput } from './first-screen/early-input';
import { replayActs } from './first-screen/take-over';

// When the app's script starts to run: after the first paint (main.tsx), its messages already asked for (a browser
// test and the benchmark read it: test/e2e/first-screen.spec.ts).
performance.mark('punchcard:app-script');

// Subscribed here, not in an effect: StrictMode runs effects twice, and a second subscription would apply every event twice.
const unsubscribe = subscribeToEvents(appStore, api);
window.addEventListener('pagehide', unsubscribe, { once: true });

// The window's language (docs/i18n.md): the first screen's messages first (their own chunk; the rest of the catalog
// once the first screen takes input: i18n/catalog-parts.ts), then the app in them; and the first screen's answers (in
// the page, or asked for by main.tsx beside this script: first-screen/answers.ts).
const language = firstLanguage();
applyLanguage(language);
const [messages, answers] = await Promise.all([loadFirstMessages(language), firstAnswers()]);

/**
 * With the first screen's answers at hand (first-screen/answers.ts), the first load is answered from them, without a request:
 * once the first screen takes input (its mark, set by TrackScreen), in the task after it. Drawn earlier, they would
 * change the store under the hydration (React would draw everything again) or hold the window's first input back by
 * the render of all they show (60-110 ms on a busy machine: docs/benchmarks.md); this way the window takes input as
 * soon as without them, and shows them at the next frame instead of after ten requests.
 */
const filled = answers.size > 0;
const takesInput = firstScreenTakesInput();
answerFirstCallsFrom(answers, takesInput);
function firstScreenTakesInput(): Promise<void> {
  return new Promise((ready) => {
    const after = () => setTimeout(ready, 0);
    // at the latest a second on: a first screen that set no mark does not keep its data
    const fallback = setTimeout(after, 1000);
    try {
      new PerformanceObserver((list, observer) => {
        if (list.getEntriesByName(FIRST_SCREEN_MARK).length === 0) return;
        observer.disconnect();
        clearTimeout(fallback);
        after();
      }).observe({ type: 'mark', buffered: true });
    } catch {
      /* no User Timing here: the fallback */
    }
  });
}

/**
 * What the window needs is asked for once the first screen is on (drawn, or hydrated from the HTML built with it:
 * prerender.tsx): answers that came in earlier would be worked through before the first frame, and an update during
 * hydration would make React draw everything again. Once only, though StrictMode runs effects twice. With the page's
 * answers, the week as a glance (as the page was given it), read "now" once the window is idle (catchUp).
 */
let loading = false;
let loaded!: () => void;
const firstLoad = new Promise<void>((settled) => (loaded = settled));
/** The job list read (or refused): what a kept act can need of the first load (the job picker's choice, a log's job). */
const jobsSettled = new Promise<void>((settled) => {
  const done = () => appStore.getState().jobs.loaded || appStore.getState().jobs.error !== null;
  if (done()) return settled();
  const stop = appStore.subscribe(() => {
    if (!done()) return;
    stop();
    settled();
  });
});
function Boot() {
  useEffect(() => {
    if (loading) return;
    loading = true;
    void loadEverything(appStore, filled ? 'glance' : 'now').finally(() => {
      loaded();
      if (!filled) return;
      stopAnsweringFirstCalls();
      if (window.requestIdleCallback) window.requestIdleCallback(catchUp, { timeout: 1000 });
      else setTimeout(catchUp, 300);
    });
  }, []);
  // App alone under Boot, as under the prerender's root (prerender.tsx): a sibling beside it would make a fork in
  // the tree, and React's useId would give App's elements other ids than the page was built with; hydration keeps the
  // built ones, and an attribute written later with the app's id (aria-describedby) would name nothing
  return (
    <EarlyActs>
      <App />
    </EarlyActs>
  );
}

/**
 * The first screen took input before this script (first-screen/early-input.ts): what was typed is in the app's state
 * from the first screen's hydration on (TrackScreen); what was pressed is replayed here, in order, once (take-over.ts).
 * Not before the first screen is in charge (its mark) and the job list is read (an act may choose a job, a log needs
 * one) or the whole first load has settled, whichever comes first: a slow answer the acts do not need (the roles)
 * does not hold them; and a commit after the one that drew what came, so that what a screen derives from it in its
 * own effects is drawn too (the Track form's day follows today's date in an effect).
 */
function EarlyActs({ children }: { children: ReactNode }) {
  const [stage, setStage] = useState<'waiting' | 'loaded' | 'drawn'>('waiting');
  useEffect(() => {
    void Promise.all([Promise.race([firstLoad, jobsSettled]), takesInput]).then(() => setStage('loaded'));
  }, []);
  useEffect(() => {
    if (stage === 'loaded') setStage('drawn');
    // after this effect, not in it: React draws nothing while its effects run, and each act must be drawn before the next
    else if (stage === 'drawn')
      queueMicrotask(() => replayActs((window as WindowWithEarlyInput).punchcardEarlyInput?.take() ?? [], root, flushSync));
  }, [stage]);
  return children;
}

/**
 * What the page was given is what the core answered when the page was made, the week as the core kept it. A change
 * since (another tab's log, `punch` in a terminal) reached no event stream of this page, which opened only now; and a
 * window just opened shows the week as the service holds it now. So once the window is idle, the same reads again,
 * from the core, the week "now": what a window without the answers asks at once.
 */
function catchUp(): void {
  void loadEverything(appStore, 'now');
}

// A built window has the first screen as HTML already, in its language (main.tsx put it in place): it is hydrated,
// not drawn again. Where there is none (the dev server), or in another language than the one found, the app is drawn.
const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <LocaleRoot first={{ language, messages }} rest={takesInput}>
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
