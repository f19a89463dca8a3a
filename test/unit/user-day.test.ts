/**
 * The user's day (src/shared/time/zone.ts `userDay`, `createDays`): in the zone they chose, else this process's exactly
 * as before; the morning reminder's time on that zone's clocks; the first screen's calls for that day's week. Runs in
 * whatever zone the suite runs in: the chosen zones are named, the system's is the process's.
 * @inner src/core/week/morning.ts
 */
import { describe, expect, it } from 'vitest';
import { chosenZone, createDays, dayIn, userDay } from '../../src/shared/time/zone';
import { localDate } from '../../src/shared/time/week';
import { answered, morningDue } from '../../src/core/week/morning';
import { computeReminders } from '../../src/core/week';
import { firstScreenCalls } from '../../src/shared/first-screen/calls';

const utc = (iso: string) => Date.parse(`${iso}Z`);
/** Monday 23 Nov 2026, 02:30 in Berlin; Sunday 22 Nov in every zone west of UTC-2. */
const AT = utc('2026-11-23T01:30:00');

describe("the user's day", () => {
  it("is this process's local day with system, none or an unknown zone, and the zone's day when one is chosen", () => {
    for (const ms of [AT, utc('2026-03-29T00:30:00'), utc('2026-12-31T23:59:59'), 0]) {
      expect(userDay(ms, 'system')).toBe(localDate(ms));
      expect(userDay(ms, undefined)).toBe(localDate(ms));
      expect(userDay(ms, 'Mars/Olympus')).toBe(localDate(ms));
      expect(userDay(ms, 'Europe/Berlin')).toBe(dayIn('Europe/Berlin', ms));
    }
    expect(userDay(AT, 'Europe/Berlin')).toBe('2026-11-23');
    expect(userDay(AT, 'America/New_York')).toBe('2026-11-22');
    expect([chosenZone('system'), chosenZone(undefined), chosenZone('Mars/Olympus'), chosenZone('Asia/Tokyo')]).toEqual([
      undefined,
      undefined,
      undefined,
      'Asia/Tokyo',
    ]);
  });

  it('follows the clock and a change of the preference at once', () => {
    let now = AT;
    let pref = 'Europe/Berlin';
    const days = createDays({ now: () => now }, () => pref);
    expect(days.today()).toBe('2026-11-23');
    pref = 'America/New_York';
    expect(days.today()).toBe('2026-11-22');
    now += 4 * 60 * 60_000; // 00:30 in New York
    expect(days.today()).toBe('2026-11-23');
    expect(days.dayOf(AT)).toBe('2026-11-22');
  });
});

describe('the morning reminder in the chosen zone', () => {
  const base = { at: '10:00', running: false, loggedToday: false, answers: undefined, zone: 'Asia/Tokyo' };
  it("is due at 10:00 on that zone's clocks, on that zone's working day", () => {
    // Wednesday 18 Nov, 09:59 and 10:00 in Tokyo (UTC+9)
    expect(morningDue({ ...base, now: utc('2026-11-18T00:59:00') })).toEqual({ due: false, at: utc('2026-11-18T01:00:00'), snoozes: 0 });
    expect(morningDue({ ...base, now: utc('2026-11-18T01:00:00') })).toMatchObject({ due: true });
    // Saturday 21 Nov 10:00 in Tokyo is Friday evening in America: Tokyo's weekend, silent
    expect(morningDue({ ...base, now: utc('2026-11-21T01:00:00') })).toBeUndefined();
  });
  it("keeps a 'not today' for that zone's day", () => {
    const now = utc('2026-11-18T01:00:00');
    const answers = answered(undefined, 'not-today', now, 'Asia/Tokyo');
    expect(answers.day).toBe('2026-11-18');
    expect(morningDue({ ...base, answers, now })).toBeUndefined();
  });
});

it("counts a week's days left to its due day from the day given", () => {
  const input = {
    now: AT,
    settings: { enabled: true, submissionDueWeekday: 5 } as Parameters<typeof computeReminders>[0]['settings'],
    thisWeek: { weekStart: '2026-11-16', totalMinutes: 600 },
    lastWeekTotalMinutes: 600,
    needsAttention: 0,
  };
  // Thursday 19 Nov: due tomorrow; Friday 20 Nov: due today
  expect(computeReminders({ ...input, today: '2026-11-19' }).map((r) => r.id)).toEqual(['week-due:2026-11-16']);
  expect(computeReminders({ ...input, today: '2026-11-19' })[0].message).toMatch(/is due Friday/);
  expect(computeReminders({ ...input, today: '2026-11-20' })[0].message).toMatch(/is due today/);
  expect(computeReminders({ ...input, today: '2026-11-21' })[0].message).toMatch(/was due Friday/);
  expect(computeReminders({ ...input, today: '2026-11-18' })).toEqual([]);
});

it("asks the first screen's weeks of the day given", () => {
  // Monday in Berlin: its week, and the week before (Monday and Tuesday read the week before too)
  const calls = firstScreenCalls(AT, '2026-11-23').filter((c) => c.name === 'getWeek');
  expect(calls.map((c) => c.input.date)).toEqual(['2026-11-23', '2026-11-16']);
  // Sunday in New York: its week only
  expect(
    firstScreenCalls(AT, '2026-11-22')
      .filter((c) => c.name === 'getWeek')
      .map((c) => c.input.date),
  ).toEqual(['2026-11-16']);
});
