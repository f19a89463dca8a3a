/**
 * The week as the user sees it: the ledger's logs (what this device logged, synced or not) merged with the
 * service's view of the week. The merge is ./week-merge.ts; the read is ./week-read.ts: the timesheet covering the
 * week (its status, the approver's comments) and the user's time logs of the week from the service's list
 * (gettimelogs, real-service-notes "Beyond the contract"), which holds logs made elsewhere (the service's web page,
 * its phone app) before any timesheet gathers them, the usual state of the current week. Where the service does not
 * offer that list, the timesheet's details are the only source and the week says so (`onlyTimesheetLogs`).
 *
 * The service's part is kept per week, in memory and in the store `weeks` (so the week opens offline, fresh: false,
 * and the lock state is known to the rules without a request), and reused while it is fresh (`freshForMs`, 60 s):
 * the service allows about 20 calls a minute per endpoint and 250 a day per user (real-service-notes "Rate
 * limits"), and the week screen used to spend 28 gettimesheet calls in 10 seconds reading the same week again after
 * every log. A change in the ledger re-merges with the kept part without a request; the part is read again when
 * it is stale (a screen showing the week, the window regaining focus, a rule about to be checked on that week:
 * `ensureFresh`), when the user asks (`refresh`), when the app knows it is offline (a read is the way to learn it is
 * back; at most one per check step of ../outbox/reachability.ts, so an outage spends little of the budget), and after
 * `invalidate` (a submit, a timesheet deleted or decided). Never in the background. Concurrent readers of one week
 * share one read.
 */
import type { Clock, Session } from '../context';
import type { KeyValueStore, StoreSchema } from '../store';
import type { TimeLog, WeekView } from '../../shared/domain';
import { weekStartOf } from '../../shared/week';
import type { Ledger } from '../outbox';
import { accountKeyOf } from '../outbox';
import { fileFreshness, isFiniteNumber, isPlainObject, isString } from '../store';
import { claimServiceLogs, recordClaimedIds, unfinishedAdd } from './claim';
import { narrowCall, untilAborted, type CallOptions } from '../service';
import { knownRows, mergeWeek, serviceLogsStillThere, type ServiceWeek } from './week-merge';
import { readServiceWeek } from './week-read';

export { SERVICE_LOCAL_PREFIX } from './week-merge';

export interface Weeks {
  /**
   * The week holding `date`. Reuses the service's part read less than `freshForMs` ago unless `refresh`; asks the
   * service otherwise (unless `offline`), falling back to the kept part; never throws for a service failure.
   */
  /**
   * `call`: the caller's limits (a submit's action deadline, punch's Ctrl+C). Its deadline narrows a read this caller
   * starts; its signal only ends this caller's wait (a read in flight is shared), and the kept part is shown.
   */
  getWeek(date: string, opts?: { offline?: boolean; refresh?: boolean; call?: CallOptions }): Promise<WeekView>;
  /**
   * Before a rule is checked on these days (the daily maximum, a locked week): reads each one's week when its kept
   * part is older than `RULES_FRESH_FOR_MS` or missing and the service may be asked, so a log made elsewhere or a
   * submit on another device a moment ago counts. Never throws; offline it leaves the kept part as it is (the rules
   * then use what is known).
   */
  ensureFresh(dates: string[]): Promise<void>;
  /** The service's part of these weeks changed (a submit, a timesheet decided or deleted): the next getWeek reads it. */
  invalidate(weekStarts: string[]): void;
  /** Every kept week that showed this timesheet (a timesheet may span weeks) changed: read them again. */
  invalidateTimesheet(recordId: string): void;
  /** From the cache only: is the week holding `date` submitted (pending) or approved? */
  isLocked(date: string): boolean;
  /** From the cache only: does the week holding `date` wait for the manager's decision (its timesheet pending)? */
  waitsForDecision(date: string): boolean;
  /** A log the service showed in a week view (source 'service'), to adopt it into the ledger before an edit. */
  serviceLog(timeLogId: string): TimeLog | undefined;
  /** From the cache only: the logs the service showed for `date` in its week's timesheet (for the day's maximum). */
  serviceLogsOn(date: string): TimeLog[];
}

