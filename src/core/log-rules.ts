/**
 * The rules' side of the log gate (./log-gate.ts): the world the company's rules (./rules/check.ts) are checked
 * against, built from the one truth of a day: this device's ledger merged with what the service holds that day (its
 * list of the user's logs, made here or elsewhere: ./week/day-total.ts), and the weeks' lock state. Before a rule is
 * asked about a day, that day's week is read again if the kept copy is stale (`freshen`): a log made on the service's
 * web page a moment ago, or a week submitted on another device, must count (PRODUCT "Not the only writer").
 */
import type { Clock } from './context';
import { saidError, saidOf, type Said, type Words } from '../shared/i18n/said';
import { sentencesSaid } from '../shared/input-words';
import { coreWords } from './core-words';
import type { RuleViolation, TimeLog } from '../shared/domain';
import type { NewLogValues } from '../shared/log';
import { weekStartOf } from '../shared/time/week';
import { createDays, type Days } from '../shared/time/zone';
import type { Catalog } from './catalog';
import { accountKeyOf, InvalidInputError, type CallOptions, type Reachability, type Session } from './service';
import { checkLog, lockedViolation, withJobName, type LogToCheck, type RuleContext } from './rules';
import type { Journal, Ledger, LedgerRow } from './journal';
import type { QueuedRules } from './sync';
import type { RuleFacts } from './outbox';
import { dayTotalWithService, SERVICE_LOCAL_PREFIX } from './week';
import type { LocksAsRead, Weeks } from './week';

/** A violation's English and code from the core's words. */
export const violationOf = (w: Words): { message: string; said: Said } => ({ message: w.message, said: saidOf(w) });

/** Broken rules as one value: their codes chained when each has one, else their English joined. */
function violationsValue(violations: RuleViolation[]): { said: Said } | string {
  const saids = violations.map((v) => v.said);
  if (saids.every((s): s is Said => s !== undefined)) return { said: sentencesSaid(saids)! };
  return violations.map((v) => v.message).join(' ');
}

/** Refuses a log that breaks the rules (./log-gate.ts): one InvalidInputError saying every broken rule. */
export function refuse(violations: RuleViolation[]): never {
  const message = violations.map((v) => v.message).join(' ');
  const chained = violationsValue(violations);
  throw new InvalidInputError(typeof chained === 'string' ? message : { ...chained.said, message }, violations);
}

/**
 * How old the company's settings (the maximum per day, the past days allowed) may be when a rule is checked: they
 * change seldom, and the service checks every log again when it arrives. A `punch log` in a new process used to read
 * them before every log (the catalog's 15 minutes), 8 of a usual day's requests.
 */
export const SETTINGS_FOR_RULES_MS = 12 * 60 * 60_000;

/**
 * A log as a form, the timer or `punch` gives it, before the rules and the ledger (./log-gate.ts): the contract's new
 * log (the one schema of a log, ../shared/log.ts `NEW_LOG`; `billable` absent: the job's own billing status decides,
 * ./log-gate.ts toFields), and where it comes from when not from a form.
 */
export interface NewLog extends NewLogValues {
  /** The timer whose stop this log is: recorded on its ledger row, the stop's commit mark (./timer/README.md). */
  timerId?: string;
  /** The damage report whose offered log this is (logged again once). */
  damageId?: string;
  /** The undone change whose inverse this log is (a deleted log added again: ./undo.ts), recorded on its row. */
  undoOf?: string;
}

/**
 * Also the reader the lower modules declared for what they need of the rules' world: the sync engine's `QueuedRules`
 * (an add queued before the rules were known) and the outbox's `RuleFacts` (a Fix). The root hands this in to both.
 */
export interface LogRules extends QueuedRules, RuleFacts {
  /**
   * The rules' view of the world; `j` is the document being changed (default: the current one); `asRead`: the weeks
   * locked on the kept copy only (a commit's `freshen`), whose refusal says when the lock was last read.
   */
  ruleContext(j?: Readonly<Journal>, asRead?: LocksAsRead): RuleContext;
  /** The rules' verdict on a log as typed; with `localId`, on an edit of that log (see LogGate.check). */
  check(log: NewLog & { localId?: string }): Promise<RuleViolation[]>;
  /**
   * Reads the weeks of these days when stale (./week/weekview.ts `ensureFresh`; empty strings are skipped), and the
   * company's settings when none are kept or they are older than SETTINGS_FOR_RULES_MS (online only).
   *
   * `commit`: a log, an edit or a delete is about to be written: a week the copy says is locked is read from the service
   * first (the as-you-type check keeps the copy: a read per keystroke is too dear), so a week rejected a moment ago
   * takes the log. Answers the weeks the service could not confirm (pass them to `ruleContext`).
   */
  freshen(dates: string[], opts?: { commit?: boolean }): Promise<LocksAsRead>;
  /** Job name from the cached list when only the id is given (the picker sends ids). */
  withJob(log: NewLog): NewLog;
  /** `withJob`, fetching the job list once when it cannot tell (see ./log-gate.ts). */
  ensureJobs(log: NewLog): Promise<NewLog>;
  /** The log a screen shows under this local id: a ledger row, or a service log not taken into the ledger yet. */
  shownLog(localId: string): LedgerRow | TimeLog | undefined;
  /**
   * Reads what was never read (an add queued before the rules were known, checked before it is sent): the company's
   * settings, and the job list when the add's job is not in it; throws when the settings still cannot be read.
   */
  readRules(add: { jobId?: string; jobName?: string }, call: CallOptions): Promise<void>;
}

