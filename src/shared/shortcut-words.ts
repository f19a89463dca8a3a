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

/** Key names as people read them; a letter or digit stays as it is (upper case). */
const KEY_WORDS: Record<string, string> = {
  space: 'Space',
  plus: '+',
  up: '↑',
  down: '↓',
  left: '←',
  right: '→',
  return: 'Enter',
  enter: 'Enter',
  escape: 'Esc',
  esc: 'Esc',
  backspace: 'Backspace',
  delete: 'Delete',
  tab: 'Tab',
  home: 'Home',
  end: 'End',
  pageup: 'Page Up',
  pagedown: 'Page Down',
};

/** "CommandOrControl+Alt+P" -> "Ctrl+Alt+P" (Linux, Windows) or "⌥⌘P" (Mac). */
export function acceleratorWords(accelerator: string, platform: KeyPlatform): string {
  const parts = accelerator
    .split('+')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return accelerator;
  // "Plus" or a trailing "+" ("Ctrl++") is the key itself
  const keyPart = accelerator.endsWith('++') ? '+' : parts.pop()!;
  const mods = new Set(parts.map((p) => MODIFIERS[p.toLowerCase()]).filter(Boolean));
  const key = KEY_WORDS[keyPart.toLowerCase()] ?? (keyPart.length === 1 ? keyPart.toUpperCase() : keyPart);
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
    mods.has('ctrl') || mods.has('cmdOrCtrl') || mods.has('cmd') ? 'Ctrl' : '',
    mods.has('super') ? 'Super' : '',
    mods.has('alt') ? 'Alt' : '',
    mods.has('shift') ? 'Shift' : '',
  ].filter(Boolean);
  return [...words, key].join('+');
}

/**
 * The accelerator for a key pressed with modifiers (a shortcut field that records what the user presses), or a
 * reason it cannot be one: a global shortcut needs Ctrl/⌘ or Alt, else it would fire on plain typing everywhere.
 */
export function acceleratorOf(
  e: { key: string; code: string; ctrlKey: boolean; altKey: boolean; shiftKey: boolean; metaKey: boolean },
  platform: KeyPlatform,
): { accelerator: string } | { problem: string } | null {
  if (['Control', 'Alt', 'Shift', 'Meta', 'AltGraph', 'OS'].includes(e.key)) return null; // a modifier alone: keep listening
  const primary = platform === 'mac' ? e.metaKey : e.ctrlKey;
  if (!primary && !e.altKey)
    return { problem: `Hold ${platform === 'mac' ? '⌘ or ⌥' : 'Ctrl or Alt'} with the key, so typing elsewhere does not set it off.` };
  const key = /^Key[A-Z]$/.test(e.code)
    ? e.code.slice(3)
    : /^Digit\d$/.test(e.code)
      ? e.code.slice(5)
      : /^F\d{1,2}$/.test(e.key)
        ? e.key
        : KEY_NAMES[e.code];
  if (!key) return { problem: 'Use a letter, a digit or a function key with the modifiers.' };
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
