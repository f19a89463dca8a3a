/**
 * What the data directory's files say to people, one function per message from values (a folder, a file, a reason),
 * each a code and values with its English beside it (src/shared/i18n/said.ts): a disk that takes no writes, a file
 * locked by another process, a damaged file's reason and what was recovered from it.
 */
import { defineMessages } from '../../shared/i18n/messages';
import { said } from '../../shared/i18n/english';
import type { Said, SaidValue, Words } from '../../shared/i18n/said';

const M = defineMessages({
  full: {
    id: 'core.store.disk-full',
    defaultMessage: 'The disk is full: Punchcard could not save to {dir}. Nothing was changed. Free some space, then try again.',
    description: '{dir}: a folder on the computer, as it is.',
  },
  readOnly: {
    id: 'core.store.disk-read-only',
    defaultMessage:
      'The disk is read-only: Punchcard could not save to {dir}. Nothing was changed. Make the disk writable (or choose another data directory), then try again.',
  },
  denied: {
    id: 'core.store.write-denied',
    defaultMessage:
      'Punchcard may not write to {dir} (permission denied). Nothing was changed. Give your user write access to that folder, then try again.',
  },
  failed: {
    id: 'core.store.disk-failed',
    defaultMessage: 'The disk failed while Punchcard saved to {dir} ({errno}). Nothing was changed. Check the disk, then try again.',
    description: '{errno}: the system\'s code for the failure (EIO), or "I/O error".',
  },
  locked: {
    id: 'core.store.locked',
    defaultMessage:
      '{what} is locked by another Punchcard process{pid, select, none {} other { (pid {pid})}} for more than {waited}. Try again in a moment; if it persists, close the other Punchcard (app or punch) or delete {lock}.',
    description:
      '{what}: the file, as a phrase ("The outbox"). {pid}: a process number. {waited}: how long it waited. {lock}: a file path.',
  },
  outboxFile: {
    id: 'core.store.what.outbox-locked',
    defaultMessage: 'The outbox',
    description: 'The subject of "{what} is locked by another Punchcard process".',
  },
  badName: {
    id: 'core.store.bad-name',
    defaultMessage: "Store name \"{name}\" is not allowed: use letters, digits, '.', '_' or '-' (it becomes a file name).",
  },
  // a damaged file: why it could not be read
  empty: { id: 'core.store.reason.empty', defaultMessage: 'it is empty', description: 'Why a data file could not be read.' },
  cutShort: {
    id: 'core.store.reason.cut-short',
    defaultMessage: 'it ends in the middle (the file was cut short: {detail})',
    description: "{detail}: the reader's own technical words, as they are.",
  },
  unreadable: { id: 'core.store.reason.unreadable', defaultMessage: 'it is not readable ({detail})' },
  notKeys: {
    id: 'core.store.reason.not-keys',
    defaultMessage:
      'it holds {kind, select, null {nothing} list {a list} string {a text} number {a number} boolean {a yes or no} other {something else}} where a set of keys and values belongs',
  },
  otherFormat: {
    id: 'core.store.reason.other-format',
    defaultMessage: 'it was written in another file format ({version}; this Punchcard reads format {current})',
  },
  notOurs: { id: 'core.store.reason.parts', defaultMessage: 'parts of it are not what Punchcard writes there' },
  // what became of it
  recovered: {
    id: 'core.store.recovered',
    defaultMessage: 'Recovered: {held}{lost, select, none {} other {; could not be read: {lost}}}',
    description: '{held}: what the file held that was kept (a phrase). {lost}: what could not be read (phrases), or "none".',
  },
  nothingRecovered: {
    id: 'core.store.nothing-recovered',
    defaultMessage: 'Nothing could be recovered: {meaning}{lost, select, none {} other {; could not be read: {lost}}}',
    description: '{meaning}: what that means for the user (a phrase: "the timer starts stopped").',
  },
  phrases: {
    id: 'core.phrases',
    defaultMessage: '{first}; {then}',
    description: 'Two phrases said one after the other, in a list of things that could not be read.',
  },
  text: {
    id: 'core.text',
    defaultMessage: '{text}',
    description: 'Text said as it is (a name, or words that came from elsewhere): translate as {text} alone.',
  },
  aFile: { id: 'core.store.what.file', defaultMessage: 'a data file', description: 'What a damaged file is, when nothing more is known.' },
  namedFile: { id: 'core.store.what.named-file', defaultMessage: 'the {name} file', description: "{name}: the file's own name." },
  outbox: { id: 'core.store.what.outbox', defaultMessage: 'the outbox', description: 'What a damaged file is.' },
  window: { id: 'core.store.what.window', defaultMessage: 'the window size', description: 'What a damaged file is.' },
  keys: { id: 'core.store.held.keys', defaultMessage: 'the keys {keys}', description: '{keys}: names of settings, as they are.' },
  nothing: { id: 'core.store.held.nothing', defaultMessage: 'nothing' },
  startsEmpty: { id: 'core.store.if-nothing.empty', defaultMessage: 'it starts empty' },
  // the damage reports themselves
  line: {
    id: 'core.store.damage-line',
    defaultMessage: '{what} ({file}) could not be read: {reason}. {outcome}. The original is kept as {keptAs}.',
    description:
      'A damaged data file. {what}: what it is ("the timer"); {file}: its name; {reason}: why; {outcome}: what was recovered; {keptAs}: where its copy is.',
  },
  aReport: { id: 'core.store.what.report', defaultMessage: 'a damage report' },
  reportUnreadable: { id: 'core.store.reason.report-unreadable', defaultMessage: 'the report itself could not be read ({detail})' },
  openFolder: {
    id: 'core.store.outcome.open-folder',
    defaultMessage: 'open the damaged/ folder of the data directory to see what was kept',
    description: '"damaged/" is a folder\'s name: keep it as it is.',
  },
  // the id keeps its first home's prefix: its translations stay
  closingNotSaved: {
    id: 'core.outbox.closing-not-saved',
    defaultMessage: 'Punchcard is closing, so this change was not saved. Open Punchcard again and repeat it.',
  },
  noOffer: { id: 'core.store.no-offer', defaultMessage: 'No damage report {id} offers logs to log again.' },
});

