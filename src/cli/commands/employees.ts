/**
 * HR commands (spec 4.4): list and search employee records, read one, add one, update one. Fields are written by
 * their display labels (spec 2.7: `First Name`, `Last Name`, `Email`, `Employee ID`).
 */
import { defineMessage } from '../../shared/i18n/messages';
import type { EmployeeRecord } from '../../shared/domain';
import { type Command, textOption } from '../command';
import { UsageError } from '../failure';
import { parseFields, parseModifiedSince, str } from '../input';
import { formatPairs, formatTable } from '../table';
import { count } from '../words';

function describeEmployee(e: EmployeeRecord): string {
  // The service's own keys for the values shown first (EmailID, FirstName, ...) would repeat them; add the others.
  const shown = new Set([e.recordId, e.employeeId, e.firstName, e.lastName, e.email, String(e.modifiedTime ?? '')]);
  const rest = Object.entries(e.fields)
    .filter(([k, v]) => v !== '' && v !== undefined && !shown.has(String(v)) && !/modified/i.test(k))
    .map(([k, v]) => [k, String(v)] as [string, string]);
  return formatPairs([
    ['Record id', e.recordId],
    ['Employee ID', e.employeeId],
    ['Name', `${e.firstName} ${e.lastName}`.trim()],
    ['Email', e.email],
    ...rest,
    ['Modified', e.modifiedTime ? new Date(e.modifiedTime).toISOString() : undefined],
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
    search: textOption('WORDS', 'part of a name, email or employee id, any letter case; every word must match'),
    email: textOption('EMAIL', 'find by email'),
    'employee-id': textOption('ID', 'find by employee id (not the record id)'),
    'modified-since': textOption('MS', 'only records changed after this time (ms since 1970, or YYYY-MM-DD)'),
  },
  details: ['Example: punch employees --search "liam ch" finds Liam Chen; --email and --employee-id ask the service for the exact value.'],
  async run(ctx) {
    const v = ctx.values;
    if (str(v, 'email') && str(v, 'employee-id')) {
      throw new UsageError('give either --email or --employee-id, not both (the service searches one column at a time).');
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
        ? 'No employee records match.'
        : `${formatTable(
            [{ header: 'RECORD ID' }, { header: 'EMPLOYEE ID' }, { header: 'NAME' }, { header: 'EMAIL' }],
            list.map((e) => [e.recordId, e.employeeId, `${e.firstName} ${e.lastName}`.trim(), e.email]),
          )}\n${count(list.length, 'employee', 'employees')}`;
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
    return { json: e, text: describeEmployee(e) };
  },
};

export const employeeAddCommand: Command = {
  name: 'employee add',
  summary: defineMessage({ id: 'cli.employee-add.summary', defaultMessage: 'add an employee record' }),
  usage: 'employee add --field "Label=Value" ...',
  options: { field: textOption('LABEL=VALUE', 'a field by its label (repeat for each)', 'multiple') },
  details: [
    'The service requires First Name, Last Name, Email and Employee ID.',
    'Example: punch employee add --field "First Name=Ada" --field "Last Name=Lovelace" --field "Email=ada@example.com" --field "Employee ID=E-100"',
  ],
  async run(ctx) {
    const fields = parseFields(ctx.values.field as string[] | undefined);
    const e = await (await ctx.core()).call('addEmployee', { fields });
    return { json: e, text: `Added employee record ${e.recordId}.\n\n${describeEmployee(e)}` };
  },
};

export const employeeUpdateCommand: Command = {
  name: 'employee update',
  summary: defineMessage({ id: 'cli.employee-update.summary', defaultMessage: 'change fields of an employee record' }),
  usage: 'employee update <recordId> --field "Label=Value" ...',
  options: { field: textOption('LABEL=VALUE', 'a field to change (repeat for each)', 'multiple') },
  positionals: ['recordId'],
  async run(ctx) {
    const fields = parseFields(ctx.values.field as string[] | undefined);
    const e = await (await ctx.core()).call('updateEmployee', { recordId: ctx.positionals[0], fields });
    return { json: e, text: `Updated employee record ${e.recordId}.\n\n${describeEmployee(e)}` };
  },
};
