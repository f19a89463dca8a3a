/**
 * HR commands (spec 4.4): list and search employee records, read one, add one, update one. Fields are written by
 * their display labels (spec 2.7: `First Name`, `Last Name`, `Email`, `Employee ID`).
 */
import { defineMessage, defineMessages, type Wording } from '../../../shared/i18n/messages';
import type { EmployeeRecord } from '../../../shared/domain';
import { example, type Command, textOption } from '../../command';
import { columns } from '../../columns';
import { UsageError } from '../../failure';
import { eitherOr } from '../../log-fields';
import { parseFields, parseModifiedSince, str } from '../../input';
import { formatPairs, formatTable } from '../../table';
import { momentWords, words } from '../../words';

const M = defineMessages({
  recordId: {
    id: 'cli.employee.record-id',
    defaultMessage: 'Record id',
    description: "An employee record's id (glossary: employee record).",
  },
  employeeId: { id: 'cli.employee.employee-id', defaultMessage: 'Employee ID', description: 'Glossary: employee id.' },
  name: { id: 'cli.employee.name', defaultMessage: 'Name' },
  email: { id: 'cli.employee.email', defaultMessage: 'Email' },
  modified: { id: 'cli.employee.modified', defaultMessage: 'Modified', description: 'When the record last changed.' },
  search: {
    id: 'cli.employees.option.search',
    defaultMessage: 'part of a name, email or employee id, any letter case; every word must match',
  },
  byEmail: { id: 'cli.employees.option.email', defaultMessage: 'find by email' },
  byId: { id: 'cli.employees.option.employee-id', defaultMessage: 'find by employee id (not the record id)' },
  since: {
    id: 'cli.employees.option.modified-since',
    defaultMessage: 'only records changed after this time (ms since 1970, or YYYY-MM-DD)',
  },
  searchDetail: {
    id: 'cli.employees.details.search',
    defaultMessage: '{example} finds Liam Chen; {email} and {employeeId} ask the service for the exact value.',
    description: '{example}: a command line as typed; Liam Chen is a demo employee; options as typed.',
  },
  oneColumn: {
    id: 'cli.employees.one-column',
    defaultMessage: '{refusal} The service searches one column at a time.',
    description: '{refusal}: "give either --email or --employee-id, not both."',
  },
  none: { id: 'cli.employees.none', defaultMessage: 'No employee records match.' },
  count: {
    id: 'cli.employees.count',
    defaultMessage: '{count, plural, one {# employee} other {# employees}}',
    description: 'Under the list.',
  },
  field: { id: 'cli.employee-add.option.field', defaultMessage: 'a field by its label (repeat for each)' },
  fieldChange: { id: 'cli.employee-update.option.field', defaultMessage: 'a field to change (repeat for each)' },
  required: {
    id: 'cli.employee-add.details.required',
    defaultMessage: 'The service requires {fields}.',
    description: "{fields}: the service's field labels, as typed (First Name, Last Name, Email and Employee ID), joined as a list.",
  },
  added: { id: 'cli.employee-add.added', defaultMessage: 'Added employee record {id}.' },
  updated: { id: 'cli.employee-update.updated', defaultMessage: 'Updated employee record {id}.' },
});

function describeEmployee(e: EmployeeRecord, w: Wording): string {
  // The service's own keys for the values shown first (EmailID, FirstName, ...) would repeat them; add the others.
  const shown = new Set([e.recordId, e.employeeId, e.firstName, e.lastName, e.email, String(e.modifiedTime ?? '')]);
  const rest = Object.entries(e.fields)
    .filter(([k, v]) => v !== '' && v !== undefined && !shown.has(String(v)) && !/modified/i.test(k))
    .map(([k, v]) => [k, String(v)] as [string, string]);
  // the other fields by the service's own labels: the company's words, as its HR screens name them
  return formatPairs([
    [w.say(M.recordId), e.recordId],
    [w.say(M.employeeId), e.employeeId],
    [w.say(M.name), `${e.firstName} ${e.lastName}`.trim()],
    [w.say(M.email), e.email],
    ...rest,
    [w.say(M.modified), e.modifiedTime ? momentWords(w, e.modifiedTime) : undefined],
  ]);
}

