/**
 * Messages worded without starting ICU's data where it is not needed. The first Intl object of a kind that reads
 * ICU's locale data (a NumberFormat, a DateTimeFormat, even `supportedLocalesOf`) costs about 12 ms of CPU in Node 20,
 * the next kind about 3 more: 7-9 % of a whole `punch status` (docs/benchmarks.md, "punch status, fourth pass"). What
 * a status says needs none of it: plurals (Intl.PluralRules reads no such data: 0.3 ms) and small counts.
 *
 * - `lightFormatters`: intl-messageformat's formatters, with a NumberFormat that writes a whole number from 0 to 999
 *   in Latin digits itself (no locale groups digits below 1,000, and a count that small has no sign nor decimals:
 *   test/unit/light-format.test.ts compares every one with Intl's own in each locale it is used for); any other
 *   number, option or locale goes to Intl.NumberFormat, made on first use.
 * - `lightMessageFormat`: a compiled message formatted by intl-messageformat's own `formatToParts`, without
 *   `new IntlMessageFormat`, whose constructor asks `Intl.NumberFormat.supportedLocalesOf` for a locale it only
 *   keeps for `resolvedOptions()`.
 */
import { formatToParts, IntlMessageFormat, PART_TYPE, type Formatters } from 'intl-messageformat';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

type NumberFormatLike = Pick<Intl.NumberFormat, 'format'>;

/** A words locale whose digits are Latin: a language alone (as ./formats.ts's wordsLocale gives it), or `-u-nu-latn`. */
const LATIN_DIGITS = /^(?:(?:en|de|fr|es)|[a-z]{2,3}(?:-[A-Za-z0-9]+)*-u-nu-latn)$/;

/** Whether `locales` writes a small whole number as its plain digits (checked against Intl in the unit test). */
export function plainSmallNumbers(locales: string | readonly string[] | undefined): boolean {
  const first = Array.isArray(locales) ? (locales.length === 1 ? locales[0] : undefined) : locales;
  return typeof first === 'string' && LATIN_DIGITS.test(first);
}

const isSmallCount = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n < 1000 && !Object.is(n, -0);

/** A NumberFormat for `locales` and `options` that is only made when a number needs it. */
function lazyNumberFormat(locales: string | string[] | undefined, options: Intl.NumberFormatOptions | undefined): NumberFormatLike {
  let real: Intl.NumberFormat | undefined;
  const plain = options === undefined && plainSmallNumbers(locales);
  return {
    format: (n: number | bigint) => (plain && isSmallCount(n) ? String(n) : (real ??= new Intl.NumberFormat(locales, options)).format(n)),
  };
}

/** intl-messageformat's formatters, each made once per locale and options; numbers as `lazyNumberFormat` says. */
export function lightFormatters(): Formatters {
  const made = new Map<string, unknown>();
  const once = <T>(kind: string, args: unknown[], make: () => T): T => {
    const key = `${kind}|${JSON.stringify(args)}`;
    let v = made.get(key) as T | undefined;
    if (v === undefined) made.set(key, (v = make()));
    return v;
  };
  return {
    getNumberFormat: ((locales?: string | string[], options?: Intl.NumberFormatOptions) =>
      once('n', [locales, options], () => lazyNumberFormat(locales, options))) as unknown as Formatters['getNumberFormat'],
    getDateTimeFormat: ((...args: ConstructorParameters<typeof Intl.DateTimeFormat>) =>
      once('d', args, () => new Intl.DateTimeFormat(...args))) as Formatters['getDateTimeFormat'],
    getPluralRules: ((...args: ConstructorParameters<typeof Intl.PluralRules>) =>
      once('p', args, () => new Intl.PluralRules(...args))) as Formatters['getPluralRules'],
  };
}

export interface LightMessageFormat {
  format(values?: Record<string, unknown>): string;
}

/**
 * A compiled message (its AST) in `locales`, formatted as `IntlMessageFormat#format` does (parts joined; the values
 * are strings and numbers, so the result is a string) with intl-messageformat's default formats.
 */
export function lightMessageFormat(ast: MessageFormatElement[], locales: string, formatters: Formatters): LightMessageFormat {
  return {
    format: (values) =>
      formatToParts(ast, locales, formatters, IntlMessageFormat.formats, values as Record<string, string | number>)
        .map((p) => (p.type === PART_TYPE.literal || typeof p.value === 'string' ? p.value : String(p.value)))
        .join(''),
  };
}
