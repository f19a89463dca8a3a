/**
 * Manager and payroll commands (spec 4.1, 4.3): list the team's timesheets, read one, approve or reject it (whole,
 * per time log, or at all levels), delete one, and run the payroll report.
 */
import type { TimesheetDetail } from '../../shared/domain';
import { type Command, textOption, flagOption } from '../command';
import { parseChoice, parseDay, parseLogDecisions, required, str } from '../input';
import { formatPairs, formatTable } from '../table';
import { approvalWords, billingWords, count } from '../words';
import { plainDate } from '../../shared/words';

const STATUSES = ['all', 'draft', 'pending', 'approved', 'rejected'] as const;

export const timesheetsCommand: Command = {
  name: 'timesheets',
  summary: "list timesheets (by default: your team's pending ones of the last 8 weeks)",
  usage: 'timesheets [--user USER|all] [--status all|draft|pending|approved|rejected] [--from DATE] [--to DATE]',
  options: {
    user: textOption('USER', 'whose timesheets: an email, employee id or record id, or all (default: all you may see)'),
    status: textOption('STATUS', 'all, draft, pending (default), approved or rejected'),
    from: textOption('DATE', 'first day (YYYY-MM-DD, today, yesterday)'),
    to: textOption('DATE', 'last day'),
  },
  details: ['Here --user is the filter; say who you are with PUNCH_USER or --user before the command word.'],
  async run(ctx) {
    const v = ctx.values;
    const input = {
      ...(str(v, 'status') ? { status: parseChoice('status', str(v, 'status')!, STATUSES) } : {}),
      ...(str(v, 'user') ? { user: str(v, 'user')! } : {}),
      ...(str(v, 'from') ? { from: parseDay('from', str(v, 'from')!) } : {}),
      ...(str(v, 'to') ? { to: parseDay('to', str(v, 'to')!) } : {}),
    };
    const sheets = await (await ctx.core()).call('listTeamTimesheets', input);
    const text = sheets.length === 0
      ? 'No timesheets match.'
      : `${formatTable(
        [{ header: 'ID' }, { header: 'EMPLOYEE' }, { header: 'NAME' }, { header: 'FROM' }, { header: 'TO' },
          { header: 'TOTAL', align: 'right' }, { header: 'BILLABLE', align: 'right' }, { header: 'STATUS' }],
        sheets.map((t) => [t.recordId, t.employeeEmail ?? t.employeeName, t.timesheetName, plainDate(t.fromDate, { year: true }), plainDate(t.toDate, { year: true }),
          t.totalHours, t.billableHours, approvalWords(t.status)]),
      )}\n${count(sheets.length, 'timesheet', 'timesheets')}`;
    return { json: sheets, text };
  },
};

export function describeTimesheet(t: TimesheetDetail): string {
  const head = formatPairs([
    ['Timesheet', `${t.timesheetName} (${t.recordId})`],
    ['Employee', [t.employeeName, t.employeeEmail && `<${t.employeeEmail}>`].filter(Boolean).join(' ')],
    ['Period', `${plainDate(t.fromDate, { year: true })} to ${plainDate(t.toDate, { year: true })}`],
    ['Status', approvalWords(t.status)],
    ['Comments', t.comments],
    ['Total', `${t.totalHours} (billable ${t.billableHours})`],
  ]);
  if (t.timeLogs.length === 0) return `${head}\n\nNo time logs.`;
  const logs = formatTable(
    [{ header: 'TIME LOG' }, { header: 'DATE' }, { header: 'JOB' }, { header: 'HOURS', align: 'right' }, { header: 'BILLING' },
      { header: 'APPROVAL' }, { header: 'DESCRIPTION' }],
    t.timeLogs.map((l) => [l.timeLogId, plainDate(l.workDate), l.jobName, l.hours, billingWords(l.billingStatus),
      approvalWords(l.approvalStatus), l.description]),
  );
  return `${head}\n\n${logs}`;
}

