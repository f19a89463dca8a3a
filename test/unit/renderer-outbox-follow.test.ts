/**
 * The renderer's outbox holds windows, never the whole list: it starts from the list's first window (version and
 * counts), follows the core's deltas (`outboxChange`: the counts, each log's entries, the places held), reads the
 * places a screen shows as it asks for them (again after a push moved the list), and after a missed version reads
 * what it shows again, and the weeks it shows.
 */
import { describe, expect, it } from 'vitest';
import type { OutboxChange, OutboxEntry, OutboxGroupId, OutboxList } from '../../src/shared/domain';
import { createAppStore } from '../../src/renderer/src/store';
import { subscribeToEvents } from '../../src/renderer/src/store/events';
import { applyChange } from '../../src/renderer/src/store/slices/outbox';
import { FIRST_WINDOW, spansToRead } from '../../src/renderer/src/store/outbox-window';
import { groupsShown, headingsShown } from '../../src/renderer/src/store/outbox-groups';
import { sayWords } from '../../src/renderer/src/i18n/words';
import { englishWording } from '../../src/shared/i18n/english';
import { fakeApi } from './renderer-fake-api';
import { TEST_NOW } from '../fixtures/test-clock';

const entry = (id: string, state: OutboxEntry['state'] = 'queued', localId = `l-${id}`): OutboxEntry => ({
  id,
  kind: 'add',
  localId,
  workDate: '2026-11-18',
  hours: '01:00',
  jobName: 'Website',
  state,
  resolutions: [],
  attempts: [],
  createdAt: 1,
  updatedAt: 1,
});
const counts = (waiting: number, attention = 0, sent = 0): Record<OutboxGroupId, number> => ({
  attention,
  waiting,
  'other-account': 0,
  sent,
});
const change = (from: number, entries: OutboxEntry[], removed: string[] = [], groups?: Record<OutboxGroupId, number>): OutboxChange => ({
  version: from + 1,
  from,
  entries,
  removed,
  ...(groups ? { groups, total: Object.values(groups).reduce((a, b) => a + b, 0) } : {}),
});
const ids = (es: OutboxEntry[]) => es.map((e) => `${e.id}:${e.state}`);

/** A core's list in the page's order at a version: windows are cut from it as `getOutboxList({ window })` does. */
function core(list: OutboxEntry[], version: number) {
  const served = { list, version };
  const f = fakeApi({
    getOutboxList: async (input: { window?: { from: number; count: number } }): Promise<OutboxList> => {
      if (!input.window) throw new Error('the page asked for the whole list');
      const { from, count } = input.window;
      const part = served.list.slice(from, from + count);
      return {
        version: served.version,
        entries: part,
        total: served.list.length,
        groups: counts(served.list.filter((e) => e.state !== 'synced').length, 0, served.list.filter((e) => e.state === 'synced').length),
        window: { from, count: part.length },
      };
    },
    getWeek: async () => {
      throw new Error('offline');
    },
  });
  const store = createAppStore({ api: f.api, now: () => TEST_NOW });
  subscribeToEvents(store, f.api);
  const reads = () => f.calls.filter((c) => c.op === 'getOutboxList').map((c) => (c.input as { window: unknown }).window);
  const held = () =>
    Object.entries(store.getState().outbox.shown)
      .sort((a, b) => Number(a[0]) - Number(b[0]))
      .map(([place, e]) => `${place}=${e.id}`);
  return { f, store, served, reads, held };
}

