/**
 * Logging, editing and deleting time: every path (the form, the timer, the outbox's "fix") goes through here, so
 * every entry is checked against the company's rules (../catalog/rules.ts) BEFORE it is queued: an entry made offline must
 * not fail days later. A checked entry is written to the ledger and the outbox in one atomic write, then the sync
 * engine tries to send it at once. The check runs inside the write (under the outbox's lock, on the latest document),
 * so an entry another process (`punch log`) just added to the same day counts.
 */
import type { Clock, PreferencesStore, Session } from './context';
import type { LocalTimeLog, RuleViolation } from '../../shared/domain';
import type { LogResult } from '../../shared/contract';
import { localDate } from '../../shared/week';
import { AuthError, InvalidInputError } from './service/errors';
import type { Catalog } from './catalog/catalog';
import type { EditPatch, Journal, Ledger, LogFields } from './outbox/ledger';
import { accountKeyOf, syncStateOf, toLocalTimeLog } from './outbox/ledger';
import { dayTotalWithService } from './week/day-total';
import { serviceLogRow } from './week/adopt';
import { recordAdd, recordDelete, recordEdit } from './outbox/operations';
import { fixOp, notOffered, offers } from './outbox/resolutions';
import type { EntryToCheck, RuleContext } from './catalog/rules';
import { checkEntry } from './catalog/rules';
import type { SyncEngine } from './outbox/sync';
import type { Weeks } from './week/weekview';
import { SERVICE_LOCAL_PREFIX } from './week/weekview';

/**
 * How long a call waits for its entry to reach the service before answering "queued" (the sync keeps going in the
 * background and announces the outcome). Short: while the client paces a busy endpoint (DEFAULT_POLICY, 20 requests
 * a minute on a real account) the send may wait many seconds, and the form must not hang meanwhile.
 */
export const WAIT_FOR_SYNC_MS = 1_500;
const MAX_RECENT_JOBS = 8;

export interface NewEntry {
  jobId?: string;
  jobName?: string;
  workDate: string;
  hours: string;
  billable?: boolean;
  workItem?: string;
  description?: string;
}

export interface Entries {
  /** The rules' view of the world; `j` is the document being changed (default: the current one). */
  ruleContext(j?: Readonly<Journal>): RuleContext;
  check(entry: NewEntry): RuleViolation[];
  logTime(entry: NewEntry): Promise<LogResult>;
  /** Checks every entry first, then records them all (a timer stop over midnight is all or nothing). */
  logMany(entries: NewEntry[], hooks?: RecordHooks): Promise<LogResult[]>;
  editLog(input: { localId: string; hours?: string; workDate?: string; billable?: boolean; description?: string }): Promise<LogResult>;
  deleteLog(localId: string): Promise<{ state: 'synced' | 'queued' }>;
  fixEntry(id: string, patch: Partial<NewEntry>): void;
  pushRecentJob(jobId: string | undefined): void;
}

/** For a caller whose own state must change together with the recording (the timer's stop). */
export interface RecordHooks {
  /** Runs inside the write, under the outbox's lock, before anything is recorded; throw to record nothing. */
  precondition?: () => void;
  /** Runs right after the entries are durable, before waiting for the service. */
  onRecorded?: () => void;
}

export interface EntriesDeps {
  ledger: Ledger;
  sync: SyncEngine;
  catalog: Catalog;
  weeks: Weeks;
  clock: Clock;
  prefs: PreferencesStore;
  session: Session;
  /** After a change: the dates it touched (for `ledger`, `outbox` and `status` events). */
  changed: (dates: string[]) => void;
}

