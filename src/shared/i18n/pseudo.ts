/**
 * The pseudo-locale's letters at run time: what Intl says in words (weekday and month names, "PM", "and", "in 5
 * minutes") is English under en-XA, so the formats accent it too (./formats.ts), and a screen under en-XA shows no
 * plain English that came from Intl either. The messages are made strange at build time (scripts/i18n/pseudo.mjs,
 * the same letters: test/unit/i18n-catalogs.test.ts compares them).
 */
const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const PSEUDO_LETTERS = 'åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ';
const MAP = new Map([...PLAIN].map((c, i) => [c, [...PSEUDO_LETTERS][i]]));

/** Every ASCII letter accented; digits, punctuation and everything else as they are. */
export function accented(text: string): string {
  return [...text].map((c) => MAP.get(c) ?? c).join('');
}
