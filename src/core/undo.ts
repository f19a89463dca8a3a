/**
 * Undo of the last changes this device made to a log: a log added, edited or deleted through the
 * log gate (the app's Track form and Week's day panel, `punch log|edit|delete`). Each change is remembered in the
 * store `undo.json` (every process on the data directory shares it: the app's Undo and `punch undo` see the same
 * list) with what the log was before, and undone through the same gate, rules and outbox as any change:
 *
 * - an add: deleted. A queued add that has not left is taken out of the outbox and nothing is ever sent
 *   (./outbox/operations.ts `recordDelete`); one that may have left (sending, sent, synced) gets a delete, which waits
 *   for the add's answer. Which of the two happens is decided under the outbox's lock against the sync's
 *   write-ahead `sending` mark, so there is no race between an Undo and a send in flight.
 * - an edit: edited back to the values before. Folded into a waiting add or edit when that has not left (an edit
 *   back to what the service holds leaves nothing to send); else one edit goes, after the one undone.
 * - a delete: a delete that has not left is withdrawn (./outbox/operations.ts `withdrawDelete`); else the log is added
 *   again with the same values, marked with the undone change (`undoOf`), so it is added once however often Undo is
 *   asked, by any process.
 * - several logs made at once (copy a week, several days): one change, all its logs undone together, each as an add
 *   is (./undo-batch.ts).
 *
 * The window: a change can be undone for UNDO_WINDOW_MS after it was made (the app offers its Undo line for a few
 * seconds, `punch undo` for the window: long enough to notice a typo in a terminal, short enough that "the last
 * change" is still the one the user has in mind). `punch undo` without an id undoes the latest change not undone yet;
 * asked again, the one before it.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { OperationCall, UndoResult } from '../shared/contract';
import type { LocalTimeLog } from '../shared/domain';
import { defineMessages } from '../shared/i18n/messages';
import { said } from '../shared/i18n/english';
import type { Journal, LogFields } from './journal';
import { logFieldsSchema } from './journal';
import { once } from '../shared/lazy/once';
import type { LogRules } from './log-rules';
import { loggedBy, toLocalTimeLog, withdrawDelete } from './outbox';
import { accountKeyOf, InvalidInputError, type Session } from './service';
import { isPlainObject, type KeyValueStore, type StoreSchema } from './store';
import { undoBatch, type BatchUndoDeps } from './undo-batch';

/** How long a change stays undoable (docs/cli.md "punch undo"). */
export const UNDO_WINDOW_MS = 15 * 60_000;
/** How many changes are remembered: enough for a few `punch undo` in a row. */
const KEEP = 10;
export const UNDO_STORE = 'undo';
const KEY = 'changes';

/** A remembered change; built when the list is first read (not at load, as every `punch` would pay for it). */
const change = once(() =>
  z.object({
    id: z.string().min(1),
    kind: z.enum(['add', 'edit', 'delete']),
    localId: z.string().min(1),
    at: z.number(),
    account: z.string(),
    /** The log before the change (edit, delete); for an add, the log as added. */
    before: logFieldsSchema(),
    undone: z.number().optional(),
    /** A batch's adds (`localId`, `before`: its first), all undone as one change; a reader without it undoes the first. */
    logs: z.array(z.object({ localId: z.string().min(1), before: logFieldsSchema() })).optional(),
  }),
);
type Change = z.infer<ReturnType<typeof change>>;

export const UNDO_SCHEMA: StoreSchema = {
  what: 'the changes you can undo',
  check(key, value) {
    if (key !== KEY) return { keep: value, problems: [] };
    if (!Array.isArray(value)) return { keep: undefined, problems: ['the list of changes is not a list'] };
    const good = value.filter((c) => change().safeParse(c).success);
    return { keep: good, problems: good.length === value.length ? [] : [`${value.length - good.length} changes`] };
  },
  describe(doc) {
    const n = Array.isArray(doc[KEY]) ? (doc[KEY] as unknown[]).length : 0;
    return { text: n ? `${n} changes you can undo` : 'nothing', count: n };
  },
  ifNothing: 'the last changes cannot be undone; your logs are not touched',
};

