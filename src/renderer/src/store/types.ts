/**
 * The shape of the one renderer store: every slice lives under its own key (`s.timer`, `s.week` ...) so a component
 * selects exactly what it shows (`useApp((s) => s.timer.view)`) and slices cannot trample each other's fields.
 */
import type { StateCreator } from 'zustand/vanilla';
import type { Api } from '../../../shared/contract';
import { userDay } from '../../../shared/time/zone';
import type { TimerSlice } from './slices/timer';
import type { JobsSlice } from './slices/jobs';
import type { WeekSlice } from './slices/week';
import type { LogFormSlice } from './slices/log-form';
import type { OutboxSlice } from './slices/outbox';
import type { StatusSlice } from './slices/status';
import type { TeamSlice } from './slices/team';
import type { HrSlice } from './slices/hr';
import type { SettingsSlice } from './slices/settings';
import type { UiSlice } from './slices/ui';
import type { TodaySlice } from './slices/today';
import type { RolesSlice } from './slices/roles';
import type { FillSlice } from './slices/fill';
import type { UndoSlice } from './slices/undo';

export type AppState = TimerSlice &
  JobsSlice &
  WeekSlice &
  LogFormSlice &
  OutboxSlice &
  StatusSlice &
  TeamSlice &
  HrSlice &
  SettingsSlice &
  UiSlice &
  TodaySlice &
  RolesSlice &
  FillSlice &
  UndoSlice;

/** What every slice is built with: the bridge, and a clock so tests can pin "today". */
export interface StoreDeps {
  api: Api;
  now: () => number;
}

export type SliceCreator<T> = (deps: StoreDeps) => StateCreator<AppState, [], [], T>;
export type GetState = () => AppState;

/**
 * The user's day now: in the zone they chose (the preference `timeZone`, Settings' "Count my days in"), the core's and
 * the timer's day too; this computer's while the preferences are not read yet (then ./index.ts `followTheDay`).
 */
export function todayOf(get: GetState, now: () => number): string {
  return userDay(now(), get()?.settings?.prefs?.timeZone);
}
export type SetState = (fn: (s: AppState) => Partial<AppState>) => void;

/** Merges `patch` into one slice, keeping its other fields and its actions. */
export function patchSlice<K extends keyof AppState>(set: SetState, key: K, patch: Partial<AppState[K]>): void {
  set((s) => ({ [key]: { ...s[key], ...patch } }) as Partial<AppState>);
}
