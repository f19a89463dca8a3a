/**
 * The week (the service's logs of the week, made here or elsewhere, merged with this device's outbox) and its
 * submission for approval (spec 4.1 createtimesheet with sendforApproval=true, or modifytimesheet to resubmit a
 * rejected week). Each log says where it came from (FROM: this device, or elsewhere: the service's web page, its
 * phone app, another computer); a service that does not list logs is said (logs made elsewhere may be missing).
 */
import { defineMessage } from '../../shared/i18n/messages';
import type { WeekView } from '../../shared/domain';
import { EXIT, type Command } from '../command';
import { localDay, parseDay, str } from '../input';
import { formatTable } from '../table';
import { approvalWords, minutesToHhmm, syncWords } from '../words';
import { shownLogId } from './find-log';
import { weekLabel } from '../../shared/time/week';
import { pendingWithRejectionsWords } from '../../shared/team/approval';
import { durationWords, plainDate, plainMoment, plainWeekday } from '../../shared/words';
import { blockerTexts, logMessage } from '../../shared/said-words';
import { englishWording } from '../../shared/i18n/english';
import type { Wording } from '../../shared/i18n/messages';

export function describeWeek(w: WeekView, words: Wording = englishWording()): string {
  const lines: string[] = [];
  const sheet = w.timesheet
    ? `timesheet ${w.timesheet.recordId}: ${approvalWords(w.timesheet.status)}${w.timesheet.comments ? `; comments: "${w.timesheet.comments}"` : ''}`
    : 'not submitted';
  // days as people read them; `--json` keeps the wire's days for scripts
  lines.push(`Week of ${weekLabel(w.weekStart)} (${sheet})${w.locked ? ', locked' : ''}`);
  if (!w.fresh) lines.push(copyWords(w));
  const rejected = w.logs.filter((l) => l.approvalStatus === 'rejected').length;
  // the manager rejected some logs of a week that still waits: what happens next, not only "rejected"
  if (w.timesheet?.status === 'pending' && rejected > 0) lines.push(pendingWithRejectionsWords(rejected));
  if (w.onlyTimesheetLogs) {
    lines.push(
      'This service does not list logs on their own: logs made on its web page or phone app show here only once the week is submitted, and the daily maximum is checked without them.',
    );
  }
  lines.push(
    '',
    formatTable(
      [{ header: 'DAY' }, { header: 'TOTAL', align: 'right' }, { header: 'BILLABLE', align: 'right' }],
      w.days.map((d) => [plainDate(d.date), minutesToHhmm(d.totalMinutes), minutesToHhmm(d.billableMinutes)]),
    ),
  );
  lines.push(`Total ${w.totalHours} (billable ${w.billableHours}, non-billable ${w.nonBillableHours})`, '');
  if (w.logs.length === 0) lines.push('No time logged this week.');
  else {
    // within 100 columns: the day once per day and by its weekday alone (the week is said above), the short id, the
    // log's approval only where it differs from the timesheet's (said above), descriptions cut to what is left
    // (whole in `--json`). A log from the service shows the service's id (./find-log.ts shownLogId).
    // no timesheet yet: its logs are drafts, which the header's "not submitted" already says
    const sheetStatus = w.timesheet?.status ?? 'draft';
    const logs = [...w.logs].sort((a, b) => a.workDate.localeCompare(b.workDate));
    lines.push(
      formatTable(
        [
          { header: 'DAY' },
          { header: 'ID' },
          { header: 'JOB', max: 24 },
          { header: 'HOURS', align: 'right' },
          { header: 'BILLABLE' },
          { header: 'STATE' },
          { header: 'FROM' },
          { header: 'DESCRIPTION', shrink: true },
        ],
        logs.map((l, i) => [
          i > 0 && logs[i - 1].workDate === l.workDate ? '' : plainWeekday(l.workDate),
          shownLogId(l),
          l.jobName,
          l.hours,
          l.billingStatus === 'Non Billable' ? 'no' : 'yes',
          [syncWords(l.sync), l.approvalStatus && l.approvalStatus !== sheetStatus ? approvalWords(l.approvalStatus) : '']
            .filter(Boolean)
            .join(', '),
          l.elsewhere ? 'elsewhere' : 'this device',
          l.description,
        ]),
        [],
        { maxWidth: 100 },
      ),
    );
    // Messages are long sentences: below the table, so the table stays readable.
    for (const l of w.logs.filter((x) => x.message)) lines.push(`  ${shownLogId(l)}: ${logMessage(words, l)}`);
  }
  return lines.join('\n');
}

