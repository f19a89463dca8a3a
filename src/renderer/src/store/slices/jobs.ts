/** The job list for the picker. The core answers from its cache when offline (listJobs returns the cache). */
import type { Job } from '../../../../shared/domain';
import { defineMessage } from '../../../../shared/i18n/messages';
import { actionRunner } from '../action';
import type { UserError } from '../errors';
import { patchSlice, type SliceCreator } from '../types';

/**
 * First start offline: the core falls back to its saved job list when the service cannot be reached, so a failure
 * that reaches here while the list is empty means there is none saved yet. The raw connection error ("could not be
 * reached (ECONNREFUSED) on getjobs") tells the user nothing they can act on; this does.
 */
const NONE_SAVED = defineMessage({
  id: 'track.jobs.none-saved',
  defaultMessage: "Can't reach the service and no job list is saved yet. You can still type a job name to log by hand.",
  description: 'Under the job field on a first start offline.',
});
/** Its English (the error's `message`); the error carries its code too (`said`), so the field says it in the user's words. */
export const NO_SAVED_JOBS = NONE_SAVED.defaultMessage;
/** The failures where the service could not answer now (errors.ts: NetworkError, ServerError, RateLimitedError). */
const UNREACHABLE = new Set(['NetworkError', 'ServerError', 'RateLimitedError']);

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

export const createJobsSlice: SliceCreator<JobsSlice> =
  ({ api }) =>
  (set, get) => {
    const patch = (p: Partial<JobsSlice['jobs']>) => patchSlice(set, 'jobs', p);
    const run = actionRunner(patch);
    return {
      jobs: {
        list: [],
        loaded: false,
        loading: false,
        includeCompleted: false,
        error: null,
        async load(refresh) {
          const status = get().jobs.includeCompleted ? 'all' : 'in-progress';
          await run(
            {
              busy: 'loading',
              error: 'error',
              done: (list) => ({ list, loaded: true }),
              failed: (error) =>
                UNREACHABLE.has(error.kind) && get().jobs.list.length === 0
                  ? { error: { ...error, message: NO_SAVED_JOBS, said: { code: NONE_SAVED.id, values: {} } } }
                  : {},
            },
            () => api.listJobs(refresh ? { status, refresh: true } : { status }),
          );
        },
        async setIncludeCompleted(on) {
          patch({ includeCompleted: on });
          await get().jobs.load();
        },
        async toggleFavourite(jobId) {
          // No `error` key: a failed toggle is shown, but starting one does not hide why the list could not load.
          const answer = await run({ failed: (error) => ({ error }) }, () => api.toggleFavouriteJob({ jobId }));
          if (answer.ok) patchSlice(set, 'settings', { prefs: answer.value });
        },
      },
    };
  };