const phrase = (m: { id: string }, values: Said['values'] = {}): Words => said(m.id, values);

/** Several phrases as one value, joined as a list of what could not be read ("a; b; c"). */
export function phrasesValue(all: Array<Said | string>): SaidValue {
  if (all.every((p) => typeof p === 'string')) return all.join('; ');
  const saids: Said[] = all.map((p) => (typeof p === 'string' ? { code: M.text.id, values: { text: p } } : p));
  return {
    said: saids
      .slice(0, -1)
      .reduceRight<Said>(
        (then, first) => ({ code: M.phrases.id, values: { first: { said: first }, then: { said: then } } }),
        saids.at(-1)!,
      ),
  };
}

export const storeWords = {
  full: (dir: string) => phrase(M.full, { dir }),
  readOnly: (dir: string) => phrase(M.readOnly, { dir }),
  denied: (dir: string) => phrase(M.denied, { dir }),
  failed: (dir: string, errno: string) => phrase(M.failed, { dir, errno: errno || 'I/O error' }),
  /** `what`: the locked file as the subject of the sentence; the outbox's when not given. */
  locked: (v: { what?: SaidValue; pid?: number; waitedMs: number; lock: string }) =>
    phrase(M.locked, {
      what: v.what ?? { said: { code: M.outboxFile.id, values: {} } },
      pid: v.pid ?? 'none',
      waited: { elapsed: v.waitedMs },
      lock: v.lock,
    }),
  badName: (name: string) => phrase(M.badName, { name }),
  empty: () => phrase(M.empty),
  cutShort: (detail: string) => phrase(M.cutShort, { detail }),
  unreadable: (detail: string) => phrase(M.unreadable, { detail }),
  notKeys: (kind: 'null' | 'list' | 'string' | 'number' | 'boolean' | 'other') => phrase(M.notKeys, { kind }),
  otherFormat: (version: string, current: number) => phrase(M.otherFormat, { version, current }),
  notOurs: () => phrase(M.notOurs),
  /** What became of a damaged file: what was kept (`held`, when anything was), else what that means; what was lost. */
  outcome: (v: { held?: SaidValue; meaning: SaidValue; lost: Array<Said | string> }) => {
    const lost = v.lost.length ? phrasesValue(v.lost) : 'none';
    return v.held ? phrase(M.recovered, { held: v.held, lost }) : phrase(M.nothingRecovered, { meaning: v.meaning, lost });
  },
  aFile: () => phrase(M.aFile),
  namedFile: (name: string) => phrase(M.namedFile, { name }),
  outbox: () => phrase(M.outbox),
  window: () => phrase(M.window),
  keys: (keys: string[]) => phrase(M.keys, { keys: keys.join(', ') }),
  nothing: () => phrase(M.nothing),
  startsEmpty: () => phrase(M.startsEmpty),
  line: (v: { what: SaidValue; file: string; reason: SaidValue; outcome: SaidValue; keptAs: string }) => phrase(M.line, v),
  aReport: () => phrase(M.aReport),
  reportUnreadable: (detail: string) => phrase(M.reportUnreadable, { detail }),
  openFolder: () => phrase(M.openFolder),
  noOffer: (id: string) => phrase(M.noOffer, { id }),
  /** What a write throws once the core is closing (./closing.ts). */
  closingNotSaved: () => phrase(M.closingNotSaved),
};
