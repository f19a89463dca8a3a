/**
 * `punch jobs` and `punch settings`: what time can be logged against, and the company's rules (spec 4.3).
 * Both come from the core's catalog, which caches them so they work offline.
 */
import { defineMessage, defineMessages, type Wording } from '../../shared/i18n/messages';
import type { TrackerSettings } from '../../shared/domain';
import { type Command, type OptionValues, textOption, flagOption } from '../command';
import { columns, WRAPS } from '../columns';
import { UsageError } from '../failure';
import { parseChoice, str } from '../input';
import { formatPairs, formatTable } from '../table';
import { billingWords, jobStatusWords, minutesToHhmm, words } from '../words';

const M = defineMessages({
  refreshJobs: {
    id: 'cli.jobs.option.refresh',
    defaultMessage: 'ask the service now instead of using the list cached in the last 15 minutes',
  },
  refreshSettings: { id: 'cli.settings.option.refresh', defaultMessage: 'ask the service now instead of using the cached settings' },
  status: {
    id: 'cli.jobs.option.status',
    defaultMessage: '{inProgress} (default), {completed} or {all}',
    description: 'The values are typed.',
  },
  assignedTo: {
    id: 'cli.jobs.option.assigned-to',
    defaultMessage: 'jobs assigned to this employee (email or employee id); see the note below',
  },
  offline: { id: 'cli.jobs.details.offline', defaultMessage: 'Offline, the last list fetched is shown.' },
  note: {
    id: 'cli.jobs.details.note',
    defaultMessage: 'Note: the core lists the jobs assigned to you (or all jobs when none are); {option} accepts only you for now.',
    description: '{option}: an option as typed.',
  },
  onlyYou: {
    id: 'cli.jobs.only-you',
    defaultMessage: "{option} can only be you ({me}) for now: the core cannot list another employee's jobs yet.",
    description: '{me}: your email or employee id.',
  },
  withoutOption: {
    id: 'cli.jobs.without-option',
    defaultMessage: 'Run {command} without {option} to see every job you can log against.',
  },
  none: { id: 'cli.jobs.none', defaultMessage: 'No jobs.' },
  count: { id: 'cli.jobs.count', defaultMessage: '{count, plural, one {# job} other {# jobs}}', description: 'Under the job list.' },
});

const S = defineMessages({
  tracker: { id: 'cli.settings.tracker', defaultMessage: 'Time tracker' },
  trackerValue: { id: 'cli.settings.tracker.value', defaultMessage: '{enabled, select, true {enabled} other {disabled}}' },
  logType: {
    id: 'cli.settings.log-type',
    defaultMessage: 'Logging by',
    description: 'How time is logged: by hours, start and end time, or timer.',
  },
  logTypeValue: {
    id: 'cli.settings.log-type.value',
    defaultMessage: '{type, select, hours {hours} startEnd {start and end time} timer {timer} other {{type}}}',
  },
  max: { id: 'cli.settings.max', defaultMessage: 'Maximum per day' },
  future: { id: 'cli.settings.future', defaultMessage: 'Future dates' },
  futureValue: { id: 'cli.settings.future.value', defaultMessage: '{allowed, select, true {allowed} other {not allowed}}' },
  past: { id: 'cli.settings.past', defaultMessage: 'Past days allowed' },
  pastValue: {
    id: 'cli.settings.past.value',
    defaultMessage: '{days, select, none {no limit} other {{count, plural, one {the last day} other {the last # days}}}}',
    description: 'How far back hours may be logged; {count}: a number of days.',
  },
  due: { id: 'cli.settings.due', defaultMessage: 'Week due on', description: 'The weekday by which a week must be submitted.' },
  currency: { id: 'cli.settings.currency', defaultMessage: 'Currency' },
  noCurrency: { id: 'cli.settings.currency.none', defaultMessage: 'not given by the service' },
});

