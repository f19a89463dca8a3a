/**
 * Manager and payroll commands (spec 4.1, 4.3): list the team's timesheets, read one, approve or reject it (whole,
 * per time log, or at all levels), delete one, and run the payroll report.
 */
import { defineMessage } from '../../shared/i18n/messages';
import { writeFileSync } from 'node:fs';
import { format } from 'date-fns';
import { COMMENT_NEEDED, commentMissing, MAX_BATCH } from '../../shared/team/approval';
import type { DecisionOutcome, PayrollRecord, Roles, Timesheet, TimesheetDetail } from '../../shared/domain';
import {
  currencyNote,
  decimalHours,
  formatAmount,
  formatCents,
  NOT_NAMED,
  payrollCsv,
  payrollOrder,
  payrollTotals,
  rowEmployee,
} from '../../shared/team/payroll';
import { monthPreset, nameBeyondPeriod, showPeriod } from '../../shared/time/period';
import { type Command, EXIT, type OptionValues, textOption, flagOption } from '../command';
import { UsageError } from '../failure';
import { localDay, parseChoice, parseDay, parseLogDecisions, required, str } from '../input';
import { formatPairs, formatTable } from '../table';
import { weekFlags } from '../../shared/team/week-flags';
import { approvalWords, billingWords, count } from '../words';
import { plainDate } from '../../shared/words';
import { decisionReason, estimateText } from '../../shared/said-words';
import { englishWording } from '../../shared/i18n/english';
import type { Wording } from '../../shared/i18n/messages';

const STATUSES = ['all', 'draft', 'pending', 'approved', 'rejected'] as const;

/** A timesheet's state in words: "partly approved" when its logs are mixed, whatever the service's status says. */
const sheetState = (t: Timesheet) => (t.partlyApproved ? 'partly approved' : approvalWords(t.status));

/**
 * Whose it is: the name or email the service (or, where its list names nobody, the timesheet's detail) gave, else the
 * timesheet's own name when it says more than its period, else that the service does not say.
 */
const whose = (t: Timesheet): string =>
  t.employeeName ?? t.employeeEmail ?? nameBeyondPeriod(t.timesheetName) ?? 'not named by the service';

export const timesheetsCommand: Command = {
  name: 'timesheets',
  summary: defineMessage({
    id: 'cli.timesheets.summary',
    defaultMessage: "list timesheets (by default: your team's pending ones of the last 8 weeks)",
  }),
  usage: 'timesheets [--user USER|all] [--status all|draft|pending|approved|rejected] [--from DATE] [--to DATE]',
  options: {
    user: textOption('USER', 'whose timesheets: an email, employee id or record id, or all (default: all you may see)'),
    status: textOption('STATUS', 'all, draft, pending (default), approved or rejected'),
    from: textOption('DATE', 'first day (YYYY-MM-DD, today, yesterday)'),
    to: textOption('DATE', 'last day'),
  },
  details: [
    'Here --user is the filter; say who you are with PUNCH_USER or --user before the command word.',
    'Your own timesheets are not on the team list: nobody approves their own.',
  ],
  async run(ctx) {
    const v = ctx.values;
    const input = {
      ...(str(v, 'status') ? { status: parseChoice('status', str(v, 'status')!, STATUSES) } : {}),
      ...(str(v, 'user') ? { user: str(v, 'user')! } : {}),
      ...(str(v, 'from') ? { from: parseDay('from', str(v, 'from')!) } : {}),
      ...(str(v, 'to') ? { to: parseDay('to', str(v, 'to')!) } : {}),
    };
    const sheets = await (await ctx.core()).call('listTeamTimesheets', input);
    return { json: sheets, text: describeTimesheets(sheets) };
  },
};

/**
 * The list for people, within 100 columns: whose (`whose`: the name, the email, or the timesheet's own name), the period in
 * words, hours and state; then the weeks worth a look before approving (shared/team/week-flags.ts), under the table.
 */
export function describeTimesheets(sheets: Timesheet[]): string {
  if (sheets.length === 0) return 'No timesheets match.';
  const year = new Date().getFullYear();
  const table = formatTable(
    [
      { header: 'ID' },
      { header: 'EMPLOYEE', max: 24 },
      { header: 'PERIOD' },
      { header: 'TOTAL', align: 'right' },
      { header: 'BILLABLE', align: 'right' },
      { header: 'STATUS' },
    ],
    sheets.map((t) => [t.recordId, whose(t), showPeriod(t.fromDate, t.toDate, year), t.totalHours, t.billableHours, sheetState(t)]),
  );
  const flagged = sheets
    .filter((t) => t.status === 'pending')
    .map((t) => ({ t, flags: weekFlags(t, year) }))
    .filter((f) => f.flags.length > 0);
  const notes =
    flagged.length === 0
      ? []
      : [
          '',
          'Worth a look before approving:',
          ...flagged.map(
            ({ t, flags }) =>
              `  ${whose(t)}, ${showPeriod(t.fromDate, t.toDate, year)} (${t.recordId}): ${flags.map((f) => f.words).join('; ')}`,
          ),
        ];
  return [table, count(sheets.length, 'timesheet', 'timesheets'), ...notes].join('\n');
}

