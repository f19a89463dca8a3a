/**
 * The outbox's rules, as pure functions over a draft of the journal (../journal/ledger.ts). The caller wraps each in
 * `ledger.change(...)`, so every rule below is one atomic write.
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
import type { OutboxField, OutboxKind, RuleViolation } from '../../shared/domain';
import type { EditPatch, Journal, LedgerRow, LogFields, OutboxOp } from '../journal';
import { localDate, addDays } from '../../shared/time/week';
import { findItem, itemsToRead, itemsWhere, removeItems, rowsBefore } from '../journal';
import { redact, redactSaid } from '../../shared/redact';
import { saidOf, type Said, type Words } from '../../shared/i18n/said';
import { outboxWords } from './outbox-words';
import { ofAccount } from './ledger-queries';

/** Synced entries stay visible in the outbox for a while, then go (the ledger keeps the log itself). */
export const KEEP_SYNCED = 50;
/**
 * Synced ledger rows of days older than this many weeks go (docs/outbox.md "Keeping the ledger bounded"): their weeks
 * are long submitted, the service holds them, and a journal that only grows makes every change slower.
 */
export const KEEP_LEDGER_WEEKS = 16;

export function newLocalId(): string {
  return `L-${randomUUID()}`;
}

export const ENDPOINT: Record<OutboxKind, string> = {
  add: 'timetracker/addtimelog',
  edit: 'timetracker/edittimelog',
  delete: 'timetracker/deletetimelog',
};

export const AMBIGUOUS_ADD_MESSAGE = outboxWords.ambiguousAdd().message;
export const AMBIGUOUS_CHANGE_MESSAGE = outboxWords.ambiguousChange().message;

