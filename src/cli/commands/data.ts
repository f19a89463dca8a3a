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
import { offerSize, type AppStatus, type DamageReport } from '../../shared/domain';
import { EXIT, type Command, type CommandResult, type CoreCalls, flagOption } from '../command';
import { columns, headingWords } from '../columns';
import { UsageError } from '../failure';
import { formatTable } from '../table';
import { momentWords, syncWords, words, yesNo } from '../words';
import { logSentence } from './log-words';
import { damageWords as damageParts } from '../../shared/said-words';

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
  report: {
    id: 'cli.data.report',
    defaultMessage:
      '{what} ({file}) could not be read: {reason}. {outcome}. The original is kept as {keptAs}.{resolved, select, logged { Its logs were logged again.} discarded { Its logs were discarded.} deleted { Its logs were deleted again.} kept { Its logs were kept.} other {}}{offer, select, true { Run {logAgain} or {discard}.} deletes { Run {logAgain} to delete {count, plural, one {the log} other {the logs}} or {discard} to keep {count, plural, one {it} other {them}}.} other {}} [{id}]',
    description:
      'A damage report: {what} is what the file held ("the outbox"), {reason} why it could not be read and {outcome} what was recovered (the app\'s words); {file} and {keptAs} are file paths; {logAgain}, {discard} are commands as typed; [{id}] is the report\'s id. {offer} deletes: the report offers only deletes the disk lost ({count} logs the user had deleted).',
  },
  seenState: {
    id: 'cli.data.seen-state',
    defaultMessage: '{seen, select, true {seen} other {NOT SEEN}}: {report}',
    description: 'Before each report in punch data: whether it was acknowledged ("NOT SEEN" in capitals, to stand out).',
  },
  none: { id: 'cli.data.none', defaultMessage: 'No data file was found damaged.' },
  open: {
    id: 'cli.data.open',
    defaultMessage:
      '{count, plural, one {# report not yet acknowledged: {acknowledge} once you have read it.} other {# reports not yet acknowledged: {acknowledge} once you have read them.}}',
    description: '{acknowledge}: a command as typed.',
  },
  allSeen: { id: 'cli.data.all-seen', defaultMessage: 'All acknowledged.' },
  allOption: {
    id: 'cli.data.option.all',
    defaultMessage: '{acknowledge}: every report not yet acknowledged',
    description: '{acknowledge}: the action as typed.',
  },
  idDetail: {
    id: 'cli.data.details.id',
    defaultMessage: '{id} is the {column} column of {data}.',
    description: '{id}: "<id>"; {column}: the heading as shown; {data}: a command.',
  },
  keptDetail: {
    id: 'cli.data.details.kept',
    defaultMessage:
      'A damaged file is never overwritten or dropped: its bytes are in the {folder} folder of the data directory, and\nwhat could be recovered from it is kept. {status} and {sync} exit 5 until the reports are acknowledged.',
    description: '{folder}: a folder name; {status}, {sync}: commands as typed. Break the lines where they read well.',
  },
  offerDetail: {
    id: 'cli.data.details.offer',
    defaultMessage:
      "{logAgain}: the logs a damaged outbox record seems to hold (its report says which) are logged as new logs,\nchecked by the company's rules like any log; {discard} drops them. A change or a delete whose record was cut\nshort is made again by {logAgain} and left unmade by {discard}. Either acknowledges the report.",
    description: '{logAgain}, {discard}: actions as typed. Break the lines where they read well.',
  },
  unknownAction: {
    id: 'cli.data.unknown-action',
    defaultMessage: 'unknown data action "{action}": use {actions}.',
    description: '{actions}: the actions as typed, joined as "A, B or C".',
  },
  listTakesNone: {
    id: 'cli.data.list-takes-none',
    defaultMessage: '{command} takes no ids or {all}; to acknowledge: {acknowledge} or {all}.',
    description: 'Commands and options as typed.',
  },
  needsIds: {
    id: 'cli.data.needs-ids',
    defaultMessage: '{command} needs the report ids (the {column} column of {data}) or {all}.',
  },
  idsOrAll: { id: 'cli.data.ids-or-all', defaultMessage: 'give either report ids or {all}, not both.' },
  nothingToAcknowledge: {
    id: 'cli.data.nothing-to-acknowledge',
    defaultMessage: 'Nothing to acknowledge: every report was acknowledged already.',
  },
  acknowledged: {
    id: 'cli.data.acknowledged',
    defaultMessage: '{count, plural, one {Acknowledged # report:} other {Acknowledged # reports:}}',
    description: 'Followed by one line per report.',
  },
  copiesStay: { id: 'cli.data.copies-stay', defaultMessage: 'The copies stay in {folder}.', description: '{folder}: a path.' },
  oneId: {
    id: 'cli.data.one-id',
    defaultMessage: '{command} takes one report id (the {column} column of {data}).',
  },
  discarded: {
    id: 'cli.data.discarded',
    defaultMessage:
      '{count, plural, one {Discarded # log of report {id}; it is acknowledged.} other {Discarded # logs of report {id}; it is acknowledged.}}',
    description: 'Logs: time logs (glossary).',
  },
  deletedAgain: {
    id: 'cli.data.deleted-again',
    defaultMessage:
      '{count, plural, one {Deleted again # log of report {id}; it is acknowledged.} other {Deleted again # logs of report {id}; it is acknowledged.}}',
    description: 'Logs whose delete was not saved (a damaged record), deleted again. Logs: time logs (glossary).',
  },
  keptDeleted: {
    id: 'cli.data.kept-deleted',
    defaultMessage:
      '{count, plural, one {Kept # log of report {id} (its delete was not saved); it is acknowledged.} other {Kept # logs of report {id} (their delete was not saved); it is acknowledged.}}',
    description: 'Logs whose delete was not saved (a damaged record), kept as they are. Logs: time logs (glossary).',
  },
  loggedAgain: {
    id: 'cli.data.logged-again',
    defaultMessage:
      '{count, plural, one {Logged again # log of report {id}; it is acknowledged.} other {Logged again # logs of report {id}; it is acknowledged.}}',
    description: 'Logs: time logs (glossary).',
  },
});

