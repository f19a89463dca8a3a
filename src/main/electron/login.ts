/**
 * Start at login, following the preference. `app.setLoginItemSettings` works on macOS and Windows; on Linux it
 * does nothing (desktop environments use ~/.config/autostart entries, which packaging installs), so there the
 * preference is kept but has no effect from here.
 */
import { app } from 'electron';
import type { PreferenceWatch } from './preference-watch';

/** Started by the OS at login: stay in the tray instead of opening the window. */
export const HIDDEN_ARG = '--hidden';

export function startedAtLogin(): boolean {
  return process.argv.includes(HIDDEN_ARG) || (process.platform === 'darwin' && app.getLoginItemSettings().wasOpenedAtLogin === true);
}

export function initLoginItem(prefs: PreferenceWatch): () => void {
  if (process.platform === 'linux') return () => undefined;
  let current: boolean | undefined;
  const apply = (openAtLogin: boolean) => {
    if (openAtLogin === current) return;
    current = openAtLogin;
    app.setLoginItemSettings({ openAtLogin, args: [HIDDEN_ARG] });
  };
  apply(prefs.current().startAtLogin);
  return prefs.onChange((p) => apply(p.startAtLogin));
}
