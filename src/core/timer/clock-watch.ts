/**
 * Watching the wall clock from a long-running process (the Electron shell, web mode's server), so a sleep or a clock
 * jump is noticed there even when the operating system says nothing (web mode has no power events; Electron's do
 * not fire on every Linux desktop). Every few seconds both clocks are read: between two looks the wall clock and the
 * monotonic one (../context.ts `Clock`) should move alike. On Linux and macOS the monotonic clock stops while the
 * computer sleeps, so a wall clock that moved much more is a sleep (or the clock set forward: the two cannot be told
 * apart from here, and both are time nobody was measured working), and one that moved much less was set back.
 * Differences under a minute are NTP's small corrections and the timers' own lateness: not reported.
 */
import type { Clock } from '../context';
import type { ClockGap } from './timer-actions';

export interface ClockWatch {
  /** One look (the interval calls it; tests call it after moving their clock). */
  check(): ClockGap | undefined;
  stop(): void;
}

export const WATCH_EVERY_MS = 15_000;
export const MIN_GAP_MS = 60_000;

export function createClockWatch(deps: {
  clock: Clock;
  onGap: (gap: ClockGap) => void;
  everyMs?: number;
  minGapMs?: number;
  /** Default true: look on an interval of the clock's own (unref'd). False: only when `check` is called. */
  interval?: boolean;
}): ClockWatch {
  const { clock, onGap } = deps;
  const minGap = deps.minGapMs ?? MIN_GAP_MS;
  const mono = clock.monotonic?.bind(clock);
  let last = mono ? { wall: clock.now(), mono: mono(), boot: clock.boot?.() } : undefined;

  const check = (): ClockGap | undefined => {
    if (!mono || !last) return undefined;
    const now = { wall: clock.now(), mono: mono(), boot: clock.boot?.() };
    const before = last;
    last = now;
    if (now.boot !== before.boot) return undefined;
    const drift = now.wall - before.wall - (now.mono - before.mono);
    let gap: ClockGap | undefined;
    // the sleep began somewhere after the look before: that look is when the user was last seen measured
    if (drift >= minGap) gap = { kind: 'forward', from: before.wall, to: now.wall };
    else if (drift <= -minGap) gap = { kind: 'back', from: before.wall + (now.mono - before.mono), to: now.wall };
    if (gap) onGap(gap);
    return gap;
  };

  const handle = deps.interval === false || !mono ? undefined : clock.setInterval(check, deps.everyMs ?? WATCH_EVERY_MS);
  handle?.unref?.();
  return {
    check,
    stop: () => clock.clearInterval(handle),
  };
}
