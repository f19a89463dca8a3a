/**
 * `punch log ... --days`: the same hours on several days, through the core's one batch path
 * (src/core/log-batch.ts): every day checked by the company's rules, the days that pass logged in one change, the
 * others named with the reason; exit 4 when a day was not logged (docs/cli.md "Exit codes").
 *
 * `--days` takes inclusive dates `FROM..TO` (each YYYY-MM-DD, today or yesterday), weekdays of the current week
 * `mon,tue,fri`, or a range of them `mon-fri`. The current week is Monday to Sunday around the user's today (the zone
 * they chose: ../input.ts `userToday`), as `punch week` shows it.
 */
import { defineMessages, type Wording } from '../../shared/i18n/messages';
import { addDays, daysBetween, weekStartOf } from '../../shared/time/week';
import { textOption, type CommandContext, type CommandResult } from '../command';
import { wrapSentences } from '../table';
import { UsageError } from '../failure';
import { parseDay, parseHours, required, str, userToday } from '../input';
import { billingChoice, jobChoice, logTexts } from '../log-fields';
import { batchJson, batchOutcome, batchTable } from './batch-words';

/** The most days one `--days` takes (a month). */
export const MAX_DAYS = 31;
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

const M = defineMessages({
  option: {
    id: 'cli.log.option.days',
    defaultMessage:
      'several days at once: FROM..TO (dates, both included), or weekdays of the current week (Monday to Sunday around today) such as mon,tue,fri or mon-fri',
  },
  bad: {
    id: 'cli.days.bad',
    defaultMessage:
      '--days: "{value}" is not a list of days. Give two dates as FROM..TO (YYYY-MM-DD, today or yesterday), weekdays such as mon,tue,fri, or a range such as mon-fri.',
    description: 'Weekday abbreviations (mon, tue, fri) and the forms are typed as they are in every language.',
  },
  notADate: {
    id: 'cli.days.not-a-date',
    defaultMessage:
      '--days: "{part}" in "{value}" is not a date. FROM..TO takes two dates (YYYY-MM-DD, today or yesterday); weekdays of the current week go as mon,tue,fri, or a range such as mon-fri.',
    description:
      '{part}: one side of FROM..TO as typed. The forms (FROM..TO, YYYY-MM-DD, mon,tue,fri, mon-fri) are typed as they are in every language.',
  },
  weekdayDots: {
    id: 'cli.days.weekday-dots',
    defaultMessage: '--days: "{value}" joins weekdays with "..", which takes dates. A range of weekdays takes a dash: {example}.',
    description: '{example}: the same range as typed with a dash ("mon-fri").',
  },
  order: { id: 'cli.days.order', defaultMessage: '--days: {to} is before {from}. Give the earlier day first.' },
  tooMany: {
    id: 'cli.days.too-many',
    defaultMessage: '--days: at most {max} days at once ({count} given). Log a month at a time.',
  },
  withDate: {
    id: 'cli.days.with-date',
    defaultMessage: 'Give either --date or --days, not both: --days names every day to log.',
  },
  title: {
    id: 'cli.days.title',
    defaultMessage: '{hours} on {count, plural, one {# day} other {# days}}, {job}:',
    description: "{hours}: HH:MM; {job}: the job's name or id as given.",
  },
});

export const DAYS_OPTION = textOption('DAYS', M.option);

/** The days `--days` names, in order, each once. */
export function parseDays(w: Wording, value: string, now: number = Date.now()): string[] {
  const v = value.trim().toLowerCase();
  const bad = () => new UsageError(w.say(M.bad, { value }));
  let days: string[];
  if (v.includes('..')) {
    const [a, b, ...rest] = v.split('..').map((p) => p.trim());
    if (rest.length > 0 || !a || !b) throw bad();
    // a side typed as no date at all is named with the forms --days takes (a date that does not exist says why)
    const dateLike = (p: string) => p === 'today' || p === 'yesterday' || /^\d{4}-\d{2}-\d{2}$/.test(p);
    if (WEEKDAYS.includes(a) && WEEKDAYS.includes(b)) throw new UsageError(w.say(M.weekdayDots, { value, example: `${a}-${b}` }));
    // the side that is neither a date nor a weekday first (mon..zz: zz), else the weekday (mon..2026-11-20: mon)
    const odd = [a, b].find((p) => !dateLike(p) && !WEEKDAYS.includes(p)) ?? [a, b].find((p) => !dateLike(p));
    if (odd !== undefined) throw new UsageError(w.say(M.notADate, { value, part: odd }));
    const [from, to] = [parseDay('days', a, now), parseDay('days', b, now)];
    if (daysBetween(from, to) < 0) throw new UsageError(w.say(M.order, { from: w.formats.day(from), to: w.formats.day(to) }));
    const count = daysBetween(from, to) + 1;
    if (count > MAX_DAYS) throw new UsageError(w.say(M.tooMany, { max: MAX_DAYS, count }));
    days = Array.from({ length: count }, (_, i) => addDays(from, i));
  } else {
    const monday = weekStartOf(userToday(now));
    days = [];
    for (const part of v.split(',').map((p) => p.trim())) {
      const [a, b, ...rest] = part.split('-');
      const [i, j] = [WEEKDAYS.indexOf(a), WEEKDAYS.indexOf(b ?? a)];
      if (rest.length > 0 || i < 0 || j < 0 || j < i) throw bad();
      for (let d = i; d <= j; d++) days.push(addDays(monday, d));
    }
  }
  return [...new Set(days)].sort();
}

/** `punch log` with `--days`: one log per day, through the batch. */
export async function logDays(ctx: CommandContext): Promise<CommandResult> {
  const v = ctx.values;
  const w = ctx.words;
  if (str(v, 'date') !== undefined) throw new UsageError(w.say(M.withDate));
  const days = parseDays(w, str(v, 'days')!);
  const job = jobChoice(v);
  const hours = parseHours(required(v, 'hours', '01:30'));
  const fields = { ...job, hours, ...billingChoice(v), ...logTexts(v) };
  const core = await ctx.core();
  const r = await core.call('logBatch', { logs: days.map((workDate) => ({ ...fields, workDate })) });
  const out = batchOutcome(w, r, false);
  const name = r.items[0]?.log.jobName || ('jobName' in job ? job.jobName : job.jobId);
  // the sentences and the table within the terminal's width (100 columns when it is not known)
  const title = wrapSentences(w.say(M.title, { hours, count: days.length, job: name }), ctx.width);
  const text = [title, '', batchTable(w, r.items, ctx.width), '', wrapSentences(out.lines.join('\n'), ctx.width)].join('\n');
  return {
    json: batchJson(r, false),
    text,
    ...(out.exitCode !== undefined ? { exitCode: out.exitCode } : {}),
    ...(out.problem ? { problem: out.problem } : {}),
  };
}
