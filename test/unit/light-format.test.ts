/**
 * Words without ICU's data where it is not needed (src/shared/i18n/light-format.ts, formats.ts, wording.ts): what they
 * write must be exactly what Intl writes. The shortcuts are checked against Intl itself here, locale by locale, and a
 * child process proves that wording a status-like message starts no Intl object that reads ICU's data.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import { lightFormatters, lightMessageFormat, plainSmallNumbers } from '../../src/shared/i18n/light-format';
import { createFormats, numberingOf, wordsLocale } from '../../src/shared/i18n/formats';
import { createWording } from '../../src/shared/i18n/wording';
import { ROOT } from '../fixtures/node-bundles';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { parse } from '@formatjs/icu-messageformat-parser';

/** Every region of the four Latin-digit languages CLDR knows, as Intl lists them (a few more spellings too). */
const REGIONS = [
  ...['US', 'GB', 'IN', 'AU', 'CA', 'IE', 'NZ', 'ZA', 'SG', 'PK', 'NG', 'AE', 'IL', '150', '001'].map((r) => `en-${r}`),
  ...['DE', 'AT', 'CH', 'LI', 'LU', 'BE', 'IT'].map((r) => `de-${r}`),
  ...['FR', 'BE', 'CA', 'CH', 'MA', 'DZ', 'TN', 'SN', 'LU'].map((r) => `fr-${r}`),
  ...['ES', 'MX', 'AR', 'US', 'CO', 'CL', '419', 'PE', 'EA'].map((r) => `es-${r}`),
  'en',
  'de',
  'fr',
  'es',
  'en-Latn-US',
];

describe("the region's numbering, known without Intl for en, de, fr and es", () => {
  it.each(REGIONS)("%s: the same numbering system as Intl.NumberFormat's", (region) => {
    expect(numberingOf(region)).toBe(new Intl.NumberFormat(region).resolvedOptions().numberingSystem);
  });
  it.each(['ar-EG', 'ar-SA', 'ar-MA', 'fa-IR', 'bn-BD', 'mr-IN', 'en-US-u-nu-arab', 'de-DE-u-nu-thai'])(
    '%s: asked of Intl (another language, or a numbering chosen in the tag)',
    (region) => {
      expect(numberingOf(region)).toBe(new Intl.NumberFormat(region).resolvedOptions().numberingSystem);
    },
  );
});

