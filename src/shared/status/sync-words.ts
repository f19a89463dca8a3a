/**
 * The one status line for sync: the header's pill, the outbox's heading, the tray's tooltip and menu
 * and `punch status` all say the status with these words, so they can never disagree ("4 waiting" beside "1 queued").
 *
 * What counts as what, everywhere:
 * - **waiting** = the signed-in account's entries that are queued or being sent (they go by themselves), less those
 *   held for the user's answer to a torn delete (`outbox.heldForAnswer`);
 * - **held for your answer** = those: counted apart, because no sync sends them until the user answers (Delete it /
 *   Keep it in the banner, `punch data`); never "waiting to be sent", which would have the user wait for ever;
 * - **need attention** = refused or unsure entries: counted apart, because they wait for the user, not for the network;
 * - **for another account** = entries made under another account: counted apart, they wait for that account to sign in
 *   and are never sent with this one (docs/ARCHITECTURE.md "Failures").
 *
 * `short` fits the pill at the tray's width (420 px: at most about 20 characters); the cause and the counts the short
 * form leaves out are in `sentence` (the outbox's heading, the pill's tooltip and accessible name, the tray's tooltip).
 *
 * Said in the user's language through the Wording each shell hands in (docs/i18n.md); the English constant below
 * (`SYNC_STATE_WORDS`) is the messages' English, for the screens not converted yet. The disk's state: ./storage-words.ts.
 */
import type { AppStatus, SyncState } from '../domain';
import { defineMessages, type MessageDescriptor, type Wording } from '../i18n/messages';
import { networkWords } from './network';
import { sayIt } from '../i18n/said';
import { storageWords } from './storage-words';
import { offeredLogs } from './offered-logs';

export type SyncTone = 'ok' | 'busy' | 'warn' | 'off';

export interface SyncWords {
  /** A few words: "Offline · 2 waiting", "1 needs attention", "Online · all synced". */
  short: string;
  /** Everything the short form leaves out, in sentences: the cause, every count, what happens next. */
  sentence: string;
  tone: SyncTone;
  counts: SyncCounts;
}

export interface SyncCounts {
  /** Queued + being sent (the signed-in account's), less `heldForAnswer`: what goes by itself. */
  waiting: number;
  /** Queued entries not sent until the user answers a torn delete's offer (AppStatus `outbox.heldForAnswer`). */
  heldForAnswer: number;
  needsAttention: number;
  /** Unfinished entries of another account. */
  otherAccounts: number;
  /**
   * Of `waiting`, the entries waiting for the service's day to begin (AppStatus `outbox.waitingForServiceDay`): they go
   * by themselves, later; their sentence says why. Absent when none.
   */
  waitingForServiceDay?: number;
}

/** One word per sync state, the same in the outbox, the week and `punch` (glossary: *sending* is shown as *syncing*). */
export const SYNC_STATE_MESSAGES: Readonly<Record<SyncState, MessageDescriptor>> = defineMessages({
  queued: { id: 'sync.state.queued', defaultMessage: 'Queued', description: 'An outbox entry waits to be sent.' },
  sending: { id: 'sync.state.sending', defaultMessage: 'Syncing', description: 'An outbox entry is being sent now.' },
  synced: { id: 'sync.state.synced', defaultMessage: 'Synced', description: 'The service has the entry.' },
  'needs-attention': {
    id: 'sync.state.needs-attention',
    defaultMessage: 'Needs attention',
    description: 'The service refused the entry, or may not have it: the user must look at it.',
  },
});
const english = <K extends string>(m: Readonly<Record<K, MessageDescriptor>>) =>
  Object.freeze(Object.fromEntries(Object.entries(m).map(([k, d]) => [k, (d as MessageDescriptor).defaultMessage]))) as Readonly<
    Record<K, string>
  >;
/** SYNC_STATE_MESSAGES' English (screens not converted yet). */
export const SYNC_STATE_WORDS: Readonly<Record<SyncState, string>> = english(SYNC_STATE_MESSAGES);

