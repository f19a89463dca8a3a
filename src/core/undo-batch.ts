/**
 * Undo of several logs made at once (copy a week, several days, a duplicated day: ./log-batch.ts) as one act: every
 * log the batch made is undone as the undo of one add is (./undo.ts), and what could not be undone is said, log by
 * log. A log that had not reached the service (still queued, or refused by it) is taken out of the outbox and nothing
 * is sent for it; one the service may hold gets one delete. A log in a week submitted or approved since stays (its
 * week takes no change); one deleted or discarded since is not here to undo. A day the batch skipped made no log, so
 * it is not remembered at all.
 *
 * Durability: every log's undo is recorded in ONE journal change, under the outbox's lock, on the latest document, so
 * Punchcard killed meanwhile leaves either all of them undone or none (never half a batch); a second undo finds the
 * rows already gone or deleting and makes no second delete. The deletes are then sent together, each answer awaited
 * at most as long as one log's (./log-gate.ts WAIT_FOR_SYNC_MS): one engine run for the whole batch.
 */
import type { BatchPreview } from '../shared/domain';
import type { OperationCall, UndoResult, UndoneLog } from '../shared/contract';
import type { Clock } from './context';
import { coreWords } from './core-words';
import type { Ledger, LogFields } from './journal';
import type { LogGate } from './log-gate';
import { refuse, violationOf } from './log-rules';
import { recordDelete, toLocalTimeLog } from './outbox';
import { lockedAsRead } from './rules';
import type { Weeks } from './week';

/** One log a batch made, as the undo list keeps it (its fields when made). */
export interface MadeLog {
  localId: string;
  before: LogFields;
}

export interface BatchUndoDeps {
  ledger: Ledger;
  gate: LogGate;
  weeks: Pick<Weeks, 'isLocked' | 'waitsForDecision'>;
  clock: Clock;
  /** After the change: the dates it touched (for `ledger`, `outbox` and `status` events). */
  changed: (dates: string[]) => void;
}

/** The local ids of the logs a batch's commit made (a day skipped made none: there is nothing of it to undo). */
export const madeIds = (r: BatchPreview): string[] => r.items.flatMap((i) => (i.localId && i.verdict === 'log' ? [i.localId] : []));

/** The least settled of the undos' states: a refusal is said over a wait, a wait over done. */
const leastSettled = (states: UndoneLog['state'][]): UndoResult['state'] =>
  states.includes('needs-attention') ? 'needs-attention' : states.includes('queued') ? 'queued' : 'synced';

/**
 * Undoes change `id`, the batch that made `logs`. Throws when not one log could be undone: the locked week's refusal
 * (the words a delete there gets), else `gone()`.
 */
export async function undoBatch(
  deps: BatchUndoDeps,
  id: string,
  logs: MadeLog[],
  gone: () => Error,
  call?: OperationCall,
): Promise<UndoResult> {
  const { ledger, gate, weeks, clock } = deps;
  gate.requireAccount();
  // each week read once from the service when the copy says it is locked: a week rejected a moment ago takes the undo
  const asRead = await gate.freshen(
    logs.map((l) => ledger.read().rows[l.localId]?.workDate ?? l.before.workDate),
    { commit: true },
  );
  const was = ledger.read();
  const shown = logs.map((l) => {
    const row = was.rows[l.localId];
    return row ? toLocalTimeLog(was, row) : { ...l.before, localId: l.localId, sync: 'synced' as const, source: 'local' as const };
  });
  const now = clock.now();
  // one change for the whole batch: all of it undone, or (killed, a full disk) none of it
  const done = ledger.change((j) =>
    logs.map((l): 'removed' | 'queued' | NonNullable<UndoneLog['kept']> => {
      const row = j.rows[l.localId];
      if (!row || row.pendingDelete) return 'gone';
      if (weeks.isLocked(row.workDate)) return weeks.waitsForDecision(row.workDate) ? 'submitted' : 'approved';
      return recordDelete(j, l.localId, now);
    }),
  );
  const undone = logs.filter((_, i) => done[i] === 'removed' || done[i] === 'queued');
  if (undone.length === 0) {
    const locked = logs.findIndex((_, i) => done[i] === 'submitted' || done[i] === 'approved');
    if (locked < 0) throw gone();
    const date = shown[locked].workDate;
    refuse([
      { field: 'week', rule: 'locked', ...lockedAsRead(violationOf(coreWords.lockedDelete()), date, gate.ruleContext(undefined, asRead)) },
    ]);
  }
  deps.changed([...new Set(undone.map((l) => shown[logs.indexOf(l)].workDate))]);
  // the deletes go together: one run of the engine, each answer awaited at most as long as one log's
  const states = await Promise.all(
    logs.map(async (l, i) => (done[i] === 'queued' ? (await gate.send(l.localId, call?.signal)).state : undefined)),
  );
  const items: UndoneLog[] = logs.map((_, i) => {
    const d = done[i];
    const log = shown[i];
    if (d === 'removed') return { log, withdrawn: true };
    if (d === 'queued') return { log, state: states[i]! };
    return { log, kept: d };
  });
  const first = items.find((i) => !i.kept)!;
  const sent = items.filter((i) => i.state !== undefined);
  return {
    id,
    kind: 'add',
    state: leastSettled(sent.map((i) => i.state)),
    log: first.log,
    ...(sent.length === 0 ? { withdrawn: true } : {}),
    logs: items,
  };
}
