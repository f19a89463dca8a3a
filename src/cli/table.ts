/**
 * A tiny aligned-table formatter for human output (no dependency). Columns are padded to their widest cell;
 * numbers and hours align right so totals line up.
 */
import { asRecords, cut, fitsSideBySide, pad, width, wrapEveryColumn, wrapWords } from './table-fit';

export interface Column {
  header: string;
  align?: 'left' | 'right';
  /** At most this many characters; a longer cell is cut with "…" (the whole text is in `--json`). */
  max?: number;
  /** Cut to what is left of `maxWidth` (formatTable's option) once the other columns have their width (shared by all such). */
  shrink?: boolean;
  /**
   * With `shrink`: a longer cell goes on under itself, word by word, on the row's next lines (the other columns blank
   * there, unless they wrap too), instead of being cut (a reason the user needs whole, in a terminal of 80-100 columns).
   */
  wrap?: boolean;
  /**
   * With `wrap`: served before the other wrapping columns, so it wraps only when they are at their narrowest: a few
   * words (a state, a place) read better whole, a long name reads as well on two lines.
   */
  keep?: boolean;
}

type Row = Array<string | number | undefined>;

/**
 * Formats rows under headers; a cell's own line breaks are flattened (they would break the columns). `footer` rows
 * (totals) follow a rule of their own, aligned with the rest. With `maxWidth`, the `shrink` columns share what the
 * others leave (`shares` below): a `wrap` cell goes on under itself on the row's next lines, the other columns
 * blank there; any other is cut.
 */
export function formatTable(columns: Column[], rows: Row[], footer: Row[] = [], opts: { maxWidth?: number } = {}): string {
  const flat = (r: Row) => columns.map((c, i) => cut(String(r[i] ?? '').replace(/\s*\n\s*/g, ' '), c.max));
  const given = { rows: rows.map(flat), feet: footer.map(flat) };
  let cells = given.rows;
  let feet = given.feet;
  const max = opts.maxWidth;
  const asFit = columns.map((c) => ({ header: c.header, align: c.align, cuts: c.shrink === true && !c.wrap }));
  // too narrow for the columns side by side at their narrowest: each row a record at once, no table tried first
  if (max && !fitsSideBySide(asFit, [...cells, ...feet], max)) return asRecords(asFit, cells, feet, max).join('\n');
  // every column wrapping (./table-fit.ts), when shrinking the free-text ones cannot be enough or was not
  const everyColumn = () =>
    (wrapEveryColumn(asFit, given.rows, given.feet, max!) ?? asRecords(asFit, given.rows, given.feet, max!)).join('\n');
  // a reduce, not a spread: with 10,000 entries waiting, their wrapped lines are more than a call takes arguments
  const measure = () => columns.map((c, i) => [...cells, ...feet].reduce((n, r) => Math.max(n, width(r[i])), width(c.header)));
  let widths = measure();
  const shrinking = columns.flatMap((c, i) => (c.shrink ? [i] : []));
  if (shrinking.length && opts.maxWidth) {
    const room = shares(columns, [...cells, ...feet], widths, shrinking, opts.maxWidth);
    // the columns that do not shrink, and the others at their least, already wider: no wrapping of those alone will do
    if (widths.reduce((n, w, i) => n + (room[i] ?? w), 2 * (columns.length - 1)) > opts.maxWidth) return everyColumn();
    const fit = (r: string[]): string[][] => {
      const parts = r.map((cell, i) =>
        room[i] === undefined ? [cell] : columns[i].wrap ? wrapWords(cell, room[i]) : [cut(cell, room[i])],
      );
      const height = Math.max(...parts.map((p) => p.length));
      return Array.from({ length: height }, (_, k) => parts.map((p) => p[k] ?? ''));
    };
    const whole = [...cells, ...feet];
    let fitted = whole.map(fit);
    // a wrapped column's lines often come out narrower than its share: the room left goes to cells that then fit whole
    const was = widenToWhole(columns, whole, fitted, widths, room, opts.maxWidth);
    const again = Object.entries(was).map(([i, w]) => [Number(i), w]);
    if (again.length) fitted = fitted.map((f, k) => (again.some(([i, w]) => width(whole[k][i]) > w) ? fit(whole[k]) : f));
    const count = cells.length;
    cells = fitted.slice(0, count).flat();
    feet = fitted.slice(count).flat();
    // a word longer than its column (never broken) runs past on its own line, not every line of the table
    widths = measure().map((w, i) => (room[i] === undefined ? w : Math.min(w, room[i])));
  }
  const line = (r: string[]) =>
    r
      .map((cell, i) => pad(cell, widths[i], columns[i].align ?? 'left'))
      .join('  ')
      .trimEnd();
  const rule = line(widths.map((w) => '-'.repeat(w)));
  const lines = [line(columns.map((c) => c.header)), rule, ...cells.map(line), ...(feet.length ? [rule, ...feet.map(line)] : [])];
  // still wider than the terminal (columns that do not shrink, a narrow terminal): every column wraps, or each row
  // becomes a record of lines (./table-fit.ts)
  return !max || lines.every((l) => width(l) <= max) ? lines.join('\n') : everyColumn();
}

/**
 * The width of each `shrink` column (by its index) within `maxWidth`: each gets at least its heading's width and, when
 * it wraps, its longest word (up to 16 columns: "Warteschlange" stays whole); what the other columns leave beyond
 * that is shared so that a narrow column keeps its width and the widest gets the rest, the wrapping columns served
 * before the cut ones. In a terminal too narrow for even that, the lines run over, as before.
 */
