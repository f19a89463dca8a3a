/**
 * Which component draws each screen. Track (where the window opens) is in the first bundle; the other screens are
 * separate chunks, so the first tab's content is not held up by parsing Team, HR and Settings (first tab
 * within 300 ms of navigation). Once the first screen is drawn they are fetched while the window is idle, so
 * switching tabs does not wait either; a tab opened before that shows "Loading..." for the moment it takes.
 */
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import type { Screen } from '../../shared/contract';
import { defineMessages } from '../../shared/i18n/messages';
import { useWording } from './i18n/I18n';
import { Loading } from './components/Messages';
import { ScreenBoundary } from './components/ScreenBoundary';
import { TrackScreen } from './components/track/TrackScreen';
import { withWholeCatalog } from './i18n/catalog-parts';
import { withSlice } from './store/later';
import { appStore } from './store/useApp';

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

const VIEWS: Record<Screen, ComponentType> = {
  track: TrackScreen,
  week: lazy(LOADERS.week),
  outbox: lazy(LOADERS.outbox),
  team: lazy(LOADERS.team),
  hr: lazy(LOADERS.hr),
  settings: lazy(LOADERS.settings),
};

export function ScreenHost({ screen }: { screen: Screen }) {
  const w = useWording();
  const View = VIEWS[screen];
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
    <ScreenBoundary screen={screen}>
      <Suspense fallback={<Loading>{w.say(M.opening)}</Loading>}>
        <View />
      </Suspense>
    </ScreenBoundary>
  );
}
