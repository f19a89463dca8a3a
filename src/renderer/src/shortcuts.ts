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
import { defineMessages, type Wording } from '../../shared/i18n/messages';
import { ENGLISH_KEY_NAMES, type KeyNames, type KeyPlatform } from '../../shared/shortcut-words';

/** Key caps as the keyboards of the user's language print them (German: Strg, Entf, Pos1; French: Maj, Suppr). */
const KEY = defineMessages({
  ctrl: { id: 'keys.ctrl', defaultMessage: 'Ctrl', description: 'Key cap: the Control key, as printed on keyboards in this language.' },
  alt: { id: 'keys.alt', defaultMessage: 'Alt', description: 'Key cap: the Alt key.' },
  shift: { id: 'keys.shift', defaultMessage: 'Shift', description: 'Key cap: the Shift key.' },
  super: { id: 'keys.super', defaultMessage: 'Super', description: 'Key cap: the Super (Windows logo) key, as Linux names it.' },
  enter: { id: 'keys.enter', defaultMessage: 'Enter', description: 'Key cap: the Enter (Return) key.' },
  esc: { id: 'keys.esc', defaultMessage: 'Esc', description: 'Key cap: the Escape key.' },
  space: { id: 'keys.space', defaultMessage: 'Space', description: 'Key cap: the space bar.' },
  backspace: { id: 'keys.backspace', defaultMessage: 'Backspace', description: 'Key cap: the Backspace key.' },
  delete: { id: 'keys.delete', defaultMessage: 'Delete', description: 'Key cap: the Delete key.' },
  insert: { id: 'keys.insert', defaultMessage: 'Insert', description: 'Key cap: the Insert key.' },
  tab: { id: 'keys.tab', defaultMessage: 'Tab', description: 'Key cap: the Tab key.' },
  home: { id: 'keys.home', defaultMessage: 'Home', description: 'Key cap: the Home key.' },
  end: { id: 'keys.end', defaultMessage: 'End', description: 'Key cap: the End key.' },
  pageUp: { id: 'keys.page-up', defaultMessage: 'Page Up', description: 'Key cap: the Page Up key.' },
  pageDown: { id: 'keys.page-down', defaultMessage: 'Page Down', description: 'Key cap: the Page Down key.' },
});

/** The key caps in the user's language, for shortcutKeys and src/shared/shortcut-words.ts acceleratorWords. */
export function keyNames(w: Wording): KeyNames {
  return Object.fromEntries(Object.entries(KEY).map(([k, m]) => [k, w.say(m)])) as unknown as KeyNames;
}

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

/** The app's keys as people read them, with `names` (keyNames(w): the user's language; English by default). */
export function shortcutKeys(platform: KeyPlatform = keyPlatform(), names: KeyNames = ENGLISH_KEY_NAMES): ShortcutKeys {
  const mac = platform === 'mac';
  const held = (k: string) => (mac ? `⌃${k}` : `${names.alt}+${k}`);
  return {
    tab: (n) => held(String(n)),
    startStop: held('S'),
    log: held('L'),
    formAction: mac ? 'Meta+Enter' : 'Control+Enter',
    formActionWords: mac ? `⌘${names.enter}` : `${names.ctrl}+${names.enter}`,
  };
}

/** aria-keyshortcuts of an app key ("Alt+S", "Control+S"). */
export function ariaKeys(k: string, platform: KeyPlatform = keyPlatform()): string {
  return platform === 'mac' ? `Control+${k}` : `Alt+${k}`;
}
