/**
 * What `punch sync` says after sending: what it did, and the one thing to do next about what remains (its hint), each
 * true of what remains: an entry waiting for the service's day goes by itself once that day begins, so it is not
 * "run sync again when the service is reachable" right after saying the service is.
 */
import { defineMessages, type Wording } from '../../shared/i18n/messages';
import type { OutboxEntry, SyncReport } from '../../shared/domain';

const M = defineMessages({
  sent: {
    id: 'cli.sync.sent',
    defaultMessage:
      '{count, plural, one {Sent # entry} other {Sent # entries}}; {online, select, true {the service is reachable} other {the service could not be reached}}.',
    description: 'After punch sync: how many outbox entries were sent (glossary: entry).',
  },
  found: {
    id: 'cli.sync.found',
    defaultMessage:
      '{count, plural, one {Found # entry already on the service} other {Found # entries already on the service}}; {online, select, true {the service is reachable} other {the service could not be reached}}.',
    description:
      'After punch sync, when nothing was sent but entries were found on the service already (sent by an earlier sync whose end was lost): they are settled, not sent twice (glossary: entry).',
  },
  sentFound: {
    id: 'cli.sync.sent-found',
    defaultMessage:
      '{sent, plural, one {Sent # entry} other {Sent # entries}}; {found, plural, one {# more was already on the service} other {# more were already on the service}}; {online, select, true {the service is reachable} other {the service could not be reached}}.',
    description:
      'After punch sync: how many outbox entries were sent, and how many more were found on the service already (sent by an earlier sync whose end was lost), not sent twice (glossary: entry).',
  },
  resolve: { id: 'cli.sync.hint.resolve', defaultMessage: 'Resolve with {command}.', description: '{command}: as typed.' },
  otherAccount: {
    id: 'cli.sync.hint.other-account',
    defaultMessage: 'They wait for another account: sign in to it ({login}) to send them, or discard them ({discard}).',
  },
  answer: {
    id: 'cli.sync.hint.answer-how',
    defaultMessage: '{logAgain} deletes the log, {discard} keeps it and sends it.',
    description:
      'After punch sync, when what remains waits for the answer about a delete that was not saved. {logAgain}, {discard}: actions as typed.',
  },
  again: { id: 'cli.sync.hint.again', defaultMessage: 'Run {sync} again when the service is reachable.' },
  serviceDay: {
    id: 'cli.sync.hint.service-day',
    defaultMessage:
      "They go by themselves just after the service's day begins: Punchcard tries again every quarter of an hour, and {sync} sends them then too.",
    description:
      "After punch sync, when the entries left only wait for the service's day to begin (the service is in another time zone, still on the day before). {sync}: a command as typed.",
  },
  later: {
    id: 'cli.sync.hint.later',
    defaultMessage: 'Punchcard tries them again by itself; run {sync} in a while to send them now.',
    description: 'After punch sync, when the service is reachable but entries are still waiting to be retried. {sync}: a command as typed.',
  },
});

/** What a sync did: entries sent, and entries found already on the service (sent before, not sent twice), apart. */
export function syncSummary(r: SyncReport, w: Wording): string {
  const online = String(r.online);
  const found = r.alreadyThere ?? 0;
  if (!found) return w.say(M.sent, { count: r.sent, online });
  return r.sent ? w.say(M.sentFound, { sent: r.sent, found, online }) : w.say(M.found, { count: found, online });
}

/** How the user answers about a delete that was not saved, its actions as typed. */
export const answerHow = (w: Wording) => w.say(M.answer, { logAgain: '`log-again`', discard: '`discard`' });

/** The hint under `punch sync`'s exit 3: what to do about the entries that remain (`remaining`, none synced). */
export function syncHint(remaining: OutboxEntry[], online: boolean, w: Wording): string {
  if (remaining.some((e) => e.state === 'needs-attention' && !e.waitsFor))
    return w.say(M.resolve, { command: '`punch outbox fix|retry|discard|recorded <entry>`' });
  if (remaining.every((e) => e.waitsFor))
    return w.say(M.otherAccount, { login: '`punch login`', discard: '`punch outbox discard <entry>`' });
  if (remaining.every((e) => e.waitsFor || e.heldByReport)) return answerHow(w);
  const sync = '`punch sync`';
  // the service answered and only its calendar holds them back (another time zone): they go by themselves
  if (remaining.every((e) => e.waitsFor || e.heldByReport || e.waitsForServiceDay) && online) return w.say(M.serviceDay, { sync });
  return w.say(online ? M.later : M.again, { sync });
}
