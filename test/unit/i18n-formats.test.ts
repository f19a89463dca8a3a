/**
 * The region's formats from Intl (src/shared/i18n/formats.ts): a table per region, and the region chosen apart from
 * the language: German words with US formats read "Do." and "3:05 PM", never Swedish-style names of the region
 * (Super Productivity #8987). Local days and clock times are built in local time, so the tables hold in any zone.
 */
import { describe, expect, it } from 'vitest';
import { createFormats } from '../../src/shared/i18n/formats';
import type { Language } from '../../src/shared/i18n/locales';
import { parseDuration } from '../../src/shared/time/hours';

const DAY = '2026-11-19'; // a Thursday
const AT = new Date(2026, 10, 19, 15, 5).getTime(); // that day, 15:05 local

/** [language, region, day, numeric date, clock, number, decimal hours of 104 h, euros, list, weekday 1, duration 90 min] */
const TABLE: Array<[Language, string, string, string, string, string, string, string, string, string, string]> = [
  ['de', 'de-DE', 'Do., 19. Nov.', '19.11.2026', '15:05', '1.234,5', '104,00', '1.234,50 €', 'A, B und C', 'Montag', '1 Std., 30 Min.'],
  ['en', 'en-US', 'Thu, Nov 19', '11/19/2026', '3:05 PM', '1,234.5', '104.00', '€1,234.50', 'A, B, and C', 'Monday', '1 hr, 30 min'],
  ['fr', 'fr-FR', 'jeu. 19 nov.', '19/11/2026', '15:05', '1 234,5', '104,00', '1 234,50 €', 'A, B et C', 'lundi', '1 h et 30 min'],
  ['es', 'es-ES', 'jue, 19 nov', '19/11/2026', '15:05', '1234,5', '104,00', '1234,50 €', 'A, B y C', 'lunes', '1 h y 30 min'],
  ['ar', 'ar-EG', 'الخميس، ١٩ نوفمبر', '١٩‏/١١‏/٢٠٢٦', '٣:٠٥ م', '١٬٢٣٤٫٥', '١٠٤٫٠٠', '‏١٬٢٣٤٫٥٠ €', 'A وB وC', 'الاثنين', '١ س و٣٠ د'],
  // the region decides the formats, the language the words: German names in the US order, on the US clock
  ['de', 'en-US', 'Do., Nov. 19', '11/19/2026', '3:05 PM', '1,234.5', '104.00', '€1,234.50', 'A, B und C', 'Montag', '1 Std., 30 Min.'],
  // and the other way round: English names, German order, 24-hour clock and decimal comma
  ['en', 'de-DE', 'Thu, 19. Nov', '19.11.2026', '15:05', '1.234,5', '104,00', '1.234,50 €', 'A, B, and C', 'Monday', '1 hr, 30 min'],
];

describe.each(TABLE)(
  '%s words with %s formats',
  (language, region, day, numeric, clock, number, decimal, money, list, weekday, duration) => {
    const f = createFormats(language, region);
    it('says a day, a date in digits, a clock time and a weekday', () => {
      expect(f.day(DAY)).toBe(day);
      expect(f.numericDate(DAY)).toBe(numeric);
      expect(f.time(AT).replace(/\u202f/g, ' ')).toBe(clock);
      expect(f.weekday(1, 'long')).toBe(weekday);
    });
    it('says numbers, decimal hours, money, a list and a duration in words', () => {
      expect(f.number(1234.5).replace(/\u202f/g, ' ')).toBe(number);
      expect(f.decimalHours(104 * 60)).toBe(decimal);
      expect(f.currency(1234.5, 'EUR').replace(/[\u202f\u00a0]/g, ' ')).toBe(money);
      expect(f.list(['A', 'B', 'C'])).toBe(list);
      expect(f.durationWords(90).replace(/[\u00a0\u202f]/g, ' ')).toBe(duration);
    });
  },
);

