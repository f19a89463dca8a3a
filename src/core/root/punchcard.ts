/**
 * The composition root of the core: the one place that builds the modules and wires them, for every front end
 * (Electron, web mode, `punch`) and the tests alike. Reads as a list of createX(deps) calls with explicit deps; each
 * module keeps its own state; the root holds none but the order of closing. Plain Node: nothing here imports 'electron'.
 */
import { registerSecrets } from '../../shared/redact';
import { chosenZone, createDays } from '../../shared/time/zone';
import { coreWords } from '../core-words';
import { keytarSecrets, ACCOUNT_SCHEMA, createSession } from '../account';
import { createAppStatus } from '../app-status';
import { createCatalog } from '../catalog';
import { changedDates, createChangeFeed, outboxDamageNotice } from '../change-feed';
import type { TimerHandle } from '../context';
import { createEventBus, systemClock } from '../context';
import { createDispatcher, firstScreenAnswers, FIRST_SCREEN_WAIT_MS } from '../dispatch';
import { createLogGate } from '../log-gate';
import { createLogRules } from '../log-rules';
import { createLogBatch } from '../log-batch';
import { createCopyWeek } from '../copy-week';
import { createUndo, UNDO_SCHEMA, UNDO_STORE } from '../undo';
import { accountKeyOf, createReachability, errorValue } from '../service';
import { countByState, createResolutions } from '../outbox';
import { createLedger } from '../journal';
import { createSyncEngine, lastSyncRecord, SYNC_SCHEMA, SYNC_STORE } from '../sync';
import { createPreferences, PREFERENCES_SCHEMA } from '../preferences';
import { closableStores, openConfStore, onDamage, storageHealth } from '../store';
import { teamOnFirstCall } from './team-room';
import { createNotices } from './notices';
import { morningReminderOf } from './morning';
import { joinHandlers } from './handlers';
import { watchOtherProcesses } from './others-watch';
import type { CoreTuning, Punchcard, PunchcardOptions } from './options';
import { createClockWatch, createTimer, createTimerActions, TIMER_SCHEMA } from '../timer';
import type { ClockGap } from '../timer';
import { adoptLogs, createSubmission, createWeeks, REMINDER_SCHEMA, REMINDER_STORE, WEEKS_SCHEMA } from '../week';

/**
 * Store names (files `<name>.json` in the data directory). The outbox is not a store: it is the journal
 * `outbox.journal` (../journal/file/); `outbox.json` was its old form, imported once and renamed
 * `outbox.json.migrated-<time>`.
 */
export const TIMER_STORE = 'timer';
export const WEEKS_STORE = 'weeks';

export type { CoreTuning, Punchcard, PunchcardOptions };

