/**
 * Which component draws each screen. Track (where the window opens) is in the first bundle; the other screens are
 * separate chunks, so the first tab's content is not held up by parsing Team, HR and Settings (first tab
 * within 300 ms of navigation). Once the first screen is drawn they are fetched while the window is idle, so
 * switching tabs does not wait either; a tab opened before that shows "Loading..." for the moment it takes.
 */
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import type { Screen } from '../../shared/contract';
import { defineMessages } from '../../shared/i18n/messages';
import { useWording } from './i18n/I18n';
import { Loading } from './components/Messages';
import { ScreenBoundary } from './components/ScreenBoundary';
import { TrackScreen } from './components/track/TrackScreen';
import { withWholeCatalog } from './i18n/catalog-parts';
import { withSlice } from './store/later';
import { appStore } from './store/useApp';

/**
 * Stylesheets that failed to arrive. A screen's chunk comes with its CSS, which Vite's preload adds as a <link> once
 * and never again, a failed one included (it skips a link already in the page): after a CSS request that failed (web
 * mode's server restarted, the network dropped) the screen came back from Try again, or from its tab after the idle
 * fetch failed, without its styles. So a failed stylesheet is asked for again before a screen's code is loaded, and
 * the screen waits for it; failing again, the load fails and the screen says so (its boundary's Try again).
 */
const failedSheets = new WeakSet<HTMLLinkElement>();
const isSheet = (t: EventTarget | null): t is HTMLLinkElement => t instanceof HTMLLinkElement && t.rel === 'stylesheet';
if (typeof document !== 'undefined') {
  // a link's error does not bubble: heard on its way down (capture)
  document.addEventListener('error', (e) => isSheet(e.target) && failedSheets.add(e.target), true);
  document.addEventListener('load', (e) => isSheet(e.target) && failedSheets.delete(e.target), true);
}

function sheetsAgain(): Promise<unknown> {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
  return Promise.all(
    links.map((link) => {
      if (failedSheets.has(link)) return outcomeOf(link.cloneNode() as HTMLLinkElement, (fresh) => link.replaceWith(fresh));
      // still on its way (the idle fetch's): waited for, so a screen is not drawn before its styles are known to come
      if (link.sheet === null) return outcomeOf(link);
      return undefined;
    }),
  );
}

/** Resolves when `link` has loaded, rejects when it fails; `place` puts a new link in the page after its listeners. */
function outcomeOf(link: HTMLLinkElement, place?: (link: HTMLLinkElement) => void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => reject(new Error(`The stylesheet ${link.href} could not be loaded`)), { once: true });
    place?.(link);
  });
}

/** A screen's module once its slice is installed too (both fetched at once). */
const first = <T,>(screen: Promise<T>, slice: Promise<void>): Promise<T> => Promise.all([screen, slice]).then(([m]) => m);

const LOADERS = {
  week: () => withWholeCatalog(import('./components/week/WeekScreen')).then((m) => ({ default: m.WeekScreen })),
  outbox: () => withWholeCatalog(import('./components/outbox/OutboxScreen')).then((m) => ({ default: m.OutboxScreen })),
  // Team's and HR's slices are built on first use (store/later.ts): installed before their screen is handed to React
  team: () =>
    withWholeCatalog(first(import('./components/team/TeamScreen'), withSlice(appStore, 'team'))).then((m) => ({ default: m.TeamScreen })),
  hr: () => withWholeCatalog(first(import('./components/hr/HrScreen'), withSlice(appStore, 'hr'))).then((m) => ({ default: m.HrScreen })),
  settings: () => withWholeCatalog(import('./components/settings/SettingsScreen')).then((m) => ({ default: m.SettingsScreen })),
} satisfies Record<Exclude<Screen, 'track'>, () => Promise<{ default: ComponentType }>>;

const M = defineMessages({
  opening: {
    id: 'app.opening-screen',
    defaultMessage: 'Opening...',
    description: "While a tab's screen is loaded (a moment, the first time).",
  },
});

/**
 * Each screen's lazy component, made when first drawn. React.lazy keeps the promise of its first load, a rejected one
 * included: after a chunk failed to arrive (web mode's server restarted, the network dropped) "Try again" met the same
 * failure without asking for the chunk again. So a screen whose load failed gets a new lazy component at the next
 * attempt (Try again, or its tab chosen again: `attempt` grows), which asks for the chunk anew. Not at every draw:
 * React draws a failed part once more before it gives up, and a new load there would never let the failure show.
 */
interface Made {
  component: ComponentType;
  attempt: number;
  failed: boolean;
}
const made: Partial<Record<Screen, Made>> = {};

function screenComponent(screen: Screen, attempt: number): ComponentType {
  if (screen === 'track') return TrackScreen;
  const known = made[screen];
  if (known && !(known.failed && attempt > known.attempt)) return known.component;
  const load = () => sheetsAgain().then(LOADERS[screen]);
  const entry: Made = {
    attempt,
    failed: false,
    component: lazy(() =>
      load().catch((error: unknown) => {
        entry.failed = true;
        throw error;
      }),
    ),
  };
  made[screen] = entry;
  return entry.component;
}

/** The screen's component for this attempt, asked for at each draw (./components/ScreenBoundary.tsx draws it afresh). */
function ChosenScreen({ screen, attempt }: { screen: Screen; attempt: number }) {
  const Chosen = screenComponent(screen, attempt);
  return <Chosen />;
}

export function ScreenHost({ screen }: { screen: Screen }) {
  const w = useWording();
  // a new attempt at each Try again and each change of tab: a screen whose chunk failed to load asks for it again
  const [attempt, setAttempt] = useState(0);
  const [shownFor, setShownFor] = useState(screen);
  if (shownFor !== screen) {
    setShownFor(screen);
    setAttempt((a) => a + 1);
  }
  // After the first screen: fetch the others while idle (import() caches each module, so this runs them once).
  useEffect(() => {
    const fetchAll = () => {
      for (const load of Object.values(LOADERS)) void load().catch(() => undefined);
    };
    const idle = window.requestIdleCallback?.(fetchAll, { timeout: 2000 });
    const t = idle === undefined ? window.setTimeout(fetchAll, 300) : undefined;
    return () => {
      if (idle !== undefined) window.cancelIdleCallback?.(idle);
      if (t !== undefined) clearTimeout(t);
    };
  }, []);
  // a screen that fails shows its boundary's message in its place; another tab clears it (ScreenBoundary)
  return (
    <ScreenBoundary screen={screen} onRetry={() => setAttempt((a) => a + 1)}>
      <Suspense fallback={<Loading>{w.say(M.opening)}</Loading>}>
        <ChosenScreen screen={screen} attempt={attempt} />
      </Suspense>
    </ScreenBoundary>
  );
}
