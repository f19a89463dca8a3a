/**
 * @inner src/core/service/wire/normalize-records.ts, src/core/service/wire/fields.ts
 *
 * The time tracker settings' answer is read by plain functions under one schema (docs/benchmarks.md "punch status,
 * ninth pass"): the field-by-field zod schema it replaced is kept here as the reference, and both must read every case
 * alike (each field's spellings, forms and junk) and refuse the same answers. That it builds almost no schema:
 * test/unit/built-on-first-use.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compact, readWire, renamed, ShapeError, wireBool, wireObject } from '../../src/core/service/wire/fields';
import { toTrackerSettings } from '../../src/core/service/wire/normalize-records';

/**
 * The zod reading of the settings as it was before the ninth pass (src/core/service/wire/normalize-records.ts), but for
 * one fix: a log type spelled as a name every object has (`constructor`, `toString`) read as that function; both now
 * read it as hours.
 */
function zodReference(): z.ZodType {
  const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
  const FULL_DAY = 24 * 60;
  const squashed = (v: unknown) => (typeof v === 'string' ? v.toLowerCase().replace(/[\s_-]+/g, '') : '');
  const LOG_TYPES: Record<string, string> = {
    startend: 'startEnd',
    starttimeendtime: 'startEnd',
    startandend: 'startEnd',
    starttime: 'startEnd',
    timer: 'timer',
  };
  return z
    .preprocess((v) => (Array.isArray(v) ? v[0] : v), wireObject('settings'))
    .transform((o) =>
      renamed(o, {
        logType: ['logType', 'timeLogType', 'loggingType'],
        maxMinutesPerDay: ['maxHoursPerDay', 'maxHours', 'maximumHoursPerDay'],
        allowFutureDates: ['allowFutureTimeLog', 'allowFutureDates', 'allowFutureLogs'],
        pastDaysAllowed: ['allowedPastDays', 'pastDaysAllowed'],
        submissionDueWeekday: ['timesheetSubmissionDay', 'submissionDay'],
        enabled: ['isTimeTrackerEnabled', 'enabled', 'timeTrackerEnabled'],
        currency: ['currency', 'currencyCode', 'Currency', 'baseCurrency', 'companyCurrency', 'defaultCurrency'],
      }),
    )
    .pipe(
      z.object({
        logType: z.preprocess(squashed, z.string()).transform((s) => (Object.hasOwn(LOG_TYPES, s) ? LOG_TYPES[s] : 'hours')),
        maxMinutesPerDay: z
          .union([z.string(), z.number()])
          .transform((v, ctx) => {
            const s = String(v).trim();
            const hhmm = /^(\d+):(\d{1,2})$/.exec(s);
            const m = hhmm ? Number(hhmm[1]) * 60 + Number(hhmm[2]) : /^\d+(\.\d+)?$/.test(s) ? Math.round(Number(s) * 60) : NaN;
            if (Number.isFinite(m) && m > 0) return Math.min(m, FULL_DAY);
            ctx.addIssue({ code: 'custom', message: 'not hours' });
            return z.NEVER;
          })
          .catch(FULL_DAY),
        allowFutureDates: wireBool(false),
        pastDaysAllowed: z
          .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)])
          .refine((n) => Number.isFinite(n) && n > 0)
          .transform((n): number | null => Math.floor(n))
          .catch(null),
        submissionDueWeekday: z
          .union([
            z.number().min(1).max(7).transform(Math.floor),
            z.string().transform((raw, ctx) => {
              const s = raw.trim().toLowerCase();
              if (/^[1-7]$/.test(s)) return Number(s);
              const i = WEEKDAYS.findIndex((d) => s !== '' && (d === s || d.startsWith(s.slice(0, 3))));
              if (i >= 0) return i + 1;
              ctx.addIssue({ code: 'custom', message: 'not a day' });
              return z.NEVER;
            }),
          ])
          .catch(5),
        enabled: wireBool(true),
        currency: z
          .string()
          .transform((c) => c.trim() || undefined)
          .optional()
          .catch(undefined),
      }),
    )
    .transform(compact);
}

