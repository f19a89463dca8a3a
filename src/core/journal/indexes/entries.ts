/**
 * The entries' index and the counts, one entry at a time: an unfinished entry counted under its log's account, a
 * log's list of entries following a change's events, and whether a row may hold a log on the service
 * (./held.ts says what each holds).
 */
import type { LedgerRow, OutboxOp } from '../types';
import { NONE, type Counts, type OpIndex } from './held';

/** Whether a row may hold a log on the service the ledger does not know by id (../../week/claim.ts says why). */
export function noteMaybeOnService(idx: OpIndex, localId: string, row: LedgerRow | undefined): void {
  let maybe = false;
  if (row && !row.timeLogId) {
    const add = (idx.byLocalId.get(localId) ?? NONE).find((o) => o.kind === 'add' && o.state !== 'synced');
    maybe = !add || add.maybeSent;
  }
  if (maybe) idx.maybeOnService!.add(localId);
  else idx.maybeOnService!.delete(localId);
}

/** An unfinished entry counted under `account` (or, with -1, taken out). */
export function count(counts: Counts, op: OutboxOp, account: string, sign: 1 | -1 = 1): void {
  if (op.state === 'synced') return;
  let c = counts.get(account);
  if (!c) counts.set(account, (c = { queued: 0, sending: 0, 'needs-attention': 0 }));
  c[op.state] += sign;
  if (c.queued + c.sending + c['needs-attention'] === 0) counts.delete(account);
}

/**
 * Applies the entries' events to a log's lists; false when the index cannot follow (an entry moved to another log).
 * `was`: each entry as the index holds it before the event (undefined: a new one); `now` notes it after.
 */
export function carryOps(
  idx: OpIndex,
  events: ReadonlyArray<OutboxOp | string>,
  was: (id: string) => OutboxOp | undefined,
  now: (id: string, op: OutboxOp | undefined) => void,
): boolean {
  for (const e of events) {
    if (typeof e === 'string') {
      const old = was(e);
      if (!old) continue;
      const list = (idx.byLocalId.get(old.localId) ?? NONE).filter((o) => o.id !== e);
      if (list.length === 0) idx.byLocalId.delete(old.localId);
      else idx.byLocalId.set(old.localId, list);
      now(e, undefined);
      continue;
    }
    const { id, localId } = e;
    const old = was(id);
    if (old && old.localId !== localId) return false;
    const list = idx.byLocalId.get(localId) ?? NONE;
    idx.byLocalId.set(localId, old ? list.map((o) => (o.id === id ? e : o)) : [...list, e]);
    now(id, e);
  }
  return true;
}
