/**
 * Logging, editing and deleting time: every path (the form, the timer, the outbox's "fix") goes through this gate, so
 * every time log is checked against the company's rules (./rules/check.ts) BEFORE it is queued: a log made offline
 * must not fail days later. A checked log is written to the ledger and the outbox in one atomic write, then the sync
 * engine tries to send it at once. The check runs inside the write (under the outbox's lock, on the latest document),
 * so a log another process (`punch log`) just added to the same day counts. The world the rules check against, and the
 * refusal of a log that breaks them, are ./log-rules.ts.
 */
import { coreWords } from './core-words';
import type { Clock, PreferencesStore, Session } from './context';
import type { LocalTimeLog, RuleViolation } from '../shared/domain';
import { parseHhmm } from '../shared/time/hours';
import { billingFor } from '../shared/billing';
import { loggedChangeOf, loggedOf, type LogChangeValues } from '../shared/log';
import type { LoggedState, LogResult, OperationCall } from '../shared/contract';
import { AuthError, InvalidInputError, accountKeyOf } from './service';
import type { Catalog } from './catalog';
import { findLastItem, opsOf, type EditPatch, type Journal, type Ledger, type LedgerRow, type LogFields } from './journal';
import { toLocalTimeLog, recordAdd, recordDelete, recordEdit } from './outbox';
import { checkLog, jobOf, lockedAsRead, type LogToCheck, type RuleContext } from './rules';
import type { SyncEngine } from './sync';
import { serviceLogRow, SERVICE_LOCAL_PREFIX } from './week';
import type { LocksAsRead, Weeks } from './week';
import { refuse, violationOf, type LogRules, type NewLog } from './log-rules';

/**
 * How long a call waits for its log to reach the service before answering "queued" (the sync keeps going in the
 * background and announces the outcome): a timer of the clock, so a test advances through it. Short: while the client
 * paces a busy endpoint (DEFAULT_POLICY, 20 requests a minute on a real account) the send may wait many seconds, and
 * the form must not hang meanwhile. The answer itself is the sync's outcome for the log (./sync/answer.ts).
 */
export const WAIT_FOR_SYNC_MS = 1_500;
const MAX_RECENT_JOBS = 8;

export type { NewLog } from './log-rules';

/** The one gate for every new or changed log (docs/ARCHITECTURE.md "Core modules"). */
export interface LogGate {
  /** The rules' view of the world; `j` is the document being changed (default: the current one). */
  ruleContext(j?: Readonly<Journal>, asRead?: LocksAsRead): RuleContext;
  /**
   * The rules' verdict on a log as typed (the form's live check); fetches the job list once if none is known, and
   * reads the day's week when the kept one is stale (a log made elsewhere counts). With `localId` it is an edit of that
   * log: its own hours do not count against the day, and its job cannot change.
   */
  check(log: NewLog & { localId?: string }): Promise<RuleViolation[]>;
  /** Reads the weeks of these days when stale, before the rules are asked about them (./log-rules.ts `freshen`). */
  freshen(dates: string[], opts?: { commit?: boolean }): Promise<LocksAsRead>;
  /** `call`: its signal (Ctrl+C in punch) stops the send after the log is recorded; the log stays queued. */
  logTime(log: NewLog, call?: OperationCall): Promise<LogResult>;
  /** Checks every log first, then records them all (a timer stop over midnight is all or nothing). */
  logMany(logs: NewLog[], hooks?: RecordHooks): Promise<LogResult[]>;
  editLog(input: LogChangeValues, call?: OperationCall): Promise<LogResult>;
  /** `localId`: the ledger's id of the log deleted (a log shown from the service is taken into the ledger first). */
  deleteLog(localId: string, call?: OperationCall): Promise<{ state: LoggedState; localId: string }>;
  pushRecentJob(jobId: string | undefined): void;
  /**
   * Records one checked log into `j` (inside a `ledger.change`): its ledger row and its add, with the flags a log
   * queued before the rules were known carries. For a batch that checked its logs itself (./log-batch.ts).
   */
  record(j: Journal, log: NewLog, now: number, origin?: { copiedFrom?: string }): LedgerRow;
  /** Sends what was recorded and says what became of the log (a short wait while online, as `logTime` does). */
  send(localId: string, signal?: AbortSignal): Promise<LogResult>;
  /** No account can be used: throws the AuthError that says what to do. */
  requireAccount(): void;
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
  /** The world the rules check against (./log-rules.ts), built by the root: the sync engine and the outbox's Fix read it too. */
  rules: LogRules;
  clock: Clock;
  prefs: PreferencesStore;
  session: Session;
  /** After a change: the dates it touched (for `ledger`, `outbox` and `status` events). */
  changed: (dates: string[]) => void;
}

