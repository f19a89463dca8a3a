/**
 * Logging hours (spec 4.2 through the core's ledger and outbox): `log`, `edit`, `delete`. Logs are checked
 * against the company's rules before they are queued, so a refusal comes now (exit 1) rather than days later.
 */
import { defineMessage, defineMessages } from '../../shared/i18n/messages';
import type { LogResult } from '../../shared/contract';
import type { AppStatus, OutboxEntry } from '../../shared/domain';
import { example, type Command, type CommandContext, type CoreCalls } from '../command';
import { parseDay, parseHours, required, str, userToday } from '../input';
import { billingChoice, jobChoice, logChange, logOptions, logTexts, type LogOption } from '../log-fields';
import { words } from '../words';
import { findLog } from './find-log';
import { deleteOutput, logResultOutput } from './log-words';
import { DAYS_OPTION, logDays } from '../fill/log-days';

const M = defineMessages({
  prints: {
    id: 'cli.log.details.prints',
    defaultMessage: 'Prints "{synced}" when the service confirmed it, "{queued}" when it waits in the outbox; both exit 0.',
    description: '{synced} and {queued} are printed as they are (scripts read them).',
  },
  billed: {
    id: 'cli.log.details.billed',
    defaultMessage: 'Billed as the job is (see {jobs}) unless {billable} or {nonBillable} says otherwise, as in the app.',
    description: 'Commands and options as typed.',
  },
  editId: {
    id: 'cli.edit.details.id',
    defaultMessage: "{id} is the local id shown by {week} and {log}, or the service's time log id.",
    description: '{id}: "<id>" as the usage line writes it; {week}, {log}: commands as typed.',
  },
  onlyGiven: { id: 'cli.edit.details.only-given', defaultMessage: 'Only what is given changes.' },
});

/** "Billed as the job is (see `punch jobs`) unless ...": `log` and `timer start` alike. */
export const billedAsJob = words(M.billed, { jobs: '`punch jobs`', billable: '--billable', nonBillable: '--non-billable' });

/** The status for the words of a queued entry (no request: the cause the call just measured). */
async function statusAfter(core: CoreCalls, r: { state: string }): Promise<AppStatus | undefined> {
  if (r.state !== 'queued') return undefined;
  return core.call('getStatus', {}).catch(() => undefined);
}

/** The outbox entry of a log left in needs attention, to name it (and its choices) in the hint. */
async function attentionEntry(core: CoreCalls, r: LogResult): Promise<OutboxEntry | undefined> {
  if (r.log.sync !== 'needs-attention' && r.state !== 'needs-attention') return undefined;
  const entries = await core.call('getOutbox', {}).catch(() => []);
  return entries.find((e) => e.localId === r.log.localId && e.state === 'needs-attention');
}

/**
 * The core, for a command that logs or changes a log: the rules (maximum per day, past days) come from the company
 * settings the core keeps; it reads them itself before a rule when it has none or they are old (src/core/log-rules.ts,
 * 12 hours), so a `punch log` with settings fresh on disk sends only its log. Offline with no settings kept, the log
 * is still queued and checked before it is sent.
 */
export async function coreWithRules(ctx: Pick<CommandContext, 'core'>): Promise<CoreCalls> {
  return ctx.core();
}

export const logCommand: Command = {
  name: 'log',
  summary: defineMessage({ id: 'cli.log.summary', defaultMessage: 'log hours against a job (works offline: the log waits in the outbox)' }),
  usage:
    'log --job ID | --job-name NAME [--date DATE | --days DAYS] --hours HH:MM [--billable | --non-billable] [--work-item TEXT] [--description TEXT]',
  options: { ...logOptions('job', 'job-name', 'date', 'hours', 'billable', 'non-billable', 'work-item', 'description'), days: DAYS_OPTION },
  details: [
    words(M.prints, { synced: 'synced', queued: 'queued' }),
    billedAsJob,
    example('punch log --job-name "Website redesign" --date yesterday --hours 02:15 --description "Layout review"'),
  ],
  async run(ctx) {
    const v = ctx.values;
    // the same hours on several days: one batch (../fill/log-days.ts)
    if (str(v, 'days') !== undefined) return logDays(ctx);
    const job = jobChoice(v);
    const billing = billingChoice(v);
    const hours = parseHours(required(v, 'hours', '01:30'));
    const workDate = str(v, 'date') ? parseDay('date', str(v, 'date')!) : userToday();
    const core = await coreWithRules(ctx);
    const result = await core.call('logTime', { ...job, workDate, hours, ...billing, ...logTexts(v) });
    // a queued entry's line says why, in the status's words ("Queued (rate limited until 14:05): ...")
    return logResultOutput(result, 'Logged', await attentionEntry(core, result), await statusAfter(core, result), ctx.words);
  },
};

/** What `edit` may change (edittimelog takes no job, spec 4.2). */
const EDITABLE: LogOption[] = ['hours', 'date', 'billable', 'non-billable', 'description'];

export const editCommand: Command = {
  name: 'edit',
  summary: defineMessage({ id: 'cli.edit.summary', defaultMessage: 'change a time log (hours, date, billable, description)' }),
  usage: 'edit <id> [--hours HH:MM] [--date DATE] [--billable | --non-billable] [--description TEXT]',
  options: logOptions(...EDITABLE),
  positionals: ['id'],
  details: [words(M.editId, { id: '<id>', week: '`punch week`', log: '`punch log`' }), M.onlyGiven],
  async run(ctx) {
    const change = logChange(ctx.values, EDITABLE);
    const core = await coreWithRules(ctx);
    const { localId } = await findLog(core, ctx.positionals[0]);
    const result = await core.call('editLog', { localId, ...change });
    return logResultOutput(result, 'Changed', await attentionEntry(core, result), await statusAfter(core, result), ctx.words);
  },
};

export const deleteCommand: Command = {
  name: 'delete',
  summary: defineMessage({ id: 'cli.delete.summary', defaultMessage: 'delete a time log' }),
  usage: 'delete <id>',
  options: {},
  positionals: ['id'],
  async run(ctx) {
    const core = await ctx.core();
    const { localId, log } = await findLog(core, ctx.positionals[0]);
    const r = await core.call('deleteLog', { localId });
    // refused while the call waited: its outbox entry, to name it; queued: the status, for why it waits
    const entry =
      r.state === 'needs-attention'
        ? (await core.call('getOutbox', {}).catch(() => [])).find((e) => e.localId === localId && e.state === 'needs-attention')
        : undefined;
    const out = deleteOutput(ctx.words, r, {
      localId,
      ...(log ? { log } : {}),
      ...(entry ? { entry } : {}),
      status: await statusAfter(core, r),
    });
    return { json: { localId, ...r }, ...out };
  },
};