/**
 * What an offline week is shown from: the copy read from the service, and how old it is (`punch week` answers from
 * the service when it answers, so a copy is shown only when it does not).
 */
export function copyWords(w: Pick<WeekView, 'readAt'>, now: number = Date.now()): string {
  const at = w.readAt ? Date.parse(w.readAt) : NaN;
  if (Number.isNaN(at))
    return 'Offline: the service cannot be reached, and this week was never read from it: shown from what this device logged.';
  return `Offline: the service cannot be reached; shown from the copy read from it ${plainMoment(at, now)} (${durationWords(now - at)} ago), with what this device logged since. The service may hold more.`;
}

/** Monday of the week holding `date` (weeks start on Monday, as in the app). */
export function mondayOf(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const day = new Date(y, m - 1, d);
  day.setDate(day.getDate() - ((day.getDay() + 6) % 7));
  return localDay(day.getTime());
}

export const weekCommand: Command = {
  name: 'week',
  summary: defineMessage({
    id: 'cli.week.summary',
    defaultMessage: 'show a week: hours per day, each entry with its sync state, the timesheet status',
  }),
  usage: 'week [--date DATE]',
  options: { date: { type: 'string', value: 'DATE', help: 'any day of the week (default today)' } },
  details: [
    'Reads the week from the service now (logs made on its web page or phone app included); only when the service',
    'cannot be reached, the copy read last, saying how old it is. --json: "fresh" is true when read now, "readAt" says when.',
  ],
  async run(ctx) {
    const date = str(ctx.values, 'date') ? parseDay('date', str(ctx.values, 'date')!) : localDay(Date.now());
    // read now when the service answers (`fresh` then means read now, `readAt` says when); the copy only offline
    const w = await (await ctx.core()).call('getWeek', { date, look: 'now' });
    return { json: w, text: describeWeek(w, ctx.words) };
  },
};

export const submitCommand: Command = {
  name: 'submit',
  summary: defineMessage({ id: 'cli.submit.summary', defaultMessage: 'submit a week for approval (or resubmit a rejected one)' }),
  usage: 'submit [--week-of DATE]',
  options: { 'week-of': { type: 'string', value: 'DATE', help: 'any day of the week to submit (default: this week)' } },
  async run(ctx) {
    const day = str(ctx.values, 'week-of') ? parseDay('week-of', str(ctx.values, 'week-of')!) : localDay(Date.now());
    const weekStart = mondayOf(day);
    const core = await ctx.core();
    const preview = await core.call('previewSubmit', { weekStart });
    if (preview.blockers.length || preview.action === 'none') {
      const why = preview.blockers.length ? blockerTexts(ctx.words, preview) : ['there is nothing to submit for this week'];
      return {
        // the service cannot be reached: a failure of the network (2); the other blockers are the user's to fix (1)
        json: { submitted: false, preview },
        text: '',
        exitCode: preview.unreachable ? EXIT.serviceFailed : EXIT.badInput,
        problem: `the week of ${weekLabel(weekStart)} cannot be submitted now:\n  ${why.join('\n  ')}`,
        hint: `See the week with \`punch week --date ${weekStart}\` and the outbox with \`punch outbox\`.`,
      };
    }
    if (preview.daysWithoutHours.length) ctx.note(`Note: no hours on ${preview.daysWithoutHours.map((d) => plainDate(d)).join(', ')}.`);
    const week = await core.call('submitWeek', { weekStart });
    // only a week the manager sent back is resubmitted; a draft timesheet sent for the first time is just submitted
    const verb = preview.previousStatus === 'rejected' ? 'Resubmitted' : 'Submitted';
    const status = week.timesheet ? approvalWords(week.timesheet.status) : 'submitted';
    return {
      json: { submitted: true, preview, week },
      text: `${verb} the week of ${weekLabel(weekStart)} (${preview.totalHours}): ${status}.\n\n${describeWeek(week, ctx.words)}`,
    };
  },
};
