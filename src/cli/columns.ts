/**
 * The headings of punch's tables, one message each, shared by every table that has such a column (a job is "JOB" in
 * `punch jobs`, `punch week` and `punch outbox` alike). Headings are in capitals where the language has them, as
 * terminals have always set table headings; a translator may write them otherwise where capitals do not read well.
 */
import { defineMessages, type Wording } from '../shared/i18n/messages';
import type { Column } from './table';
import { words, type Worded } from './words';

const H = defineMessages({
  id: { id: 'cli.column.id', defaultMessage: 'ID', description: 'Table heading: an id to type in the next command.' },
  job: { id: 'cli.column.job', defaultMessage: 'JOB', description: 'Table heading: the job (glossary) hours are logged against.' },
  jobId: { id: 'cli.column.job-id', defaultMessage: 'JOB ID', description: "Table heading: the job's id." },
  project: { id: 'cli.column.project', defaultMessage: 'PROJECT', description: 'Table heading: the project a job belongs to.' },
  client: { id: 'cli.column.client', defaultMessage: 'CLIENT', description: "Table heading: the job's client (a customer)." },
  status: { id: 'cli.column.status', defaultMessage: 'STATUS', description: "Table heading: a job's or a timesheet's state." },
  billing: { id: 'cli.column.billing', defaultMessage: 'BILLING', description: 'Table heading: billable or non-billable.' },
  entry: { id: 'cli.column.entry', defaultMessage: 'ENTRY', description: "Table heading: an outbox entry's id (glossary: entry)." },
  kind: {
    id: 'cli.column.kind',
    defaultMessage: 'KIND',
    description: 'Table heading: what an outbox entry does (a new log, a change, a deletion).',
  },
  date: { id: 'cli.column.date', defaultMessage: 'DATE', description: 'Table heading: the day worked.' },
  hours: { id: 'cli.column.hours', defaultMessage: 'HOURS', description: 'Table heading: hours as HH:MM.' },
  state: { id: 'cli.column.state', defaultMessage: 'STATE', description: 'Table heading: sync state (queued, synced...).' },
  why: { id: 'cli.column.why', defaultMessage: 'WHY', description: 'Table heading: why an outbox entry waits or was refused.' },
  day: { id: 'cli.column.day', defaultMessage: 'DAY', description: 'Table heading: a day of the week.' },
  total: { id: 'cli.column.total', defaultMessage: 'TOTAL', description: 'Table heading: total hours.' },
  billable: {
    id: 'cli.column.billable',
    defaultMessage: 'BILLABLE',
    description: 'Table heading: billable hours, or whether a log is billable.',
  },
  from: {
    id: 'cli.column.from',
    defaultMessage: 'FROM',
    description: 'Table heading: where a log was made ("this device", or "elsewhere": the web page, the phone app).',
  },
  description: { id: 'cli.column.description', defaultMessage: 'DESCRIPTION', description: "Table heading: a log's description." },
  employee: { id: 'cli.column.employee', defaultMessage: 'EMPLOYEE', description: 'Table heading: whose timesheet or payroll row.' },
  period: { id: 'cli.column.period', defaultMessage: 'PERIOD', description: "Table heading: a timesheet's first and last day." },
  timeLog: { id: 'cli.column.time-log', defaultMessage: 'TIME LOG', description: "Table heading: a time log's id (glossary: time log)." },
  approval: {
    id: 'cli.column.approval',
    defaultMessage: 'APPROVAL',
    description: "Table heading: a log's approval (pending, approved, rejected).",
  },
  regular: { id: 'cli.column.regular', defaultMessage: 'REGULAR', description: 'Payroll table heading: regular hours.' },
  overtime: { id: 'cli.column.overtime', defaultMessage: 'OVERTIME', description: 'Payroll table heading: overtime hours.' },
  paidLeave: { id: 'cli.column.paid-leave', defaultMessage: 'PAID LEAVE', description: 'Payroll table heading: paid leave hours.' },
  amount: { id: 'cli.column.amount', defaultMessage: 'AMOUNT', description: 'Payroll table heading: the amount paid.' },
  recordId: { id: 'cli.column.record-id', defaultMessage: 'RECORD ID', description: "Table heading: an employee record's id (glossary)." },
  employeeId: { id: 'cli.column.employee-id', defaultMessage: 'EMPLOYEE ID', description: 'Table heading: the employee id (glossary).' },
  name: { id: 'cli.column.name', defaultMessage: 'NAME', description: "Table heading: a person's name." },
  email: { id: 'cli.column.email', defaultMessage: 'EMAIL', description: 'Table heading: an email address.' },
  when: { id: 'cli.column.when', defaultMessage: 'WHEN', description: 'Table heading: when a damaged file was found.' },
  file: { id: 'cli.column.file', defaultMessage: 'FILE', description: 'Table heading: which data file.' },
  seen: { id: 'cli.column.seen', defaultMessage: 'SEEN', description: 'Table heading: whether the user acknowledged a report (yes / no).' },
});

export type Heading = keyof typeof H;

/** Columns for formatTable, their headings in the user's words: `[['job'], ['hours', { align: 'right' }]]`. */
export function columns(w: Wording, specs: Array<Heading | [Heading, Omit<Column, 'header'>]>): Column[] {
  return specs.map((s) => (typeof s === 'string' ? { header: w.say(H[s]) } : { header: w.say(H[s[0]]), ...s[1] }));
}

/** A column of free text (a job's name, a reason): on as many lines as it takes within the table's width (./table.ts). */
export const WRAPS = { shrink: true, wrap: true } as const;

/** A heading as words to be said later (in a refusal naming the column to read: "the ENTRY column of `punch outbox`"). */
export const headingWords = (key: Heading): Worded => words(H[key]);
