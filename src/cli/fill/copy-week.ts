/**
 * `punch copy-week`: another week's logs into a week, through the core's one batch path
 * (src/core/copy-week.ts): a preview of every log with the rules' verdict, then only what passes is queued, each
 * once; a log copied before (or the same log already there) is skipped, so running it again makes nothing twice.
 * `--dry-run` stops after the preview: nothing is sent or queued. `--rows-only` keeps the jobs as empty rows of the
 * week (shown by `punch week` and the app) instead of copying hours.
 */
import { defineMessage, defineMessages } from '../../shared/i18n/messages';
import { addDays, weekStartOf } from '../../shared/time/week';
import type { CopyWeekPreview } from '../../shared/domain';
import { flagOption, textOption, type Command } from '../command';
import { parseDay, str, userToday } from '../input';
import { batchJson, batchOutcome, batchTable } from './batch-words';
import { wrapSentences } from '../table';

const M = defineMessages({
  from: {
    id: 'cli.copy-week.option.from',
    defaultMessage: 'a day of the week to copy: YYYY-MM-DD, today or yesterday (default: a day of last week)',
  },
  to: { id: 'cli.copy-week.option.to', defaultMessage: 'a day of the week to copy into (default: today, this week)' },
  rowsOnly: {
    id: 'cli.copy-week.option.rows-only',
    defaultMessage: 'copy only the jobs, as empty rows of the week to fill (no hours are logged)',
  },
  dryRun: { id: 'cli.copy-week.option.dry-run', defaultMessage: 'show what would be logged and skipped; send and queue nothing' },
  title: {
    id: 'cli.copy-week.title',
    defaultMessage: 'Copy the week of {from} into the week of {to}:',
    description: '{from}, {to}: weeks as their first and last day.',
  },
  empty: { id: 'cli.copy-week.empty', defaultMessage: 'The week of {from} has no logs to copy.' },
  rows: {
    id: 'cli.copy-week.rows',
    defaultMessage:
      '{count, plural, =0 {No rows to add: the week of {to} has a row for every job of the week of {from}.} one {{dryRun, select, yes {Would keep} other {Kept}} # row to fill in the week of {to}: {jobs}.} other {{dryRun, select, yes {Would keep} other {Kept}} # rows to fill in the week of {to}: {jobs}.}}',
    description: "{jobs}: the jobs' names, a list. Rows are jobs shown without hours in the week, to be filled.",
  },
});

export const copyWeekCommand: Command = {
  name: 'copy-week',
  summary: defineMessage({
    id: 'cli.copy-week.summary',
    defaultMessage: "copy another week's logs (or only its jobs) into a week, checked by your company's rules first",
  }),
  usage: 'copy-week [--from DATE] [--to DATE] [--rows-only] [--dry-run]',
  options: {
    from: textOption('DATE', M.from),
    to: textOption('DATE', M.to),
    'rows-only': flagOption(M.rowsOnly),
    'dry-run': flagOption(M.dryRun),
  },
  async run(ctx) {
    const v = ctx.values;
    const today = userToday();
    const from = str(v, 'from') ? parseDay('from', str(v, 'from')!) : addDays(today, -7);
    const to = str(v, 'to') ? parseDay('to', str(v, 'to')!) : today;
    const dryRun = v['dry-run'] === true;
    const input = { from, to, ...(v['rows-only'] === true ? { rowsOnly: true } : {}) };
    const core = await ctx.core();
    const r: CopyWeekPreview = dryRun ? await core.call('previewCopyWeek', input) : await core.call('copyWeek', input);
    const w = ctx.words;
    const weeks = { from: w.formats.week(weekStartOf(r.fromWeek)), to: w.formats.week(weekStartOf(r.toWeek)) };
    // the sentences and the table within the terminal's width (100 columns when it is not known)
    const said = (...sentences: string[]) => wrapSentences(sentences.join('\n'), ctx.width);
    const title = said(w.say(M.title, weeks));
    if (r.rowsOnly) {
      const jobs = w.formats.list(r.rows.map((row) => row.jobName));
      return {
        json: { ...r, dryRun },
        text: `${title}\n${said(w.say(M.rows, { ...weeks, count: r.rows.length, jobs, dryRun: dryRun ? 'yes' : 'no' }))}`,
      };
    }
    if (r.sourceLogs === 0) return { json: batchJson(r, dryRun), text: `${title}\n${said(w.say(M.empty, weeks))}` };
    const out = batchOutcome(w, r, dryRun);
    return {
      json: batchJson(r, dryRun),
      text: [title, '', batchTable(w, r.items, ctx.width), '', said(...out.lines)].join('\n'),
      ...(out.exitCode !== undefined ? { exitCode: out.exitCode } : {}),
      ...(out.problem ? { problem: out.problem } : {}),
    };
  },
};
