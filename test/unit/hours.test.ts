import { describe, expect, it } from 'vitest';
import type { RoundingMode, RoundingStep } from '../../src/shared/domain';
import {
  DEFAULT_ROUNDING,
  describeMinutes,
  isHhmm,
  parseHhmm,
  roundMinutes,
  roundToHhmm,
  toHhmm,
  parseDuration,
} from '../../src/shared/time/hours';

process.env.TZ = 'Europe/Berlin';

const S = 1_000;
const M = 60_000;

describe('parseHhmm', () => {
  it.each([
    ['0:00', 0],
    ['00:00', 0],
    ['1:30', 90],
    ['01:30', 90],
    ['7:05', 425],
    ['24:00', 1440],
    ['7010:00', 420_600],
    ['99999:59', 5_999_999],
  ])('reads %s as %i minutes', (s, minutes) => {
    expect(parseHhmm(s)).toBe(minutes);
  });

  it.each(['', '1', '130', '1:5', '1:60', '01:99', '-1:00', '1.5', '1:30:00', '100000:00', 'ab:cd', ':30'])(
    'refuses "%s" with a message that names the HH:MM rule',
    (s) => {
      expect(() => parseHhmm(s)).toThrow(/hours: .* is not HH:MM.*for example 01:30/);
    },
  );
});

describe('toHhmm', () => {
  it.each([
    [0, '00:00'],
    [5, '00:05'],
    [90, '01:30'],
    [600, '10:00'],
    [1440, '24:00'],
    [420_600, '7010:00'],
  ])('writes %i minutes as %s', (minutes, s) => {
    expect(toHhmm(minutes)).toBe(s);
  });

  it('round-trips with parseHhmm for totals above a day', () => {
    for (const minutes of [0, 59, 61, 1439, 1441, 123_457]) expect(parseHhmm(toHhmm(minutes))).toBe(minutes);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses %s minutes', (minutes) => {
    expect(() => toHhmm(minutes)).toThrow(/whole number of minutes/);
  });
});

describe('isHhmm', () => {
  it('accepts H:MM to HHHHH:MM and nothing else', () => {
    expect(['1:00', '12:34', '7010:00', '99999:59'].every(isHhmm)).toBe(true);
    expect(['1:0', '123456:00', '12:60', ' 1:00', '', undefined, 90].some(isHhmm)).toBe(false);
  });
});

describe('roundMinutes', () => {
  // [mode, step, duration in ms, expected minutes]
  const table: Array<[RoundingMode, RoundingStep, number, number]> = [
    // nearest: halves round up, decided on the exact time
    ['nearest', 1, 0, 0],
    ['nearest', 1, 29 * S + 999, 0],
    ['nearest', 1, 30 * S, 1],
    ['nearest', 1, 89 * S + 999, 1],
    ['nearest', 1, 90 * S, 2],
    ['nearest', 5, 2 * M + 30 * S - 1, 0],
    ['nearest', 5, 2 * M + 30 * S, 5],
    ['nearest', 5, 7 * M + 29 * S, 5],
    ['nearest', 5, 7 * M + 30 * S, 10],
    ['nearest', 6, 3 * M - 1, 0],
    ['nearest', 6, 3 * M, 6],
    ['nearest', 6, 9 * M - 1, 6],
    ['nearest', 6, 9 * M, 12],
    ['nearest', 10, 5 * M - 1, 0],
    ['nearest', 10, 5 * M, 10],
    ['nearest', 10, 14 * M, 10],
    ['nearest', 10, 15 * M, 20],
    ['nearest', 15, 7 * M + 30 * S - 1, 0],
    ['nearest', 15, 7 * M + 30 * S, 15],
    ['nearest', 15, 22 * M + 30 * S - 1, 15],
    ['nearest', 15, 22 * M + 30 * S, 30],
    ['nearest', 30, 15 * M - 1, 0],
    ['nearest', 30, 15 * M, 30],
    ['nearest', 30, 45 * M - 1, 30],
    ['nearest', 30, 45 * M, 60],
    // up: any started step counts; an exact step stays
    ['up', 1, 0, 0],
    ['up', 1, 1, 1],
    ['up', 1, M, 1],
    ['up', 1, M + 1, 2],
    ['up', 5, 5 * M, 5],
    ['up', 5, 5 * M + 1, 10],
    ['up', 6, 6 * M, 6],
    ['up', 6, 6 * M + 1, 12],
    ['up', 10, 1, 10],
    ['up', 10, 20 * M, 20],
    ['up', 15, 15 * M + 20 * S, 30],
    ['up', 15, 60 * M, 60],
    ['up', 30, 30 * M + 1, 60],
    // down: only completed steps count
    ['down', 1, 59 * S + 999, 0],
    ['down', 1, M, 1],
    ['down', 1, 2 * M - 1, 1],
    ['down', 5, 5 * M - 1, 0],
    ['down', 5, 10 * M - 1, 5],
    ['down', 6, 12 * M - 1, 6],
    ['down', 10, 10 * M, 10],
    ['down', 15, 30 * M - 1, 15],
    ['down', 30, 60 * M - 1, 30],
    ['down', 30, 60 * M, 60],
  ];

  it.each(table)('rounds %s on a %i-minute step: %i ms gives %i minutes', (mode, stepMinutes, ms, expected) => {
    expect(roundMinutes(ms, { mode, stepMinutes })).toBe(expected);
  });

  it('always lands on a multiple of the step, within one step of the real time', () => {
    for (const mode of ['nearest', 'up', 'down'] as const) {
      for (const stepMinutes of [1, 5, 6, 10, 15, 30] as const) {
        for (let ms = 0; ms < 3 * 60 * M; ms += 41 * S + 13) {
          const r = roundMinutes(ms, { mode, stepMinutes });
          expect(r % stepMinutes).toBe(0);
          expect(Math.abs(r * M - ms)).toBeLessThanOrEqual(stepMinutes * M);
          if (mode === 'up') expect(r * M).toBeGreaterThanOrEqual(ms);
          if (mode === 'down') expect(r * M).toBeLessThanOrEqual(ms);
        }
      }
    }
  });

  it('refuses an unknown mode or step and a negative duration', () => {
    expect(() => roundMinutes(M, { mode: 'sideways' as RoundingMode, stepMinutes: 5 })).toThrow(/rounding.mode/);
    expect(() => roundMinutes(M, { mode: 'up', stepMinutes: 7 as RoundingStep })).toThrow(
      /rounding.stepMinutes: 7 is not one of 1, 5, 6, 10, 15, 30/,
    );
    expect(() => roundMinutes(-1, DEFAULT_ROUNDING)).toThrow(/duration/);
  });
});

