/**
 * Logging, editing and deleting time: every path (the form, the timer, the outbox's "fix") goes through this gate, so
 * every time log is checked against the company's rules (../catalog/rules.ts) BEFORE it is queued: a log made offline
 * must not fail days later. A checked log is written to the ledger and the outbox in one atomic write, then the sync
 * engine tries to send it at once. The check runs inside the write (under the outbox's lock, on the latest document),
 * so a log another process (`punch log`) just added to the same day counts.
 */
import { coreWords } from './core-words';
import { saidOf, type Said, type Words } from '../shared/i18n/said';
import { sentencesSaid } from '../shared/input-words';
import type { Clock, PreferencesStore, Session } from './context';
import type { BillingStatus, LocalTimeLog, RuleViolation } from '../shared/domain';
import { parseHhmm } from '../shared/hours';
import { billingFor, jobNamed } from '../shared/billing';
import type { Handlers, LoggedState, LogResult, OperationCall } from '../shared/contract';
import { AuthError, InvalidInputError, saidError, type CallOptions } from './service';
import type { Catalog, LogToCheck, RuleContext } from './catalog';
import type { EditPatch, FixedLog, Journal, Ledger, LogFields, OutboxOp, SyncEngine } from './outbox';
import { accountKeyOf, rowsOn, syncStateOf, toLocalTimeLog, recordAdd, recordDelete, recordEdit } from './outbox';
import { serviceLogRow, SERVICE_LOCAL_PREFIX } from './week';
import { checkLog } from './catalog';
import type { Weeks } from './week';
import { createLogRules, type NewLog } from './log-rules';

/**
 * How long a call waits for its log to reach the service before answering "queued" (the sync keeps going in the
 * background and announces the outcome). Short: while the client paces a busy endpoint (DEFAULT_POLICY, 20 requests
 * a minute on a real account) the send may wait many seconds, and the form must not hang meanwhile.
 */
/** A violation's English and code from the core's words. */
const violationOf = (w: Words): { message: string; said: Said } => ({ message: w.message, said: saidOf(w) });

/** Broken rules as one value: their codes chained when each has one, else their English joined. */
function violationsValue(violations: RuleViolation[]): { said: Said } | string {
  const saids = violations.map((v) => v.said);
  if (saids.every((s): s is Said => s !== undefined)) return { said: sentencesSaid(saids)! };
  return violations.map((v) => v.message).join(' ');
}

export const WAIT_FOR_SYNC_MS = 1_500;
const MAX_RECENT_JOBS = 8;

export type { NewLog } from './log-rules';

/** The one gate for every new or changed log (docs/ARCHITECTURE.md "Core modules"). */
export interface LogGate {
  /** The rules' view of the world; `j` is the document being changed (default: the current one). */
  ruleContext(j?: Readonly<Journal>): RuleContext;
  /**
   * The rules' verdict on a log as typed (the form's live check); fetches the job list once if none is known, and
   * reads the day's week when the kept one is stale (a log made elsewhere counts). With `localId` it is an edit of that
   * log: its own hours do not count against the day, and its job cannot change.
   */
  check(log: NewLog & { localId?: string }): Promise<RuleViolation[]>;
  /** Reads the weeks of these days when stale, before the rules are asked about them (../week/weekview.ts `ensureFresh`). */
  freshen(dates: string[]): Promise<void>;
  /**
   * An add queued before the company's rules were known (`unchecked`), checked against them before it is sent: reads
   * the settings (and the job list when the job is unknown) if they were never read, then the rules on the latest
   * document. Throws when they cannot be read (the outbox entry stays queued); `refusal` holds the rule's words.
   */
  /** `call`: the sync engine's limits for the reads it may need (bounded, aborted when the engine closes). */
  checkQueued(
    op: OutboxOp,
    call?: CallOptions,
  ): Promise<{ refusal?: Words; field?: RuleViolation['field']; jobName?: string; billingStatus?: LogFields['billingStatus'] }>;
  /** `call`: its signal (Ctrl+C in punch) stops the send after the log is recorded; the log stays queued. */
  logTime(log: NewLog, call?: OperationCall): Promise<LogResult>;
  /** Checks every log first, then records them all (a timer stop over midnight is all or nothing). */
  logMany(logs: NewLog[], hooks?: RecordHooks): Promise<LogResult[]>;
  editLog(
    input: { localId: string; hours?: string; workDate?: string; billable?: boolean; description?: string },
    call?: OperationCall,
  ): Promise<LogResult>;
  deleteLog(localId: string, call?: OperationCall): Promise<{ state: LoggedState }>;
  /** The job's name from the cached job list when only its id is given (the picker sends ids). */
  withJob(log: FixedLog): FixedLog;
  /** The billing status of the job a log names, from the cached job list (../shared/billing.ts decides with it). */
  jobBilling(log: FixedLog): BillingStatus | undefined;
  /**
   * The rules' verdict on a log inside a change of the outbox (`j`: the document being changed): the outbox's Fix
   * (./outbox/resolutions.ts) checks its new values this way.
   */
  checkInChange(j: Readonly<Journal>, log: LogToCheck): RuleViolation[];
  pushRecentJob(jobId: string | undefined): void;
  /**
   * Does the journal (`j`: the document being changed; default the current one) hold logs that the stop of timer `id`
   * recorded, on one of `days`? The timer's stop is committed when they are durable (./timer/README.md).
   */
  timerStopped(id: string, days: string[], j?: Readonly<Journal>): boolean;
  /** Does the journal hold logs recorded from damage report `id`'s offer, on one of `days`? */
  damageLogged(id: string, days: string[], j?: Readonly<Journal>): boolean;
}

