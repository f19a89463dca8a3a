/**
 * The slices the first screen does not read, built on first use: Team's (the manager's approvals) and HR's (payroll
 * and employee records). Their code is in their screen's chunk, not in the first chunk the window evaluates before
 * its first screen takes input (docs/benchmarks.md, "Fifth pass"). `createAppStore` builds the others; a screen's
 * loader (screens.tsx) installs its slice before the screen's module is handed to React, so every reader of `s.team`
 * or `s.hr` (all of them in those screens' folders) runs after it. Once installed, a slice is the same object under
 * the same key as if the store had been built with it: readers and actions unchanged.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { AppState, SliceCreator, StoreDeps } from './types';

/** What each later slice is, by its key in the store. */
export const LATER_SLICES = {
  team: () => import('./slices/team').then((m): SliceCreator<Pick<AppState, 'team'>> => m.createTeamSlice),
  hr: () => import('./slices/hr').then((m): SliceCreator<Pick<AppState, 'hr'>> => m.createHrSlice),
} as const;
export type LaterSlice = keyof typeof LATER_SLICES;

/** The deps each store was built with, so a slice installed later gets the same bridge and clock. */
const depsOf = new WeakMap<StoreApi<AppState>, StoreDeps>();
export function rememberDeps(store: StoreApi<AppState>, deps: StoreDeps): void {
  depsOf.set(store, deps);
}

/** Whether the store holds that slice yet. */
export function hasSlice(store: StoreApi<AppState>, key: LaterSlice): boolean {
  return key in store.getState();
}

/** Builds one later slice into the store, once (a second call keeps the first, its state included). */
export function installSlice<K extends LaterSlice>(store: StoreApi<AppState>, key: K, create: SliceCreator<Pick<AppState, K>>): void {
  if (hasSlice(store, key)) return;
  const deps = depsOf.get(store);
  if (!deps) throw new Error(`installSlice(${key}): the store was not built by createAppStore`);
  store.setState(create(deps)(store.setState, store.getState, store));
}

/** Loads a later slice's code and installs it (screens.tsx, before its screen is drawn). */
export async function withSlice<K extends LaterSlice>(store: StoreApi<AppState>, key: K): Promise<void> {
  if (hasSlice(store, key)) return;
  const create = (await LATER_SLICES[key]()) as SliceCreator<Pick<AppState, K>>;
  installSlice(store, key, create);
}
