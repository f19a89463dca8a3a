/**
 * The read-only questions the rest of the core asks of the journal (../journal/types.ts): whose a row is, a log's sync
 * state, a row as the bridge shows it, the outbox's counts, whether a one-time action's logs are recorded,
 * whether a service log is one of ours. Pure: they take the document (or a draft of it inside `ledger.change`) and
 * change nothing.
 */
import { sameAccount } from '../../shared/account-key';
import type { LocalTimeLog, SyncState, TimeLog } from '../../shared/domain';
import { countedAs, opsOf, rowsOn, unfinishedByAccount, type Journal, type LedgerRow, type LogFields } from '../journal';
import { saidOf } from '../../shared/i18n/said';
import { outboxWords } from './outbox-words';
import { serviceDayWait } from './service-day';

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

/**
 * `ops`: a reader of the logs' entries (../journal `opsReaderFor`, for many rows at once). Made by assignments in the
 * order the keys always had (not by spreading a small object per optional key): an opening's week makes 700 of them,
 * and the spreads were most of the week's garbage (docs/benchmarks.md, "eighth pass").
 */
export function toLocalTimeLog(j: Readonly<Journal>, row: LedgerRow, ops = (id: string) => opsOf(j, id)): LocalTimeLog {
  const sync = syncStateOf(j, row.localId, ops);
  const attention = sync === 'needs-attention' ? ops(row.localId).find((o) => o.state === 'needs-attention') : undefined;
  const log = { localId: row.localId } as LocalTimeLog;
  if (row.timeLogId) log.timeLogId = row.timeLogId;
  log.workDate = row.workDate;
  log.hours = row.hours;
  if (row.jobId) log.jobId = row.jobId;
  log.jobName = row.jobName;
  log.billingStatus = row.billingStatus;
  if (row.workItem) log.workItem = row.workItem;
  if (row.description) log.description = row.description;
  log.sync = sync;
  if (attention?.message) {
    log.message = attention.message;
    if (attention.said) log.said = attention.said;
  }
  if (row.approvalStatus) log.approvalStatus = row.approvalStatus;
  if (row.approvalStatus === 'pending' || row.approvalStatus === 'approved') log.locked = true;
  log.source = 'local';
  if (sync === 'queued' || sync === 'sending') {
    const waiting = ops(row.localId).find((o) => o.waitsForServiceDay !== undefined);
    const wait = waiting && serviceDayWait(waiting, row);
    if (wait) {
      const w = outboxWords.waitsForServiceDay(waiting.kind, wait.day, wait.serviceDay);
      log.waitsForServiceDay = w.message;
      log.waitsForServiceDaySaid = saidOf(w);
    }
  }
  return log;
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
 * The signed-in account's queued entries waiting for the service's day to begin (./service-day.ts). One pass over the
 * entries, asked by the status only while some are queued: a property read each (tens of microseconds at 10,000).
 */
export function waitingForServiceDay(j: Readonly<Journal>, account?: string): number {
  let n = 0;
  for (const o of j.ops) {
    if (o.state === 'queued' && o.waitsForServiceDay !== undefined && (account === undefined || ofAccount(j.rows[o.localId], account))) n++;
  }
  return n;
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
