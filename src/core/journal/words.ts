/**
 * What the outbox file (the journal) says to people, one function per message from values (a file, a reason, what
 * was recovered), each a code and values with its English beside it (src/shared/i18n/said.ts): why it could not be
 * read, what was recovered from it, and why it could not be kept aside. The ids keep the `core.outbox.` prefix: to a
 * user this is the outbox's file (docs/i18n/glossary.md).
 */
import { defineMessages } from '../../shared/i18n/messages';
import { said } from '../../shared/i18n/english';
import type { Said, SaidValue, Words } from '../../shared/i18n/said';
import { storeWords } from '../store';
import type { DamageDelete, DamageEdit } from '../../shared/domain';
import type { BadRecord, JournalDamage } from './format';

const M = defineMessages({
  damageNotice: {
    id: 'core.outbox.damage-notice',
    defaultMessage: 'The outbox file could not be read ({reason}) and was kept aside as {keptAs}. {outcome}.',
  },
  cannotKeep: {
    id: 'core.outbox.file.cannot-keep',
    defaultMessage:
      'The outbox file {file} could not be read ({reason}), and a copy of it could not be kept aside ({why}). Punchcard leaves the file as it is and does not open the outbox: free some disk space (or make the data directory writable) and start Punchcard again; nothing in the file is lost.',
  },
  tornEnd: {
    id: 'core.outbox.file.torn-end',
    defaultMessage:
      'The outbox file {file} ends with something that could not be read or removed; nothing was saved. Try again; if it persists, start Punchcard again.',
  },
});