export function createEntries(deps: EntriesDeps): Entries {
  const { ledger, sync, catalog, weeks, clock, prefs, changed, session } = deps;

  const ruleContext = (j?: Readonly<Journal>): RuleContext => ({
    settings: catalog.cachedSettings(),
    today: localDate(clock.now()),
    jobs: catalog.cachedJobs(),
    // the ledger plus what the service is known to hold that day (../week/day-total.ts)
    dayTotalMinutes: (date, excluding) => dayTotalWithService(j ?? ledger.read(), date, weeks.serviceLogsOn(date), {
      ...(excluding !== undefined ? { excludingLocalId: excluding } : {}), account: accountKeyOf(session),
    }),
    isLocked: (date) => weeks.isLocked(date),
  });

  /** Job name from the cached list when only the id is given (the picker sends ids). */
  function withJob(entry: NewEntry): NewEntry {
    if (entry.jobName || !entry.jobId) return entry;
    const job = catalog.findJob(entry.jobId);
    return job ? { ...entry, jobName: job.jobName } : entry;
  }

  function toFields(entry: NewEntry): LogFields {
    return {
      workDate: entry.workDate, hours: entry.hours, ...(entry.jobId ? { jobId: entry.jobId } : {}), jobName: entry.jobName ?? '',
      billingStatus: entry.billable === false ? 'Non Billable' : 'Billable',
      ...(entry.workItem ? { workItem: entry.workItem } : {}), ...(entry.description ? { description: entry.description } : {}),
    };
  }

  function refuse(violations: RuleViolation[]): never {
    throw new InvalidInputError(violations.map((v) => v.message).join(' '), violations);
  }

  async function ensureJobs(entry: NewEntry): Promise<NewEntry> {
    let e = withJob(entry);
    if (e.jobId && !e.jobName) {
      // not in the cache: the list may be stale; one refresh (falls back to the cache offline)
      await catalog.jobs({ status: 'all' }).catch(() => undefined);
      e = withJob(e);
    }
    return e;
  }

  /** Sends now; waits (bounded) only while online, so a call made offline answers at once. */
  async function trySend(localId: string): Promise<'synced' | 'queued'> {
    const run = sync.run();
    if (sync.online()) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([run, new Promise((r) => { timer = setTimeout(r, WAIT_FOR_SYNC_MS); })]);
      clearTimeout(timer);
    }
    return syncStateOf(ledger.read(), localId) === 'synced' ? 'synced' : 'queued';
  }

  function pushRecentJob(jobId: string | undefined): void {
    if (!jobId) return;
    const recent = [jobId, ...prefs.get().recentJobIds.filter((id) => id !== jobId)].slice(0, MAX_RECENT_JOBS);
    prefs.update({ recentJobIds: recent });
  }

  const result = (localId: string, state: 'synced' | 'queued'): LogResult => {
    const j = ledger.read();
    const row = j.rows[localId];
    const entry: LocalTimeLog = row ? toLocalTimeLog(j, row) : ({ localId } as LocalTimeLog);
    return { entry, state };
  };

  /** A log the service showed (source 'service') becomes a ledger row before it can be edited or deleted. */
  function adopt(localId: string): string {
    if (!localId.startsWith(SERVICE_LOCAL_PREFIX) || ledger.read().rows[localId]) return localId;
    const timeLogId = localId.slice(SERVICE_LOCAL_PREFIX.length);
    const existing = Object.values(ledger.read().rows).find((r) => r.timeLogId === timeLogId);
    if (existing) return existing.localId;
    const log = weeks.serviceLog(timeLogId);
    if (!log) throw new InvalidInputError(`No time log ${timeLogId} is known here; open its week again, then retry.`);
    const now = clock.now();
    // under the lock: another process may have adopted it meanwhile (then its row is the one to edit)
    return ledger.change((j) => {
      const known = j.rows[localId] ?? Object.values(j.rows).find((r) => r.timeLogId === timeLogId);
      if (known) return known.localId;
      return serviceLogRow(j, log, accountKeyOf(session), now).localId;
    });
  }

  /**
   * No account can be used (the account file could not be read): nothing is queued under a guessed account, so a
   * new entry is refused with what to do (issue 8: `punch log` never says "synced" to a company that does not exist).
   */
  function requireAccount(): void {
    const problem = session.account().problem;
    if (problem) throw new AuthError(problem);
  }

  function rowOf(localId: string) {
    const row = ledger.read().rows[localId];
    if (!row || row.pendingDelete) throw new InvalidInputError(`No time log with localId ${localId}. It may have been deleted; reopen the week.`);
    return row;
  }

  const entries: Entries = {
    ruleContext,
    check: (entry) => checkEntry(withJob(entry) as EntryToCheck, ruleContext()),

    async logTime(input) {
      const [r] = await entries.logMany([input]);
      return r;
    },

    async logMany(inputs, hooks = {}) {
      requireAccount();
      const ready = await Promise.all(inputs.map(ensureJobs));
      const now = clock.now();
      const account = accountKeyOf(session);
      const rows = ledger.change((j) => {
        hooks.precondition?.();
        const ctx = ruleContext(j);
        // each entry counts the ones before it in this batch against the day's maximum
        const extra = new Map<string, number>();
        for (const e of ready) {
          const violations = checkEntry(e as EntryToCheck, {
            ...ctx, dayTotalMinutes: (d, ex) => ctx.dayTotalMinutes(d, ex) + (extra.get(d) ?? 0),
          });
          if (violations.length > 0) refuse(violations); // throws: nothing is written
          const [h, m] = e.hours.split(':').map(Number);
          extra.set(e.workDate, (extra.get(e.workDate) ?? 0) + h * 60 + m);
        }
        return ready.map((e) => recordAdd(j, toFields(e), now, account));
      });
      hooks.onRecorded?.();
      for (const e of ready) pushRecentJob(e.jobId);
      changed(ready.map((e) => e.workDate));
      const out: LogResult[] = [];
      for (const row of rows) out.push(result(row.localId, await trySend(row.localId)));
      return out;
    },

    async editLog(input) {
      requireAccount();
      const localId = adopt(input.localId);
      const row = rowOf(localId);
      const patch: EditPatch = {
        ...(input.hours !== undefined ? { hours: input.hours } : {}),
        ...(input.workDate !== undefined ? { workDate: input.workDate } : {}),
        ...(input.billable !== undefined ? { billingStatus: input.billable ? 'Billable' : 'Non Billable' } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
      } as EditPatch;
      ledger.change((j) => {
        const ctx = ruleContext(j);
        const violations = checkEntry({
          workDate: patch.workDate ?? row.workDate, hours: patch.hours ?? row.hours, jobId: row.jobId, jobName: row.jobName, localId,
        }, ctx);
        // moving a log out of a locked week is a change to that week too
        if (ctx.isLocked(row.workDate) && !violations.some((v) => v.rule === 'locked')) {
          violations.push({ field: 'week', rule: 'locked', message: 'This log is in a week that is submitted or approved, so it cannot change. Ask your manager to reject the week first.' });
        }
        if (violations.length > 0) refuse(violations); // throws: nothing is written
        if (!j.rows[localId] || j.rows[localId].pendingDelete) throw new InvalidInputError(`No time log with localId ${localId}. It was deleted meanwhile; reopen the week.`);
        recordEdit(j, localId, patch, clock.now());
      });
      changed([row.workDate, patch.workDate ?? row.workDate]);
      return result(localId, await trySend(localId));
    },

    async deleteLog(inputId) {
      requireAccount();
      const localId = adopt(inputId);
      const row = rowOf(localId);
      if (weeks.isLocked(row.workDate)) {
        refuse([{ field: 'week', rule: 'locked', message: 'This log is in a week that is submitted or approved, so it cannot be deleted. Ask your manager to reject the week first.' }]);
      }
      const outcome = ledger.change((j) => recordDelete(j, localId, clock.now()));
      changed([row.workDate]);
      if (outcome === 'removed') return { state: 'synced' };
      return { state: await trySend(localId) };
    },

    fixEntry(id, patch) {
      // all on the latest document, under the lock: the entry may have been sent, fixed or discarded meanwhile, and
      // the day's total may have changed in another process (the rules are checked against what is on disk now)
      const dates = ledger.change((d) => {
        const op = d.ops.find((o) => o.id === id);
        if (!op) throw new InvalidInputError(`No outbox entry with id ${id}.`);
        // a fix of an entry in flight or synced would change the ledger and never the service
        if (!offers(op, 'fix')) throw new InvalidInputError(notOffered(op, 'fix'));
        const base = op.add ?? d.rows[op.localId];
        if (!base) throw new InvalidInputError('This entry has no log to fix any more; discard it.');
        const next = withJob({
          workDate: patch.workDate ?? base.workDate, hours: patch.hours ?? base.hours,
          jobId: patch.jobId ?? (patch.jobName ? undefined : base.jobId), jobName: patch.jobName ?? (patch.jobId ? undefined : base.jobName),
        });
        const violations = checkEntry({ ...next, localId: op.localId } as EntryToCheck, ruleContext(d));
        if (violations.length > 0) refuse(violations); // throws: nothing is written
        const fields: Partial<LogFields> = {
          ...(patch.workDate ? { workDate: patch.workDate } : {}), ...(patch.hours ? { hours: patch.hours } : {}),
          ...(op.kind === 'add' && next.jobName ? { jobName: next.jobName, jobId: next.jobId } : {}),
          ...(patch.billable !== undefined ? { billingStatus: patch.billable ? 'Billable' : 'Non Billable' } : {}),
          ...(patch.description !== undefined ? { description: patch.description } : {}),
        } as Partial<LogFields>;
        const before = base.workDate;
        fixOp(d, id, fields, clock.now());
        return [before, fields.workDate ?? before];
      });
      changed(dates);
      void sync.run();
    },

    pushRecentJob,
  };
  return entries;
}
