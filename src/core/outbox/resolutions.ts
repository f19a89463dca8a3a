/**
 * What the user can do about an outbox entry (OutboxEntry.resolutions): retry / "Send again", "It is there",
 * discard, fix. The one place that decides which of them an entry offers now (`offers`), what each does to the
 * journal (pure functions over a draft, like ./operations.ts and ./send-steps.ts) and how a user's choice is carried out
 * (`createResolutions`: one atomic change on the latest document). Each choice answers the days it touched; the
 * caller announces them and starts a sync attempt (the root: ../root/punchcard.ts), so nothing here calls up.
 */
import type { OutboxEntry, RuleViolation } from '../../shared/domain';
import { billingFor } from '../../shared/billing';
import type { EntryFixValues } from '../../shared/log';
import { errorText, InvalidInputError, saidError } from '../service';
import { saidOf, type Words } from '../../shared/i18n/said';
import { sentencesSaid } from '../../shared/input-words';
import { outboxWords } from './outbox-words';
import { StorageError, toStorageError } from '../store';
import type { Clock } from '../context';
import type { Journal, Ledger, LogFields, OutboxOp } from '../journal';
import { checkLog, jobOf, withJobName, type LogToCheck, type RuleContext } from '../rules';
import { clean, findOp, requeue } from './operations';
import { markApplied } from './send-steps';
import type { Days } from '../../shared/time/zone';

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

/** Why a choice is refused now, naming the choices the entry offers by their buttons' names. */
export function notOfferedWords(op: OutboxOp, resolution: OutboxResolution): Words {
  return outboxWords.notOffered(op.id, resolution, op.state, op.resolutions);
}

/** The same in English. */
export const notOffered = (op: OutboxOp, resolution: OutboxResolution): string => notOfferedWords(op, resolution).message;

/** "Send again" / "Retry": for an ambiguous entry the user has checked that the service does not have it. */
export function retryOp(j: Journal, id: string, now: number): void {
  const op = findOp(j, id);
  if (op.state !== 'needs-attention') return;
  if (op.maybeSent) op.resendApproved = true;
  op.state = 'queued';
  delete op.message;
  delete op.said;
  delete op.field;
  op.resolutions = [];
  op.updatedAt = now;
}

/** "It is there": stop trying, keep the log. */
export function markRecordedOp(j: Journal, id: string, now: number, days?: Pick<Days, 'dayOf'>): void {
  markApplied(j, id, now, { outcome: 'reconciled', message: outboxWords.markedRecorded(), days });
}

export const ADD_DISCARDED_BEFORE_DELETE = outboxWords.discardedBeforeDelete().message;

