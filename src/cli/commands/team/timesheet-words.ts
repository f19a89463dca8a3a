/**
 * What the manager's commands say about timesheets (`timesheets`, `timesheet`, `approve`): whose, the period, the
 * state, the weeks worth a look, in the user's words and the region's dates.
 */
import { defineMessages, type Wording } from '../../../shared/i18n/messages';
import type { Timesheet, TimesheetDetail } from '../../../shared/domain';
import { nameBeyondPeriod } from '../../../shared/time/period';
import {
  EXPECTED_MINUTES_PER_DAY,
  OVER_SHARE,
  UNDER_SHARE,
  weekFlags,
  workingDays,
  type FlaggableWeek,
} from '../../../shared/team/week-flags';
import { parseHhmm, toHhmm } from '../../../shared/time/hours';
import { columns, WRAPS } from '../../columns';
import { DEFAULT_WIDTH, formatPairs, formatTable, wrapSentences } from '../../table';
import { approvalShortWords, approvalWords, billingWords, dayWords, periodWords } from '../../words';

const M = defineMessages({
  notNamed: {
    id: 'cli.team.not-named',
    defaultMessage: 'not named by the service',
    description: 'Whose a timesheet is, when the service does not say.',
  },
  none: { id: 'cli.timesheets.none', defaultMessage: 'No timesheets match.' },
  count: {
    id: 'cli.timesheets.count',
    defaultMessage: '{count, plural, one {# timesheet} other {# timesheets}}',
    description: 'Under the list.',
  },
  worthALook: {
    id: 'cli.timesheets.worth-a-look',
    defaultMessage: 'Worth a look before approving:',
    description: 'Followed by the pending weeks with unusual hours (over or under a working week, days without hours).',
  },
  flagged: {
    id: 'cli.timesheets.flagged',
    defaultMessage: '{whose}, {period} ({id}): {flags}',
    description: "{whose}: a name; {period}: its days; {id}: the timesheet's id; {flags}: what stands out.",
  },
  sheet: { id: 'cli.timesheet.timesheet', defaultMessage: 'Timesheet', description: 'A label (glossary: timesheet).' },
  sheetValue: {
    id: 'cli.timesheet.timesheet.value',
    defaultMessage: '{name} ({id})',
    description: "The timesheet's name as the service gives it, and its id.",
  },
  employee: { id: 'cli.timesheet.employee', defaultMessage: 'Employee' },
  period: { id: 'cli.timesheet.period', defaultMessage: 'Period' },
  periodValue: { id: 'cli.timesheet.period.value', defaultMessage: '{from} to {to}', description: 'Two days with their years.' },
  status: { id: 'cli.timesheet.status', defaultMessage: 'Status' },
  comments: { id: 'cli.timesheet.comments', defaultMessage: 'Comments', description: "The manager's comments on the last decision." },
  total: { id: 'cli.timesheet.total', defaultMessage: 'Total' },
  totalValue: { id: 'cli.timesheet.total.value', defaultMessage: '{total} (billable {billable})', description: 'Hours as HH:MM.' },
  lookAt: {
    id: 'cli.timesheet.worth-a-look',
    defaultMessage: 'Worth a look',
    description: 'A label: what stands out in the week (unusual hours).',
  },
  noLogs: { id: 'cli.timesheet.no-logs', defaultMessage: 'No time logs.' },
});

/** A week's flags (src/shared/team/week-flags.ts finds them), worded here from their values. */
const F = defineMessages({
  over: {
    id: 'cli.timesheets.flag.over',
    defaultMessage: '{total}, more than {limit}',
    description: 'A week well over a working week: {total} its hours (HH:MM), {limit} the threshold, also HH:MM ("42:00").',
  },
  under: {
    id: 'cli.timesheets.flag.under',
    defaultMessage: '{total}, less than {limit}',
    description: 'A week well under a working week: {total} its hours (HH:MM), {limit} the threshold, also HH:MM ("32:00").',
  },
  empty: {
    id: 'cli.timesheets.flag.empty-days',
    defaultMessage: 'no hours on {days}',
    description: '{days}: working days, joined as a list.',
  },
});

/** A timesheet's state in words: "partly approved" when its logs are mixed, whatever the service's status says. */
export const sheetState = (t: Timesheet, w: Wording) => approvalWords(t.partlyApproved ? 'partly' : t.status, w);

/**
 * Whose it is: the name or email the service (or, where its list names nobody, the timesheet's detail) gave, else the
 * timesheet's own name when it says more than its period, else that the service does not say.
 */
export const whose = (t: Timesheet, w: Wording): string =>
  t.employeeName ?? t.employeeEmail ?? nameBeyondPeriod(t.timesheetName) ?? w.say(M.notNamed);

const minutesOf = (hhmm: string) => {
  try {
    return parseHhmm(hhmm);
  } catch {
    return null;
  }
};