describe('roundToHhmm', () => {
  it('shows the raw time floored to minutes beside the rounded time', () => {
    expect(roundToHhmm(90 * S, DEFAULT_ROUNDING)).toEqual({ rawHhmm: '00:01', rawMinutes: 1, roundedHhmm: '00:02', roundedMinutes: 2 });
    expect(roundToHhmm(52 * M + 10 * S, { mode: 'up', stepMinutes: 15 })).toEqual({
      rawHhmm: '00:52',
      rawMinutes: 52,
      roundedHhmm: '01:00',
      roundedMinutes: 60,
    });
    expect(roundToHhmm(7 * M + 59 * S, { mode: 'down', stepMinutes: 6 })).toEqual({
      rawHhmm: '00:07',
      rawMinutes: 7,
      roundedHhmm: '00:06',
      roundedMinutes: 6,
    });
  });

  it('handles totals far beyond a day', () => {
    expect(roundToHhmm(7010 * 60 * M + 29 * S, DEFAULT_ROUNDING).roundedHhmm).toBe('7010:00');
  });

  it('rounds to the nearest minute by default', () => {
    expect(DEFAULT_ROUNDING).toEqual({ mode: 'nearest', stepMinutes: 1 });
    expect(roundToHhmm(30 * S).roundedHhmm).toBe('00:01');
  });
});

describe('describeMinutes', () => {
  it.each([
    [0, '0 min'],
    [45, '45 min'],
    [60, '1 h'],
    [90, '1 h 30 min'],
    [360, '6 h'],
  ])('says %i minutes as "%s"', (m, s) => {
    expect(describeMinutes(m)).toBe(s);
  });
});

describe('parseDuration: durations as people type them', () => {
  it.each([
    ['1:30', 90],
    ['01:30', 90],
    ['125:05', 7505],
    ['1h30', 90],
    ['1h 30m', 90],
    ['1h30m', 90],
    ['2h', 120],
    ['2 hours', 120],
    ['1.5', 90],
    ['1,5', 90],
    ['0.25', 15],
    ['2', 120],
    ['90m', 90],
    ['90 min', 90],
    ['45 minutes', 45],
    [' 1H30 ', 90],
    ['0', 0],
  ])('reads %j as %i minutes', (input, minutes) => {
    expect(parseDuration(input)).toBe(minutes);
  });

  it.each(['', 'soon', '1:60', '1:5', '1h75', '-1', '1.5.2', '1:30:00', 'h', '1 30'])('refuses %j instead of reading it as 0', (input) => {
    expect(() => parseDuration(input)).toThrow(/is not a duration\. Write it as 1:30, 1h30, 1\.5 or 90m/);
  });
});
