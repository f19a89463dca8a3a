/**
 * The bridge calls that make, change or delete logs, each change remembered so it can be undone (its answer carries
 * `undoId`: ../undo.ts), and the undo itself. A batch (copy a week, several days, a duplicated day) is remembered as
 * one change, all its logs undone together.
 */
import type { Handlers } from '../../shared/contract';
import type { BatchPreview } from '../../shared/domain';
import type { FillCalls } from '../copy-week';
import type { LogGate } from '../log-gate';
import type { Undo } from '../undo';
import { madeIds } from '../undo-batch';

export type UndoCalls = 'checkLog' | 'logTime' | 'editLog' | 'deleteLog' | 'undoChange';

export function undoableLogHandlers(gate: LogGate, undo: Undo): Pick<Handlers, UndoCalls> {
  // The change is made (durable in the outbox) before it is remembered for undo: if remembering fails (Punchcard
  // closing, a full disk), the answer is still the change's own, only without an undoId. Saying "not saved" then would
  // be false, and the user would log it again.
  const remember = (kind: Parameters<Undo['remember']>[0], localId: string, log: Parameters<Undo['remember']>[2]) => {
    try {
      return { undoId: undo.remember(kind, localId, log) };
    } catch {
      return {};
    }
  };
  return {
    checkLog: async (input) => gate.check(input),
    logTime: async (input, call) => {
      const r = await gate.logTime(input, call);
      return { ...r, ...remember('add', r.log.localId, r.log) };
    },
    editLog: async (input, call) => {
      const before = undo.snapshot(input.localId);
      const r = await gate.editLog(input, call);
      return before ? { ...r, ...remember('edit', r.log.localId, before) } : r;
    },
    deleteLog: async ({ localId }, call) => {
      const before = undo.snapshot(localId);
      const r = await gate.deleteLog(localId, call);
      return before ? { state: r.state, ...remember('delete', r.localId, before) } : { state: r.state };
    },
    undoChange: async ({ id }, call) => undo.undo(id, call),
  };
}

/** The batch calls that make logs (`logBatch`, `copyWeek`), their answer with the batch remembered for undo. */
export function undoableFillHandlers(fill: Pick<Handlers, FillCalls>, undo: Undo): Pick<Handlers, FillCalls> {
  // as for one log: the logs are durable before the batch is remembered, and a failure to remember only loses the undoId
  const remembered = <T extends BatchPreview>(r: T): T => {
    try {
      const undoId = undo.rememberBatch(madeIds(r));
      return undoId ? { ...r, undoId } : r;
    } catch {
      return r;
    }
  };
  return {
    ...fill,
    logBatch: async (input, call) => remembered(await fill.logBatch(input, call)),
    copyWeek: async (input, call) => remembered(await fill.copyWeek(input, call)),
  };
}
