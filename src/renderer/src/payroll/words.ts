/**
 * The payroll report's words shared by its table, its chart and its CSV: the columns and what a row naming nobody
 * reads. The CSV's headings in the user's language are the region's form only (src/shared/team/payroll.ts `regionalCsv`):
 * the plain form keeps its English headings, which scripts read.
 */
import { defineMessages, type Wording } from '../../../shared/i18n/messages';
import { PAYROLL_REPORT_WORDS } from '../../../shared/team/payroll-words';

const COLUMNS = defineMessages({
  employee: { id: 'hr.payroll.col.employee', defaultMessage: 'Employee' },
  regular: { id: 'hr.payroll.col.regular', defaultMessage: 'Regular', description: 'Column: regular hours.' },
  overtime: { id: 'hr.payroll.col.overtime', defaultMessage: 'Overtime', description: 'Column: overtime hours (its full name).' },
  overtimeShort: {
    id: 'hr.payroll.col.overtime-short',
    defaultMessage: 'OT',
    description: 'Column heading: overtime, abbreviated to fit a narrow window.',
  },
  leave: { id: 'hr.payroll.col.leave', defaultMessage: 'Paid leave', description: 'Column: hours of paid leave.' },
  amount: { id: 'hr.payroll.col.amount', defaultMessage: 'Amount', description: 'Column: the amount to pay.' },
  decimal: {
    id: 'hr.payroll.decimal-hours',
    defaultMessage: '{hours} h',
    description: 'Hours as a decimal number (104.00 h), beside the same hours as HH:MM; h: the abbreviation of hours.',
  },
});

/** The app's columns, and the words punch says too (the row of totals, a row naming nobody: src/shared/team/payroll-words.ts). */
export const PAYROLL_WORDS = { ...COLUMNS, ...PAYROLL_REPORT_WORDS };

const CSV = defineMessages({
  employee: { id: 'hr.csv.employee', defaultMessage: 'Employee', description: 'CSV column heading.' },
  email: { id: 'hr.csv.email', defaultMessage: 'Email', description: 'CSV column heading.' },
  employeeId: { id: 'hr.csv.employee-id', defaultMessage: 'Employee ID', description: 'CSV column heading.' },
  regular: { id: 'hr.csv.regular', defaultMessage: 'Regular hours', description: 'CSV column heading: regular hours as HH:MM.' },
  regularDecimal: {
    id: 'hr.csv.regular-decimal',
    defaultMessage: 'Regular hours (decimal)',
    description: 'CSV column heading: the same hours as a decimal number.',
  },
  overtime: { id: 'hr.csv.overtime', defaultMessage: 'Overtime hours', description: 'CSV column heading.' },
  overtimeDecimal: { id: 'hr.csv.overtime-decimal', defaultMessage: 'Overtime hours (decimal)', description: 'CSV column heading.' },
  leave: { id: 'hr.csv.leave', defaultMessage: 'Paid leave hours', description: 'CSV column heading.' },
  leaveDecimal: { id: 'hr.csv.leave-decimal', defaultMessage: 'Paid leave hours (decimal)', description: 'CSV column heading.' },
  amount: { id: 'hr.csv.amount', defaultMessage: 'Amount', description: 'CSV column heading.' },
  currency: { id: 'hr.csv.currency', defaultMessage: 'Currency', description: 'CSV column heading: the currency code (USD, EUR).' },
});

/** The CSV's headings in the user's words, in the order of src/shared/team/payroll.ts PAYROLL_CSV_HEADER. */
export const csvHeader = (w: Wording): string[] =>
  [
    CSV.employee,
    CSV.email,
    CSV.employeeId,
    CSV.regular,
    CSV.regularDecimal,
    CSV.overtime,
    CSV.overtimeDecimal,
    CSV.leave,
    CSV.leaveDecimal,
    CSV.amount,
    CSV.currency,
  ].map((m) => w.say(m));
