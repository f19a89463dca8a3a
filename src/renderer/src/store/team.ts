/** Managers: the team's timesheets, one opened with its logs, and the decision (whole, per log, all levels). */
import type { OpInput } from '../../../shared/contract';
import type { ApprovalStatus, Timesheet, TimesheetDetail } from '../../../shared/domain';
import { toUserError, type UserError } from './errors';
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

export const createTeamSlice: SliceCreator<TeamSlice> = ({ api }) => (set, get) => {
  const patch = (p: Partial<TeamSlice['team']>) => patchSlice(set, 'team', p);
  const team = () => get().team;
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
        patch({ loading: true, error: null });
        try {
          const list = await api.listTeamTimesheets({ status: filter });
          if (team().filter === filter) patch({ list, loaded: true, loading: false });
        } catch (e) {
          if (team().filter === filter) patch({ loading: false, loaded: true, error: toUserError(e) });
        }
      },
      async open(id) {
        patch({ openId: id, detail: null, detailLoading: true, detailError: null, decideError: null, deleteError: null, decided: null });
        try {
          const detail = await api.getTimesheet({ id });
          if (team().openId === id) patch({ detail, detailLoading: false });
        } catch (e) {
          if (team().openId === id) patch({ detailLoading: false, detailError: toUserError(e) });
        }
      },
      close() {
        patch({ openId: null, detail: null, detailError: null, decideError: null, deleteError: null });
      },
      async decide(d) {
        const id = team().openId;
        if (!id) return false;
        patch({ deciding: true, decideError: null });
        try {
          const detail = await api.decideTimesheet({ id, ...d });
          const verb = d.decision === 'approved' ? (d.logs ? 'Partly approved' : 'Approved') : 'Rejected';
          const who = detail.employeeName ? ` - ${detail.employeeName}` : '';
          patch({ deciding: false, detail, decided: `${verb} ${detail.timesheetName}${who}.` });
          await team().load();
          return true;
        } catch (e) {
          patch({ deciding: false, decideError: toUserError(e) });
          return false;
        }
      },
      async deleteOpen() {
        const { openId: id, detail } = team();
        if (!id) return false;
        patch({ deleting: true, deleteError: null });
        try {
          await api.deleteTimesheet({ id });
          const what = detail ? `${detail.timesheetName}${detail.employeeName ? ` - ${detail.employeeName}` : ''}` : 'the timesheet';
          // Back to the list, which no longer holds it; the outcome stays visible there.
          patch({ deleting: false, openId: null, detail: null, decided: `Deleted ${what}. Its time logs stay, in no timesheet.` });
          await team().load();
          return true;
        } catch (e) {
          patch({ deleting: false, deleteError: toUserError(e) });
          return false;
        }
      },
    },
  };
};
