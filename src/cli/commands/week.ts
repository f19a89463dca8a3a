/**
 * The week (the service's logs of the week, made here or elsewhere, merged with this device's outbox) and its
 * submission for approval (spec 4.1 createtimesheet with sendforApproval=true, or modifytimesheet to resubmit a
 * rejected week). Each log says where it came from (FROM: this device, or elsewhere: the service's web page, its
 * phone app, another computer); a service that does not list logs is said (logs made elsewhere may be missing).
 */
import { defineMessage, defineMessages, type Wording } from '../../shared/i18n/messages';
import type { WeekView } from '../../shared/domain';
import { englishWording } from '../../shared/i18n/english';
import { EXIT, type Command } from '../command';
import { columns, WRAPS } from '../columns';
import { localDay, parseDay, str, userToday } from '../input';
import { DEFAULT_WIDTH, formatTable, wrapHanging, wrapSentences } from '../table';
import { approvalWords, dayWords, minutesToHhmm, momentWords, syncWords, weekdayWords, words, yesNo } from '../words';
import { shownLogId } from './find-log';
import { keptRowsWords } from '../fill/batch-words';
import { blockerTexts, logMessage } from '../../shared/said-words';

const M = defineMessages({
  heading: {
    id: 'cli.week.heading',
    defaultMessage:
      'Week of {week} ({sheet, select, none {not submitted} other {timesheet {sheet}: {status}{comments, select, none {} other {; comments: "{comments}"}}}}){locked, select, true {, locked} other {}}',
    description:
      '{week}: its first and last day; {sheet}: the timesheet\'s id; {status}: its approval state ("pending approval"); {comments}: the manager\'s comment.',
  },
  pendingRejections: {
    id: 'cli.week.pending-rejections',
    defaultMessage:
      'Your manager rejected {count, plural, one {# log} other {# logs}} of this week (marked \u2298) and has not decided on the rest yet. Nothing can change while it waits: fix {count, plural, one {it} other {them}} and resubmit when the week comes back to you, or ask your manager to send it back now.',
    description:
      'A week that waits for approval while the manager already rejected some of its time logs (⊘ is the mark of a rejected log).',
  },
  fixedState: {
    id: 'cli.week.fixed-state',
    defaultMessage: 'rejected, fixed',
    description:
      'In the STATE column: a log the manager rejected that the user has changed since (it stays rejected until the week is resubmitted).',
  },
  fixedLeft: {
    id: 'cli.week.fixed',
    defaultMessage:
      '{count, plural, one {# rejected log was changed since the rejection (rejected, fixed): resubmit the week with {submit} to send it for approval; until then the service holds it as rejected.} other {# rejected logs were changed since the rejection (rejected, fixed): resubmit the week with {submit} to send them for approval; until then the service holds them as rejected.}}',
    description: '{submit}: the command, as typed (`punch submit`).',
  },
  onlyTimesheetLogs: {
    id: 'cli.week.only-timesheet-logs',
    defaultMessage:
      'This service does not list logs on their own: logs made on its web page or phone app show here only once the week is submitted, and the daily maximum is checked without them.',
  },
  totals: {
    id: 'cli.week.totals',
    defaultMessage: 'Total {total} (billable {billable}, non-billable {nonBillable})',
    description: 'Hours as HH:MM.',
  },
  empty: { id: 'cli.week.empty', defaultMessage: 'No time logged this week.' },
  from: {
    id: 'cli.week.from',
    defaultMessage: '{elsewhere, select, true {elsewhere} other {this device}}',
    description: "Where a log was made (table column FROM): on this device, or elsewhere (the service's web page, phone app).",
  },
  neverRead: {
    id: 'cli.week.never-read',
    defaultMessage: 'Offline: the service cannot be reached, and this week was never read from it: shown from what this device logged.',
  },
  fromCopy: {
    id: 'cli.week.from-copy',
    defaultMessage:
      'Offline: the service cannot be reached; shown from the copy read from it {at} ({ago} ago), with what this device logged since. The service may hold more.',
    description: '{at}: a day and time; {ago}: how long ago, as a duration ("5 min", "1 hr, 7 min").',
  },
  weekOf: { id: 'cli.submit.option.week-of', defaultMessage: 'any day of the week to submit (default: this week)' },
  nothing: { id: 'cli.submit.nothing', defaultMessage: 'there is nothing to submit for this week' },
  cannot: {
    id: 'cli.submit.cannot',
    defaultMessage: 'the week of {week} cannot be submitted now:',
    description: 'Followed by one line per reason.',
  },
  seeWeek: {
    id: 'cli.submit.see-week',
    defaultMessage: 'See the week with {week} and the outbox with {outbox}.',
    description: 'Commands as typed.',
  },
  noHours: { id: 'cli.submit.no-hours', defaultMessage: 'Note: no hours on {days}.', description: '{days}: days joined as a list.' },
  submitted: {
    id: 'cli.submit.submitted',
    defaultMessage: '{again, select, true {Resubmitted} other {Submitted}} the week of {week} ({hours}): {status}.',
    description: '"Resubmitted" only for a week the manager had rejected; {hours}: HH:MM; {status}: its state now ("pending approval").',
  },
  dateOption: { id: 'cli.week.option.date', defaultMessage: 'any day of the week (default today)' },
  details: {
    id: 'cli.week.details',
    defaultMessage:
      'Reads the week from the service now (logs made on its web page or phone app included); only when the service\ncannot be reached, the copy read last, saying how old it is. {json}: {fresh} is {true} when read now, {readAt} says when.',
    description:
      '{json} is the option as typed; {fresh} and {readAt} are JSON keys, {true} a JSON value. Break the lines where they read well.',
  },
});