const M = defineMessages({
  waiting: {
    id: 'sync.sentence.waiting',
    defaultMessage:
      '{count, plural, one {# entry is} other {# entries are}} waiting to be sent{when, select, offline { when the service can be reached again} signIn { once you sign in} signInAgain { once you sign in again} paused { after that} failing { when it works again} other {}}.',
    description: 'Status sentence: entries in the outbox that go by themselves; {when} says when they will be sent.',
  },
  held: {
    id: 'sync.sentence.held',
    defaultMessage:
      '{count, plural, one {# entry waits} other {# entries wait}} for your answer before {count, plural, one {it is} other {they are}} sent.',
    description:
      'Status sentence: outbox entries of logs the user deleted, whose delete the disk lost; they are held until the user chooses "Delete it" or "Keep it".',
  },
  serviceDay: {
    id: 'sync.sentence.service-day',
    defaultMessage:
      "{count, plural, one {# log waits} other {# logs wait}} for the service's day to begin: the service is in another time zone, still on an earlier day. Punchcard sends {count, plural, one {it} other {them}} then.",
    description:
      "Status sentence: logs for the user's today that the service refused as a future day, because its calendar is still on the day before (another time zone); they are sent by themselves once its day begins.",
  },
  attention: {
    id: 'sync.sentence.attention',
    defaultMessage: '{count, plural, one {# entry needs} other {# entries need}} your attention in the outbox.',
  },
  otherAccounts: {
    id: 'sync.sentence.other-accounts',
    defaultMessage: '{count, plural, one {# entry waits} other {# entries wait}} for another account to sign in.',
    description: 'Entries made while signed in as someone else: they are sent only when that account signs in.',
  },
  connecting: {
    id: 'sync.short.connecting',
    defaultMessage: 'Connecting…',
    description: 'Status pill before the first status (at most ~20 characters).',
  },
  starting: { id: 'sync.sentence.starting', defaultMessage: 'Punchcard is starting and has not checked the service yet.' },
  notSignedIn: { id: 'sync.short.not-signed-in', defaultMessage: 'Not signed in', description: 'Status pill (at most ~20 characters).' },
  offlineBecause: {
    id: 'sync.sentence.offline-because',
    defaultMessage: 'Offline: {cause}.',
    description: '{cause} is why, e.g. "no network".',
  },
  offlineUnknown: { id: 'sync.sentence.offline', defaultMessage: 'Offline: the service could not be reached.' },
  tokenRejected: { id: 'sync.sentence.token-rejected', defaultMessage: 'The service rejected the sign-in: sign in again.' },
  slowDownUntil: {
    id: 'sync.sentence.slow-down-until',
    defaultMessage: 'The service asked Punchcard to slow down: nothing is sent before {time}.',
    description: '{time} is a clock time such as 14:05.',
  },
  slowDown: { id: 'sync.sentence.slow-down', defaultMessage: 'The service asked Punchcard to slow down for a few minutes.' },
  failing: { id: 'sync.sentence.failing', defaultMessage: 'The service is failing right now; Punchcard tries again by itself.' },
  needAttention: {
    id: 'sync.short.need-attention',
    defaultMessage: '{count, plural, one {# needs attention} other {# need attention}}',
    description: 'Status pill (at most ~20 characters): entries the service refused.',
  },
  offline: { id: 'sync.short.offline', defaultMessage: 'Offline', description: 'Status pill (at most ~20 characters).' },
  offlineWaiting: {
    id: 'sync.short.offline-waiting',
    defaultMessage: 'Offline · {count, number} waiting',
    description: 'Status pill (at most ~20 characters): offline, {count} entries wait to be sent.',
  },
  nothingWaiting: { id: 'sync.sentence.nothing-waiting', defaultMessage: 'Nothing is waiting to be sent.' },
  signInAgain: { id: 'sync.short.sign-in-again', defaultMessage: 'Sign in again', description: 'Status pill (at most ~20 characters).' },
  pausedUntil: {
    id: 'sync.short.paused-until',
    defaultMessage: 'Paused until {time}',
    description: 'Status pill: sending paused until a clock time.',
  },
  paused: { id: 'sync.short.paused', defaultMessage: 'Paused', description: 'Status pill: sending paused (rate limited).' },
  pausedWaiting: {
    id: 'sync.short.paused-waiting',
    defaultMessage: 'Paused · {count, number} waiting',
    description: 'Status pill (at most ~20 characters).',
  },
  serviceFailing: {
    id: 'sync.short.service-failing',
    defaultMessage: 'Service failing',
    description: 'Status pill (at most ~20 characters).',
  },
  syncing: {
    id: 'sync.short.syncing',
    defaultMessage: 'Syncing {count, number}',
    description: 'Status pill: {count} entries are being sent.',
  },
  onlineWaiting: {
    id: 'sync.short.online-waiting',
    defaultMessage: 'Online · {count, number} waiting',
    description: 'Status pill (at most ~20 characters).',
  },
  allSynced: { id: 'sync.short.all-synced', defaultMessage: 'Online · all synced', description: 'Status pill (at most ~20 characters).' },
  // "Online" only once the service answered: a connection accepted and never answered showed it for seconds
  allSyncedUnchecked: { id: 'sync.short.all-synced-unchecked', defaultMessage: 'All synced', description: 'Status pill, not checked yet.' },
  waitingUnchecked: {
    id: 'sync.short.waiting-unchecked',
    defaultMessage: '{count, number} waiting',
    description: 'Status pill, not checked yet.',
  },
  unchecked: { id: 'sync.sentence.unchecked', defaultMessage: 'The connection to the service has not been checked yet.' },
  everythingReached: { id: 'sync.sentence.all-synced', defaultMessage: 'Everything you logged has reached the service.' },
  offered: {
    id: 'sync.sentence.offered',
    defaultMessage:
      '{count, plural, one {# log read back from a damaged file has not reached the service: log it again or discard it.} other {# logs read back from a damaged file have not reached the service: log them again or discard them.}}',
    description: 'A damaged data file still held logs that were never sent; the user chooses what becomes of them.',
  },
  offeredDeletes: {
    id: 'sync.sentence.offered-deletes',
    defaultMessage:
      '{count, plural, one {You deleted # log and the delete was not saved: delete it or keep it.} other {You deleted # logs and the deletes were not saved: delete them or keep them.}}',
    description:
      'A damaged data file still holds logs the user had deleted (the delete was lost); the user chooses: delete them again or keep them.',
  },
  offeredShort: {
    id: 'sync.short.offered',
    defaultMessage: '{count, plural, one {# log to check} other {# logs to check}}',
    description: 'Status pill (at most ~20 characters): logs read back from a damaged file wait for the user.',
  },
});