/** Why an outbox file could not be read (./format.ts, ./salvage.ts), each a phrase of its own. */
const WHY = defineMessages({
  noHeader: { id: 'core.outbox.file.no-header', defaultMessage: 'it has no header' },
  badHeader: { id: 'core.outbox.file.bad-header', defaultMessage: 'its header could not be read' },
  notJournal: { id: 'core.outbox.file.not-journal', defaultMessage: 'it is not an outbox journal (its header says "{said}")' },
  otherVersion: {
    id: 'core.outbox.file.other-version',
    defaultMessage: 'it was written by another version of Punchcard (format version {version}; this one reads {current})',
  },
  secondHeader: { id: 'core.outbox.file.second-header', defaultMessage: 'it holds a second header in the middle' },
  middle: {
    id: 'core.outbox.file.middle',
    defaultMessage:
      '{count, plural, one {# record} other {# records}} in the middle could not be read ({why, select, notFramed {one is not framed as {frame}} checksum {one does not match its checksum} notJson {one is not valid JSON} shape {one is not of the expected shape} other {it ends in the middle of a record}})',
    description: '{frame}: how a record is written ("<checksum> <json>"), kept as it is.',
  },
  lastSome: {
    id: 'core.outbox.file.last-some',
    defaultMessage: 'its last {count, plural, one {record} other {# records}} could not be read',
  },
  lastOne: {
    id: 'core.outbox.file.last-one',
    defaultMessage:
      'its last record could not be read ({why, select, notFramed {it is not framed as {frame}} checksum {it does not match its checksum} notJson {it is not valid JSON} shape {it is not of the expected shape} other {it ends in the middle of a record}})',
  },
  cutShort: {
    id: 'core.outbox.file.cut-short',
    defaultMessage: 'its last record was cut short, and it holds a log found nowhere else in the file',
  },
  cutShortEdit: {
    id: 'core.outbox.file.cut-short-edit',
    defaultMessage: 'its last record was cut short, and it holds a change of a log that the file holds as it was before the change',
  },
  cutShortDelete: {
    id: 'core.outbox.file.cut-short-delete',
    defaultMessage: 'its last record was cut short, and it holds a delete of a log that the file still holds',
  },
  cutShortDeleteUnnamed: {
    id: 'core.outbox.file.cut-short-delete-unnamed',
    defaultMessage:
      'its last record was cut short before it named its log: a delete may not have been saved; check the week, and delete the log again if it is still there',
  },
  oldNotJson: { id: 'core.outbox.file.old-not-json', defaultMessage: 'it is not valid JSON ({detail})' },
  oldNoJournal: { id: 'core.outbox.file.old-no-journal', defaultMessage: 'it does not hold an outbox (no "journal" in it)' },
  oldVersion: { id: 'core.outbox.file.old-version', defaultMessage: 'it is of another version ({version}; this one reads 1)' },
  oldShape: { id: 'core.outbox.file.old-shape', defaultMessage: 'it is not of the expected shape' },
  compacted: { id: 'core.outbox.file.compacted', defaultMessage: 'its compacted part is incomplete (the snapshot mark does not match it)' },
  // what was recovered
  recovered: {
    id: 'core.outbox.file.recovered',
    defaultMessage:
      '{empty, select, yes {Nothing could be recovered from it; the outbox starts empty} other {{entries, plural, one {# outbox entry} other {# outbox entries}} recovered{held, select, none {} other { ({held})}} and {logs, plural, one {# time log} other {# time logs}}}}{lost, plural, =0 {} one {; # record could not be read: logs made or changed in it are missing or out of date, so check the week views and log anything missing again} other {; # records could not be read: logs made or changed in them are missing or out of date, so check the week views and log anything missing again}}{checked, plural, =0 {} one {; # unsent entry will be checked with the service before being sent, in case it was sent already} other {; # unsent entries will be checked with the service before being sent, in case they were sent already}}{offered, plural, =0 {} one {; what could not be read seems to hold # log not recovered ({offer}): log it again or discard it} other {; what could not be read seems to hold # logs not recovered ({offer}): log them again or discard them}}',
    description:
      'What a damaged outbox file held. {held}: how many entries by state ("2 queued, 1 being sent"). {offer}: the logs that seem to be there, each as hours, day and job.',
  },
  queued: {
    id: 'core.outbox.file.queued',
    defaultMessage: '{count, plural, other {# queued}}',
    description: 'Recovered outbox entries in this state.',
  },
  sending: { id: 'core.outbox.file.sending', defaultMessage: '{count, plural, other {# being sent}}' },
  attention: { id: 'core.outbox.file.attention', defaultMessage: '{count, plural, other {# needing attention}}' },
  synced: { id: 'core.outbox.file.synced', defaultMessage: '{count, plural, other {# synced}}' },
  recoveredEdits: {
    id: 'core.outbox.file.recovered-edits',
    defaultMessage:
      '{recovered}; what could not be read seems to hold {count, plural, one {# change of a log that was not made ({edits}): make it again or discard it} other {# changes of logs that were not made ({edits}): make them again or discard them}}',
    description:
      '{recovered}: what the file held (a sentence of its own, without its full stop). {edits}: each change, as the log is after it and before it.',
  },
  recoveredDeletes: {
    id: 'core.outbox.file.recovered-deletes',
    defaultMessage:
      '{recovered}; what could not be read seems to hold {count, plural, one {# delete of a log that was not saved ({logs}): delete it or keep it} other {# deletes of logs that were not saved ({logs}): delete them or keep them}}',
    description:
      '{recovered}: what the file held (a sentence of its own, without its full stop). {logs}: each log the user deleted, as the file still holds it.',
  },
  recoveredUnnamedDelete: {
    id: 'core.outbox.file.recovered-unnamed-delete',
    defaultMessage:
      '{recovered}; what could not be read was a delete cut before it named its log: no log is missing, but one you deleted may still be there',
    description:
      '{recovered}: what the file held (a sentence of its own, without its full stop). Said instead of "log anything missing again": the record lost took a log away, it did not add one.',
  },
  editOffered: {
    id: 'core.outbox.file.edit-offered',
    defaultMessage: '{now}, where the file holds {was}',
    description:
      'A change of a log read from a damaged record: {now} the log as changed, {was} as the file holds it (each "01:00 on Mon 16 Nov, Job").',
  },
  offered: {
    id: 'core.outbox.file.offered',
    defaultMessage: '{hours} on {day}, {job}{description, select, none {} other { ("{description}")}}',
    description:
      'A log that seems to be in a damaged record: {hours} HH:MM, {day} a day, {job} a job\'s name, {description} its description or "none".',
  },
});

const w = (m: { id: string }, values: Said['values'] = {}): Words => said(m.id, values);
const phrase = (m: { id: string }, values: Said['values'] = {}): Said => ({ code: m.id, values });

const FRAME = '"<checksum> <json>"';

/** The outbox file's notices and refusals. */
export const journalWords = {
  damageNotice: (reason: SaidValue, keptAs: string, outcome: SaidValue) => w(M.damageNotice, { reason, keptAs, outcome }),
  cannotKeep: (file: string, reason: SaidValue, why: string) => w(M.cannotKeep, { file, reason, why }),
  tornEnd: (file: string) => w(M.tornEnd, { file }),
};

