/**
 * Whether a time log is billed, decided in one place for every way of logging (the Track form, the week's cells, the
 * timer, `punch log`, `punch timer start`): what the user said, else the job's own billing status, else the service's
 * default (spec 4.2 addtimelog: Billable). A script that names a non-billable job must not bill a client for it
 * because it did not repeat what the job already says. Pure: the core decides with it, the renderer shows its answer.
 *
 * And one spelling for people: "Non-billable" (the wire's `Non Billable` is the service's word, never shown).
 */
import type { BillingStatus, Job } from './domain';
import { defineMessages, type Wording } from './i18n/messages';

/** The user's choice wins; without one, the job's status; without a known job, the service's default. */
export function billingFor(job: Pick<Job, 'jobBillableStatus'> | undefined, billable?: boolean): BillingStatus {
  if (billable !== undefined) return billable ? 'Billable' : 'Non Billable';
  return job?.jobBillableStatus ?? 'Billable';
}

const M = defineMessages({
  billable: { id: 'billing.billable', defaultMessage: 'Billable', description: 'A log is billed to the client.' },
  nonBillable: { id: 'billing.non-billable', defaultMessage: 'Non-billable', description: 'A log is not billed to the client.' },
});

/** "Billable" / "Non-billable", as every screen and `punch` write it (in `w`'s language when given). */
export function billingWords(status: BillingStatus | undefined, w?: Wording): string {
  if (!status) return '';
  const m = status === 'Non Billable' ? M.nonBillable : M.billable;
  return w ? w.say(m) : m.defaultMessage;
}

/**
 * The job a name stands for in a job list: the exact name, spaces around it aside (the company's rules match job
 * names exactly, letter case too: ../core/rules/check.ts).
 */
export function jobNamed<J extends Pick<Job, 'jobName'>>(jobs: readonly J[], name: string | undefined): J | undefined {
  const typed = name?.trim();
  return typed ? jobs.find((j) => j.jobName.trim() === typed) : undefined;
}
