/**
 * The options that say what a time log holds, with one wording and one reading for every command that takes them:
 * `log`, `timer start` (a new log) and `edit`, `outbox fix` (a change to one). Each command picks the ones it takes.
 * What they make is typed by the one schema of a log (src/shared/log.ts: the contract's inputs); this is punch's edge,
 * where what people type (`1h30`, `yesterday`) is read into the schema's formats, which the dispatcher then checks.
 */
import { type OptionSpec, type OptionValues, textOption, flagOption } from './command';
import { UsageError } from './failure';
import { parseDay, parseHours, str } from './input';
import type { EntryFixInput, NewLogInput } from '../shared/log';

const LOG_OPTIONS = {
  job: textOption('ID', 'the job id (see `punch jobs`)'),
  'job-name': textOption('NAME', 'the job by name instead of id'),
  date: textOption('DATE', 'the day worked: YYYY-MM-DD, today or yesterday (a new log: today)'),
  hours: textOption('HH:MM', 'hours worked, e.g. 01:30'),
  billable: flagOption('billable hours (a new log: as its job is, unless this or --non-billable is given)'),
  'non-billable': flagOption('non-billable hours'),
  'work-item': textOption('TEXT', 'sub-task or work item'),
  description: textOption('TEXT', 'what was done'),
} as const satisfies Record<string, OptionSpec>;

export type LogOption = keyof typeof LOG_OPTIONS;

export function logOptions(...names: LogOption[]): Record<string, OptionSpec> {
  return Object.fromEntries(names.map((n) => [n, LOG_OPTIONS[n]]));
}

/** `--job` or `--job-name`, exactly one. */
export function jobChoice(values: OptionValues): Required<Pick<NewLogInput, 'jobId'>> | Required<Pick<NewLogInput, 'jobName'>> {
  const jobId = str(values, 'job');
  const jobName = str(values, 'job-name');
  if (jobId && jobName) throw new UsageError('give either --job ID or --job-name NAME, not both.');
  if (jobId) return { jobId };
  if (jobName) return { jobName };
  throw new UsageError('--job ID or --job-name NAME is required: every time log is for a job.', 'See the jobs with `punch jobs`.');
}

/**
 * `--billable` / `--non-billable` for a new log or timer: only what the user said. Neither: nothing, and the core
 * bills as the job is (src/shared/billing.ts), exactly as the app and the timer do.
 */
export function billingChoice(v: OptionValues): Pick<NewLogInput, 'billable'> {
  if (v.billable && v['non-billable']) throw new UsageError('give either --billable or --non-billable, not both.');
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
    const given = names.map((n) => `--${n}`);
    throw new UsageError(`nothing to change: give ${given.slice(0, -1).join(', ')} or ${given.at(-1)}.`);
  }
  return change;
}