export interface WeeksDeps {
  ledger: Ledger;
  session: Session;
  clock: Clock;
  store: KeyValueStore;
  /** How long a read of the service's part is reused (default 60 s). */
  freshForMs?: number;
  /** The app knows the service cannot be reached now (the status says offline): do not trust the kept part as fresh. */
  isOffline?: () => boolean;
  /**
   * While the service cannot be used, whether a read may go now (../outbox/reachability.ts: one check per backoff
   * step). Without it every getWeek of an unreachable service read again.
   */
  mayCheck?: () => boolean;
}

/**
 * A read of the week is part of what the user waits for (the week screen, `punch week`): bounded, no retries inside
 * (a failed read shows the kept part, not fresh, and the week is read again once the service answers).
 */
export const WEEK_READ = Object.freeze({ withinMs: 8_000, readRetries: 0 });

/** Default freshness window of the service's part of a week. */
export const WEEK_FRESH_FOR_MS = 60_000;
/**
 * How old the kept week may be when a rule is checked on one of its days (the form's live check, a log, a timer's
 * start or stop, `punch log`). Shorter than the screen's minute: a log checked against a week read 50 s ago misses
 * the 09:30 logged on the phone since, and the service refuses it later. The live check reads (when older) and the
 * log that follows a few seconds later uses that read: about one read per log typed, well within the call budget.
 */
export const RULES_FRESH_FOR_MS = 15_000;
const keyOf = (weekStart: string) => `week:${weekStart}`;

const APPROVAL = new Set(['draft', 'pending', 'approved', 'rejected']);
function isServiceWeek(v: unknown): v is ServiceWeek {
  if (!isPlainObject(v) || !isString(v.account) || !isFiniteNumber(v.fetchedAt) || !Array.isArray(v.logs)) return false;
  const logsOk = v.logs.every(
    (l) => isPlainObject(l) && isString(l.timeLogId) && isString(l.workDate) && isString(l.hours) && isString(l.jobName),
  );
  const t = v.timesheet;
  const sheetOk =
    t === undefined || (isPlainObject(t) && isString(t.recordId) && APPROVAL.has(t.status as string) && isString(t.timesheetName));
  return logsOk && sheetOk && (v.known === undefined || isPlainObject(v.known)) && (v.stale === undefined || typeof v.stale === 'boolean');
}

/**
 * The shape check of `weeks.json` (../store/store-schema.ts). A kept week is the service's part of it as last read;
 * one that does not read back whole is left out (a part of a week would show wrong totals or miss a lock) and is
 * read from the service again.
 */
export const WEEKS_SCHEMA: StoreSchema = {
  what: 'the weeks kept for offline use',
  check(key, value) {
    if (key === 'index') {
      if (Array.isArray(value) && value.every(isString)) return { keep: value, problems: [] };
      return {
        keep: Array.isArray(value) ? value.filter(isString) : undefined,
        problems: ['the list of kept weeks is not a list of dates'],
      };
    }
    if (!key.startsWith('week:')) return { keep: value, problems: [] };
    return isServiceWeek(value)
      ? { keep: value, problems: [] }
      : { keep: undefined, problems: [`the week of ${key.slice(5)} (read from the service again)`] };
  },
  describe(doc) {
    const weeks = Object.keys(doc)
      .filter((k) => k.startsWith('week:'))
      .map((k) => k.slice(5))
      .sort();
    return weeks.length
      ? {
          text: `${weeks.length} week${weeks.length === 1 ? '' : 's'} of the service's timesheets (${weeks.join(', ')})`,
          count: weeks.length,
        }
      : { text: 'nothing', count: 0 };
  },
  ifNothing: 'the weeks are read from the service again (offline, a week shows only what this device logged until then)',
};

