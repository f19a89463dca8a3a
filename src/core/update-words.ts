/**
 * What the core says about updates where no shell looks for them (web mode, punch): a code and values with its
 * English (src/shared/i18n/said.ts), so Settings says it in the user's language. The Electron shell's own update
 * words (src/main/update) are not converted yet (docs/i18n.md "What remains").
 */
import type { UpdateStatus } from '../shared/domain';
import { said } from '../shared/i18n/english';
import { defineMessages } from '../shared/i18n/messages';

const M = defineMessages({
  notHere: {
    id: 'updates.not-here',
    defaultMessage: 'Updates come with the installed desktop app; this one runs in a browser or a terminal.',
    description: 'Settings, under "Keep Punchcard up to date", in the browser.',
  },
});

export function updatesNotHere(): UpdateStatus {
  const s = said(M.notHere.id, {});
  return { words: s.message, said: { code: s.code, values: s.values } };
}
