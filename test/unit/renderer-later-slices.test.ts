/**
 * Team's and HR's slices are built on first use (src/renderer/src/store/later.ts): the store a window opens with holds
 * neither, and the screen's loader installs each, wired to the same bridge, once.
 */
import { describe, expect, it } from 'vitest';
import type { Timesheet } from '../../src/shared/domain';
import { createAppStore } from '../../src/renderer/src/store';
import { hasSlice, withSlice } from '../../src/renderer/src/store/later';
import { fakeApi, noonOf } from './renderer-fake-api';

const sheet = (id: string): Timesheet =>
  ({
    recordId: id,
    user: 'ava@x.test',
    userName: 'Ava',
    from: '2026-11-09',
    to: '2026-11-15',
    status: 'pending',
    hours: '08:00',
  }) as unknown as Timesheet;

describe("the store's later slices", () => {
  it('are not in the store a window opens with: Team and HR are built only when their screen is loaded', () => {
    const store = createAppStore({ api: fakeApi({}).api, now: () => noonOf('2026-11-18') });
    expect(Object.keys(store.getState())).not.toContain('team');
    expect(Object.keys(store.getState())).not.toContain('hr');
    expect(hasSlice(store, 'team')).toBe(false);
    // what the window needs at start is there
    for (const key of ['timer', 'jobs', 'week', 'today', 'outbox', 'status', 'settings', 'ui', 'roles', 'fill', 'undo']) {
      expect(Object.keys(store.getState())).toContain(key);
    }
  });

  it("once installed, answer through the store's own bridge and keep their state when installed again", async () => {
    const fake = fakeApi({ listTeamTimesheets: async () => [sheet('a'), sheet('b')] });
    const store = createAppStore({ api: fake.api, now: () => noonOf('2026-11-18') });
    await withSlice(store, 'team');
    await store.getState().team.load();
    expect(fake.calls).toEqual([{ op: 'listTeamTimesheets', input: { status: 'pending' } }]);
    store.getState().team.toggle('a', true);
    // a second load of the screen (another visit to the tab) does not build it again
    await withSlice(store, 'team');
    expect(store.getState().team.selected).toEqual(['a']);
    expect(store.getState().team.list.map((t) => t.recordId)).toEqual(['a', 'b']);
  });

  it("HR's starts on this month by the store's clock, as when it was built with the store", async () => {
    const store = createAppStore({ api: fakeApi({}).api, now: () => noonOf('2026-11-25') });
    await withSlice(store, 'hr');
    expect(store.getState().hr.period).toEqual({ preset: 'this-month', from: '2026-11-01', to: '2026-11-25' });
  });
});
