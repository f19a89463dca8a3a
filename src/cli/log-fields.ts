/**
 * The options that say what a time log holds, with one wording and one reading for every command that takes them:
 * `log`, `timer start` (a new log) and `edit`, `outbox fix` (a change to one). Each command picks the ones it takes.
 * What they make is typed by the one schema of a log (src/shared/log.ts: the contract's inputs); this is punch's edge,
 * where what people type (`1h30`, `yesterday`) is read into the schema's formats, which the dispatcher then checks.
 */
import { defineMessages } from '../shared/i18n/messages';
import { type OptionSpec, type OptionValues, textOption, flagOption } from './command';
import { UsageError } from './failure';
import { parseDay, parseHours, str } from './input';
import { DAY_FORMS, words } from './words';
import type { EntryFixInput, NewLogInput } from '../shared/log';

const HELP = defineMessages({
  job: { id: 'cli.option.job', defaultMessage: 'the job id (see {jobs})', description: '{jobs}: a command as typed.' },
  jobName: { id: 'cli.option.job-name', defaultMessage: 'the job by name instead of id' },
  date: {
    id: 'cli.option.date',
    defaultMessage: 'the day worked: {forms} (a new log: today)',
    description: '{forms}: how a day is typed ("YYYY-MM-DD, today or yesterday"), as typed.',
  },
  hours: { id: 'cli.option.hours', defaultMessage: 'hours worked, e.g. 01:30' },
  billable: {
    id: 'cli.option.billable',
    defaultMessage: 'billable hours (a new log: as its job is, unless this or {nonBillable} is given)',
  },
  nonBillable: { id: 'cli.option.non-billable', defaultMessage: 'non-billable hours' },
  workItem: { id: 'cli.option.work-item', defaultMessage: 'sub-task or work item' },
  description: { id: 'cli.option.description', defaultMessage: 'what was done' },
});

const M = defineMessages({
  eitherOr: {
    id: 'cli.input.either-or',
    defaultMessage: 'give either {one} or {other}, not both.',
    description: '{one}, {other}: options as typed ("--job ID").',
  },
  jobNeeded: {
    id: 'cli.input.job-needed',
    defaultMessage: '{job} or {jobName} is required: every time log is for a job.',
    description: 'Options as typed.',
  },
  seeJobs: { id: 'cli.input.see-jobs', defaultMessage: 'See the jobs with {command}.', description: '{command}: a command as typed.' },
  nothingToChange: {
    id: 'cli.input.nothing-to-change',
    defaultMessage: 'nothing to change: give {options}.',
    description: '{options}: the options the command takes, joined as the language says "A, B or C".',
  },
});

/** "give either --billable or --non-billable, not both." */
export const eitherOr = (one: string, other: string) => words(M.eitherOr, { one, other });

const LOG_OPTIONS = {
  job: textOption('ID', words(HELP.job, { jobs: '`punch jobs`' })),
  'job-name': textOption('NAME', HELP.jobName),
  date: textOption('DATE', words(HELP.date, { forms: DAY_FORMS })),
  hours: textOption('HH:MM', HELP.hours),
  billable: flagOption(words(HELP.billable, { nonBillable: '--non-billable' })),
  'non-billable': flagOption(HELP.nonBillable),
  'work-item': textOption('TEXT', HELP.workItem),
  description: textOption('TEXT', HELP.description),
} as const satisfies Record<string, OptionSpec>;

export type LogOption = keyof typeof LOG_OPTIONS;

export function logOptions(...names: LogOption[]): Record<string, OptionSpec> {
  return Object.fromEntries(names.map((n) => [n, LOG_OPTIONS[n]]));
}

/** `--job` or `--job-name`, exactly one. */
export function jobChoice(values: OptionValues): Required<Pick<NewLogInput, 'jobId'>> | Required<Pick<NewLogInput, 'jobName'>> {
  const jobId = str(values, 'job');
  const jobName = str(values, 'job-name');
  if (jobId && jobName) throw new UsageError(eitherOr('--job ID', '--job-name NAME'));
  if (jobId) return { jobId };
  if (jobName) return { jobName };
  throw new UsageError(words(M.jobNeeded, { job: '--job ID', jobName: '--job-name NAME' }), words(M.seeJobs, { command: '`punch jobs`' }));
}

/**
 * `--billable` / `--non-billable` for a new log or timer: only what the user said. Neither: nothing, and the core
 * bills as the job is (src/shared/billing.ts), exactly as the app and the timer do.
 */
export function billingChoice(v: OptionValues): Pick<NewLogInput, 'billable'> {
  if (v.billable && v['non-billable']) throw new UsageError(eitherOr('--billable', '--non-billable'));
  return v.billable ? { billable: true } : v['non-billable'] ? { billable: false } : {};
}

/** `--work-item` and `--description` as given (an empty text too: it clears the field). */
export function logTexts(v: OptionValues): Pick<NewLogInput, 'workItem' | 'description'> {
  const workItem = str(v, 'work-item');
  const description = str(v, 'description');
  return { ...(workItem !== undefined ? { workItem } : {}), ...(description !== undefined ? { description } : {}) };
}

/**
 * A change to one log (`edit`, `outbox fix`): only what was given, read by the same rules as a new log. Refuses
 * `--billable` with `--non-billable`, and a change of nothing, naming the options the command takes (`names`).
 */
export function logChange(v: OptionValues, names: LogOption[]): Omit<EntryFixInput, 'id'> {
  const billing = billingChoice(v);
  const hours = str(v, 'hours');
  const date = str(v, 'date');
  const description = str(v, 'description');
  const change = {
    ...(hours !== undefined ? { hours: parseHours(hours) } : {}),
    ...(date !== undefined ? { workDate: parseDay('date', date) } : {}),
    ...(str(v, 'job') || str(v, 'job-name') ? jobChoice(v) : {}),
    ...billing,
    ...(description !== undefined ? { description } : {}),
  };
  if (Object.keys(change).length === 0) {
    throw new UsageError(words(M.nothingToChange, { options: { choice: names.map((n) => `--${n}`) } }));
  }
  return change;
}
