import { describe, expect, it } from 'vitest';
import type { StopResult } from '../../src/shared/contract';
import type { TimerView, WeekView } from '../../src/shared/domain';
import { createAppStore } from '../../src/renderer/src/store';
import { actionRunner } from '../../src/renderer/src/store/action';
import type { UserError } from '../../src/renderer/src/store/errors';
import { bridgeError, fakeApi, noonOf } from './renderer-fake-api';

interface Slice {
  busy: boolean;
  error: UserError | null;
  value: string | null;
  note: string | null;
}

/** A slice in a box, with every patch it received. */
function box() {
  let state: Slice = { busy: false, error: null, value: null, note: 'old' };
  const patches: Partial<Slice>[] = [];
  const run = actionRunner<Slice>((p) => {
    patches.push(p);
    state = { ...state, ...p };
  });
  return { run, patches, get: () => state };
}

/** A promise the test settles when it chooses. */
function later<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('the renderer action helper', () => {
  it('turns busy on and clears the error while the call is out, then writes the answer with busy off in one patch', async () => {
    const b = box();
    const call = later<string>();
    const done = b.run({ busy: 'busy', error: 'error', start: { note: null }, done: (value) => ({ value }) }, () => call.promise);
    expect(b.get()).toMatchObject({ busy: true, error: null, note: null });
    call.resolve('answer');
    expect(await done).toEqual({ ok: true, value: 'answer', stale: false });
    expect(b.patches.at(-1)).toEqual({ busy: false, value: 'answer' });
  });

  it('records a failure as a UserError with busy off, and never rejects', async () => {
    const b = box();
    const answer = await b.run({ busy: 'busy', error: 'error', failed: () => ({ value: null }) }, () =>
      Promise.reject(bridgeError('NetworkError', 'The service could not be reached.')),
    );
    expect(answer).toMatchObject({
      ok: false,
      stale: false,
      error: { kind: 'NetworkError', message: 'The service could not be reached.' },
    });
    expect(b.get()).toMatchObject({ busy: false, value: null, error: { kind: 'NetworkError' } });
  });

  it('lets a stale answer write nothing, success or failure, but still turns busy off', async () => {
    const b = box();
    let wanted = true;
    const ok = later<string>();
    const failing = later<string>();
    const first = b.run({ busy: 'busy', error: 'error', wanted: () => wanted, done: (value) => ({ value }) }, () => ok.promise);
    const second = b.run({ busy: 'busy', error: 'error', wanted: () => wanted, done: (value) => ({ value }) }, () => failing.promise);
    wanted = false;
    ok.resolve('too late');
    failing.reject(new Error('too late too'));
    expect(await first).toMatchObject({ ok: true, stale: true });
    expect(await second).toMatchObject({ ok: false, stale: true });
    expect(b.get()).toEqual({ busy: false, error: null, value: null, note: 'old' });
  });

  it('keeps busy on while a newer call is out, and turns it off when the last one answers', async () => {
    const b = box();
    const older = later<string>();
    const newer = later<string>();
    const first = b.run({ busy: 'busy', done: (value) => ({ value }) }, () => older.promise);
    const second = b.run({ busy: 'busy', done: (value) => ({ value }) }, () => newer.promise);
    newer.resolve('newer');
    await second;
    expect(b.get()).toMatchObject({ busy: true, value: 'newer' });
    older.reject(new Error('older failed'));
    await first;
    expect(b.get().busy).toBe(false);
  });
});

const emptyWeek = (weekStart: string, totalHours = '00:00'): WeekView => ({
  weekStart,
  days: [],
  logs: [],
  totalHours,
  billableHours: totalHours,
  nonBillableHours: '00:00',
  locked: false,
  fresh: true,
});

describe('the week slice with answers out of order', () => {
  it('keeps the week the user moved to when the previous week answers late, and stops loading', async () => {
    const slow = later<WeekView>();
    const f = fakeApi({
      getWeek: (i: { date: string }) => (i.date === '2026-11-16' ? slow.promise : Promise.resolve(emptyWeek(i.date, '07:30'))),
      previewSubmit: async () => {
        throw bridgeError('NetworkError', 'offline');
      },
      getReminders: async () => [],
    });
    const store = createAppStore({ api: f.api, now: () => noonOf('2026-11-18') });

    const first = store.getState().week.load();
    await store.getState().week.goToNext();
    expect(store.getState().week.view?.weekStart).toBe('2026-11-23');
    slow.resolve(emptyWeek('2026-11-16', '40:00'));
    await first;

    const week = store.getState().week;
    expect(week.weekStart).toBe('2026-11-23');
    expect(week.view).toMatchObject({ weekStart: '2026-11-23', totalHours: '07:30' });
    expect(week.loading).toBe(false);
    // The late answer did not go on to read the preview of the week the user left.
    expect(f.calls.filter((c) => c.op === 'previewSubmit').map((c) => c.input)).toEqual([{ weekStart: '2026-11-23' }]);
  });
});

const rule = { mode: 'nearest', stepMinutes: 1 } as const;
const stopped: TimerView = { running: false, billable: true, elapsedMs: 0, rawHhmm: '00:00', roundedHhmm: '00:00', rule };
const logged = (state: 'synced' | 'queued') => ({
  state,
  log: {
    localId: `l-${state}`,
    workDate: '2026-11-18',
    hours: '01:00',
    jobName: 'Website',
    billingStatus: 'Billable' as const,
    sync: state,
    source: 'local' as const,
  },
});

describe('the outcome of a stop', () => {
  it.each([
    ['synced', [logged('synced')], undefined],
    ['queued', [logged('synced'), logged('queued')], undefined],
    // A notice whose words say "Queued" does not make a refused stop look queued: the state decides.
    ['refused', [], 'Queued nothing: the day is locked.'],
  ] as const)('is kept as %s, whatever its message says', async (state, logs, notice) => {
    const result: StopResult = { timer: stopped, rawHhmm: '01:00', roundedHhmm: '01:00', logged: [...logs], ...(notice ? { notice } : {}) };
    const f = fakeApi({ stopTimer: async () => result });
    const store = createAppStore({ api: f.api, now: () => noonOf('2026-11-18') });
    await store.getState().timer.stop();
    expect(store.getState().timer.lastStop?.state).toBe(state);
  });
});
