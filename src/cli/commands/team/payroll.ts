/**
 * `punch payroll` (spec 4.3): the payroll report for a period, as the app's HR tab shows it, with the region's
 * numbers: each kind of hours as the service's `HH:MM` with decimal hours beside it (`104:00 (104,00)` in Germany),
 * amounts in the company's currency as the region writes money. `--csv` writes the app's CSV export, machine-readable
 * in every language (src/shared/team/payroll.ts: `.` decimals, ISO days).
 */
import { writeFileSync } from 'node:fs';
import { defineMessage, defineMessages, type Wording } from '../../../shared/i18n/messages';
import type { PayrollRecord } from '../../../shared/domain';
import { parseHhmm } from '../../../shared/time/hours';
import {
  currencyCode,
  currencyText,
  formatAmount,
  formatCents,
  payrollCsv,
  payrollOrder,
  payrollTotals,
  rowEmployee,
} from '../../../shared/team/payroll';
import { monthPreset } from '../../../shared/time/period';
import { example, type Command, type OptionValues, textOption, flagOption } from '../../command';
import { columns } from '../../columns';
import { UsageError } from '../../failure';
import { eitherOr } from '../../log-fields';
import { parseDay, required, str, userToday } from '../../input';
import { DEFAULT_WIDTH, formatTable, wrapSentences } from '../../table';
import { periodWords, plainSpaces, words } from '../../words';
import { PAYROLL_REPORT_WORDS } from '../../../shared/team/payroll-words';

const M = defineMessages({
  thisMonth: { id: 'cli.payroll.option.this-month', defaultMessage: 'from the 1st of this month to today' },
  lastMonth: { id: 'cli.payroll.option.last-month', defaultMessage: 'the whole of last month' },
  from: { id: 'cli.payroll.option.from', defaultMessage: 'first day (with {to})', description: '{to}: an option as typed.' },
  to: { id: 'cli.payroll.option.to', defaultMessage: 'last day (with {from})', description: '{from}: an option as typed.' },
  user: {
    id: 'cli.payroll.option.user',
    defaultMessage: 'one employee (email, employee id, record id) or {all} (default)',
    description: '{all} is typed.',
  },
  csv: {
    id: 'cli.payroll.option.csv',
    defaultMessage: 'write the report as CSV to {file} ({stdout} for standard output), as the app exports it',
    description: '{file}: the option\'s value as the help shows it (FILE); {stdout}: "-" as typed.',
  },
  rows: {
    id: 'cli.payroll.details.rows',
    defaultMessage: 'Rows are by name, those without any hours last. Hours show as HH:MM and as decimal hours; the CSV has both too.',
  },
  months: {
    id: 'cli.payroll.details.months',
    defaultMessage: 'Periods longer than a month are asked for month by month and added up per employee.',
  },
  machine: {
    id: 'cli.payroll.details.machine',
    defaultMessage: 'The CSV is the same in every language: decimal points, days as YYYY-MM-DD, for spreadsheets and imports.',
  },
  whichPeriod: {
    id: 'cli.payroll.which-period',
    defaultMessage: 'which period? Give {thisMonth}, {lastMonth}, or {fromTo}.',
    description: 'Options as typed.',
  },
  presetOrDates: {
    id: 'cli.payroll.preset-or-dates',
    defaultMessage: 'give {preset} or {from} and {to}, not both.',
    description: 'Options as typed.',
  },
  none: { id: 'cli.payroll.none', defaultMessage: 'Payroll {period}: no payroll records for that period.' },
  heading: {
    id: 'cli.payroll.heading',
    defaultMessage: 'Payroll {period}: {count, plural, one {# employee} other {# employees}}. Hours as HH:MM (decimal hours).',
    description: '{period}: its days. Keep HH:MM.',
  },
  unnamedNote: {
    id: 'cli.payroll.unnamed-note',
    defaultMessage: 'Rows marked "{notNamed}": the service\'s rows do not say which employee they are for.',
  },
  notACode: {
    id: 'cli.payroll.currency.not-a-code',
    defaultMessage: 'Amounts are plain numbers: the service gives the currency as {given}, which is not a currency code.',
    description: '{given}: what the service wrote, quoted.',
  },
  noCurrency: { id: 'cli.payroll.currency.none', defaultMessage: 'Amounts are plain numbers: currency not given by the service.' },
  both: {
    id: 'cli.payroll.both-hours',
    defaultMessage: '{hhmm} ({decimal})',
    description: 'Hours as the service writes them (104:00) and as decimal hours (104.00).',
  },
  bothJsonCsv: { id: 'cli.payroll.csv-or-json', defaultMessage: 'give {csv} or {json}, not both.' },
  cannotWrite: {
    id: 'cli.payroll.cannot-write',
    defaultMessage: 'Could not write {file}: {why}. Choose a file in a folder you may write to.',
    description: "{why}: the system's reason (often English).",
  },
  wrote: { id: 'cli.payroll.wrote', defaultMessage: '{count, plural, one {Wrote # row to {file}.} other {Wrote # rows to {file}.}}' },
});

/** `--from/--to`, or a preset of the app's HR tab (`--this-month`, `--last-month`), exactly one way. */
function payrollPeriod(v: OptionValues): { from: string; to: string } {
  const presets = (['this-month', 'last-month'] as const).filter((p) => v[p]);
  const dates = str(v, 'from') !== undefined || str(v, 'to') !== undefined;
  if (presets.length > 1) throw new UsageError(eitherOr('--this-month', '--last-month'));
  if (presets.length === 1 && dates)
    throw new UsageError(words(M.presetOrDates, { preset: `--${presets[0]}`, from: '--from', to: '--to' }));
  if (presets.length === 1) return monthPreset(presets[0], userToday());
  if (!dates)
    throw new UsageError(
      words(M.whichPeriod, { thisMonth: '--this-month', lastMonth: '--last-month', fromTo: '--from DATE --to DATE' }),
      example('punch payroll --last-month'),
    );
  return { from: parseDay('from', required(v, 'from', '2026-11-01')), to: parseDay('to', required(v, 'to', '2026-11-30')) };
}

