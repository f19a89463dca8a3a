/**
 * The week as the user sees it: the ledger's logs (what this device logged, synced or not) merged with the
 * service's view of the week. The merge is ./week-merge.ts; the reads are ./week-read.ts: the user's time logs of the
 * week from the service's list (gettimelogs, real-service-notes "Beyond the contract"), which holds logs made
 * elsewhere (the service's web page, its phone app) before any timesheet gathers them, and the timesheet covering the
 * week (its status, the approver's comments). Where the service does not offer that list, the timesheet's details
 * are the only source and the week says so (`onlyTimesheetLogs`).
 *
 * ONE copy of the service's part per week serves every screen and every process on the data directory: it is kept
 * in memory and in the store `weeks` (with when it was read, ./week-copies.ts), so the week opens offline (fresh:
 * false), the rules know the lock state without a request, and `punch` or the app use a read another process made a
 * moment ago. When it is read again is ./read-policy.ts (by why it is wanted: a rule 15 s, the Week tab a minute,
 * Track shown again 5 minutes, `punch week` now; the timesheet half only when the logs' states changed), because the
 * service allows about 20 calls a minute per endpoint and 250 a day per user (real-service-notes "Rate limits").
 * Never in the background; while the service cannot be reached, at most one read per check step
 * (../service/reachability.ts). Concurrent readers of one week share one read. Every read that changed the week is announced (`onRead`), so every
 * screen showing that week follows at once: the rule that read it and Today never disagree.
 */
import type { Clock, Session } from '../context';
import type { KeyValueStore } from '../store';
import type { TimeLog, WeekView } from '../../shared/domain';
import { weekStartOf } from '../../shared/time/week';
import type { Ledger } from '../journal';
import { claimServiceLogs, recordClaimedIds, unfinishedAdd } from './claim';
import { accountKeyOf, narrowCall, untilAborted, type CallOptions } from '../service';
import { knownRows, mergeWeek, rejectedAsOf, serviceLogsStillThere, type ServiceWeek } from './week-merge';
import { combineHalves, keptHalf, readListedLogs, readTimesheetOf, sheetHalfOf, undatedOf } from './week-read';
import { createWeekCopies, keyOf, shownPart } from './week-copies';
import { approvalsOf, keptServes, sheetWanted, WEEK_READ_POLICY, type WeekLook, type WeekReadPolicy } from './read-policy';

export { SERVICE_LOCAL_PREFIX } from './week-merge';
export { WEEKS_SCHEMA } from './week-store';

export interface Weeks {
  /**
   * The week holding `date`, read again when the kept copy is not true enough for `look` (./read-policy.ts; default
   * `look`), or for `refresh` (both halves now: the user asked); falls back to the kept part when the service cannot
   * be asked; never throws for a service failure. `call`: the caller's limits (a submit's action deadline, punch's
   * Ctrl+C). Its deadline narrows a read this caller starts; its signal only ends this caller's wait (a read in flight
   * is shared), and the kept part is shown.
   */
  getWeek(date: string, opts?: { offline?: boolean; refresh?: boolean; look?: WeekLook; call?: CallOptions }): Promise<WeekView>;
  /**
   * Before a rule is checked on these days (the daily maximum, a locked week): reads each one's week when its kept
   * part is too old for a rule (15 s) or missing and the service may be asked, so a log made elsewhere or a submit on
   * another device a moment ago counts. Never throws; offline it leaves the kept part as it is (the rules then use
   * what is known).
   *
   * `commit` (a log, an edit or a delete about to be written, not the as-you-type check): a week the kept copy says is
   * locked is read again from the service whatever its age, so a week the manager rejected a moment ago takes the log
   * (the copy may be up to 15 s old). Answers the weeks still locked on the copy alone (the read failed: offline),
   * each with when its lock was last read; empty when the service said so itself.
   */
  ensureFresh(dates: string[], opts?: { commit?: boolean }): Promise<LocksAsRead>;
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
  /**
   * One stat: another process on the data directory (`punch week`, `punch log`) read a week this process holds and it
   * changed: the screens are told (`onRead`), with no request.
   */
  noticeOthers(): void;
}