export function describeTimesheet(t: TimesheetDetail): string {
  const head = formatPairs([
    ['Timesheet', `${t.timesheetName} (${t.recordId})`],
    ['Employee', [t.employeeName, t.employeeEmail && `<${t.employeeEmail}>`].filter(Boolean).join(' ')],
    ['Period', `${plainDate(t.fromDate, { year: true })} to ${plainDate(t.toDate, { year: true })}`],
    ['Status', sheetState(t)],
    ['Comments', t.comments],
    ['Total', `${t.totalHours} (billable ${t.billableHours})`],
    [
      'Worth a look',
      weekFlags(t, new Date().getFullYear())
        .map((f) => f.words)
        .join('; '),
    ],
  ]);
  if (t.timeLogs.length === 0) return `${head}\n\nNo time logs.`;
  // within 100 columns: descriptions cut to what is left (whole in --json)
  const logs = formatTable(
    [
      { header: 'TIME LOG' },
      { header: 'DATE' },
      { header: 'JOB', max: 24 },
      { header: 'HOURS', align: 'right' },
      { header: 'BILLING' },
      { header: 'APPROVAL' },
      { header: 'DESCRIPTION', shrink: true },
    ],
    // under the APPROVAL heading a log's state needs no "approval" after it ("pending", not "pending approval")
    t.timeLogs.map((l) => [
      l.timeLogId,
      plainDate(l.workDate),
      l.jobName,
      l.hours,
      billingWords(l.billingStatus),
      l.approvalStatus ?? '',
      l.description,
    ]),
    [],
    { maxWidth: 100 },
  );
  return `${head}\n\n${logs}`;
}

export const timesheetCommand: Command = {
  name: 'timesheet',
  summary: defineMessage({ id: 'cli.timesheet.summary', defaultMessage: 'show one timesheet with its time logs' }),
  usage: 'timesheet <id>',
  options: {},
  positionals: ['id'],
  async run(ctx) {
    const detail = await (await ctx.core()).call('getTimesheet', { id: ctx.positionals[0] });
    return { json: detail, text: describeTimesheet(detail) };
  },
};

/** "Liam Chen: approved" / "412...: not decided: <why>", one line per timesheet of `approve <id> <id> ...`. */
function describeOutcomes(outcomes: DecisionOutcome[], w: Wording = englishWording()): string {
  const lines = outcomes.map((o) =>
    o.ok
      ? `${o.timesheet.fromDate ? `${whose(o.timesheet)}, ${showPeriod(o.timesheet.fromDate, o.timesheet.toDate)}` : `Timesheet ${o.id}`}: now ${sheetState(o.timesheet)}`
      : `${o.id}: not decided. ${decisionReason(w, o)}`,
  );
  const done = outcomes.filter((o) => o.ok).length;
  return `${count(done, 'timesheet', 'timesheets')} of ${outcomes.length} decided.\n${lines.join('\n')}`;
}

