/** The job list for the picker. The core answers from its cache when offline (listJobs returns the cache). */
import type { Job } from '../../../shared/domain';
import { toUserError, type UserError } from './errors';
import { patchSlice, type SliceCreator } from './types';

export interface JobsSlice {
  jobs: {
    list: Job[];
    loaded: boolean;
    loading: boolean;
    includeCompleted: boolean;
    error: UserError | null;
    load(refresh?: boolean): Promise<void>;
    setIncludeCompleted(on: boolean): Promise<void>;
    toggleFavourite(jobId: string): Promise<void>;
  };
}

export const createJobsSlice: SliceCreator<JobsSlice> = ({ api }) => (set, get) => {
  const patch = (p: Partial<JobsSlice['jobs']>) => patchSlice(set, 'jobs', p);
  return {
    jobs: {
      list: [],
      loaded: false,
      loading: false,
      includeCompleted: false,
      error: null,
      async load(refresh) {
        patch({ loading: true, error: null });
        try {
          const status = get().jobs.includeCompleted ? 'all' : 'in-progress';
          const list = await api.listJobs(refresh ? { status, refresh: true } : { status });
          patch({ list, loaded: true, loading: false });
        } catch (e) {
          patch({ loading: false, error: toUserError(e) });
        }
      },
      async setIncludeCompleted(on) {
        patch({ includeCompleted: on });
        await get().jobs.load();
      },
      async toggleFavourite(jobId) {
        try {
          const prefs = await api.toggleFavouriteJob({ jobId });
          patchSlice(set, 'settings', { prefs });
        } catch (e) {
          patch({ error: toUserError(e) });
        }
      },
    },
  };
};
