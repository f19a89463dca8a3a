/**
 * What the undo of several logs made at once did (src/core/undo-batch.ts), as `punch undo` and the app's Undo line both
 * say it: how many of the batch's logs were undone, each log that stays and why, and where the undone ones stand (out
 * of the outbox before they were sent, deleted on the service, a deletion waiting, a deletion refused).
 */
import type { UndoResult } from '../contract';
import { defineMessages, type Wording } from '../i18n/messages';

export const BATCH_UNDO_WORDS = defineMessages({
  done: {
    id: 'undo.batch.done',
    defaultMessage:
      '{all, select, yes {Undone: {count, plural, one {the log} other {all # logs}}.} other {Undone: {undone} of {count} logs.}}',
    description: 'After undoing several logs made at once (copy a week, several days). {all}: yes when every one was undone.',
  },
  kept: {
    id: 'undo.batch.kept',
    defaultMessage:
      '{why, select, submitted {The log on {day} stays: its week is submitted for approval.} approved {The log on {day} stays: its week is approved.} other {The log on {day} is not here any more (deleted or discarded since).}}',
    description: 'A log of the batch that was not undone, and why. {day}: its day, such as "Tue 24 Nov".',
  },
  withdrawn: {
    id: 'undo.batch.withdrawn',
    defaultMessage:
      '{count, plural, one {# had not reached the service: it is out of the outbox and nothing is sent.} other {# had not reached the service: they are out of the outbox and nothing is sent.}}',
  },
  synced: {
    id: 'undo.batch.synced',
    defaultMessage: '{count, plural, one {# is deleted on the service.} other {# are deleted on the service.}}',
  },
  queued: {
    id: 'undo.batch.queued',
    defaultMessage:
      '{count, plural, one {# deletion waits in the outbox and is sent when the service answers.} other {# deletions wait in the outbox and are sent when the service answers.}}',
  },
  attention: {
    id: 'undo.batch.attention',
    defaultMessage:
      '{count, plural, one {The service refused # deletion: see the outbox.} other {The service refused # deletions: see the outbox.}}',
  },
});

/** The sentences of a batch's undo, in order: how many, each log kept, then where the undone ones stand. */
export function batchUndoWords(w: Wording, r: Pick<UndoResult, 'logs'>): string[] {
  const logs = r.logs ?? [];
  const undone = logs.filter((l) => !l.kept);
  const n = (f: (l: (typeof logs)[number]) => boolean) => undone.filter(f).length;
  const where = [
    [BATCH_UNDO_WORDS.withdrawn, n((l) => !!l.withdrawn)],
    [BATCH_UNDO_WORDS.synced, n((l) => l.state === 'synced')],
    [BATCH_UNDO_WORDS.queued, n((l) => l.state === 'queued')],
    [BATCH_UNDO_WORDS.attention, n((l) => l.state === 'needs-attention')],
  ] as const;
  return [
    w.say(BATCH_UNDO_WORDS.done, { all: undone.length === logs.length ? 'yes' : 'no', undone: undone.length, count: logs.length }),
    ...logs.flatMap((l) =>
      l.kept ? [w.say(BATCH_UNDO_WORDS.kept, { why: l.kept, day: w.formats.day(l.log.workDate, { weekday: true }) })] : [],
    ),
    ...where.flatMap(([m, count]) => (count > 0 ? [w.say(m, { count })] : [])),
  ];
}

/** Whether a batch's undo left a log where it was because its week takes no change (said as a warning). */
export const batchUndoKeptLocked = (r: Pick<UndoResult, 'logs'>): boolean =>
  (r.logs ?? []).some((l) => l.kept === 'submitted' || l.kept === 'approved');
