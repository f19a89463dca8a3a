/** Managers: the team's timesheets, one opened with its logs, and the decision (whole, per log, all levels). */
import type { OpInput } from '../../../shared/contract';
import type { ApprovalStatus, Timesheet, TimesheetDetail } from '../../../shared/domain';
import { actionRunner } from './action';
import type { UserError } from './errors';
import { patchSlice, type SliceCreator } from './types';

export type TeamFilter = ApprovalStatus | 'all';
export type Decision = Omit<OpInput<'decideTimesheet'>, 'id'>;

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
    /** The last decision's outcome, e.g. "Approved Week 47 - Maya Patel." */
    decided: string | null;
    setFilter(filter: TeamFilter): Promise<void>;
    load(): Promise<void>;
    open(id: string): Promise<void>;
    close(): void;
    decide(d: Decision): Promise<boolean>;
    /** Deletes the open timesheet (the service refuses approved ones); its logs stay, unattached. */
    deleteOpen(): Promise<boolean>;
  };
}

/** "Week 47 - Maya Patel": the timesheet and whose it is, for the line after a decision or a delete. */
function nameOf(t: TimesheetDetail): string {
  return `${t.timesheetName}${t.employeeName ? ` - ${t.employeeName}` : ''}`;
}

export const createTeamSlice: SliceCreator<TeamSlice> = ({ api }) => (set, get) => {
  const patch = (p: Partial<TeamSlice['team']>) => patchSlice(set, 'team', p);
  const team = () => get().team;
  const run = actionRunner(patch);
  return {
    team: {
      filter: 'pending',
      list: [],
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
      async setFilter(filter) {
        patch({ filter });
        await team().load();
      },
      async load() {
        const filter = team().filter;
        await run({
          busy: 'loading', error: 'error', wanted: () => team().filter === filter,
          done: (list) => ({ list, loaded: true }), failed: () => ({ loaded: true }),
        }, () => api.listTeamTimesheets({ status: filter }));
      },
      async open(id) {
        await run({
          busy: 'detailLoading', error: 'detailError', wanted: () => team().openId === id,
          start: { openId: id, detail: null, decideError: null, deleteError: null, decided: null },
          done: (detail) => ({ detail }),
        }, () => api.getTimesheet({ id }));
      },
      close() {
        patch({ openId: null, detail: null, detailError: null, decideError: null, deleteError: null });
      },
      async decide(d) {
        const id = team().openId;
        if (!id) return false;
        const verb = d.decision === 'approved' ? (d.logs ? 'Partly approved' : 'Approved') : 'Rejected';
        const answer = await run({
          busy: 'deciding', error: 'decideError',
          done: (detail) => ({ detail, decided: `${verb} ${nameOf(detail)}.` }),
        }, () => api.decideTimesheet({ id, ...d }));
        if (answer.ok) await team().load();
        return answer.ok;
      },
      async deleteOpen() {
        const { openId: id, detail } = team();
        if (!id) return false;
        const what = detail ? nameOf(detail) : 'the timesheet';
        const answer = await run({
          busy: 'deleting', error: 'deleteError',
          // Back to the list, which no longer holds it; the outcome stays visible there.
          done: () => ({ openId: null, detail: null, decided: `Deleted ${what}. Its time logs stay, in no timesheet.` }),
        }, () => api.deleteTimesheet({ id }));
        if (answer.ok) await team().load();
        return answer.ok;
      },
    },
  };
};
