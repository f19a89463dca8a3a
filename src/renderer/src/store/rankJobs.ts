/**
 * Orders jobs for the picker: favourites, then recent (most recent first), then the rest by name; a query keeps
 * jobs whose job, project or client name contains every typed word, so "acme web" finds "Website - Acme Corp".
 */
import type { Job } from '../../../shared/domain';

export interface RankedJob {
  job: Job;
  favourite: boolean;
  recent: boolean;
}

export function rankJobs(jobs: Job[], query: string, favouriteIds: string[], recentIds: string[]): RankedJob[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const fav = new Set(favouriteIds);
  const recentRank = new Map(recentIds.map((id, i) => [id, i]));
  const matches = (j: Job) => {
    const hay = `${j.jobName} ${j.projectName} ${j.clientName}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  };
  const group = (r: RankedJob) => (r.favourite ? 0 : r.recent ? 1 : 2);
  return jobs
    .filter(matches)
    .map((job) => ({ job, favourite: fav.has(job.jobId), recent: recentRank.has(job.jobId) }))
    .sort(
      (a, b) =>
        group(a) - group(b) ||
        (recentRank.get(a.job.jobId) ?? 0) - (recentRank.get(b.job.jobId) ?? 0) ||
        a.job.jobName.localeCompare(b.job.jobName),
    );
}
