/**
 * A timer left running, caught at the next look (src/core/timer/forgotten.ts, issue 27 part 4): past the end of day
 * or over midnight it is said with the end of the working day and the midnight to stop at; not before the end of day,
 * not when the setting is off, and not for a timer started on a day off.
 * @inner src/core/timer/forgotten.ts, src/core/timer/timer-state.ts
 */
import { describe, expect, it } from 'vitest';
import { forgottenTimer } from '../../src/core/timer/forgotten';
import type { Persisted } from '../../src/core/timer/timer-state';
import { atIn } from '../../src/shared/time/zone';

const zone = 'America/New_York';
const at = (day: string, hh: number, mm = 0) => atIn(zone, day, hh, mm);
const timer = (startedAt: number): Persisted => ({ running: true, startedAt, jobName: 'Job 7', billable: true, zone });
// 2026-11-25 is a Wednesday, 2026-11-28 a Saturday
describe('a timer left running', () => {
  it('is found the next morning, over midnight: the end of its working day and the midnight after it are offered', () => {
    const f = forgottenTimer(timer(at('2026-11-25', 17, 40)), at('2026-11-26', 9, 5), zone, '18:00');
    expect(f).toEqual({
      reasons: ['end-of-day', 'midnight'],
      startedAt: at('2026-11-25', 17, 40),
      zone,
      endOfDay: at('2026-11-25', 18),
      midnight: at('2026-11-26', 0),
    });
  });

  it('is found the same evening once it runs past the end of day, without a midnight yet', () => {
    const f = forgottenTimer(timer(at('2026-11-25', 9)), at('2026-11-25', 19, 30), zone, '17:30');
    expect(f).toMatchObject({ reasons: ['end-of-day'], endOfDay: at('2026-11-25', 17, 30) });
    expect(f?.midnight).toBeUndefined();
  });

  it('says nothing before the end of day, when the setting is off, or for a timer started on a Saturday', () => {
    expect(forgottenTimer(timer(at('2026-11-25', 9)), at('2026-11-25', 17, 59), zone, '18:00')).toBeUndefined();
    expect(forgottenTimer(timer(at('2026-11-25', 17, 40)), at('2026-11-26', 9), zone, undefined)).toBeUndefined();
    expect(forgottenTimer(timer(at('2026-11-28', 10)), at('2026-11-29', 9), zone, '18:00')).toBeUndefined();
  });

  it('started after the end of day and run over midnight: only the midnight is offered', () => {
    const f = forgottenTimer(timer(at('2026-11-25', 20)), at('2026-11-26', 8), zone, '18:00');
    expect(f).toMatchObject({ reasons: ['midnight'], midnight: at('2026-11-26', 0) });
    expect(f?.endOfDay).toBeUndefined();
  });
});
