/**
 * A tiny aligned-table formatter for human output (no dependency). Columns are padded to their widest cell;
 * numbers and hours align right so totals line up.
 */
export interface Column {
  header: string;
  align?: 'left' | 'right';
  /** At most this many characters; a longer cell is cut with "…" (the whole text is in `--json`). */
  max?: number;
  /** Cut to what is left of `maxWidth` (formatTable's option) once the other columns have their width. */
  shrink?: boolean;
  /**
   * With `shrink`: a longer cell goes on under itself, word by word, the other columns blank on those lines, instead
   * of being cut (a reason the user needs whole, in a terminal of 80-100 columns).
   */
  wrap?: boolean;
}

/**
 * Visible width: counts code points, so accented names do not shift the columns, and leaves out what takes no column:
 * the marks that sit on a letter (Arabic vowel signs such as the shadda of "المؤقّت", combining accents) and the
 * invisible direction marks Intl puts in right-to-left numbers (U+200F before an Arabic amount).
 */
const width = (s: string) => [...s.replace(/[\p{M}\p{Cf}]/gu, '')].length;

function pad(s: string, w: number, align: 'left' | 'right'): string {
  const fill = ' '.repeat(Math.max(0, w - width(s)));
  return align === 'right' ? fill + s : s + fill;
}

type Row = Array<string | number | undefined>;

/**
 * Formats rows under headers; cells containing line breaks are flattened so a row stays one line. `footer` rows
 * (totals) follow a rule of their own, aligned with the rest.
 */
export function formatTable(columns: Column[], rows: Row[], footer: Row[] = [], opts: { maxWidth?: number } = {}): string {
  const flat = (r: Row) => columns.map((c, i) => cut(String(r[i] ?? '').replace(/\s*\n\s*/g, ' '), c.max));
  let cells = rows.map(flat);
  let feet = footer.map(flat);
  const measure = () => columns.map((c, i) => Math.max(width(c.header), ...[...cells, ...feet].map((r) => width(r[i]))));
  let widths = measure();
  const shrink = columns.findIndex((c) => c.shrink);
  if (shrink >= 0 && opts.maxWidth) {
    const others = widths.reduce((n, w, i) => (i === shrink ? n : n + w), 0) + 2 * (columns.length - 1);
    const room = Math.max(width(columns[shrink].header), opts.maxWidth - others);
    const fit = (r: string[]) =>
      columns[shrink].wrap
        ? wrapWords(r[shrink], room).map((part, k) => r.map((cell, i) => (i === shrink ? part : k === 0 ? cell : '')))
        : [r.map((cell, i) => (i === shrink ? cut(cell, room) : cell))];
    cells = cells.flatMap(fit);
    feet = feet.flatMap(fit);
    widths = measure();
  }
  const line = (r: string[]) =>
    r
      .map((cell, i) => pad(cell, widths[i], columns[i].align ?? 'left'))
      .join('  ')
      .trimEnd();
  const rule = line(widths.map((w) => '-'.repeat(w)));
  return [line(columns.map((c) => c.header)), rule, ...cells.map(line), ...(feet.length ? [rule, ...feet.map(line)] : [])].join('\n');
}

/** The width sentences wrap at when the terminal's is not known (a pipe, a file, a test): as the tables do. */
export const DEFAULT_WIDTH = 100;

/**
 * Sentences for people in lines of at most `room` columns, broken between words; each line of `text` wraps on its
 * own, and an empty line (between a sentence and a table) stays. Not for tables: they wrap their own cells.
 */
export function wrapSentences(text: string, room: number = DEFAULT_WIDTH): string {
  return text
    .split('\n')
    .map((line) => (width(line) <= room ? line : wrapWords(line, room).join('\n')))
    .join('\n');
}

/** `text` in lines of at most `room` columns, broken between words (a word longer than that has a line of its own). */
function wrapWords(text: string, room: number): string[] {
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
function cut(text: string, max: number | undefined): string {
  const chars = [...text];
  return max === undefined || chars.length <= max
    ? text
    : `${chars
        .slice(0, Math.max(1, max - 1))
        .join('')
        .trimEnd()}\u2026`;
}

/** `label: value` lines with the labels aligned (for one record). */
export function formatPairs(pairs: Array<[string, string | number | undefined]>): string {
  const shown = pairs.filter(([, v]) => v !== undefined && v !== '');
  const w = Math.max(0, ...shown.map(([k]) => width(k)));
  return shown.map(([k, v]) => `${pad(`${k}:`, w + 1, 'left')} ${v}`).join('\n');
}
