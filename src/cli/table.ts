/**
 * A tiny aligned-table formatter for human output (no dependency). Columns are padded to their widest cell;
 * numbers and hours align right so totals line up.
 */
export interface Column {
  header: string;
  align?: 'left' | 'right';
}

/** Visible width: counts code points, so accented names do not shift the columns. */
const width = (s: string) => [...s].length;

function pad(s: string, w: number, align: 'left' | 'right'): string {
  const fill = ' '.repeat(Math.max(0, w - width(s)));
  return align === 'right' ? fill + s : s + fill;
}

/** Formats rows under headers; cells containing line breaks are flattened so a row stays one line. */
export function formatTable(columns: Column[], rows: Array<Array<string | number | undefined>>): string {
  const cells = rows.map((r) => columns.map((_, i) => String(r[i] ?? '').replace(/\s*\n\s*/g, ' ')));
  const widths = columns.map((c, i) => Math.max(width(c.header), ...cells.map((r) => width(r[i]))));
  const line = (r: string[]) =>
    r.map((cell, i) => pad(cell, widths[i], columns[i].align ?? 'left')).join('  ').trimEnd();
  return [line(columns.map((c) => c.header)), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

/** `label: value` lines with the labels aligned (for one record). */
export function formatPairs(pairs: Array<[string, string | number | undefined]>): string {
  const shown = pairs.filter(([, v]) => v !== undefined && v !== '');
  const w = Math.max(0, ...shown.map(([k]) => width(k)));
  return shown.map(([k, v]) => `${pad(`${k}:`, w + 1, 'left')} ${v}`).join('\n');
}
