/** The app's store instance bound to the real bridge, and the hook components read it with. */
import { useStore } from 'zustand';
import { api } from '../bridge';
import { createAppStore } from './index';
import type { AppState } from './types';

export const appStore = createAppStore({ api, now: () => Date.now() });

/** Select one thing (`useApp((s) => s.timer.view)`); wrap derived arrays in `useShallow`. */
export function useApp<T>(selector: (s: AppState) => T): T {
  return useStore(appStore, selector);
}
