/** Builds the one renderer store from its slices. No DOM and no bridge here, so unit tests build it in Node. */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { todayOf, type AppState, type StoreDeps } from './types';
import { weekStartOf } from '../../../shared/time/week';
import { createTimerSlice } from './slices/timer';
import { createJobsSlice } from './slices/jobs';
import { createWeekSlice } from './slices/week';
import { createLogFormSlice } from './slices/log-form';
import { createOutboxSlice } from './slices/outbox';
import { createStatusSlice } from './slices/status';
import { createSettingsSlice } from './slices/settings';
import { createUiSlice } from './slices/ui';
import { createTodaySlice } from './slices/today';
import { createRolesSlice } from './slices/roles';
import { createFillSlice } from './slices/fill';
import { createUndoSlice } from './slices/undo';
import { rememberDeps, type LaterSlice } from './later';

export type AppStore = StoreApi<AppState>;
export type { AppState } from './types';

/**
 * Every slice but Team's and HR's, which are built on first use (./later.ts: `withSlice`, or `installSlice` where the
 * code is at hand, as in tests). Their readers are in their screens only, whose loaders install them first.
 */
export function createAppStore(deps: StoreDeps): AppStore {
  const store = createStore<AppState>()((...a) => {
    const first: Omit<AppState, LaterSlice> = {
      ...createTimerSlice(deps)(...a),
      ...createJobsSlice(deps)(...a),
      ...createWeekSlice(deps)(...a),
      ...createLogFormSlice(deps)(...a),
      ...createOutboxSlice(deps)(...a),
      ...createStatusSlice(deps)(...a),
      ...createSettingsSlice(deps)(...a),
      ...createUiSlice(deps)(...a),
      ...createTodaySlice(deps)(...a),
      ...createRolesSlice(deps)(...a),
      ...createFillSlice(deps)(...a),
      ...createUndoSlice(deps)(...a),
    };
    // the later slices' keys are filled in by installSlice before any reader of theirs runs (./later.ts)
    return first as AppState;
  });
  rememberDeps(store, deps);
  store.subscribe((s, before) => {
    if (s.settings.prefs?.timeZone !== before.settings.prefs?.timeZone) followTheDay(store, deps.now, before.today.date);
  });
  return store;
}

/**
 * The zone the user's days are counted in became known (the preferences read) or changed (Settings): Track moves to
 * that zone's today, and the Week tab to its week when it showed the week of the day Track had (not one the user went
 * to), so every screen shows the day the core and the timer count in.
 */
function followTheDay(store: AppStore, now: () => number, before: string): void {
  const s = store.getState();
  const today = todayOf(store.getState, now);
  if (today === s.today.date) return;
  void s.today.load('glance');
  if (s.week.weekStart === weekStartOf(before) && s.week.weekStart !== weekStartOf(today)) void s.week.goTo(today);
}

/**
 * What the window needs on opening; each slice keeps its own error, so one failure does not blank the rest. `look`:
 * how fresh the week must be (`glance`: a window catching up on what it was given with the page, boot.tsx).
 */
export async function loadEverything(store: AppStore, look: 'now' | 'glance' = 'now'): Promise<void> {
  const s = store.getState();
  await Promise.all([
    s.status.load(),
    s.settings.load(),
    s.timer.load(),
    s.jobs.load(),
    s.outbox.load(),
    // the window (a page) was just opened: the week as the service holds it now, not a copy from before (a decision
    // the user was told of by email shows at once); both share one read in the core
    s.today.load(look),
    s.week.load({ look }),
    s.settings.loadCompany(), // week.load() loads the reminders once the week is read
    s.roles.load(), // which tabs to offer (kept by the core: no service call on most starts)
  ]);
}
