/**
 * A key combination in the words of the user's OS. The preference holds an Electron accelerator
 * ("CommandOrControl+Alt+P": the same setting works on every OS); people read "Ctrl+Alt+P" on Linux and Windows and
 * "⌥⌘P" on a Mac (Apple's symbols, in Apple's order: Control, Option, Shift, Command, then the key). Pure: the
 * renderer's Settings and the Electron shell's messages say it the same way.
 */

export type KeyPlatform = 'mac' | 'other';

const MODIFIERS: Record<string, 'ctrl' | 'alt' | 'shift' | 'cmd' | 'cmdOrCtrl' | 'super'> = {
  commandorcontrol: 'cmdOrCtrl',
  cmdorctrl: 'cmdOrCtrl',
  command: 'cmd',
  cmd: 'cmd',
  control: 'ctrl',
  ctrl: 'ctrl',
  alt: 'alt',
  option: 'alt',
  altgr: 'alt',
  shift: 'shift',
  super: 'super',
  meta: 'super',
};

/**
 * The words of the keys that have a word, as the keyboards of a language print them (a German keyboard says "Strg"
 * and "Entf"): English here, each shell's language from its catalog (the renderer: shortcuts.ts `keyNames`).
 */
export interface KeyNames {
  ctrl: string;
  alt: string;
  shift: string;
  super: string;
  enter: string;
  esc: string;
  space: string;
  backspace: string;
  delete: string;
  insert: string;
  tab: string;
  home: string;
  end: string;
  pageUp: string;
  pageDown: string;
}

export const ENGLISH_KEY_NAMES: KeyNames = {
  ctrl: 'Ctrl',
  alt: 'Alt',
  shift: 'Shift',
  super: 'Super',
  enter: 'Enter',
  esc: 'Esc',
  space: 'Space',
  backspace: 'Backspace',
  delete: 'Delete',
  insert: 'Insert',
  tab: 'Tab',
  home: 'Home',
  end: 'End',
  pageUp: 'Page Up',
  pageDown: 'Page Down',
};

/** An accelerator's key name -> how people read it; a letter or digit stays as it is (upper case). */
const keyWords = (n: KeyNames): Record<string, string> => ({
  space: n.space,
  plus: '+',
  up: '↑',
  down: '↓',
  left: '←',
  right: '→',
  return: n.enter,
  enter: n.enter,
  escape: n.esc,
  esc: n.esc,
  backspace: n.backspace,
  delete: n.delete,
  insert: n.insert,
  tab: n.tab,
  home: n.home,
  end: n.end,
  pageup: n.pageUp,
  pagedown: n.pageDown,
});

/** "CommandOrControl+Alt+P" -> "Ctrl+Alt+P" (Linux, Windows; "Strg+Alt+P" with German names) or "⌥⌘P" (Mac). */
export function acceleratorWords(accelerator: string, platform: KeyPlatform, names: KeyNames = ENGLISH_KEY_NAMES): string {
  const parts = accelerator
    .split('+')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return accelerator;
  // "Plus" or a trailing "+" ("Ctrl++") is the key itself
  const keyPart = accelerator.endsWith('++') ? '+' : parts.pop()!;
  const mods = new Set(parts.map((p) => MODIFIERS[p.toLowerCase()]).filter(Boolean));
  const key = keyWords(names)[keyPart.toLowerCase()] ?? (keyPart.length === 1 ? keyPart.toUpperCase() : keyPart);
  if (platform === 'mac') {
    const sym = [
      mods.has('ctrl') ? '⌃' : '',
      mods.has('alt') ? '⌥' : '',
      mods.has('shift') ? '⇧' : '',
      mods.has('cmd') || mods.has('cmdOrCtrl') || mods.has('super') ? '⌘' : '',
    ].join('');
    return `${sym}${key}`;
  }
  const words = [
    mods.has('ctrl') || mods.has('cmdOrCtrl') || mods.has('cmd') ? names.ctrl : '',
    mods.has('super') ? names.super : '',
    mods.has('alt') ? names.alt : '',
    mods.has('shift') ? names.shift : '',
  ].filter(Boolean);
  return [...words, key].join('+');
}

/**
 * The accelerator for a key pressed with modifiers (a shortcut field that records what the user presses), or why it
 * cannot be one, which the field says in words: `modifier`, a global shortcut needs Ctrl/⌘ or Alt, else it would fire
 * on plain typing everywhere; `key`, it needs a letter, a digit or a function key.
 */
export function acceleratorOf(
  e: { key: string; code: string; ctrlKey: boolean; altKey: boolean; shiftKey: boolean; metaKey: boolean },
  platform: KeyPlatform,
): { accelerator: string } | { problem: 'modifier' | 'key' } | null {
  if (['Control', 'Alt', 'Shift', 'Meta', 'AltGraph', 'OS'].includes(e.key)) return null; // a modifier alone: keep listening
  const primary = platform === 'mac' ? e.metaKey : e.ctrlKey;
  if (!primary && !e.altKey) return { problem: 'modifier' };
  const key = /^Key[A-Z]$/.test(e.code)
    ? e.code.slice(3)
    : /^Digit\d$/.test(e.code)
      ? e.code.slice(5)
      : /^F\d{1,2}$/.test(e.key)
        ? e.key
        : KEY_NAMES[e.code];
  if (!key) return { problem: 'key' };
  const mods = [
    primary ? 'CommandOrControl' : '',
    platform === 'mac' && e.ctrlKey ? 'Control' : '',
    e.altKey ? 'Alt' : '',
    e.shiftKey ? 'Shift' : '',
  ];
  return { accelerator: [...mods.filter(Boolean), key].join('+') };
}

const KEY_NAMES: Record<string, string> = {
  Space: 'Space',
  ArrowUp: 'Up',
  ArrowDown: 'Down',
  ArrowLeft: 'Left',
  ArrowRight: 'Right',
  Home: 'Home',
  End: 'End',
  PageUp: 'PageUp',
  PageDown: 'PageDown',
  Insert: 'Insert',
  Delete: 'Delete',
};
