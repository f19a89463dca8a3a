/**
 * What the Electron shell says itself, apart from the tray's menu (./tray-words.ts): the OS notifications' titles,
 * what the tray's and the shortcut's own actions report, and the shortcut that could not be registered. Each
 * notice carries a code and values (src/shared/i18n/said.ts) beside its English, so the window's notice strip says it
 * in the user's language too; the notifications are said in the shell's language (./shell-wording.ts).
 */
import type { Events } from '../../shared/contract';
import { said } from '../../shared/i18n/english';
import { defineMessages, type Wording } from '../../shared/i18n/messages';
import { saidOf, sayIt, type SaidValue, type Words } from '../../shared/i18n/said';

const M = defineMessages({
  attention: {
    id: 'shell.notify.attention',
    defaultMessage: 'Punchcard: needs your attention',
    description: "An OS notification's title.",
  },
  plain: { id: 'shell.notify.title', defaultMessage: 'Punchcard', description: "An OS notification's title (the app's name)." },
  couldNot: {
    id: 'shell.action-failed',
    defaultMessage: 'Could not {action, select, toggle {start or stop the timer} start {start the timer} other {sync}}: {why}',
    description: 'A tray menu item or the global shortcut failed. {why}: why (a sentence of its own).',
  },
  attentionCount: {
    id: 'shell.sync-attention',
    defaultMessage: '{count, plural, one {# entry needs} other {# entries need}} your attention in the Outbox.',
    description: '"Outbox" is the tab\'s name.',
  },
  shortcut: {
    id: 'shell.shortcut-not-registered',
    defaultMessage:
      'The shortcut {keys} could not be registered (another app may use it, or it is not a valid key combination). Choose another in Settings.',
    description: '{keys}: the key combination as the keyboard prints it ("Ctrl+Alt+P").',
  },
  starting: {
    id: 'shell.update.starting',
    defaultMessage: 'Punchcard is starting.',
    description: 'Settings, about updates, in the first moment.',
  },
});

/** A notice of the shell's own, with its code and values. */
function notice(level: Events['notice']['level'], w: Words): Events['notice'] {
  return { level, message: w.message, said: saidOf(w) };
}

export const shellWords = {
  couldNot: (action: 'toggle' | 'start' | 'sync', why: SaidValue) => notice('error', said(M.couldNot.id, { action, why })),
  attentionCount: (count: number) => notice('warning', said(M.attentionCount.id, { count })),
  shortcut: (keys: string) => notice('warning', said(M.shortcut.id, { keys })),
  starting: () => {
    const w = said(M.starting.id);
    return { words: w.message, said: saidOf(w) };
  },
};

/** A notice as the OS notification says it: its title and its text, in the shell's language. */
export function notificationWords(n: Events['notice'], w: Wording): { title: string; body: string } {
  return { title: w.say(n.level === 'error' ? M.attention : M.plain), body: sayIt(w, n.said, n.message) };
}
