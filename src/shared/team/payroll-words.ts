/**
 * The words both shells say of a payroll report (the app's table, chart and CSV; `punch payroll`'s table): what a row
 * naming nobody reads, and the row of totals. One message each, so the app and punch say the same in every language
 * (they said "Summe" and "Gesamt" for one German total).
 *
 * The column headings stay apart, on purpose: punch's are a terminal's (capitals, one message per heading shared by
 * every table of punch: src/cli/columns.ts), the app's a window's (src/renderer/src/payroll/words.ts, with a short
 * form for a narrow window). Their message tables look alike, as every table of messages does; their words differ.
 */
import { defineMessages } from '../i18n/messages';

export const PAYROLL_REPORT_WORDS = defineMessages({
  notNamed: {
    id: 'payroll.not-named',
    defaultMessage: 'Not named by the service',
    description: 'Instead of a name, in a payroll row that names no employee.',
  },
  total: { id: 'payroll.total', defaultMessage: 'Total', description: 'The row of totals of a payroll report.' },
});
