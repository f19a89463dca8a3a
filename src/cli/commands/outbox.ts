/**
 * The outbox: what waits to be sent, and what the service refused. `sync` sends now and exits 3 when entries
 * remain (saying which and why); `outbox` lists entries and resolves the ones that need attention.
 */
import { defineMessage } from '../../shared/i18n/messages';
import type { OutboxEntry } from '../../shared/domain';
import { EXIT, type Command } from '../command';
import { UsageError } from '../failure';
import { formatTable } from '../table';
import { count, syncWords } from '../words';
import { plainDate } from '../../shared/words';
import { logChange, logOptions, type LogOption } from '../log-fields';
import { coreWithRules } from './logging';
import { withDamage } from './data';
import { accountProblem, entryMessage, waitsForText } from '../../shared/said-words';
import { englishWording } from '../../shared/i18n/english';
import type { Wording } from '../../shared/i18n/messages';

function outboxTable(entries: OutboxEntry[], w: Wording = englishWording()): string {
  return formatTable(
    [
      { header: 'ENTRY' },
      { header: 'KIND' },
      { header: 'DATE' },
      { header: 'HOURS', align: 'right' },
      { header: 'JOB' },
      { header: 'STATE' },
      { header: 'WHY' },
    ],
    entries.map((e) => [
      e.id,
      e.kind,
      plainDate(e.workDate),
      e.hours,
      e.jobName,
      syncWords(e.state),
      waitsForText(w, e) ?? entryMessage(w, e),
    ]),
  );
}

/** One line per entry still waiting, for the `sync` exit-3 message. */
function whyRemaining(e: OutboxEntry, online: boolean, w: Wording = englishWording()): string {
  const what = `${e.id} (${e.kind} ${[plainDate(e.workDate), e.hours, e.jobName].filter(Boolean).join(' ')})`;
  if (e.waitsFor) return `${what}: ${waitsForText(w, e)} (or \`punch outbox discard ${e.id}\`)`;
  if (e.state === 'needs-attention') return `${what}: needs attention: ${entryMessage(w, e) ?? 'the service refused it'}`;
  return `${what}: ${syncWords(e.state)}: ${entryMessage(w, e) ?? (online ? 'waiting for the service (it will be retried)' : 'the service could not be reached')}`;
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
    const core = await ctx.core();
    const report = await core.call('syncNow', {});
    const remaining = (await core.call('getOutbox', {})).filter((e) => e.state !== 'synced');
    const json = { ...report, remainingEntries: remaining };
    const summary = `Sent ${count(report.sent, 'entry', 'entries')}; ${report.online ? 'the service is reachable' : 'the service could not be reached'}.`;
    // a data file kept aside is said until the user has seen it (exit 5, over exit 3)
    const status = await core.call('getStatus', {});
    if (status.account.problem) {
      // no account can be used (the account file could not be read): nothing was or will be sent, say so
      return withDamage(
        {
          json,
          text: `Nothing was sent.\n${remaining.length ? outboxTable(remaining, ctx.words) : 'The outbox is empty.'}`,
          exitCode: EXIT.serviceFailed,
          problem: accountProblem(ctx.words, status.account) ?? status.account.problem,
        },
        status,
      );
    }
    if (remaining.length === 0) return withDamage({ json, text: `${summary}\nThe outbox is empty: everything is on the service.` }, status);
    return withDamage(
      {
        json,
        text: `${summary}\n${outboxTable(remaining, ctx.words)}`,
        exitCode: EXIT.entriesRemain,
        problem: `${count(remaining.length, 'entry remains', 'entries remain')} in the outbox:\n  ${remaining.map((e) => whyRemaining(e, report.online, ctx.words)).join('\n  ')}`,
        hint: remaining.some((e) => e.state === 'needs-attention' && !e.waitsFor)
          ? 'Resolve with `punch outbox fix|retry|discard|recorded <entry>`.'
          : remaining.every((e) => e.waitsFor)
            ? 'They wait for another account: sign in to it (`punch login`) to send them, or discard them (`punch outbox discard <entry>`).'
            : 'Run `punch sync` again when the service is reachable.',
      },
      status,
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
    '<entry> is the ENTRY column of `punch outbox`.',
    '`recorded`: you checked the service and the entry is there; stop sending it.',
    "`fix`: the options say what changes in the entry's log; only what is given changes.",
  ],
  async run(ctx) {
    const action = ACTIONS.find((a) => a === (ctx.positionals[0] ?? 'list'));
    if (!action) throw new UsageError(`unknown outbox action "${ctx.positionals[0]}": use list, retry, discard, recorded or fix.`);
    const core = await ctx.core();
    if (action === 'list') {
      const entries = await core.call('getOutbox', {});
      const text =
        entries.length === 0 ? 'The outbox is empty.' : `${outboxTable(entries, ctx.words)}\n${count(entries.length, 'entry', 'entries')}`;
      return { json: entries, text };
    }
    const id = ctx.positionals[1];
    if (!id) throw new UsageError(`outbox ${action} needs the entry id (the ENTRY column of \`punch outbox\`).`);
    let entries: OutboxEntry[];
    if (action === 'retry') entries = await core.call('retryEntry', { id });
    else if (action === 'discard') entries = await core.call('discardEntry', { id });
    else if (action === 'recorded') entries = await core.call('markEntryRecorded', { id });
    else {
      const fix = logChange(ctx.values, FIXABLE);
      entries = await (await coreWithRules(ctx)).call('fixEntry', { id, ...fix }); // the same core, its rules read
    }
    const verb = { retry: 'Will send again', discard: 'Discarded', recorded: 'Marked as recorded', fix: 'Fixed' }[action];
    return { json: entries, text: `${verb}: ${id}.\n${entries.length ? outboxTable(entries, ctx.words) : 'The outbox is empty.'}` };
  },
};
