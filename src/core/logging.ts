/**
 * The logging module: the timer, the rules, the ledger + outbox, the sync engine, the week view and submission,
 * composed over the CoreContext. `createLogging(ctx)` returns the bridge handlers it implements plus the hooks the
 * shell calls (idle, suspend, start, close). It keeps its state private; everything it changes is announced on the
 * bus (`timer`, `outbox`, `ledger`, `status`, `notice`). After `close()` resolves it writes nothing and sends nothing.
 */
import type { CoreContext, Session } from './context';
import type { Handlers } from '../shared/contract';
import type { AppStatus, NetworkStatus, OutboxEntry, TimeLog } from '../shared/domain';
import { addWeeks, localDate, weekStartOf } from '../shared/week';
import { parseHhmm } from '../shared/hours';
import type { DamageReport } from './store';
import { adoptLogs, computeReminders, createSubmission, createWeeks, WEEKS_SCHEMA } from './week';
import { createCatalog } from './catalog';
import { closableStores, findOp, createSyncEngine, accountKeyOf, countByState, createLedger, toOutboxEntry, discardOp, markRecordedOp, notOffered, offers, retryOp, createReachability } from './outbox';
import { createLogGate } from './log-time';
import type { SyncOptions, Journal, OutboxResolution, ReachPolicy } from './outbox';
import { createTimer, TIMER_SCHEMA, createTimerActions } from './timer';
import { InvalidInputError } from './service';
import { StorageError, toStorageError } from './store';
import { redact } from '../shared/redact';
import { isOfflineCause } from '../shared/network';

export type LoggingOps = 'getCompanySettings' | 'listJobs' | 'toggleFavouriteJob' | 'getTimer' | 'startTimer' | 'updateTimer'
  | 'stopTimer' | 'discardTimer' | 'resolveIdle' | 'checkEntry' | 'logTime' | 'editLog' | 'deleteLog' | 'getWeek'
  | 'previewSubmit' | 'submitWeek' | 'getReminders' | 'getOutbox' | 'syncNow' | 'retryEntry' | 'discardEntry'
  | 'markEntryRecorded' | 'fixEntry';

export interface LoggingStatus {
  queued: number;
  sending: number;
  needsAttention: number;
  /** Unfinished entries made under another account: they wait for it. */
  otherAccounts: number;
  online: boolean;
  /** Why, measured from the last exchange (./outbox/reachability.ts); rate-limited while an endpoint is paused. */
  network: NetworkStatus;
  lastSyncAt?: number;
}

export interface Logging {
  handlers: Pick<Handlers, LoggingOps>;
  /**
   * The session whose calls tell the status whether the service can be reached (./outbox/reachability.ts). Other modules
   * that call the service (team.ts) may use it so that their calls count too.
   */
  session: Session;
  status(): LoggingStatus;
  /**
   * Measures instead of assuming: when nothing was exchanged with the service in the last few seconds, one cheap read
   * (bounded, no retries), so `punch status` in a new process reports the real cause.
   */
  measure(): Promise<void>;
  onIdle(idleSince: number, reason: 'idle' | 'suspend' | 'lock' | 'shutdown'): void;
  /** Resolves once the answer to the sleep is recorded; never rejects (a failure becomes a notice). */
  onSuspend(at: number, reason?: 'suspend' | 'lock' | 'shutdown'): Promise<void>;
  /**
   * Takes logs of the signed-in user that the service holds into the ledger as synced rows (./week/adopt.ts), so the
   * week view keeps them when the service stops showing them: called before the user's own timesheet is deleted.
   */
  adoptServiceLogs(logs: TimeLog[]): void;
  start(): void;
  /** Stops timers and sync (waiting for a step in flight); after it resolves nothing is written or sent. */
  close(): Promise<void>;
}

/**
 * Store names (files `<name>.json` in the data directory). The outbox is not a store: it is the journal
 * `outbox.journal` (./outbox/journal-file.ts); `outbox.json` was its old form, imported once and renamed
 * `outbox.json.migrated-<time>`.
 */
export const TIMER_STORE = 'timer';
export const WEEKS_STORE = 'weeks';
/** How often an idle app looks whether another process changed the outbox or the timer. */
const EXTERNAL_CHECK_MS = 3_000;

