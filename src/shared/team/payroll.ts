/**
 * The payroll report as people read it, shared by the app and `punch payroll`: whose row it is, amounts in the
 * company's currency, totals, and the CSV export. Pure (no Node, no DOM): the renderer bundles it.
 *
 * Currency: the service's rows carry it as a further field (the sandbox: `currency: "USD"`), kept by the client in
 * `PayrollRecord.extra` (service/wire/normalize-payroll.ts). A three-letter code that `Intl.NumberFormat` knows formats
 * amounts as money (`$2,200.00`); without one, amounts are plain numbers with two decimals and the screen says once
 * that the service gave no currency: a number is never dressed up in a currency we guessed.
 */
import type { PayrollRecord } from '../domain';
import { parseHhmm, toHhmm } from '../time/hours';

/**
 * Hours as payroll imports and spreadsheets take them, beside the service's `HH:MM`: `104:00` -> `104.00`,
 * `07:30` -> `7.50`, `00:20` -> `0.33` (to the hundredth of an hour). Unreadable hours come back as they are.
 */
export function decimalHours(hhmm: string): string {
  try {
    return (parseHhmm(hhmm) / 60).toFixed(2);
  } catch {
    return hhmm;
  }
}

/** What a row that names no employee reads (never an empty cell). */
export const NOT_NAMED = 'Not named by the service';

export interface RowEmployee {
  /** The name, else the email, else the id, else NOT_NAMED. */
  label: string;
  named: boolean;
  email?: string;
  id?: string;
}

export function rowEmployee(r: PayrollRecord): RowEmployee {
  const name = r.employeeName?.trim() || undefined;
  const email = r.employeeEmail?.trim() || undefined;
  const id = r.employeeId?.trim() || undefined;
  const label = name ?? email ?? id;
  return { label: label ?? NOT_NAMED, named: label !== undefined, ...(email ? { email } : {}), ...(id ? { id } : {}) };
}

/** The row's currency field as the service wrote it (`currency`, `Currency`, `currency_code`, `currencyCode`). */
export function currencyText(r: PayrollRecord): string | undefined {
  for (const [k, v] of Object.entries(r.extra ?? {})) {
    if (/^(currency|currencycode|curr|currencyid)$/.test(k.toLowerCase().replace(/[\s_-]/g, '')) && v.trim()) return v.trim();
  }
  return undefined;
}

/** An ISO 4217 code that Intl can format (`usd` -> `USD`), or undefined. */
export function currencyCode(text: string | undefined): string | undefined {
  if (!text || !/^[A-Za-z]{3}$/.test(text)) return undefined;
  const code = text.toUpperCase();
  try {
    new Intl.NumberFormat('en', { style: 'currency', currency: code });
    return code;
  } catch {
    return undefined;
  }
}

/** `"2,200.5"` -> 220050; unreadable -> null (shown as the service wrote it). */
export function centsOf(amount: string): number | null {
  const s = amount.replace(/,/g, '').trim();
  if (!/^-?\d+(\.\d+)?$/.test(s)) return null;
  return Math.round(Number(s) * 100);
}

