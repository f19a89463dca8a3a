/**
 * What `log`, `edit`, `delete` (and `timer stop`, `data log-again`) say about a time log and about what became of it,
 * in the user's words: the first line stays `synced`, `queued` or `needs-attention` (scripts read it, docs/cli.md),
 * the next says what happened ("Synced: 01:30 on Tue 24 Nov, Website redesign."), then the log with its ids.
 */
import { defineMessages, type Wording } from '../../shared/i18n/messages';
import type { LogResult } from '../../shared/contract';
import type { AppStatus, LocalTimeLog, OutboxEntry } from '../../shared/domain';
import { networkWords } from '../../shared/status/network';
import { englishWording } from '../../shared/i18n/english';
import { entryMessage, logMessage, serviceDayText } from '../../shared/said-words';
import { EXIT, type CommandResult } from '../command';
import { billingWords, dayWords } from '../words';

const M = defineMessages({
  ids: {
    id: 'cli.log.ids',
    defaultMessage: '{timeLogId, select, none {local id {localId}} other {local id {localId}, time log {timeLogId}}}',
    description: "A log's ids, in brackets after it: this device's id, and the service's time log id once it has one.",
  },
  quoted: {
    id: 'cli.log.quoted',
    defaultMessage: '"{text}"',
    description: "A log's description quoted: use the language's quotation marks.",
  },
  sentence: {
    id: 'cli.log.sentence',
    defaultMessage: '{hours} on {day}, {job}',
    description: 'A time log in a sentence: "01:30 on Tue 24 Nov, Website redesign"; {hours} is HH:MM, {job} a job\'s name.',
  },
  subject: {
    id: 'cli.log.subject',
    defaultMessage: '{kind, select, change {the change to {log}} deletion {the deletion of {log}} other {{log}}}',
    description:
      'What was sent, inside "Synced: …", "Queued (…): …": a log ({log}: "01:30 on Tue 24 Nov, Website redesign"), a change to it, or its deletion.',
  },
  deletionOfId: {
    id: 'cli.log.deletion-of-id',
    defaultMessage: 'the deletion of log {id}',
    description: 'What was sent when the log itself is not known here.',
  },
  detail: {
    id: 'cli.log.detail',
    defaultMessage: '{verb, select, changed {Changed} other {Logged}} {log}',
    description: 'The log as it is now, with its ids, after what happened: "Logged Tue 24 Nov  01:30  Website redesign ...".',
  },
  synced: { id: 'cli.log.synced', defaultMessage: 'Synced: {subject}.' },
  queued: {
    id: 'cli.log.queued',
    defaultMessage: 'Queued ({why}): {subject}. {after}',
    description: '{why}: why it waits ("no network"); {after}: what happens next.',
  },
  notConfirmed: {
    id: 'cli.log.not-confirmed',
    defaultMessage: 'Not confirmed: the connection dropped after {subject} was sent; the service may or may not have it.',
  },
  refusedNow: { id: 'cli.log.refused', defaultMessage: 'Refused by the service: {subject}.' },
  maybeProblem: {
    id: 'cli.log.maybe-problem',
    defaultMessage: 'the service may or may not have recorded this entry: {why} It is kept in the outbox as "needs attention".',
    description: '{why}: what happened, a sentence (often the service\'s words). "needs attention" is the state\'s name (glossary).',
  },
  maybeHint: {
    id: 'cli.log.maybe-hint',
    defaultMessage: 'Check the service. If it is there: {recorded}. If not: {retry} sends it again. Or drop it with {discard}.',
    description: 'Commands as typed.',
  },
  fixIt: {
    id: 'cli.log.fix-it',
    defaultMessage: '{why} Fix it with {fix}.',
    description: '{why}: why it was refused, a sentence; {fix}: a command as typed.',
  },
  keptProblem: {
    id: 'cli.log.kept-problem',
    defaultMessage: '{why} It is kept in the outbox as "needs attention".',
    description: '{why}: why it was refused, a sentence. "needs attention" is the state\'s name (glossary).',
  },
  fixHint: {
    id: 'cli.log.fix-hint',
    defaultMessage: 'Fix it with {fix} (or {options}), or drop it with {discard}.',
    description: 'Commands and options as typed.',
  },
  retryHint: {
    id: 'cli.log.retry-hint',
    defaultMessage: 'Retry with {retry}, or drop it with {discard}.',
    description: 'Commands as typed.',
  },
  unchecked: {
    id: 'cli.log.unchecked',
    defaultMessage: "The company's rules could not be read yet, so it is checked against them before it is sent.",
  },
  noReason: { id: 'cli.log.no-reason', defaultMessage: 'no reason given' },
  refusedDeletion: { id: 'cli.log.refused-deletion', defaultMessage: 'the service refused the deletion' },
  whyUnconfirmed: {
    id: 'cli.log.why-unconfirmed',
    defaultMessage: '{online, select, true {not confirmed yet} other {no answer yet}}',
    description: "Why a log waits when nothing failed: the service had not confirmed it within the call's short wait.",
  },
  afterSync: {
    id: 'cli.log.after-sync',
    defaultMessage: 'It waits in the outbox; {sync} sends it.',
    description: '{sync}: a command as typed.',
  },
  afterSignIn: { id: 'cli.log.after-sign-in', defaultMessage: 'It will be sent once you sign in again ({login}).' },
  afterPause: { id: 'cli.log.after-pause', defaultMessage: 'It will be sent after that; {sync} sends it then.' },
  afterReachable: {
    id: 'cli.log.after-reachable',
    defaultMessage: 'It will be sent when the service is reachable; {sync} sends it now.',
  },
  deleted: { id: 'cli.log.deleted', defaultMessage: 'Deleted log {id}.' },
  logId: { id: 'cli.log.log-id', defaultMessage: 'Log {id}.' },
});

