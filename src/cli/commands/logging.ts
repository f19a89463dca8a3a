/**
 * Logging hours (spec 4.2 through the core's ledger and outbox): `log`, `edit`, `delete`. Logs are checked
 * against the company's rules before they are queued, so a refusal comes now (exit 1) rather than days later.
 */
import { defineMessage } from '../../shared/i18n/messages';
import type { LogResult } from '../../shared/contract';
import type { AppStatus, LocalTimeLog, OutboxEntry } from '../../shared/domain';
import { networkWords } from '../../shared/status/network';
import { englishWording } from '../../shared/i18n/english';
import { plainDate } from '../../shared/words';
import { EXIT, type Command, type CommandContext, type CommandResult, type CoreCalls } from '../command';
import { UsageError } from '../failure';
import { localDay, parseDay, parseHours, str } from '../input';
import { billingChoice, jobChoice, logChange, logOptions, logTexts, type LogOption } from '../log-fields';
import { billingWords } from '../words';
import { findLog } from './find-log';
import { entryMessage, logMessage } from '../../shared/said-words';
import type { Wording } from '../../shared/i18n/messages';

export function describeLog(l: LocalTimeLog): string {
  const ids = [`local id ${l.localId}`, l.timeLogId && `time log ${l.timeLogId}`].filter(Boolean).join(', ');
  const what = [plainDate(l.workDate), l.hours, l.jobName, billingWords(l.billingStatus), l.description && `"${l.description}"`]
    .filter(Boolean)
    .join('  ');
  return `${what}  (${ids})`;
}

/** "01:30 on Tue 24 Nov, Website redesign". */
export function logSentence(l: Partial<Pick<LocalTimeLog, 'hours' | 'workDate' | 'jobName'>>): string {
  const day = l.workDate ? plainDate(l.workDate) : '';
  return [[l.hours, day && `on ${day}`].filter(Boolean).join(' '), l.jobName].filter(Boolean).join(', ');
}

/**
 * Why an entry waits, from the status's measured cause (docs/outbox.md "Status: the network cause"): "no network",
 * "rate limited until 14:05", ... When the service answers but the entry was not confirmed within the call's short
 * wait (pacing), it says so instead of inventing a network problem.
 */
export function queuedWhy(status: Pick<AppStatus, 'network'> | undefined): { why: string; after: string } {
  const cause = status?.network?.cause;
  if (!cause || cause === 'online' || cause === 'unchecked') {
    // the service has not answered within the call's short wait (a check in flight, pacing): no cause to name
    return { why: cause === 'online' ? 'not confirmed yet' : 'no answer yet', after: 'It waits in the outbox; `punch sync` sends it.' };
  }
  if (cause === 'token-rejected')
    return { why: networkWords(status.network, englishWording()), after: 'It will be sent once you sign in again (`punch login`).' };
  if (cause === 'rate-limited')
    return { why: networkWords(status.network, englishWording()), after: 'It will be sent after that; `punch sync` sends it then.' };
  return {
    why: networkWords(status.network, englishWording()),
    after: 'It will be sent when the service is reachable; `punch sync` sends it now.',
  };
}

/**
 * What happened, in words: `synced` / `queued` first (scripts read the first word), then "Synced: ...",
 * "Queued (no network): ...", or "Refused by the service: ...", then the log with its ids. A change left in
 * "needs attention" exits 2 and says what to do: `entry` is its outbox entry, whose choices depend on why (refused,
 * or its answer was lost). `status` gives the cause of a queued one.
 */
