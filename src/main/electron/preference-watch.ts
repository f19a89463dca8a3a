/**
 * The shell's view of the user's preferences (idle threshold, shortcut, notifications, start at login). The core
 * has no preference event, so the shell reads them once and then learns of changes from the results of the
 * operations that change them, which all pass through the shell (IPC from Settings, or the tray).
 */
import type { Preferences } from '../../shared/preferences';
import type { DispatchResult, Punchcard } from '../../core';

export interface PreferenceWatch {
  current(): Preferences;
  /** Called after each change; returns the unsubscribe function. */
  onChange(listener: (prefs: Preferences) => void): () => void;
  /** core.dispatch, plus noticing results that carry new preferences. */
  dispatch(name: string, input: unknown): Promise<DispatchResult>;
}

const RETURNS_PREFERENCES = new Set(['updatePreferences', 'toggleFavouriteJob']);

export async function initPreferences(core: Punchcard): Promise<PreferenceWatch> {
  const first = await core.dispatch('getPreferences', {});
  if (!first.ok) throw new Error(`Could not read your preferences: ${first.error.message}`);
  let prefs = first.value as Preferences;
  const listeners = new Set<(p: Preferences) => void>();

  return {
    current: () => prefs,
    onChange(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    async dispatch(name, input) {
      const result = await core.dispatch(name, input);
      if (result.ok && RETURNS_PREFERENCES.has(name)) {
        prefs = result.value as Preferences;
        for (const l of listeners) {
          try {
            l(prefs);
          } catch (e) {
            console.error('A preference listener failed:', e);
          }
        }
      }
      return result;
    },
  };
}
