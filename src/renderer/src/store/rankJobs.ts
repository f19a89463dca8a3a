/**
 * Orders jobs for the picker. A query keeps the jobs whose job, project or client name holds every typed word ("acme
 * web" finds "Website - Acme Corp"), and ranks them by how well the job's OWN name matches, as Toggl Track and
 * Clockify do: people type the job's name, so "job 2" puts Job 2 first, not Job 1 whose project has a 2 in it.
 *
 *   1. the name is the query (letter case and accents aside)      "job 2"  -> Job 2
 *   2. the name starts with it                                    "sup"    -> Support
 *   3. a word of the name starts with it (or every typed word      "rev"    -> Code review
 *      starts a word of the name)
 *   4. the name holds it, or holds every typed word                "port"   -> Support
 *   5. only the project or the client matches                      "sup"    -> Design (client Super Corp)
 *
 * Within a tier favourites come first, then recent work (most recent first), then by name in natural order (Job 2
 * before Job 11). Without a query: favourites, then recent, then the rest by name.
 */
import type { Job } from '../../../shared/domain';

export interface RankedJob {
  job: Job;
  favourite: boolean;
  recent: boolean;
}

/** Lower case without accents, spaces collapsed: `Café  Build` and `cafe build` read alike. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The words of a name: split at anything that is not a letter or a digit ("Website - Acme" -> website, acme). */
const wordsOf = (folded: string) => folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** How well the job's own name matches the query: 0 (the name itself) to 4 (only its project or client). */
export function nameMatchTier(jobName: string, query: string): number {
  const name = foldText(jobName);
  const q = foldText(query);
  if (!q) return 0;
  if (name === q) return 0;
  if (name.startsWith(q)) return 1;
  const nameWords = wordsOf(name);
  const typed = wordsOf(q);
  // "rev" in "Code review", "review c" in "Code review - client": at a word's start
  const atWordStart = new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(q)}`, 'u').test(name);
  if (atWordStart || (typed.length > 0 && typed.every((w) => nameWords.some((n) => n.startsWith(w))))) return 2;
  if (name.includes(q) || (typed.length > 0 && typed.every((w) => name.includes(w)))) return 3;
  return 4;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let collator: Intl.Collator | undefined;
/** Natural order: "Job 2" before "Job 11"; letter case and accents aside. */
const byName = (a: string, b: string) => (collator ??= new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })).compare(a, b);

export function rankJobs(jobs: Job[], query: string, favouriteIds: string[], recentIds: string[]): RankedJob[] {
  const words = foldText(query).split(' ').filter(Boolean);
  const fav = new Set(favouriteIds);
  const recentRank = new Map(recentIds.map((id, i) => [id, i]));
  const matches = (j: Job) => {
    const hay = foldText(`${j.jobName} ${j.projectName} ${j.clientName}`);
    return words.every((w) => hay.includes(w));
  };
  /** Favourites, then recent work, then the rest: the tie-break within a tier. */
  const group = (r: RankedJob) => (r.favourite ? 0 : r.recent ? 1 : 2);
  const ranked = jobs
    .filter(matches)
    .map((job) => ({ job, favourite: fav.has(job.jobId), recent: recentRank.has(job.jobId), tier: nameMatchTier(job.jobName, query) }));
  ranked.sort(
    (a, b) =>
      a.tier - b.tier ||
      group(a) - group(b) ||
      (recentRank.get(a.job.jobId) ?? 0) - (recentRank.get(b.job.jobId) ?? 0) ||
      byName(a.job.jobName, b.job.jobName),
  );
  return ranked.map(({ tier: _tier, ...r }) => r);
}
