/**
 * The Settings slice with a fake bridge whose saves take a moment, as IPC does: two changes made in a row (the
 * rounding mode, then the step) must both be stored, and a refused change must not stay on screen.
 * @inner src/core/preferences.ts
 */
import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../src/renderer/src/store';
import { DEFAULT_PREFERENCES } from '../../src/core/preferences';
import type { Preferences } from '../../src/shared/preferences';
import { bridgeError, fakeApi } from './renderer-fake-api';
import { TEST_NOW } from '../fixtures/test-clock';

function slowPreferences(refuse?: (patch: Partial<Preferences>) => boolean) {
  let stored: Preferences = structuredClone(DEFAULT_PREFERENCES) as Preferences;
  return fakeApi({
    getPreferences: async () => structuredClone(stored),
    getAccount: async () => ({ mode: 'sandbox', user: 'demo@example.com' }) as never,
    updatePreferences: async (patch: Partial<Preferences>) => {
      // kept: the save's own slowness (the next change is made while this one is saved), not a wait of the test's
      await new Promise((r) => setTimeout(r, 30));
      if (refuse?.(patch)) throw bridgeError('InvalidInputError', 'Refused.');
      stored = { ...stored, ...patch };
      return structuredClone(stored);
    },
  });
}

describe('Settings changed in a row', () => {
  it('keeps both: the step changed before the mode was saved builds on the new mode', async () => {
    const f = slowPreferences();
    const store = createAppStore({ api: f.api, now: () => TEST_NOW });
    await store.getState().settings.load();
    expect(store.getState().settings.prefs!.rounding).toEqual({ mode: 'nearest', stepMinutes: 1 });
    // as the Settings screen builds each patch: from the rounding it shows at that moment
    const shown = () => store.getState().settings.prefs!.rounding;
    const first = store.getState().settings.update({ rounding: { ...shown(), mode: 'up' } });
    const second = store.getState().settings.update({ rounding: { ...shown(), stepMinutes: 15 } });
    expect(await Promise.all([first, second])).toEqual([true, true]);
    expect(store.getState().settings.prefs!.rounding).toEqual({ mode: 'up', stepMinutes: 15 });
    expect((await f.api.getPreferences({})).rounding).toEqual({ mode: 'up', stepMinutes: 15 });
  });

  it('a refused change does not stay on screen: what is stored is read back', async () => {
    const f = slowPreferences((p) => p.idleThresholdMinutes === 999);
    const store = createAppStore({ api: f.api, now: () => TEST_NOW });
    await store.getState().settings.load();
    const before = store.getState().settings.prefs!.idleThresholdMinutes;
    expect(await store.getState().settings.update({ idleThresholdMinutes: 999 })).toBe(false);
    expect(store.getState().settings.prefs!.idleThresholdMinutes).toBe(before);
    expect(store.getState().settings.error).not.toBeNull();
  });
});
