/**
 * `punch undo`: undoes the last change this device made to a log (a `punch log`, `edit` or `delete`, or the same in
 * the app), within the window src/core/undo.ts keeps (15 minutes); asked again, the change before it. `--id` names
 * one change (the `undoId` of `punch log --json`). The undo goes through the same rules and outbox as any change:
 * a change that had not left is taken out of the outbox and nothing is sent; one that reached the service gets its
 * inverse once. Several logs made at once (`punch copy-week`, `punch log --days`, the app's Copy a week and Several
 * days) are one change: all of them undone together, each log that stays named with why (exit 4: its week is
 * submitted or approved).
 */
import { defineMessage, defineMessages } from '../../shared/i18n/messages';
import type { UndoResult } from '../../shared/contract';
import { EXIT, textOption, type Command, type CommandResult } from '../command';
import { str } from '../input';
import type { Wording } from '../../shared/i18n/messages';
import { batchUndoKeptLocked, batchUndoWords } from '../../shared/batch/undo-words';

const M = defineMessages({
  done: {
    id: 'cli.undo.done',
    defaultMessage:
      'Undone: {kind, select, add {the log of {hours} on {day} for {job} is deleted} edit {the log on {day} for {job} is back to {hours}} other {the log of {hours} on {day} for {job} is back}}.',
    description: 'After punch undo. {kind}: what the undone change was. {hours}: HH:MM; {day}: a date; {job}: the job name.',
  },
  state: {
    id: 'cli.undo.state',
    defaultMessage:
      '{state, select, withdrawn {It had not been sent, so nothing reaches the service.} synced {The service has it now.} queued {It waits in the outbox; {command} sends it.} other {The service refused it: see {command}.}}',
    description: 'The second line of punch undo. {command}: a punch command, kept as it is.',
  },
  idHelp: { id: 'cli.undo.option.id', defaultMessage: 'the change to undo (the undoId that punch log, edit or delete --json gives)' },
});

export function undoWords(w: Wording, r: UndoResult): string {
  if (r.logs) return batchUndoWords(w, r).join('\n');
  const first = w.say(M.done, { kind: r.kind, hours: r.log.hours, day: w.formats.day(r.log.workDate), job: r.log.jobName });
  const state = r.withdrawn ? 'withdrawn' : r.state;
  const command = r.state === 'queued' ? 'punch sync' : 'punch outbox';
  return `${first}\n${w.say(M.state, { state, command })}`;
}

export const undoCommand: Command = {
  name: 'undo',
  summary: defineMessage({
    id: 'cli.undo.summary',
    defaultMessage: 'undo the last log, change or deletion made on this device (within 15 minutes)',
  }),
  usage: 'undo [--id ID]',
  options: { id: textOption('ID', M.idHelp) },
  async run(ctx): Promise<CommandResult> {
    const core = await ctx.core();
    const id = str(ctx.values, 'id');
    const r = await core.call('undoChange', id ? { id } : {});
    const text = `${r.withdrawn ? 'synced' : r.state}\n${undoWords(ctx.words, r)}`;
    if (r.state === 'needs-attention') return { json: r, text, exitCode: EXIT.serviceFailed };
    // a log of the batch stays in its locked week: not all was undone, as a log skipped for a rule is not logged
    return batchUndoKeptLocked(r) ? { json: r, text, exitCode: EXIT.skippedForRule } : { json: r, text };
  },
};
