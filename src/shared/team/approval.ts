/**
 * Rules of a manager's decision that every front end shares (the app, `punch`, the core's contract): what counts as a
 * partial approval, and that a rejection says what to fix. Plain functions, no zod: the renderer imports them.
 */
import type { ApprovalStatus, TimeLog } from '../domain';
import { defineMessages, type Wording } from '../i18n/messages';

/**
 * Some of a timesheet's logs are approved and the others are not (rejected, or still waiting): a partial decision
 * (spec 3, "Time logs can be approved or rejected individually"). The timesheet's own status cannot say so: after a
 * partial decision the sandbox (and, as far as we know, the service) calls the timesheet "rejected" once no log
 * waits, and "pending" while some do, so the state is read from the logs, whatever the status says.
 */
export function isPartlyApproved(logs: ReadonlyArray<Pick<TimeLog, 'approvalStatus'>>): boolean {
  const approved = logs.filter((l) => l.approvalStatus === 'approved').length;
  return approved > 0 && approved < logs.length;
}

/** A decision rejects something: the whole timesheet, or any one of its logs in a partial decision. */
export function rejectsSomething(d: { decision: ApprovalStatus | 'approved' | 'rejected'; logs?: Record<string, string> }): boolean {
  return d.decision === 'rejected' || Object.values(d.logs ?? {}).includes('rejected');
}

/** A rejection must say what to fix (the employee reads it with the rejected week and resubmits). */
export function commentMissing(d: { decision: 'approved' | 'rejected'; logs?: Record<string, string>; comments?: string }): boolean {
  return rejectsSomething(d) && !(d.comments ?? '').trim();
}

const M = defineMessages({
  commentNeeded: {
    id: 'approval.comment-needed',
    defaultMessage: 'Say what to fix, so {name, select, none {the employee} other {{name}}} knows what to change',
    description: 'At the comment field of a rejection. {name}: the employee\'s first name, or "none".',
  },
  rejectedPending: {
    id: 'approval.log-rejected-pending',
    defaultMessage:
      'Rejected by your manager{comment, select, none {} other {: "{comment}"}}. The rest of the week still waits for approval: fix this log and resubmit when the week comes back to you, or ask your manager to send it back now.',
    description: '{comment}: the manager\'s own words, quoted as written, or "none".',
  },
  rejected: {
    id: 'approval.log-rejected',
    defaultMessage: 'Rejected by your manager{comment, select, none {} other {: "{comment}"}}. Fix this log, then resubmit the week.',
  },
  pendingWithRejections: {
    id: 'approval.pending-with-rejections',
    defaultMessage:
      '{count, plural, one {Your manager rejected # log of this week (marked ⊘) and has not decided on the rest yet. Nothing can change while it waits: fix it and resubmit when the week comes back to you, or ask your manager to send it back now.} other {Your manager rejected # logs of this week (marked ⊘) and has not decided on the rest yet. Nothing can change while it waits: fix them and resubmit when the week comes back to you, or ask your manager to send it back now.}}',
    description: '⊘ is the mark shown beside a rejected log: keep it.',
  },
});

/** The words of that refusal, wherever it is caught (the contract's schema, the app's comment field, `punch approve`). */
export const COMMENT_NEEDED = 'Say what to fix in a comment, so the employee knows what to change.';

/** "Say what to fix, so Liam knows what to change": at the comment field, naming the employee by first name. */
export function commentNeededFor(employeeName?: string, w?: Wording): string {
  const first = employeeName?.trim().split(/\s+/)[0];
  if (w) return w.say(M.commentNeeded, { name: first || 'none' });
  return `Say what to fix, so ${first || 'the employee'} knows what to change`;
}

/** At most this many timesheets in one "Approve N" (the approve endpoint takes about 20 a minute; the client paces). */
export const MAX_BATCH = 50;

/**
 * A log the manager rejected, in words that say what to do next (the app's Today and the week's day, `punch week`).
 * In a rejected week the week's own note says "fix the logs marked, then resubmit". In a week that still waits for
 * approval (the manager rejected this log and has not decided on the others), nothing can be changed yet: the service
 * refuses changes to a pending week, so the next step is to wait for the rest of the decision or ask for the week back.
 */
export function rejectedLogWords(weekStatus: ApprovalStatus | undefined, comment?: string, w?: Wording): string {
  if (w) return w.say(weekStatus === 'pending' ? M.rejectedPending : M.rejected, { comment: comment?.trim() || 'none' });
  const said = comment?.trim() ? `: "${comment.trim()}"` : '';
  if (weekStatus === 'pending') {
    return (
      `Rejected by your manager${said}. The rest of the week still waits for approval: fix this log and resubmit when ` +
      'the week comes back to you, or ask your manager to send it back now.'
    );
  }
  return `Rejected by your manager${said}. Fix this log, then resubmit the week.`;
}

/** The note of a week that waits for approval while the manager already rejected some of its logs (per-log decisions). */
export function pendingWithRejectionsWords(rejected: number, w?: Wording): string {
  if (w) return w.say(M.pendingWithRejections, { count: rejected });
  const logs = rejected === 1 ? '1 log' : `${rejected} logs`;
  return (
    `Your manager rejected ${logs} of this week (marked \u2298) and has not decided on the rest yet. Nothing can change ` +
    `while it waits: fix ${rejected === 1 ? 'it' : 'them'} and resubmit when the week comes back to you, or ask your manager to send it back now.`
  );
}
