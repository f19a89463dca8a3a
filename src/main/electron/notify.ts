/**
 * OS notifications for the core's `notice` events, when the user allows them. Skipped while the window is in
 * front: the renderer shows the same notice there, and saying it twice is noise.
 */
import { Notification } from 'electron';
import { eventChannelOf, type Events } from '../../shared/contract';
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