/** "Tue 24 Nov  01:30  Website redesign  billable  "Layout"  (local id L-…, time log 4123…)". */
export function describeLog(l: LocalTimeLog, w: Wording = englishWording()): string {
  const ids = w.say(M.ids, { localId: l.localId, timeLogId: l.timeLogId || 'none' });
  const what = [
    dayWords(w, l.workDate),
    l.hours,
    l.jobName,
    billingWords(l.billingStatus, w),
    l.description && w.say(M.quoted, { text: l.description }),
  ]
    .filter(Boolean)
    .join('  ');
  return `${what}  (${ids})`;
}

/** "01:30 on Tue 24 Nov, Website redesign" (what is known of it, when not all is). */
export function logSentence(l: Partial<Pick<LocalTimeLog, 'hours' | 'workDate' | 'jobName'>>, w: Wording = englishWording()): string {
  if (l.hours && l.workDate && l.jobName) return w.say(M.sentence, { hours: l.hours, day: dayWords(w, l.workDate), job: l.jobName });
  return [l.hours, dayWords(w, l.workDate), l.jobName].filter(Boolean).join(', ');
}

/** What a change was about: a new log, a change to one, its deletion ("the deletion of log L-…" when the log is not known). */
export function subjectWords(
  w: Wording,
  kind: 'log' | 'change' | 'deletion',
  log: Parameters<typeof logSentence>[0] | undefined,
  id?: string,
) {
  if (!log) return w.say(M.deletionOfId, { id: id ?? '' });
  return w.say(M.subject, { kind, log: logSentence(log, w) });
}

/** Ends a message with exactly one full stop (service messages may or may not have one). */
export const sentence = (m: string) => `${m.trim().replace(/[.\s]+$/, '')}.`;

/**
 * Why an entry waits, from the status's measured cause (docs/outbox.md "Status: the network cause"): "no network",
 * "rate limited until 14:05", ... When the service answers but the entry was not confirmed within the call's short
 * wait (pacing), it says so instead of inventing a network problem.
 */
export function queuedWhy(status: Pick<AppStatus, 'network'> | undefined, w: Wording = englishWording()): { why: string; after: string } {
  const cause = status?.network?.cause;
  const sync = '`punch sync`';
  if (!cause || cause === 'online' || cause === 'unchecked') {
    // the service has not answered within the call's short wait (a check in flight, pacing): no cause to name
    return { why: w.say(M.whyUnconfirmed, { online: String(cause === 'online') }), after: w.say(M.afterSync, { sync }) };
  }
  const why = networkWords(status.network, w);
  if (cause === 'token-rejected') return { why, after: w.say(M.afterSignIn, { login: '`punch login`' }) };
  if (cause === 'rate-limited') return { why, after: w.say(M.afterPause, { sync }) };
  return { why, after: w.say(M.afterReachable, { sync }) };
}

