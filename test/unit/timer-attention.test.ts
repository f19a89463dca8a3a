/**
 * When a timer's time is asked about before it is logged (src/core/timer/timer-attention.ts): past the end of day
 * when it started before it, over midnight, longer than a day's maximum, or with a sleep in it (the wall clock moved
 * more than the monotonic one since the anchor). A table of inputs and reasons.
 * @inner src/core/timer/timer-attention.ts, src/core/timer/timer-state.ts
 */
import { describe, expect, it } from 'vitest';
import { asleepSince, longRun, type AttentionLimits } from '../../src/core/timer/timer-attention';
import type { Persisted } from '../../src/core/timer/timer-state';
import { atIn } from '../../src/shared/time/zone';

const zone = 'Europe/Berlin';
const at = (day: string, hh: number, mm = 0) => atIn(zone, day, hh, mm);
const H = 60 * 60_000;
const limits: AttentionLimits = { endOfDay: '18:00', maxMinutesPerDay: 10 * 60, awayMs: 10 * 60_000 };
const timer = (startedAt: number, anchor?: Persisted['anchor']): Persisted => ({
  running: true,
  startedAt,
  jobName: 'Support',
  billable: true,
  zone,
  ...(anchor ? { anchor } : {}),
});

describe('a timer that ran long', () => {
  it.each([
    ['a working morning', at('2026-11-25', 9), at('2026-11-25', 12), undefined],
    ['up to the end of day exactly', at('2026-11-25', 9), at('2026-11-25', 18), undefined],
    ['working late, started after the end of day', at('2026-11-25', 19), at('2026-11-25', 22), undefined],
    ['past the end of day', at('2026-11-25', 9), at('2026-11-25', 18, 1), ['end-of-day']],
    ['late work over midnight', at('2026-11-25', 23), at('2026-11-26', 0, 30), ['midnight']],
    ['forgotten overnight', at('2026-11-25', 16), at('2026-11-26', 10), ['end-of-day', 'midnight', 'day-maximum']],
    ['longer than a day allows', at('2026-11-25', 6), at('2026-11-25', 16, 30), ['day-maximum']],
  ])('%s', (_what, start, end, reasons) => {
    expect(longRun(timer(start), end, zone, limits)?.reasons).toEqual(reasons);
  });

  it('suggests the end of the working day it ran past', () => {
    expect(longRun(timer(at('2026-11-24', 9)), at('2026-11-27', 10), zone, limits)?.suggestedEnd).toBe(at('2026-11-24', 18));
    expect(longRun(timer(at('2026-11-25', 23)), at('2026-11-26', 1), zone, limits)?.suggestedEnd).toBeUndefined();
  });

  it('follows the end of day the user set', () => {
    expect(longRun(timer(at('2026-11-25', 9)), at('2026-11-25', 18, 30), zone, { ...limits, endOfDay: '19:00' })).toBeUndefined();
  });
});

describe('a sleep inside the timer', () => {
  const start = at('2026-11-25', 9);
  const anchor = { at: start, mono: 5_000, boot: 'b1' };

  it('counts what the wall clock moved beyond the monotonic clock, from the anchor', () => {
    expect(asleepSince({ anchor }, start + 3 * H, 5_000 + 1 * H, 'b1')).toBe(2 * H);
    const run = longRun(timer(start, anchor), start + 3 * H, zone, { ...limits, mono: 5_000 + H, boot: 'b1' });
    expect(run).toMatchObject({ reasons: ['asleep'], asleepMs: 2 * H });
  });

  it('asks nothing about a short gap, another boot, or clocks that went back', () => {
    expect(longRun(timer(start, anchor), start + H, zone, { ...limits, mono: 5_000 + H - 5 * 60_000, boot: 'b1' })).toBeUndefined();
    expect(asleepSince({ anchor }, start + 3 * H, 5_000 + H, 'b2')).toBeUndefined();
    expect(asleepSince({ anchor }, start + 3 * H, 4_000, 'b1')).toBeUndefined();
    expect(asleepSince({ anchor }, start - H, 5_000 + H, 'b1')).toBeUndefined();
  });
});
