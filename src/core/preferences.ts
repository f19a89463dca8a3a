/**
 * User preferences: plain settings in the `preferences` store (never secrets). Missing keys fall back to the
 * documented defaults, so a store written by an older version still reads as a complete Preferences.
 */
import type { z } from 'zod';
import type { Handlers } from '../shared/contract';
import type { Preferences } from '../shared/preferences';
import { PREFERENCES } from '../shared/preferences';
import type { PreferencesStore } from './context';
import type { KeyValueStore, StoreSchema } from './store';
import { booleanIn, isPlainObject, numberIn, stringIn } from './store';
import { defineMessages } from '../shared/i18n/messages';
import { said } from '../shared/i18n/english';
import type { Words } from '../shared/i18n/said';
import { ROUNDING_STEPS } from '../shared/domain';
import { LANGUAGES } from '../shared/i18n/locales';

const M = defineMessages({
  what: { id: 'core.preferences.what', defaultMessage: 'your preferences', description: 'What a damaged file is.' },
  notSettings: { id: 'core.preferences.not-settings', defaultMessage: 'the preferences are not a set of settings' },
  notValid: {
    id: 'core.preferences.not-valid',
    defaultMessage:
      '{name} is not {name, select, rounding {a rounding mode (nearest, up, down) and a step of {steps} minutes} idleThresholdMinutes {whole minutes from 1 to 240} shortcut {a key combination} startAtLogin {yes or no} notifications {yes or no} autoUpdate {yes or no} theme {system, light or dark} onSuspend {keep, stop or ask} endOfDay {a time of day like 18:00} timeZone {"system" or a time zone name like Europe/Berlin} language {system or one of {languages}} region {system or a region such as de-DE, en-US or ar-EG} favouriteJobIds {a list of job ids} recentJobIds {a list of job ids} other {what Punchcard writes there}} (its default applies)',
    description:
      "A preference read back from a damaged file. {name}: the preference's name as stored (kept as it is). The values a file holds (nearest, up, down, system, light, dark, keep, stop, ask) are kept as they are.",
  },
  held: {
    id: 'core.preferences.held',
    defaultMessage: 'your preferences {names}',
    description: '{names}: names of preferences as stored.',
  },
  nothing: { id: 'core.preferences.nothing', defaultMessage: 'nothing' },
  ifNothing: {
    id: 'core.preferences.if-nothing',
    defaultMessage: 'your preferences are back to their defaults (rounding, idle time, shortcut, theme, favourite jobs)',
  },
});

export const DEFAULT_PREFERENCES: Readonly<Preferences> = Object.freeze({
  rounding: { mode: 'nearest', stepMinutes: 1 },
  idleThresholdMinutes: 10,
  shortcut: 'CommandOrControl+Alt+P',
  startAtLogin: false,
  notifications: true,
  autoUpdate: true,
  theme: 'system',
  onSuspend: 'ask',
  endOfDay: '18:00',
  catchForgottenTimer: true,
  morningReminder: true,
  morningReminderAt: '10:00',
  timeZone: 'system',
  language: 'system',
  region: 'system',
  favouriteJobIds: [],
  recentJobIds: [],
} satisfies Preferences);

const KEY = 'preferences';
/**
 * Each preference's schema (src/shared/preferences.ts): a stored value that fails it is left out, its default applies.
 * Built when a preferences file is first read, not at load.
 */
const fields = () => PREFERENCES().shape;

/** The shape check of `preferences.json` (./store/store-schema.ts): every readable preference is kept, one by one. */
export const PREFERENCES_SCHEMA: StoreSchema = {
  what: said(M.what.id),
  check(key, value) {
    if (key !== KEY) return { keep: value, problems: [] };
    if (!isPlainObject(value)) return { keep: undefined, problems: [said(M.notSettings.id)] };
    const keep: Record<string, unknown> = {};
    const problems: Words[] = [];
    for (const [name, v] of Object.entries(value)) {
      const field = fields()[name as keyof Preferences] as z.ZodType | undefined;
      if (!field) {
        keep[name] = v;
        continue;
      } // a newer Punchcard's preference: kept as it is
      if (field.safeParse(v).success) keep[name] = v;
      else problems.push(said(M.notValid.id, { name, steps: ROUNDING_STEPS.join(', '), languages: LANGUAGES.join(', ') }));
    }
    return { keep, problems };
  },
  salvage(text) {
    const found: Record<string, unknown> = {};
    for (const name of ['shortcut', 'theme', 'onSuspend', 'endOfDay', 'timeZone', 'language', 'region', 'morningReminderAt'] as const) {
      const v = stringIn(text, name);
      if (v !== undefined) found[name] = v;
    }
    for (const name of ['startAtLogin', 'notifications', 'autoUpdate', 'catchForgottenTimer', 'morningReminder'] as const) {
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
    return names.length
      ? { text: said(M.held.id, { names: names.join(', ') }), count: names.length }
      : { text: said(M.nothing.id), count: 0 };
  },
  ifNothing: said(M.ifNothing.id),
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
    endOfDay: s.endOfDay ?? d.endOfDay,
    catchForgottenTimer: s.catchForgottenTimer ?? d.catchForgottenTimer,
    morningReminder: s.morningReminder ?? d.morningReminder,
    morningReminderAt: s.morningReminderAt ?? d.morningReminderAt,
    timeZone: s.timeZone ?? d.timeZone,
    language: s.language ?? d.language,
    region: s.region ?? d.region,
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
export function preferenceHandlers(
  prefs: PreferencesStore,
  onChange?: (p: Preferences) => void,
): Pick<Handlers, 'getPreferences' | 'updatePreferences'> {
  return {
    getPreferences: async () => prefs.get(),
    updatePreferences: async (patch) => {
      const next = prefs.update(patch);
      onChange?.(next);
      return next;
    },
  };
}