/** "queued\nQueued (no network): the deletion of …" and the like, for a change that is not in the service yet. */
export function queuedText(w: Wording, subject: string, status: Pick<AppStatus, 'network'> | undefined): string {
  const { why, after } = queuedWhy(status, w);
  return w.say(M.queued, { why, subject, after });
}

/**
 * What happened, in words: `synced` / `queued` first (scripts read the first word), then "Synced: ...",
 * "Queued (no network): ...", or "Refused by the service: ...", then the log with its ids. A change left in
 * "needs attention" exits 2 and says what to do: `entry` is its outbox entry, whose choices depend on why (refused,
 * or its answer was lost). `status` gives the cause of a queued one.
 */
export function logResultOutput(
  r: LogResult,
  verb: 'Logged' | 'Changed',
  entry?: Pick<OutboxEntry, 'id' | 'maybeSent'>,
  status?: Pick<AppStatus, 'network'>,
  w: Wording = englishWording(),
): CommandResult {
  const subject = subjectWords(w, verb === 'Changed' ? 'change' : 'log', r.log);
  const detail = w.say(M.detail, { verb: verb === 'Changed' ? 'changed' : 'logged', log: describeLog(r.log, w) });
  if (r.log.sync === 'needs-attention' || r.state === 'needs-attention') {
    const id = entry?.id ?? '<entry>';
    // the service's or the rules' words (the core's): they say who refused it
    const why = sentence(logMessage(w, r.log) ?? w.say(M.noReason));
    const discard = `\`punch outbox discard ${id}\``;
    if (entry?.maybeSent) {
      // The answer was lost: it may be in the service already, so fixing it would change what the check looks for.
      return {
        json: r,
        text: `${r.state}\n${w.say(M.notConfirmed, { subject })}\n${detail}`,
        exitCode: EXIT.serviceFailed,
        problem: w.say(M.maybeProblem, { why }),
        hint: w.say(M.maybeHint, { recorded: `\`punch outbox recorded ${id}\``, retry: `\`punch outbox retry ${id}\``, discard }),
      };
    }
    // The service refused it: it stays in the outbox (nothing is lost) but it is not recorded there.
    return {
      json: r,
      text: `${r.state}\n${w.say(M.fixIt, { why, fix: `\`punch outbox fix ${id} ...\`` })}\n${detail}`,
      exitCode: EXIT.serviceFailed,
      problem: w.say(M.keptProblem, { why }),
      hint: w.say(M.fixHint, {
        fix: `\`punch outbox fix ${id} --hours ...\``,
        options: '--date, --job, --job-name, --description',
        discard,
      }),
    };
  }
  if (r.state === 'queued') {
    // refused as a future day that is the user's today: it waits for the service's day, and says so
    const lines = [`${r.state}`, serviceDayText(w, r.log) ?? queuedText(w, subject, status)];
    if (r.unchecked) lines.push(w.say(M.unchecked));
    lines.push(detail);
    return { json: r, text: lines.join('\n') };
  }
  return { json: r, text: `${r.state}\n${w.say(M.synced, { subject })}\n${detail}` };
}

/** What `delete` says: synced, refused while the call waited (never said as queued), or queued with why. */
export function deleteOutput(
  w: Wording,
  r: { state: string },
  o: { localId: string; log?: LocalTimeLog; entry?: Pick<OutboxEntry, 'id' | 'message' | 'said'>; status?: Pick<AppStatus, 'network'> },
): Omit<CommandResult, 'json'> {
  const subject = subjectWords(w, 'deletion', o.log, o.localId);
  if (r.state === 'synced') return { text: `synced\n${w.say(M.synced, { subject })}\n${w.say(M.deleted, { id: o.localId })}` };
  if (r.state === 'needs-attention') {
    const id = o.entry?.id ?? '<entry>';
    return {
      text: `needs-attention\n${w.say(M.refusedNow, { subject })}\n${w.say(M.logId, { id: o.localId })}`,
      exitCode: EXIT.serviceFailed,
      problem: w.say(M.keptProblem, { why: sentence((o.entry && entryMessage(w, o.entry)) ?? w.say(M.refusedDeletion)) }),
      hint: w.say(M.retryHint, { retry: `\`punch outbox retry ${id}\``, discard: `\`punch outbox discard ${id}\`` }),
    };
  }
  return { text: `queued\n${queuedText(w, subject, o.status)}\n${w.say(M.logId, { id: o.localId })}` };
}