/** The days of the logs that differ between two versions of the document (for the `ledger` event). */
function changedDates(before: Readonly<Journal>, after: Readonly<Journal>): string[] {
  const dates = new Set<string>();
  for (const id of new Set([...Object.keys(before.rows), ...Object.keys(after.rows)])) {
    const a = before.rows[id], b = after.rows[id];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    if (a) dates.add(a.workDate);
    if (b) dates.add(b.workDate);
  }
  return [...dates];
}

/** The notice for a damaged outbox file: what happened, what it held, where the original is. */
export function outboxDamageNotice(r: DamageReport): string {
  return `The outbox file could not be read (${r.reason}) and was kept aside as ${r.keptAs}. ${r.outcome}.`;
}

export interface LoggingOptions {
  sync?: SyncOptions;
  /** The probe rule and the checks while offline (./outbox/reachability.ts); the backoff defaults to `sync`'s. */
  reach?: Partial<ReachPolicy>;
  /** How long the service's part of a week is reused (./week/weekview.ts, default 60 s). */
  weeks?: { freshForMs?: number };
}

export function createLogging(ctx: CoreContext, options: LoggingOptions = {}): Logging {
  const { bus, clock, prefs } = ctx;
  // every call of this module tells the status whether the service can be reached, reads too, and no write goes
  // without a fresh answered exchange (./outbox/reachability.ts)
  const reach = createReachability({
    session: ctx.session, now: () => clock.now(),
    policy: {
      ...(options.sync?.backoffBaseMs !== undefined ? { backoffBaseMs: options.sync.backoffBaseMs } : {}),
      ...(options.sync?.backoffMaxMs !== undefined ? { backoffMaxMs: options.sync.backoffMaxMs } : {}),
      ...options.reach,
    },
  });
  const session = reach.session;
  let watch: NodeJS.Timeout | undefined;
  // a notice may quote the service (a refusal's message), which may echo a token: redacted (src/shared/redact.ts)
  const notify = (level: 'info' | 'warning' | 'error', message: string) => bus.emit('notice', { level, message: redact(message) });

  // every store of this module goes through the gate: after close, a late write throws instead of touching the disk
  const stores = closableStores();
  const openStore = stores.open(ctx.openStore);
  // the timer's store as opened (a damaged file is kept aside and reported by the store itself: ./store/conf-store.ts)
  const timerFile = ctx.openStore(TIMER_STORE, TIMER_SCHEMA);
  // the outbox is its own journal file in the data directory (./outbox/journal-file.ts), not a key-value store; the
  // ledger refuses writes itself once closed
  const ledger = createLedger(ctx.dataDir, clock, {
    // another process on this data directory (`punch log` while the app runs) changed the outbox: show it, send it
    onExternalChange: (before, after) => {
      changed(changedDates(before, after));
      if (countByState(after).queued > 0) void sync.run();
    },
    // found damaged while running (another process's write, a disk fault): kept aside and recovered from; say so now
    onDamage: (report) => { notify('error', outboxDamageNotice(report)); changed([]); },
  });
  const timerStore = stores.gate(timerFile);
  const timer = createTimer({ store: timerStore, clock, onChange: (v) => bus.emit('timer', v), getRule: () => prefs.get().rounding });
  const catalog = createCatalog({ session, openStore, clock });
  const weeks = createWeeks({
    ledger, session, clock, store: openStore(WEEKS_STORE, WEEKS_SCHEMA), freshForMs: options.weeks?.freshForMs,
    isOffline: () => !reach.reachable(), mayCheck: () => reach.mayCheck(),
  });

  // every entry, also those of another account (shown with the account they wait for, never hidden)
  const outbox = (): OutboxEntry[] => { const j = ledger.read(); const account = accountKeyOf(session); return j.ops.map((o) => toOutboxEntry(j, o, account)); };
  /** The measured cause; while the service answers but an endpoint is paused (429 / lock-out): rate limited until then. */
  const network = (): NetworkStatus => {
    const n = reach.status();
    if (n.cause !== 'online') return n;
    const until = Math.max(0, ...Object.values(sync.paused()));
    return until > clock.now() ? { ...n, cause: 'rate-limited', until } : n;
  };
  const status = (): LoggingStatus => {
    const n = network();
    return {
      ...countByState(ledger.read(), accountKeyOf(session)), online: !isOfflineCause(n.cause), network: n,
      ...(sync.lastSyncAt() ? { lastSyncAt: sync.lastSyncAt() } : {}),
    };
  };
  const emitStatus = () => {
    let account: AppStatus['account'];
    try { account = session.account(); } catch { return; }
    const s = status();
    bus.emit('status', {
      online: s.online, network: s.network, ...(s.lastSyncAt ? { lastSyncAt: s.lastSyncAt } : {}),
      outbox: { queued: s.queued, sending: s.sending, needsAttention: s.needsAttention, otherAccounts: s.otherAccounts }, account,
    });
  };
  // `ledger` from elsewhere in the core means the service's part of those weeks changed (team.ts after the user's
  // own timesheet was deleted): read it again. This module's own `ledger` events are ledger changes: re-merged only.
  let announcing = false;
  const announceWeeks = (weekStarts: string[]) => {
    announcing = true;
    try { bus.emit('ledger', { weekStarts }); } finally { announcing = false; }
  };
  const stopWatchingWeeks = bus.on('ledger', ({ weekStarts }) => { if (!announcing) weeks.invalidate(weekStarts); });
  const changed = (dates: string[]) => {
    const weekStarts = [...new Set(dates.filter(Boolean).map((d) => weekStartOf(d)))];
    bus.emit('outbox', outbox());
    if (weekStarts.length > 0) announceWeeks(weekStarts);
    emitStatus();
  };

  const sync = createSyncEngine({
    ledger, session, clock, onChange: changed, onStatus: emitStatus, notify, options: options.sync, reach,
    checkRules: (op, call) => gate.checkQueued(op, call),
  });
  const stopWatchingReach = [
    reach.onChange(() => { emitStatus(); sync.outage(); }),
    reach.onReached(() => sync.reached()),
  ];
  const gate = createLogGate({ ledger, sync, catalog, weeks, clock, prefs, session, changed });
  const timerActions = createTimerActions({ timer, gate, catalog, clock, prefs, notify });
  const submission = createSubmission({ ledger, weeks, session });

  /** A user's resolution of an outbox entry: one atomic change, then events, then a sync attempt. */
  const resolve = (id: string, resolution: OutboxResolution, fn: typeof retryOp) => {
    const j = ledger.read();
    const op = j.ops.find((o) => o.id === id);
    if (!op) throw new InvalidInputError(`Entry ${id} is not in the outbox any more (it may have been sent or discarded meanwhile).`);
    const date = op.add?.workDate ?? j.rows[op.localId]?.workDate ?? '';
    try {
      ledger.change((d) => {
        // decided on the latest document: only a choice the entry offers now (`punch outbox recorded` on a queued add
        // used to mark it synced without ever sending it: the hour never reached the service)
        const current = findOp(d, id);
        if (!offers(current, resolution)) throw new InvalidInputError(notOffered(current, resolution));
        fn(d, id, clock.now());
      });
    } catch (e) {
      if (e instanceof InvalidInputError) throw e;
      // a full or read-only disk is not the user's input: it keeps its own class
      const storage = toStorageError(e, ctx.dataDir);
      if (storage instanceof StorageError) throw storage;
      throw new InvalidInputError((e as Error).message);
    }
    changed([date]);
    void sync.run();
    return outbox();
  };

  const handlers: Pick<Handlers, LoggingOps> = {
    getCompanySettings: async ({ refresh }) => catalog.settings({ refresh }),
    listJobs: async ({ status: s, refresh }) => catalog.jobs({ status: s, refresh }),
    toggleFavouriteJob: async ({ jobId }) => {
      const favs = prefs.get().favouriteJobIds;
      return prefs.update({ favouriteJobIds: favs.includes(jobId) ? favs.filter((f) => f !== jobId) : [...favs, jobId] });
    },
    getTimer: async () => timer.view(),
    startTimer: async (input) => timerActions.start(input),
    updateTimer: async (patch) => timer.update(patch),
    stopTimer: async ({ confirmOverMax, logTo }) => timerActions.stop({ confirmOverMax, ...(logTo ? { logTo } : {}) }),
    discardTimer: async () => timer.discard(),
    resolveIdle: async ({ action }) => timerActions.resolveIdle(action),
    checkEntry: async (input) => gate.check(input),
    logTime: async (input, call) => gate.logTime(input, call),
    editLog: async (input, call) => gate.editLog(input, call),
    deleteLog: async ({ localId }, call) => gate.deleteLog(localId, call),
    // Read again when the kept copy is older than a minute (a log made on the phone): the screens ask when shown and
    // when the window regains focus, never in the background. A week waiting for approval changes only by the
    // manager's hand, and nothing is logged into it (locked): each look reads it, so the decision shows when the user
    // looks (the preview keeps the copy; concurrent looks share one read).
    getWeek: async ({ date, refresh }) => weeks.getWeek(date, { refresh: !!refresh || weeks.waitsForDecision(date) }),
    previewSubmit: async ({ weekStart }) => submission.previewSubmit(weekStart),
    submitWeek: async ({ weekStart }, call) => {
      const view = await submission.submitWeek(weekStart, call);
      announceWeeks([view.weekStart]);
      return view;
    },
    getReminders: async () => {
      const today = localDate(clock.now());
      const thisWeek = await weeks.getWeek(today, { offline: true });
      const lastWeek = await weeks.getWeek(addWeeks(today, -1), { offline: true });
      const rejected = [lastWeek, thisWeek].find((w) => w.timesheet?.status === 'rejected');
      return computeReminders({
        now: clock.now(), settings: catalog.cachedSettings(),
        thisWeek: { weekStart: thisWeek.weekStart, totalMinutes: parseHhmm(thisWeek.totalHours), ...(thisWeek.timesheet ? { status: thisWeek.timesheet.status } : {}) },
        lastWeekTotalMinutes: parseHhmm(lastWeek.totalHours),
        needsAttention: countByState(ledger.read()).needsAttention,
        ...(rejected ? { rejected: { weekStart: rejected.weekStart, ...(rejected.timesheet?.comments ? { comments: rejected.timesheet.comments } : {}) } } : {}),
      });
    },
    getOutbox: async () => outbox(),
    syncNow: async (_input, call) => sync.run({ recheck: true, now: true, ...(call?.signal ? { signal: call.signal } : {}) }),
    retryEntry: async ({ id }) => resolve(id, 'retry', retryOp),
    discardEntry: async ({ id }) => resolve(id, 'discard', discardOp),
    markEntryRecorded: async ({ id }) => resolve(id, 'mark-recorded', markRecordedOp),
    fixEntry: async ({ id, ...patch }) => { gate.fixEntry(id, patch); return outbox(); },
  };

  return {
    handlers,
    session,
    status,
    async measure() {
      if (reach.fresh()) return;
      reach.checkNow();
      await reach.ensureFresh().catch(() => undefined);
    },
    onIdle: (idleSince, reason) => { timer.noteIdle(idleSince, reason); },
    onSuspend: (at, reason) => timerActions.onSuspend(at, reason).catch((e) => notify('error', `Could not stop the timer on sleep: ${(e as Error).message}`)),
    start() {
      // a damaged file (the outbox, the timer ...) was kept aside and reported when it was opened: the status carries
      // the reports until the user acknowledges them (createPunchcard); the outbox's also says so at once
      for (const report of ledger.health().damage) notify('error', outboxDamageNotice(report));
      emitStatus();
      // runs at start: anything found `sending` from the last session is reconciled before anything is re-sent
      void sync.run({ recheck: true });
      // notices another process's logs and timer changes (`punch log`, `punch timer stop`) while nothing happens
      // here: one stat of each file; re-read and announced only on change
      watch = setInterval(() => { ledger.read(); timer.view(); }, EXTERNAL_CHECK_MS);
      watch.unref?.();
    },
    adoptServiceLogs(logs) {
      if (logs.length === 0) return;
      const account = accountKeyOf(session);
      const dates = ledger.change((j) => adoptLogs(j, logs, clock.now(), account));
      changed(dates);
    },
    async close() {
      stopWatchingWeeks();
      for (const stop of stopWatchingReach) stop();
      clearInterval(watch);
      watch = undefined;
      // the step in flight may still record its outcome (an add's timeLogId); then nothing more is written
      await sync.close();
      ledger.close();
      stores.close();
      catalog.close();
    },
  };
}
