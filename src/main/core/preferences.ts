/**
 * User preferences: plain settings in the `preferences` store (never secrets). Missing keys fall back to the
 * documented defaults, so a store written by an older version still reads as a complete Preferences.
 */
import type { Handlers } from '../../shared/contract';
import type { Preferences } from '../../shared/domain';
import type { KeyValueStore, PreferencesStore } from './context';

export const DEFAULT_PREFERENCES: Readonly<Preferences> = Object.freeze({
  rounding: { mode: 'nearest', stepMinutes: 1 },
  idleThresholdMinutes: 10,
  shortcut: 'CommandOrControl+Alt+P',
  startAtLogin: false,
  notifications: true,
  theme: 'system',
  onSuspend: 'ask',
  favouriteJobIds: [],
  recentJobIds: [],
} satisfies Preferences);

const KEY = 'preferences';

function complete(stored: Partial<Preferences> | undefined): Preferences {
  const d = DEFAULT_PREFERENCES;
  const s = stored ?? {};
  return {
    rounding: { ...d.rounding, ...(s.rounding ?? {}) },
    idleThresholdMinutes: s.idleThresholdMinutes ?? d.idleThresholdMinutes,
    shortcut: s.shortcut ?? d.shortcut,
    startAtLogin: s.startAtLogin ?? d.startAtLogin,
    notifications: s.notifications ?? d.notifications,
    theme: s.theme ?? d.theme,
    onSuspend: s.onSuspend ?? d.onSuspend,
    favouriteJobIds: [...(s.favouriteJobIds ?? d.favouriteJobIds)],
    recentJobIds: [...(s.recentJobIds ?? d.recentJobIds)],
  };
}

export function createPreferences(store: KeyValueStore): PreferencesStore {
  return {
    get: () => complete(store.get<Partial<Preferences>>(KEY)),
    update(patch) {
      const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<Preferences>;
      const next = complete({ ...complete(store.get<Partial<Preferences>>(KEY)), ...defined });
      store.set(KEY, next);
      return next;
    },
  };
}

/** `onChange` lets the shell re-register the shortcut or login item, and the renderer refresh, after an update. */
export function preferenceHandlers(prefs: PreferencesStore, onChange?: (p: Preferences) => void): Pick<Handlers, 'getPreferences' | 'updatePreferences'> {
  return {
    getPreferences: async () => prefs.get(),
    updatePreferences: async (patch) => {
      const next = prefs.update(patch);
      onChange?.(next);
      return next;
    },
  };
}
