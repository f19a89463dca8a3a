/**
 * Recording a user's change as entries of the outbox, as pure functions over a draft of the journal
 * (../journal/ledger.ts). The caller wraps each in `ledger.change(...)`, so every rule below is one atomic write. The
 * states a send then moves an entry through are ./send-steps.ts; keeping the document bounded is ./housekeeping.ts.
 *
 * Compaction (so an offline afternoon of fixes costs one request, not ten):
 * - an edit of an add that has not (maybe) reached the service folds into the add;
 * - a delete of such an add removes the add, its edits and the ledger row: nothing is ever sent;
 * - consecutive edits of a synced log that have not been sent fold into one edit;
 * - edits and deletes wait for their add's timeLogId (an edit needs it, spec 4.2).
 *
 * The entries list is searched and cut with ../journal/draft/entries.ts's `findItem`, `itemsWhere` and `removeItems`, not
 * `j.ops.find` / `j.ops.filter`: through the draft those make a draft of every entry they pass (10,000 of them in
 * a big outbox, on every change); these make one only of what they hand back to be changed.
 */
import { randomUUID } from 'node:crypto';
import type { EditPatch, Journal, LedgerRow, LogFields, OutboxOp } from '../journal';
import { findItem, itemsToRead, itemsWhere, removeItems } from '../journal';
import { saidOf, type Words } from '../../shared/i18n/said';
import { outboxWords } from './outbox-words';

export function newLocalId(): string {
  return `L-${randomUUID()}`;
}

/** A plain Error that says `w` (what the journal's rules throw at the user). */
const refusal = (w: Words): Error => Object.assign(new Error(w.message), { said: saidOf(w) });

function nextOpId(j: Journal): string {
  j.seq += 1;
  return `op-${String(j.seq).padStart(6, '0')}`;
}

function pendingAdd(j: Journal, localId: string): OutboxOp | undefined {
  return findItem(j.ops, (o) => o.localId === localId && o.kind === 'add' && o.state !== 'synced');
}

/** An entry that certainly has not reached the service and is not in flight: it may still be rewritten. */
function rewritable(op: OutboxOp): boolean {
  return !op.maybeSent && op.state !== 'sending' && op.state !== 'synced';
}

export function requeue(op: OutboxOp, now: number): void {
  op.state = 'queued';
  delete op.message;
  delete op.said;
  delete op.field;
  op.resolutions = [];
  op.updatedAt = now;
}

/**
 * `origin`: the one-time action this log comes from, kept on its row as that action's commit mark: the timer whose
 * stop it is (src/core/timer/README.md), or the damage report whose offered log it is.
 */
export function recordAdd(
  j: Journal,
  fields: LogFields,
  now: number,
  account?: string,
  origin?: { timerId?: string; damageId?: string; copiedFrom?: string; undoOf?: string },
): LedgerRow {
  const localId = newLocalId();
  const row: LedgerRow = {
    ...clean(fields),
    localId,
    ...(account ? { account } : {}),
    ...(origin?.timerId ? { timerId: origin.timerId } : {}),
    ...(origin?.damageId ? { damageId: origin.damageId } : {}),
    ...(origin?.copiedFrom ? { copiedFrom: origin.copiedFrom } : {}),
    ...(origin?.undoOf ? { undoOf: origin.undoOf } : {}),
    createdAt: now,
    updatedAt: now,
  };
  j.rows[localId] = row;
  j.ops.push({
    id: nextOpId(j),
    kind: 'add',
    localId,
    state: 'queued',
    resolutions: [],
    attempts: [],
    add: clean(fields),
    maybeSent: false,
    createdAt: now,
    updatedAt: now,
  });
  return row;
}

export function recordEdit(j: Journal, localId: string, patch: EditPatch, now: number): LedgerRow {
  const row = j.rows[localId];
  if (!row || row.pendingDelete) throw refusal(outboxWords.logGone());
  const p = clean(patch);
  Object.assign(row, p, { updatedAt: now });
  const add = pendingAdd(j, localId);
  if (add && rewritable(add)) {
    add.add = { ...add.add!, ...p };
    if (add.state === 'needs-attention') requeue(add, now); // the user changed it: try the new values
    stopWaitingForServiceDay(add);
    add.updatedAt = now;
    return row;
  }
  const last = lastUnfinished(j, localId);
  if (last && last.kind === 'edit' && rewritable(last)) {
    last.patch = { ...last.patch, ...p };
    if (last.state === 'needs-attention') requeue(last, now);
    stopWaitingForServiceDay(last);
    last.updatedAt = now;
    // edited back to what the service holds (an edit undone before it went): nothing is left to send
    if (row.remote && sameAsRemote(row, row.remote)) removeItems(j.ops, (o) => o.id === last.id);
    return row;
  }
  j.ops.push({
    id: nextOpId(j),
    kind: 'edit',
    localId,
    state: 'queued',
    resolutions: [],
    attempts: [],
    patch: p,
    maybeSent: false,
    createdAt: now,
    updatedAt: now,
  });
  return row;
}