/** Weeks (their Monday) locked on the kept copy only, the service not reached to confirm: when the lock was read. */
export type LocksAsRead = ReadonlyMap<string, number>;

export interface WeeksDeps {
  ledger: Ledger;
  session: Session;
  clock: Clock;
  store: KeyValueStore;
  /** How old a kept copy may be for what (default ./read-policy.ts WEEK_READ_POLICY). */
  policy?: WeekReadPolicy;
  /** The app knows the service cannot be reached now (the status says offline): do not trust the kept part as fresh. */
  isOffline?: () => boolean;
  /**
   * While the service cannot be used, whether a read may go now (../service/reachability.ts: one check per backoff
   * step). Without it every getWeek of an unreachable service read again.
   */
  mayCheck?: () => boolean;
  /** A read of the service changed what this week shows (a log made on the phone, a decision): say so to the screens. */
  onRead?: (view: WeekView) => void;
}

/**
 * A read of the week is part of what the user waits for (the week screen, `punch week`): bounded, no retries inside
 * (a failed read shows the kept part, not fresh, and the week is read again once the service answers).
 */
export const WEEK_READ = Object.freeze({ withinMs: 8_000, readRetries: 0 });

const isLockedStatus = (status: string | undefined) => status === 'pending' || status === 'approved';