/** A message kept in the journal: the core's words (code, values and English), or English text not converted. */
export type Text = string | Words;
const englishOf = (t: Text): string => (typeof t === 'string' ? t : t.message);
/** Its code and values, redacted like its English: a value may quote the service, which may echo a token. */
const saidIn = (t: Text): { said?: Said } => (typeof t === 'string' ? {} : { said: redactSaid(saidOf(t)) });

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
    add.updatedAt = now;
    return row;
  }
  const last = lastUnfinished(j, localId);
  if (last && last.kind === 'edit' && rewritable(last)) {
    last.patch = { ...last.patch, ...p };
    if (last.state === 'needs-attention') requeue(last, now);
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
 * was. The edits the delete dropped (./operations.ts `recordDelete`) are queued again as one edit when the row's
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

export type Readiness = { ready: true; op: OutboxOp; reconcile: boolean } | { ready: false };

/**
 * The next entry to work on, in the order the user made them. Skips finished and refused ones, ones whose
 * endpoint is paused (429 / lock-out: only that endpoint waits), and ones waiting for an earlier entry of the
 * same log (an edit waits for its add; a refused add holds its edits back but nothing else).
 * An op that may have reached the service (found in `sending` after a crash, or answered ambiguously) is
 * reconciled before anything is re-sent, unless the user checked and chose "Send again".
 */
export function nextOperation(
  j: Readonly<Journal>,
  isPaused: (endpoint: string) => boolean,
  account?: string,
  /** In flight in another process right now (../sync/claims.ts): it and what follows it of the same log wait. */
  claimedElsewhere: (op: OutboxOp) => boolean = () => false,
  /** A queued entry that waits out its backoff step before it goes again (`retryAt`): it and its log's wait. */
  held: (op: OutboxOp) => boolean = () => false,
): Readiness {
  const blocked = new Set<string>();
  for (const op of j.ops) {
    if (op.state === 'synced') continue;
    // made under another account (the user switched): it waits until that account is back, never goes elsewhere
    if (account !== undefined && !ofAccount(j.rows[op.localId], account)) continue;
    const waiting = blocked.has(op.localId);
    blocked.add(op.localId);
    if (waiting || op.state === 'needs-attention') continue;
    if (op.state === 'sending' && claimedElsewhere(op)) continue;
    if (op.state === 'queued' && op.retryAt !== undefined && held(op)) continue;
    if (isPaused(ENDPOINT[op.kind])) continue;
    return { ready: true, op, reconcile: op.maybeSent && !op.resendApproved };
  }
  return { ready: false };
}

export function findOp(j: Journal, id: string): OutboxOp {
  const op = findItem(j.ops, (o) => o.id === id);
  if (!op) throw refusal(outboxWords.entryGone(id));
  return op;
}

/** Write-ahead: durably marked before the request is sent; a crash after this point is ambiguous. */
export function markSending(j: Journal, id: string, now: number, by?: OutboxOp['sendingBy']): void {
  const op = findOp(j, id);
  op.state = 'sending';
  op.maybeSent = true;
  if (by) op.sendingBy = by;
  else delete op.sendingBy;
  // the user's "Send again" covers this one send only: after a crash from here on, reconcile again
  delete op.resendApproved;
  op.sentAt = now;
  delete op.retryAt;
  op.updatedAt = now;
}

export function markApplied(
  j: Journal,
  id: string,
  now: number,
  how: { timeLogId?: string; outcome?: 'applied' | 'reconciled'; message?: Text } = {},
): void {
  const op = findOp(j, id);
  delete op.sendingBy;
  const row = j.rows[op.localId];
  op.state = 'synced';
  op.syncedAt = now;
  op.updatedAt = now;
  op.resolutions = [];
  delete op.message;
  delete op.said;
  delete op.field;
  delete op.resendApproved;
  delete op.retryAt;
  addAttempt(op, { at: now, outcome: how.outcome ?? 'applied' }, how.message);
  if (op.kind === 'add' && row) {
    if (how.timeLogId) row.timeLogId = how.timeLogId;
    row.remote = { ...op.add! };
  } else if (op.kind === 'edit' && row) {
    row.remote = { ...(row.remote ?? pickFields(row)), ...op.patch };
  } else if (op.kind === 'delete') {
    delete j.rows[op.localId];
  }
  prune(j, now);
}

/**
 * A waiting add whose log was found on the service by another way than its answer (in a timesheet read before the
 * user deletes it: ../week/adopt.ts): settled with that log's id, as a reconciliation, and its history says where it
 * was found. What the week adopts, said as what it means; the send's transitions stay the engine's.
 */
export function settleFoundInTimesheet(j: Journal, id: string, timeLogId: string, now: number): void {
  markApplied(j, id, now, { timeLogId, outcome: 'reconciled', message: outboxWords.foundInDeleted() });
}

/**
 * A send is over without reaching `synced`: the entry leaves `sending` for `state`, and `maybeSent` says whether
 * the service may hold it. The user's "Send again" covered that one send only.
 */
function sendOver(j: Journal, id: string, now: number, state: 'queued' | 'needs-attention', maybeSent: boolean): OutboxOp {
  const op = findOp(j, id);
  delete op.sendingBy;
  delete op.resendApproved;
  delete op.retryAt;
  op.state = state;
  op.maybeSent = maybeSent;
  op.updatedAt = now;
  return op;
}

/** The service surely did not apply it (network before sending, 429, 5xx before processing): try again later. */
export function markRetry(j: Journal, id: string, now: number, message: Text): void {
  const op = sendOver(j, id, now, 'queued', false);
  addAttempt(op, { at: now, outcome: 'retry' }, message);
  recompact(j, op.localId);
}

/**
 * Sent, answered ambiguously, and the service shows it did NOT apply it: it goes again, but not before `retryAt` (one
 * backoff step after its last send, ../sync/outcomes.ts). The write path failed without reaching the service (a reset,
 * a gateway page, a sign-in page on that path only) and will likely fail the same way at once: re-sending as soon as
 * the list showed it absent made 30 to 60 sends in two seconds.
 */
export function markAbsent(j: Journal, id: string, now: number, retryAt: number, message: Text): void {
  markRetry(j, id, now, message);
  const op = findItem(j.ops, (o) => o.id === id);
  if (!op) return;
  op.resends = (op.resends ?? 0) + 1;
  if (retryAt > now) op.retryAt = retryAt;
}

/** Offline for a day means hundreds of retries: the history keeps the latest ones. */
const MAX_ATTEMPTS = 20;
function addAttempt(op: OutboxOp, a: OutboxOp['attempts'][number], message?: Text): void {
  // stored: a message may quote the service, which may echo the request's token back (src/shared/redact.ts)
  op.attempts.push(message !== undefined ? { ...a, message: redact(englishOf(message)), ...saidIn(message) } : a);
  if (op.attempts.length > MAX_ATTEMPTS) op.attempts.splice(0, op.attempts.length - MAX_ATTEMPTS);
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

/**
 * The field of a log a refusal or a broken rule concerns, as the outbox's Fix form has it: a locked week is the date's
 * problem (the log moves to a date in another week).
 */
export function outboxField(field: RuleViolation['field'] | undefined): OutboxField | undefined {
  return field === 'week' ? 'workDate' : field;
}

/**
 * The service refused it (validation): the user must fix or discard; entries behind it that do not depend on it go on.
 * `field`: the log's field the refusal concerns, when known (the Fix form opens on it).
 */
export function markRefused(j: Journal, id: string, now: number, message: Text, field?: RuleViolation['field']): void {
  const op = sendOver(j, id, now, 'needs-attention', false);
  op.message = redact(englishOf(message));
  const { said } = saidIn(message);
  if (said) op.said = said;
  else delete op.said;
  const f = op.kind === 'delete' ? undefined : outboxField(field);
  if (f) op.field = f;
  else delete op.field;
  op.resolutions = op.kind === 'delete' ? ['retry', 'discard'] : ['fix', 'retry', 'discard'];
  addAttempt(op, { at: now, outcome: 'refused' }, message);
  recompact(j, op.localId);
}

/** The outcome could not be established: never re-send blindly, ask the user. */
export function markAmbiguous(j: Journal, id: string, now: number, message?: Text): void {
  const op = sendOver(j, id, now, 'needs-attention', true);
  delete op.field;
  const words = message ?? (op.kind === 'add' ? outboxWords.ambiguousAdd() : outboxWords.ambiguousChange());
  op.message = redact(englishOf(words));
  const { said } = saidIn(words);
  if (said) op.said = said;
  else delete op.said;
  op.resolutions = ['mark-recorded', 'retry', 'discard'];
  addAttempt(op, { at: now, outcome: 'ambiguous' }, words);
}

/** A note on an attempt that changes nothing else (e.g. reconciliation could not reach the service). */
export function noteAttempt(j: Journal, id: string, now: number, outcome: 'retry' | 'ambiguous', message: Text): void {
  const op = findOp(j, id);
  addAttempt(op, { at: now, outcome }, message);
  op.updatedAt = now;
}

/* ------------------------------------------------------------------ housekeeping */

/**
 * Keeps the document bounded: the last KEEP_SYNCED synced outbox entries, and ledger rows of days in the last
 * KEEP_LEDGER_WEEKS weeks. An older row goes only when it has not changed for as long and nothing of it is
 * unfinished in the outbox (docs/outbox.md). Runs on every sync step: it reads the rows of the old days only (the
 * ledger's index by day) and the entries without a draft of each.
 */
export function prune(j: Journal, now?: number): void {
  if (now !== undefined) pruneLedger(j, addDays(localDate(now), -7 * KEEP_LEDGER_WEEKS), now - KEEP_LEDGER_WEEKS * WEEK_MS);
  const synced = itemsToRead(j.ops).filter((o) => o.state === 'synced');
  if (synced.length <= KEEP_SYNCED) return;
  const drop = new Set(
    synced
      .sort((a, b) => (a.syncedAt ?? 0) - (b.syncedAt ?? 0))
      .slice(0, synced.length - KEEP_SYNCED)
      .map((o) => o.id),
  );
  removeItems(j.ops, (o) => drop.has(o.id));
}

const WEEK_MS = 7 * 86_400_000;

/** Both the log's day and its last change must be old: a log of an old day the user just touched stays. */
function pruneLedger(j: Journal, oldestDay: string, oldestChange: number): void {
  const old = rowsBefore(j, oldestDay).filter((row) => row.updatedAt < oldestChange && !row.pendingDelete);
  if (old.length === 0) return;
  const unfinished = new Set(
    itemsToRead(j.ops)
      .filter((o) => o.state !== 'synced')
      .map((o) => o.localId),
  );
  for (const row of old) if (!unfinished.has(row.localId)) delete j.rows[row.localId];
}

function pickFields(row: LedgerRow): LogFields {
  const { workDate, hours, jobId, jobName, billingStatus, workItem, description } = row;
  return clean({ workDate, hours, jobId, jobName, billingStatus, workItem, description }) as LogFields;
}

/** Drops undefined keys so they never overwrite a value when merged. */
export function clean<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
