/**
 * States in words for people (the JSON output keeps the domain's spellings).
 */
import type { ApprovalStatus, BillingStatus, JobStatus, SyncState } from '../shared/domain';
import { toHhmm } from '../shared/time/hours';
import { billingWords as sharedBillingWords } from '../shared/billing';
import { SYNC_STATE_WORDS } from '../shared/status/sync-words';

const APPROVAL: Record<ApprovalStatus, string> = {
  draft: 'draft (not submitted)',
  pending: 'pending approval',
  approved: 'approved',
  rejected: 'rejected',
};
const JOB: Record<JobStatus, string> = { 'in-progress': 'in progress', completed: 'completed' };

export const approvalWords = (s: ApprovalStatus | undefined) => (s ? (APPROVAL[s] ?? s) : '');
/** The app's words for a sync state (src/shared/status/sync-words.ts), in lower case: "queued", "syncing", "needs attention". */
export const syncWords = (s: SyncState) => SYNC_STATE_WORDS[s]?.toLowerCase() ?? s;
export const jobStatusWords = (s: JobStatus) => JOB[s] ?? s;
/** The app's one spelling (src/shared/billing.ts), in lower case as every state in a table: "billable", "non-billable". */
export const billingWords = (s: BillingStatus | undefined) => sharedBillingWords(s).toLowerCase();

/** Minutes as HH:MM (shared/time/hours.ts `toHhmm`), for a figure that may not be whole: rounded, and never below 0. */
export function minutesToHhmm(minutes: number): string {
  return toHhmm(Math.max(0, Math.round(minutes)));
}

/** Elapsed milliseconds as H:MM:SS for the running timer. */
export function elapsedWords(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** "1 entry" / "3 entries". */
export const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
