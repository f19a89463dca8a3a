/**
 * Lossless JSON parsing. real-service-notes "Data": IDs are numbers of up to 18 digits that sometimes arrive as bare
 * JSON numbers; `JSON.parse` would round them above 2^53. Before parsing, every integer literal of 16 or more digits
 * outside a string is quoted, so it arrives as a string holding every digit. Shorter numbers are safe as numbers.
 */

/** 2^53 has 16 digits; every integer of 15 digits or fewer is exact as a JS number. */
const UNSAFE_DIGITS = 16;

export function quoteLongIntegers(text: string): string {
  let out = '';
  let copiedUpTo = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      // skip the string, honouring backslash escapes
      i++;
      while (i < n) {
        const s = text.charCodeAt(i);
        if (s === 92 /* \ */) i += 2;
        else if (s === 34) {
          i++;
          break;
        } else i++;
      }
      continue;
    }
    const isDigit = c >= 48 && c <= 57;
    if (isDigit || (c === 45 /* - */ && i + 1 < n && isDigitAt(text, i + 1))) {
      const start = i;
      if (c === 45) i++;
      const digitsStart = i;
      while (i < n && isDigitAt(text, i)) i++;
      const digits = i - digitsStart;
      let integer = true;
      if (i < n && text[i] === '.') {
        integer = false;
        i++;
        while (i < n && isDigitAt(text, i)) i++;
      }
      if (i < n && (text[i] === 'e' || text[i] === 'E')) {
        integer = false;
        i++;
        if (text[i] === '+' || text[i] === '-') i++;
        while (i < n && isDigitAt(text, i)) i++;
      }
      if (integer && digits >= UNSAFE_DIGITS) {
        out += text.slice(copiedUpTo, start) + '"' + text.slice(start, i) + '"';
        copiedUpTo = i;
      }
      continue;
    }
    i++;
  }
  return copiedUpTo === 0 ? text : out + text.slice(copiedUpTo);
}

function isDigitAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c >= 48 && c <= 57;
}

/** JSON.parse that keeps long integers as strings. Throws SyntaxError like JSON.parse on malformed text. */
export function parseJsonLossless(text: string): unknown {
  return JSON.parse(quoteLongIntegers(text));
}