/** For a caller whose own state must change together with the recording (the timer's stop). */
export interface RecordHooks {
  /**
   * Runs inside the write, under the outbox's lock, on the latest document `j`, before anything is recorded; throw to
   * record nothing.
   */
  precondition?: (j: Readonly<Journal>) => void;
  /** Runs right after the logs are durable, before waiting for the service. */
  onRecorded?: () => void;
  /** Stops the send that follows (Ctrl+C in punch): the logs stay recorded, in the outbox. */
  signal?: AbortSignal;
}

export interface LogGateDeps {
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

export function createLogGate(deps: LogGateDeps): LogGate {
  const { ledger, sync, catalog, weeks, clock, prefs, changed, session } = deps;

  const rules = createLogRules({ ledger, catalog, weeks, clock, session, online: () => sync.online() });
  const { ruleContext, withJob, ensureJobs, freshen, shownLog } = rules;

  /** The job a log names, from the cached job list: by id, else by name. */
  const knownJob = (log: Pick<NewLog, 'jobId' | 'jobName'>) =>
    (log.jobId ? catalog.findJob(log.jobId) : undefined) ?? jobNamed(catalog.cachedJobs(), log.jobName);

  function toFields(log: NewLog): LogFields {
    return {
      workDate: log.workDate,
      hours: log.hours,
      ...(log.jobId ? { jobId: log.jobId } : {}),
      jobName: log.jobName ?? '',
      // decided once here for the form, the timer and `punch` alike (../shared/billing.ts)
      billingStatus: billingFor(knownJob(log), log.billable),
      ...(log.workItem ? { workItem: log.workItem } : {}),
      ...(log.description ? { description: log.description } : {}),
    };
  }

  function refuse(violations: RuleViolation[]): never {
    const message = violations.map((v) => v.message).join(' ');
    const chained = violationsValue(violations);
    throw new InvalidInputError(typeof chained === 'string' ? message : { ...chained.said, message }, violations);
  }

  /**
   * Sends now; waits (bounded) only while online, so a call made offline answers at once. A refusal that came back
   * meanwhile is said as such (needs attention), never as queued.
   */
  async function trySend(localId: string, signal?: AbortSignal): Promise<LoggedState> {
    // the caller's signal stops the run (a write in flight is then settled like a lost answer, by the next run)
    const run = sync.run(signal ? { signal } : {});
    if (sync.online()) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        run,
        new Promise((r) => {
          timer = setTimeout(r, WAIT_FOR_SYNC_MS);
        }),
      ]);
      clearTimeout(timer);
    }
    const state = syncStateOf(ledger.read(), localId);
    return state === 'synced' || state === 'needs-attention' ? state : 'queued';
  }

  function pushRecentJob(jobId: string | undefined): void {
    if (!jobId) return;
    const recent = [jobId, ...prefs.get().recentJobIds.filter((id) => id !== jobId)].slice(0, MAX_RECENT_JOBS);
    prefs.update({ recentJobIds: recent });
  }

  const result = (localId: string, state: LoggedState): LogResult => {
    const j = ledger.read();
    const row = j.rows[localId];
    const log: LocalTimeLog = row ? toLocalTimeLog(j, row) : ({ localId } as LocalTimeLog);
    return { log, state };
  };

  /** A log the service showed (source 'service') becomes a ledger row before it can be edited or deleted. */
  function adopt(localId: string): string {
    if (!localId.startsWith(SERVICE_LOCAL_PREFIX) || ledger.read().rows[localId]) return localId;
    const timeLogId = localId.slice(SERVICE_LOCAL_PREFIX.length);
    const existing = Object.values(ledger.read().rows).find((r) => r.timeLogId === timeLogId);
    if (existing) return existing.localId;
    const log = weeks.serviceLog(timeLogId);
    if (!log) throw new InvalidInputError(coreWords.logUnknown());
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
   * new log is refused with what to do (`punch log` never says "synced" to a company that does not exist).
   */
  function requireAccount(): void {
    const { problem, problemSaid } = session.account();
    if (problem) throw new AuthError(problemSaid ? { ...problemSaid, message: problem } : problem);
  }

  function rowOf(localId: string) {
    const row = ledger.read().rows[localId];
    if (!row || row.pendingDelete) throw new InvalidInputError(coreWords.logGone());
    return row;
  }

  /**
   * The company's rules are not known yet (first use with no answer from the service): the settings were never read,
   * or the job is not in a job list never read. Such a log is queued rather than refused (the hour must not be lost
   * on a train) and checked before it is sent (`checkQueued`).
   */
  const jobsUnknown = () => catalog.cachedJobs().length === 0;
  const rulesUnknown = (_log: NewLog) => catalog.fetchedAt('settings') === undefined || jobsUnknown();

  const gate: LogGate = {
    ruleContext,
    freshen,
    check: rules.check,
    withJob: (log) => withJob(log),
    jobBilling: (log) => knownJob(log)?.jobBillableStatus,
    checkInChange: (j, log) => checkLog(log, ruleContext(j)),

    async checkQueued(op, call) {
      const add = op.add;
      if (!add) return {};
      if (catalog.fetchedAt('settings') === undefined) await catalog.settings({ refresh: true, call });
      if ((add.jobId && !add.jobName && !catalog.findJob(add.jobId)) || jobsUnknown())
        await catalog.jobs({ status: 'all', refresh: true, call });
      if (catalog.fetchedAt('settings') === undefined) throw saidError(coreWords.noSettings());
      const jobName = add.jobId ? catalog.findJob(add.jobId)?.jobName : undefined;
      // logged without a word on billing and before the job was known: the job decides now, before it is sent
      const job = op.billingFromJob ? knownJob({ jobId: add.jobId, jobName: jobName ?? add.jobName }) : undefined;
      const violations = checkLog(
        { ...add, ...(jobName && !add.jobName ? { jobName } : {}), localId: op.localId } as LogToCheck,
        ruleContext(ledger.read()),
      );
      return {
        ...(jobName ? { jobName } : {}),
        ...(job ? { billingStatus: job.jobBillableStatus } : {}),
        ...(violations.length > 0
          ? {
              refusal: coreWords.rulesBroken(violationsValue(violations)),
              // the Fix form opens on the first field that is wrong
              field: violations[0].field,
            }
          : {}),
      };
    },

    async logTime(input, call) {
      const [r] = await gate.logMany([input], call?.signal ? { signal: call.signal } : {});
      return r;
    },

    async logMany(inputs, hooks = {}) {
      requireAccount();
      // the days' weeks as the service holds them now: a log made elsewhere, a week submitted on another device
      const [ready] = await Promise.all([Promise.all(inputs.map(ensureJobs)), freshen(inputs.map((e) => e.workDate))]);
      const now = clock.now();
      const account = accountKeyOf(session);
      const rows = ledger.change((j) => {
        hooks.precondition?.(j);
        const ctx = ruleContext(j);
        // each log counts the ones before it in this batch against the day's maximum
        const extra = new Map<string, number>();
        for (const e of ready) {
          let violations = checkLog(e as LogToCheck, {
            ...ctx,
            dayTotalMinutes: (d, ex) => ctx.dayTotalMinutes(d, ex) + (extra.get(d) ?? 0),
          });
          // a job list never read cannot say the job is unknown: checked before sending (`checkQueued`)
          if (jobsUnknown()) violations = violations.filter((v) => v.rule !== 'unknown-job');
          if (violations.length > 0) refuse(violations); // throws: nothing is written
          extra.set(e.workDate, (extra.get(e.workDate) ?? 0) + parseHhmm(e.hours));
        }
        return ready.map((e) => {
          const row = recordAdd(j, toFields(e), now, account, {
            ...(e.timerId ? { timerId: e.timerId } : {}),
            ...(e.damageId ? { damageId: e.damageId } : {}),
          });
          const op = j.ops.find((o) => o.localId === row.localId && o.kind === 'add');
          if (op && rulesUnknown(e)) op.unchecked = true;
          // no word from the user and no job list to ask: the job's status is applied once it is known (`checkQueued`)
          if (op && e.billable === undefined && !knownJob(e)) op.billingFromJob = true;
          return row;
        });
      });
      hooks.onRecorded?.();
      for (const e of ready) pushRecentJob(e.jobId);
      changed(ready.map((e) => e.workDate));
      const out: LogResult[] = [];
      for (const row of rows) {
        const r = result(row.localId, await trySend(row.localId, hooks.signal));
        const unchecked = ledger
          .read()
          .ops.some((o) => o.localId === row.localId && o.kind === 'add' && o.unchecked && o.state !== 'synced');
        out.push(unchecked ? { ...r, unchecked: true } : r);
      }
      return out;
    },

    async editLog(input, call) {
      requireAccount();
      await freshen([shownLog(input.localId)?.workDate ?? '', input.workDate ?? '']);
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
        const violations = checkLog(
          {
            workDate: patch.workDate ?? row.workDate,
            hours: patch.hours ?? row.hours,
            jobId: row.jobId,
            jobName: row.jobName,
            localId,
            jobFixed: true,
          },
          ctx,
        );
        // moving a log out of a locked week is a change to that week too
        if (ctx.isLocked(row.workDate) && !violations.some((v) => v.rule === 'locked')) {
          violations.push({ field: 'week', rule: 'locked', ...violationOf(coreWords.lockedEdit()) });
        }
        if (violations.length > 0) refuse(violations); // throws: nothing is written
        if (!j.rows[localId] || j.rows[localId].pendingDelete) throw new InvalidInputError(coreWords.logDeleted());
        recordEdit(j, localId, patch, clock.now());
      });
      changed([row.workDate, patch.workDate ?? row.workDate]);
      return result(localId, await trySend(localId, call?.signal));
    },

    async deleteLog(inputId, call) {
      requireAccount();
      await freshen([shownLog(inputId)?.workDate ?? '']);
      const localId = adopt(inputId);
      const row = rowOf(localId);
      if (weeks.isLocked(row.workDate)) {
        refuse([{ field: 'week', rule: 'locked', ...violationOf(coreWords.lockedDelete()) }]);
      }
      const outcome = ledger.change((j) => recordDelete(j, localId, clock.now()));
      changed([row.workDate]);
      if (outcome === 'removed') return { state: 'synced' };
      return { state: await trySend(localId, call?.signal) };
    },

    pushRecentJob,

    timerStopped(id, days, j = ledger.read()) {
      return days.some((d) => rowsOn(j, d).some((row) => row.timerId === id));
    },

    damageLogged(id, days, j = ledger.read()) {
      return days.some((d) => rowsOn(j, d).some((row) => row.damageId === id));
    },
  };
  return gate;
}

export type LogCalls = 'checkLog' | 'logTime' | 'editLog' | 'deleteLog';

/** The bridge calls that make, change or delete a log: all through the gate. */
export function logHandlers(gate: LogGate): Pick<Handlers, LogCalls> {
  return {
    checkLog: async (input) => gate.check(input),
    logTime: async (input, call) => gate.logTime(input, call),
    editLog: async (input, call) => gate.editLog(input, call),
    deleteLog: async ({ localId }, call) => gate.deleteLog(localId, call),
  };
}
