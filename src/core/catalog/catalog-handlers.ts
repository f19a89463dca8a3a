/** The bridge calls about what the company offers (job list, settings) and the user's favourite jobs. */
import type { Handlers } from '../../shared/contract';
import type { PreferencesStore } from '../context';
import type { Catalog } from './catalog';

export type CatalogCalls = 'getCompanySettings' | 'listJobs' | 'toggleFavouriteJob';

export function catalogHandlers(deps: { catalog: Catalog; prefs: PreferencesStore }): Pick<Handlers, CatalogCalls> {
  const { catalog, prefs } = deps;
  return {
    getCompanySettings: async ({ refresh }) => catalog.settings({ refresh }),
    listJobs: async ({ status, refresh }) => catalog.jobs({ status, refresh }),
    toggleFavouriteJob: async ({ jobId }) => {
      const favs = prefs.get().favouriteJobIds;
      return prefs.update({ favouriteJobIds: favs.includes(jobId) ? favs.filter((f) => f !== jobId) : [...favs, jobId] });
    },
  };
}
