/**
 * Idle, sleep and lock, for a timer that should only count time someone worked.
 *
 * - Idle: the system idle time is polled every 30 s against the user's threshold. While idle we only remember
 *   since when; when the user comes back the core is told (`onIdle(idleSince, 'idle')`) and decides, with the
 *   user, what to keep. Polling (not an event) because Electron only reports idle time on request.
 * - Sleep, lock, shutdown: the core is told the moment it happens (`onSuspend(at)`): after a resume the wall clock
 *   has jumped, so "when did it stop" must be recorded before, not guessed after.
 * - A watch of the clock (the core's, src/core/timer/clock-watch.ts): the wall clock against the monotonic one every
 *   few seconds, for a sleep Electron did not report (its events do not fire on every Linux desktop) and a clock set
 *   back or forward while the timer runs. A sleep it reported is not asked about twice (the core keeps its moment).
 * The window opens whenever the core puts an idle prompt on the timer, so the question is seen.
 */
import { powerMonitor } from 'electron';
import type { Punchcard } from '../../core';
import type { PreferenceWatch } from './preference-watch';
import type { MainWindow } from './window';

const POLL_MS = 30_000;

export function initPower(core: Punchcard, prefs: PreferenceWatch, window: MainWindow): () => void {
  let running = false;
  let idleSince: number | null = null;
  let prompting = false;

  const poll = () => {
    const idleSeconds = powerMonitor.getSystemIdleTime();
    const threshold = prefs.current().idleThresholdMinutes * 60;
    if (idleSeconds >= threshold) {
      // Only a running timer can collect idle time; remember when the idleness began, not when we noticed.
      if (running && idleSince === null) idleSince = Date.now() - idleSeconds * 1000;
      return;
    }
    if (idleSince !== null) {
      const since = idleSince;
      idleSince = null;
      core.onIdle(since, 'idle');
    }
  };
  const interval = setInterval(poll, POLL_MS);
  const stopWatchingClock = core.watchClock();

  const suspended = (reason: 'suspend' | 'lock' | 'shutdown') => {
    // Idle, then the machine sleeps (often BECAUSE nobody was there): the user never came back, so the idle time was
    // never reported; report it first, or the core would count it as worked up to the suspend.
    if (idleSince !== null) {
      const since = idleSince;
      idleSince = null;
      core.onIdle(since, 'idle');
    }
    void core.onSuspend(Date.now(), reason); // the core records it in the background, a failure as a notice
  };
  const onSuspend = () => suspended('suspend');
  const onLock = () => suspended('lock');
  const onShutdown = () => suspended('shutdown');
  powerMonitor.on('suspend', onSuspend);
  powerMonitor.on('lock-screen', onLock);
  powerMonitor.on('shutdown', onShutdown);

  const unsubscribe = core.on('timer', (timer) => {
    running = timer.running;
    if (!running) idleSince = null;
    const asking = timer.idlePrompt !== undefined;
    if (asking && !prompting) window.showScreen('track');
    prompting = asking;
  });
  void core.dispatch('getTimer', {}).then((r) => {
    if (r.ok) running = (r.value as { running: boolean }).running;
  });

  return () => {
    clearInterval(interval);
    stopWatchingClock();
    powerMonitor.off('suspend', onSuspend);
    powerMonitor.off('lock-screen', onLock);
    powerMonitor.off('shutdown', onShutdown);
    unsubscribe();
  };
}