/** Both lists are cached for offline use: `--refresh` asks the service now. */
const refreshed = (v: OptionValues) => (v.refresh ? { refresh: true as const } : {});

export const jobsCommand: Command = {
  name: 'jobs',
  summary: defineMessage({ id: 'cli.jobs.summary', defaultMessage: 'list the jobs you can log time against' }),
  usage: 'jobs [--status in-progress|completed|all] [--assigned-to USER] [--refresh]',
  options: {
    status: textOption('STATUS', words(M.status, { inProgress: 'in-progress', completed: 'completed', all: 'all' })),
    'assigned-to': textOption('USER', M.assignedTo),
    refresh: flagOption(M.refreshJobs),
  },
  details: [M.offline, words(M.note, { option: '--assigned-to' })],
  async run(ctx) {
    const w = ctx.words;
    const status = str(ctx.values, 'status');
    const assignedTo = str(ctx.values, 'assigned-to');
    const core = await ctx.core();
    if (assignedTo) {
      // The bridge's listJobs has no assignedTo input (spec 4.3 has one); rather than reach around the core,
      // accept the one value it serves: the signed-in user.
      const me = ctx.globals.user ?? (await core.call('getAccount', {})).user;
      if (assignedTo.trim().toLowerCase() !== me.toLowerCase()) {
        throw new UsageError(
          words(M.onlyYou, { option: '--assigned-to', me }),
          words(M.withoutOption, { command: '`punch jobs`', option: '--assigned-to' }),
        );
      }
    }
    const jobs = await core.call('listJobs', {
      ...(status ? { status: parseChoice('status', status, ['in-progress', 'completed', 'all'] as const) } : {}),
      ...refreshed(ctx.values),
    });
    const text =
      jobs.length === 0
        ? w.say(M.none)
        : `${formatTable(
            // names as long as a company makes them: each on as many lines as it takes, under its own column
            columns(w, ['jobId', ['job', WRAPS], ['project', WRAPS], ['client', WRAPS], 'status', 'billing']),
            jobs.map((j) => [
              j.jobId,
              j.jobName,
              j.projectName,
              j.clientName,
              jobStatusWords(j.jobStatus, w),
              billingWords(j.jobBillableStatus, w),
            ]),
            [],
            { maxWidth: ctx.width },
          )}\n${w.say(M.count, { count: jobs.length })}`;
    return { json: jobs, text };
  },
};

function describeSettings(s: TrackerSettings, w: Wording): string {
  // 1 = Monday ... 7 = Sunday (the service's); the region's weekday names count from Sunday
  const due =
    s.submissionDueWeekday >= 1 && s.submissionDueWeekday <= 7
      ? w.formats.weekday(s.submissionDueWeekday % 7)
      : String(s.submissionDueWeekday);
  return formatPairs([
    [w.say(S.tracker), w.say(S.trackerValue, { enabled: String(s.enabled) })],
    [w.say(S.logType), w.say(S.logTypeValue, { type: s.logType })],
    [w.say(S.max), minutesToHhmm(s.maxMinutesPerDay)],
    [w.say(S.future), w.say(S.futureValue, { allowed: String(s.allowFutureDates) })],
    [w.say(S.past), w.say(S.pastValue, { days: s.pastDaysAllowed === null ? 'none' : 'some', count: s.pastDaysAllowed ?? 0 })],
    [w.say(S.due), due],
    [w.say(S.currency), s.currency ?? w.say(S.noCurrency)],
  ]);
}

export const settingsCommand: Command = {
  name: 'settings',
  summary: defineMessage({
    id: 'cli.settings.summary',
    defaultMessage: "show the company's time tracker settings (the rules every log is checked against)",
  }),
  usage: 'settings [--refresh]',
  options: { refresh: flagOption(M.refreshSettings) },
  async run(ctx) {
    const s = await (await ctx.core()).call('getCompanySettings', refreshed(ctx.values));
    return { json: s, text: describeSettings(s, ctx.words) };
  },
};