/** The sync state of an entry in the user's words. */
export function syncStateWords(w: Wording, state: SyncState): string {
  return w.say(SYNC_STATE_MESSAGES[state]);
}

export function syncCounts(s: Pick<AppStatus, 'outbox'>): SyncCounts {
  const { queued, sending, needsAttention, otherAccounts } = s.outbox;
  const held = Math.min(s.outbox.heldForAnswer ?? 0, queued + sending);
  const dayAhead = Math.min(s.outbox.waitingForServiceDay ?? 0, queued + sending - held);
  return {
    waiting: queued + sending - held,
    heldForAnswer: held,
    needsAttention,
    otherAccounts: otherAccounts ?? 0,
    ...(dayAhead ? { waitingForServiceDay: dayAhead } : {}),
  };
}

/** When the waiting entries will go: a select of the waiting sentence. */
type WhenSent = 'now' | 'offline' | 'signIn' | 'signInAgain' | 'paused' | 'failing';

/** "2 entries are waiting to be sent. 1 needs your attention in the outbox." (nothing when there is nothing). */
function countSentences(w: Wording, c: SyncCounts, when: WhenSent): string[] {
  const out: string[] = [];
  const dayAhead = c.waitingForServiceDay ?? 0;
  if (c.waiting > dayAhead) out.push(w.say(M.waiting, { count: c.waiting - dayAhead, when }));
  if (dayAhead) out.push(w.say(M.serviceDay, { count: dayAhead }));
  if (c.heldForAnswer) out.push(w.say(M.held, { count: c.heldForAnswer }));
  if (c.needsAttention) out.push(w.say(M.attention, { count: c.needsAttention }));
  if (c.otherAccounts) out.push(w.say(M.otherAccounts, { count: c.otherAccounts }));
  return out;
}

const join = (...parts: Array<string | string[] | undefined>) => parts.flat().filter(Boolean).join(' ');

