/**
 * OS notifications for the core's `notice` events, when the user allows them. Skipped while the window is in
 * front: the renderer shows the same notice there, and saying it twice is noise.
 *
 * And the morning reminder (the core decides when: src/core/week/morning.ts): once, at the moment
 * the core names, on a timer (never a polling loop); asked again when a log or the timer changes (it goes then) and
 * after each answer. Its action (where the OS shows actions: macOS) starts the timer on the usual job; a click opens
 * Track, where Snooze and Not today are.
 */
import { Notification } from 'electron';
import { eventChannelOf, type Events, type MorningReminder } from '../../shared/contract';
import { defineMessages } from '../../shared/i18n/messages';
import type { Punchcard } from '../../core';
import type { PreferenceWatch } from './preference-watch';
import type { MainWindow } from './window';
import type { ShellWording } from './shell-wording';
import { notificationWords } from './shell-words';

export function showNotice(notice: Events['notice'], prefs: PreferenceWatch, window: MainWindow, wording: ShellWording): void {
  const w = window.get();
  if (w && !w.isDestroyed() && w.isVisible() && w.isFocused()) return;
  if (!prefs.current().notifications || !Notification.isSupported()) return;
  const words = notificationWords(notice, wording.current());
  const notification = new Notification({ title: words.title, body: words.body, silent: notice.level === 'info' });
  notification.on('click', () => window.show());
  notification.show();
}

export function initNotifications(core: Punchcard, prefs: PreferenceWatch, window: MainWindow, wording: ShellWording): () => void {
  return core.on('notice', (notice) => showNotice(notice, prefs, window, wording));
}

/** How the shell itself tells the user something: in the window (as a notice event) and, when allowed, by the OS. */
export function createTell(prefs: PreferenceWatch, window: MainWindow, wording: ShellWording): (notice: Events['notice']) => void {
  return (notice) => {
    const w = window.get();
    if (w && !w.isDestroyed()) w.webContents.send(eventChannelOf('notice'), notice);
    showNotice(notice, prefs, window, wording);
  };
}

const M = defineMessages({
  body: {
    id: 'shell.morning.body',
    defaultMessage: 'Nothing logged yet today. {hasJob, select, yes {Start the timer on {job}?} other {Start the timer?}}',
    description: 'Desktop notification of the morning reminder. {job}: the usual job.',
  },
  start: { id: 'shell.morning.start', defaultMessage: 'Start timer', description: 'Action of the notification.' },
});

/** Longer waits are set again when they end (Node's timers hold about 24 days). */
const MAX_WAIT_MS = 2 ** 31 - 1;

export function initMorningReminder(core: Punchcard, prefs: PreferenceWatch, window: MainWindow, wording: ShellWording): () => void {
  let timer: NodeJS.Timeout | undefined;
  let shown: string | undefined;
  const ask = async (): Promise<void> => {
    clearTimeout(timer);
    const r = await core.dispatch('getMorningReminder', {});
    if (!r.ok || !r.value) return;
    const reminder = r.value as MorningReminder;
    if (!reminder.due) {
      timer = setTimeout(() => void ask(), Math.min(MAX_WAIT_MS, Math.max(1_000, reminder.at - Date.now())));
      timer.unref?.();
      return;
    }
    // once per due moment (a snooze makes a new one)
    const key = `${reminder.at}`;
    if (shown === key) return;
    shown = key;
    notify(reminder);
  };
  const notify = (reminder: MorningReminder) => {
    const w = window.get();
    if (w && !w.isDestroyed() && w.isVisible() && w.isFocused()) return;
    if (!prefs.current().notifications || !Notification.isSupported()) return;
    const words = wording.current();
    const job = reminder.job;
    const n = new Notification({
      title: 'Punchcard',
      body: words.say(M.body, { hasJob: job ? 'yes' : 'no', job: job?.jobName ?? '' }),
      ...(job ? { actions: [{ type: 'button' as const, text: words.say(M.start) }] } : {}),
    });
    n.on('click', () => window.show());
    n.on('action', () => {
      if (job) void core.dispatch('startTimer', { ...(job.jobId ? { jobId: job.jobId } : {}), jobName: job.jobName });
    });
    n.show();
  };
  void ask();
  const stops = [core.on('timer', () => void ask()), core.on('ledger', () => void ask()), prefs.onChange(() => void ask())];
  return () => {
    clearTimeout(timer);
    for (const stop of stops) stop();
  };
}
