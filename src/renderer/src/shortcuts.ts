/**
 * The app's own keys, the same on every tab (App.tsx listens; Settings lists them):
 *
 *   Alt+1 ... Alt+6   the tabs, in the order shown            (Mac: ⌃1 ... ⌃6)
 *   Alt+S             start the timer, or stop it             (Mac: ⌃S)
 *   Alt+L             log time by hand: the Track form's Hours (Mac: ⌃L)
 *   Ctrl+Enter        the Track form's button (Start timer / Log HH:MM), from any of its fields (Mac: ⌘Enter)
 *
 * Why these: they never type a character, so they cannot collide with typing in a field. Alt with a letter or digit
 * types nothing on Linux and Windows; AltGr (which does type, e.g. "{" on a German keyboard) arrives as Ctrl+Alt and
 * is left alone. On a Mac, Option with a letter types ("@" is ⌥L on a German Mac) and ⌘ with a digit switches the
 * browser's tabs, so Control is used there. Shift is never part of them (Shift+Alt switches keyboard layouts).
 * The global shortcut (start/stop from anywhere, desktop app only) is a separate preference (Settings).
 */
import type { KeyPlatform } from '../../shared/shortcut-words';

export function keyPlatform(): KeyPlatform {
  if (typeof navigator === 'undefined') return 'other';
  const p = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ?? navigator.platform ?? '';
  return /mac|iphone|ipad/i.test(p) ? 'mac' : 'other';
}

export type ShortcutAction = { kind: 'tab'; index: number } | { kind: 'start-stop' } | { kind: 'log' };

type KeyLike = Pick<KeyboardEvent, 'code' | 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey'> & {
  getModifierState?: (k: string) => boolean;
};

/** The app key a key press stands for, or null (then it is left to the page as it is). */
export function shortcutFor(e: KeyLike, platform: KeyPlatform): ShortcutAction | null {
  if (e.shiftKey || e.getModifierState?.('AltGraph')) return null;
  const held = platform === 'mac' ? e.ctrlKey && !e.altKey && !e.metaKey : e.altKey && !e.ctrlKey && !e.metaKey;
  if (!held) return null;
  const digit = /^Digit([1-9])$/.exec(e.code);
  if (digit) return { kind: 'tab', index: Number(digit[1]) - 1 };
  if (e.code === 'KeyS') return { kind: 'start-stop' };
  if (e.code === 'KeyL') return { kind: 'log' };
  return null;
}

export interface ShortcutKeys {
  /** The key of tab n (1-based), as people read it. */
  tab(n: number): string;
  startStop: string;
  log: string;
  /** aria-keyshortcuts of the Track form's button ("Control+Enter" / "Meta+Enter"). */
  formAction: string;
  formActionWords: string;
}

export function shortcutKeys(platform: KeyPlatform = keyPlatform()): ShortcutKeys {
  const mac = platform === 'mac';
  const held = (k: string) => (mac ? `⌃${k}` : `Alt+${k}`);
  return {
    tab: (n) => held(String(n)),
    startStop: held('S'),
    log: held('L'),
    formAction: mac ? 'Meta+Enter' : 'Control+Enter',
    formActionWords: mac ? '⌘Enter' : 'Ctrl+Enter',
  };
}

/** aria-keyshortcuts of an app key ("Alt+S", "Control+S"). */
export function ariaKeys(k: string, platform: KeyPlatform = keyPlatform()): string {
  return platform === 'mac' ? `Control+${k}` : `Alt+${k}`;
}