/**
 * The week for people within `width` columns (the terminal's when stdout is one, else 100: ../table.ts DEFAULT_WIDTH):
 * the sentences wrap between words, the table's JOB, STATE and FROM under their columns, its DESCRIPTION is cut.
 */
export function describeWeek(w: WeekView, t: Wording = englishWording(), width: number = DEFAULT_WIDTH): string {
  const lines: string[] = [];
  const said = (text: string) => wrapSentences(text, width);
  // days as people read them; `--json` keeps the wire's days for scripts
  // the heading names the timesheet, its state and the manager's comment: wrapped between words, as the sentences are
  lines.push(
    said(
      t.say(M.heading, {
        week: t.formats.week(w.weekStart),
        sheet: w.timesheet?.recordId ?? 'none',
        status: approvalWords(w.timesheet?.status, t),
        comments: w.timesheet?.comments || 'none',
        locked: String(w.locked),
      }),
    ),
  );
  if (!w.fresh) lines.push(said(copyWords(w, Date.now(), t)));
  const rejected = w.logs.filter((l) => l.approvalStatus === 'rejected').length;
  // the manager rejected some logs of a week that still waits: what happens next, not only "rejected"
  // (the same English as the app's, src/shared/team/approval.ts pendingWithRejectionsWords)
  if (w.timesheet?.status === 'pending' && rejected > 0) lines.push(said(t.say(M.pendingRejections, { count: rejected })));
  const fixed = w.logs.filter((l) => l.fixed).length;
  if (w.timesheet?.status === 'rejected' && fixed > 0) lines.push(said(t.say(M.fixedLeft, { count: fixed, submit: '`punch submit`' })));
  if (w.onlyTimesheetLogs) lines.push(said(t.say(M.onlyTimesheetLogs)));
  lines.push(
    '',
    formatTable(
      columns(t, ['day', ['total', { align: 'right' }], ['billable', { align: 'right' }]]),
      w.days.map((d) => [dayWords(t, d.date), minutesToHhmm(d.totalMinutes), minutesToHhmm(d.billableMinutes)]),
      [],
      { maxWidth: width },
    ),
  );
  lines.push(said(t.say(M.totals, { total: w.totalHours, billable: w.billableHours, nonBillable: w.nonBillableHours })), '');
  if (w.logs.length === 0) lines.push(said(t.say(M.empty)));
  else {
    // within `width`: the day once per day and by its weekday alone (the week is said above), the short id, the
    // log's approval only where it differs from the timesheet's (said above), the job on as many lines as it takes,
    // descriptions cut to what is left (whole in `--json`). A log from the service shows the service's id (./find-log.ts shownLogId).
    // no timesheet yet: its logs are drafts, which the header's "not submitted" already says
    const sheetStatus = w.timesheet?.status ?? 'draft';
    const logs = [...w.logs].sort((a, b) => a.workDate.localeCompare(b.workDate));
    lines.push(
      formatTable(
        columns(t, [
          'day',
          'id',
          ['job', WRAPS],
          ['hours', { align: 'right' }],
          'billable',
          // a state and a place are a few words: whole unless a language's words make the row too wide even with the job wrapped
          ['state', { ...WRAPS, keep: true }],
          ['from', { ...WRAPS, keep: true }],
          ['description', { shrink: true }],
        ]),
        logs.map((l, i) => [
          i > 0 && logs[i - 1].workDate === l.workDate ? '' : weekdayWords(t, l.workDate),
          shownLogId(l),
          l.jobName,
          l.hours,
          yesNo(l.billingStatus !== 'Non Billable', t),
          [
            syncWords(l.sync, t),
            l.fixed ? t.say(M.fixedState) : l.approvalStatus && l.approvalStatus !== sheetStatus ? approvalWords(l.approvalStatus, t) : '',
          ]
            .filter(Boolean)
            .join(', '),
          t.say(M.from, { elsewhere: String(l.elsewhere === true) }),
          l.description,
        ]),
        [],
        { maxWidth: width },
      ),
    );
    // Messages are long sentences: below the table, so the table stays readable; each goes on under its own first
    // word, after the entry's id, so the next id stands out
    for (const l of w.logs.filter((x) => x.message)) lines.push(wrapHanging(`  ${shownLogId(l)}: `, logMessage(t, l) ?? '', width));
  }
  return lines.join('\n');
}

