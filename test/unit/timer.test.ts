/** @inner src/core/timer/timer.ts */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { KeyValueStore } from '../../src/core/store';
import { createTimer, planStop, TIMER_KEY } from '../../src/core/timer/timer';
import { InvalidInputError } from '../../src/core/service';
import { memoryStore, openConfStore } from '../../src/core/store';
import type { RoundingRule, TimerView } from '../../src/shared/domain';
import { DEFAULT_ROUNDING } from '../../src/shared/time/hours';
import { wallClock } from '../fixtures/test-timers';

process.env.TZ = 'Europe/Berlin';
const M = 60_000;
const H = 60 * M;
const at = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) => new Date(y, mo - 1, d, h, mi, s).getTime();
const unlimited = () => 24 * 60;

function fakeClock(start: number) {
  let t = start;
  return {
    ...wallClock(() => t),
    set: (ms: number) => {
      t = ms;
    },
    advance: (ms: number) => {
      t += ms;
    },
  };
}

let store: KeyValueStore;
let rule: RoundingRule;
let clock: ReturnType<typeof fakeClock>;
const make = (onChange?: (v: TimerView) => void) => createTimer({ store, clock, onChange, getRule: () => rule });

beforeEach(() => {
  store = memoryStore()('timer');
  rule = DEFAULT_ROUNDING;
  clock = fakeClock(at(2026, 11, 19, 9));
});

describe('starting and the saved state', () => {
  it('writes the running timer to the store before start returns', () => {
    const view = make().start({ jobId: 'j1', jobName: 'Design review', description: 'slides' });
    expect(view).toMatchObject({ running: true, jobId: 'j1', jobName: 'Design review', billable: true, elapsedMs: 0, rawHhmm: '00:00' });
    expect(store.get(TIMER_KEY)).toEqual({
      running: true,
      startedAt: at(2026, 11, 19, 9),
      jobId: 'j1',
      jobName: 'Design review',
      description: 'slides',
      billable: true,
      // its own id (the mark its stop's logs carry) and the zone its days are counted in
      id: expect.stringMatching(/^t-[0-9a-f]{16}$/),
      zone: 'Europe/Berlin',
    });
  });

  it('refuses a second start while one runs, naming the running job', () => {
    const timer = make();
    timer.start({ jobName: 'Design review' });
    expect(() => timer.start({ jobName: 'Support' })).toThrow(InvalidInputError);
    expect(() => timer.start({ jobName: 'Support' })).toThrow('A timer is already running on Design review (started 09:00');
    expect(timer.view().jobName).toBe('Design review');
  });

  it('refuses a start without a job name', () => {
    expect(() => make().start({ jobName: '  ' })).toThrow(/jobName is required/);
    expect(store.get(TIMER_KEY)).toBeUndefined();
  });

  it('tells the listener about every change with the current view', () => {
    const seen: TimerView[] = [];
    const timer = make((v) => seen.push(v));
    timer.start({ jobName: 'Support' });
    clock.advance(5 * M);
    timer.update({ description: 'ticket 42', billable: false });
    timer.discard();
    expect(seen.map((v) => [v.running, v.description, v.billable, v.rawHhmm])).toEqual([
      [true, undefined, true, '00:00'],
      [true, 'ticket 42', false, '00:05'],
      [false, undefined, true, '00:00'],
    ]);
  });
});

describe('changing a running timer', () => {
  it('switches the job by name and id, dropping the old id when only a name is given', () => {
    const timer = make();
    timer.start({ jobId: 'j1', jobName: 'Support' });
    expect(timer.update({ jobId: 'j2', jobName: 'Training' })).toMatchObject({ jobId: 'j2', jobName: 'Training' });
    const byName = timer.update({ jobName: 'Ad hoc' });
    expect(byName.jobName).toBe('Ad hoc');
    expect(byName.jobId).toBeUndefined();
    expect(make().view()).toMatchObject({ jobName: 'Ad hoc', startedAt: at(2026, 11, 19, 9) });
  });

  it('refuses a job id without its name, and any change when no timer runs', () => {
    const timer = make();
    expect(() => timer.update({ description: 'x' })).toThrow(/No timer is running/);
    timer.start({ jobId: 'j1', jobName: 'Support' });
    expect(() => timer.update({ jobId: 'j2' })).toThrow(/jobName is required when changing the job/);
    expect(timer.view().jobId).toBe('j1');
  });
});

