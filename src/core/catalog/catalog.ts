/**
 * The job list and the company's time tracker settings, cached per account in the store `catalog` so the job picker
 * and the rules work offline. real-service-notes: there are daily call caps (about 250 calls per user per day), so
 * this fetches at most every 15 minutes unless asked to refresh, and never polls.
 */
import type { Clock, Session } from '../context';
import type { OpenStore } from '../store';
import { CACHE_KEY, CATALOG_SCHEMA, type Cached, type CacheDoc, type JobFilter } from './catalog-file';
import type { AccountInfo, Job, TrackerSettings } from '../../shared/domain';
import { NetworkError, RateLimitedError, ServerError, narrowCall, untilAborted, type CallOptions } from '../service';
import { accountKey as identityKey, sameAccount } from '../../shared/account-key';

export interface Catalog {
  /**
   * `call`: the caller's limits (an engine's deadline and signal). Its deadline narrows the read this caller starts;
   * its signal only stops this caller's wait, since a read in flight is shared with every concurrent caller.
   */
  jobs(opts?: { status?: JobFilter; refresh?: boolean; call?: CallOptions }): Promise<Job[]>;
  /** `maxAgeMs`: how old the kept settings may be for this caller (default 15 minutes; the rules take 12 hours). */
  settings(opts?: { refresh?: boolean; maxAgeMs?: number; call?: CallOptions }): Promise<TrackerSettings>;
  /** Every job known from any list fetched for this account (no network). */
  cachedJobs(): Job[];
  /** The last settings fetched for this account, or the defaults when never fetched (no network). */
  cachedSettings(): TrackerSettings;
  findJob(jobId: string): Job | undefined;
  /** When the jobs (any filter) or the settings were last fetched; undefined when never. */
  fetchedAt(what: 'settings' | JobFilter): number | undefined;
  /** Stops listening to the session. */
  close(): void;
}

export interface CatalogDeps {
  session: Session;
  openStore: OpenStore;
  clock: Clock;
  /** How long a fetched list counts as fresh (default 15 minutes). */
  freshForMs?: number;
  /** After a failed fetch, serve the cache this long before trying again (default 1 minute; `refresh` overrides). */
  retryFailedAfterMs?: number;
}

/** What the app assumes before the service has told it anything (spec 2.6 gives no defaults; these are the service's limits). */
export const DEFAULT_TRACKER_SETTINGS: TrackerSettings = Object.freeze({
  logType: 'hours',
  maxMinutesPerDay: 24 * 60,
  allowFutureDates: false,
  pastDaysAllowed: null,
  submissionDueWeekday: 5,
  enabled: true,
}) as TrackerSettings;

/**
 * Deadlines of the catalog's reads: each is part of a user action (`punch log` reads the settings, the Log button and
 * Stop may refresh the jobs), which answers within 15 s whatever the network does. No retries inside: a failed read
 * falls back to the cache (or, with none, the log is queued "not checked yet"). The job list gets longer for its
 * pages (up to 200 jobs each).
 */
export const SETTINGS_READ: Readonly<CallOptions> = Object.freeze({ withinMs: 4_000, readRetries: 0 });
export const JOBS_READ: Readonly<CallOptions> = Object.freeze({ withinMs: 6_000, readRetries: 0 });

export const CATALOG_STORE = 'catalog';
const FIFTEEN_MINUTES = 15 * 60_000;

/** Transient failures: the service could not answer now. Anything else (auth, refusal) is the caller's to show. */
const isTransient = (e: unknown) => e instanceof NetworkError || e instanceof ServerError || e instanceof RateLimitedError;

/** The account the cache is for, by identity (src/shared/account-key.ts): the same account typed another way shares it. */
function accountKey(account: AccountInfo): string {
  return identityKey(account);
}