/** One report for people: what, why, what became of it, where the copy is. */
export function damageWords(r: DamageReport, w: Wording = englishWording()): string {
  // the core's parts in the user's language (their codes, or an older report's English)
  const { what, reason, outcome } = damageParts(w, r);
  // an offer of deletes only is answered "delete it or keep it" (the banner's Delete it / Keep it), not "log again"
  const deletes = r.offer?.deletes?.length ?? 0;
  const onlyDeletes = deletes > 0 && deletes === offerSize(r.offer);
  const resolved = r.offer?.resolved?.action;
  return w.say(M.report, {
    what,
    file: r.file,
    reason,
    outcome: outcome.replace(/\.$/, ''),
    keptAs: r.keptAs,
    resolved: onlyDeletes && resolved ? (resolved === 'logged' ? 'deleted' : 'kept') : (resolved ?? 'none'),
    offer: !!r.offer && !r.offer.resolved ? (onlyDeletes ? 'deletes' : 'true') : 'false',
    count: deletes,
    logAgain: `\`punch data log-again ${r.id}\``,
    discard: `\`punch data discard ${r.id}\``,
    id: r.id,
  });
}

/**
 * For `status` and `sync`: the unacknowledged reports on stderr, exit 5. `result` is the command's own outcome (its
 * text, JSON and any problem of its own, which stays in front).
 */
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
    all: flagOption(words(M.allOption, { acknowledge: 'acknowledge' })),
  },
  positionals: ['action?', 'id...'],
  details: [
    words(M.idDetail, { id: '<id>', column: headingWords('id'), data: '`punch data`' }),
    words(M.keptDetail, { folder: 'damaged/', status: '`punch status`', sync: '`punch sync`' }),
    words(M.offerDetail, { logAgain: 'log-again <id>', discard: 'discard <id>' }),
  ],
  async run(ctx) {
    const w = ctx.words;
    const [action = 'list', ...ids] = ctx.positionals;
    const column = headingWords('id');
    if (!['list', 'acknowledge', 'log-again', 'discard'].includes(action))
      throw new UsageError(words(M.unknownAction, { action, actions: { choice: ['list', 'acknowledge', 'log-again', 'discard'] } }));
    if (action === 'log-again' || action === 'discard') return answerOffer(await ctx.core(), action, ids, ctx.values.all === true, w);
    const core = await ctx.core();
    if (action === 'list') {
      if (ids.length || ctx.values.all)
        throw new UsageError(
          words(M.listTakesNone, { command: 'data list', all: '--all', acknowledge: '`punch data acknowledge <id>...`' }),
        );
      const reports = await core.call('listDamage', {});
      if (reports.length === 0) return { json: reports, text: w.say(M.none) };
      const open = reports.filter((r) => r.acknowledgedAt === undefined);
      const table = formatTable(
        columns(w, ['id', 'when', 'file', 'seen']),
        reports.map((r) => [r.id, r.at ? momentWords(w, r.at) : '', damageParts(w, r).what, yesNo(r.acknowledgedAt !== undefined, w)]),
        [],
        { maxWidth: ctx.width },
      );
      const details = reports
        .map((r) => w.say(M.seenState, { seen: String(r.acknowledgedAt !== undefined), report: damageWords(r, w) }))
        .join('\n');
      const tail = open.length ? w.say(M.open, { count: open.length, acknowledge: '`punch data acknowledge --all`' }) : w.say(M.allSeen);
      return { json: reports, text: `${table}\n\n${details}\n${tail}` };
    }
    if (ids.length === 0 && !ctx.values.all)
      throw new UsageError(words(M.needsIds, { command: 'data acknowledge', column, data: '`punch data`', all: '--all' }));
    if (ids.length > 0 && ctx.values.all) throw new UsageError(words(M.idsOrAll, { all: '--all' }));
    const done = await core.call('acknowledgeDamage', ids.length ? { ids } : { all: true });
    return {
      json: done,
      text:
        done.length === 0
          ? w.say(M.nothingToAcknowledge)
          : `${w.say(M.acknowledged, { count: done.length })}\n${done.map((r) => `  ${r.id}  ${damageParts(w, r).what}`).join('\n')}\n${w.say(M.copiesStay, { folder: done[0].keptAs.replace(/[/\\][^/\\]+$/, '') })}`,
    };
  },
};

/** `punch data log-again|discard <id>`: a report's offered logs, logged again or dropped (one report per command). */
async function answerOffer(
  core: CoreCalls,
  action: 'log-again' | 'discard',
  ids: string[],
  all: boolean,
  w: Wording,
): Promise<CommandResult> {
  if (all || ids.length !== 1)
    throw new UsageError(words(M.oneId, { command: `data ${action}`, column: headingWords('id'), data: '`punch data`' }));
  const { report, logged } = await core.call('resolveDamage', { id: ids[0], action });
  const deletes = report.offer?.deletes?.length ?? 0;
  if (deletes > 0 && deletes === offerSize(report.offer)) {
    const said = action === 'discard' ? M.keptDeleted : M.deletedAgain;
    return { json: { report, logged }, text: w.say(said, { count: deletes, id: report.id }) };
  }
  if (action === 'discard') {
    return { json: { report, logged }, text: w.say(M.discarded, { count: offerSize(report.offer), id: report.id }) };
  }
  const lines = logged.map((l) => `${syncWords(l.state, w)}  ${logSentence(l.log, w)}`);
  return {
    json: { report, logged },
    text: `${w.say(M.loggedAgain, { count: logged.length, id: report.id })}\n${lines.join('\n')}`,
  };
}
