/**
 * The disk's state in the user's words (the data directory full, read-only, not writable, failing): a few words for
 * the status pill and a sentence for the banner and the tray, both saying that nothing already logged is lost. Part of
 * the one status line (./sync-words.ts).
 */
import type { StorageState } from '../domain';
import { defineMessages, type Wording } from '../i18n/messages';

/** What the disk's state means, in a few words (the pill) and in a sentence (the banner, the tray). */
export const STORAGE_MESSAGES = defineMessages({
  'full.short': { id: 'storage.full.short', defaultMessage: 'Disk full', description: 'Status pill: the disk is full.' },
  'full.long': {
    id: 'storage.full.long',
    defaultMessage: 'The disk is full: Punchcard cannot save anything new. Free some space; nothing you already logged is lost.',
  },
  'read-only.short': {
    id: 'storage.read-only.short',
    defaultMessage: 'Disk read-only',
    description: 'Status pill: the disk is read-only.',
  },
  'read-only.long': {
    id: 'storage.read-only.long',
    defaultMessage:
      'The disk is read-only: Punchcard cannot save anything new. Make it writable again; nothing you already logged is lost.',
  },
  'denied.short': {
    id: 'storage.denied.short',
    defaultMessage: 'Cannot save',
    description: 'Status pill: no permission to write the data folder.',
  },
  'denied.long': {
    id: 'storage.denied.long',
    defaultMessage:
      'Punchcard may not write to its data folder (permission denied). Give your user write access to it; nothing you already logged is lost.',
  },
  'failed.short': { id: 'storage.failed.short', defaultMessage: 'Disk error', description: 'Status pill: the disk failed while saving.' },
  'failed.long': {
    id: 'storage.failed.long',
    defaultMessage: 'The disk failed while Punchcard saved. Check the disk; nothing you already logged is lost.',
  },
});
export type BadStorage = Exclude<StorageState, 'ok'>;
const storageMessage = (s: BadStorage, form: 'short' | 'long') => STORAGE_MESSAGES[`${s}.${form}`];
/** STORAGE_MESSAGES' English (screens not converted yet). */
export const STORAGE_WORDS: Readonly<Record<BadStorage, { short: string; long: string }>> = Object.freeze(
  Object.fromEntries(
    (['full', 'read-only', 'denied', 'failed'] as const).map((s) => [
      s,
      { short: storageMessage(s, 'short').defaultMessage, long: storageMessage(s, 'long').defaultMessage },
    ]),
  ) as Record<BadStorage, { short: string; long: string }>,
);

/** The disk's state in the user's words: a few words (the pill) or a sentence (the banner, the tray). */
export function storageWords(w: Wording, s: BadStorage, form: 'short' | 'long'): string {
  return w.say(storageMessage(s, form));
}
