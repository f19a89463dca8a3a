/**
 * The read-only questions the rest of the core asks of the journal (../journal/types.ts): whose a row is, a log's sync
 * state, a row or an entry as the bridge shows it, the outbox's counts, whether a one-time action's logs are recorded,
 * whether a service log is one of ours. Pure: they take the document (or a draft of it inside `ledger.change`) and
 * change nothing.
 */
import { accountKeySaid, sameAccount } from '../../shared/account-key';
import { saidOf } from '../../shared/i18n/said';
import { outboxWords } from './outbox-words';
import type { LocalTimeLog, OutboxEntry, OutboxGroupId, SyncState, TimeLog } from '../../shared/domain';
import { OUTBOX_GROUPS, shownBefore } from '../../shared/status/outbox-groups';
import { countedAs, opsOf, rowsOn, unfinishedByAccount, type Journal, type LedgerRow, type LogFields, type OutboxOp } from '../journal';

/**
 * A row belongs to the current account (rows from before accounts were recorded belong to any). Keys are compared in
 * normal form, so a row recorded under an older raw key (`https://X/people/|Maya@Acme.com`) still matches.
 */
export function ofAccount(row: LedgerRow | undefined, account: string): boolean {
  return !row?.account || sameAccount(row.account, account);
}

const BY_RANK: readonly SyncState[] = ['synced', 'queued', 'sending', 'needs-attention'];
const RANK: Readonly<Record<string, number>> = { queued: 1, sending: 2, 'needs-attention': 3 };
/** A log's sync state: the worst of its unfinished entries' (needs-attention > sending > queued); no list or set made. */
export function syncStateOf(j: Readonly<Journal>, localId: string, ops = (id: string) => opsOf(j, id)): SyncState {
  let worst = 0;
  for (const o of ops(localId)) worst = Math.max(worst, RANK[o.state] ?? 0);
  return BY_RANK[worst];
}

/** `ops`: a reader of the logs' entries (../journal `opsReaderFor`, for many rows at once). */
export function toLocalTimeLog(j: Readonly<Journal>, row: LedgerRow, ops = (id: string) => opsOf(j, id)): LocalTimeLog {
  const sync = syncStateOf(j, row.localId, ops);
  const attention = sync === 'needs-attention' ? ops(row.localId).find((o) => o.state === 'needs-attention') : undefined;
  return {
    localId: row.localId,
    ...(row.timeLogId ? { timeLogId: row.timeLogId } : {}),
    workDate: row.workDate,
    hours: row.hours,
    ...(row.jobId ? { jobId: row.jobId } : {}),
    jobName: row.jobName,
    billingStatus: row.billingStatus,
    ...(row.workItem ? { workItem: row.workItem } : {}),
    ...(row.description ? { description: row.description } : {}),
    sync,
    ...(attention?.message ? { message: attention.message } : {}),
    ...(attention?.message && attention.said ? { said: attention.said } : {}),
    ...(row.approvalStatus ? { approvalStatus: row.approvalStatus } : {}),
    ...(row.approvalStatus === 'pending' || row.approvalStatus === 'approved' ? { locked: true } : {}),
    source: 'local',
  };
}

/** An entry of another account: which one it waits for (English, and as a code and values). */
function waitsFor(key: string): { waitsFor: string; waitsForSaid: ReturnType<typeof saidOf> } {
  const w = outboxWords.waitsFor({ said: accountKeySaid(key) });
  return { waitsFor: w.message, waitsForSaid: saidOf(w) };
}

/**
 * An unfinished entry of a log whose delete a damage report offers (the row's `deleteOffered`): it is held, not sent,
 * until the user answers (./send-steps.ts skips it), so it says so instead of looking merely queued.
 */
function waitsForAnswer(
  row: LedgerRow | undefined,
  op: OutboxOp,
): { waitsForAnswer: string; waitsForAnswerSaid: ReturnType<typeof saidOf>; heldByReport: string } | undefined {
  const report = row?.deleteOffered;
  if (report === undefined || op.state === 'synced') return undefined;
  const w = outboxWords.waitsForAnswer(report);
  return { waitsForAnswer: w.message, waitsForAnswerSaid: saidOf(w), heldByReport: report };
}

/** An unfinished entry of a log made under another account than the signed-in one: it waits for that account. */
function waitsForAnother(row: LedgerRow | undefined, op: OutboxOp, account: string | undefined): boolean {
  return account !== undefined && op.state !== 'synced' && !ofAccount(row, account) && row?.account !== undefined;
}

/**
 * A part of the outbox as the page shows it (groups, newest first: ../../shared/status/outbox-groups.ts), with the counts of
 * every group: each entry is only placed (its group, by a number), and only the `count` from `from` on are made into
 * the page's entries. With 10,000 waiting, the whole list made 10,000 of them at every start of a page; then a
 * placed object per entry and a sort of all of them still cost 5-8 ms of an opening. Entries are appended as they
 * are made, so a group read backwards is nearly always newest first already: it is checked in one pass and sorted
 * only when it is not (a clock set back, an entry moved to the end).
 */