/** Drops the entry; the ledger follows (an add takes its log and its edits with it; an edit reverts; a delete restores). */
export function discardOp(j: Journal, id: string, now: number): void {
  const op = findOp(j, id);
  // in flight: the answer decides what the ledger holds; discarding now could orphan a log on the service
  if (op.state === 'sending') throw saidError(outboxWords.sendingNow());
  const row = j.rows[op.localId];
  if (op.kind === 'add') {
    const del = j.ops.find((o) => o.localId === op.localId && o.kind === 'delete' && o.state !== 'synced');
    if (op.maybeSent && del && row) {
      // The user deleted this log, then discarded its add, whose answer was lost. If the add did reach the service
      // the log is there, and dropping the delete with it would leave it there without a word. The delete stays, as
      // something to check by hand: Punchcard has no service id for it, so it cannot delete it itself.
      j.ops = j.ops.filter((o) => o.localId !== op.localId || o.id === del.id || (o.state === 'synced' && o.id !== op.id));
      del.state = 'needs-attention';
      const words = outboxWords.discardedBeforeDelete();
      del.message = words.message;
      del.said = saidOf(words);
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
  if (op.kind === 'delete') {
    delete row.pendingDelete;
    row.updatedAt = now;
  }
}

/** "Fix": new values for a refused (or queued) entry; it goes back in the queue. */
export function fixOp(j: Journal, id: string, fields: Partial<LogFields>, now: number): void {
  const op = findOp(j, id);
  const row = j.rows[op.localId];
  const p = clean(fields);
  if (op.kind === 'add') {
    op.add = { ...op.add!, ...p };
    // a new job by name must not keep the old job's id
    if (p.jobName !== undefined && p.jobId === undefined) {
      delete op.add.jobId;
      if (row) delete row.jobId;
    }
    if (row) Object.assign(row, p, { updatedAt: now });
  } else if (op.kind === 'edit') {
    const { hours, workDate, billingStatus, description } = p;
    op.patch = { ...op.patch, ...clean({ hours, workDate, billingStatus, description }) };
    if (row) Object.assign(row, op.patch, { updatedAt: now });
  }
  if (op.state === 'needs-attention' && !op.maybeSent) requeue(op, now);
}

/** A fix as the user typed it (the outbox's Fix form, `punch outbox fix`): only the fields given change. */
/** A Fix's new values: the contract's `fixEntry` (the one schema of a log, src/shared/log.ts `ENTRY_FIX`). */
export type FixPatch = Omit<EntryFixValues, 'id'>;

/** The log a fix would leave, as the company's rules see it. */
export type FixedLog = Pick<LogToCheck, 'workDate' | 'hours' | 'jobId' | 'jobName'>;

/**
 * What a fix is checked against, which only the layers above know (the company's settings and job list, the day's
 * total with the service's logs, the weeks' locks): a reader of data, implemented by ../log-rules.ts, handed in by
 * the root.
 */
export interface RuleFacts {
  /** The rules' view of the world on document `j` (the document being changed). */
  ruleContext(j: Readonly<Journal>): RuleContext;
}

export interface ResolutionDeps {
  ledger: Ledger;
  clock: Clock;
  /** The user's days: "It is there" applies an entry, which prunes the ledger's old days from their today. */
  days?: Days;
  dataDir: string;
  rules: RuleFacts;
}

/** Broken rules as one refusal: each rule's sentence, one after the other (their codes chained when all have one). */
function violationsWords(violations: RuleViolation[]): string | Words {
  const message = violations.map((v) => v.message).join(' ');
  const saids = violations.map((v) => v.said);
  const chained = saids.every((s) => s !== undefined) ? sentencesSaid(saids as NonNullable<(typeof saids)[number]>[]) : undefined;
  return chained ? { ...chained, message } : message;
}

/** Each choice is one atomic change and answers the days it touched (for the `outbox`, `ledger` and `status` events). */
export interface Resolutions {
  retry(id: string): string[];
  discard(id: string): string[];
  markRecorded(id: string): string[];
  /** New values for a refused (or queued) entry, checked against the company's rules; nothing changes when they fail. */
  fix(id: string, patch: FixPatch): string[];
}

const gone = (id: string) => new InvalidInputError(outboxWords.entryGone(id));

export function createResolutions(deps: ResolutionDeps): Resolutions {
  const { ledger, clock } = deps;

  /**
   * Decided on the latest document, under the outbox's lock: only a choice the entry offers now (`punch outbox
   * recorded` on a queued add used to mark it synced without ever sending it: the hour never reached the service).
   * A full or read-only disk keeps its own class (it is not the user's input); anything else the journal refuses is.
   */
  function change<T>(id: string, resolution: OutboxResolution, fn: (d: Journal, op: OutboxOp) => T): T {
    try {
      return ledger.change((d) => {
        const op = d.ops.find((o) => o.id === id);
        if (!op) throw gone(id);
        if (!offers(op, resolution)) throw new InvalidInputError(notOfferedWords(op, resolution));
        return fn(d, op);
      });
    } catch (e) {
      if (e instanceof InvalidInputError) throw e;
      const storage = toStorageError(e, deps.dataDir);
      if (storage instanceof StorageError) throw storage;
      throw new InvalidInputError(errorText(e));
    }
  }

  /** The day an entry concerns, read before the change (a discarded add takes its row with it). */
  function dayOf(id: string): string {
    const j = ledger.read();
    const op = j.ops.find((o) => o.id === id);
    if (!op) throw gone(id);
    return op.add?.workDate ?? j.rows[op.localId]?.workDate ?? '';
  }

  function simple(
    id: string,
    resolution: OutboxResolution,
    fn: (d: Journal, id: string, now: number, days?: Pick<Days, 'dayOf'>) => void,
  ): string[] {
    const date = dayOf(id);
    change(id, resolution, (d) => fn(d, id, clock.now(), deps.days));
    return [date];
  }

  return {
    retry: (id) => simple(id, 'retry', retryOp),
    discard: (id) => simple(id, 'discard', discardOp),
    markRecorded: (id) => simple(id, 'mark-recorded', markRecordedOp),
    fix(id, patch) {
      // all on the latest document: the entry may have been sent, fixed or discarded meanwhile, and the day's total
      // may have changed in another process (the rules are checked against what is on disk now)
      return change(id, 'fix', (d, op) => {
        const base = op.add ?? d.rows[op.localId];
        if (!base) throw new InvalidInputError(outboxWords.nothingToFix());
        const ctx = deps.rules.ruleContext(d);
        const next = withJobName<FixedLog>(
          {
            workDate: patch.workDate ?? base.workDate,
            hours: patch.hours ?? base.hours,
            jobId: patch.jobId ?? (patch.jobName ? undefined : base.jobId),
            jobName: patch.jobName ?? (patch.jobId ? undefined : base.jobName),
          },
          ctx.jobs,
        );
        // an edit cannot change the job (spec 4.2): only an add's job is checked against the job list
        const violations = checkLog({ ...next, localId: op.localId, jobFixed: op.kind !== 'add' }, ctx);
        if (violations.length > 0) throw new InvalidInputError(violationsWords(violations), violations);
        // the user's word on billing; else another job for an add brings its own billing
        const billingStatus =
          patch.billable !== undefined
            ? billingFor(undefined, patch.billable)
            : op.kind === 'add' && (patch.jobId || patch.jobName)
              ? jobOf(ctx.jobs, next)?.jobBillableStatus
              : undefined;
        const fields: Partial<LogFields> = {
          ...(patch.workDate ? { workDate: patch.workDate } : {}),
          ...(patch.hours ? { hours: patch.hours } : {}),
          ...(op.kind === 'add' && next.jobName ? { jobName: next.jobName, jobId: next.jobId } : {}),
          ...(billingStatus ? { billingStatus } : {}),
          ...(patch.description !== undefined ? { description: patch.description } : {}),
        } as Partial<LogFields>;
        const before = base.workDate;
        fixOp(d, id, fields, clock.now());
        return [before, fields.workDate ?? before];
      });
    },
  };
}
