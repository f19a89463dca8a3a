/**
 * The outbox as the page lists it (../../shared/status/outbox-groups.ts says the groups and their order): an entry as
 * the bridge shows it, a window of the list in the page's order with every group's count, the counts alone. Pure
 * questions of the document, as ./ledger-queries.ts's.
 */
import { accountKeySaid, sameAccount } from '../../shared/account-key';
import { saidOf } from '../../shared/i18n/said';
import type { OutboxEntry, OutboxGroupId } from '../../shared/domain';
import { OUTBOX_GROUPS, shownBefore } from '../../shared/status/outbox-groups';
import type { Journal, LedgerRow, OutboxOp } from '../journal';
import { countByState, ofAccount } from './ledger-queries';
import { outboxWords } from './outbox-words';
import { serviceDayWait } from './service-day';

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

/**
 * An entry refused as a future day that is the user's today (./service-day.ts): it waits for the service's day to
 * begin, and says so (not merely queued, and never "in the future").
 */
function waitsForServiceDay(
  row: LedgerRow | undefined,
  op: OutboxOp,
): { waitsForServiceDay: string; waitsForServiceDaySaid: ReturnType<typeof saidOf> } | undefined {
  const wait = serviceDayWait(op, row);
  if (!wait) return undefined;
  const w = outboxWords.waitsForServiceDay(op.kind, wait.day, wait.serviceDay);
  return { waitsForServiceDay: w.message, waitsForServiceDaySaid: saidOf(w) };
}

/** An unfinished entry of a log made under another account than the signed-in one: it waits for that account. */
function waitsForAnother(row: LedgerRow | undefined, op: OutboxOp, account: string | undefined): boolean {
  return account !== undefined && op.state !== 'synced' && !ofAccount(row, account) && row?.account !== undefined;
}

/**
 * A part of the outbox as the page shows it (groups, newest first: ../../shared/status/outbox-groups.ts), with the counts of
 * every group: each entry is only placed (its group's number, in one byte per entry), and only the `count` from `from`
 * on are made into the page's entries. With 10,000 waiting, the whole list made 10,000 of them at every start of a
 * page; then a placed object per entry and a sort of all of them still cost 5-8 ms of an opening, and a list of
 * places per group (grown by pushes, then copied and reversed) was most of the window's garbage. Entries are
 * appended as they are made, so a group read backwards is nearly always newest first already: the window is taken
 * from it in one backward pass that checks the order, and the group is listed and sorted only when it is not (a
 * clock set back, an entry moved to the end).
 */
export function outboxWindow(
  j: Readonly<Journal>,
  account: string | undefined,
  from: number,
  count: number,
): { entries: OutboxEntry[]; total: number; groups: Record<OutboxGroupId, number> } {
  const ops = j.ops;
  const sizes = OUTBOX_GROUPS.map(() => 0);
  const slot = new Map(OUTBOX_GROUPS.map((g, i) => [g, i]));
  const placed = new Uint8Array(ops.length);
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
    const k = slot.get(group)!;
    placed[i] = k;
    sizes[k]++;
  }
  const groups = Object.fromEntries(OUTBOX_GROUPS.map((g, k) => [g, sizes[k]])) as Record<OutboxGroupId, number>;
  const entries: OutboxEntry[] = [];
  let start = 0;
  for (let k = 0; k < OUTBOX_GROUPS.length; k++) {
    const size = sizes[k];
    const lo = Math.max(from, start) - start;
    const hi = Math.min(from + count, start + size) - start;
    start += size;
    if (lo >= hi) continue;
    for (const i of shownPart(ops, OUTBOX_GROUPS[k], placed, k, lo, hi)) entries.push(toOutboxEntry(j, ops[i], account));
  }
  return { entries, total: ops.length, groups };
}

/**
 * The places in `ops` of the `lo`-th to the `hi`-th entry (excluded) of group number `k` as the page shows the group
 * (newest first), `placed` holding each entry's group. One pass from the end, which checks the order as it goes:
 * only a group found out of order is listed whole and sorted.
 */
function shownPart(ops: readonly OutboxOp[], group: OutboxGroupId, placed: Uint8Array, k: number, lo: number, hi: number): number[] {
  const part: number[] = [];
  let seen = 0;
  let before = -1;
  for (let i = ops.length - 1; i >= 0; i--) {
    if (placed[i] !== k) continue;
    if (before >= 0 && shownBefore(group, ops[before], ops[i]) > 0) {
      const places: number[] = [];
      for (let p = ops.length - 1; p >= 0; p--) if (placed[p] === k) places.push(p);
      return places.sort((a, b) => shownBefore(group, ops[a], ops[b])).slice(lo, hi);
    }
    if (seen >= lo && seen < hi) part.push(i);
    seen++;
    before = i;
  }
  return part;
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
  // its own values (an add), else its log's row, else what it kept when the row went (a synced delete, old journals: none)
  const fields = op.add ?? row ?? op.shown;
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
    ...waitsForServiceDay(row, op),
    attempts: op.attempts.map((a) => ({ ...a })),
    createdAt: op.createdAt,
    updatedAt: op.updatedAt,
  };
}