export function outboxWindow(
  j: Readonly<Journal>,
  account: string | undefined,
  from: number,
  count: number,
): { entries: OutboxEntry[]; total: number; groups: Record<OutboxGroupId, number> } {
  const ops = j.ops;
  const buckets: number[][] = OUTBOX_GROUPS.map(() => []);
  const slot = new Map(OUTBOX_GROUPS.map((g, i) => [g, i]));
  // whether a row's account is another than the signed-in one, asked once per distinct key (a handful); not at all
  // when the counts (kept by the ledger) say no unfinished entry is another account's: no row read per entry
  const otherKey = new Map<string, boolean>();
  const anyOther = account !== undefined && countByState(j, account).otherAccounts > 0;
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i];
    let group: OutboxGroupId;
    if (op.state === 'synced') group = 'sent';
    else {
      const key = anyOther ? j.rows[op.localId]?.account : undefined;
      let other = false;
      if (key) {
        other = otherKey.get(key) ?? !sameAccount(key, account!);
        otherKey.set(key, other);
      }
      group = other ? 'other-account' : op.state === 'needs-attention' ? 'attention' : 'waiting';
    }
    buckets[slot.get(group)!].push(i);
  }
  const groups = Object.fromEntries(OUTBOX_GROUPS.map((g, k) => [g, buckets[k].length])) as Record<OutboxGroupId, number>;
  const entries: OutboxEntry[] = [];
  let start = 0;
  for (const [k, group] of OUTBOX_GROUPS.entries()) {
    const size = buckets[k].length;
    const lo = Math.max(from, start) - start;
    const hi = Math.min(from + count, start + size) - start;
    start += size;
    if (lo >= hi) continue;
    for (const i of inShownOrder(ops, group, buckets[k]).slice(lo, hi)) entries.push(toOutboxEntry(j, ops[i], account));
  }
  return { entries, total: ops.length, groups };
}

/** A group's entries (their places in `ops`, in the outbox's order) as the page shows them: newest first. */
function inShownOrder(ops: readonly OutboxOp[], group: OutboxGroupId, places: number[]): number[] {
  const backwards = places.slice().reverse();
  let sorted = true;
  for (let k = 1; k < backwards.length && sorted; k++) sorted = shownBefore(group, ops[backwards[k - 1]], ops[backwards[k]]) <= 0;
  return sorted ? backwards : backwards.sort((a, b) => shownBefore(group, ops[a], ops[b]));
}

/**
 * Every group's count (the page's headings), from the ledger's counts of unfinished entries (./ledger-queries.ts
 * `countByState`, by the index): the same grouping as `outboxWindow` without a pass over the entries, so each push
 * of a change carries them (a page holding a window of 10,000 still shows true counts).
 */
export function groupCounts(j: Readonly<Journal>, account?: string): Record<OutboxGroupId, number> {
  const c = countByState(j, account);
  const waiting = c.queued + c.sending;
  return {
    attention: c.needsAttention,
    waiting,
    'other-account': c.otherAccounts,
    sent: j.ops.length - c.needsAttention - waiting - c.otherAccounts,
  };
}

/**
 * `account`: the signed-in account's key. An unfinished entry of another account says which account it waits for,
 * and offers to be discarded (it is never sent with this account, and never hidden).
 */
export function toOutboxEntry(j: Readonly<Journal>, op: OutboxOp, account?: string): OutboxEntry {
  const row = j.rows[op.localId];
  const fields = op.add ?? row;
  const other = waitsForAnother(row, op, account) ? row?.account : undefined;
  const resolutions = [...op.resolutions];
  if (other && op.state === 'queued' && !resolutions.includes('discard')) resolutions.push('discard');
  return {
    id: op.id,
    kind: op.kind,
    localId: op.localId,
    workDate: op.patch?.workDate ?? fields?.workDate ?? '',
    ...((op.patch?.hours ?? fields?.hours) ? { hours: op.patch?.hours ?? fields?.hours } : {}),
    ...(fields?.jobName ? { jobName: fields.jobName } : {}),
    state: op.state,
    ...(op.message ? { message: op.message } : {}),
    ...(op.message && op.said ? { said: op.said } : {}),
    ...(op.field && op.state === 'needs-attention' ? { field: op.field } : {}),
    resolutions,
    ...(op.maybeSent && op.state !== 'synced' ? { maybeSent: true } : {}),
    ...(op.unchecked && op.state !== 'synced' ? { unchecked: true } : {}),
    ...(other ? waitsFor(other) : {}),
    ...waitsForAnswer(row, op),
    attempts: op.attempts.map((a) => ({ ...a })),
    createdAt: op.createdAt,
    updatedAt: op.updatedAt,
  };
}

