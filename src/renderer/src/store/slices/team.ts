/**
 * Managers: the team's timesheets, one opened with its logs, the decision (whole, per log, all levels), and "Approve N"
 * over the selected ones.
 */
import type { OpInput } from '../../../../shared/contract';
import { MAX_BATCH } from '../../../../shared/team/approval';
import type { ApprovalStatus, DecisionEstimate, DecisionOutcome, Timesheet, TimesheetDetail } from '../../../../shared/domain';
import type { BatchFailure, TeamOutcome } from '../../team-format';
import { actionRunner } from '../action';
import type { UserError } from '../errors';
import { patchSlice, type SliceCreator } from '../types';

export type TeamFilter = ApprovalStatus | 'all';
export type Decision = Omit<OpInput<'decideTimesheet'>, 'id'>;
export type BatchDecision = Pick<OpInput<'decideTimesheets'>, 'decision' | 'comments'>;

export interface TeamSlice {
  team: {
    filter: TeamFilter;
    list: Timesheet[];
    loaded: boolean;
    loading: boolean;
    error: UserError | null;
    openId: string | null;
    detail: TimesheetDetail | null;
    detailLoading: boolean;
    detailError: UserError | null;
    deciding: boolean;
    decideError: UserError | null;
    deleting: boolean;
    deleteError: UserError | null;
    /** What the last decision did (facts: the screen words them, team-words.ts `outcomeWords`). */
    decided: TeamOutcome | null;
    /** Pending timesheets ticked on the list, for "Approve N". */
    selected: string[];
    /** The last "Approve N": the ones not decided (id -> their row and why); they stay selected. */
    failures: Record<string, BatchFailure>;
    batching: boolean;
    batchError: UserError | null;
    /** How long deciding the selected ones takes, said before it starts ("This takes about 2 minutes: ..."). */
    batchEstimate: DecisionEstimate | null;
    /** Asks the core how long deciding the selected ones would take now (no call to the service). */
    estimateBatch(): Promise<void>;
    setFilter(filter: TeamFilter): Promise<void>;
    /** Reads the list now (the tab's first opening, Refresh, another filter). */
    load(): Promise<void>;
    /** When the list was last read (the store's clock); null before a read that answered. */
    readAt: number | null;
    /**
     * The tab shown again, the window back: the list read again when its read is older than a minute, as the Week tab
     * reads (src/core/week/README.md), since a timesheet may have been decided elsewhere; the list stays on screen
     * meanwhile. Refresh (`load`) reads at once.
     */
    glance(): Promise<void>;
    open(id: string): Promise<void>;
    close(): void;
    decide(d: Decision): Promise<boolean>;
    /** Deletes the open timesheet (the service refuses approved ones); its logs stay, unattached. */
    deleteOpen(): Promise<boolean>;
    toggle(id: string, on: boolean): void;
    /** Ticks every pending timesheet on the list, or none. */
    selectAll(on: boolean): void;
    decideSelected(d: BatchDecision): Promise<boolean>;
  };
}

const selectable = (list: Timesheet[]) => list.filter((t) => t.status === 'pending').map((t) => t.recordId);

/**
 * The list after decisions, without asking the service again (a decision costs at most 3 calls; the answer
 * already says how each timesheet now stands): a decided row takes its new state, and leaves a list filtered by a
 * state it no longer has. Refresh reads the list again.
 */
function afterDecisions(list: Timesheet[], filter: TeamFilter, decided: Timesheet[]): Timesheet[] {
  const now = new Map(decided.map((t) => [t.recordId, t]));
  return list
    .map((t) => {
      const d = now.get(t.recordId);
      if (!d) return t;
      const { partlyApproved: _was, ...row } = t;
      return { ...row, status: d.status, ...(d.partlyApproved ? { partlyApproved: true as const } : {}) };
    })
    .filter((t) => !now.has(t.recordId) || filter === 'all' || t.status === filter);
}

/** How old a list may be before the tab shown again or the window back reads it again. */
export const TEAM_GLANCE_MS = 60_000;

