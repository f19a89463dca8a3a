/**
 * Input refused before anything is sent (InvalidInputError): a request the service would refuse anyway costs one of
 * ~20 calls a minute. Only what the operations' callers pass besides a log: ids, texts and days of the timesheet,
 * report and employee operations. A time log's values are not checked here: they were checked once where they came
 * in (the one schema of a log, src/shared/log.ts), and the client only encodes them (./time-log-params.ts).
 */
import { isValidDate } from '../../../shared/time/week';
import { FIELDS, fieldSaid, labelSaid } from '../../../shared/words';
import { defineMessages, type MessageDescriptor } from '../../../shared/i18n/messages';
import { said } from '../../../shared/i18n/english';
import { saidOf, type Said, type Words } from '../../../shared/i18n/said';
import { sentencesSaid } from '../../../shared/input-words';
import { InvalidInputError } from '../errors';

type Violation = { field: string; rule: string; message: string; said: Said };

/** What could not be done, keyed (the first words of a refusal of the client's input). */
export type Cannot =
  | 'listTimesheets'
  | 'readTimesheet'
  | 'createTimesheet'
  | 'changeTimesheet'
  | 'deleteTimesheet'
  | 'decide'
  | 'readLog'
  | 'addLog'
  | 'editLog'
  | 'deleteLog'
  | 'listLogs'
  | 'payroll'
  | 'readEmployee'
  | 'addEmployee'
  | 'updateEmployee';

const M = defineMessages({
  cannot: {
    id: 'core.service.input.cannot',
    defaultMessage:
      '{what, select, listTimesheets {Cannot list timesheets} readTimesheet {Cannot read the timesheet} createTimesheet {Cannot create the timesheet} changeTimesheet {Cannot change the timesheet} deleteTimesheet {Cannot delete the timesheet} decide {Cannot decide on the timesheet} readLog {Cannot read the time log} addLog {Cannot add the time log} editLog {Cannot edit the time log} deleteLog {Cannot delete the time log} listLogs {Cannot list time logs} payroll {Cannot run the payroll report} readEmployee {Cannot read the employee} addEmployee {Cannot add the employee} updateEmployee {Cannot update the employee} other {Cannot do this}}: {problems}',
    description: '{problems}: one or more sentences saying what is wrong, each at a field ("Date: ...").',
  },
  required: {
    id: 'core.service.input.required',
    defaultMessage:
      '{field}: {hint, select, employee {give the employee email or employee id} logId {the service has no id for this log yet} other {this cannot be empty}}.',
  },
  day: { id: 'core.service.input.day', defaultMessage: '{field}: that day is not on the calendar. Pick a real date.' },
  decision: { id: 'core.service.input.decision', defaultMessage: '{field}: choose approve or reject.' },
  decisionPerLog: {
    id: 'core.service.input.decision-per-log',
    defaultMessage: '{field}: choose approve or reject for each log{given, select, none {} other { (not "{given}")}}.',
    description: '{given}: what a script gave instead, quoted back as it typed it, or "none".',
  },
  search: {
    id: 'core.service.input.search',
    defaultMessage: '{field}: give both what to search by and the value to look for, or neither.',
  },
  noFields: {
    id: 'core.service.input.no-fields',
    defaultMessage: 'give at least one field, keyed by its label (for example "First Name")',
    description: '"First Name" is the label of an employee record\'s field as the service names it: keep it as it is.',
  },
  badField: {
    id: 'core.service.input.bad-field',
    defaultMessage: 'every field needs a label and a text value ("{label}" has {kind})',
    description: "{label}: a field's label as given; {kind}: the kind of value given instead (number, boolean...), as a script names it.",
  },
});

/** A parameter by the name people know it by (`timesheetName` -> "Timesheet name"); the field keeps the code's name. */
const words = (field: string) =>
  fieldSaid(field) ??
  labelSaid(
    ({ timesheetName: FIELDS.timesheetName, fromDate: FIELDS.from, toDate: FIELDS.to } as Record<string, MessageDescriptor>)[field] ??
      FIELDS.value,
  );

const violation = (field: string, rule: string, w: Words): Violation => ({ field, rule, message: w.message, said: saidOf(w) });

export const inputCheckWords = {
  decision: (): Words => said(M.decision.id, { field: labelSaid(FIELDS.decision) }),
  decisionPerLog: (given?: string): Words => said(M.decisionPerLog.id, { field: labelSaid(FIELDS.logs), given: given ?? 'none' }),
  search: (): Words => said(M.search.id, { field: labelSaid(FIELDS.search) }),
  /** "Cannot add the employee: give at least one field ..." (`problems` is one phrase here). */
  noFields: (what: Cannot): Words => said(M.cannot.id, { what, problems: { said: { code: M.noFields.id, values: {} } } }),
  badField: (what: Cannot, label: string, kind: string): Words =>
    said(M.cannot.id, { what, problems: { said: { code: M.badField.id, values: { label, kind } } } }),
  noFieldsAlone: (): Words => said(M.noFields.id),
  badFieldAlone: (label: string, kind: string): Words => said(M.badField.id, { label, kind }),
};

function fail(what: Cannot, violations: Violation[]): never {
  throw new InvalidInputError(said(M.cannot.id, { what, problems: { said: sentencesSaid(violations.map((v) => v.said))! } }), violations);
}

/** What to do about a missing value, where more can be said than "this cannot be empty". */
const HINTS: Record<string, 'employee' | 'logId'> = { user: 'employee', timeLogId: 'logId' };

function requireText(violations: Violation[], field: string, value: string | undefined, hint: 'employee' | 'logId' | 'empty'): void {
  if (value === undefined || value.trim() === '') {
    violations.push(violation(field, 'required', said(M.required.id, { field: words(field), hint })));
  }
}

function checkDay(violations: Violation[], field: string, value: string): void {
  if (!isValidDate(value)) {
    // spec 4.1, 4.3: fromDate and toDate as `YYYY-MM-DD` (sent with dateFormat), a real calendar day
    violations.push(violation(field, 'format', said(M.day.id, { field: words(field) })));
  }
}

/** Checks required ids/texts and YYYY-MM-DD dates of the other operations in one go. */
export function checkFields(
  what: Cannot,
  required: Record<string, string | undefined>,
  days: Record<string, string | undefined> = {},
): void {
  const v: Violation[] = [];
  for (const [field, value] of Object.entries(required)) requireText(v, field, value, HINTS[field] ?? 'empty');
  for (const [field, value] of Object.entries(days)) if (value !== undefined) checkDay(v, field, value);
  if (v.length > 0) fail(what, v);
}