export function createCatalog(deps: CatalogDeps): Catalog {
  const { session, clock } = deps;
  const freshForMs = deps.freshForMs ?? FIFTEEN_MINUTES;
  const retryFailedAfterMs = deps.retryFailedAfterMs ?? 60_000;
  const store = deps.openStore(CATALOG_STORE, CATALOG_SCHEMA);

  const currentAccount = (): string => {
    try {
      return accountKey(session.account());
    } catch {
      return '';
    }
  };

  let doc = readDoc(currentAccount());
  /** Bumped on every account change: a fetch that started for the previous account must not fill the new cache. */
  let generation = 0;
  const inFlight = new Map<string, Promise<unknown>>();
  /** After a transient failure: serve the cache until then (a `refresh` may try earlier). */
  const failedUntil = new Map<string, number>();
  /** After a rate limit: serve the cache until then, even on `refresh` (calling again only extends a 7209 lock-out). */
  const rateLimitedUntil = new Map<string, number>();

  function readDoc(account: string): CacheDoc {
    const stored = store.get<CacheDoc>(CACHE_KEY);
    const usable =
      stored &&
      typeof stored === 'object' &&
      typeof stored.account === 'string' &&
      sameAccount(stored.account, account) &&
      stored.jobs &&
      typeof stored.jobs === 'object';
    return usable ? stored : { account, jobs: {} };
  }

  const save = () => store.set(CACHE_KEY, doc);

  const unsubscribe = session.onChange((account) => {
    generation++;
    inFlight.clear();
    failedUntil.clear();
    rateLimitedUntil.clear();
    store.delete(CACHE_KEY);
    doc = { account: accountKey(account), jobs: {} };
  });

  /** A list for `status` from what is cached: its own list, or the `all` list filtered. */
  function cachedList(status: JobFilter): Job[] | undefined {
    const own = doc.jobs[status];
    if (own) return own.value;
    const all = doc.jobs.all;
    if (all && status !== 'all') return all.value.filter((j) => j.jobStatus === status);
    return undefined;
  }

  /**
   * The shared fetch path: fresh cache -> cache; quiet period -> cache; otherwise one call (shared by concurrent
   * callers), whose transient failure falls back to the cache.
   */
  async function load<T>(
    key: string,
    opts: { refresh?: boolean; maxAgeMs?: number; call?: CallOptions },
    cached: () => Cached<T> | undefined,
    fallback: () => T | undefined,
    fetch: (call: CallOptions) => Promise<T>,
    keep: (value: T) => void,
    limits: CallOptions,
  ): Promise<T> {
    const now = clock.now();
    const hit = cached();
    if (!opts.refresh && hit && now - hit.fetchedAt < (opts.maxAgeMs ?? freshForMs)) return hit.value;
    const old = fallback();
    if (old !== undefined) {
      if (now < (rateLimitedUntil.get(key) ?? 0)) return old;
      if (!opts.refresh && now < (failedUntil.get(key) ?? 0)) return old;
    }

    const pending = inFlight.get(key) as Promise<T> | undefined;
    if (pending) return untilAborted(pending, opts.call?.signal);
    // the read is shared: the caller's deadline bounds it, its signal only its own wait (below)
    const { signal: _own, ...shared } = opts.call ?? {};
    const call = narrowCall(clock, limits, shared);
    const gen = generation;
    const run = async (): Promise<T> => {
      try {
        const value = await fetch(call);
        if (gen === generation) {
          keep(value);
          failedUntil.delete(key);
          rateLimitedUntil.delete(key);
        }
        return value;
      } catch (e) {
        if (!isTransient(e) || gen !== generation) throw e;
        failedUntil.set(key, clock.now() + retryFailedAfterMs);
        if (e instanceof RateLimitedError) rateLimitedUntil.set(key, clock.now() + e.retryAfterMs);
        const stale = fallback();
        if (stale === undefined) throw e;
        return stale;
      }
    };
    const read: Promise<T> = run().finally(() => {
      if (inFlight.get(key) === read) inFlight.delete(key);
    });
    inFlight.set(key, read);
    return untilAborted(read, opts.call?.signal);
  }

  async function fetchJobs(status: JobFilter, call: CallOptions): Promise<Job[]> {
    const client = session.client();
    const mine = await client.allJobs({ assignedTo: session.user(), jobStatus: status }, call);
    if (mine.length > 0) return mine;
    // A user with no job assigned can still log against the company's jobs (spec 4.3: no assignedTo = all employees).
    return client.allJobs({ jobStatus: status }, call);
  }

  return {
    jobs(opts = {}) {
      const status: JobFilter = opts.status ?? 'in-progress';
      return load(
        `jobs:${status}`,
        opts,
        () => doc.jobs[status],
        () => cachedList(status),
        (call) => fetchJobs(status, call),
        (value) => {
          doc.jobs[status] = { value, fetchedAt: clock.now() };
          save();
        },
        JOBS_READ,
      );
    },

    settings(opts = {}) {
      return load(
        'settings',
        opts,
        () => doc.settings,
        () => doc.settings?.value,
        (call) => session.client().settings(call),
        (value) => {
          doc.settings = { value, fetchedAt: clock.now() };
          save();
        },
        SETTINGS_READ,
      );
    },

    cachedJobs() {
      const seen = new Set<string>();
      const out: Job[] = [];
      for (const status of ['in-progress', 'all', 'completed'] as const) {
        for (const job of doc.jobs[status]?.value ?? []) {
          if (seen.has(job.jobId)) continue;
          seen.add(job.jobId);
          out.push(job);
        }
      }
      return out;
    },

    cachedSettings() {
      return doc.settings ? { ...doc.settings.value } : { ...DEFAULT_TRACKER_SETTINGS };
    },

    findJob(jobId) {
      for (const status of ['in-progress', 'all', 'completed'] as const) {
        const job = doc.jobs[status]?.value.find((j) => j.jobId === jobId);
        if (job) return job;
      }
      return undefined;
    },

    fetchedAt(what) {
      return what === 'settings' ? doc.settings?.fetchedAt : doc.jobs[what]?.fetchedAt;
    },

    close() {
      unsubscribe();
    },
  };
}