/**
 * What an offline week is shown from: the copy read from the service, and how old it is (`punch week` answers from
 * the service when it answers, so a copy is shown only when it does not).
 */
export function copyWords(w: Pick<WeekView, 'readAt'>, now: number = Date.now(), t: Wording = englishWording()): string {
  const at = w.readAt ? Date.parse(w.readAt) : NaN;
  if (Number.isNaN(at)) return t.say(M.neverRead);
  return t.say(M.fromCopy, { at: momentWords(t, at, now), ago: t.formats.durationWords(Math.max(0, Math.floor((now - at) / 60_000))) });
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
  options: { date: { type: 'string', value: 'DATE', help: M.dateOption } },
  details: [words(M.details, { json: '--json', fresh: '"fresh"', readAt: '"readAt"', true: 'true' })],
  async run(ctx) {
    const date = str(ctx.values, 'date') ? parseDay('date', str(ctx.values, 'date')!) : userToday();
    // read now when the service answers (`fresh` then means read now, `readAt` says when); the copy only offline
    const w = await (await ctx.core()).call('getWeek', { date, look: 'now' });
    // rows kept by `copy-week --rows-only` (../fill/copy-week.ts), said after the week
    return { json: w, text: describeWeek(w, ctx.words, ctx.width) + keptRowsWords(ctx.words, w, ctx.width) };
  },
};

export const submitCommand: Command = {
  name: 'submit',
  summary: defineMessage({ id: 'cli.submit.summary', defaultMessage: 'submit a week for approval (or resubmit a rejected one)' }),
  usage: 'submit [--week-of DATE]',
  options: { 'week-of': { type: 'string', value: 'DATE', help: M.weekOf } },
  async run(ctx) {
    const t = ctx.words;
    const day = str(ctx.values, 'week-of') ? parseDay('week-of', str(ctx.values, 'week-of')!) : userToday();
    const weekStart = mondayOf(day);
    const core = await ctx.core();
    const preview = await core.call('previewSubmit', { weekStart });
    if (preview.blockers.length || preview.action === 'none') {
      // the blockers are the core's words, said from their codes
      const why = preview.blockers.length ? blockerTexts(t, preview) : [t.say(M.nothing)];
      return {
        // the service cannot be reached: a failure of the network (2); the other blockers are the user's to fix (1)
        json: { submitted: false, preview },
        text: '',
        exitCode: preview.unreachable ? EXIT.serviceFailed : EXIT.badInput,
        // one blocker an item, going on two columns further in: the next blocker's start stands out
        problem: [t.say(M.cannot, { week: t.formats.week(weekStart) }), ...why.map((b) => wrapSentences(`  ${b}`, ctx.width))].join('\n'),
        hint: t.say(M.seeWeek, { week: `\`punch week --date ${weekStart}\``, outbox: '`punch outbox`' }),
      };
    }
    if (preview.daysWithoutHours.length)
      ctx.note(t.say(M.noHours, { days: t.formats.list(preview.daysWithoutHours.map((d) => dayWords(t, d))) }));
    const week = await core.call('submitWeek', { weekStart });
    // only a week the manager sent back is resubmitted; a draft timesheet sent for the first time is just submitted
    return {
      json: { submitted: true, preview, week },
      text: `${t.say(M.submitted, {
        again: String(preview.previousStatus === 'rejected'),
        week: t.formats.week(weekStart),
        hours: preview.totalHours,
        status: approvalWords(week.timesheet?.status ?? 'submitted', t),
      })}\n\n${describeWeek(week, t, ctx.width)}`,
    };
  },
};