// each field's values: its forms, its junk, and what no field should take (objects, lists, null, NaN, Infinity)
const JUNK: unknown[] = [undefined, null, {}, [], [1], NaN, Infinity, -Infinity, '', '  ', 'x', -1, 0, true, false];
const VALUES: Record<string, unknown[]> = {
  logType: ['timer', 'Timer', 'Start_End', 'start-time end-time', 'START AND END', 'starttime', 'Hours', 'constructor', 'toString', 7],
  maxHoursPerDay: ['10:00', '9:5', ' 7:30 ', '10', '7.5', 8, 7.25, 0.5, '25:00', 30, '0', '0:00', '10:000', '1e3', '-3', '8h', 1e21],
  allowFutureTimeLog: [true, false, 'true', ' YES ', 'no', '1', '0', 1, 0, 2, -0.5, 'maybe'],
  allowedPastDays: [60, '60', ' 7 ', 7.9, '7.9', 0, '0', -3, '-3', 1e21, '00012', 'sixty'],
  timesheetSubmissionDay: [5, 1, 7, 7.5, 1.5, 0.5, 8, '3', ' 7 ', '8', 'Friday', 'fri', 'f', 'MON', 'Tu', 'sunday ', 'someday', 'frx'],
  isTimeTrackerEnabled: [true, false, 'false', 'No', 'YES', 0, 1, 'off'],
  currency: ['EUR', ' usd ', '   ', 'CHF ', 5],
};
const OTHER_SPELLINGS: Record<string, string> = {
  logType: 'loggingType',
  maxHoursPerDay: 'maximumHoursPerDay',
  allowFutureTimeLog: 'allowFutureLogs',
  allowedPastDays: 'pastDaysAllowed',
  timesheetSubmissionDay: 'submissionDay',
  isTimeTrackerEnabled: 'timeTrackerEnabled',
  currency: 'defaultCurrency',
};

function read(v: unknown): unknown {
  try {
    return toTrackerSettings(v);
  } catch (e) {
    return e instanceof ShapeError ? `refused: ${e.message}` : e;
  }
}
function readByReference(schema: z.ZodType, v: unknown): unknown {
  try {
    return readWire(schema, v);
  } catch (e) {
    return e instanceof ShapeError ? `refused: ${e.message}` : e;
  }
}

describe('the settings answer, read without a zod schema per field', () => {
  const reference = zodReference();

  it('reads every form and junk value of each field, under each of its spellings, as the zod schema did', () => {
    let cases = 0;
    for (const [field, own] of Object.entries(VALUES))
      for (const value of [...own, ...JUNK])
        for (const key of [field, OTHER_SPELLINGS[field]]) {
          const answer = { [key]: value };
          expect(read(answer), `${key}: ${String(value)}`).toEqual(readByReference(reference, answer));
          cases++;
        }
    expect(cases).toBeGreaterThan(250);
  });

  it('takes the first spelling that is present, and a list answer by its first item, as the zod schema did', () => {
    const answers: unknown[] = [
      { maxHoursPerDay: null, maxHours: '8:00', maximumHoursPerDay: '9:00' },
      { isTimeTrackerEnabled: undefined, enabled: 'no' },
      { currency: null, currencyCode: 'GBP', Currency: 'EUR' },
      [{ logType: 'timer', allowedPastDays: '30' }, { logType: 'hours' }],
      [],
      [null],
      {
        logType: 'timer',
        maxHoursPerDay: '10:00',
        allowFutureTimeLog: false,
        allowedPastDays: 60,
        timesheetSubmissionDay: 'Friday',
        isTimeTrackerEnabled: true,
      },
    ];
    for (const answer of answers) expect(read(answer), JSON.stringify(answer)).toEqual(readByReference(reference, answer));
  });

  it('still refuses an answer that is not an object, in the same words', () => {
    for (const answer of [null, undefined, 'settings', 42, [], [7]]) {
      expect(read(answer)).toBe('refused: settings is not an object');
      expect(readByReference(reference, answer)).toBe('refused: settings is not an object');
    }
  });
});