describe('small counts in plain digits', () => {
  // the words locales wordsLocale makes for punch's languages and a few regions
  const locales = [
    ...['en', 'de', 'fr', 'es', 'ar'].flatMap((l) => ['en-US', 'de-DE', 'ar-EG', 'ar-MA', 'fr-FR'].map((r) => wordsLocale(l as 'en', r))),
  ];
  it.each([...new Set(locales)])('%s: every whole number from 0 to 999 as Intl writes it, and larger ones by Intl', (locale) => {
    const nf = lightFormatters().getNumberFormat(locale);
    const intl = new Intl.NumberFormat(locale);
    for (let n = 0; n < 1000; n++) expect(nf.format(n)).toBe(intl.format(n));
    for (const n of [1000, 10_000, 1234.5, -1, -0, 0.5, 999.9]) expect(nf.format(n)).toBe(intl.format(n));
  });
  it('takes the shortcut only for a language alone or Latin digits asked for, never for Arabic digits', () => {
    expect(['en', 'de', 'fr', 'es', 'ar-u-nu-latn'].map(plainSmallNumbers)).toEqual([true, true, true, true, true]);
    expect(['ar', 'ar-u-nu-arab', 'de-u-nu-arab', 'en-US', ['en', 'de']].map(plainSmallNumbers)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('a compiled message formatted without IntlMessageFormat', () => {
  const SOURCES = [
    '{waiting, number} waiting ({queued, number} queued), {attention, plural, one {# needs attention} other {# need attention}}',
    '{others, plural, =0 {} one {; # waits for {cmd}} other {; # wait for {cmd}}}',
    '{state, select, ok {writable} full {full} other {failed}} at {dir}',
    '{n, plural, offset:1 =0 {nobody} one {you} other {you and # others}}',
  ];
  const VALUES = [
    { waiting: 12_345, queued: 3, attention: 1, others: 0, cmd: '`punch outbox`', state: 'full', dir: '/x', n: 0 },
    { waiting: 0, queued: 0, attention: 2, others: 1, cmd: 'c', state: 'ok', dir: '/y', n: 1 },
    { waiting: 7, queued: 7, attention: 0, others: 5, cmd: 'c', state: 'odd', dir: '/z', n: 1002 },
  ];
  it.each(['en', 'de', 'fr', 'ar-u-nu-arab', 'ar-u-nu-latn'])('%s: the same text as IntlMessageFormat#format', (locale) => {
    for (const source of SOURCES) {
      const ast = parse(source) as MessageFormatElement[];
      const light = lightMessageFormat(ast, locale, lightFormatters());
      for (const values of VALUES) expect(light.format(values)).toBe(new IntlMessageFormat(ast, locale).format(values));
    }
  });
  it('a missing value still throws, so the wording falls back and reports it as formatMessage does', () => {
    const ast = parse('{count, number} left') as MessageFormatElement[];
    expect(() => lightMessageFormat(ast, 'en', lightFormatters()).format({})).toThrow(/count/);
  });
});

describe("the region's formats: the hour cycle is asked of Intl when a time is said", () => {
  it('still says 12- or 24-hour clocks from the region, through its getter and in a copy made by descriptors', () => {
    const us = createFormats('de', 'en-US');
    const de = createFormats('en', 'de-DE');
    expect([us.hourCycle, de.hourCycle]).toEqual(['h12', 'h23']);
    expect(createFormats('en-XA', 'de-DE').hourCycle).toBe('h23');
  });
});

describe('wording a status starts none of ICU data (a child process, its Intl watched)', () => {
  it('says counts and plurals through Intl.Locale and Intl.PluralRules only; a date then starts a DateTimeFormat', () => {
    const script = `
      const used = new Set();
      for (const k of ['NumberFormat', 'DateTimeFormat', 'PluralRules', 'Locale', 'ListFormat', 'RelativeTimeFormat', 'Collator']) {
        const C = Intl[k];
        const W = new Proxy(C, { construct: (t, a, nt) => (used.add(k), Reflect.construct(t, a, nt)), apply: (t, th, a) => (used.add(k), Reflect.apply(t, th, a)) });
        W.supportedLocalesOf = (...a) => (used.add(k + '.supportedLocalesOf'), C.supportedLocalesOf(...a));
        Intl[k] = W;
      }
      const { createWording } = await import('./src/shared/i18n/wording.ts');
      const { parse } = await import('@formatjs/icu-messageformat-parser');
      const { sayInEnglish } = await import('./src/shared/i18n/english.ts');
      const messages = { c: parse('{waiting, number} waiting, {attention, plural, one {# needs} other {# need}} attention') };
      const w = createWording('en', 'en-US', messages);
      const text = w.say({ id: 'c' }, { waiting: 3, attention: 2 }) + ' / ' + sayInEnglish({ code: 'cli.status.outbox.counts', values: { waiting: 1, queued: 1, sending: 0, attention: 0, others: 0, outboxCommand: 'x' } });
      const before = [...used].sort();
      w.formats.dateTime(Date.UTC(2026, 10, 19, 12));
      console.log(JSON.stringify({ text, before, after: [...used].sort() }));
    `;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
    const { text, before, after } = JSON.parse(out) as { text: string; before: string[]; after: string[] };
    expect(text).toBe('3 waiting, 2 need attention / 1 waiting (1 queued, 0 syncing), 0 need attention');
    expect(before).toEqual(['Locale', 'PluralRules']);
    expect(after).toContain('DateTimeFormat');
  });
});

describe('createWording', () => {
  it('an id missing from the catalog is said by formatMessage from its default message, as before', () => {
    const w = createWording('en', 'en-US', {});
    expect(w.say({ id: 'nope', defaultMessage: 'plain words' })).toBe('plain words');
  });
  it('a message whose value is missing falls back to formatMessage, which says the default message', () => {
    const w = createWording('en', 'en-US', { m: parse('{n, number} left') as MessageFormatElement[] });
    expect(w.say({ id: 'm', defaultMessage: 'some left' }, {})).toBe('some left');
  });
});