const many = (n: number) => Array.from({ length: n }, (_, i) => entry(`e${String(n - i).padStart(5, '0')}`));
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the outbox the page holds', () => {
  it('starts from the first window of the list, with its counts, and never asks for the whole list', async () => {
    const c = core(many(10_000), 7);
    await c.store.getState().outbox.load();
    const o = c.store.getState().outbox;
    expect(c.reads()).toEqual([FIRST_WINDOW]);
    expect(o.version).toBe(7);
    expect(o.total).toBe(10_000);
    expect(o.groups.waiting).toBe(10_000);
    expect(Object.keys(o.shown)).toHaveLength(FIRST_WINDOW.count);
  });

  it('reads the places a screen shows, and holds windows that laid end to end are the list', async () => {
    const list = many(400);
    const c = core(list, 1);
    await c.store.getState().outbox.load();
    for (let from = 0; from < 400; from += 60) {
      c.store.getState().outbox.want(`part-${from}`, from, 60);
      await settle();
    }
    const shown = c.store.getState().outbox.shown;
    expect(Array.from({ length: 400 }, (_, i) => shown[i]?.id)).toEqual(list.map((e) => e.id));
    // only what was not held was read: the first window, then the rest in parts
    expect(c.reads().every((w) => (w as { count: number }).count <= 500)).toBe(true);
  });

  it("applies a push that follows the version held: the counts, each log's entries, and the places shown read again", async () => {
    const c = core([entry('b'), entry('a')], 10);
    await c.store.getState().outbox.load();
    c.store.getState().outbox.want('waiting', 0, 2);
    await settle();
    const before = c.reads().length;
    // the core: a sent, c logged on top
    c.served.list = [entry('c'), entry('b'), entry('a', 'synced')];
    c.served.version = 11;
    c.f.emit('outboxChange', change(10, [entry('a', 'synced'), entry('c')], [], counts(2, 0, 1)));
    const o = c.store.getState().outbox;
    expect(o.version).toBe(11);
    expect(o.groups).toEqual(counts(2, 0, 1));
    expect(o.total).toBe(3);
    expect(ids(o.byLog['l-a'])).toEqual(['a:synced']);
    expect(ids(o.byLog['l-c'])).toEqual(['c:queued']);
    await settle();
    expect(c.reads().length).toBe(before + 1);
    expect(c.held()).toEqual(['0=c', '1=b']);
    // one it already holds changes nothing
    c.f.emit('outboxChange', change(10, [entry('a')]));
    expect(ids(c.store.getState().outbox.byLog['l-a'])).toEqual(['a:synced']);
  });

  it('reads afresh the places next asked for after a push moved entries while nothing was shown (no row under another heading)', async () => {
    const c = core([entry('b'), entry('a')], 20);
    await c.store.getState().outbox.load(); // the first window holds b at 0 and a at 1; no screen shows the list
    // the core: b reached the service (to "Sent recently", after a); a is the one waiting now
    c.served.list = [entry('a'), entry('b', 'synced')];
    c.served.version = 21;
    c.f.emit('outboxChange', change(20, [entry('b', 'synced')], [], counts(1, 0, 1)));
    await settle();
    expect(c.reads()).toEqual([FIRST_WINDOW]); // nothing shown: nothing read yet
    // the Outbox opens: each group asks for its places; what was held before the move is not taken as it is
    c.store.getState().outbox.want('waiting', 0, 1);
    c.store.getState().outbox.want('sent', 1, 1);
    await settle();
    await settle();
    expect(c.held()).toEqual(['0=a', '1=b']);
    expect(c.store.getState().outbox.shown[1].state).toBe('synced');
  });

  it('updates the counts of a push for an entry outside the window, and a log pushed again has exactly its entries now', async () => {
    const c = core(many(1000), 3);
    await c.store.getState().outbox.load();
    c.f.emit('outboxChange', change(3, [entry('x', 'needs-attention', 'l-x'), entry('y', 'queued', 'l-x')], [], counts(998, 1, 1)));
    expect(c.store.getState().outbox.groups).toEqual(counts(998, 1, 1));
    expect(ids(c.store.getState().outbox.byLog['l-x'])).toEqual(['x:needs-attention', 'y:queued']);
    c.f.emit('outboxChange', change(4, [entry('y', 'synced', 'l-x')], ['x'], counts(999, 0, 1)));
    expect(ids(c.store.getState().outbox.byLog['l-x'])).toEqual(['y:synced']);
    // nothing was shown: no window read for these pushes
    await settle();
    expect(c.reads()).toEqual([FIRST_WINDOW]);
  });

  it('after a missed version reads what it shows again and the weeks it shows, and forgets the logs it held', async () => {
    const c = core([entry('a')], 1);
    await c.store.getState().outbox.load();
    c.f.emit('outboxChange', change(1, [entry('a', 'sending')]));
    expect(c.store.getState().outbox.byLog['l-a']).toHaveLength(1);
    c.served.version = 5;
    c.f.emit('outboxChange', change(4, [entry('d')])); // 3 and 4 were missed (a reconnect)
    expect(c.store.getState().outbox.byLog).toEqual({});
    await settle();
    expect(c.reads()).toHaveLength(2);
    expect(c.store.getState().outbox.version).toBe(5);
    expect(c.f.calls.filter((x) => x.op === 'getWeek').length).toBeGreaterThan(0);
  });

  it('applies the pushes that came while the first window was read on top of it', async () => {
    let release!: () => void;
    const list = [entry('a')];
    const f = fakeApi({
      getOutboxList: () =>
        new Promise<OutboxList>((r) => {
          release = () => r({ version: 1, entries: list, total: 1, groups: counts(1) });
        }),
    });
    const store = createAppStore({ api: f.api, now: () => TEST_NOW });
    subscribeToEvents(store, f.api);
    const loading = store.getState().outbox.load();
    f.emit('outboxChange', change(1, [entry('b')], [], counts(2)));
    f.emit('outboxChange', change(0, [entry('a')])); // already in the answer
    release();
    await loading;
    expect(store.getState().outbox.version).toBe(2);
    expect(store.getState().outbox.groups).toEqual(counts(2));
    expect(ids(store.getState().outbox.byLog['l-b'])).toEqual(['b:queued']);
  });
});

