/**
 * The composition of the core: one call builds everything a front end (Electron, web mode, `punch`) needs. Reads as a
 * list of createX() calls; each module keeps its own state. Plain Node: nothing here imports 'electron'.
 */
import type { Handlers } from '../shared/contract';
import type { AppStatus, UpdateStatus } from '../shared/domain';
import type { Preferences } from '../shared/preferences';
import { accountHandlers, keytarSecrets, ACCOUNT_SCHEMA, createSession } from './account';
import type { DataCentre, SessionOptions, PacingOptions } from './account';
import type { Clock, CoreContext, EventBus, SecretStore } from './context';
import type { OpenStore } from './store';
import { createEventBus, systemClock } from './context';
import type { Dispatch } from './dispatch';
import { createDispatcher } from './dispatch';
import { createLogging } from './logging';
import { createPreferences, preferenceHandlers, PREFERENCES_SCHEMA } from './preferences';
import { openConfStore, acknowledgeDamage, describeDamage, listDamage, onDamage, unacknowledgedDamage, storageHealth, writing } from './store';
import { registerSecrets } from '../shared/redact';
import { InvalidInputError } from './service';
import { teamHandlers, createApprovals, createRoles, createTeamCache } from './team';

export interface PunchcardOptions {
  /** Where the stores (and the built-in sandbox's data) live. */
  dataDir: string;
  /** Default: the store factory on dataDir (./store/conf-store.ts); Electron passes the same factory on its userData folder. */
  openStore?: OpenStore;
  /** Default: the OS keychain (keytar). */
  secrets?: SecretStore;
  clock?: Clock;
  /** PUNCH_BASE_URL / PUNCH_TOKEN / PUNCH_USER as read by the front end (the core never reads process.env). */
  env?: { baseUrl?: string; token?: string; user?: string };
  /** Opens the OAuth sign-in page. Default: print the address. */
  openExternal?: (url: string) => Promise<void>;
  /** Sync in the background (start, timer, after each log). The CLI passes false and syncs on command. Default true. */
  autoSync?: boolean;
  /** Extra data centres (tests point one at the local accounts server). */
  dataCentres?: Record<string, DataCentre>;
  /** After updatePreferences: the shell re-registers the shortcut and the login item. */
  onPreferencesChange?: (prefs: Preferences) => void;
  /**
   * What Settings says about updates. Only the desktop app updates itself (src/main/electron/updates.ts passes its
   * words); web mode and `punch` answer that updates come with the installed app.
   */
  updateStatus?: () => UpdateStatus;
  /** Pacing of service accounts (account/pacing.ts; the front ends read PUNCH_RATE_LIMIT / PUNCH_RATE_BUDGET). */
  pacing?: PacingOptions;
  /** Starts the built-in sandbox (default: src/sandbox's; tests pin its `today` to their clock's day). */
  startSandbox?: SessionOptions['startSandbox'];
}

export interface Punchcard {
  handlers: Handlers;
  dispatch: Dispatch;
  on: EventBus['on'];
  /** The user came back after being idle (or from a lock / suspend) since `idleSince`. */
  onIdle(idleSince: number, reason: 'idle' | 'suspend' | 'lock' | 'shutdown'): void;
  /**
   * The machine is going to sleep at `at`, or locks the screen, or shuts down (the reason the prompt shows on return).
   * Resolves once the answer (stop, ask, or nothing) is recorded; never rejects (a failure becomes a notice).
   */
  onSuspend(at: number, reason?: 'suspend' | 'lock' | 'shutdown'): Promise<void>;
  close(): Promise<void>;
}