export const approveCommand: Command = {
  name: 'approve',
  summary: defineMessage({
    id: 'cli.approve.summary',
    defaultMessage: 'approve or reject timesheets: one whole or per time log, or several at once',
  }),
  usage: 'approve <id>... [--reject] [--comments TEXT] [--all-levels] [--log TIMELOG_ID=approved|rejected ...]',
  options: {
    reject: flagOption('reject instead of approve (needs --comments: say what to fix)'),
    comments: textOption('TEXT', 'a comment for the employee (shown with a rejected week; needed to reject)'),
    'all-levels': flagOption('approve at every approval level at once'),
    log: textOption('ID=DECISION', 'decide single time logs of one timesheet (repeat for each)', 'multiple'),
  },
  positionals: ['id...'],
  details: [
    'Example: punch approve 412345678901234567 --reject --comments "Please split Friday by project"',
    `Several ids decide each in turn (at most ${MAX_BATCH}); the ones that could not be decided are listed with why, and the exit code is 2.`,
    'Your own timesheets cannot be decided: your manager decides them.',
  ],
  async run(ctx) {
    const v = ctx.values;
    const ids = ctx.positionals;
    if (ids.length === 0) throw new UsageError('missing <id>: which timesheet to decide.', `Usage: punch ${approveCommand.usage}`);
    const logs = parseLogDecisions(v.log as string[] | undefined);
    if (logs && ids.length > 1) throw new UsageError('--log decides the time logs of one timesheet: give one id with it.');
    if (ids.length > MAX_BATCH) throw new UsageError(`at most ${MAX_BATCH} timesheets at once (got ${ids.length}).`);
    const decision = v.reject ? ('rejected' as const) : ('approved' as const);
    const comments = str(v, 'comments');
    // The core refuses it too (the contract's schema); said here with the option to use.
    if (commentMissing({ decision, ...(logs ? { logs } : {}), ...(comments !== undefined ? { comments } : {}) })) {
      throw new UsageError(
        `${COMMENT_NEEDED} Add --comments "...".`,
        'Example: punch approve <id> --reject --comments "Please split Friday by project"',
      );
    }
    const core = await ctx.core();
    const common = { decision, ...(comments !== undefined ? { comments } : {}), ...(v['all-levels'] ? { allLevels: true } : {}) };
    if (ids.length > 1) {
      // said before it starts: the service takes about 20 decisions a minute, so 25 take more than one
      const estimate = await core.call('estimateDecisions', { count: ids.length });
      ctx.note(`Deciding ${ids.length} timesheets. ${estimateText(ctx.words, estimate)}`);
      const outcomes = await core.call('decideTimesheets', { ids, ...common });
      const failed = outcomes.filter((o) => !o.ok).length;
      return { json: outcomes, text: describeOutcomes(outcomes, ctx.words), ...(failed ? { exitCode: EXIT.serviceFailed } : {}) };
    }
    const detail = await core.call('decideTimesheet', { id: ids[0], ...common, ...(logs ? { logs } : {}) });
    const what = logs
      ? `${count(Object.keys(logs).length, 'time log', 'time logs')} decided`
      : `${decision === 'approved' ? 'approval' : 'rejection'} recorded`;
    // whose, by name (issue 24), and its id for the next command
    const name = detail.employeeName ?? detail.employeeEmail ?? nameBeyondPeriod(detail.timesheetName);
    const period = showPeriod(detail.fromDate, detail.toDate);
    const which = name ? `${name}'s timesheet for ${period} (${detail.recordId})` : `timesheet ${detail.recordId} (${period})`;
    return { json: detail, text: `${what}; ${which} is now ${sheetState(detail)}.\n\n${describeTimesheet(detail)}` };
  },
};

export const rolesCommand: Command = {
  name: 'roles',
  summary: defineMessage({
    id: 'cli.roles.summary',
    defaultMessage: 'what you may do: approve timesheets of others (Team), run payroll and keep employee records (HR)',
  }),
  usage: 'roles [--refresh]',
  options: { refresh: flagOption('ask the service again now (the answer is kept 12 hours)') },
  async run(ctx) {
    const roles: Roles = await (await ctx.core()).call('getRoles', { ...(ctx.values.refresh ? { refresh: true } : {}) });
    const yes = (b: boolean) => (b ? 'yes' : 'no');
    const text = roles.known
      ? formatPairs([
          ['Approve timesheets', `${yes(roles.approver)} (the Team tab)`],
          ['Payroll and records', `${yes(roles.hr)} (the HR tab)`],
          ['Checked', roles.checkedAt ? format(roles.checkedAt, 'EEE d MMM HH:mm') : ''],
        ])
      : 'Not known yet: the service could not be asked. Try again when online (punch roles --refresh).';
    return { json: roles, text };
  },
};

export const deleteTimesheetCommand: Command = {
  name: 'delete-timesheet',
  summary: defineMessage({ id: 'cli.delete-timesheet.summary', defaultMessage: 'delete a timesheet (its time logs stay, unattached)' }),
  usage: 'delete-timesheet <id>',
  options: {},
  positionals: ['id'],
  async run(ctx) {
    const id = ctx.positionals[0];
    await (await ctx.core()).call('deleteTimesheet', { id });
    return { json: { deleted: true, id }, text: `Deleted timesheet ${id}.` };
  },
};

/** `--from/--to`, or a preset of the app's HR tab (`--this-month`, `--last-month`), exactly one way. */
function payrollPeriod(v: OptionValues): { from: string; to: string } {
  const presets = (['this-month', 'last-month'] as const).filter((p) => v[p]);
  const dates = str(v, 'from') !== undefined || str(v, 'to') !== undefined;
  if (presets.length > 1) throw new UsageError('give --this-month or --last-month, not both.');
  if (presets.length === 1 && dates) throw new UsageError(`give --${presets[0]} or --from and --to, not both.`);
  if (presets.length === 1) return monthPreset(presets[0], localDay(Date.now()));
  if (!dates)
    throw new UsageError('which period? Give --this-month, --last-month, or --from DATE --to DATE.', 'Example: punch payroll --last-month');
  return { from: parseDay('from', required(v, 'from', '2026-11-01')), to: parseDay('to', required(v, 'to', '2026-11-30')) };
}

