/**
 * User preferences: plain settings in the `preferences` store (never secrets). Missing keys fall back to the
 * documented defaults, so a store written by an older version still reads as a complete Preferences.
 */
import type { Handlers } from '../shared/contract';
import type { Preferences } from '../shared/domain';
import { ROUNDING_STEPS } from '../shared/domain';
import type { PreferencesStore } from './context';
import type { KeyValueStore, StoreSchema } from './store';
import { booleanIn, isPlainObject, numberIn, stringIn } from './store';

export const DEFAULT_PREFERENCES: Readonly<Preferences> = Object.freeze({
  rounding: { mode: 'nearest', stepMinutes: 1 },
  idleThresholdMinutes: 10,
  shortcut: 'CommandOrControl+Alt+P',
  startAtLogin: false,
  notifications: true,
  autoUpdate: true,
  theme: 'system',
  onSuspend: 'ask',
  favouriteJobIds: [],
  recentJobIds: [],
} satisfies Preferences);

const KEY = 'preferences';

/** Each preference: is a stored value one this version can use? (A value that is not is left out: its default applies.) */
const FIELD_CHECKS: { [K in keyof Preferences]: { ok: (v: unknown) => boolean; expected: string } } = {
  rounding: {
    ok: (v) => isPlainObject(v) && ['nearest', 'up', 'down'].includes(v.mode as string) && (ROUNDING_STEPS as readonly unknown[]).includes(v.stepMinutes),
    expected: `a rounding mode (nearest, up, down) and a step of ${ROUNDING_STEPS.join(', ')} minutes`,
  },
  idleThresholdMinutes: { ok: (v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 240, expected: 'whole minutes from 1 to 240' },
  shortcut: { ok: (v) => typeof v === 'string' && v.length > 0 && v.length <= 60, expected: 'a key combination' },
  startAtLogin: { ok: (v) => typeof v === 'boolean', expected: 'yes or no' },
  notifications: { ok: (v) => typeof v === 'boolean', expected: 'yes or no' },
  autoUpdate: { ok: (v) => typeof v === 'boolean', expected: 'yes or no' },
  theme: { ok: (v) => v === 'system' || v === 'light' || v === 'dark', expected: 'system, light or dark' },
  onSuspend: { ok: (v) => v === 'keep' || v === 'stop' || v === 'ask', expected: 'keep, stop or ask' },
  favouriteJobIds: { ok: (v) => Array.isArray(v) && v.every((x) => typeof x === 'string'), expected: 'a list of job ids' },
  recentJobIds: { ok: (v) => Array.isArray(v) && v.every((x) => typeof x === 'string'), expected: 'a list of job ids' },
};

/** The shape check of `preferences.json` (./store/store-schema.ts): every readable preference is kept, one by one. */
export const PREFERENCES_SCHEMA: StoreSchema = {
  what: 'your preferences',
  check(key, value) {
    if (key !== KEY) return { keep: value, problems: [] };
    if (!isPlainObject(value)) return { keep: undefined, problems: ['the preferences are not a set of settings'] };
    const keep: Record<string, unknown> = {};
    const problems: string[] = [];
    for (const [name, v] of Object.entries(value)) {
      const check = FIELD_CHECKS[name as keyof Preferences];
      if (!check) { keep[name] = v; continue; } // a newer Punchcard's preference: kept as it is
      if (check.ok(v)) keep[name] = v;
      else problems.push(`${name} is not ${check.expected} (its default applies)`);
    }
    return { keep, problems };
  },
  salvage(text) {
    const found: Record<string, unknown> = {};
    for (const name of ['shortcut', 'theme', 'onSuspend'] as const) {
      const v = stringIn(text, name);
      if (v !== undefined) found[name] = v;
    }
    for (const name of ['startAtLogin', 'notifications', 'autoUpdate'] as const) {
      const v = booleanIn(text, name);
      if (v !== undefined) found[name] = v;
    }
    const idle = numberIn(text, 'idleThresholdMinutes');
    if (idle !== undefined) found.idleThresholdMinutes = idle;
    return Object.keys(found).length ? { [KEY]: found } : {};
  },
  describe(doc) {
    const p = doc[KEY];
    const names = isPlainObject(p) ? Object.keys(p) : [];
    return names.length ? { text: `your preferences ${names.join(', ')}`, count: names.length } : { text: 'nothing', count: 0 };
  },
  ifNothing: 'your preferences are back to their defaults (rounding, idle time, shortcut, theme, favourite jobs)',
};

function complete(stored: Partial<Preferences> | undefined): Preferences {
  const d = DEFAULT_PREFERENCES;
  const s = stored ?? {};
  return {
    rounding: { ...d.rounding, ...(s.rounding ?? {}) },
    idleThresholdMinutes: s.idleThresholdMinutes ?? d.idleThresholdMinutes,
    shortcut: s.shortcut ?? d.shortcut,
    startAtLogin: s.startAtLogin ?? d.startAtLogin,
    notifications: s.notifications ?? d.notifications,
    autoUpdate: s.autoUpdate ?? d.autoUpdate,
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
