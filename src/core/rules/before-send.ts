/**
 * What a log queued before the company's rules were known must be before it is sent (docs/outbox.md "Checked before
 * queued"): the rules (./check.ts) on the latest document, its job's name from the job list when only the id was
 * known, and the job's own billing status when the user said nothing about billing and the job was unknown then.
 * Pure: the sync engine (../sync/queued-rules.ts) reads what the rules need and hands in their view of the world.
 */
import type { BillingStatus, Job, RuleViolation } from '../../shared/domain';
import { jobNamed } from '../../shared/billing';
import type { Words } from '../../shared/i18n/said';
import { sentencesSaid } from '../../shared/input-words';
import { checkLog, type LogToCheck, type RuleContext } from './check';
import { ruleWords } from './words';

/** A queued entry as this module reads it (an `OutboxOp` of the journal is one). */
export interface QueuedEntry {
  localId: string;
  add?: Pick<LogToCheck, 'workDate' | 'hours' | 'jobId' | 'jobName'>;
  /** Logged without a word on billing and before the job was known: the job decides, before it is sent. */
  billingFromJob?: boolean;
}

/** What the entry becomes: its job's name and billing when they are known now, or the rules' refusal. */
export interface BeforeSend {
  jobName?: string;
  billingStatus?: BillingStatus;
  /** The rules it breaks, in words: it is not sent, it needs attention. */
  refusal?: string | Words;
  /** The field the Fix form opens on: the first that is wrong. */
  field?: RuleViolation['field'];
}

/** The job a log names in a job list: by id, else by its exact name (src/shared/billing.ts `jobNamed`). */
export function jobOf(jobs: readonly Job[], log: { jobId?: string; jobName?: string }): Job | undefined {
  return (log.jobId ? jobs.find((j) => j.jobId === log.jobId) : undefined) ?? jobNamed(jobs, log.jobName);
}

/** The log with its job's name from the job list when only the job's id is given (the picker sends ids). */
export function withJobName<L extends { jobId?: string; jobName?: string }>(log: L, jobs: readonly Job[]): L {
  if (log.jobName || !log.jobId) return log;
  const job = jobOf(jobs, { jobId: log.jobId });
  return job ? { ...log, jobName: job.jobName } : log;
}

/** Why it is not sent: the rules it breaks, each rule's sentence (their codes chained when all have one). */
export function notSentWords(violations: readonly RuleViolation[]): Words {
  const saids = violations.map((v) => v.said);
  const chained = saids.every((s) => s !== undefined) ? sentencesSaid(saids as NonNullable<(typeof saids)[number]>[]) : undefined;
  return ruleWords.rulesBroken(chained ? { said: chained } : violations.map((v) => v.message).join(' '));
}

export function checkBeforeSend(entry: QueuedEntry, ctx: RuleContext): BeforeSend {
  const add = entry.add;
  if (!add) return {};
  const jobName = add.jobId ? jobOf(ctx.jobs, { jobId: add.jobId })?.jobName : undefined;
  const job = entry.billingFromJob ? jobOf(ctx.jobs, { jobId: add.jobId, jobName: jobName ?? add.jobName }) : undefined;
  const violations = checkLog({ ...add, ...(jobName && !add.jobName ? { jobName } : {}), localId: entry.localId } as LogToCheck, ctx);
  return {
    ...(jobName ? { jobName } : {}),
    ...(job ? { billingStatus: job.jobBillableStatus } : {}),
    ...(violations.length > 0 ? { refusal: notSentWords(violations), field: violations[0].field } : {}),
  };
}