/** `104:00 (104.00)`: the service's hours and, beside them, decimal hours as the region writes them (what payroll imports take). */
function bothHours(hhmm: string, w: Wording): string {
  let minutes: number;
  try {
    minutes = parseHhmm(hhmm);
  } catch {
    return hhmm;
  }
  return w.say(M.both, { hhmm, decimal: w.formats.decimalHours(minutes) });
}

/** What to say about the currency, once for the report: nothing when every row has one Intl knows. */
function currencyNote(rows: PayrollRecord[], w: Wording): string | undefined {
  const texts = rows.map(currencyText);
  const unusable = [...new Set(texts.filter((t): t is string => t !== undefined && currencyCode(t) === undefined))];
  if (unusable.length > 0) return w.say(M.notACode, { given: w.formats.list(unusable.map((t) => `"${t}"`)) });
  if (texts.some((t) => t === undefined)) return w.say(M.noCurrency);
  return undefined;
}

/**
 * The report for people: by name, rows without hours after them (shared/team/payroll.ts payrollOrder), hours as HH:MM with
 * decimal hours beside them, and a total row. Emails and employee ids are in `--csv` and `--json`: here the table
 * stays within 100 columns.
 */
export function describePayroll(rows: PayrollRecord[], from: string, to: string, w: Wording, width: number = DEFAULT_WIDTH): string {
  const period = periodWords(w, from, to, new Date().getFullYear());
  if (rows.length === 0) return w.say(M.none, { period });
  const region = w.formats.region;
  const ordered = payrollOrder(rows);
  const totals = payrollTotals(rows);
  const notNamed = w.say(PAYROLL_REPORT_WORDS.notNamed);
  const unnamed = rows.some((r) => !rowEmployee(r).named);
  const notes = [unnamed ? w.say(M.unnamedNote, { notNamed }) : undefined, currencyNote(rows, w)].filter((n): n is string => !!n);
  const table = formatTable(
    columns(w, [
      'employee',
      ['regular', { align: 'right' }],
      ['overtime', { align: 'right' }],
      ['paidLeave', { align: 'right' }],
      ['amount', { align: 'right' }],
    ]),
    ordered.map((r) => [
      rowEmployee(r).named ? rowEmployee(r).label : notNamed,
      bothHours(r.regularHour, w),
      bothHours(r.OtHours, w),
      bothHours(r.paidLeaveHours, w),
      plainSpaces(formatAmount(r, region)),
    ]),
    [
      [
        w.say(PAYROLL_REPORT_WORDS.total),
        bothHours(totals.regular, w),
        bothHours(totals.overtime, w),
        bothHours(totals.paidLeave, w),
        totals.amounts.map((a) => plainSpaces(formatCents(a.cents, a.code, region))).join(' + '),
      ],
    ],
    { maxWidth: width },
  );
  const said = (t: string) => wrapSentences(t, width);
  return [said(w.say(M.heading, { period, count: rows.length })), '', table, ...notes.map(said)].join('\n');
}

export const payrollCommand: Command = {
  name: 'payroll',
  summary: defineMessage({
    id: 'cli.payroll.summary',
    defaultMessage: 'payroll report for a period: regular hours, overtime, paid leave, amounts, with totals',
  }),
  usage: 'payroll (--this-month | --last-month | --from DATE --to DATE) [--user USER|all] [--csv FILE|-]',
  options: {
    'this-month': flagOption(M.thisMonth),
    'last-month': flagOption(M.lastMonth),
    from: textOption('DATE', words(M.from, { to: '--to' })),
    to: textOption('DATE', words(M.to, { from: '--from' })),
    user: textOption('USER', words(M.user, { all: 'all' })),
    csv: textOption('FILE', words(M.csv, { file: 'FILE', stdout: '-' })),
  },
  details: [M.rows, M.months, M.machine, example('punch payroll --last-month --csv payroll.csv')],
  async run(ctx) {
    const v = ctx.values;
    const { from, to } = payrollPeriod(v);
    const csvTo = str(v, 'csv');
    if (csvTo !== undefined && ctx.globals.json) throw new UsageError(eitherOr('--csv', '--json'));
    const rows = await (await ctx.core()).call('payrollReport', { from, to, ...(str(v, 'user') ? { user: str(v, 'user')! } : {}) });
    if (csvTo !== undefined) return writeCsv(csvTo, rows, ctx.words);
    return { json: rows, text: describePayroll(rows, from, to, ctx.words, ctx.width) };
  },
};

/** The app's CSV (src/shared/team/payroll.ts) to a file, with a UTF-8 byte order mark as the app's download has; `-`: stdout, without. */
function writeCsv(target: string, rows: PayrollRecord[], w: Wording) {
  const csv = payrollCsv(rows);
  // stdout: the printer adds the last line break itself (RFC 4180 allows the last record without CRLF)
  if (target === '-') return { json: rows, text: csv.replace(/\r\n$/, '') };
  try {
    writeFileSync(target, `\uFEFF${csv}`, 'utf8');
  } catch (e) {
    throw new UsageError(words(M.cannotWrite, { file: target, why: (e as Error).message }));
  }
  return { json: rows, text: w.say(M.wrote, { count: rows.length, file: target }) };
}
