/**
 * Damaged data files: a file of the data directory that could not be read was copied byte for byte into
 * `damaged/` with a report, and what could be recovered was kept. `punch data` lists the reports; `punch data
 * acknowledge` says the user has seen them. Until then `punch status` and `punch sync` print each one and exit 5.
 * A report of the outbox may offer logs that a damaged record seems to hold and that could not be recovered: `punch
 * data log-again <id>` logs them (as new logs, through the company's rules), `punch data discard <id>` drops them;
 * either acknowledges the report.
 */
import { defineMessage, defineMessages, type Wording } from '../../shared/i18n/messages';
import { englishWording } from '../../shared/i18n/english';
import type { AppStatus, DamageReport } from '../../shared/domain';
import { EXIT, type Command, type CommandResult, type CoreCalls, flagOption } from '../command';
import { UsageError } from '../failure';
import { formatTable } from '../table';
import { count } from '../words';
import { plainMoment } from '../../shared/words';
import { logSentence } from './logging';
import { damageLine } from '../../core';
import { saidOf, sayIt } from '../../shared/i18n/said';

/** One report for people: what, why, what became of it, where the copy is. */
export function damageWords(r: DamageReport, w: Wording = englishWording()): string {
  const offer = r.offer && !r.offer.resolved ? ` Run \`punch data log-again ${r.id}\` or \`punch data discard ${r.id}\`.` : '';
  const answered = r.offer?.resolved ? ` Its logs were ${r.offer.resolved.action === 'logged' ? 'logged again' : 'discarded'}.` : '';
  // the core's line, in the user's language (its parts as the report carries them: codes, or an older report's English)
  const line = damageLine(r, { fullPath: true });
  return `${sayIt(w, saidOf(line), line.message)}${answered}${offer} [${r.id}]`;
}

/**
 * For `status` and `sync`: the unacknowledged reports on stderr, exit 5. `result` is the command's own outcome (its
 * text, JSON and any problem of its own, which stays in front).
 */
const M = defineMessages({
  keptAside: {
    id: 'cli.data.kept-aside',
    defaultMessage:
      '{count, plural, one {# data file could not be read and was kept aside:} other {# data files could not be read and were kept aside:}}',
  },
  readThem: {
    id: 'cli.data.read-them',
    defaultMessage: 'Read the reports with {list}; once you have seen them: {acknowledge} (or their ids).',
    description: 'Commands as typed.',
  },
});

export function withDamage(result: CommandResult, status: Pick<AppStatus, 'damage'>, w: Wording = englishWording()): CommandResult {
  const damage = status.damage ?? [];
  if (damage.length === 0) return result;
  const lines = damage.map((r) => `  ${damageWords(r, w)}`).join('\n');
  const ours = `${w.say(M.keptAside, { count: damage.length })}\n${lines}`;
  return {
    ...result,
    exitCode: EXIT.damagedData,
    problem: result.problem ? `${result.problem}\npunch: ${ours}` : ours,
    hint: [result.hint, w.say(M.readThem, { list: '`punch data`', acknowledge: '`punch data acknowledge --all`' })]
      .filter(Boolean)
      .join('\n'),
  };
}

export const dataCommand: Command = {
  name: 'data',
  summary: defineMessage({
    id: 'cli.data.summary',
    defaultMessage: 'data files that could not be read and were kept aside: list them, or acknowledge them',
  }),
  usage: 'data [list | acknowledge (<id>... | --all) | log-again <id> | discard <id>]',
  options: {
    all: flagOption('acknowledge: every report not yet acknowledged'),
  },
  positionals: ['action?', 'id...'],
  details: [
    '<id> is the ID column of `punch data`.',
    'A damaged file is never overwritten or dropped: its bytes are in the damaged/ folder of the data directory, and',
    'what could be recovered from it is kept. `punch status` and `punch sync` exit 5 until the reports are acknowledged.',
    'log-again <id>: the logs a damaged outbox record seems to hold (its report says which) are logged as new logs,',
    "checked by the company's rules like any log; discard <id> drops them. Either acknowledges the report.",
  ],
  async run(ctx) {
    const [action = 'list', ...ids] = ctx.positionals;
    if (!['list', 'acknowledge', 'log-again', 'discard'].includes(action))
      throw new UsageError(`unknown data action "${action}": use list, acknowledge, log-again or discard.`);
    if (action === 'log-again' || action === 'discard') return answerOffer(await ctx.core(), action, ids, ctx.values.all === true);
    const core = await ctx.core();
    if (action === 'list') {
      if (ids.length || ctx.values.all)
        throw new UsageError('data list takes no ids or --all; to acknowledge: `punch data acknowledge <id>...` or `--all`.');
      const reports = await core.call('listDamage', {});
      if (reports.length === 0) return { json: reports, text: 'No data file was found damaged.' };
      const open = reports.filter((r) => r.acknowledgedAt === undefined);
      const table = formatTable(
        [{ header: 'ID' }, { header: 'WHEN' }, { header: 'FILE' }, { header: 'SEEN' }],
        reports.map((r) => [r.id, r.at ? plainMoment(r.at) : '', r.what, r.acknowledgedAt ? 'yes' : 'no']),
      );
      const details = reports.map((r) => `${r.acknowledgedAt ? 'seen' : 'NOT SEEN'}: ${damageWords(r)}`).join('\n');
      return {
        json: reports,
        text: `${table}\n\n${details}\n${open.length ? `${count(open.length, 'report', 'reports')} not yet acknowledged: \`punch data acknowledge --all\` once you have read ${open.length === 1 ? 'it' : 'them'}.` : 'All acknowledged.'}`,
      };
    }
    if (ids.length === 0 && !ctx.values.all)
      throw new UsageError('data acknowledge needs the report ids (the ID column of `punch data`) or --all.');
    if (ids.length > 0 && ctx.values.all) throw new UsageError('give either report ids or --all, not both.');
    const done = await core.call('acknowledgeDamage', ids.length ? { ids } : { all: true });
    return {
      json: done,
      text:
        done.length === 0
          ? 'Nothing to acknowledge: every report was acknowledged already.'
          : `Acknowledged ${count(done.length, 'report', 'reports')}:\n${done.map((r) => `  ${r.id}  ${r.what}`).join('\n')}\nThe copies stay in ${done[0].keptAs.replace(/[/\\][^/\\]+$/, '')}.`,
    };
  },
};

/** `punch data log-again|discard <id>`: a report's offered logs, logged again or dropped (one report per command). */
async function answerOffer(core: CoreCalls, action: 'log-again' | 'discard', ids: string[], all: boolean): Promise<CommandResult> {
  if (all || ids.length !== 1) throw new UsageError(`data ${action} takes one report id (the ID column of \`punch data\`).`);
  const { report, logged } = await core.call('resolveDamage', { id: ids[0], action });
  if (action === 'discard') {
    return {
      json: { report, logged },
      text: `Discarded ${count(report.offer?.logs.length ?? 0, 'log', 'logs')} of report ${report.id}; it is acknowledged.`,
    };
  }
  const lines = logged.map((l) => `${l.state}  ${logSentence(l.log)}`);
  return {
    json: { report, logged },
    text: `Logged again ${count(logged.length, 'log', 'logs')} of report ${report.id}; it is acknowledged.\n${lines.join('\n')}`,
  };
}