export const outboxFileWords = {
  noHeader: () => w(WHY.noHeader),
  badHeader: () => w(WHY.badHeader),
  notJournal: (saidThere: string) => w(WHY.notJournal, { said: saidThere }),
  otherVersion: (version: string, current: number) => w(WHY.otherVersion, { version, current }),
  secondHeader: () => w(WHY.secondHeader),
  middle: (count: number, why: BadRecord) => w(WHY.middle, { count, why, frame: FRAME }),
  lastSome: (count: number) => w(WHY.lastSome, { count }),
  lastOne: (why: BadRecord) => w(WHY.lastOne, { why, frame: FRAME }),
  cutShort: () => w(WHY.cutShort),
  cutShortEdit: () => w(WHY.cutShortEdit),
  cutShortDelete: () => w(WHY.cutShortDelete),
  cutShortDeleteUnnamed: () => w(WHY.cutShortDeleteUnnamed),
  /** `recovered` followed by the deletes of logs a torn end seems to hold (each log as the file still holds it). */
  withDeletes: (recovered: Words, deletes: DamageDelete[]) => {
    if (deletes.length === 0) return recovered;
    return w(WHY.recoveredDeletes, {
      recovered: { said: { code: recovered.code, values: recovered.values } },
      count: deletes.length,
      logs: {
        list: deletes.map((l) =>
          phrase(WHY.offered, { hours: l.hours, day: { day: l.workDate }, job: l.jobName, description: l.description || 'none' }),
        ),
        kind: 'semicolon',
      },
    });
  },
  /** `recovered` followed by what a delete cut before it named its log means (./torn-end.ts `tornDeleteUnnamed`). */
  withUnnamedDelete: (recovered: Words, unnamed: boolean) =>
    unnamed ? w(WHY.recoveredUnnamedDelete, { recovered: { said: { code: recovered.code, values: recovered.values } } }) : recovered,
  /** `recovered` (./salvage.ts `describeRecovery`) followed by the changes of logs a torn end seems to hold. */
  withEdits: (recovered: Words, edits: DamageEdit[]) => {
    if (edits.length === 0) return recovered;
    const log = (l: { hours: string; workDate: string; description?: string }, job: string) =>
      phrase(WHY.offered, { hours: l.hours, day: { day: l.workDate }, job, description: l.description || 'none' });
    return w(WHY.recoveredEdits, {
      recovered: { said: { code: recovered.code, values: recovered.values } },
      count: edits.length,
      edits: {
        list: edits.map((e) => phrase(WHY.editOffered, { now: { said: log(e, e.jobName) }, was: { said: log(e.was, e.jobName) } })),
        kind: 'semicolon',
      },
    });
  },
  oldNotJson: (detail: string) => w(WHY.oldNotJson, { detail }),
  oldNoJournal: () => w(WHY.oldNoJournal),
  oldVersion: (version: string) => w(WHY.oldVersion, { version }),
  oldShape: () => w(WHY.oldShape),
  compacted: () => w(WHY.compacted),
  recovered: (v: {
    entries: number;
    logs: number;
    states: { queued: number; sending: number; attention: number; synced: number };
    lost: number;
    checked: number;
    offer: Array<{ hours: string; jobName: string; workDate: string; description?: string }>;
  }) => {
    const held = (
      [
        [WHY.queued, v.states.queued],
        [WHY.sending, v.states.sending],
        [WHY.attention, v.states.attention],
        [WHY.synced, v.states.synced],
      ] as const
    )
      .filter(([, n]) => n > 0)
      .map(([m, count]) => phrase(m, { count }));
    return w(WHY.recovered, {
      empty: v.entries === 0 && v.logs === 0 ? 'yes' : 'no',
      entries: v.entries,
      logs: v.logs,
      held: held.length ? { list: held, kind: 'comma' } : 'none',
      lost: v.lost,
      checked: v.checked,
      offered: v.offer.length,
      offer: {
        list: v.offer.map((l) =>
          phrase(WHY.offered, { hours: l.hours, day: { day: l.workDate }, job: l.jobName, description: l.description || 'none' }),
        ),
        kind: 'semicolon',
      },
    });
  },
};

/** Why a journal could not be read (./format.ts `judge`), in words. */
export function journalDamageWords(d: JournalDamage): Words {
  switch (d.why) {
    case 'empty':
      return storeWords.empty();
    case 'noHeader':
      return outboxFileWords.noHeader();
    case 'badHeader':
      return outboxFileWords.badHeader();
    case 'notJournal':
      return outboxFileWords.notJournal(d.format);
    case 'otherVersion':
      return outboxFileWords.otherVersion(d.version, d.current);
    case 'secondHeader':
      return outboxFileWords.secondHeader();
    case 'middle':
      return outboxFileWords.middle(d.count, d.bad);
    case 'lastSome':
      return outboxFileWords.lastSome(d.count);
    case 'lastOne':
      return outboxFileWords.lastOne(d.bad);
    case 'cutShort':
      return outboxFileWords.cutShort();
    case 'cutShortEdit':
      return outboxFileWords.cutShortEdit();
    case 'cutShortDelete':
      return outboxFileWords.cutShortDelete();
    case 'cutShortDeleteUnnamed':
      return outboxFileWords.cutShortDeleteUnnamed();
  }
}