export function createLogRules(deps: {
  ledger: Ledger;
  catalog: Catalog;
  weeks: Weeks;
  clock: Clock;
  session: Session;
  /** Whether the service can be reached (./service/reachability.ts). */
  reach: Pick<Reachability, 'reachable'>;
  /** The user's days (the zone they chose): what today is for the rules. Default: this process's zone. */
  days?: Days;
}): LogRules {
  const { ledger, catalog, weeks, clock, session } = deps;
  const days = deps.days ?? createDays(clock);

  /** Some job list was fetched for this account: a job named by name is checked against it (./rules/check.ts). */
  const jobsKnown = () => (['in-progress', 'all', 'completed'] as const).some((s) => catalog.fetchedAt(s) !== undefined);

  const ruleContext = (j?: Readonly<Journal>, asRead?: LocksAsRead): RuleContext => ({
    settings: catalog.cachedSettings(),
    today: days.today(),
    jobs: catalog.cachedJobs(),
    jobsKnown: jobsKnown(),
    // the ledger plus what the service is known to hold that day (./week/day-total.ts)
    dayTotalMinutes: (date, excluding) =>
      dayTotalWithService(j ?? ledger.read(), date, weeks.serviceLogsOn(date), {
        ...(excluding !== undefined ? { excludingLocalId: excluding } : {}),
        account: accountKeyOf(session),
      }),
    isLocked: (date) => weeks.isLocked(date),
    lockState: (date) => (weeks.waitsForDecision(date) ? 'pending' : 'approved'),
    lockAsRead: (date) => {
      const at = asRead?.get(weekStartOf(date));
      return at === undefined ? undefined : { at, now: clock.now() };
    },
  });

  const withJob = (log: NewLog): NewLog => withJobName(log, catalog.cachedJobs());

  async function ensureJobs(log: NewLog): Promise<NewLog> {
    let e = withJob(log);
    // an id not in the cache (the list may be stale), or a name while no list was ever fetched: one fetch (bounded,
    // ./catalog/catalog.ts), so the name is checked now when the service can be reached; not when it is known to be
    // unreachable (the user must not wait for it; the log is then checked before it is sent, and the service checks
    // the name on send)
    if (((e.jobId && !e.jobName) || (!e.jobId && e.jobName && !jobsKnown())) && deps.reach.reachable()) {
      await catalog.jobs({ status: 'all' }).catch(() => undefined);
      e = withJob(e);
    }
    return e;
  }

  const shownLog = (localId: string): LedgerRow | TimeLog | undefined =>
    ledger.read().rows[localId] ??
    (localId.startsWith(SERVICE_LOCAL_PREFIX) ? weeks.serviceLog(localId.slice(SERVICE_LOCAL_PREFIX.length)) : undefined);

  /** The settings the rules need, read when missing or old (bounded; a failure leaves the kept ones, or none). */
  const settingsKnown = async () => {
    const at = catalog.fetchedAt('settings');
    if (at !== undefined && clock.now() - at < SETTINGS_FOR_RULES_MS) return;
    if (!deps.reach.reachable()) return;
    await catalog.settings({ maxAgeMs: SETTINGS_FOR_RULES_MS }).catch(() => undefined);
  };
  // the reads go out together, each with its own deadline (the week 8 s, the job list 6 s, the settings 4 s); under a
  // black hole the first to give up says the service does not answer and the others end with it (the watched client:
  // ./service/watched-client.ts), so a log is checked with what is known, as offline, without waiting out the slowest
  const freshen = (dates: string[], opts: { commit?: boolean } = {}): Promise<LocksAsRead> =>
    Promise.all([weeks.ensureFresh(dates.filter(Boolean), opts), settingsKnown()]).then(([asRead]) => asRead);

  /**
   * An edit as ./log-gate.ts `editLog` checks it: the day's total without the log being edited (the edit replaces its
   * hours: the Week tab's form used to count them twice and block every change on a full day), its job fixed, and a
   * log in a locked week refused whatever its new date.
   */
  function checkEdit(log: NewLog & { localId: string }): RuleViolation[] {
    const ctx = ruleContext();
    const shown = shownLog(log.localId);
    const violations = checkLog({ ...log, jobFixed: true } as LogToCheck, ctx);
    if (shown && ctx.isLocked(shown.workDate) && !violations.some((v) => v.rule === 'locked'))
      violations.push(lockedViolation(shown.workDate, ctx));
    return violations;
  }

  return {
    ruleContext,
    withJob,
    ensureJobs,
    shownLog,
    freshen,
    async readRules(add, call) {
      if (catalog.fetchedAt('settings') === undefined) await catalog.settings({ refresh: true, call });
      if ((add.jobId && !add.jobName && !catalog.findJob(add.jobId)) || catalog.cachedJobs().length === 0)
        await catalog.jobs({ status: 'all', refresh: true, call });
      if (catalog.fetchedAt('settings') === undefined) throw saidError(coreWords.noSettings());
    },
    async check(log) {
      const { localId, ...fields } = log;
      const shown = localId ? shownLog(localId) : undefined;
      const [ready] = await Promise.all([ensureJobs(fields), freshen([fields.workDate, shown?.workDate ?? ''])]);
      return localId ? checkEdit({ ...ready, localId }) : checkLog(ready as LogToCheck, ruleContext());
    },
  };
}
