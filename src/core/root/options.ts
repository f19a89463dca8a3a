/**
 * What the composition root (./punchcard.ts) is given and what it gives back: the options every front end and test
 * passes to `createPunchcard`, and the core as the shells hold it.
 */
import type { Handlers } from '../../shared/contract';
import type { AppStatus, UpdateStatus } from '../../shared/domain';
import type { Preferences } from '../../shared/preferences';
import type { AccountSession, DataCentre, PacingOptions, SessionOptions } from '../account';
import type { Clock, EventBus, PreferencesStore, SecretStore } from '../context';
import type { Dispatch } from '../dispatch';
import type { ReachPolicy } from '../service';
import type { OpenStore } from '../store';
import type { SyncOptions } from '../sync';
import type { ClockGap, TimerStep } from '../timer';
import type { WeekReadPolicy } from '../week';

/** Timings the tests shorten (backoff, probes, how long a week is reused); the app uses the modules' defaults. */
export interface CoreTuning {
  sync?: SyncOptions;
  /** The probe rule and the checks while offline (../service/reachability.ts); the backoff defaults to `sync`'s. */
  reach?: Partial<ReachPolicy>;
  /** How old a kept week may be for what (../week/read-policy.ts). */
  weeks?: { policy?: WeekReadPolicy };
}

export interface PunchcardOptions {
  /** Where the stores (and the built-in sandbox's data) live. */
  dataDir: string;
  /** Default: the store factory on dataDir (../store/conf-store.ts); Electron passes the same factory on its userData folder. */
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
  /**
   * How requests to a service account go. Default: global fetch (undici). `punch` passes `nodeFetch`
   * (../service/http/node-fetch.ts): one short process per command should not load undici for a request or two.
   */
  fetch?: typeof fetch;
  /**
   * The built-in demo service's code (src/sandbox), loaded on first use: the shells pass `() => import('../sandbox')`,
   * so the core imports nothing of src/sandbox (../account/demo-service.ts declares what it needs of it). Without it
   * (and without `startSandbox`) the demo company cannot start: signing in to a service still works.
   */
  demoService?: SessionOptions['demoService'];
  /** Starts the built-in sandbox instead of `demoService`'s (tests pin its `today` to their clock's day). */
  startSandbox?: SessionOptions['startSandbox'];
  /** Default: the session of the `account` store (../account/session.ts); tests hand in one over their own client. */
  session?: AccountSession;
  /** Default: the `preferences` store. */
  prefs?: PreferencesStore;
  tuning?: CoreTuning;
  /**
   * Test hook (the kill tests, through `punch`'s PUNCH_TEST_KILL_AT): called at each named point of a timer change,
   * right after its durable write.
   */
  timerStep?: (step: TimerStep) => void;
}

export interface Punchcard {
  handlers: Handlers;
  dispatch: Dispatch;
  on: EventBus['on'];
  /** The status as `getStatus` answers it and every `status` push carries it (../app-status.ts). */
  status(): AppStatus;
  /**
   * Starts the background work: the damage notices, the first status, a sync (anything found `sending` is reconciled
   * first) and the look at the files other processes change. Called by createPunchcard unless `autoSync` is false.
   */
  start(): void;
  /** The user came back after being idle (or from a lock / suspend) since `idleSince`. */
  onIdle(idleSince: number, reason: 'idle' | 'suspend' | 'lock' | 'shutdown'): void;
  /**
   * The machine is going to sleep at `at`, or locks the screen, or shuts down (the reason the prompt shows on return).
   * Resolves once the answer (stop, ask, or nothing) is recorded; never rejects (a failure becomes a notice).
   */
  onSuspend(at: number, reason?: 'suspend' | 'lock' | 'shutdown'): Promise<void>;
  /**
   * For long-running shells (Electron, web mode): looks at the wall clock against the monotonic one every few seconds
   * and tells the timer of a sleep or a jump (../timer/clock-watch.ts). Returns the function that stops watching.
   * `everyMs`: how often it looks (default the watch's 15 s; the browser suite's sleeps ask for less).
   */
  watchClock(opts?: { everyMs?: number }): () => void;
  /** What a watch of the clock saw (a sleep, a jump): the timer asks about the time away, or says the clock moved. */
  onClockGap(gap: ClockGap): Promise<void>;
  close(): Promise<void>;
}
