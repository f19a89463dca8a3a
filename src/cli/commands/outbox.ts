/**
 * The outbox: what waits to be sent, and what the service refused. `sync` sends now and exits 3 when entries
 * remain (saying which and why); `outbox` lists entries and resolves the ones that need attention.
 */
import { defineMessage, defineMessages, type Wording } from '../../shared/i18n/messages';
import type { OutboxEntry } from '../../shared/domain';
import { badgeOf } from '../../shared/status/badge';
import { EXIT, type Command } from '../command';
import { columns, headingWords, WRAPS } from '../columns';
import { UsageError } from '../failure';
import { formatTable, wrapSentences } from '../table';
import { dayWords, syncWords, words } from '../words';
import { logChange, logOptions, type LogOption } from '../log-fields';
import { coreWithRules } from './logging';
import { withDamage } from './data';
import { answerHow, syncHint, syncSummary } from './sync-words';
import { accountProblem, entryMessage, serviceDayText, waitsForAnswerText, waitsForText } from '../../shared/said-words';

const M = defineMessages({
  kind: {
    id: 'cli.outbox.kind',
    defaultMessage: '{kind, select, add {add} edit {edit} delete {delete} other {{kind}}}',
    description: 'What an outbox entry does, in a table: a new log (add), a change (edit), a deletion (delete).',
  },
  what: {
    id: 'cli.outbox.what',
    defaultMessage: '{id} ({kind} {log})',
    description:
      'An outbox entry in a list: its id, what it does ({kind}: add, edit, delete) and its log ("Tue 24 Nov 01:30 Website redesign").',
  },
  waitsFor: {
    id: 'cli.outbox.waits-for',
    defaultMessage: '{what}: {waitsFor} (or {discard})',
    description: '{waitsFor}: which account the entry waits for, a sentence; {discard}: a command as typed.',
  },
  attention: {
    id: 'cli.outbox.attention',
    defaultMessage: '{what}: needs attention: {why}',
    description: '"needs attention" is the state (glossary); {why}: why, often the service\'s words.',
  },
  waiting: {
    id: 'cli.outbox.waiting',
    defaultMessage: '{what}: {state}: {why}',
    description: '{state}: queued or syncing; {why}: why it waits.',
  },
  held: {
    id: 'cli.sync.held',
    defaultMessage: '{what}: waits for your answer about a delete that was not saved ({command})',
    description:
      'A line of punch sync: an outbox entry not sent until the user answers (the disk lost the delete of its log). {command}: the command that answers, as typed.',
  },
  heldWhy: {
    id: 'cli.sync.held-why',
    defaultMessage: 'waits for your answer (a delete not saved)',
    description: "In the WHY column of punch sync's table: an entry not sent until the user answers about a delete that was not saved.",
  },
  refused: { id: 'cli.outbox.refused', defaultMessage: 'the service refused it' },
  retried: { id: 'cli.outbox.retried', defaultMessage: 'waiting for the service (it will be retried)' },
  unreachable: { id: 'cli.outbox.unreachable', defaultMessage: 'the service could not be reached' },
  nothingSent: { id: 'cli.sync.nothing-sent', defaultMessage: 'Nothing was sent.' },
  empty: { id: 'cli.outbox.empty', defaultMessage: 'The outbox is empty.' },
  allSent: { id: 'cli.sync.all-sent', defaultMessage: 'The outbox is empty: everything is on the service.' },
  remain: {
    id: 'cli.sync.remain',
    defaultMessage: '{count, plural, one {# entry remains in the outbox:} other {# entries remain in the outbox:}}',
    description: 'Followed by one line per entry.',
  },
  heldList: {
    id: 'cli.outbox.held-list',
    defaultMessage:
      '{count, plural, one {# entry waits} other {# entries wait}} for your answer about a delete that was not saved: {command}.',
    description:
      'Under the punch outbox list, once per damage report: its entries are not sent until the user answers. {command}: the command that answers, as typed.',
  },
  count: {
    id: 'cli.outbox.count',
    defaultMessage: '{count, plural, one {# entry} other {# entries}}',
    description: 'Under the outbox list.',
  },
  entryDetail: {
    id: 'cli.outbox.details.entry',
    defaultMessage: '{entry} is the {column} column of {outbox}.',
    description: '{entry}: "<entry>"; {column}: the heading as shown; {outbox}: a command.',
  },
  recordedDetail: {
    id: 'cli.outbox.details.recorded',
    defaultMessage: '{recorded}: you checked the service and the entry is there; stop sending it.',
    description: '{recorded}: the action as typed.',
  },
  fixDetail: {
    id: 'cli.outbox.details.fix',
    defaultMessage: "{fix}: the options say what changes in the entry's log; only what is given changes.",
    description: '{fix}: the action as typed.',
  },
  unknownAction: {
    id: 'cli.outbox.unknown-action',
    defaultMessage: 'unknown outbox action "{action}": use {actions}.',
    description: '{actions}: the actions as typed, joined as "A, B or C".',
  },
  needsId: {
    id: 'cli.outbox.needs-id',
    defaultMessage: '{command} needs the entry id (the {column} column of {outbox}).',
  },
  done: {
    id: 'cli.outbox.done',
    defaultMessage: '{action, select, retry {Will send again} discard {Discarded} recorded {Marked as recorded} other {Fixed}}: {id}.',
    description: 'What was done to an outbox entry.',
  },
});