export async function createPunchcard(opts: PunchcardOptions): Promise<Punchcard> {
  const { dataDir } = opts;
  const clock = opts.clock ?? systemClock;
  const bus = createEventBus();
  /** Whether the data directory takes writes, and the damaged files not yet acknowledged: part of every status. */
  const health = storageHealth(dataDir);
  const dataState = (): Pick<AppStatus, 'storage' | 'damage'> => ({ storage: health.state(), damage: unacknowledgedDamage(dataDir) });
  // every `status` event carries them, whichever module announces it
  const coreBus: EventBus = {
    emit: (event, payload) => bus.emit(event, (event === 'status' ? { ...payload, ...dataState() } : payload) as typeof payload),
    on: bus.on,
  };
  let status: () => AppStatus = () => { throw new Error('not ready'); };
  const announceStatus = () => { try { bus.emit('status', status()); } catch { /* not built yet: the first status says it */ } };
  // a file found damaged (at open, or later, by any module): said at once, and kept in the status until acknowledged
  const stopWatchingDamage = onDamage(dataDir, (r) => {
    bus.emit('notice', { level: 'error', message: describeDamage(r) });
    announceStatus();
  });
  const stopWatchingStorage = health.onChange(() => announceStatus());

  const openStore = opts.openStore ?? openConfStore(dataDir);
  const prefs = createPreferences(openStore('preferences', PREFERENCES_SCHEMA));
  const session = createSession({
    dataDir, store: openStore('account', ACCOUNT_SCHEMA), secrets: opts.secrets ?? keytarSecrets(), clock,
    env: opts.env, openExternal: opts.openExternal, dataCentres: opts.dataCentres, pacing: opts.pacing,
    startSandbox: opts.startSandbox,
  });
  const ctx: CoreContext = { dataDir, clock, bus: coreBus, openStore, session, prefs };
  const logging = createLogging(ctx);

  /** The service's "too many requests" pause in force for this account (any process met it): until when, on what. */
  const rateLimited = (): Pick<AppStatus, 'rateLimited'> => {
    const pauses = session.ratePauses();
    const endpoints = Object.keys(pauses);
    return endpoints.length ? { rateLimited: { until: Math.max(...Object.values(pauses)), endpoints } } : {};
  };

  status = (): AppStatus => {
    const s = logging.status();
    return {
      online: s.online,
      network: s.network,
      ...(s.lastSyncAt !== undefined ? { lastSyncAt: s.lastSyncAt } : {}),
      outbox: { queued: s.queued, sending: s.sending, needsAttention: s.needsAttention, otherAccounts: s.otherAccounts },
      account: session.account(),
      ...dataState(),
      ...rateLimited(),
    };
  };

  // The user's roles and the timesheet decisions share one per-account cache (team/team-cache.ts); their calls go
  // through the logging module's session too, so they also tell the status whether the service is reachable.
  const teamCache = createTeamCache({ session: logging.session, openStore });
  const approvals = createApprovals({ session: logging.session, clock, cache: teamCache });

  // Typed as Handlers: TypeScript proves every operation of the contract has exactly one handler.
  const handlers: Handlers = {
    ...logging.handlers,
    ...accountHandlers(session),
    ...preferenceHandlers(prefs, opts.onPreferencesChange),
    getUpdateStatus: async () => opts.updateStatus?.() ?? { words: 'Updates come with the installed desktop app; this one runs in a browser or a terminal.' },
    // Team and HR calls go through the logging module's session too, so they also tell the status whether the service is reachable.
    ...teamHandlers({ ...ctx, session: logging.session, adoptServiceLogs: (logs) => logging.adoptServiceLogs(logs), approvals }),
    ...createRoles({ session: logging.session, clock, cache: teamCache }),
    decideTimesheets: (input, call) => approvals.decideMany(input, call),
    estimateDecisions: async ({ count }) => approvals.estimate(count),
    getStatus: async ({ check }) => {
      // the status always answers: a check that could not finish (a full disk refused caching its answer, say) is
      // still a status, and says what is wrong in its own fields (storage, network)
      if (check) await logging.measure().catch(() => undefined);
      return status();
    },
    listDamage: async () => listDamage(dataDir),
    acknowledgeDamage: async ({ ids, all }) => {
      if (ids) {
        const known = new Set(listDamage(dataDir).map((r) => r.id));
        const unknown = ids.filter((id) => !known.has(id));
        if (unknown.length) {
          throw new InvalidInputError(`No damage report ${unknown.join(', ')}. The reports are listed by \`punch data\` (or the app's notice); give their ids, or --all.`);
        }
      }
      const done = writing(dataDir, () => acknowledgeDamage(dataDir, all ? 'all' : ids ?? [], clock.now()));
      announceStatus();
      return done;
    },
  };
  const dispatch = createDispatcher(handlers, { secrets: () => session.secretsInMemory(), dataDir });
  // every exit of this process (outbox messages, notices, log lines, punch's output) redacts the session's secrets
  const forgetSecrets = registerSecrets(() => [...session.secretsInMemory(), opts.env?.token]);

  const stopWatchingAccount = session.onChange(() => bus.emit('status', status()));
  if (opts.autoSync !== false) logging.start();

  return {
    handlers,
    dispatch,
    on: bus.on,
    onIdle: (idleSince, reason) => logging.onIdle(idleSince, reason),
    onSuspend: (at, reason) => logging.onSuspend(at, reason),
    async close() {
      stopWatchingAccount();
      stopWatchingDamage();
      stopWatchingStorage();
      teamCache.close();
      try {
        await logging.close();
        await session.close();
      } finally {
        forgetSecrets();
      }
    },
  };
}