/**
 * Unfinished entries by state. With `account`: the signed-in account's only, and `otherAccounts` counts the
 * unfinished ones made under another account (they wait for it). From the ledger's index (../journal/indexes/held.ts: the
 * counts by account, a handful of keys) on its document: the status asks this after every change, and a pass over
 * 10,000 waiting entries each time was most of a log's cost; a document of one's own is counted entry by entry.
 */
export function countByState(
  j: Readonly<Journal>,
  account?: string,
): { queued: number; sending: number; needsAttention: number; otherAccounts: number } {
  let queued = 0,
    sending = 0,
    needsAttention = 0,
    otherAccounts = 0;
  const indexed = unfinishedByAccount(j);
  if (indexed) {
    for (const [key, c] of indexed) {
      const of = countedAs(key).account;
      if (account !== undefined && of !== '' && !sameAccount(of, account)) {
        otherAccounts += c.queued + c.sending + c['needs-attention'];
        continue;
      }
      queued += c.queued;
      sending += c.sending;
      needsAttention += c['needs-attention'];
    }
    return { queued, sending, needsAttention, otherAccounts };
  }
  for (const o of j.ops) {
    if (o.state === 'synced') continue;
    if (account !== undefined && !ofAccount(j.rows[o.localId], account)) {
      otherAccounts++;
      continue;
    }
    if (o.state === 'queued') queued++;
    else if (o.state === 'sending') sending++;
    else if (o.state === 'needs-attention') needsAttention++;
  }
  return { queued, sending, needsAttention, otherAccounts };
}

/**
 * The signed-in account's unfinished entries held for the user's answer to a torn delete (their row's
 * `deleteOffered`): counted in `countByState`'s queued, but not sent until the answer, so a sync's report says them
 * apart. From the ledger's counts (a held log's entries have a key of their own: no walk over 10,000 rows at each
 * report); on a document of one's own, rows first (a held one is rare), then only their entries.
 */
export function heldForAnswer(j: Readonly<Journal>, account?: string): number {
  let held = 0;
  const indexed = unfinishedByAccount(j);
  if (indexed) {
    for (const [key, c] of indexed) {
      const of = countedAs(key);
      if (of.held && (account === undefined || of.account === '' || sameAccount(of.account, account))) held += c.queued + c.sending;
    }
    return held;
  }
  for (const id in j.rows) {
    const row = j.rows[id];
    if (row.deleteOffered === undefined || (account !== undefined && !ofAccount(row, account))) continue;
    for (const o of opsOf(j, id)) if (o.state === 'queued' || o.state === 'sending') held++;
  }
  return held;
}

/**
 * @deprecated Use `parseHhmm` (src/shared/time/hours.ts): one rule for hours, bad input refused, never read as 0. Kept
 * only while `sameLog` and `sameEdit` below use it; delete it once they are gone.
 */
export function minutesOf(hhmm: string): number {
  const m = /^(\d+):([0-5]\d)$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : 0;
}

/**
 * Does the journal hold logs that a one-time action recorded on one of `days`: the stop of timer `timerId`, or the
 * offer of damage report `damageId` logged again? The action is committed when they are durable, so asking under the
 * outbox's lock (`j`: the document being changed) records it once (src/core/timer/README.md).
 */
export function loggedBy(
  j: Readonly<Journal>,
  mark: { timerId: string } | { damageId: string } | { undoOf: string },
  days: readonly string[],
): boolean {
  const marked = (row: LedgerRow) =>
    'timerId' in mark ? row.timerId === mark.timerId : 'damageId' in mark ? row.damageId === mark.damageId : row.undoOf === mark.undoOf;
  return days.some((d) => rowsOn(j, d).some(marked));
}

/** A service log is this add (docs/outbox.md "Reconciliation"): same day, job, hours and description. */
export function sameLog(log: TimeLog, add: LogFields): boolean {
  const sameJob = add.jobId && log.jobId ? add.jobId === log.jobId : text(add.jobName).toLowerCase() === text(log.jobName).toLowerCase();
  return (
    log.workDate === add.workDate &&
    sameJob &&
    minutesOf(log.hours) === minutesOf(add.hours) &&
    text(log.description) === text(add.description)
  );
}

/** A service log shows this edit's values (an edit whose answer was lost: applied or not). */
export function sameEdit(log: TimeLog, patch: Partial<LogFields>): boolean {
  return (
    (patch.hours === undefined || minutesOf(patch.hours) === minutesOf(log.hours)) &&
    (patch.workDate === undefined || patch.workDate === log.workDate) &&
    (patch.billingStatus === undefined || patch.billingStatus === log.billingStatus) &&
    (patch.description === undefined || text(patch.description) === text(log.description))
  );
}

function text(s: string | undefined): string {
  return (s ?? '').trim();
}
