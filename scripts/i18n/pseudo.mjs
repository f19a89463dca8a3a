/**
 * The pseudo-locale en-XA, made from English: every letter accented, about 40% longer (vowels doubled), each
 * message in brackets. Placeholders, plural and select syntax and tags stay as they are (only literal text changes),
 * so a test that finds plain English on a screen under en-XA has found a word that did not come from the catalog,
 * and a layout that holds en-XA holds the longer languages.
 */
import { TYPE } from '@formatjs/icu-messageformat-parser';

const ACCENTED = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [
    c,
    [...'åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i],
  ]),
);
const VOWEL = /[aeiouyAEIOUY]/;

/** "Settings" -> "Šééţţîîñĝš": accented, with vowels doubled until it is about 40% longer. */
export function pseudoText(text) {
  const letters = [...text].filter((c) => /[A-Za-z]/.test(c)).length;
  let extra = Math.round(letters * 0.4);
  let out = '';
  for (const c of text) {
    const a = ACCENTED[c] ?? c;
    out += a;
    if (extra > 0 && VOWEL.test(c)) {
      out += a;
      extra--;
    }
  }
  return out;
}

function walk(nodes) {
  return nodes.map((n) => {
    if (n.type === TYPE.literal) return { ...n, value: pseudoText(n.value) };
    if (n.type === TYPE.plural || n.type === TYPE.select)
      return { ...n, options: Object.fromEntries(Object.entries(n.options).map(([k, o]) => [k, { ...o, value: walk(o.value) }])) };
    if (n.type === TYPE.tag) return { ...n, children: walk(n.children) };
    return n;
  });
}

/** An English message's AST as en-XA's. */
export function pseudoMessage(ast) {
  return [{ type: TYPE.literal, value: '[' }, ...walk(ast), { type: TYPE.literal, value: ']' }];
}