const M = defineMessages({
  nothing: {
    id: 'undo.nothing',
    defaultMessage: 'Nothing to undo: no log was added, changed or deleted on this device in the last {minutes} minutes.',
  },
  expired: {
    id: 'undo.expired',
    defaultMessage: 'That change can no longer be undone: it was made more than {minutes} minutes ago. Change the log itself instead.',
  },
  unknown: {
    id: 'undo.unknown',
    defaultMessage:
      'No change with that id is remembered on this device: changes are kept for {minutes} minutes. Without an id, the latest change is undone.',
  },
  otherAccount: {
    id: 'undo.other-account',
    defaultMessage: 'That change was made under another account, so it cannot be undone here. Sign in to that account first.',
  },
  undoneAlready: { id: 'undo.undone-already', defaultMessage: 'That change is undone already.' },
  changedSince: {
    id: 'undo.changed-since',
    defaultMessage: 'That log changed again since; undo the later change first, or change the log itself.',
  },
  gone: {
    id: 'undo.gone',
    defaultMessage: 'That log is not here any more (it was deleted or discarded since), so there is nothing to undo.',
  },
});

const refusal = (m: { id: string }, values: Record<string, number> = {}) => {
  const words = said(m.id, values);
  return Object.assign(new InvalidInputError(words.message), { said: { code: words.code, values: words.values } });
};

export interface Undo {
  /** Remembers a change the gate made; returns its id (the app's Undo line and `punch undo --id` name it). */
  remember(kind: Change['kind'], localId: string, before: LogFields): string;
  /** Remembers the logs a batch made as one change (undone together); none: nothing, no id. */
  rememberBatch(localIds: string[]): string | undefined;
  /** The log as it is now, as a change remembers it (before an edit or a delete). */
  snapshot(localId: string): LogFields | undefined;
  /** Undoes change `id`, or the latest change not undone yet within the window. */
  undo(id: string | undefined, call?: OperationCall): Promise<UndoResult>;
}

export interface UndoDeps extends BatchUndoDeps {
  store: KeyValueStore;
  session: Session;
  /** A log as the screens show it, from the ledger or the service (./log-rules.ts). */
  shownLog: LogRules['shownLog'];
}

