/**
 * The core's clock: the wall clock, the monotonic reading, and the timers every wait of the core runs on, injected
 * like `now()` (`createPunchcard({ clock })`, handed to each module). The real one (`systemClock`) uses Node's; a
 * test's (test/fixtures/test-clock.ts `testClock`) moves time when the test says so, so a test of a backoff, a pace, a
 * deadline or a delay advances the clock instead of sleeping. This file is the only one in src/core that may call
 * Node's timers (eslint.config.js refuses `setTimeout` and `setInterval` anywhere else in the core).
 */
import fs from 'node:fs';
import os from 'node:os';

/** What a timer call returns: pass it back to clear the timer. `unref` (where the clock offers it): the timer does not keep a process up. */
export interface TimerHandle {
  unref?(): unknown;
}

/**
 * The timers and the reading they run on: what a module that waits needs of the clock (the service's client, the
 * limiter, sync's backoff, the ledger's compaction ...).
 */
export interface Timers {
  /**
   * Milliseconds on the clock the timers run on: monotonic (a wall clock set back or forward does not move it), only
   * differences mean something. Deadlines are readings of it (`deadlineIn`, `CallOptions.deadline`).
   */
  elapsed(): number;
  setTimeout(run: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle | undefined): void;
  setInterval(run: () => void, ms: number): TimerHandle;
  clearInterval(handle: TimerHandle | undefined): void;
  /**
   * Resolves after `ms`; at once when `signal` aborts (it resolves, it does not reject: the caller looks at its
   * signal). Not unref'd: a process waits for it, as it waits for the request it paces.
   */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/**
 * `now()` is the wall clock: what the user's clock shows, which the user, NTP or a sleep can move. `monotonic()` beside
 * it never moves with the wall clock and, on Linux and macOS, stops while the computer sleeps, and it is one clock for
 * every process of one boot (`boot()` names the boot): comparing how far each moved tells a sleep or a clock set
 * forward (the wall moved more) from a clock set back (it moved less). A clock without them (most tests) turns those
 * checks off. Local calendar days come from the process time zone (TZ). The timers run on `elapsed()`.
 */
export interface Clock extends Timers {
  now(): number;
  /** Milliseconds on the system's monotonic clock (CLOCK_MONOTONIC): only differences mean something. */
  monotonic?(): number;
  /** Which boot `monotonic()` counts from: readings of two boots cannot be compared. */
  boot?(): string;
}

let bootName: string | undefined;
/** Linux names each boot; elsewhere the boot's start on the wall clock (to the minute) stands in for a name. */
function systemBoot(): string {
  if (bootName === undefined) {
    try {
      bootName = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    } catch {
      bootName = '';
    }
  }
  return bootName || `up-${Math.round((Date.now() - os.uptime() * 1000) / 60_000)}`;
}

/**
 * Node's timers, on `process.hrtime()` (monotonic; only differences of it are used). Not `performance.now()`: the
 * global `performance` loads Node's perf_hooks (about ten modules, about 1 ms of every `punch` start).
 */
export const systemTimers: Timers = {
  elapsed: () => {
    const [s, ns] = process.hrtime();
    return s * 1000 + ns / 1e6;
  },
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout | undefined),
  setInterval: (run, ms) => setInterval(run, ms),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout | undefined),
  sleep: (ms, signal) =>
    new Promise<void>((done) => {
      if (signal?.aborted) return done();
      const stop = () => {
        clearTimeout(timer);
        done();
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', stop);
        done();
      }, ms);
      signal?.addEventListener('abort', stop, { once: true });
    }),
};

export const systemClock: Clock = {
  ...systemTimers,
  now: () => Date.now(),
  monotonic: () => Number(process.hrtime.bigint()) / 1e6,
  boot: systemBoot,
};
