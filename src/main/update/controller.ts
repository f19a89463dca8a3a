/**
 * Updates, the schedule: look at start (a minute in, after the window and the first sync), then once a day;
 * download in the background as soon as a newer version is found; say so when it is ready; it installs when the
 * user quits (or at once from the tray's "Restart to update to X.Y.Z"). Plain code over the `Updater` below, which
 * src/main/electron/updater.ts implements with electron-updater; ./policy.ts decides whether it runs at all.
 *
 * The daily check is a due time looked at every hour, not a 24-hour timer: a laptop asleep over the weekend checks
 * within the hour after it wakes instead of a day late. After a failure: the next hour when the server could not be
 * reached (a train, a hotel login page), the next day otherwise (a damaged download is not fetched again every hour).
 */
import type { Said } from '../../shared/i18n/said';
import { failureOf, type UpdateDecision, type UpdateState } from './policy';

/** What the controller needs of an updater: electron-updater's, behind src/main/electron/updater.ts. */
export interface Updater {
  /** Asks the feed; resolves to the newer version it offers, or null when this version is current. */
  check(): Promise<string | null>;
  /** Downloads the version `check` found; resolves once its checksum matched, rejects when it does not or it failed. */
  download(): Promise<void>;
  /** Whether a downloaded update installs when the app quits (off when the user turns updates off after a download). */
  installOnQuit(on: boolean): void;
  /** Quits now and installs the downloaded update (the tray's "Restart to update"). */
  restartAndInstall(): void;
}

export const FIRST_CHECK_AFTER_MS = 60_000;
export const CHECK_EVERY_MS = 24 * 60 * 60_000;
export const LOOK_EVERY_MS = 60 * 60_000;
export const RETRY_UNREACHABLE_AFTER_MS = 60 * 60_000;

export interface UpdateControllerOptions {
  /** The policy's answer now (it changes with the Settings preference). */
  decide(): UpdateDecision & { problem?: string; problemSaid?: Said };
  /** Builds the updater for a decision that is on (once; the feed is set then). */
  createUpdater(decision: Extract<UpdateDecision, { on: true }>): Updater;
  now?: () => number;
  onChange?: (state: UpdateState) => void;
}

export interface UpdateController {
  state(): UpdateState;
  /** Starts the schedule when the policy allows; call again after a preference change (it follows the new answer). */
  reconsider(): void;
  /** Looks now (Settings' "Check now"; the schedule's own checks). Resolves with the state it ended in. */
  checkNow(): Promise<UpdateState>;
  /** The tray's "Restart to update": only when an update is ready. */
  restartAndInstall(): void;
  stop(): void;
}

export function createUpdateController(opts: UpdateControllerOptions): UpdateController {
  const now = opts.now ?? Date.now;
  let updater: Updater | undefined;
  let state: UpdateState = { kind: 'waiting' };
  let dueAt = 0;
  let first: ReturnType<typeof setTimeout> | undefined;
  let hourly: ReturnType<typeof setInterval> | undefined;
  let running: Promise<UpdateState> | undefined;

  const set = (next: UpdateState) => {
    state = next;
    try {
      opts.onChange?.(state);
    } catch (e) {
      console.error('Punchcard: an update listener failed:', e);
    }
  };
  const clearTimers = () => {
    if (first) clearTimeout(first);
    if (hourly) clearInterval(hourly);
    first = undefined;
    hourly = undefined;
  };

  async function run(): Promise<UpdateState> {
    const decision = opts.decide();
    if (!decision.on) {
      set({
        kind: 'off',
        why: decision.why,
        ...(decision.problem ? { problem: decision.problem } : {}),
        ...(decision.problemSaid ? { problemSaid: decision.problemSaid } : {}),
      });
      return state;
    }
    if (state.kind === 'ready') return state; // one download is enough until the user restarts
    updater ??= opts.createUpdater(decision);
    set({ kind: 'checking' });
    let version: string | null = null;
    try {
      version = await updater.check();
      if (version === null) {
        dueAt = now() + CHECK_EVERY_MS;
        set({ kind: 'current', checkedAt: now() });
        return state;
      }
      set({ kind: 'downloading', version });
      await updater.download();
      set({ kind: 'ready', version });
    } catch (e) {
      const reason = failureOf(e);
      dueAt = now() + (reason === 'unreachable' ? RETRY_UNREACHABLE_AFTER_MS : CHECK_EVERY_MS);
      set({ kind: 'failed', reason, at: now(), ...(version ? { version } : {}) });
      console.error('Punchcard: updating failed:', e);
    }
    return state;
  }

  const checkNow = () => {
    running ??= run().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    state: () => state,
    reconsider() {
      const decision = opts.decide();
      updater?.installOnQuit(decision.on);
      if (!decision.on) {
        clearTimers();
        set({
          kind: 'off',
          why: decision.why,
          ...(decision.problem ? { problem: decision.problem } : {}),
          ...(decision.problemSaid ? { problemSaid: decision.problemSaid } : {}),
        });
        return;
      }
      if (hourly) return; // already scheduled
      if (state.kind === 'off') set({ kind: 'waiting' });
      first = setTimeout(() => {
        void checkNow();
      }, FIRST_CHECK_AFTER_MS);
      hourly = setInterval(() => {
        if (now() >= dueAt && state.kind !== 'ready') void checkNow();
      }, LOOK_EVERY_MS);
      // timers never keep the process alive on their own (tests, `will-quit`)
      first.unref?.();
      hourly.unref?.();
      dueAt = Number.POSITIVE_INFINITY; // the first check is the timeout above; then every CHECK_EVERY_MS
    },
    checkNow,
    restartAndInstall() {
      if (state.kind === 'ready' && updater) updater.restartAndInstall();
    },
    stop: clearTimers,
  };
}