/**
 * What makes a week worth a look (src/shared/team/week-flags.ts decides, with its thresholds), in the user's words: the
 * total against the same threshold, the working days without hours.
 */
function flagsOf(t: FlaggableWeek, year: number, w: Wording): string {
  const days = workingDays(t.fromDate, t.toDate);
  const total = minutesOf(t.totalHours);
  return weekFlags(t, year)
    .map((f) => {
      if (f.kind === 'empty-days') {
        const worked = new Set((t.timeLogs ?? []).filter((l) => (minutesOf(l.hours) ?? 0) > 0).map((l) => l.workDate));
        const empty = days.filter((d) => !worked.has(d)).map((d) => dayWords(w, d, { year: Number(d.slice(0, 4)) !== year }));
        return w.say(F.empty, { days: w.formats.list(empty) });
      }
      const limit = Math.round(days.length * EXPECTED_MINUTES_PER_DAY * (f.kind === 'over' ? OVER_SHARE : UNDER_SHARE));
      return w.say(f.kind === 'over' ? F.over : F.under, {
        total: total === null ? t.totalHours : toHhmm(total),
        limit: toHhmm(limit),
      });
    })
    .join('; ');
}

/**
 * The list for people, within 100 columns: whose (`whose`: the name, the email, or the timesheet's own name), the period in
 * words, hours and state; then the weeks worth a look before approving (shared/team/week-flags.ts), under the table.
 */
export function describeTimesheets(sheets: Timesheet[], w: Wording, width: number = DEFAULT_WIDTH): string {
  if (sheets.length === 0) return w.say(M.none);
  const year = new Date().getFullYear();
  const table = formatTable(
    columns(w, ['id', ['employee', { max: 24 }], 'period', ['total', { align: 'right' }], ['billable', { align: 'right' }], 'status']),
    sheets.map((t) => [
      t.recordId,
      whose(t, w),
      periodWords(w, t.fromDate, t.toDate, year),
      t.totalHours,
      t.billableHours,
      sheetState(t, w),
    ]),
    [],
    { maxWidth: width },
  );
  const flagged = sheets.filter((t) => t.status === 'pending' && weekFlags(t, year).length > 0);
  const notes = flagged.length
    ? [
        '',
        w.say(M.worthALook),
        ...flagged.map(
          (t) =>
            `  ${w.say(M.flagged, { whose: whose(t, w), period: periodWords(w, t.fromDate, t.toDate, year), id: t.recordId, flags: flagsOf(t, year, w) })}`,
        ),
      ]
    : [];
  return [table, wrapSentences([w.say(M.count, { count: sheets.length }), ...notes].join('\n'), width)].join('\n');
}

export function describeTimesheet(t: TimesheetDetail, w: Wording, width: number = DEFAULT_WIDTH): string {
  const head = formatPairs(
    [
      [w.say(M.sheet), w.say(M.sheetValue, { name: t.timesheetName, id: t.recordId })],
      [w.say(M.employee), [t.employeeName, t.employeeEmail && `<${t.employeeEmail}>`].filter(Boolean).join(' ')],
      [w.say(M.period), w.say(M.periodValue, { from: dayWords(w, t.fromDate, { year: true }), to: dayWords(w, t.toDate, { year: true }) })],
      [w.say(M.status), sheetState(t, w)],
      [w.say(M.comments), t.comments],
      [w.say(M.total), w.say(M.totalValue, { total: t.totalHours, billable: t.billableHours })],
      [w.say(M.lookAt), flagsOf(t, new Date().getFullYear(), w)],
    ],
    { maxWidth: width },
  );
  const undated = t.undatedLogs ?? [];
  if (t.timeLogs.length === 0 && undated.length === 0) return `${head}\n\n${w.say(M.noLogs)}`;
  // within `width` (the terminal's, else 100): the job on as many lines as it takes, descriptions cut to what is left (whole in --json)
  const logs = formatTable(
    columns(w, [
      'timeLog',
      'date',
      ['job', WRAPS],
      ['hours', { align: 'right' }],
      'billing',
      'approval',
      ['description', { shrink: true }],
    ]),
    // under the APPROVAL heading a log's state needs no "approval" after it ("pending", not "pending approval")
    // a log whose date the service wrote in no known form: last, its date as it came (src/core/service/wire/normalize-logs.ts)
    [...t.timeLogs, ...undated.map(({ rawWorkDate, ...l }) => ({ ...l, workDate: '', rawWorkDate }))].map((l) => [
      l.timeLogId,
      'rawWorkDate' in l ? `${l.rawWorkDate || '-'} (?)` : dayWords(w, l.workDate),
      l.jobName,
      l.hours,
      billingWords(l.billingStatus, w),
      approvalShortWords(l.approvalStatus, w),
      l.description,
    ]),
    [],
    { maxWidth: width },
  );
  return `${head}\n\n${logs}`;
}