/** The status in the user's words (`w`). `null`: nothing heard from the core yet. */
export function syncLine(s: AppStatus | null, w: Wording): SyncWords {
  if (!s) {
    return {
      short: w.say(M.connecting),
      sentence: w.say(M.starting),
      tone: 'busy',
      counts: { waiting: 0, heldForAnswer: 0, needsAttention: 0, otherAccounts: 0 },
    };
  }
  const counts = syncCounts(s);
  const { waiting, needsAttention } = counts;
  const cause = s.network?.cause;
  const words = (short: string, tone: SyncTone, ...sentence: Array<string | string[] | undefined>): SyncWords => ({
    short,
    tone,
    sentence: join(...sentence),
    counts,
  });

  if (s.storage && s.storage !== 'ok')
    return words(storageWords(w, s.storage, 'short'), 'warn', storageWords(w, s.storage, 'long'), countSentences(w, counts, 'now'));
  if (s.account.problem)
    return words(w.say(M.notSignedIn), 'warn', sayIt(w, s.account.problemSaid, s.account.problem), countSentences(w, counts, 'signIn'));

  // why nothing goes now, measured from the last exchange with the service (src/shared/status/network.ts)
  let why: string | undefined;
  let when: WhenSent = 'now';
  if (!s.online) {
    why =
      s.network && s.network.cause !== 'unchecked'
        ? w.say(M.offlineBecause, { cause: networkWords(s.network, w) })
        : w.say(M.offlineUnknown);
    when = 'offline';
  } else if (cause === 'token-rejected') {
    why = w.say(M.tokenRejected);
    when = 'signInAgain';
  } else if (cause === 'rate-limited') {
    why = s.network?.until ? w.say(M.slowDownUntil, { time: w.formats.time(s.network.until) }) : w.say(M.slowDown);
    when = 'paused';
  } else if (cause === 'server-error') {
    why = w.say(M.failing);
    when = 'failing';
  }
  // logs read back from a damaged file and not yet logged again or discarded have not reached the service: never
  // "everything has reached the service" while one waits for the user (src/core/journal: a torn end, a bad record)
  const { toLogAgain, deletes } = offeredLogs(s);
  const offered = toLogAgain + deletes;
  // each kind with its own choice: a log or a change read back is logged again or discarded, a delete made again
  // ("Delete it") or left unmade ("Keep it"), as the banner and `punch data` answer them
  const counted = [
    ...countSentences(w, counts, when),
    ...(toLogAgain ? [w.say(M.offered, { count: toLogAgain })] : []),
    ...(deletes ? [w.say(M.offeredDeletes, { count: deletes })] : []),
  ];

  if (needsAttention) return words(w.say(M.needAttention, { count: needsAttention }), 'warn', why, counted);
  if (!s.online)
    return words(
      waiting ? w.say(M.offlineWaiting, { count: waiting }) : w.say(M.offline),
      'off',
      why,
      counted.length ? counted : w.say(M.nothingWaiting),
    );
  if (cause === 'token-rejected') return words(w.say(M.signInAgain), 'warn', why, counted);
  if (cause === 'rate-limited')
    return words(
      s.network?.until
        ? w.say(M.pausedUntil, { time: w.formats.time(s.network.until) })
        : waiting
          ? w.say(M.pausedWaiting, { count: waiting })
          : w.say(M.paused),
      'busy',
      why,
      counted,
    );
  if (cause === 'server-error') return words(w.say(M.serviceFailing), 'warn', why, counted);
  if (s.outbox.sending) return words(w.say(M.syncing, { count: waiting }), 'busy', counted);
  const unchecked = cause === 'unchecked' ? w.say(M.unchecked) : undefined;
  if (waiting) return words(w.say(unchecked ? M.waitingUnchecked : M.onlineWaiting, { count: waiting }), 'busy', counted, unchecked);
  // a held entry always has its offer; a status without `offers` (an older core's) still never says "all synced"
  const toCheck = offered || counts.heldForAnswer;
  if (toCheck) return words(w.say(M.offeredShort, { count: toCheck }), 'warn', counted);
  return words(
    w.say(unchecked ? M.allSyncedUnchecked : M.allSynced),
    'ok',
    w.say(M.everythingReached),
    countSentences(w, counts, 'now'),
    unchecked,
  );
}
