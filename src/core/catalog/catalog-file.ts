/**
 * `catalog.json`, written once as a zod schema: the job lists and the company's settings kept per account for offline
 * use. The types the catalog works with are inferred from it; the store's shape check (CATALOG_SCHEMA) reads a file
 * part by part with the same schemas, so one damaged job costs that job, not the list.
 */
import { z } from 'zod';
import { once } from '../../shared/lazy/once';
import type { Job } from '../../shared/domain';
import type { StoreSchema } from '../store';
import { defineMessages } from '../../shared/i18n/messages';
import { said } from '../../shared/i18n/english';
import type { Words } from '../../shared/i18n/said';

const M = defineMessages({
  what: {
    id: 'core.catalog.file.what',
    defaultMessage: 'the job list and company rules kept for offline use',
    description: 'What a damaged file is.',
  },
  noAccount: { id: 'core.catalog.file.no-account', defaultMessage: 'the cached job list does not say which account it is for' },
  list: {
    id: 'core.catalog.file.list',
    defaultMessage: 'the list of {filter, select, inProgress {in-progress} completed {completed} other {all}} jobs',
  },
  someJobs: {
    id: 'core.catalog.file.some-jobs',
    defaultMessage: '{count, plural, other {# of the {filter, select, inProgress {in-progress} completed {completed} other {all}} jobs}}',
  },
  lists: { id: 'core.catalog.file.lists', defaultMessage: 'the job lists' },
  settingsAgain: { id: 'core.catalog.file.settings-again', defaultMessage: 'the company settings (read from the service again)' },
  nothing: { id: 'core.catalog.file.nothing', defaultMessage: 'nothing' },
  held: {
    id: 'core.catalog.file.held',
    defaultMessage: '{jobs, plural, one {# job} other {# jobs}}{settings, select, yes { and the company settings} other {}}',
  },
  ifNothing: {
    id: 'core.catalog.file.if-nothing',
    defaultMessage: 'the job list and the company rules are read from the service again (offline, the rules are the defaults until then)',
  },
});

export const JOB_FILTERS = ['in-progress', 'completed', 'all'] as const;
export type JobFilter = (typeof JOB_FILTERS)[number];

/**
 * The file's schemas, built together the first time a catalog file is read (../../shared/lazy/once.ts: not at load, where
 * every `punch` start would pay for them).
 */
const schemas = once(() => {
  /**
   * A kept job reads back when it has its id and name, the two things a log needs; its other fields were written from
   * the service's answer (src/core/service) and fall back to the service's defaults when a file from an older
   * Punchcard lacks them, so the job still serves the picker.
   */
  const STORED_JOB = z.object({
    jobId: z.string(),
    jobName: z.string(),
    projectName: z.string().catch(''),
    clientName: z.string().catch(''),
    jobStatus: z.enum(['in-progress', 'completed']).catch('in-progress'),
    jobBillableStatus: z.enum(['Billable', 'Non Billable']).catch('Billable'),
    fromDate: z.string().optional().catch(undefined),
    toDate: z.string().optional().catch(undefined),
  }) satisfies z.ZodType<Job>;

  /** The company's rules are kept only whole: a partial rule set would check logs against a wrong maximum. */
  const STORED_SETTINGS = z.object({
    logType: z.enum(['hours', 'startEnd', 'timer']),
    maxMinutesPerDay: z.number(),
    allowFutureDates: z.boolean(),
    pastDaysAllowed: z.number().nullable(),
    submissionDueWeekday: z.number(),
    enabled: z.boolean(),
    // kept by newer Punchcards (payroll amounts without their own currency); absent in older files
    currency: z.string().optional().catch(undefined),
  });

  /** A value as fetched, and when (epoch ms): what decides whether it is fresh. */
  const cached = <T extends z.ZodType>(value: T) => z.object({ value, fetchedAt: z.number() });
  const CACHED_JOBS = cached(z.array(z.unknown()));
  const CACHED_SETTINGS = cached(STORED_SETTINGS);

  const CATALOG_FILE = z.object({
    /** Whose cache it is (src/shared/account-key.ts): another account's is never served. */
    account: z.string(),
    jobs: z.partialRecord(z.enum(JOB_FILTERS), cached(z.array(STORED_JOB))),
    settings: CACHED_SETTINGS.optional(),
  });
  return { STORED_JOB, STORED_SETTINGS, CACHED_JOBS, CACHED_SETTINGS, CATALOG_FILE };
});
export type CacheDoc = z.infer<ReturnType<typeof schemas>['CATALOG_FILE']>;
export type Cached<T> = { value: T; fetchedAt: number };

export const CACHE_KEY = 'cache';

/**
 * The shape check of `catalog.json` (../store/store-schema.ts). Jobs that read back whole are kept (others are left
 * out and come back with the next list); the company settings are kept only whole.
 */
export const CATALOG_SCHEMA: StoreSchema = {
  what: said(M.what.id),
  check(key, value) {
    if (key !== CACHE_KEY) return { keep: value, problems: [] };
    const account = schemas().CATALOG_FILE.shape.account.safeParse((value as { account?: unknown } | null)?.account);
    if (typeof value !== 'object' || value === null || Array.isArray(value) || !account.success) {
      return { keep: undefined, problems: [said(M.noAccount.id)] };
    }
    const v = value as Record<string, unknown>;
    const problems: Words[] = [];
    const jobs: CacheDoc['jobs'] = {};
    const lists = z.record(z.string(), z.unknown()).safeParse(v.jobs);
    for (const [filter, raw] of Object.entries(lists.success ? lists.data : {})) {
      const list = schemas().CACHED_JOBS.safeParse(raw);
      if (!list.success) {
        problems.push(said(M.list.id, { filter: filter === 'in-progress' ? 'inProgress' : filter }));
        continue;
      }
      const good = list.data.value.flatMap((j) => {
        const r = schemas().STORED_JOB.safeParse(j);
        return r.success ? [r.data] : [];
      });
      if (good.length < list.data.value.length)
        problems.push(
          said(M.someJobs.id, { count: list.data.value.length - good.length, filter: filter === 'in-progress' ? 'inProgress' : filter }),
        );
      jobs[filter as JobFilter] = { value: good, fetchedAt: list.data.fetchedAt };
    }
    if (v.jobs !== undefined && !lists.success) problems.push(said(M.lists.id));
    const doc: CacheDoc = { account: account.data, jobs };
    if (v.settings !== undefined) {
      const settings = schemas().CACHED_SETTINGS.safeParse(v.settings);
      if (settings.success) doc.settings = settings.data;
      else problems.push(said(M.settingsAgain.id));
    }
    return { keep: doc, problems };
  },
  describe(doc) {
    const c = doc[CACHE_KEY] as CacheDoc | undefined;
    if (!c) return { text: said(M.nothing.id), count: 0 };
    const jobs = new Set(Object.values(c.jobs).flatMap((l) => l?.value.map((j) => j.jobId) ?? []));
    return { text: said(M.held.id, { jobs: jobs.size, settings: c.settings ? 'yes' : 'no' }), count: jobs.size + (c.settings ? 1 : 0) };
  },
  ifNothing: said(M.ifNothing.id),
};