describe("a log's state on the page", () => {
  it("follows a push that a read already covers: the read answers places and counts, never a log's entries", async () => {
    let hold = false;
    let release!: () => void;
    const served = { version: 1, list: [entry('a')] };
    const f = fakeApi({
      getOutboxList: async (): Promise<OutboxList> => {
        if (hold) await new Promise<void>((r) => (release = r));
        return { version: served.version, entries: served.list, total: 1, groups: counts(1) };
      },
    });
    const store = createAppStore({ api: f.api, now: () => TEST_NOW });
    subscribeToEvents(store, f.api);
    await store.getState().outbox.load();
    f.emit('outboxChange', change(1, [entry('a', 'sending')]));
    expect(ids(store.getState().outbox.byLog['l-a'])).toEqual(['a:sending']);
    // a read goes out; the entry reaches the service meanwhile, and the read answers at the version that says so
    hold = true;
    served.version = 3;
    served.list = [entry('a', 'synced')];
    const reading = store.getState().outbox.load();
    f.emit('outboxChange', change(2, [entry('a', 'synced')], [], counts(0, 0, 1)));
    release();
    await reading;
    expect(store.getState().outbox.version).toBe(3);
    expect(ids(store.getState().outbox.byLog['l-a'])).toEqual(['a:synced']);
    // and a push older than what the page holds of a log does not take it back
    f.emit('outboxChange', change(1, [entry('a', 'sending')]));
    expect(ids(store.getState().outbox.byLog['l-a'])).toEqual(['a:synced']);
  });
});

describe('spansToRead', () => {
  it('reads only the places not held, joined when close, each part at most the window maximum', () => {
    const held = Object.fromEntries([0, 1, 2, 10].map((i) => [i, entry(`h${i}`)]));
    expect(spansToRead([{ from: 0, count: 12 }], held, false, 500)).toEqual([{ from: 3, count: 9 }]);
    expect(spansToRead([{ from: 0, count: 12 }], held, true, 500)).toEqual([{ from: 0, count: 12 }]);
    expect(
      spansToRead(
        [
          { from: 0, count: 5 },
          { from: 900, count: 5 },
        ],
        {},
        false,
        500,
      ),
    ).toEqual([
      { from: 0, count: 5 },
      { from: 900, count: 5 },
    ]);
    expect(spansToRead([{ from: 0, count: 1200 }], {}, false, 500).map((s) => s.count)).toEqual([500, 500, 200]);
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

describe('the Outbox headings', () => {
  it('say beside the Waiting count how many wait for the answer about a torn delete, as the header counts them apart', () => {
    const [attention, waiting] = groupsShown(counts(3, 1), 1);
    expect(waiting?.id).toBe('waiting');
    expect(waiting?.count).toBe(3);
    expect(waiting?.held && sayWords(englishWording(), waiting.held)).toBe('(1 waits for your answer)');
    expect(attention?.held).toBeUndefined();
    const [, two] = groupsShown(counts(3, 1), 2);
    expect(two?.held && sayWords(englishWording(), two.held)).toBe('(2 wait for your answer)');
  });

  it("take the held count from the outbox's own push, with its counts, not from the status pushed a moment apart", async () => {
    const c = core([entry('b'), entry('a')], 3);
    await c.store.getState().outbox.load();
    // the user answered "Keep it": the outbox's push says nothing is held any more, with the Waiting count it goes with
    c.f.emit('outboxChange', { ...change(3, [entry('b')], [], counts(2)), heldForAnswer: 0 });
    const o = c.store.getState().outbox;
    expect(o.held).toBe(0);
    // the status, pushed apart, still says one is held: the heading does not take it
    const statusBefore = { outbox: { queued: 2, sending: 0, needsAttention: 0, heldForAnswer: 1 } };
    expect(headingsShown(o, statusBefore).some((g) => g.held)).toBe(false);
    // a push that holds one again says so beside Waiting, whatever the status says
    c.f.emit('outboxChange', { ...change(4, [entry('b')], [], counts(2)), heldForAnswer: 1 });
    const waiting = headingsShown(c.store.getState().outbox, { outbox: { queued: 2, sending: 0, needsAttention: 0 } }).find(
      (g) => g.id === 'waiting',
    );
    expect(waiting?.held && sayWords(englishWording(), waiting.held)).toBe('(1 waits for your answer)');
  });

  it('say nothing of an answer when nothing is held', () => {
    expect(groupsShown(counts(3), 0).some((g) => g.held)).toBe(false);
  });
});
