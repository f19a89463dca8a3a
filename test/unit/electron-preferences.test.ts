/**
 * The shell's preference watch (src/main/electron/preference-watch.ts, no electron import) over the real core on a sandbox:
 * it must learn of every change the user makes through the operations that return preferences, and of nothing else.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Preferences } from '../../src/shared/preferences';
import type { Punchcard } from '../../src/core';
import { initPreferences, type PreferenceWatch } from '../../src/main/electron/preference-watch';
import { startCoreOverSandbox, type CoreOverSandbox } from '../fixtures/core-over-sandbox';

let world: CoreOverSandbox;
let core: Punchcard;
let watch: PreferenceWatch;

beforeEach(async () => {
  world = await startCoreOverSandbox({ today: '2026-11-18', dirPrefix: 'punch-prefs-' });
  core = world.core;
  watch = await initPreferences(core);
});
afterEach(async () => {
  await world.close();
});

const stored = async () => {
  const r = await core.dispatch('getPreferences', {});
  if (!r.ok) throw new Error(r.error.message);
  return r.value as Preferences;
};

describe('the preference watch', () => {
  it('starts from the preferences the core has stored', async () => {
    expect(watch.current()).toEqual(await stored());
  });

  it('tells every listener the new preferences after the user changes one, and keeps them as current', async () => {
    const seen: Preferences[] = [];
    watch.onChange((p) => seen.push(p));
    const result = await watch.dispatch('updatePreferences', { idleThresholdMinutes: 17, shortcut: 'Alt+Shift+P' });
    expect(result.ok).toBe(true);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ idleThresholdMinutes: 17, shortcut: 'Alt+Shift+P' });
    expect(watch.current()).toEqual(await stored());
  });

  it('learns of a favourite job toggled from the window or the tray', async () => {
    const seen: string[][] = [];
    watch.onChange((p) => seen.push(p.favouriteJobIds));
    const jobs = await core.dispatch('listJobs', {});
    const jobId = (jobs.ok ? (jobs.value as Array<{ jobId: string }>) : [])[0].jobId;
    await watch.dispatch('toggleFavouriteJob', { jobId });
    expect(seen).toEqual([[jobId]]);
    expect(watch.current().favouriteJobIds).toEqual([jobId]);
  });

  it('stays quiet for a refused change and for operations that do not return preferences', async () => {
    const listener = vi.fn();
    watch.onChange(listener);
    const before = watch.current();
    const refused = await watch.dispatch('updatePreferences', { idleThresholdMinutes: 0 });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toBe('Idle after: use 1 or more.'); // the setting by its name on screen
    expect((await watch.dispatch('getTimer', {})).ok).toBe(true);
    expect((await watch.dispatch('getPreferences', {})).ok).toBe(true);
    expect(listener).not.toHaveBeenCalled();
    expect(watch.current()).toBe(before);
  });

  it('stops telling a listener once it unsubscribed, and a failing listener does not stop the others', async () => {
    const quiet = vi.fn();
    const off = watch.onChange(quiet);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    watch.onChange(() => {
      throw new Error('listener bug');
    });
    const after = vi.fn();
    watch.onChange(after);
    off();
    await watch.dispatch('updatePreferences', { notifications: false });
    expect(quiet).not.toHaveBeenCalled();
    expect(after).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith('A preference listener failed:', expect.any(Error));
    error.mockRestore();
  });
});

describe('initPreferences', () => {
  it('says it could not read the preferences, with the core message, when the core refuses', async () => {
    // The one case the real core cannot produce on demand: a dispatcher that answers every call with an error.
    const broken = { dispatch: async () => ({ ok: false as const, error: { name: 'Error', message: 'store unreadable' } }) };
    await expect(initPreferences(broken as unknown as Punchcard)).rejects.toThrow('Could not read your preferences: store unreadable');
  });
});