/** Cents in the currency (`$2,200.00`), or as a plain number with two decimals (`2,200.00`) when there is none. */
export function formatCents(cents: number, code: string | undefined, locale?: string): string {
  const opts: Intl.NumberFormatOptions = code
    ? { style: 'currency', currency: code }
    : { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  return new Intl.NumberFormat(locale, opts).format(cents / 100);
}

/** A row's amount as shown: the same formatting as the totals (formatCents). */
export function formatAmount(r: PayrollRecord, locale?: string): string {
  const cents = centsOf(r.totalAmount);
  return cents === null ? r.totalAmount : formatCents(cents, currencyCode(currencyText(r)), locale);
}

const minutesOf = (hhmm: string) => {
  try {
    return parseHhmm(hhmm);
  } catch {
    return 0;
  }
};
const hoursOf = (r: PayrollRecord) => minutesOf(r.regularHour) + minutesOf(r.OtHours) + minutesOf(r.paidLeaveHours);

/**
 * The report's order, the same on screen, in the chart, in `punch payroll` and in the CSV: by name (A to Z, letter
 * case and accents aside, as payroll lists are read and checked against the staff list), then the rows with no hours
 * at all (nobody to pay for the period: left, or not started yet), then the rows the service named nobody for. A
 * payroll clerk reads down the names; the empty rows are looked at last, apart, instead of leading the list.
 */
export function payrollOrder(rows: readonly PayrollRecord[]): PayrollRecord[] {
  const rank = (r: PayrollRecord) => (!rowEmployee(r).named ? 2 : hoursOf(r) === 0 ? 1 : 0);
  const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  return [...rows].sort((a, b) => rank(a) - rank(b) || collator.compare(rowEmployee(a).label, rowEmployee(b).label));
}

export interface PayrollTotals {
  regular: string;
  overtime: string;
  paidLeave: string;
  /** One total per currency (`code` undefined: rows without a usable currency), largest group first. */
  amounts: Array<{ code: string | undefined; cents: number }>;
}

export function payrollTotals(rows: PayrollRecord[]): PayrollTotals {
  const byCode = new Map<string | undefined, { cents: number; n: number }>();
  for (const r of rows) {
    const code = currencyCode(currencyText(r));
    const t = byCode.get(code) ?? { cents: 0, n: 0 };
    t.cents += centsOf(r.totalAmount) ?? 0;
    t.n += 1;
    byCode.set(code, t);
  }
  return {
    regular: toHhmm(rows.reduce((n, r) => n + minutesOf(r.regularHour), 0)),
    overtime: toHhmm(rows.reduce((n, r) => n + minutesOf(r.OtHours), 0)),
    paidLeave: toHhmm(rows.reduce((n, r) => n + minutesOf(r.paidLeaveHours), 0)),
    amounts: [...byCode].sort((a, b) => b[1].n - a[1].n).map(([code, t]) => ({ code, cents: t.cents })),
  };
}

/**
 * Why amounts are plain numbers, once for the report: the service gave a currency that is not a code Intl knows
 * (`texts`, as it wrote them), or none for some row; null when every row has a usable one.
 */
export type CurrencyIssue = { kind: 'not-codes'; texts: string[] } | { kind: 'missing' } | null;

export function currencyIssue(rows: PayrollRecord[]): CurrencyIssue {
  const texts = rows.map(currencyText);
  const unusable = [...new Set(texts.filter((t): t is string => t !== undefined && currencyCode(t) === undefined))];
  if (unusable.length > 0) return { kind: 'not-codes', texts: unusable };
  if (texts.some((t) => t === undefined)) return { kind: 'missing' };
  return null;
}

/** What to say about the currency, in English (punch): nothing when every row has one Intl knows. */
export function currencyNote(rows: PayrollRecord[]): string | null {
  const issue = currencyIssue(rows);
  if (issue?.kind === 'not-codes')
    return `Amounts are plain numbers: the service gives the currency as ${issue.texts.map((t) => `"${t}"`).join(', ')}, which is not a currency code.`;
  if (issue?.kind === 'missing') return 'Amounts are plain numbers: currency not given by the service.';
  return null;
}

/* ---------------------------------------------------------------- CSV (RFC 4180) */

/**
 * A text cell that a spreadsheet would run as a formula (a leading `=`, `+`, `-`, `@`, or tab / carriage return that
 * some read past) gets a leading `'`: a name like `=HYPERLINK(...)` from the service stays text (OWASP "CSV injection").
 */
export function safeText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** RFC 4180: a field holding the separator, a double quote, CR or LF is quoted, and its quotes doubled. */
export function csvField(value: string, separator: CsvSeparator = ','): string {
  return value.includes(separator) || /["\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Records joined with CRLF (RFC 4180), ending with one. `text[i]` false: column i is a number, not guarded. */
export function toCsv(header: string[], rows: string[][], text: boolean[], separator: CsvSeparator = ','): string {
  const line = (cells: string[], guard: boolean) =>
    cells.map((c, i) => csvField(guard && text[i] ? safeText(c) : c, separator)).join(separator);
  return [line(header, false), ...rows.map((r) => line(r, true))].map((l) => `${l}\r\n`).join('');
}

export type CsvSeparator = ',' | ';';

/**
 * How a CSV writes its numbers and which words head its columns. The plain form (`PLAIN_CSV`, the default, what
 * scripts and `punch payroll --csv` read): `.` decimals, commas between fields, English headings. The region's form
 * (`regionalCsv`): what a spreadsheet program set to that region opens as numbers (`104,00` in Germany, where "104.00"
 * would be read as the date or the number 10400 of the issue), with `;` between fields where the decimal separator is
 * a comma (Excel's list separator in those regions), and headings in the user's language.
 */
export interface CsvStyle {
  header: string[];
  /** A number with two decimals, never grouped (a spreadsheet reads `2200,50` in every region that writes `2.200,50`). */
  decimal(n: number): string;
  separator: CsvSeparator;
}

export const PLAIN_CSV: CsvStyle = { header: [], decimal: (n) => n.toFixed(2), separator: ',' };

/**
 * The region's form for `region` (a locale tag): its decimal separator, in Latin digits (spreadsheet programs read
 * and show digits by their own setting; ١٠٤٫٠٠ would be text to most of them), headed by `header` (the columns of
 * PAYROLL_CSV_HEADER in the user's words).
 */
export function regionalCsv(region: string, header: string[]): CsvStyle {
  const nf = new Intl.NumberFormat(region, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
    numberingSystem: 'latn',
  });
  const comma = nf.formatToParts(0.5).find((p) => p.type === 'decimal')?.value === ',';
  return { header, decimal: (n) => nf.format(n), separator: comma ? ';' : ',' };
}

export const PAYROLL_CSV_HEADER = [
  'Employee',
  'Email',
  'Employee ID',
  'Regular hours',
  'Regular hours (decimal)',
  'Overtime hours',
  'Overtime hours (decimal)',
  'Paid leave hours',
  'Paid leave hours (decimal)',
  'Amount',
  'Currency',
];
const PAYROLL_CSV_TEXT = [true, true, true, false, false, false, false, false, false, false, true];

/**
 * The report as shown, one line per row in the report's order (payrollOrder): who (as the table names them), email
 * and id when the service gave them, each kind of hours as `HH:MM` (they may pass 24) and beside it in decimal hours
 * (`104.00`, what payroll imports and spreadsheet formulas take), the amount as a plain decimal (`2200.00`, what
 * spreadsheets sum) and its currency code in a column of its own. No totals line: an import would read it as one
 * more employee, and a spreadsheet adds the columns up itself (the screen and `punch payroll` show the totals).
 * `style`: the plain form (default) or the region's (`regionalCsv`); `notNamed`: what a row naming nobody reads.
 */
export function payrollCsv(rows: PayrollRecord[], style: CsvStyle = PLAIN_CSV, notNamed = NOT_NAMED): string {
  const decimal = (hhmm: string) => {
    try {
      return style.decimal(parseHhmm(hhmm) / 60);
    } catch {
      return hhmm;
    }
  };
  return toCsv(
    style.header.length === PAYROLL_CSV_HEADER.length ? style.header : PAYROLL_CSV_HEADER,
    payrollOrder(rows).map((r) => {
      const who = rowEmployee(r);
      const cents = centsOf(r.totalAmount);
      return [
        who.named ? who.label : notNamed,
        who.email ?? '',
        who.id ?? '',
        r.regularHour,
        decimal(r.regularHour),
        r.OtHours,
        decimal(r.OtHours),
        r.paidLeaveHours,
        decimal(r.paidLeaveHours),
        cents === null ? safeText(r.totalAmount) : style.decimal(cents / 100),
        currencyCode(currencyText(r)) ?? currencyText(r) ?? '',
      ];
    }),
    PAYROLL_CSV_TEXT,
    style.separator,
  );
}

/** `payroll-2026-11-01-to-2026-11-25.csv` */
export function payrollFileName(from: string, to: string): string {
  return `payroll-${from}-to-${to}.csv`;
}