describe('the region formats', () => {
  it('writes the hour in two digits on a 24-hour clock (07:05), in one on a 12-hour clock (7:05 AM)', () => {
    const morning = new Date(2026, 10, 19, 7, 5).getTime();
    const clock = (language: Language, region: string) =>
      createFormats(language, region)
        .time(morning)
        .replace(/\u202f/g, ' ');
    expect(clock('de', 'de-DE')).toBe('07:05');
    expect(clock('fr', 'fr-FR')).toBe('07:05');
    expect(clock('en', 'en-GB')).toBe('07:05');
    expect(clock('de', 'en-US')).toBe('7:05 AM');
    expect(clock('ar', 'ar-EG')).toBe('٧:٠٥ ص');
    expect(createFormats('de', 'de-DE').dateTime(morning)).toBe('Do., 19. Nov. 07:05');
  });

  it('takes the 12- or 24-hour clock from the region, whatever the language', () => {
    expect(createFormats('de', 'en-US').hourCycle).toBe('h12');
    expect(createFormats('en', 'en-GB').hourCycle).toBe('h23');
    expect(createFormats('ar', 'ar-EG').hourCycle).toBe('h12');
  });

  it('says a week as its first and last day, and a moment as day and clock', () => {
    const spaces = (t: string) => t.replace(/[\u2009\u202f\u00a0]/g, ' ');
    expect(spaces(createFormats('en', 'en-GB').week('2026-11-16'))).toBe('16 – 22 Nov 2026');
    expect(spaces(createFormats('de', 'de-DE').week('2026-11-30'))).toBe('30. Nov. – 6. Dez. 2026');
    // German words for a British week: the month's name is the language's in both halves
    expect(spaces(createFormats('de', 'en-GB').week('2026-11-30'))).toBe('30 Nov – 6 Dez 2026');
    expect(createFormats('en', 'en-GB').dateTime(AT)).toBe('Thu 19 Nov 15:05');
  });

  it('says a period of days as its first and last day, the years only where they differ or are asked for', () => {
    const spaces = (t: string) => t.replace(/[\u2009\u202f\u00a0]/g, ' ');
    const gb = createFormats('en', 'en-GB');
    expect(spaces(gb.period('2026-11-16', '2026-11-22'))).toBe('16 – 22 Nov');
    expect(spaces(gb.period('2026-11-30', '2026-12-06'))).toBe('30 Nov – 6 Dec');
    expect(spaces(gb.period('2026-12-28', '2027-01-03'))).toBe('28 Dec 2026 – 3 Jan 2027');
    expect(spaces(gb.period('2026-11-01', '2026-11-25', { year: true }))).toBe('1 – 25 Nov 2026');
    expect(gb.period('2026-11-19', '2026-11-19')).toBe(gb.day('2026-11-19'));
    expect(spaces(createFormats('en', 'en-US').period('2026-11-16', '2026-11-22'))).toBe('Nov 16 – 22');
    expect(spaces(createFormats('de', 'de-DE').period('2026-11-30', '2026-12-06'))).toBe('30. Nov. – 6. Dez.');
    // German words in the US order
    expect(spaces(createFormats('de', 'en-US').period('2026-11-30', '2026-12-06'))).toBe('Nov 30 – Dez 6');
    expect(createFormats('ar', 'ar-EG').period('2026-11-16', '2026-11-22')).toBe('١٦–٢٢ نوفمبر');
  });

  it('says a moment relative to now in the language', () => {
    expect(createFormats('fr', 'fr-FR').relative(AT + 5 * 60_000, AT)).toBe('dans 5 minutes');
    expect(createFormats('de', 'de-DE').relative(AT - 2 * 3_600_000, AT)).toBe('vor 2 Stunden');
  });

  it('accents what Intl says in words under en-XA, so no plain English comes from Intl either', () => {
    const f = createFormats('en-XA', 'en-US');
    expect(f.weekday(5, 'long')).toBe('Ƒŕîðåý');
    expect(f.time(AT).replace(/\u202f/g, ' ')).toBe('3:05 ÞṀ');
    expect(f.number(1234.5)).toBe('1,234.5');
  });
});

describe('typed hours, in any region', () => {
  it.each([
    ['1,5', 90],
    ['1.5', 90],
    ['1,5 h', 90],
    ['1.25h', 75],
    ['1 h 30', 90],
    ['١٫٥', 90],
    ['١:٣٠', 90],
    ['۲h', 120],
    ['1\u00a0h\u00a030', 90],
  ])('reads "%s" as %i minutes', (typed, minutes) => {
    expect(parseDuration(typed)).toBe(minutes);
  });

  it('still refuses what is not a duration', () => {
    expect(() => parseDuration('1.5.2')).toThrow(/not a duration/);
    expect(() => parseDuration('1 h 75')).toThrow(/not a duration/);
  });
});