/**
 * The list's table, within `width` columns: the job and the why go on under themselves on the row's next lines. A
 * held entry's why in a few words, as `punch sync` says it: its full sentence names the report twice; the lines under
 * the table (`heldLines`, sync's own lines) name the command that answers. `--json` keeps the full `waitsForAnswer`.
 */
function outboxTable(entries: OutboxEntry[], w: Wording, width: number): string {
  return formatTable(
    columns(w, ['entry', 'kind', 'date', ['hours', { align: 'right' }], ['job', WRAPS], 'state', ['why', WRAPS]]),
    entries.map((e) => [
      e.id,
      w.say(M.kind, { kind: e.kind }),
      dayWords(w, e.workDate),
      e.hours,
      e.jobName,
      syncWords(badgeOf(e.state, [e]), w),
      waitsForText(w, e) ?? (e.heldByReport ? w.say(M.heldWhy) : waitsForAnswerText(w, e)) ?? serviceDayText(w, e) ?? entryMessage(w, e),
    ]),
    [],
    { maxWidth: width },
  );
}

/** Under `punch outbox`'s table: per report whose answer entries wait for, how many and the command that answers. */
function heldLines(entries: OutboxEntry[], w: Wording): string[] {
  const byReport = new Map<string, number>();
  for (const e of entries) if (e.heldByReport) byReport.set(e.heldByReport, (byReport.get(e.heldByReport) ?? 0) + 1);
  const lines = [...byReport].map(([id, count]) => w.say(M.heldList, { count, command: `\`punch data log-again|discard ${id}\`` }));
  return lines.length ? [...lines, answerHow(w)] : [];
}

/** One line per entry still waiting, for the `sync` exit-3 message. */
function whyRemaining(e: OutboxEntry, online: boolean, w: Wording): string {
  const log = [dayWords(w, e.workDate), e.hours, e.jobName].filter(Boolean).join(' ');
  const what = w.say(M.what, { id: e.id, kind: w.say(M.kind, { kind: e.kind }), log });
  if (e.waitsFor)
    return w.say(M.waitsFor, { what, waitsFor: waitsForText(w, e) ?? e.waitsFor, discard: `\`punch outbox discard ${e.id}\`` });
  // held for the user's answer to a torn delete: not "it will be retried", it is not sent at all until then; the
  // report's id once, in the command that answers
  if (e.heldByReport) return w.say(M.held, { what, command: `\`punch data log-again|discard ${e.heldByReport}\`` });
  if (e.state === 'needs-attention') return w.say(M.attention, { what, why: entryMessage(w, e) ?? w.say(M.refused) });
  const why = serviceDayText(w, e) ?? entryMessage(w, e) ?? w.say(online ? M.retried : M.unreachable);
  return w.say(M.waiting, { what, state: syncWords(badgeOf(e.state, [e]), w), why });
}