export function logResultOutput(
  r: LogResult,
  verb: string,
  entry?: Pick<OutboxEntry, 'id' | 'maybeSent'>,
  status?: Pick<AppStatus, 'network'>,
  w: Wording = englishWording(),
): CommandResult {
  const what = logSentence(r.log);
  const subject = verb === 'Changed' ? `the change to ${what}` : what;
  const detail = `${verb} ${describeLog(r.log)}`;
  if (r.log.sync === 'needs-attention' || r.state === 'needs-attention') {
    const id = entry?.id ?? '<entry>';
    const why = sentence(logMessage(w, r.log) ?? 'no reason given');
    if (entry?.maybeSent) {
      const text = `${r.state}\nNot confirmed: the connection dropped after ${subject} was sent; the service may or may not have it.\n${detail}`;
      // The answer was lost: it may be in the service already, so fixing it would change what the check looks for.
      return {
        json: r,
        text,
        exitCode: EXIT.serviceFailed,
        problem: `the service may or may not have recorded this entry: ${why} It is kept in the outbox as "needs attention".`,
        hint: `Check the service. If it is there: \`punch outbox recorded ${id}\`. If not: \`punch outbox retry ${id}\` sends it again. Or drop it with \`punch outbox discard ${id}\`.`,
      };
    }
    // The service refused it: it stays in the outbox (nothing is lost) but it is not recorded there.
    // an entry logged before the rules were known, refused by them before sending, says so in its message
    // the message says who refused it ("The service refused this ...", "Not sent: your company's rules ...")
    const text = `${r.state}\n${why} Fix it with \`punch outbox fix ${id} ...\`.\n${detail}`;
    return {
      json: r,
      text,
      exitCode: EXIT.serviceFailed,
      problem: `${why} It is kept in the outbox as "needs attention".`,
      hint: `Fix it with \`punch outbox fix ${id} --hours ...\` (or --date, --job, --job-name, --description), or drop it with \`punch outbox discard ${id}\`.`,
    };
  }
  if (r.state === 'queued') {
    const { why, after } = queuedWhy(status);
    const lines = [`${r.state}`, `Queued (${why}): ${subject}. ${after}`];
    if (r.unchecked) lines.push("The company's rules could not be read yet, so it is checked against them before it is sent.");
    lines.push(detail);
    return { json: r, text: lines.join('\n') };
  }
  return { json: r, text: `${r.state}\nSynced: ${subject}.\n${detail}` };
}

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

/** Ends a message with exactly one full stop (service messages may or may not have one). */
export const sentence = (m: string) => `${m.trim().replace(/[.\s]+$/, '')}.`;

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
  usage: 'log --job ID | --job-name NAME [--date DATE] --hours HH:MM [--billable | --non-billable] [--work-item TEXT] [--description TEXT]',
  options: logOptions('job', 'job-name', 'date', 'hours', 'billable', 'non-billable', 'work-item', 'description'),
  details: [
    'Prints "synced" when the service confirmed it, "queued" when it waits in the outbox; both exit 0.',
    'Billed as the job is (see `punch jobs`) unless --billable or --non-billable says otherwise, as in the app.',
    'Example: punch log --job-name "Website redesign" --date yesterday --hours 02:15 --description "Layout review"',
  ],
  async run(ctx) {
    const v = ctx.values;
    const job = jobChoice(v);
    const billing = billingChoice(v);
    const hoursValue = str(v, 'hours');
    if (!hoursValue) throw new UsageError('--hours is required, for example --hours 01:30.');
    const hours = parseHours(hoursValue);
    const workDate = str(v, 'date') ? parseDay('date', str(v, 'date')!) : localDay(Date.now());
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
  details: ["<id> is the local id shown by `punch week` and `punch log`, or the service's time log id.", 'Only what is given changes.'],
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
    const what = log ? `the deletion of ${logSentence(log)}` : `the deletion of log ${localId}`;
    if (r.state === 'synced') return { json: { localId, ...r }, text: `synced\nSynced: ${what}.\nDeleted log ${localId}.` };
    if (r.state === 'needs-attention') {
      // refused while the call waited: never said as queued
      const entry = (await core.call('getOutbox', {}).catch(() => [])).find((e) => e.localId === localId && e.state === 'needs-attention');
      return {
        json: { localId, ...r },
        text: `needs-attention\nRefused by the service: ${what}.\nLog ${localId}.`,
        exitCode: EXIT.serviceFailed,
        problem: `${sentence((entry && entryMessage(ctx.words, entry)) ?? 'the service refused the deletion')} It is kept in the outbox as "needs attention".`,
        hint: `Retry with \`punch outbox retry ${entry?.id ?? '<entry>'}\`, or drop it with \`punch outbox discard ${entry?.id ?? '<entry>'}\`.`,
      };
    }
    const { why, after } = queuedWhy(await statusAfter(core, r));
    return { json: { localId, ...r }, text: `queued\nQueued (${why}): ${what}. ${after}\nLog ${localId}.` };
  },
};
