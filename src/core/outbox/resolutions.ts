/**
 * What the user can do about an outbox entry (OutboxEntry.resolutions): retry / "Send again", "It is there",
 * discard, fix. Pure functions over a draft of the journal, like ./operations.ts; the caller wraps each in
 * `ledger.change(...)`.
 */
import type { OutboxEntry } from '../../shared/domain';
import type { Journal, LogFields, OutboxOp } from './ledger';
import { clean, findOp, markApplied, requeue } from './operations';

export type OutboxResolution = OutboxEntry['resolutions'][number];

/**
 * Whether the entry offers this choice now (the screens show only `resolutions`, but the CLI and a stale screen can
 * ask for anything). "It is there" on a queued add would mark it synced without ever sending it; a fix of an entry in
 * flight or synced would change the ledger and not the service; a fix of a maybe-sent add would change the values
 * the reconciliation looks for. Discarding stays open to any unfinished entry that is not in flight (a cancel).
 */
export function offers(op: OutboxOp, resolution: OutboxResolution): boolean {
  if (resolution === 'discard') return op.state === 'queued' || op.state === 'needs-attention';
  if (resolution === 'fix' && op.state === 'queued' && !op.maybeSent) return true;
  return op.state === 'needs-attention' && op.resolutions.includes(resolution);
}

/** The choices by the names of their buttons (the outbox) and of `punch outbox`'s actions. */
const CHOICE_WORDS: Record<OutboxResolution, string> = { retry: 'Retry', fix: 'Fix', discard: 'Discard', 'mark-recorded': 'It is there' };

export function notOffered(op: OutboxOp, resolution: OutboxResolution): string {
  const choice = { retry: 'sent again', 'mark-recorded': 'marked as recorded', discard: 'discarded', fix: 'fixed' }[resolution];
  const now = op.state === 'synced' ? 'it has already reached the service'
    : op.state === 'sending' ? 'it is being sent right now' : op.state === 'queued' ? 'it is still waiting to be sent' : 'it does not offer that choice';
  const names = op.resolutions.map((r) => CHOICE_WORDS[r]);
  const what = names.length > 0
    ? `Choose ${names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`}.`
    : 'Open the outbox (or run `punch outbox`) to see where it is.';
  return `Entry ${op.id} cannot be ${choice}: ${now}. ${what}`;
}

/** "Send again" / "Retry": for an ambiguous entry the user has checked that the service does not have it. */
export function retryOp(j: Journal, id: string, now: number): void {
  const op = findOp(j, id);
  if (op.state !== 'needs-attention') return;
  if (op.maybeSent) op.resendApproved = true;
  op.state = 'queued';
  delete op.message;
  delete op.field;
  op.resolutions = [];
  op.updatedAt = now;
}

/** "It is there": stop trying, keep the log. */
export function markRecordedOp(j: Journal, id: string, now: number): void {
  markApplied(j, id, now, { outcome: 'reconciled', message: 'Marked as recorded by the user.' });
}

export const ADD_DISCARDED_BEFORE_DELETE =
  'You deleted this log and discarded its add, but that add may have reached the service (its answer was lost). '
  + 'If the log is in the service, delete it there. Then discard this entry.';

/** Drops the operation; the ledger follows (an add takes its log and its edits with it; an edit reverts; a delete restores). */
export function discardOp(j: Journal, id: string, now: number): void {
  const op = findOp(j, id);
  // in flight: the answer decides what the ledger holds; discarding now could orphan a log on the service
  if (op.state === 'sending') throw new Error('This entry is being sent right now; wait for the answer, then discard it if needed.');
  const row = j.rows[op.localId];
  if (op.kind === 'add') {
    const del = j.ops.find((o) => o.localId === op.localId && o.kind === 'delete' && o.state !== 'synced');
    if (op.maybeSent && del && row) {
      // The user deleted this log, then discarded its add, whose answer was lost. If the add did reach the service
      // the log is there, and dropping the delete with it would leave it there without a word. The delete stays, as
      // something to check by hand: Punchcard has no service id for it, so it cannot delete it itself.
      j.ops = j.ops.filter((o) => o.localId !== op.localId || o.id === del.id || (o.state === 'synced' && o.id !== op.id));
      del.state = 'needs-attention';
      del.message = ADD_DISCARDED_BEFORE_DELETE;
      del.resolutions = ['discard'];
      del.updatedAt = now;
      row.addDiscarded = true;
      return;
    }
    j.ops = j.ops.filter((o) => o.localId !== op.localId || (o.state === 'synced' && o.id !== op.id));
    delete j.rows[op.localId];
    return;
  }
  j.ops = j.ops.filter((o) => o.id !== op.id);
  if (!row) return;
  if (op.kind === 'delete' && row.addDiscarded) {
    // its add was discarded before: restoring the row would bring back a log that Punchcard never confirmed
    delete j.rows[op.localId];
    return;
  }
  if (op.kind === 'edit') {
    // what the service has (or its unconfirmed add will send), plus the edits still on their way: reverting to
    // `remote` alone left an add's row with the discarded values, and dropped an edit in flight from the row
    const mine = j.ops.filter((o) => o.localId === op.localId && o.state !== 'synced');
    let values: Partial<LogFields> | undefined = row.remote ?? mine.find((o) => o.kind === 'add')?.add;
    for (const o of mine) if (o.kind === 'edit' && values) values = { ...values, ...o.patch };
    if (values) Object.assign(row, values, { updatedAt: now });
  }
  if (op.kind === 'delete') { delete row.pendingDelete; row.updatedAt = now; }
}

/** "Fix": new values for a refused (or queued) entry; it goes back in the queue. */
export function fixOp(j: Journal, id: string, fields: Partial<LogFields>, now: number): void {
  const op = findOp(j, id);
  const row = j.rows[op.localId];
  const p = clean(fields);
  if (op.kind === 'add') {
    op.add = { ...op.add!, ...p };
    // a new job by name must not keep the old job's id
    if (p.jobName !== undefined && p.jobId === undefined) { delete op.add.jobId; if (row) delete row.jobId; }
    if (row) Object.assign(row, p, { updatedAt: now });
  } else if (op.kind === 'edit') {
    const { hours, workDate, billingStatus, description } = p;
    op.patch = { ...op.patch, ...clean({ hours, workDate, billingStatus, description }) };
    if (row) Object.assign(row, op.patch, { updatedAt: now });
  }
  if (op.state === 'needs-attention' && !op.maybeSent) requeue(op, now);
}
