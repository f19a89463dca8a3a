/**
 * The composition of the core: one call builds everything a front end (Electron, web mode, `punch`) needs. Reads as a
 * list of createX() calls; each module keeps its own state. Plain Node: nothing here imports 'electron'.
 */
import type { Handlers } from '../../shared/contract';
import type { AppStatus, Preferences } from '../../shared/domain';
import { accountHandlers } from './account/handlers';
import type { DataCentre } from './account/datacentres';
import { keytarSecrets } from './account/secrets';
import { createSession, type SessionOptions } from './account/session';
import type { Clock, CoreContext, EventBus, OpenStore, SecretStore } from './context';
import { createEventBus, systemClock } from './context';
import type { Dispatch } from './dispatch';
import { createDispatcher } from './dispatch';
import { createLogging } from './logging/index';
import { createPreferences, preferenceHandlers } from './preferences';
import { openConfStore } from './store/conf-store';
import { teamHandlers } from './team';

export interface PunchcardOptions {
  /** Where the stores (and the built-in sandbox's data) live. */
  dataDir: string;
  /** Default: conf files in dataDir. Electron passes electron-store. */
  openStore?: OpenStore;
  /** Default: the OS keychain (keytar). */
  secrets?: SecretStore;
  clock?: Clock;
  /** PUNCH_BASE_URL / PUNCH_TOKEN / PUNCH_USER as read by the front end (the core never reads process.env). */
  env?: { baseUrl?: string; token?: string; user?: string };
  /** Opens the OAuth sign-in page. Default: print the address. */
  openExternal?: (url: string) => Promise<void>;
  /** Sync in the background (start, timer, after each entry). The CLI passes false and syncs on command. Default true. */
  autoSync?: boolean;
  /** Extra data centres (tests point one at the local accounts server). */
  dataCentres?: Record<string, DataCentre>;
  /** After updatePreferences: the shell re-registers the shortcut and the login item. */
  onPreferencesChange?: (prefs: Preferences) => void;
  /** Starts the built-in sandbox (default: src/sandbox's; tests pin its `today` to their clock's day). */
  startSandbox?: SessionOptions['startSandbox'];
}

export interface Punchcard {
  handlers: Handlers;
  dispatch: Dispatch;
  on: EventBus['on'];
  /** The user came back after being idle (or from a lock / suspend) since `idleSince`. */
  onIdle(idleSince: number, reason: 'idle' | 'suspend' | 'lock' | 'shutdown'): void;
  /** The machine is going to sleep at `at`. */
  /** ...or locks the screen, or shuts down (the reason the prompt shows on return). */
  onSuspend(at: number, reason?: 'suspend' | 'lock' | 'shutdown'): void;
  close(): Promise<void>;
}

export async function createPunchcard(opts: PunchcardOptions): Promise<Punchcard> {
  const openStore = opts.openStore ?? openConfStore(opts.dataDir);
  const clock = opts.clock ?? systemClock;
  const bus = createEventBus();
  const prefs = createPreferences(openStore('preferences'));
  const session = createSession({
    dataDir: opts.dataDir, store: openStore('account'), secrets: opts.secrets ?? keytarSecrets(), clock,
    env: opts.env, openExternal: opts.openExternal, dataCentres: opts.dataCentres, startSandbox: opts.startSandbox,
  });
  const ctx: CoreContext = { dataDir: opts.dataDir, clock, bus, openStore, session, prefs };
  const logging = createLogging(ctx);

  const status = (): AppStatus => {
    const s = logging.status();
    return {
      online: s.online,
      ...(s.lastSyncAt !== undefined ? { lastSyncAt: s.lastSyncAt } : {}),
      outbox: { queued: s.queued, sending: s.sending, needsAttention: s.needsAttention },
      account: session.account(),
    };
  };

  // Typed as Handlers: TypeScript proves every operation of the contract has exactly one handler.
  const handlers: Handlers = {
    ...logging.handlers,
    ...accountHandlers(session),
    ...preferenceHandlers(prefs, opts.onPreferencesChange),
    // Team and HR calls go through the logging module's session too, so they also tell the status whether the service is reachable.
    ...teamHandlers({ ...ctx, session: logging.session, adoptServiceLogs: (logs) => logging.adoptServiceLogs(logs) }),
    getStatus: async () => status(),
  };
  const dispatch = createDispatcher(handlers, { secrets: () => session.secretsInMemory() });

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
      await logging.close();
      await session.close();
    },
  };
}