export const syncCommand: Command = {
  name: 'sync',
  summary: defineMessage({
    id: 'cli.sync.summary',
    defaultMessage: 'send the outbox now; exits 3 when entries remain, 5 while a damaged data file is not acknowledged',
  }),
  usage: 'sync',
  options: {},
  async run(ctx) {
    const w = ctx.words;
    const core = await ctx.core();
    const report = await core.call('syncNow', {});
    const remaining = (await core.call('getOutbox', {})).filter((e) => e.state !== 'synced');
    const json = { ...report, remainingEntries: remaining };
    const summary = wrapSentences(syncSummary(report, w), ctx.width);
    // a data file kept aside is said until the user has seen it (exit 5, over exit 3)
    const status = await core.call('getStatus', {});
    if (status.account.problem) {
      // no account can be used (the account file could not be read): nothing was or will be sent, say so
      return withDamage(
        {
          json,
          text: `${w.say(M.nothingSent)}\n${remaining.length ? outboxTable(remaining, w, ctx.width) : w.say(M.empty)}`,
          exitCode: EXIT.serviceFailed,
          problem: accountProblem(w, status.account),
        },
        status,
        w,
      );
    }
    if (remaining.length === 0) return withDamage({ json, text: `${summary}\n${w.say(M.allSent)}` }, status, w);
    return withDamage(
      {
        json,
        text: `${summary}\n${outboxTable(remaining, w, ctx.width)}`,
        exitCode: EXIT.entriesRemain,
        // each entry's line within the width, going on at its indent (the line starts after "punch: " on the first)
        problem: `${w.say(M.remain, { count: remaining.length })}\n${wrapSentences(remaining.map((e) => `  ${whyRemaining(e, report.online, w)}`).join('\n'), ctx.width)}`,
        hint: syncHint(remaining, report.online, w),
      },
      status,
      w,
    );
  },
};

const ACTIONS = ['list', 'retry', 'discard', 'recorded', 'fix'] as const;
/** What `outbox fix` may change: a refused add may go to another job, unlike an edit of a logged one. */
const FIXABLE: LogOption[] = ['hours', 'date', 'job', 'job-name', 'billable', 'non-billable', 'description'];

export const outboxCommand: Command = {
  name: 'outbox',
  summary: defineMessage({
    id: 'cli.outbox.summary',
    defaultMessage: 'list the outbox, or resolve an entry: retry, discard, recorded (it is on the service), fix',
  }),
  usage:
    'outbox [list | retry <entry> | discard <entry> | recorded <entry> | fix <entry> [--hours HH:MM] [--date DATE] [--job ID | --job-name NAME] [--billable | --non-billable] [--description TEXT]]',
  options: logOptions(...FIXABLE),
  positionals: ['action?', 'entry?'],
  details: [
    words(M.entryDetail, { entry: '<entry>', column: headingWords('entry'), outbox: '`punch outbox`' }),
    words(M.recordedDetail, { recorded: '`recorded`' }),
    words(M.fixDetail, { fix: '`fix`' }),
  ],
  async run(ctx) {
    const w = ctx.words;
    const action = ACTIONS.find((a) => a === (ctx.positionals[0] ?? 'list'));
    if (!action) throw new UsageError(words(M.unknownAction, { action: ctx.positionals[0], actions: { choice: [...ACTIONS] } }));
    const core = await ctx.core();
    if (action === 'list') {
      const entries = await core.call('getOutbox', {});
      const text =
        entries.length === 0
          ? w.say(M.empty)
          : [
              outboxTable(entries, w, ctx.width),
              wrapSentences([w.say(M.count, { count: entries.length }), ...heldLines(entries, w)].join('\n'), ctx.width),
            ].join('\n');
      return { json: entries, text };
    }
    const id = ctx.positionals[1];
    if (!id)
      throw new UsageError(words(M.needsId, { command: `outbox ${action}`, column: headingWords('entry'), outbox: '`punch outbox`' }));
    let entries: OutboxEntry[];
    if (action === 'retry') entries = await core.call('retryEntry', { id });
    else if (action === 'discard') entries = await core.call('discardEntry', { id });
    else if (action === 'recorded') entries = await core.call('markEntryRecorded', { id });
    else {
      const fix = logChange(ctx.values, FIXABLE);
      entries = await (await coreWithRules(ctx)).call('fixEntry', { id, ...fix }); // the same core, its rules read
    }
    return {
      json: entries,
      text: `${w.say(M.done, { action, id })}\n${entries.length ? outboxTable(entries, w, ctx.width) : w.say(M.empty)}`,
    };
  },
};
