/**
 * What punch says about several logs at once (`copy-week`, `log --days`): a table of every log with its verdict or
 * what became of it, a line that counts them, and the exit status (docs/cli.md "Exit codes": 4 when a log was
 * skipped for a company rule; a log skipped as already copied or already there is not a failure).
 */
import { defineMessages, type Wording } from '../../shared/i18n/messages';
import { sayIt } from '../../shared/i18n/said';
import type { BatchItem, BatchPreview, WeekView } from '../../shared/domain';
import { batchCounts, batchOutcome as outcomeKey } from '../../shared/batch/outcome';
import { EXIT, type CommandResult } from '../command';
import { DEFAULT_WIDTH, formatTable, wrapSentences } from '../table';

const M = defineMessages({
  day: { id: 'cli.batch.column.day', defaultMessage: 'DAY', description: 'Table heading, capitals as every heading of punch.' },
  job: { id: 'cli.batch.column.job', defaultMessage: 'JOB', description: 'Table heading.' },
  hours: { id: 'cli.batch.column.hours', defaultMessage: 'HOURS', description: 'Table heading.' },
  result: { id: 'cli.batch.column.result', defaultMessage: 'RESULT', description: 'Table heading: what became of each log.' },
  outcome: {
    id: 'cli.batch.outcome',
    defaultMessage:
      '{outcome, select, log {to log} synced {synced} queued {queued} needsAttention {needs attention} alreadyCopied {already copied before} alreadyThere {already there (same job, hours and description)} other {skipped}}',
    description: 'What became of one log of several, in a table cell, lower case. "to log": a dry run would log it.',
  },
  skipped: {
    id: 'cli.batch.skipped',
    defaultMessage: 'skipped: {why}',
    description: "{why}: the company's rule it breaks, a sentence.",
  },
  done: {
    id: 'cli.batch.done',
    defaultMessage:
      '{made, plural, =0 {Nothing was logged} one {Logged # log} other {Logged # logs}}{refused, plural, =0 {} other {; # skipped for a rule}}{already, plural, =0 {} other {; # already there}}.',
    description:
      'After logging several logs: how many were logged, skipped for a company rule, already there (copied before, or the same log).',
  },
  dryRun: {
    id: 'cli.batch.dry-run',
    defaultMessage:
      'Dry run: nothing was sent or queued. {made, plural, =0 {Nothing would be logged} one {# log would be logged} other {# logs would be logged}}{refused, plural, =0 {} other {; # would be skipped for a rule}}{already, plural, =0 {} other {; # already there}}.',
  },
  offline: {
    id: 'cli.batch.offline',
    defaultMessage: "The service could not be asked: the company's rules were checked against the weeks as last read on this device.",
  },
  queuedAfter: {
    id: 'cli.batch.queued-after',
    defaultMessage: '{count, plural, one {# log waits} other {# logs wait}} in the outbox; {sync} sends them.',
    description: '{sync}: a command as typed.',
  },
  problem: {
    id: 'cli.batch.problem',
    defaultMessage:
      "{count, plural, one {# log was not logged: it breaks} other {# logs were not logged: they break}} your company's rules (above).",
  },
  rows: {
    id: 'cli.week.rows',
    defaultMessage: 'Rows to fill (copied from another week, no hours yet): {jobs}.',
    description: "{jobs}: the jobs' names, a list. Said under the week by punch week.",
  },
  attention: {
    id: 'cli.batch.attention',
    defaultMessage: '{count, plural, one {# log was} other {# logs were}} refused by the service; see {outbox}.',
    description: '{outbox}: a command as typed.',
  },
});

export interface BatchCounts {
  made: number;
  refused: number;
  already: number;
  queued: number;
  attention: number;
}

export function countItems(items: readonly BatchItem[]): BatchCounts {
  return {
    ...batchCounts(items),
    queued: items.filter((i) => i.state === 'queued').length,
    attention: items.filter((i) => i.state === 'needs-attention').length,
  };
}

function outcomeOf(w: Wording, i: BatchItem): string {
  if (i.verdict === 'refused') return w.say(M.skipped, { why: (i.violations ?? []).map((v) => sayIt(w, v.said, v.message)).join(' ') });
  return w.say(M.outcome, { outcome: outcomeKey(i) });
}

/**
 * The table of logs, day by day, each with its verdict (a preview) or what became of it (after the commit), within
 * `width` columns (the terminal's, else 100).
 */
export function batchTable(w: Wording, items: readonly BatchItem[], width: number = DEFAULT_WIDTH): string {
  return formatTable(
    [
      { header: w.say(M.day) },
      // the job whole, on as many lines as it takes, sharing the room with the RESULT: in 60 columns both read
      { header: w.say(M.job), shrink: true, wrap: true },
      { header: w.say(M.hours), align: 'right' },
      // the reason a log is skipped, whole, on as many lines as it takes: the table stays within the width
      { header: w.say(M.result), shrink: true, wrap: true },
    ],
    items.map((i) => [w.formats.day(i.log.workDate), i.log.jobName, i.log.hours, outcomeOf(w, i)]),
    [],
    { maxWidth: width },
  );
}

/**
 * The lines after the table, the exit status and the problem line: 4 when a log was skipped for a rule, 2 when the
 * service refused a log just made (it waits in the outbox as needs attention), else 0.
 */
export function batchOutcome(
  w: Wording,
  r: BatchPreview,
  dryRun: boolean,
): Pick<CommandResult, 'exitCode' | 'problem'> & { lines: string[] } {
  const c = countItems(r.items);
  const lines = [w.say(dryRun ? M.dryRun : M.done, { made: c.made, refused: c.refused, already: c.already })];
  if (r.offline) lines.push(w.say(M.offline));
  if (!dryRun && c.queued > 0) lines.push(w.say(M.queuedAfter, { count: c.queued, sync: '`punch sync`' }));
  if (!dryRun && c.attention > 0)
    return { lines, exitCode: EXIT.serviceFailed, problem: w.say(M.attention, { count: c.attention, outbox: '`punch outbox`' }) };
  if (c.refused > 0) return { lines, exitCode: EXIT.skippedForRule, problem: w.say(M.problem, { count: c.refused }) };
  return { lines };
}

/** `--json`: the items as the core gives them (English `message` beside each code), with the counts. */
export function batchJson(r: BatchPreview, dryRun: boolean) {
  const c = countItems(r.items);
  return { ...r, dryRun, logged: dryRun ? 0 : c.made, skippedForRule: c.refused, alreadyThere: c.already };
}

/** `punch week`: the rows kept with the week by `copy-week --rows-only`, a line after the week; none: nothing. */
export function keptRowsWords(w: Wording, view: Pick<WeekView, 'rows'>, width: number = DEFAULT_WIDTH): string {
  return view.rows?.length ? `\n${wrapSentences(w.say(M.rows, { jobs: w.formats.list(view.rows.map((r) => r.jobName)) }), width)}` : '';
}
