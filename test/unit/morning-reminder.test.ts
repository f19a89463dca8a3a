/**
 * The morning reminder's times (src/core/week/morning.ts, issue 27 part 4): due at the chosen time on a working day
 * with nothing logged and nothing running; snoozed 30 minutes twice at most; "Not today" ends it; silent on Saturday
 * and Sunday, when off, and once the day has a log. A new day starts clean. The usual job is the one with the most
 * hours over the last two weeks.
 * @inner src/core/week/morning.ts
 */
import { describe, expect, it } from 'vitest';
import { answered, createMorningReminder, MAX_SNOOZES, morningDue, SNOOZE_MS, usualJob } from '../../src/core/week/morning';
import { localTime, TEST_TODAY } from '../fixtures/test-clock';
import { addDays } from '../../src/shared/time/week';

const MIN = 60_000;
// TEST_TODAY is a Wednesday; +3 days a Saturday
const base = { at: '10:00', running: false, loggedToday: false, answers: undefined };

describe('the morning reminder', () => {
  it('is due at the chosen time, not before: before it, it says when', () => {
    expect(morningDue({ ...base, now: localTime(TEST_TODAY, 9, 59) })).toEqual({ due: false, at: localTime(TEST_TODAY, 10), snoozes: 0 });
    expect(morningDue({ ...base, now: localTime(TEST_TODAY, 10) })).toMatchObject({ due: true });
    expect(morningDue({ ...base, at: '08:30', now: localTime(TEST_TODAY, 9) })).toMatchObject({
      due: true,
      at: localTime(TEST_TODAY, 8, 30),
    });
  });

  it('is silent on a Saturday, when off, with a log today or a timer running', () => {
    expect(morningDue({ ...base, now: localTime(addDays(TEST_TODAY, 3), 11) })).toBeUndefined();
    expect(morningDue({ ...base, at: undefined, now: localTime(TEST_TODAY, 11) })).toBeUndefined();
    expect(morningDue({ ...base, loggedToday: true, now: localTime(TEST_TODAY, 11) })).toBeUndefined();
    expect(morningDue({ ...base, running: true, now: localTime(TEST_TODAY, 11) })).toBeUndefined();
  });

  it('snoozes 30 minutes, twice at most, and "Not today" ends it until tomorrow', () => {
    const t1 = localTime(TEST_TODAY, 10, 5);
    const once = answered(undefined, 'snooze', t1);
    expect(morningDue({ ...base, answers: once, now: t1 + 29 * MIN })).toEqual({ due: false, at: t1 + SNOOZE_MS, snoozes: 1 });
    expect(morningDue({ ...base, answers: once, now: t1 + SNOOZE_MS })).toMatchObject({ due: true, snoozes: 1 });
    const twice = answered(once, 'snooze', t1 + SNOOZE_MS);
    const third = answered(twice, 'snooze', t1 + 2 * SNOOZE_MS);
    expect(third).toEqual(twice);
    expect(third.snoozes).toBe(MAX_SNOOZES);
    const off = answered(twice, 'not-today', t1 + 2 * SNOOZE_MS);
    expect(morningDue({ ...base, answers: off, now: localTime(TEST_TODAY, 16) })).toBeUndefined();
    // the next working day starts clean
    expect(morningDue({ ...base, answers: off, now: localTime(addDays(TEST_TODAY, 1), 10) })).toMatchObject({ due: true, snoozes: 0 });
  });

  it('offers the job with the most hours over the last two weeks, else the last one used', () => {
    const logs = [
      { jobId: 'a', jobName: 'Support', workDate: addDays(TEST_TODAY, -2), minutes: 120 },
      { jobId: 'b', jobName: 'Backend', workDate: addDays(TEST_TODAY, -1), minutes: 90 },
      { jobId: 'b', jobName: 'Backend', workDate: addDays(TEST_TODAY, -3), minutes: 90 },
      { jobId: 'c', jobName: 'Old', workDate: addDays(TEST_TODAY, -20), minutes: 900 },
    ];
    expect(usualJob(logs, TEST_TODAY)).toEqual({ jobId: 'b', jobName: 'Backend' });
    expect(usualJob([], TEST_TODAY, { jobId: 'z', jobName: 'Last' })).toEqual({ jobId: 'z', jobName: 'Last' });
  });

  it('reads no week when it cannot be due (off, a timer running, "Not today"), and reads them when it may be', async () => {
    const at11 = localTime(TEST_TODAY, 11, 0);
    let weeksRead = 0;
    const answers = new Map<string, unknown>();
    const reminder = (o: { at?: string; running?: boolean }) =>
      createMorningReminder({
        store: {
          get: <T>(k: string) => answers.get(k) as T | undefined,
          set: (k: string, v: unknown) => void answers.set(k, v),
          delete: (k: string) => void answers.delete(k),
          path: 'reminder.json',
        },
        now: () => at11,
        at: () => o.at,
        running: () => o.running ?? false,
        logs: async () => {
          weeksRead++;
          return [];
        },
        lastJob: () => undefined,
      });
    expect(await reminder({}).get()).toBeNull();
    expect(await reminder({ at: '10:00', running: true }).get()).toBeNull();
    expect(weeksRead).toBe(0);
    expect(await reminder({ at: '10:00' }).get()).toMatchObject({ due: true });
    expect(weeksRead).toBe(1);
    expect(await reminder({ at: '10:00' }).answer('not-today')).toBeNull();
    expect(weeksRead).toBe(1);
  });
});