export function createLogGate(deps: LogGateDeps): LogGate {
  const { ledger, sync, catalog, weeks, clock, prefs, changed, session, rules } = deps;
  const { ruleContext, ensureJobs, freshen, shownLog } = rules;

  /** The job a log names, from the cached job list: by id, else by name. */
  const knownJob = (log: Pick<NewLog, 'jobId' | 'jobName'>) => jobOf(catalog.cachedJobs(), log);

  // billing decided once here for the form, the timer and `punch` alike (../shared/billing.ts)
  const toFields = (log: NewLog): LogFields => loggedOf(log, billingFor(knownJob(log), log.billable));

  /**
   * Sends now and answers with the sync's outcome for the log: synced, refused (needs attention, never said as
   * queued), or queued when the service did not answer within WAIT_FOR_SYNC_MS; a call made offline answers at once.
   * The caller's signal stops the run (a write in flight is then settled like a lost answer, by the next run).
   */
  const trySend = (localId: string, signal?: AbortSignal): Promise<LoggedState> =>
    sync.send(localId, { waitMs: WAIT_FOR_SYNC_MS, ...(signal ? { signal } : {}) });

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
   * on a train) and checked before it is sent (the sync engine, with ./rules/before-send.ts).
   */
  const jobsUnknown = () => catalog.cachedJobs().length === 0;
  const rulesUnknown = (_log: NewLog) => catalog.fetchedAt('settings') === undefined || jobsUnknown();

  function recordOne(j: Journal, e: NewLog, now: number, account: string, origin: { copiedFrom?: string } = {}): LedgerRow {
    const row = recordAdd(j, toFields(e), now, account, {
      ...(e.timerId ? { timerId: e.timerId } : {}),
      ...(e.damageId ? { damageId: e.damageId } : {}),
      ...(origin.copiedFrom ? { copiedFrom: origin.copiedFrom } : {}),
      ...(e.undoOf ? { undoOf: e.undoOf } : {}),
    });
    // not by `j.ops.find` through the draft (a draft of every entry it passes: 10,000 of them), and from the end: the
    // add was just appended (from the start, a walk over every entry waiting on every log)
    const op = findLastItem(j.ops, (o) => o.localId === row.localId && o.kind === 'add');
    if (op && rulesUnknown(e)) op.unchecked = true;
    // no word from the user and no job list to ask: the job's status is applied once it is known (./rules/before-send.ts)
    if (op && e.billable === undefined && !knownJob(e)) op.billingFromJob = true;
    return row;
  }

  async function send(localId: string, signal?: AbortSignal): Promise<LogResult> {
    const r = result(localId, await trySend(localId, signal));
    const unchecked = opsOf(ledger.read(), localId).some((o) => o.kind === 'add' && o.unchecked && o.state !== 'synced');
    return unchecked ? { ...r, unchecked: true } : r;
  }

  const gate: LogGate = {
    ruleContext,
    record: (j, log, now, origin) => recordOne(j, log, now, accountKeyOf(session), origin),
    send,
    requireAccount,
    freshen,
    check: rules.check,

    async logTime(input, call) {
      const [r] = await gate.logMany([input], call?.signal ? { signal: call.signal } : {});
      return r;
    },

    async logMany(inputs, hooks = {}) {
      requireAccount();
      // the days' weeks as the service holds them now: a log made elsewhere, a week submitted on another device, a week
      // the copy says is locked and the manager rejected a moment ago (read whatever the copy's age: `commit`)
      const dates = inputs.map((e) => e.workDate);
      const [ready, asRead] = await Promise.all([Promise.all(inputs.map(ensureJobs)), freshen(dates, { commit: true })]);
      const now = clock.now();
      const account = accountKeyOf(session);
      const rows = ledger.change((j) => {
        hooks.precondition?.(j);
        const ctx = ruleContext(j, asRead);
        // each log counts the ones before it in this batch against the day's maximum
        const extra = new Map<string, number>();
        for (const e of ready) {
          let violations = checkLog(e as LogToCheck, {
            ...ctx,
            dayTotalMinutes: (d, ex) => ctx.dayTotalMinutes(d, ex) + (extra.get(d) ?? 0),
          });
          // a job list never read cannot say the job is unknown: checked before sending (./rules/before-send.ts)
          if (jobsUnknown()) violations = violations.filter((v) => v.rule !== 'unknown-job');
          if (violations.length > 0) refuse(violations); // throws: nothing is written
          extra.set(e.workDate, (extra.get(e.workDate) ?? 0) + parseHhmm(e.hours));
        }
        return ready.map((e) => recordOne(j, e, now, account));
      });
      hooks.onRecorded?.();
      for (const e of ready) pushRecentJob(e.jobId);
      changed(ready.map((e) => e.workDate));
      const out: LogResult[] = [];
      for (const row of rows) out.push(await send(row.localId, hooks.signal));
      return out;
    },

    async editLog(input, call) {
      requireAccount();
      const asRead = await freshen([shownLog(input.localId)?.workDate ?? '', input.workDate ?? ''], { commit: true });
      const localId = adopt(input.localId);
      const row = rowOf(localId);
      const patch: EditPatch = loggedChangeOf(input);
      ledger.change((j) => {
        const ctx = ruleContext(j, asRead);
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
          violations.push({ field: 'week', rule: 'locked', ...lockedAsRead(violationOf(coreWords.lockedEdit()), row.workDate, ctx) });
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
      const asRead = await freshen([shownLog(inputId)?.workDate ?? ''], { commit: true });
      const localId = adopt(inputId);
      const row = rowOf(localId);
      if (weeks.isLocked(row.workDate)) {
        const refusal = lockedAsRead(violationOf(coreWords.lockedDelete()), row.workDate, ruleContext(undefined, asRead));
        refuse([{ field: 'week', rule: 'locked', ...refusal }]);
      }
      const outcome = ledger.change((j) => recordDelete(j, localId, clock.now()));
      changed([row.workDate]);
      if (outcome === 'removed') return { state: 'synced', localId };
      return { state: await trySend(localId, call?.signal), localId };
    },

    pushRecentJob,
  };
  return gate;
}