function shares(columns: Column[], cells: string[][], widths: number[], shrinking: number[], maxWidth: number): Record<number, number> {
  const fixed = widths.reduce((n, w, i) => (shrinking.includes(i) ? n : n + w), 0) + 2 * (columns.length - 1);
  const room: Record<number, number> = {};
  for (const i of shrinking) {
    const longest = columns[i].wrap ? cells.reduce((n, r) => r[i].split(' ').reduce((m, x) => Math.max(m, width(x)), n), 0) : 0;
    room[i] = Math.min(widths[i], Math.max(width(columns[i].header), Math.min(16, longest)));
  }
  let extra = maxWidth - fixed - shrinking.reduce((n, i) => n + room[i], 0);
  // the columns that wrap first (what they hold is read whole; those to `keep` whole before the others), then the ones
  // cut (whole in --json); in each group the least wanting first, each taking at most its share of what is left
  const wraps = shrinking.filter((i) => columns[i].wrap);
  for (const group of [
    wraps.filter((i) => columns[i].keep),
    wraps.filter((i) => !columns[i].keep),
    shrinking.filter((i) => !columns[i].wrap),
  ]) {
    group.sort((a, b) => widths[a] - room[a] - (widths[b] - room[b]));
    group.forEach((i, k) => {
      const more = Math.max(0, Math.min(widths[i] - room[i], Math.floor(extra / (group.length - k))));
      room[i] += more;
      extra -= more;
    });
  }
  return room;
}

/**
 * Widens the `shrink` columns (`room`, by index: changed in place) with the room a table wrapped by `shares` leaves
 * unused (a wrapped column's lines are mostly narrower than its share): first so that wrapped cells fit whole, the
 * nearest to fitting first (a name 3 columns too long for a column is read on one line when 3 columns are left), then
 * for the cut columns. Returns the widened columns' former room, by index; the rows with a cell wider than that are
 * to be fitted again. Each column's wrapped widths are sorted once: a list of 10,000 costs no pass per step.
 */
function widenToWhole(
  columns: Column[],
  whole: string[][],
  fitted: string[][][],
  widths: number[],
  room: Record<number, number>,
  maxWidth: number,
): Record<number, number> {
  const used = widths.map((w, i) => {
    if (room[i] === undefined) return w;
    let most = width(columns[i].header);
    for (const lines of fitted) for (const line of lines) most = Math.max(most, width(line[i]));
    return Math.min(most, room[i]);
  });
  let slack = maxWidth - used.reduce((n, w) => n + w, 0) - 2 * (columns.length - 1);
  const was: Record<number, number> = {};
  const grow = (i: number, to: number) => {
    was[i] ??= room[i];
    slack -= to - used[i];
    room[i] = used[i] = to;
  };
  const wrapped = Object.keys(room)
    .map(Number)
    .filter((i) => columns[i].wrap)
    .map((i) => ({ i, wider: [...new Set(whole.map((r) => width(r[i])).filter((w) => w > room[i]))].sort((a, b) => a - b) }));
  while (slack > 0) {
    let best: { i: number; to: number } | undefined;
    for (const { i, wider } of wrapped) {
      const to = wider.find((w) => w > room[i]);
      if (to !== undefined && to - used[i] <= slack && (!best || to - used[i] < best.to - used[best.i])) best = { i, to };
    }
    if (!best) break;
    grow(best.i, best.to);
  }
  // a cut column's cells may come out narrower than its room too ("…" after a word cut at its end): counted from them
  for (const i of Object.keys(room).map(Number)) {
    const to = Math.min(widths[i], used[i] + slack);
    if (!columns[i].wrap && to > room[i]) grow(i, to);
  }
  return was;
}

/** The width sentences wrap at when the terminal's is not known (a pipe, a file, a test): as the tables do. */
export const DEFAULT_WIDTH = 100;

/**
 * Sentences for people in lines of at most `room` columns, broken between words; each line of `text` wraps on its
 * own, and an empty line (between a sentence and a table) stays. An indented line (an item of a list) goes on two
 * columns further in. Not for tables: they wrap their own cells.
 */
export function wrapSentences(text: string, room: number = DEFAULT_WIDTH): string {
  return text
    .split('\n')
    .map((line) => {
      if (width(line) <= room) return line;
      // an item of a list (indented) goes on two columns further in, so the next item's start stands out
      const indent = /^ */.exec(line)![0];
      const more = indent ? `${indent}  ` : '';
      return wrapWords(line, room - more.length)
        .map((part, k) => (k === 0 ? indent : more) + part)
        .join('\n');
    })
    .join('\n');
}

/**
 * `lead` (a name, a label), then `text` wrapped within `room` columns, its further lines starting under its first
 * word: a list of commands or options whose descriptions read down their own column.
 */
export function wrapHanging(lead: string, text: string, room: number = DEFAULT_WIDTH): string {
  const at = width(lead);
  if (at + width(text) <= room) return lead + text;
  return wrapWords(text, Math.max(20, room - at))
    .map((part, k) => (k === 0 ? lead : ' '.repeat(at)) + part)
    .join('\n');
}

/**
 * `label: value` lines with the labels aligned (for one record). With `maxWidth`, a value too long for its line goes on
 * under its own first word (a sentence after its label: `punch status`'s Sync line); a value of several lines wraps
 * its first.
 */
export function formatPairs(pairs: Array<[string, string | number | undefined]>, opts: { maxWidth?: number } = {}): string {
  const shown = pairs.filter(([, v]) => v !== undefined && v !== '');
  const w = Math.max(0, ...shown.map(([k]) => width(k)));
  return shown
    .map(([k, v]) => {
      const lead = `${pad(`${k}:`, w + 1, 'left')} `;
      if (!opts.maxWidth) return lead + String(v);
      const [first, ...rest] = String(v).split('\n');
      return [wrapHanging(lead, first, opts.maxWidth), ...rest].join('\n');
    })
    .join('\n');
}
