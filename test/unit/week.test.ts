import { afterEach, describe, expect, it } from 'vitest';
import { format } from 'date-fns';
import {
  addDays,
  addWeeks,
  daysBetween,
  dueDate,
  isValidDate,
  localDate,
  splitByLocalDay,
  weekDays,
  weekdayOf,
  weekLabel,
  weekStartOf,
} from '../../src/shared/time/week';

process.env.TZ = 'Europe/Berlin';
const H = 3_600_000;
const M = 60_000;

/** Local wall-clock time in the test's time zone. */
const at = (y: number, mo: number, d: number, h = 0, mi = 0) => new Date(y, mo - 1, d, h, mi).getTime();

afterEach(() => {
  process.env.TZ = 'Europe/Berlin';
});

describe('localDate', () => {
  it('gives the local day, not the UTC day, just after local midnight', () => {
    // 23:30 UTC on the 18th is 00:30 on the 19th in Berlin.
    expect(localDate(Date.UTC(2026, 10, 18, 23, 30))).toBe('2026-11-19');
    expect(new Date(Date.UTC(2026, 10, 18, 23, 30)).toISOString().slice(0, 10)).toBe('2026-11-18');
  });

  it('follows the process time zone when it changes', () => {
    process.env.TZ = 'America/Los_Angeles';
    expect(localDate(Date.UTC(2026, 10, 19, 5, 0))).toBe('2026-11-18');
  });

  // written by hand since the seventh pass of the first screen (no date-fns format in the first chunk): the same days
  it.each(['Europe/Berlin', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/Sao_Paulo'])(
    "writes every hour's day as date-fns' yyyy-MM-dd did, in %s, across DST changes and four-digit years",
    (zone) => {
      process.env.TZ = zone;
      const starts = [Date.UTC(2026, 0, 1), Date.UTC(2026, 2, 25), Date.UTC(2026, 9, 20), Date.UTC(1999, 11, 30), -62_000_000_000_000];
      for (const start of starts) {
        for (let t = start; t < start + 10 * 24 * H; t += 37 * M) expect(localDate(t)).toBe(format(new Date(t), 'yyyy-MM-dd'));
      }
    },
  );

  it('refuses a number past the range of a date instead of writing NaN-NaN-NaN', () => {
    expect(() => localDate(9e15)).toThrow(/is not a point in time/);
  });
});

describe('weekStartOf', () => {
  it.each([
    ['2026-11-16', '2026-11-16'], // Monday: its own week
    ['2026-11-18', '2026-11-16'],
    ['2026-11-22', '2026-11-16'], // Sunday: the week that began on Monday
    ['2026-11-23', '2026-11-23'],
    ['2027-01-03', '2026-12-28'], // across the year end
    ['2026-03-29', '2026-03-23'], // the DST change Sunday
  ])('puts %s in the week starting %s', (date, monday) => {
    expect(weekStartOf(date)).toBe(monday);
  });

  it('refuses a date that is not a calendar date', () => {
    expect(() => weekStartOf('2026-02-30')).toThrow(/date: "2026-02-30" is not a calendar date. Use YYYY-MM-DD/);
  });
});

describe('weekDays, addWeeks, addDays, daysBetween', () => {
  it('lists Monday to Sunday, also across a month end', () => {
    expect(weekDays('2026-11-30')).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    expect(weekDays('2026-12-02')[0]).toBe('2026-11-30');
  });

  it('moves by whole weeks and days across DST changes and the year end', () => {
    expect(addWeeks('2026-03-23', 1)).toBe('2026-03-30');
    expect(addWeeks('2026-12-28', 1)).toBe('2027-01-04');
    expect(addWeeks('2026-11-16', -1)).toBe('2026-11-09');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
    expect(daysBetween('2026-10-24', '2026-10-26')).toBe(2);
    expect(daysBetween('2026-03-30', '2026-03-28')).toBe(-2);
  });

  it('numbers weekdays from Monday = 1 to Sunday = 7', () => {
    expect(weekdayOf('2026-11-16')).toBe(1);
    expect(weekdayOf('2026-11-20')).toBe(5);
    expect(weekdayOf('2026-11-22')).toBe(7);
  });
});

describe('isValidDate', () => {
  it.each([
    ['2026-11-20', true],
    ['2024-02-29', true],
    ['2000-02-29', true],
    ['2026-12-31', true],
    ['2026-02-29', false],
    ['1900-02-29', false],
    ['2026-04-31', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-11-00', false],
    ['2026-4-1', false],
    ['20-11-2026', false],
    ['2026-11-20T10:00', false],
    ['', false],
  ])('says %s is a real date: %s', (s, ok) => {
    expect(isValidDate(s)).toBe(ok);
  });
});

describe('splitByLocalDay', () => {
  it('splits 23:30 -> 01:10 into 00:30 and 01:10 at local midnight', () => {
    expect(splitByLocalDay(at(2026, 11, 19, 23, 30), at(2026, 11, 20, 1, 10))).toEqual([
      { date: '2026-11-19', ms: 30 * M },
      { date: '2026-11-20', ms: 70 * M },
    ]);
  });

  it('gives one piece per day for a span over several days', () => {
    const pieces = splitByLocalDay(at(2026, 11, 19, 22), at(2026, 11, 22, 2));
    expect(pieces.map((p) => [p.date, p.ms / H])).toEqual([
      ['2026-11-19', 2],
      ['2026-11-20', 24],
      ['2026-11-21', 24],
      ['2026-11-22', 2],
    ]);
  });

  it('counts the 23-hour spring-forward day as 23 hours', () => {
    const pieces = splitByLocalDay(at(2026, 3, 28, 23), at(2026, 3, 30, 1));
    expect(pieces.map((p) => [p.date, p.ms / H])).toEqual([
      ['2026-03-28', 1],
      ['2026-03-29', 23],
      ['2026-03-30', 1],
    ]);
  });

  it('counts the 25-hour fall-back day as 25 hours', () => {
    const pieces = splitByLocalDay(at(2026, 10, 24, 22), at(2026, 10, 26, 0));
    expect(pieces.map((p) => [p.date, p.ms / H])).toEqual([
      ['2026-10-24', 2],
      ['2026-10-25', 25],
    ]);
  });

  it('splits where local midnight does not exist (DST starts at 00:00 in Santiago)', () => {
    process.env.TZ = 'America/Santiago';
    // 2026-09-06 00:00 is skipped: clocks go from 23:59:59 to 01:00.
    const start = new Date(2026, 8, 5, 23, 0).getTime();
    const end = new Date(2026, 8, 6, 2, 0).getTime();
    expect(end - start).toBe(2 * H);
    expect(splitByLocalDay(start, end)).toEqual([
      { date: '2026-09-05', ms: H },
      { date: '2026-09-06', ms: H },
    ]);
  });

  it('gives nothing for an empty span and refuses an end before the start', () => {
    expect(splitByLocalDay(at(2026, 11, 19, 9), at(2026, 11, 19, 9))).toEqual([]);
    expect(() => splitByLocalDay(at(2026, 11, 19, 9), at(2026, 11, 19, 8))).toThrow(/end is before the start/);
  });
});

describe('weekLabel', () => {
  it.each([
    ['2026-11-16', '16 – 22 Nov 2026'],
    ['2026-11-19', '16 – 22 Nov 2026'],
    ['2026-11-02', '2 – 8 Nov 2026'],
    ['2026-11-30', '30 Nov – 6 Dec 2026'],
    ['2026-12-28', '28 Dec 2026 – 3 Jan 2027'],
  ])('labels the week of %s as "%s"', (date, label) => {
    expect(weekLabel(date)).toBe(label);
  });

  it("labels every week of two years as date-fns' d MMM yyyy did", () => {
    for (let i = 0; i < 106; i++) {
      const monday = addWeeks('2026-01-05', i);
      const first = new Date(`${monday}T12:00:00`);
      const last = new Date(`${addDays(monday, 6)}T12:00:00`);
      const byFormat =
        first.getFullYear() !== last.getFullYear()
          ? `${format(first, 'd MMM yyyy')} – ${format(last, 'd MMM yyyy')}`
          : first.getMonth() !== last.getMonth()
            ? `${format(first, 'd MMM')} – ${format(last, 'd MMM yyyy')}`
            : `${format(first, 'd')} – ${format(last, 'd MMM yyyy')}`;
      expect(weekLabel(monday)).toBe(byFormat);
    }
  });
});

describe('dueDate', () => {
  it.each([
    [1, '2026-11-16'],
    [5, '2026-11-20'],
    [7, '2026-11-22'],
  ])('puts weekday %i of the week of 16 Nov on %s', (weekday, date) => {
    expect(dueDate('2026-11-16', weekday)).toBe(date);
  });

  it('refuses a weekday outside 1..7', () => {
    expect(() => dueDate('2026-11-16', 0)).toThrow(/submissionDueWeekday: 0 must be 1 \(Monday\) to 7 \(Sunday\)/);
    expect(() => dueDate('2026-11-16', 8)).toThrow(/submissionDueWeekday/);
  });
});