export function createWeeks(deps: WeeksDeps): Weeks {
  const { ledger, session, clock, store } = deps;
  const freshForMs = deps.freshForMs ?? WEEK_FRESH_FOR_MS;
  const account = () => accountKeyOf(session);
  const memory = new Map<string, ServiceWeek>();
  // `punch` on the same data directory may have read (or submitted) a week since: its copy on disk then wins (one stat)
  const freshness = fileFreshness(store);
  const noticeOtherWriters = () => {
    if (freshness.changed()) memory.clear();
  };
  const write = (key: string, value: unknown) => {
    noticeOtherWriters();
    store.set(key, value);
    freshness.wrote();
  };
  /** Bumped by `invalidate`: a read that started before must not count as fresh, and later readers must not join it. */
  const generations = new Map<string, number>();
  const inFlight = new Map<string, { generation: number; account: string; read: Promise<ServiceWeek> }>();
  const generationOf = (weekStart: string) => generations.get(weekStart) ?? 0;

  const cached = (weekStart: string): ServiceWeek | undefined => {
    noticeOtherWriters();
    let c = memory.get(weekStart);
    if (!c) {
      c = store.get<ServiceWeek>(keyOf(weekStart));
      if (c) memory.set(weekStart, c);
    }
    return c && c.account === account() ? c : undefined;
  };
  const keep = (weekStart: string, week: ServiceWeek) => {
    write(keyOf(weekStart), week);
    memory.set(weekStart, week);
  };
  const isFresh = (c: ServiceWeek, maxAgeMs = freshForMs) => {
    const age = clock.now() - c.fetchedAt;
    // a clock that went back (a test's, or the system's) says nothing about the age
    return !c.stale && age >= 0 && age < maxAgeMs;
  };

  async function fetchWeek(weekStart: string, generation: number, call: CallOptions): Promise<ServiceWeek> {
    const me = account();
    // taken before asking: a ledger change that lands while the answer travels is newer than it (./week-merge.ts)
    const known = knownRows(ledger.read(), me);
    const read = await readServiceWeek(session.client(), session.user(), weekStart, call);
    const week: ServiceWeek = { account: me, fetchedAt: clock.now(), ...read };
    week.known = Object.fromEntries(
      week.logs.flatMap((l) => {
        const k = known.get(l.timeLogId);
        return k ? [[l.timeLogId, k]] : [];
      }),
    );
    // invalidated while this read travelled: keep it (it is newer than what was kept) but read again next time
    if (generationOf(weekStart) !== generation) week.stale = true;
    if (me !== account()) return week; // the account changed meanwhile: this answer is not the new account's week
    recordMarkedRecorded(me, week.logs);
    keep(weekStart, week);
    const index = store.get<string[]>('index') ?? [];
    if (!index.includes(weekStart)) write('index', [...index, weekStart].slice(-60));
    return week;
  }

  /**
   * A log marked recorded by hand ("It is there") has no service id; once a read shows its log, the row takes that id
   * (./claim.ts), so its later edits and deletes can reach the service. Written only when there is one to record; a
   * failed write (closing) only defers it to the next read, the merge counts the log once meanwhile.
   */
  function recordMarkedRecorded(me: string, logs: TimeLog[]): void {
    const j = ledger.read();
    if (![...claimServiceLogs(j, me, logs).keys()].some((localId) => !unfinishedAdd(j, localId))) return;
    try {
      ledger.change((d) => recordClaimedIds(d, me, logs));
    } catch {
      /* next read */
    }
  }

  /** One read per week at a time: concurrent callers (the grid and the submit preview) share it. */
  function read(weekStart: string, caller?: CallOptions): Promise<ServiceWeek> {
    const generation = generationOf(weekStart);
    const me = account();
    const pending = inFlight.get(weekStart);
    if (pending && pending.generation === generation && pending.account === me) return untilAborted(pending.read, caller?.signal);
    // shared with every concurrent caller: the first caller's deadline narrows it, no caller's signal ends it
    const { signal: _own, ...shared } = caller ?? {};
    const p: Promise<ServiceWeek> = fetchWeek(weekStart, generation, narrowCall(WEEK_READ, shared)).finally(() => {
      if (inFlight.get(weekStart)?.read === p) inFlight.delete(weekStart);
    });
    inFlight.set(weekStart, { generation, account: me, read: p });
    return untilAborted(p, caller?.signal);
  }

  const build = (weekStart: string, service: ServiceWeek | undefined, fresh: boolean) =>
    mergeWeek(ledger.read(), weekStart, service, fresh, account());

  function invalidate(weekStart: string): void {
    generations.set(weekStart, generationOf(weekStart) + 1);
    const c = cached(weekStart);
    if (!c || c.stale) return;
    // on disk too, for another process on this data directory; a failed write (closing) costs only a late refetch there
    try {
      write(keyOf(weekStart), { ...c, stale: true });
    } catch {
      /* memory holds it */
    }
    memory.set(weekStart, { ...c, stale: true });
  }

  /** The service's part of the week, read again when needed; undefined (with `fresh` false) when it cannot be. */
  async function serviceWeek(
    weekStart: string,
    refresh: boolean,
    maxAgeMs = freshForMs,
    call?: CallOptions,
  ): Promise<{ service: ServiceWeek | undefined; fresh: boolean }> {
    const kept = cached(weekStart);
    if (!refresh && kept && isFresh(kept, maxAgeMs) && !deps.isOffline?.()) return { service: kept, fresh: true };
    // an outage: the week is read again once per check step, not on every look (the user's refresh always reads)
    if (!refresh && deps.mayCheck && !deps.mayCheck()) return { service: kept, fresh: false };
    try {
      return { service: await read(weekStart, call), fresh: true };
    } catch {
      // offline, signed out or refused: what this device knows, said not to be fresh
      return { service: cached(weekStart), fresh: false };
    }
  }

  return {
    async getWeek(date, opts = {}) {
      const weekStart = weekStartOf(date);
      if (opts.offline) return build(weekStart, cached(weekStart), false);
      const { service, fresh } = await serviceWeek(weekStart, !!opts.refresh, freshForMs, opts.call);
      return build(weekStart, service, fresh);
    },
    async ensureFresh(dates) {
      const maxAgeMs = Math.min(freshForMs, RULES_FRESH_FOR_MS);
      await Promise.all([...new Set(dates.map((d) => weekStartOf(d)))].map((w) => serviceWeek(w, false, maxAgeMs)));
    },
    invalidate(weekStarts) {
      for (const w of new Set(weekStarts.map((d) => weekStartOf(d)))) invalidate(w);
    },
    invalidateTimesheet(recordId) {
      for (const weekStart of store.get<string[]>('index') ?? []) {
        if (cached(weekStart)?.timesheet?.recordId === recordId) invalidate(weekStart);
      }
    },
    isLocked(date) {
      const status = cached(weekStartOf(date))?.timesheet?.status;
      return status === 'pending' || status === 'approved';
    },
    waitsForDecision(date) {
      return cached(weekStartOf(date))?.timesheet?.status === 'pending';
    },
    serviceLogsOn(date) {
      return serviceLogsStillThere(ledger.read(), cached(weekStartOf(date))).filter((l) => l.workDate === date);
    },
    serviceLog(timeLogId) {
      // the log to adopt was shown in a cached week (newest first)
      for (const weekStart of [...(store.get<string[]>('index') ?? [])].reverse()) {
        const hit = cached(weekStart)?.logs.find((l) => l.timeLogId === timeLogId);
        if (hit) return hit;
      }
      return undefined;
    },
  };
}