export function createWeeks(deps: WeeksDeps): Weeks {
  const { ledger, session, clock, store } = deps;
  const policy = deps.policy ?? WEEK_READ_POLICY;
  const account = () => accountKeyOf(session);
  // one copy per week, in memory and on disk; another process's newer copy wins (./week-copies.ts)
  const { cached, keep, write, remember, noticeOtherWriters } = createWeekCopies(store, account, announce);
  /** Bumped by `invalidate`: a read that started before must not count as fresh, and later readers must not join it. */
  const generations = new Map<string, number>();
  const inFlight = new Map<string, { generation: number; account: string; read: Promise<ServiceWeek> }>();
  const generationOf = (weekStart: string) => generations.get(weekStart) ?? 0;

  async function fetchWeek(weekStart: string, generation: number, refresh: boolean, call: CallOptions): Promise<ServiceWeek> {
    const me = account();
    // taken before asking: a ledger change that lands while the answer travels is newer than it (./week-merge.ts)
    const known = knownRows(ledger.read(), me);
    const kept = cached(weekStart);
    const client = session.client();
    const user = session.user();
    const startedAt = clock.now();
    // the timesheet half goes along from the start when the policy says so; else only when the logs' states moved
    let sheetToo = sheetWanted(kept, startedAt, refresh, policy);
    const [chosen, read] = await Promise.all([
      sheetToo ? readTimesheetOf(client, user, weekStart, call) : undefined,
      readListedLogs(client, user, weekStart, call),
    ]);
    const listed = read?.logs;
    const approvals = listed ? approvalsOf(listed) : null;
    let sheet = chosen;
    if (!sheetToo && (listed === undefined || approvals === null || approvals !== kept?.approvals)) {
      sheetToo = true;
      sheet = await readTimesheetOf(client, user, weekStart, call);
    }
    const half = sheetToo ? await sheetHalfOf(client, sheet, listed !== undefined, call) : keptHalf(kept);
    const logs = combineHalves(weekStart, half, listed);
    const undated = undatedOf(read, half, logs);
    const rejectedAs = rejectedAsOf(logs, kept);
    // the copy's age counts from when the question was asked, not from when the answer came: a change made on the
    // service while a slow answer travelled may not be in it, so the copy must not pass for fresher than that
    const week: ServiceWeek = {
      account: me,
      fetchedAt: startedAt,
      sheetReadAt: sheetToo ? startedAt : (kept?.sheetReadAt ?? kept?.fetchedAt ?? startedAt),
      ...(half.timesheet ? { timesheet: half.timesheet } : {}),
      logs,
      listed: listed !== undefined,
      approvals,
      ...(half.detailLogs.length ? { detailLogs: half.detailLogs } : {}),
      ...(half.detailUndated?.length ? { detailUndated: half.detailUndated } : {}),
      ...(undated.length ? { undatedLogs: undated } : {}),
      ...(rejectedAs ? { rejectedAs } : {}),
    };
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
    if (shownPart(kept) !== shownPart(week)) announce(weekStart, week);
    return week;
  }

  function announce(weekStart: string, week: ServiceWeek): void {
    try {
      deps.onRead?.(build(weekStart, week, true));
    } catch {
      /* a screen that cannot take it reads the week itself next time; the read stands */
    }
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

  /** One read per week at a time: concurrent callers (the grid, Today, the submit preview, a rule) share it. */
  function read(weekStart: string, refresh: boolean, caller?: CallOptions): Promise<ServiceWeek> {
    const generation = generationOf(weekStart);
    const me = account();
    const pending = inFlight.get(weekStart);
    if (pending && pending.generation === generation && pending.account === me) return untilAborted(pending.read, caller?.signal);
    // shared with every concurrent caller: the first caller's deadline narrows it, no caller's signal ends it
    const { signal: _own, ...shared } = caller ?? {};
    const p: Promise<ServiceWeek> = fetchWeek(weekStart, generation, refresh, narrowCall(clock, WEEK_READ, shared)).finally(() => {
      if (inFlight.get(weekStart)?.read === p) inFlight.delete(weekStart);
    });
    inFlight.set(weekStart, { generation, account: me, read: p });
    return untilAborted(p, caller?.signal);
  }

  function build(weekStart: string, service: ServiceWeek | undefined, fresh: boolean): WeekView {
    return mergeWeek(ledger.read(), weekStart, service, fresh, account());
  }

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
    remember(weekStart, { ...c, stale: true });
  }

  /** The service's part of the week, read again when needed; undefined (with `fresh` false) when it cannot be. */
  async function serviceWeek(
    weekStart: string,
    look: WeekLook,
    refresh: boolean,
    call?: CallOptions,
  ): Promise<{ service: ServiceWeek | undefined; fresh: boolean }> {
    const kept = cached(weekStart);
    if (!refresh && keptServes(kept, look, clock.now(), policy) && !deps.isOffline?.()) return { service: kept, fresh: true };
    // an outage: the week is read again once per check step, not on every look (the user's refresh always reads)
    if (!refresh && deps.mayCheck && !deps.mayCheck()) return { service: kept, fresh: false };
    try {
      return { service: await read(weekStart, refresh, call), fresh: true };
    } catch {
      // offline, signed out or refused: what this device knows, said not to be fresh
      return { service: cached(weekStart), fresh: false };
    }
  }

  const lockedOnCopy = (w: string) => isLockedStatus(cached(w)?.timesheet?.status);
  const readAt = (w: string) => cached(w)!.sheetReadAt ?? cached(w)!.fetchedAt;
  return {
    async getWeek(date, opts = {}) {
      const weekStart = weekStartOf(date);
      if (opts.offline) return build(weekStart, cached(weekStart), false);
      const { service, fresh } = await serviceWeek(weekStart, opts.look ?? 'look', !!opts.refresh, opts.call);
      return build(weekStart, service, fresh);
    },
    async ensureFresh(dates, opts = {}) {
      const asRead = new Map<string, number>();
      await Promise.all(
        [...new Set(dates.map((d) => weekStartOf(d)))].map(async (w) => {
          if (!opts.commit || !lockedOnCopy(w)) return void (await serviceWeek(w, 'rule', false));
          // the service's word before a refusal: one read of both halves (the timesheet says the lock); in an outage
          // only when a check may go now (../service/reachability.ts), else the copy decides
          const may = !deps.mayCheck || deps.mayCheck();
          const { fresh } = may ? await serviceWeek(w, 'rule', true) : { fresh: false };
          if (!fresh && lockedOnCopy(w)) asRead.set(w, readAt(w));
        }),
      );
      return asRead;
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
      return isLockedStatus(cached(weekStartOf(date))?.timesheet?.status);
    },
    waitsForDecision(date) {
      return cached(weekStartOf(date))?.timesheet?.status === 'pending';
    },
    serviceLogsOn(date) {
      return serviceLogsStillThere(ledger.read(), cached(weekStartOf(date))).filter((l) => l.workDate === date);
    },
    noticeOthers: () => noticeOtherWriters(),
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
