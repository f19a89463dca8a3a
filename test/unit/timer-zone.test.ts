/**
 * Days in one time zone (src/shared/time/zone.ts): a timer's days are those of the zone it started in (the user's choice,
 * else the system's then), kept with the timer, so a traveller's timer splits at that zone's midnights wherever it is
 * stopped; `--at` is read in that zone too (src/cli/commands/timer/moment.ts).
 */
import { describe, expect, it } from 'vitest';
import { createTimer } from '../../src/core/timer';
import { memoryStore } from '../../src/core/store';
import { DEFAULT_ROUNDING } from '../../src/shared/time/hours';
import { atIn, clockIn, dayIn, splitByDayIn } from '../../src/shared/time/zone';
import { parseMoment } from '../../src/cli/commands/timer/moment';
import { wallClock } from '../fixtures/test-timers';

const H = 60 * 60_000;
const utc = (iso: string) => Date.parse(`${iso}Z`);

describe('days and times in a named zone', () => {
  it('reads the day and the clock of a moment in the zone, not in the process zone', () => {
    const t = utc('2026-11-26T23:30:00'); // 00:30 on the 27th in Berlin, 18:30 on the 26th in New York
    expect([dayIn('Europe/Berlin', t), clockIn('Europe/Berlin', t)]).toEqual(['2026-11-27', '00:30']);
    expect([dayIn('America/New_York', t), clockIn('America/New_York', t)]).toEqual(['2026-11-26', '18:30']);
    expect(atIn('Europe/Berlin', '2026-11-27', 0, 30)).toBe(t);
  });

  it('splits a span at the midnights of the zone', () => {
    // 22:00 to 02:00 Berlin time (UTC+1 in November)
    const pieces = splitByDayIn('Europe/Berlin', utc('2026-11-26T21:00:00'), utc('2026-11-27T01:00:00'));
    expect(pieces).toEqual([
      { date: '2026-11-26', ms: 2 * H },
      { date: '2026-11-27', ms: 2 * H },
    ]);
    // the same four hours in New York are one afternoon
    expect(splitByDayIn('America/New_York', utc('2026-11-26T21:00:00'), utc('2026-11-27T01:00:00'))).toEqual([
      { date: '2026-11-26', ms: 4 * H },
    ]);
  });

  it('keeps a daylight-saving night at its real length, and reads a skipped time as the moment after the gap', () => {
    // Berlin springs forward on 29 Mar 2026 at 02:00 -> 03:00: 23:00 to 04:00 is four real hours
    const pieces = splitByDayIn('Europe/Berlin', atIn('Europe/Berlin', '2026-03-28', 23, 0), atIn('Europe/Berlin', '2026-03-29', 4, 0));
    expect(pieces.map((p) => [p.date, p.ms / H])).toEqual([
      ['2026-03-28', 1],
      ['2026-03-29', 3],
    ]);
    expect(clockIn('Europe/Berlin', atIn('Europe/Berlin', '2026-03-29', 2, 30))).toBe('03:30');
  });
});

describe("the timer's zone", () => {
  it("splits a traveller's timer by the zone it started in, whatever the zone when it stops", () => {
    let now = utc('2026-11-26T13:00:00'); // 22:00 in Tokyo
    const store = memoryStore()('timer');
    const clock = wallClock(() => now);
    const timer = createTimer({ store, clock, getRule: () => DEFAULT_ROUNDING, zone: () => 'Asia/Tokyo' });
    const started = timer.start({ jobName: 'Support' });
    expect(started.zone).toBe('Asia/Tokyo');
    now = utc('2026-11-26T17:00:00'); // 02:00 in Tokyo, the 26th still in Europe and America
    const plan = timer.plan(now, () => 24 * 60);
    expect(plan.segments.map((s) => [s.workDate, s.hhmm])).toEqual([
      ['2026-11-26', '02:00'],
      ['2026-11-27', '02:00'],
    ]);
  });
});

describe('--at, read in the timer zone', () => {
  const zone = 'Europe/Berlin';
  const after = atIn(zone, '2026-11-25', 9, 0); // the timer started Wed 09:00
  const now = atIn(zone, '2026-11-27', 10, 0); // it is Fri 10:00

  it('takes HH:MM as the first such time after the start', () => {
    expect(parseMoment('at', '18:00', { after, zone, now })).toBe(atIn(zone, '2026-11-25', 18, 0));
    expect(parseMoment('at', '8:30', { after, zone, now })).toBe(atIn(zone, '2026-11-26', 8, 30));
  });

  it('takes a day with the time, in either order', () => {
    expect(parseMoment('at', 'yesterday 18:00', { after, zone, now })).toBe(atIn(zone, '2026-11-26', 18, 0));
    expect(parseMoment('at', '17:15 2026-11-25', { after, zone, now })).toBe(atIn(zone, '2026-11-25', 17, 15));
    expect(parseMoment('at', 'today 09:05', { after, zone, now })).toBe(atIn(zone, '2026-11-27', 9, 5));
  });

  it('keeps a time before the start on the start day (refused there as before the start, not read as tomorrow)', () => {
    const start = atIn(zone, '2026-11-27', 9, 30);
    expect(parseMoment('at', '09:00', { after: start, zone, now })).toBe(atIn(zone, '2026-11-27', 9, 0));
  });

  it('refuses what is not a time or a day, saying what to type', () => {
    expect(() => parseMoment('at', 'soon', { after, zone, now })).toThrow(/--at must be a time as HH:MM.*for example --at 18:00/);
    expect(() => parseMoment('at', 'monday 18:00', { after, zone, now })).toThrow(
      /"monday" is not a day: use today, yesterday or YYYY-MM-DD/,
    );
  });
});