export const employeesCommand: Command = {
  name: 'employees',
  summary: defineMessage({
    id: 'cli.employees.summary',
    defaultMessage: 'list employee records, find them by part of a name, email or employee id, or by exact email or id',
  }),
  usage: 'employees [--search WORDS] [--email EMAIL | --employee-id ID] [--modified-since MS|DATE]',
  options: {
    search: textOption('WORDS', M.search),
    email: textOption('EMAIL', M.byEmail),
    'employee-id': textOption('ID', M.byId),
    'modified-since': textOption('MS', M.since),
  },
  details: [
    words(M.searchDetail, { example: example('punch employees --search "liam ch"'), email: '--email', employeeId: '--employee-id' }),
  ],
  async run(ctx) {
    const v = ctx.values;
    const w = ctx.words;
    if (str(v, 'email') && str(v, 'employee-id')) {
      throw new UsageError(words(M.oneColumn, { refusal: eitherOr('--email', '--employee-id') }));
    }
    const list = await (
      await ctx.core()
    ).call('listEmployees', {
      ...(str(v, 'search') ? { query: str(v, 'search')! } : {}),
      ...(str(v, 'email') ? { email: str(v, 'email')! } : {}),
      ...(str(v, 'employee-id') ? { employeeId: str(v, 'employee-id')! } : {}),
      ...(str(v, 'modified-since') ? { modifiedSince: parseModifiedSince(str(v, 'modified-since')!) } : {}),
    });
    const text =
      list.length === 0
        ? w.say(M.none)
        : `${formatTable(
            columns(w, ['recordId', 'employeeId', 'name', 'email']),
            list.map((e) => [e.recordId, e.employeeId, `${e.firstName} ${e.lastName}`.trim(), e.email]),
            [],
            { maxWidth: ctx.width },
          )}\n${w.say(M.count, { count: list.length })}`;
    return { json: list, text };
  },
};

export const employeeGetCommand: Command = {
  name: 'employee get',
  summary: defineMessage({ id: 'cli.employee-get.summary', defaultMessage: 'show one employee record by its record id' }),
  usage: 'employee get <recordId>',
  options: {},
  positionals: ['recordId'],
  async run(ctx) {
    const e = await (await ctx.core()).call('getEmployee', { recordId: ctx.positionals[0] });
    return { json: e, text: describeEmployee(e, ctx.words) };
  },
};

export const employeeAddCommand: Command = {
  name: 'employee add',
  summary: defineMessage({ id: 'cli.employee-add.summary', defaultMessage: 'add an employee record' }),
  usage: 'employee add --field "Label=Value" ...',
  options: { field: textOption('LABEL=VALUE', M.field, 'multiple') },
  details: [
    words(M.required, { fields: { and: ['First Name', 'Last Name', 'Email', 'Employee ID'] } }),
    example(
      'punch employee add --field "First Name=Ada" --field "Last Name=Lovelace" --field "Email=ada@example.com" --field "Employee ID=E-100"',
    ),
  ],
  async run(ctx) {
    const fields = parseFields(ctx.values.field as string[] | undefined);
    const e = await (await ctx.core()).call('addEmployee', { fields });
    return { json: e, text: `${ctx.words.say(M.added, { id: e.recordId })}\n\n${describeEmployee(e, ctx.words)}` };
  },
};

export const employeeUpdateCommand: Command = {
  name: 'employee update',
  summary: defineMessage({ id: 'cli.employee-update.summary', defaultMessage: 'change fields of an employee record' }),
  usage: 'employee update <recordId> --field "Label=Value" ...',
  options: { field: textOption('LABEL=VALUE', M.fieldChange, 'multiple') },
  positionals: ['recordId'],
  async run(ctx) {
    const fields = parseFields(ctx.values.field as string[] | undefined);
    const e = await (await ctx.core()).call('updateEmployee', { recordId: ctx.positionals[0], fields });
    return { json: e, text: `${ctx.words.say(M.updated, { id: e.recordId })}\n\n${describeEmployee(e, ctx.words)}` };
  },
};