/**
 * An entry waiting for the service's day to begin (./send-steps.ts `markWaitingForServiceDay`) that the user changed:
 * the new values (another day) go at once, not at the end of that wait.
 */
function stopWaitingForServiceDay(op: OutboxOp): void {
  if (!op.waitsForServiceDay) return;
  delete op.waitsForServiceDay;
  delete op.retryAt;
}

/** The fields an edit can change are what the service last confirmed. */
function sameAsRemote(row: LedgerRow, remote: LogFields): boolean {
  return (
    row.hours === remote.hours &&
    row.workDate === remote.workDate &&
    row.billingStatus === remote.billingStatus &&
    (row.description ?? '') === (remote.description ?? '')
  );
}

/**
 * Takes back a delete that has not left (Undo right after a delete): the delete entry goes and the log stays as it
 * was. The edits the delete dropped (`recordDelete`) are queued again as one edit when the row's
 * values differ from what the service holds. Returns false when the delete may have reached the service (sending,
 * sent, synced): then the log is added again instead (src/core/undo.ts).
 */
export function withdrawDelete(j: Journal, localId: string, now: number): boolean {
  const row = j.rows[localId];
  const del = findItem(j.ops, (o) => o.localId === localId && o.kind === 'delete' && o.state !== 'synced');
  if (!row || !row.pendingDelete || !del || !rewritable(del)) return false;
  removeItems(j.ops, (o) => o.id === del.id);
  delete row.pendingDelete;
  row.updatedAt = now;
  if (row.remote && !sameAsRemote(row, row.remote)) {
    const { hours, workDate, billingStatus, description } = row;
    recordEdit(j, localId, { hours, workDate, billingStatus, description: description ?? '' }, now);
  }
  return true;
}

/** The log's latest unfinished entry, as a draft. */
function lastUnfinished(j: Journal, localId: string): OutboxOp | undefined {
  const items = itemsToRead(j.ops);
  for (let i = items.length - 1; i >= 0; i--) if (items[i].localId === localId && items[i].state !== 'synced') return j.ops[i];
  return undefined;
}

/** Returns 'removed' when nothing ever needs to reach the service (a never-sent add). */
export function recordDelete(j: Journal, localId: string, now: number): 'removed' | 'queued' {
  const row = j.rows[localId];
  if (!row || row.pendingDelete) throw refusal(outboxWords.logGone());
  const add = pendingAdd(j, localId);
  if (add && rewritable(add)) {
    removeItems(j.ops, (o) => o.localId === localId && o.state !== 'synced');
    delete j.rows[localId];
    return 'removed';
  }
  // unsent edits of a log about to be deleted are pointless
  removeItems(j.ops, (o) => o.localId === localId && o.kind === 'edit' && rewritable(o));
  row.pendingDelete = true;
  row.updatedAt = now;
  j.ops.push({
    id: nextOpId(j),
    kind: 'delete',
    localId,
    state: 'queued',
    resolutions: [],
    attempts: [],
    maybeSent: false,
    createdAt: now,
    updatedAt: now,
  });
  return 'queued';
}

export function findOp(j: Journal, id: string): OutboxOp {
  const op = findItem(j.ops, (o) => o.id === id);
  if (!op) throw refusal(outboxWords.entryGone(id));
  return op;
}

/**
 * Compaction again, after an entry turned out NOT to have reached the service: edits and a delete the user
 * made while it was in flight were queued separately (it might have been applied); now they can fold into it.
 */
export function recompact(j: Journal, localId: string): void {
  const mine = itemsWhere(j.ops, (o) => o.localId === localId && o.state !== 'synced');
  const add = mine.find((o) => o.kind === 'add');
  const drop = new Set<string>();
  if (add && rewritable(add)) {
    if (mine.some((o) => o.kind === 'delete' && rewritable(o))) {
      removeItems(j.ops, (o) => o.localId === localId && o.state !== 'synced');
      delete j.rows[localId];
      return;
    }
    for (const e of mine) {
      if (e.kind !== 'edit' || !rewritable(e)) continue;
      add.add = { ...add.add!, ...e.patch };
      drop.add(e.id);
    }
  } else {
    let prev: OutboxOp | undefined;
    for (const o of mine) {
      if (o.kind === 'edit' && rewritable(o) && prev?.kind === 'edit' && rewritable(prev)) {
        prev.patch = { ...prev.patch, ...o.patch };
        drop.add(o.id);
      } else {
        prev = o;
      }
    }
  }
  if (drop.size > 0) removeItems(j.ops, (o) => drop.has(o.id));
}

/** Drops undefined keys so they never overwrite a value when merged. */
export function clean<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
