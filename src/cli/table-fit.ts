/**
 * Tables that must fit a terminal narrower than their columns' natural widths (./table.ts calls this when its own
 * shrinking of the free-text columns is not enough): every column may then wrap its cells under itself, between
 * words and never inside one (an id, an amount, an address stay whole to be read and copied); when even every
 * column at its longest word cannot fit, each row becomes a record of `HEADING: value` lines, as `kubectl` and `gh`
 * do in a narrow terminal. Also the measuring and word wrapping every table and sentence of punch shares.
 */

/** Text of one column a character (most cells): its length, without the work below (10,000 entries wrap to 50,000 lines). */
const ASCII = /^[\x20-\x7e]*$/;

/**
 * Visible width: counts code points, so accented names do not shift the columns, and leaves out what takes no column:
 * the marks that sit on a letter (Arabic vowel signs such as the shadda of "المؤقّت", combining accents) and the
 * invisible direction marks Intl puts in right-to-left numbers (U+200F before an Arabic amount).
 */
export const width = (s: string) => (ASCII.test(s) ? s.length : [...s.replace(/[\p{M}\p{Cf}]/gu, '')].length);

export function pad(s: string, w: number, align: 'left' | 'right'): string {
  const fill = ' '.repeat(Math.max(0, w - width(s)));
  return align === 'right' ? fill + s : s + fill;
}

/**
 * `text` in lines of at most `room` columns, broken between words; a word longer than that has a line of its own and
 * is never broken: an address stays whole to be copied, and a secret the output is cleaned of (../shared/redact.ts,
 * matched whole when punch prints) is never split where the cleaning could miss it.
 */
export function wrapWords(text: string, room: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    if (line && width(line) + 1 + width(word) > room) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line];
}

/** `text`, or its first `max - 1` characters and "…". */
export function cut(text: string, max: number | undefined): string {
  const chars = [...text];
  return max === undefined || chars.length <= max
    ? text
    : `${chars
        .slice(0, Math.max(1, max - 1))
        .join('')
        .trimEnd()}\u2026`;
}

export interface FitColumn {
  header: string;
  align?: 'left' | 'right';
  /** Cut with "…" rather than wrapped (a description: whole in `--json`). */
  cuts?: boolean;
}

/** A column cut with "…" keeps at least this many columns (or its heading's longest word) before the others wrap. */
const CUT_MIN = 10;

const longestWord = (s: string) => s.split(' ').reduce((n, x) => Math.max(n, width(x)), 0);

/** Each column at its narrowest: its longest word (a heading's too), or a few characters for one cut with "…". */
function leastWidths(columns: FitColumn[], all: string[][], natural: number[]): number[] {
  return columns.map((c, i) =>
    c.cuts
      ? Math.min(natural[i], Math.max(longestWord(c.header), CUT_MIN))
      : all.reduce((n, r) => Math.max(n, longestWord(r[i])), longestWord(c.header)),
  );
}

/** Whether the columns side by side, each at its narrowest, fit `maxWidth` (else each row is said as a record). */
export function fitsSideBySide(columns: FitColumn[], all: string[][], maxWidth: number): boolean {
  const natural = columns.map((c, i) => all.reduce((n, r) => Math.max(n, width(r[i])), width(c.header)));
  return leastWidths(columns, all, natural).reduce((n, w) => n + w, 2 * (columns.length - 1)) <= maxWidth;
}

/**
 * The table's lines within `maxWidth`: each column gets its longest word (a cut one: a few characters), and what is
 * left goes first to the columns that want least, so a short date or state stays on one line and a long name wraps.
 * Headings wrap too ("PAID LEAVE" on two lines). Undefined when even that is wider than `maxWidth`, or when a row would
 * take as many lines as its record: see `asRecords`.
 */
export function wrapEveryColumn(columns: FitColumn[], rows: string[][], feet: string[][], maxWidth: number): string[] | undefined {
  const all = [...rows, ...feet];
  const natural = columns.map((c, i) => all.reduce((n, r) => Math.max(n, width(r[i])), width(c.header)));
  const least = leastWidths(columns, all, natural);
  let extra = maxWidth - 2 * (columns.length - 1) - least.reduce((n, w) => n + w, 0);
  if (extra < 0) return undefined;
  const room = [...least];
  // the wrapping columns before the cut ones (what is cut is whole in --json); in each, the least wanting first
  for (const group of [columns.flatMap((c, i) => (c.cuts ? [] : [i])), columns.flatMap((c, i) => (c.cuts ? [i] : []))]) {
    group.sort((a, b) => natural[a] - room[a] - (natural[b] - room[b]));
    group.forEach((i, k) => {
      const more = Math.max(0, Math.min(natural[i] - room[i], Math.floor(extra / (group.length - k))));
      room[i] += more;
      extra -= more;
    });
  }
  const fit = (r: string[]): string[][] => {
    const parts = r.map((cell, i) => (columns[i].cuts ? [cut(cell, room[i])] : wrapWords(cell, room[i])));
    const height = Math.max(...parts.map((p) => p.length));
    return Array.from({ length: height }, (_, k) => parts.map((p) => p[k] ?? ''));
  };
  const head = fit(columns.map((c) => c.header));
  const fitted = rows.map(fit);
  // a row as tall as its record would be (a line a column) reads better as that record: a sentence in a narrow
  // column, a date on three lines
  if (fitted.some((r) => r.length >= columns.length)) return undefined;
  const body = fitted.flat();
  const foot = feet.flatMap(fit);
  const widths = room.map((w, i) => [...head, ...body, ...foot].reduce((n, r) => Math.max(n, width(r[i])), 0));
  const line = (r: string[]) =>
    r
      .map((cell, i) => pad(cell, widths[i], columns[i].align ?? 'left'))
      .join('  ')
      .trimEnd();
  const rule = line(widths.map((w) => '-'.repeat(w)));
  return [...head.map(line), rule, ...body.map(line), ...(foot.length ? [rule, ...foot.map(line)] : [])];
}

/**
 * Each row as a record of `HEADING: value` lines, the records apart by an empty line, the totals last: for a terminal
 * too narrow for the table's columns side by side. A value too long for its line goes on under its own first word;
 * empty cells are left out. Nothing is cut: a record has the room a row of columns did not.
 */
export function asRecords(columns: FitColumn[], rows: string[][], feet: string[][], maxWidth: number): string[] {
  const label = Math.max(...columns.map((c) => width(c.header))) + 2;
  // labels wider than half the line (a long heading in a very narrow terminal): the value starts under them instead
  const under = label > maxWidth / 2;
  const record = (r: string[]) =>
    r.flatMap((cell, i) => {
      if (!cell) return [];
      const lead = pad(`${columns[i].header}:`, label, 'left');
      if (!under && label + width(cell) <= maxWidth) return [lead + cell];
      if (under) return [`${columns[i].header}:`, ...wrapWords(cell, maxWidth - 2).map((l) => `  ${l}`)];
      return wrapWords(cell, Math.max(1, maxWidth - label)).map((l, k) => (k === 0 ? lead : ' '.repeat(label)) + l);
    });
  return [...rows, ...feet].map(record).flatMap((lines, k) => (k === 0 ? lines : ['', ...lines]));
}
