/**
 * addtimelog's and edittimelog's parameters (spec 4.2), derived from the one schema of a log (src/shared/log.ts):
 * the names are the schema's (they are the spec's), the values were checked where they came in (the contract's
 * inputs, read once by the dispatcher), so nothing is checked again here. What only the wire needs is done here:
 * hours zero-padded (`7:05` -> `07:05`: a log kept by an older Punchcard), and the spec's rule "at least one of jobId
 * and jobName" is the parameters' type.
 */
import type { LoggedChange, Logged } from '../../../shared/log';
import { HHMM_PATTERN, parseHhmm, toHhmm } from '../../../shared/time/hours';

/** The form fields of a request (../http/transport.ts `Params`): an absent value is not sent. */
type Params = Record<string, string | undefined>;

/** spec 4.2: at least one of jobId and jobName. */
type JobNamed = { jobId: string; jobName?: string } | { jobId?: string; jobName: string };

/** A logged log for a user; billing absent: the service's default (Billable). */
export type AddTimeLogInput = Omit<Logged, 'jobId' | 'jobName' | 'billingStatus'> &
  Partial<Pick<Logged, 'billingStatus'>> &
  JobNamed & { user: string };

/** An edit's patch for the log the service knows as `timeLogId`. */
export type EditTimeLogInput = LoggedChange & { timeLogId: string };

/** spec 4.2: hours travel as zero-padded `HH:MM`; a value in another form goes as it is (the service says what it thinks). */
export function wireHours(hours: string): string {
  return HHMM_PATTERN.test(hours) ? toHhmm(parseHhmm(hours)) : hours;
}

export function addTimeLogParams(input: AddTimeLogInput): Params {
  return {
    user: input.user,
    workDate: input.workDate,
    hours: wireHours(input.hours),
    jobId: input.jobId,
    jobName: input.jobName,
    billingStatus: input.billingStatus,
    workItem: input.workItem,
    description: input.description,
  };
}

/** Only what changes is sent (spec 4.2: the optional parameters are sent only when given). */
export function editTimeLogParams(input: EditTimeLogInput): Params {
  return {
    timeLogId: input.timeLogId,
    hours: input.hours === undefined ? undefined : wireHours(input.hours),
    workDate: input.workDate,
    billingStatus: input.billingStatus,
    description: input.description,
  };
}
