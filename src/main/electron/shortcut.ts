/**
 * The global shortcut that starts or stops the timer from anywhere. Re-registered whenever the preference changes;
 * an accelerator the OS refuses (taken by another app, or malformed) is reported instead of silently doing nothing.
 */
import { shellWords } from './shell-words';
import { globalShortcut } from 'electron';
import type { PreferenceWatch } from './preference-watch';
import type { QuickActions, Tell } from './quick-actions';
import { acceleratorWords } from '../../shared/shortcut-words';

export function registerShortcut(prefs: PreferenceWatch, actions: QuickActions, tell: Tell): () => void {
  let current: string | null = null;

  const apply = (accelerator: string) => {
    if (accelerator === current) return;
    if (current) globalShortcut.unregister(current);
    current = null;
    if (!accelerator) return;
    let ok: boolean;
    try {
      ok = globalShortcut.register(accelerator, () => void actions.toggleTimer());
    } catch {
      ok = false;
    }
    if (ok) current = accelerator;
    // in the OS's words ("Ctrl+Alt+P", "⌥⌘P"), as Settings shows it, never the accelerator's "CommandOrControl"
    else tell(shellWords.shortcut(acceleratorWords(accelerator, process.platform === 'darwin' ? 'mac' : 'other')));
  };

  apply(prefs.current().shortcut);
  const unsubscribe = prefs.onChange((p) => apply(p.shortcut));
  return () => {
    unsubscribe();
    if (current) globalShortcut.unregister(current);
  };
}