export async function createPunchcard(opts: PunchcardOptions): Promise<Punchcard> {
  const { dataDir } = opts;
  const tuning = opts.tuning ?? {};
  const clock = opts.clock ?? systemClock;
  const bus = createEventBus();
  // redacted, and a damaged file said once (./notices.ts); the status built below announces each report from then on
  const { notify, stop: stopWatchingDamage } = createNotices(bus, dataDir);
  /** Whether the data directory takes writes: part of every status (../app-status.ts). */
  const health = storageHealth(dataDir);

  // the account, the preferences and the user's days (in the zone they chose: every "today" of the core, the timer's too)
  const openStore = opts.openStore ?? openConfStore(dataDir);
  const prefs = opts.prefs ?? createPreferences(openStore('preferences', PREFERENCES_SCHEMA));
  const days = createDays(clock, () => prefs.get().timeZone);
  const accountSession =
    opts.session ??
    createSession({
      dataDir,
      store: openStore('account', ACCOUNT_SCHEMA),
      secrets: opts.secrets ?? keytarSecrets(),
      clock,
      env: opts.env,
      openExternal: opts.openExternal,
      dataCentres: opts.dataCentres,
      pacing: opts.pacing,
      ...(opts.fetch ? { fetch: opts.fetch } : {}),
      demoService: opts.demoService,
      startSandbox: opts.startSandbox,
    });

  // every call to the service tells the status whether it can be reached, reads too, and no write goes without a
  // fresh answered exchange (../service/reachability.ts); every module below calls through this session
  const reach = createReachability({
    session: accountSession,
    clock,
    policy: {
      ...(tuning.sync?.backoffBaseMs !== undefined ? { backoffBaseMs: tuning.sync.backoffBaseMs } : {}),
      ...(tuning.sync?.backoffMaxMs !== undefined ? { backoffMaxMs: tuning.sync.backoffMaxMs } : {}),
      ...tuning.reach,
    },
  });
  const session = reach.session;

  // the stores of the timer, catalog and weeks go through one gate: after close, a late write throws instead of touching the disk
  const stores = closableStores();
  const gatedStore = stores.open(openStore);
  // the outbox is its own journal file in the data directory (../journal/file/), not a key-value store; the
  // ledger refuses writes itself once closed
  const ledger = createLedger(dataDir, clock);
  // the timer's store as opened (a damaged file is kept aside and reported by the store itself: ../store/conf-store.ts)
  const timer = createTimer({
    store: stores.gate(openStore(TIMER_STORE, TIMER_SCHEMA)),
    clock,
    onChange: (v) => bus.emit('timer', v),
    getRule: () => prefs.get().rounding,
    // a stop is committed in the journal: its logs carry the timer's id (../timer/README.md)
    journal: ledger,
    zone: () => chosenZone(prefs.get().timeZone),
    // a timer left running past the end of day is caught at every look, unless the user turned it off
    catchForgotten: () => (prefs.get().catchForgottenTimer ? prefs.get().endOfDay : undefined),
    ...(opts.timerStep ? { step: opts.timerStep } : {}),
  });
  const catalog = createCatalog({ session, openStore: gatedStore, clock });
  const weeksStore = gatedStore(WEEKS_STORE, WEEKS_SCHEMA);
  const weeks = createWeeks({
    ledger,
    session,
    clock,
    store: weeksStore,
    ...(tuning.weeks?.policy ? { policy: tuning.weeks.policy } : {}),
    isOffline: () => !reach.reachable(),
    mayCheck: () => reach.mayCheck(),
    // a read (a rule's, a screen's) changed the week: every screen showing it follows (Today, the Week tab)
    onRead: (view) => bus.emit('week', view),
  });
  // the world the company's rules are checked against (the day as the service holds it, the weeks' locks): read by
  // the gate, by sync (an add queued before the rules were known) and by the outbox's Fix, each through the reader
  // it declares
  const rules = createLogRules({ ledger, catalog, weeks, clock, session, reach, days });
  const sync = createSyncEngine({
    ledger,
    session,
    clock,
    options: tuning.sync,
    ...{ reach, rules, days },
    // "Last sync" is one record for every process on the data directory (the app, web mode, each `punch`)
    lastSync: lastSyncRecord(gatedStore(SYNC_STORE, SYNC_SCHEMA)),
  });
  // the one builder of the status: made once what it reads exists, so whatever tells it of a change comes after it
  const appStatus = createAppStatus({
    dataDir,
    clock,
    bus,
    session: accountSession,
    ratePauses: () => accountSession.ratePauses(),
    reach,
    sync,
    ledger,
    health,
  });
  const announceStatus = () => appStatus.announce();
  const feed = createChangeFeed({ bus, session, ledger, weeks, announceStatus });
  // what changes the status or the screens, each subscribed here: the lower modules call nothing above them
  const stopWatchingStatus = [onDamage(dataDir, () => queueMicrotask(announceStatus)), health.onChange(() => announceStatus())];
  // sync's own feed (../sync/records.ts): the changes it records, its answers, its notices; heard until the engine
  // closed, since the step in flight at close still records its outcome
  const stopHearingSync = [
    // a refusal may come from a week that moved on on the service (submitted on the phone, approved meanwhile): its
    // kept copy is read again before a screen shows it, so the week says "Approved", not "fix this log, resubmit"
    sync.onRefused((dates) => weeks.invalidate(dates)),
    sync.onChange(feed.changed),
    sync.onStatus(announceStatus),
    sync.onNotice(notify),
  ];
  const stopWatchingLedger = [
    // every document the journal makes current (a change here, another process's, one read again whole): what it
    // touched goes to the page as a delta (../change-feed.ts)
    ledger.onChange((touched) => feed.touched(touched)),
    // another process on this data directory (`punch log` while the app runs) changed the outbox: show it, send it
    ledger.onExternalChange((before, after) => {
      feed.changed(changedDates(before, after));
      if (countByState(after).queued > 0) void sync.run();
    }),
    // found damaged while running (another process's write, a disk fault): kept aside and recovered from; say so now
    ledger.onDamage((report) =>
      queueMicrotask(() => {
        notify('error', outboxDamageNotice(report));
        feed.changed([]);
      }),
    ),
  ];
  const gate = createLogGate({ ledger, sync, catalog, weeks, rules, clock, prefs, session, changed: feed.changed });
  // several logs at once: one batch path (../log-batch.ts) for copy a week, several days, a duplicated day
  const batch = createLogBatch({
    gate,
    rules,
    ledger,
    catalog,
    weeks,
    session,
    clock,
    online: () => sync.online(),
    changed: feed.changed,
  });
  const copyWeek = createCopyWeek({ batch, weeks, store: weeksStore, session });
  // every process on the data directory shares one list of the changes that can be undone (../undo.ts)
  const undoDeps = { ledger, gate, clock, session, weeks, changed: feed.changed };
  const undo = createUndo({ ...undoDeps, shownLog: rules.shownLog, store: gatedStore(UNDO_STORE, UNDO_SCHEMA) });
  const resolutions = createResolutions({ ledger, clock, days, dataDir, rules });
  const timerActions = createTimerActions({ timer, gate, catalog, clock, prefs, notify });
  const submission = createSubmission({ ledger, weeks, session, clock });
  // the morning reminder reads the weeks as kept (never waits for the service), the timer and the recent jobs (./morning.ts)
  const morning = morningReminderOf({
    store: gatedStore(REMINDER_STORE, REMINDER_SCHEMA),
    ...{ clock, prefs, weeks, catalog },
    running: () => timer.view().running,
  });
  const stopWatchingReach = [
    reach.onChange(() => {
      announceStatus();
      sync.outage();
    }),
    reach.onReached(() => sync.reached()),
  ];
  const status = appStatus.build;

  /** Logs of the user the service holds, taken into the ledger before the user's own timesheet is deleted (../week/adopt.ts). */
  const adoptServiceLogs = (logs: Parameters<typeof adoptLogs>[1]) => {
    if (logs.length === 0) return;
    feed.changed(ledger.change((j) => adoptLogs(j, logs, clock.now(), accountKeyOf(session), days)));
  };
  // What managers and HR do: opened when a team call first comes, not at start (./team-room.ts)
  const team = teamOnFirstCall({
    ...{ session, clock, days, bus, openStore, adoptServiceLogs },
    companyCurrency: async () => catalog.cachedSettings().currency ?? (await catalog.settings()).currency,
  });

  // Typed as Handlers: TypeScript proves every call of the contract has exactly one handler (./handlers.ts).
  const handlers = joinHandlers({
    ...{ catalog, prefs, timer, timerActions, gate, undo, weeks, submission, ledger, clock, feed, copyWeek, batch },
    ...{ morning, sync, resolutions, accountSession, reach, status, team, dataDir, announceStatus, days },
    onPreferencesChange: opts.onPreferencesChange,
    updateStatus: opts.updateStatus,
    // the window's first calls through the same door as each of them, by the time the page is made
    firstScreen: () => firstScreenAnswers(dispatch, clock, FIRST_SCREEN_WAIT_MS, days),
  });
  const dispatch = createDispatcher(handlers, { secrets: () => accountSession.secretsInMemory(), dataDir });
  // every exit of this process (outbox messages, notices, log lines, punch's output) redacts the session's secrets
  const forgetSecrets = registerSecrets(() => [...accountSession.secretsInMemory(), opts.env?.token]);
  const stopWatchingAccount = accountSession.onChange(() => {
    announceStatus();
    // every entry's "waits for another account" may have changed with it
    feed.accountChanged();
  });

  let watch: TimerHandle | undefined;
  const watches: Array<{ stop(): void }> = [];
  const onClockGap = (gap: ClockGap) => timerActions.onClockGap(gap).catch((e) => notify('error', coreWords.awayNotAsked(errorValue(e))));
  const start = () => {
    if (watch) return;
    // a damaged file (the outbox, the timer ...) was kept aside and reported when it was opened: the status carries
    // the reports until the user acknowledges them; the outbox's also says so at once
    for (const report of ledger.health().damage) notify('error', outboxDamageNotice(report));
    announceStatus();
    // anything found `sending` from the last session is reconciled before anything is re-sent
    void sync.run({ recheck: true });
    // notices another process's logs, timer changes and week reads while nothing happens here (./others-watch.ts)
    watch = watchOtherProcesses(clock, { ledger, timer, weeks });
  };
  if (opts.autoSync !== false) start();

  return {
    handlers,
    dispatch,
    on: bus.on,
    status,
    start,
    onIdle: (idleSince, reason) => {
      // the user is back now: the question says from when to when they were away
      timer.noteIdle(idleSince, reason, reason === 'idle' ? clock.now() : undefined);
    },
    onSuspend: (at, reason) => timerActions.onSuspend(at, reason).catch((e) => notify('error', coreWords.suspendNotStopped(errorValue(e)))),
    watchClock(opts = {}) {
      const w = createClockWatch({ clock, onGap: (gap) => void onClockGap(gap), everyMs: opts.everyMs });
      watches.push(w);
      return w.stop;
    },
    onClockGap,
    async close() {
      for (const w of watches) w.stop();
      stopWatchingAccount();
      stopWatchingDamage();
      feed.close();
      for (const stop of [...stopWatchingStatus, ...stopWatchingReach, ...stopWatchingLedger]) stop();
      clock.clearInterval(watch);
      await team.close();
      try {
        // the step in flight may still record its outcome (an add's timeLogId); then nothing more is written or sent
        await sync.close();
        for (const stop of stopHearingSync) stop();
        ledger.close();
        stores.close();
        catalog.close();
        await accountSession.close();
      } finally {
        forgetSecrets();
      }
    },
  };
}