describe('elapsed time comes from the wall clock', () => {
  it('survives re-creating the timer from the same store (restart)', () => {
    make().start({ jobId: 'j7', jobName: 'Support', workItem: 'triage', billable: false });
    clock.advance(42 * M + 10_000);
    const after = make().view();
    expect(after).toMatchObject({ running: true, jobId: 'j7', jobName: 'Support', workItem: 'triage', billable: false });
    expect(after.elapsedMs).toBe(42 * M + 10_000);
    expect(after.rawHhmm).toBe('00:42');
  });

  it('survives a restart through the file store on disk', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'punch-timer-'));
    try {
      store = openConfStore(dir)('timer');
      make().start({ jobName: 'Support' });
      clock.advance(2 * H);
      store = openConfStore(dir)('timer');
      expect(make().view()).toMatchObject({ running: true, jobName: 'Support', rawHhmm: '02:00' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('counts the time the machine slept when the clock jumps', () => {
    const timer = make();
    timer.start({ jobName: 'Support' });
    clock.advance(3 * H + 20 * M);
    expect(timer.view().elapsedMs).toBe(3 * H + 20 * M);
    expect(timer.view().rawHhmm).toBe('03:20');
  });

  it('shows the rounding of the current rule beside the raw time', () => {
    const timer = make();
    timer.start({ jobName: 'Support' });
    clock.advance(52 * M);
    rule = { mode: 'up', stepMinutes: 15 };
    expect(timer.view()).toMatchObject({ rawHhmm: '00:52', roundedHhmm: '01:00', rule: { mode: 'up', stepMinutes: 15 } });
  });

  it('treats an unreadable saved state as no timer running', () => {
    store.set(TIMER_KEY, { running: true, startedAt: 'yesterday', jobName: 'Support' });
    expect(make().view().running).toBe(false);
    store.set(TIMER_KEY, { running: true, startedAt: at(2026, 11, 19, 8) });
    expect(make().view().running).toBe(false);
  });
});

describe('the stop plan', () => {
  it('gives one rounded piece per local day for a timer past midnight', () => {
    clock.set(at(2026, 11, 19, 23, 30));
    const timer = make();
    timer.start({ jobName: 'Release' });
    const plan = timer.plan(at(2026, 11, 20, 1, 10), unlimited);
    expect(plan.segments).toEqual([
      { workDate: '2026-11-19', minutes: 30, hhmm: '00:30', rawHhmm: '00:30', capped: false, roundedMinutes: 30 },
      { workDate: '2026-11-20', minutes: 70, hhmm: '01:10', rawHhmm: '01:10', capped: false, roundedMinutes: 70 },
    ]);
    expect(plan).toMatchObject({ rawHhmm: '01:40', roundedHhmm: '01:40', loggedHhmm: '01:40', needsConfirm: false });
    expect(plan.notice).toBeUndefined();
  });

  it('rounds each day by the rule', () => {
    rule = { mode: 'up', stepMinutes: 15 };
    const plan = planStop(at(2026, 11, 19, 23, 30), at(2026, 11, 20, 1, 10), rule, unlimited);
    expect(plan.segments.map((s) => [s.workDate, s.hhmm, s.rawHhmm])).toEqual([
      ['2026-11-19', '00:30', '00:30'],
      ['2026-11-20', '01:15', '01:10'],
    ]);
    expect(plan.roundedHhmm).toBe('01:45');
  });

  it('splits a timer over the spring-forward night by real elapsed time', () => {
    const plan = planStop(at(2026, 3, 28, 23), at(2026, 3, 29, 4), DEFAULT_ROUNDING, unlimited);
    expect(plan.segments.map((s) => [s.workDate, s.hhmm])).toEqual([
      ['2026-03-28', '01:00'],
      ['2026-03-29', '03:00'],
    ]);
    expect(plan.rawHhmm).toBe('04:00');
  });

  it('drops a piece under a minute after rounding, with a notice', () => {
    const plan = planStop(at(2026, 11, 19, 23, 59, 45), at(2026, 11, 20, 0, 20), DEFAULT_ROUNDING, unlimited);
    expect(plan.segments.map((s) => [s.workDate, s.hhmm])).toEqual([['2026-11-20', '00:20']]);
    expect(plan.notice?.message).toBe('Less than a minute on Thu 19 Nov: nothing logged.');
    expect(plan.needsConfirm).toBe(false);
  });

  it('logs nothing for a timer stopped within seconds', () => {
    const timer = make();
    timer.start({ jobName: 'Support' });
    clock.advance(20_000);
    const plan = timer.plan(clock.now(), unlimited);
    expect(plan.segments).toEqual([]);
    expect(plan.notice?.message).toBe('Less than a minute on Thu 19 Nov: nothing logged.');
  });

  it('caps a day to what the company maximum leaves and asks to confirm', () => {
    const available = (date: string) => (date === '2026-11-19' ? 90 : 600);
    const plan = planStop(at(2026, 11, 19, 9), at(2026, 11, 19, 11, 15), DEFAULT_ROUNDING, available);
    expect(plan.segments).toEqual([
      { workDate: '2026-11-19', minutes: 90, hhmm: '01:30', rawHhmm: '02:15', capped: true, roundedMinutes: 135 },
    ]);
    expect(plan.needsConfirm).toBe(true);
    expect(plan.notice?.message).toBe(
      'Thu 19 Nov can take only 01:30 more (the company maximum per day): 01:30 will be logged and 00:45 is cut.',
    );
    expect(plan.loggedHhmm).toBe('01:30');
    expect(plan.roundedHhmm).toBe('02:15');
  });

  it('leaves out a day that is already full, and says so', () => {
    const plan = planStop(at(2026, 11, 19, 23), at(2026, 11, 20, 1), DEFAULT_ROUNDING, (d) => (d === '2026-11-19' ? 0 : 600));
    expect(plan.segments.map((s) => s.workDate)).toEqual(['2026-11-20']);
    expect(plan.needsConfirm).toBe(true);
    expect(plan.notice?.message).toBe(
      'Thu 19 Nov already has the company maximum per day: nothing will be logged on that day and 01:00 is cut.',
    );
  });

  it('plans nothing negative when the clock was set back', () => {
    const plan = planStop(at(2026, 11, 19, 9), at(2026, 11, 19, 8), DEFAULT_ROUNDING, unlimited);
    expect(plan.segments).toEqual([]);
    expect(plan.rawHhmm).toBe('00:00');
  });

  it('keeps the timer running until its stop is settled, which clears the saved state', () => {
    const timer = make();
    const { id } = timer.start({ jobName: 'Support' });
    clock.advance(H);
    timer.plan(clock.now(), unlimited);
    expect(make().view().running).toBe(true);
    timer.settle(id!);
    expect(store.get(TIMER_KEY)).toBeUndefined();
    expect(make().view()).toMatchObject({ running: false, elapsedMs: 0 });
  });

  it('refuses to plan when no timer runs', () => {
    expect(() => make().plan(clock.now(), unlimited)).toThrow(/No timer is running/);
  });
});

describe('idle, sleep and lock', () => {
  it('remembers the idle prompt across a restart and keeps the earliest idle start', () => {
    const timer = make();
    timer.start({ jobName: 'Support' });
    timer.noteIdle(at(2026, 11, 19, 10), 'idle');
    timer.noteIdle(at(2026, 11, 19, 10, 5), 'suspend');
    expect(make().view().idlePrompt).toEqual({ idleSince: at(2026, 11, 19, 10), reason: 'idle' });
  });

  it('does not ask about idle time when no timer runs, nor about time before the start', () => {
    const timer = make();
    expect(timer.noteIdle(at(2026, 11, 19, 8), 'lock').idlePrompt).toBeUndefined();
    timer.start({ jobName: 'Support' });
    expect(timer.noteIdle(at(2026, 11, 19, 8), 'lock').idlePrompt).toEqual({ idleSince: at(2026, 11, 19, 9), reason: 'lock' });
  });

  it('keeps the time when the idle prompt is cleared', () => {
    const timer = make();
    timer.start({ jobName: 'Support' });
    timer.noteIdle(at(2026, 11, 19, 9, 30), 'idle');
    clock.advance(H);
    const view = timer.clearIdle();
    expect(view.idlePrompt).toBeUndefined();
    expect(view.rawHhmm).toBe('01:00');
    expect(store.get<{ idlePrompt?: unknown }>(TIMER_KEY)?.idlePrompt).toBeUndefined();
  });
});