export const timesheetCommand: Command = {
  name: 'timesheet',
  summary: 'show one timesheet with its time logs',
  usage: 'timesheet <id>',
  options: {},
  positionals: ['id'],
  async run(ctx) {
    const detail = await (await ctx.core()).call('getTimesheet', { id: ctx.positionals[0] });
    return { json: detail, text: describeTimesheet(detail) };
  },
};

export const approveCommand: Command = {
  name: 'approve',
  summary: 'approve (or with --reject, reject) a timesheet, whole or per time log',
  usage: 'approve <id> [--reject] [--comments TEXT] [--all-levels] [--log TIMELOG_ID=approved|rejected ...]',
  options: {
    reject: flagOption('reject instead of approve'),
    comments: textOption('TEXT', 'a comment for the employee (shown with a rejected week)'),
    'all-levels': flagOption('approve at every approval level at once'),
    log: textOption('ID=DECISION', 'decide single time logs (repeat for each)', 'multiple'),
  },
  positionals: ['id'],
  details: ['Example: punch approve 412345678901234567 --reject --comments "Please split Friday by project"'],
  async run(ctx) {
    const v = ctx.values;
    const logs = parseLogDecisions(v.log as string[] | undefined);
    const decision = v.reject ? 'rejected' as const : 'approved' as const;
    const detail = await (await ctx.core()).call('decideTimesheet', {
      id: ctx.positionals[0],
      decision,
      ...(str(v, 'comments') !== undefined ? { comments: str(v, 'comments') } : {}),
      ...(v['all-levels'] ? { allLevels: true } : {}),
      ...(logs ? { logs } : {}),
    });
    const what = logs ? `${count(Object.keys(logs).length, 'time log', 'time logs')} decided` : `${decision === 'approved' ? 'approval' : 'rejection'} recorded`;
    return { json: detail, text: `${what}; timesheet ${detail.recordId} is now ${approvalWords(detail.status)}.\n\n${describeTimesheet(detail)}` };
  },
};

export const deleteTimesheetCommand: Command = {
  name: 'delete-timesheet',
  summary: 'delete a timesheet (its time logs stay, unattached)',
  usage: 'delete-timesheet <id>',
  options: {},
  positionals: ['id'],
  async run(ctx) {
    const id = ctx.positionals[0];
    await (await ctx.core()).call('deleteTimesheet', { id });
    return { json: { deleted: true, id }, text: `Deleted timesheet ${id}.` };
  },
};

export const payrollCommand: Command = {
  name: 'payroll',
  summary: 'payroll report for a period: regular hours, overtime, paid leave, amounts',
  usage: 'payroll --from DATE --to DATE [--user USER|all]',
  options: {
    from: textOption('DATE', 'first day (required)'),
    to: textOption('DATE', 'last day (required)'),
    user: textOption('USER', 'one employee (email, employee id, record id) or all (default)'),
  },
  details: ['Periods longer than a month are asked for month by month and added up per employee.'],
  async run(ctx) {
    const v = ctx.values;
    const from = parseDay('from', required(v, 'from', '2026-11-01'));
    const to = parseDay('to', required(v, 'to', '2026-11-30'));
    const rows = await (await ctx.core()).call('payrollReport', { from, to, ...(str(v, 'user') ? { user: str(v, 'user')! } : {}) });
    const text = rows.length === 0
      ? 'No payroll records for that period.'
      : formatTable(
        [{ header: 'EMPLOYEE' }, { header: 'EMAIL' }, { header: 'REGULAR', align: 'right' }, { header: 'OVERTIME', align: 'right' },
          { header: 'PAID LEAVE', align: 'right' }, { header: 'AMOUNT', align: 'right' }],
        rows.map((r) => [r.employeeName ?? r.employeeId, r.employeeEmail, r.regularHour, r.OtHours, r.paidLeaveHours,
          [r.totalAmount, r.extra?.currency].filter(Boolean).join(' ')]),
      );
    return { json: rows, text: `Payroll ${from} to ${to}\n${text}` };
  },
};
