/**
 * `punch jobs` and `punch settings`: what time can be logged against, and the company's rules (spec 4.3).
 * Both come from the core's catalog, which caches them so they work offline.
 */
import { defineMessage } from '../../shared/i18n/messages';
import type { TrackerSettings } from '../../shared/domain';
import { type Command, type OptionValues, textOption, flagOption } from '../command';
import { UsageError } from '../failure';
import { parseChoice, str } from '../input';
import { formatPairs, formatTable } from '../table';
import { billingWords, count, jobStatusWords, minutesToHhmm } from '../words';

const WEEKDAYS = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Both lists are cached for offline use: `--refresh` asks the service now. */
const refreshOptions = (cached: string) => ({ refresh: flagOption(`ask the service now instead of using ${cached}`) });
const refreshed = (v: OptionValues) => (v.refresh ? { refresh: true as const } : {});

export const jobsCommand: Command = {
  name: 'jobs',
  summary: defineMessage({ id: 'cli.jobs.summary', defaultMessage: 'list the jobs you can log time against' }),
  usage: 'jobs [--status in-progress|completed|all] [--assigned-to USER] [--refresh]',
  options: {
    status: textOption('STATUS', 'in-progress (default), completed or all'),
    'assigned-to': textOption('USER', 'jobs assigned to this employee (email or employee id); see the note below'),
    ...refreshOptions('the list cached in the last 15 minutes'),
  },
  details: [
    'Offline, the last list fetched is shown.',
    'Note: the core lists the jobs assigned to you (or all jobs when none are); --assigned-to accepts only you for now.',
  ],
  async run(ctx) {
    const status = str(ctx.values, 'status');
    const assignedTo = str(ctx.values, 'assigned-to');
    const core = await ctx.core();
    if (assignedTo) {
      // The bridge's listJobs has no assignedTo input (spec 4.3 has one); rather than reach around the core,
      // accept the one value it serves: the signed-in user.
      const me = ctx.globals.user ?? (await core.call('getAccount', {})).user;
      if (assignedTo.trim().toLowerCase() !== me.toLowerCase()) {
        throw new UsageError(
          `--assigned-to can only be you (${me}) for now: the core cannot list another employee's jobs yet.`,
          'Run `punch jobs` without --assigned-to to see every job you can log against.',
        );
      }
    }
    const jobs = await core.call('listJobs', {
      ...(status ? { status: parseChoice('status', status, ['in-progress', 'completed', 'all'] as const) } : {}),
      ...refreshed(ctx.values),
    });
    const text =
      jobs.length === 0
        ? 'No jobs.'
        : `${formatTable(
            [
              { header: 'JOB ID' },
              { header: 'JOB' },
              { header: 'PROJECT' },
              { header: 'CLIENT' },
              { header: 'STATUS' },
              { header: 'BILLING' },
            ],
            jobs.map((j) => [
              j.jobId,
              j.jobName,
              j.projectName,
              j.clientName,
              jobStatusWords(j.jobStatus),
              billingWords(j.jobBillableStatus),
            ]),
          )}\n${count(jobs.length, 'job', 'jobs')}`;
    return { json: jobs, text };
  },
};

function describeSettings(s: TrackerSettings): string {
  return formatPairs([
    ['Time tracker', s.enabled ? 'enabled' : 'disabled'],
    ['Logging by', { hours: 'hours', startEnd: 'start and end time', timer: 'timer' }[s.logType] ?? s.logType],
    ['Maximum per day', minutesToHhmm(s.maxMinutesPerDay)],
    ['Future dates', s.allowFutureDates ? 'allowed' : 'not allowed'],
    ['Past days allowed', s.pastDaysAllowed === null ? 'no limit' : `the last ${s.pastDaysAllowed} days`],
    ['Week due on', WEEKDAYS[s.submissionDueWeekday] ?? String(s.submissionDueWeekday)],
    ['Currency', s.currency ?? 'not given by the service'],
  ]);
}

export const settingsCommand: Command = {
  name: 'settings',
  summary: defineMessage({
    id: 'cli.settings.summary',
    defaultMessage: "show the company's time tracker settings (the rules every log is checked against)",
  }),
  usage: 'settings [--refresh]',
  options: refreshOptions('the cached settings'),
  async run(ctx) {
    const s = await (await ctx.core()).call('getCompanySettings', refreshed(ctx.values));
    return { json: s, text: describeSettings(s) };
  },
};
