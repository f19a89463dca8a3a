/**
 * The renderer's outbox follows the core's deltas (`outboxChange`): a push that follows the version held is applied,
 * an old one is ignored, one after a gap makes the page read the whole list once, pushes that come while the list is
 * read are applied on top of it, and a whole push replaces what is held.
 */
import { describe, expect, it } from 'vitest';
import type { OutboxChange, OutboxEntry, OutboxList } from '../../src/shared/domain';
import { createAppStore } from '../../src/renderer/src/store';
import { subscribeToEvents } from '../../src/renderer/src/store/events';
import { applyChange } from '../../src/renderer/src/store/slices/outbox';
import { fakeApi } from './renderer-fake-api';
import { TEST_NOW } from '../fixtures/test-clock';

const entry = (id: string, state: OutboxEntry['state'] = 'queued'): OutboxEntry => ({
  id,
  kind: 'add',
  localId: `l-${id}`,
  workDate: '2026-11-18',
  hours: '01:00',
  jobName: 'Website',
  state,
  resolutions: [],
  attempts: [],
  createdAt: 1,
  updatedAt: 1,
});
const change = (from: number, entries: OutboxEntry[], removed: string[] = []): OutboxChange => ({
  version: from + 1,
  from,
  entries,
  removed,
});
const ids = (es: OutboxEntry[]) => es.map((e) => `${e.id}:${e.state}`);

/** A store over a fake bridge whose whole list the test hands out, one answer at a time when `held`. */
function setup(lists: OutboxList[], held = false) {
  const releases: Array<() => void> = [];
  const f = fakeApi({
    getOutboxList: () => {
      const list = lists.shift()!;
      return held ? new Promise((r) => releases.push(() => r(list))) : Promise.resolve(list);
    },
  });
  const store = createAppStore({ api: f.api, now: () => TEST_NOW });
  subscribeToEvents(store, f.api);
  return { f, store, release: () => releases.shift()!(), lists: () => f.calls.filter((c) => c.op === 'getOutboxList').length };
}

describe('the outbox list follows the pushes of what changed', () => {
  it('applies a push that follows the version held and ignores one it already holds', async () => {
    const { f, store, lists } = setup([{ version: 10, entries: [entry('a'), entry('b')] }]);
    await store.getState().outbox.load();
    f.emit('outboxChange', change(10, [entry('b', 'synced'), entry('c')], ['a']));
    expect(ids(store.getState().outbox.entries)).toEqual(['b:synced', 'c:queued']);
    f.emit('outboxChange', change(10, [entry('a')])); // version 11 again: already held
    expect(ids(store.getState().outbox.entries)).toEqual(['b:synced', 'c:queued']);
    expect(store.getState().outbox.version).toBe(11);
    expect(lists()).toBe(1);
  });

  it('reads the whole list once after a missed version, and takes the pushes that came meanwhile on top of it', async () => {
    const { f, store, release, lists } = setup(
      [
        { version: 1, entries: [entry('a')] },
        { version: 5, entries: [entry('a', 'synced'), entry('d')] },
      ],
      true,
    );
    const first = store.getState().outbox.load();
    release();
    await first;
    f.emit('outboxChange', change(4, [entry('d')])); // 2..4 were missed (a reconnect)
    expect(lists()).toBe(2);
    // while the list is read: one it will already hold, one after it
    f.emit('outboxChange', change(4, [entry('d')]));
    f.emit('outboxChange', change(5, [entry('e')], ['a']));
    expect(ids(store.getState().outbox.entries)).toEqual(['a:queued']);
    release();
    await store.getState().outbox.load();
    expect(ids(store.getState().outbox.entries)).toEqual(['d:queued', 'e:queued']);
    expect(store.getState().outbox.version).toBe(6);
    expect(lists()).toBe(2);
  });

  it('replaces the list with a whole push whatever version it held (another account signed in)', async () => {
    const { f, store } = setup([{ version: 3, entries: [entry('a'), entry('b')] }]);
    await store.getState().outbox.load();
    f.emit('outboxChange', { version: 40, from: 39, entries: [entry('z')], removed: [], whole: true });
    expect(ids(store.getState().outbox.entries)).toEqual(['z:queued']);
    f.emit('outboxChange', change(40, [entry('y')]));
    expect(ids(store.getState().outbox.entries)).toEqual(['z:queued', 'y:queued']);
  });
});

describe('applyChange', () => {
  it('replaces changed entries where they are, appends new ones and leaves removed ones out', () => {
    const before = [entry('a'), entry('b'), entry('c')];
    const after = applyChange(before, { entries: [entry('d'), entry('b', 'needs-attention')], removed: ['a'] });
    expect(ids(after)).toEqual(['b:needs-attention', 'c:queued', 'd:queued']);
    expect(ids(before)).toEqual(['a:queued', 'b:queued', 'c:queued']);
  });
});