export function createUndo(deps: UndoDeps): Undo {
  const { ledger, gate, store, clock, session, shownLog } = deps;
  const goneRefusal = () => refusal(M.gone);
  const list = (): Change[] => {
    const v = store.get<unknown>(KEY);
    return Array.isArray(v) ? v.filter((c): c is Change => isPlainObject(c) && change().safeParse(c).success) : [];
  };
  const save = (changes: Change[]) => store.set(KEY, changes.slice(-KEEP));
  const fields = (l: LogFields): LogFields => logFieldsSchema().parse(l);
  const shown = (j: Readonly<Journal>, localId: string, c: Change): LocalTimeLog => {
    const row = j.rows[localId];
    return row ? toLocalTimeLog(j, row) : { ...c.before, localId, sync: 'synced', source: 'local' };
  };

  function pick(id: string | undefined): Change {
    const now = clock.now();
    const changes = list();
    const minutes = UNDO_WINDOW_MS / 60_000;
    if (id === undefined) {
      const last = [...changes].reverse().find((c) => !c.undone && now - c.at <= UNDO_WINDOW_MS);
      if (!last) throw refusal(M.nothing, { minutes });
      return last;
    }
    const c = changes.find((x) => x.id === id);
    // an id never made here (mistyped, from another device) is not "too old": say which it is
    if (!c) throw refusal(M.unknown, { minutes });
    if (now - c.at > UNDO_WINDOW_MS) throw refusal(M.expired, { minutes });
    if (c.undone) throw refusal(M.undoneAlready);
    return c;
  }

  function markUndone(id: string): void {
    save(list().map((c) => (c.id === id ? { ...c, undone: clock.now() } : c)));
  }

  async function undoAdd(c: Change, call?: OperationCall): Promise<UndoResult> {
    const row = ledger.read().rows[c.localId];
    if (!row || row.pendingDelete) throw refusal(M.gone);
    const before = shown(ledger.read(), c.localId, c);
    const { state } = await gate.deleteLog(c.localId, call);
    // no delete entry: the add had not left, and it is gone from the outbox (nothing was or will be sent)
    const withdrawn = !ledger.read().ops.some((o) => o.localId === c.localId && o.kind === 'delete');
    return { id: c.id, kind: 'add', state, log: before, ...(withdrawn ? { withdrawn: true } : {}) };
  }

  async function undoEdit(c: Change, call?: OperationCall): Promise<UndoResult> {
    const row = ledger.read().rows[c.localId];
    if (!row || row.pendingDelete) throw refusal(M.gone);
    const b = c.before;
    const r = await gate.editLog(
      {
        localId: c.localId,
        hours: b.hours,
        workDate: b.workDate,
        billable: b.billingStatus === 'Billable',
        description: b.description ?? '',
      },
      call,
    );
    return { id: c.id, kind: 'edit', state: r.state, log: r.log };
  }

  async function undoDelete(c: Change, call?: OperationCall): Promise<UndoResult> {
    // a delete that has not left is taken back: the log stays, nothing is sent
    const withdrawn = ledger.change((j) => withdrawDelete(j, c.localId, clock.now()));
    if (withdrawn) {
      const j = ledger.read();
      return { id: c.id, kind: 'delete', state: 'synced', log: shown(j, c.localId, c), withdrawn: true };
    }
    const b = c.before;
    const [r] = await gate.logMany(
      [
        {
          ...(b.jobId ? { jobId: b.jobId } : {}),
          jobName: b.jobName,
          workDate: b.workDate,
          hours: b.hours,
          billable: b.billingStatus === 'Billable',
          ...(b.workItem ? { workItem: b.workItem } : {}),
          ...(b.description ? { description: b.description } : {}),
          undoOf: c.id,
        },
      ],
      {
        // under the outbox's lock: another Undo of the same delete (the app and punch at once) adds it once
        precondition: (j) => {
          if (loggedBy(j, { undoOf: c.id }, [b.workDate])) throw refusal(M.undoneAlready);
        },
        ...(call?.signal ? { signal: call.signal } : {}),
      },
    );
    return { id: c.id, kind: 'delete', state: r.state, log: r.log };
  }

  function keep(kind: Change['kind'], localId: string, before: LogFields, logs?: Change['logs']): string {
    const id = `u-${randomBytes(6).toString('hex')}`;
    const now = clock.now();
    const kept = list().filter((c) => now - c.at <= UNDO_WINDOW_MS);
    save([...kept, { id, kind, localId, at: now, account: accountKeyOf(session), before: fields(before), ...(logs ? { logs } : {}) }]);
    return id;
  }

  const undoer: Undo = {
    remember: (kind, localId, before) => keep(kind, localId, before),
    rememberBatch(localIds) {
      const logs = localIds.flatMap((localId) => {
        const before = undoer.snapshot(localId);
        return before ? [{ localId, before }] : [];
      });
      return logs.length ? keep('add', logs[0].localId, logs[0].before, logs) : undefined;
    },
    snapshot(localId) {
      const log = shownLog(localId);
      if (!log || ('pendingDelete' in log && log.pendingDelete)) return undefined;
      return fields({
        workDate: log.workDate,
        hours: log.hours,
        ...(log.jobId ? { jobId: log.jobId } : {}),
        jobName: log.jobName,
        billingStatus: log.billingStatus,
        ...(log.workItem ? { workItem: log.workItem } : {}),
        ...(log.description ? { description: log.description } : {}),
      });
    },
    async undo(id, call) {
      const c = pick(id);
      if (c.account !== accountKeyOf(session)) throw refusal(M.otherAccount);
      // a later change of the same log, not undone: undoing this one would take that one back too
      const later = list().some((x) => x.localId === c.localId && x.at > c.at && !x.undone && x.id !== c.id);
      if (later && c.kind !== 'add') throw refusal(M.changedSince);
      const result = c.logs
        ? await undoBatch(deps, c.id, c.logs, goneRefusal, call)
        : c.kind === 'add'
          ? await undoAdd(c, call)
          : c.kind === 'edit'
            ? await undoEdit(c, call)
            : await undoDelete(c, call);
      markUndone(c.id);
      return result;
    },
  };
  return undoer;
}
