/** Builds the one renderer store from its slices. No DOM and no bridge here, so unit tests build it in Node. */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppState, StoreDeps } from './types';
import { createTimerSlice } from './timer';
import { createJobsSlice } from './jobs';
import { createWeekSlice } from './week';
import { createLogFormSlice } from './log-form';
import { createOutboxSlice } from './outbox';
import { createStatusSlice } from './status';
import { createTeamSlice } from './team';
import { createHrSlice } from './hr';
import { createSettingsSlice } from './settings';
import { createUiSlice } from './ui';
import { createTodaySlice } from './today';
import { createRolesSlice } from './roles';

export type AppStore = StoreApi<AppState>;
export type { AppState } from './types';

export function createAppStore(deps: StoreDeps): AppStore {
  return createStore<AppState>()((...a) => ({
    ...createTimerSlice(deps)(...a),
    ...createJobsSlice(deps)(...a),
    ...createWeekSlice(deps)(...a),
    ...createLogFormSlice(deps)(...a),
    ...createOutboxSlice(deps)(...a),
    ...createStatusSlice(deps)(...a),
    ...createTeamSlice(deps)(...a),
    ...createHrSlice(deps)(...a),
    ...createSettingsSlice(deps)(...a),
    ...createUiSlice(deps)(...a),
    ...createTodaySlice(deps)(...a),
    ...createRolesSlice(deps)(...a),
  }));
}

/** What the window needs on opening; each slice keeps its own error, so one failure does not blank the rest. */
export async function loadEverything(store: AppStore): Promise<void> {
  const s = store.getState();
  await Promise.all([
    s.status.load(),
    s.settings.load(),
    s.timer.load(),
    s.jobs.load(),
    s.outbox.load(),
    // the window (a page) was just opened: the week as the service holds it now, not a copy from before (a decision
    // the user was told of by email shows at once); both share one read in the core
    s.today.load('now'),
    s.week.load({ look: 'now' }),
    s.settings.loadCompany(), // week.load() loads the reminders once the week is read
    s.roles.load(), // which tabs to offer (kept by the core: no service call on most starts)
  ]);
}