export const createTeamSlice: SliceCreator<TeamSlice> =
  ({ api, now }) =>
  (set, get) => {
    const patch = (p: Partial<TeamSlice['team']>) => patchSlice(set, 'team', p);
    const team = () => get().team;
    const run = actionRunner(patch);
    return {
      team: {
        filter: 'pending',
        list: [],
        readAt: null,
        loaded: false,
        loading: false,
        error: null,
        openId: null,
        detail: null,
        detailLoading: false,
        detailError: null,
        deciding: false,
        decideError: null,
        deleting: false,
        deleteError: null,
        decided: null,
        selected: [],
        failures: {},
        batching: false,
        batchError: null,
        batchEstimate: null,
        async estimateBatch() {
          const n = team().selected.length;
          if (n === 0) {
            patch({ batchEstimate: null });
            return;
          }
          try {
            const estimate = await api.estimateDecisions({ count: Math.min(n, MAX_BATCH) });
            // a later selection asked meanwhile wins
            if (team().selected.length === n) patch({ batchEstimate: estimate });
          } catch {
            patch({ batchEstimate: null }); // only a hint: the decisions themselves say what went wrong
          }
        },
        async setFilter(filter) {
          patch({ filter });
          await team().load();
        },
        async load() {
          const filter = team().filter;
          await run(
            {
              busy: 'loading',
              error: 'error',
              wanted: () => team().filter === filter,
              done: (list) => {
                // Only pending timesheets on the list stay ticked.
                const open = new Set(selectable(list));
                return { list, loaded: true, readAt: now(), selected: team().selected.filter((id) => open.has(id)) };
              },
              failed: () => ({ loaded: true }),
            },
            () => api.listTeamTimesheets({ status: filter }),
          );
        },
        async glance() {
          const { loading, readAt } = team();
          if (loading || (readAt !== null && now() - readAt < TEAM_GLANCE_MS)) return;
          await team().load();
        },
        async open(id) {
          await run(
            {
              busy: 'detailLoading',
              error: 'detailError',
              wanted: () => team().openId === id,
              start: { openId: id, detail: null, decideError: null, deleteError: null, decided: null },
              done: (detail) => ({ detail }),
            },
            () => api.getTimesheet({ id }),
          );
        },
        close() {
          patch({ openId: null, detail: null, detailError: null, decideError: null, deleteError: null });
        },
        async decide(d) {
          const id = team().openId;
          if (!id) return false;
          const answer = await run(
            {
              busy: 'deciding',
              error: 'decideError',
              done: (detail) => {
                const { timeLogs: _logs, ...row } = detail;
                const list = afterDecisions(team().list, team().filter, [row]);
                const open = new Set(selectable(list));
                return { detail, decided: { kind: 'decided', sheet: detail }, list, selected: team().selected.filter((x) => open.has(x)) };
              },
            },
            () => api.decideTimesheet({ id, ...d }),
          );
          return answer.ok;
        },
        async deleteOpen() {
          const { openId: id, detail } = team();
          if (!id || !detail) return false;
          const { timeLogs: _logs, ...sheet } = detail;
          const answer = await run(
            {
              busy: 'deleting',
              error: 'deleteError',
              // Back to the list, which no longer holds it; the outcome stays visible there.
              done: () => ({
                openId: null,
                detail: null,
                decided: { kind: 'deleted', sheet },
                list: team().list.filter((t) => t.recordId !== id),
                selected: team().selected.filter((x) => x !== id),
              }),
            },
            () => api.deleteTimesheet({ id }),
          );
          return answer.ok;
        },
        toggle(id, on) {
          const rest = team().selected.filter((x) => x !== id);
          patch({ selected: on ? [...rest, id] : rest });
        },
        selectAll(on) {
          patch({ selected: on ? selectable(team().list) : [] });
        },
        async decideSelected(d) {
          const ids = team().selected;
          if (ids.length === 0) return false;
          // Whose each one is, from the list as it is now: a failed one may leave the list (decided elsewhere meanwhile).
          const rows = new Map(team().list.map((t) => [t.recordId, t]));
          const answer = await run(
            {
              busy: 'batching',
              error: 'batchError',
              start: { decided: null, failures: {} },
              done: (outcomes) => {
                const failed = outcomes.filter((o): o is Extract<DecisionOutcome, { ok: false }> => !o.ok);
                const done = outcomes.filter((o): o is Extract<DecisionOutcome, { ok: true }> => o.ok).map((o) => o.timesheet);
                return {
                  list: afterDecisions(team().list, team().filter, done),
                  selected: failed.map((o) => o.id),
                  failures: Object.fromEntries(
                    failed.map((o): [string, BatchFailure] => {
                      const sheet = rows.get(o.id);
                      return [o.id, { ...(sheet ? { sheet } : {}), reason: o.reason, ...(o.reasonSaid ? { said: o.reasonSaid } : {}) }];
                    }),
                  ),
                  decided: { kind: 'batch', decision: d.decision, outcomes },
                };
              },
            },
            () => api.decideTimesheets({ ids, decision: d.decision, ...(d.comments?.trim() ? { comments: d.comments.trim() } : {}) }),
          );
          return answer.ok && answer.value.every((o) => o.ok);
        },
      },
    };
  };