/** `104:00 (104.00)`: the service's hours and, beside them, decimal hours (what payroll imports take). */
const bothHours = (hhmm: string) => {
  const decimal = decimalHours(hhmm);
  return decimal === hhmm ? hhmm : `${hhmm} (${decimal})`;
};

/**
 * The report for people: by name, rows without hours after them (shared/payroll.ts payrollOrder), hours as HH:MM with
 * decimal hours beside them, and a total row. Emails and employee ids are in `--csv` and `--json`: here the table
 * stays within 100 columns.
 */
export function describePayroll(rows: PayrollRecord[], from: string, to: string): string {
  const period = showPeriod(from, to, new Date().getFullYear());
  if (rows.length === 0) return `Payroll ${period}: no payroll records for that period.`;
  const ordered = payrollOrder(rows);
  const totals = payrollTotals(rows);
  const unnamed = rows.some((r) => !rowEmployee(r).named);
  const notes = [
    unnamed ? `Rows marked "${NOT_NAMED}": the service's rows do not say which employee they are for.` : '',
    currencyNote(rows) ?? '',
  ].filter(Boolean);
  const table = formatTable(
    [
      { header: 'EMPLOYEE' },
      { header: 'REGULAR', align: 'right' },
      { header: 'OVERTIME', align: 'right' },
      { header: 'PAID LEAVE', align: 'right' },
      { header: 'AMOUNT', align: 'right' },
    ],
    ordered.map((r) => [
      rowEmployee(r).label,
      bothHours(r.regularHour),
      bothHours(r.OtHours),
      bothHours(r.paidLeaveHours),
      formatAmount(r),
    ]),
    [
      [
        'Total',
        bothHours(totals.regular),
        bothHours(totals.overtime),
        bothHours(totals.paidLeave),
        totals.amounts.map((a) => formatCents(a.cents, a.code)).join(' + '),
      ],
    ],
  );
  return [`Payroll ${period}: ${count(rows.length, 'employee', 'employees')}. Hours as HH:MM (decimal hours).`, '', table, ...notes].join(
    '\n',
  );
}

export const payrollCommand: Command = {
  name: 'payroll',
  summary: defineMessage({
    id: 'cli.payroll.summary',
    defaultMessage: 'payroll report for a period: regular hours, overtime, paid leave, amounts, with totals',
  }),
  usage: 'payroll (--this-month | --last-month | --from DATE --to DATE) [--user USER|all] [--csv FILE|-]',
  options: {
    'this-month': flagOption('from the 1st of this month to today'),
    'last-month': flagOption('the whole of last month'),
    from: textOption('DATE', 'first day (with --to)'),
    to: textOption('DATE', 'last day (with --from)'),
    user: textOption('USER', 'one employee (email, employee id, record id) or all (default)'),
    csv: textOption('FILE', 'write the report as CSV to FILE (- for standard output), as the app exports it'),
  },
  details: [
    'Rows are by name, those without any hours last. Hours show as HH:MM and as decimal hours; the CSV has both too.',
    'Periods longer than a month are asked for month by month and added up per employee.',
    'Example: punch payroll --last-month --csv payroll.csv',
  ],
  async run(ctx) {
    const v = ctx.values;
    const { from, to } = payrollPeriod(v);
    const csvTo = str(v, 'csv');
    if (csvTo !== undefined && ctx.globals.json) throw new UsageError('give --csv or --json, not both.');
    const rows = await (await ctx.core()).call('payrollReport', { from, to, ...(str(v, 'user') ? { user: str(v, 'user')! } : {}) });
    if (csvTo !== undefined) return writeCsv(csvTo, rows);
    return { json: rows, text: describePayroll(rows, from, to) };
  },
};

/** The app's CSV (src/shared/payroll.ts) to a file, with a UTF-8 byte order mark as the app's download has; `-`: stdout, without. */
function writeCsv(target: string, rows: PayrollRecord[]) {
  const csv = payrollCsv(rows);
  // stdout: the printer adds the last line break itself (RFC 4180 allows the last record without CRLF)
  if (target === '-') return { json: rows, text: csv.replace(/\r\n$/, '') };
  try {
    writeFileSync(target, `\uFEFF${csv}`, 'utf8');
  } catch (e) {
    throw new UsageError(`Could not write ${target}: ${(e as Error).message}. Choose a file in a folder you may write to.`);
  }
  return { json: rows, text: `Wrote ${count(rows.length, 'row', 'rows')} to ${target}.` };
}
