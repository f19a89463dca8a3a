/**
 * The one status line for sync: the header's pill, the outbox's heading, the tray's tooltip and menu
 * and `punch status` all say the status with these words, so they can never disagree ("4 waiting" beside "1 queued").
 *
 * What counts as what, everywhere:
 * - **waiting** = the signed-in account's entries that are queued or being sent (they go by themselves);
 * - **need attention** = refused or unsure entries: counted apart, because they wait for the user, not for the network;
 * - **for another account** = entries made under another account: counted apart, they wait for that account to sign in
 *   and are never sent with this one (docs/ARCHITECTURE.md "Failures").
 *
 * `short` fits the pill at the tray's width (420 px: at most about 20 characters); the cause and the counts the short
 * form leaves out are in `sentence` (the outbox's heading, the pill's tooltip and accessible name, the tray's tooltip).
 */
import type { AppStatus, StorageState, SyncState } from './domain';
import { clockTime, networkWords } from './network';

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
  /** Queued + being sent (the signed-in account's). */
  waiting: number;
  needsAttention: number;
  /** Unfinished entries of another account. */
  otherAccounts: number;
}

/** One word per sync state, the same in the outbox, the week and `punch` (glossary: *sending* is shown as *syncing*). */
export const SYNC_STATE_WORDS: Readonly<Record<SyncState, string>> = Object.freeze({
  queued: 'Queued',
  sending: 'Syncing',
  synced: 'Synced',
  'needs-attention': 'Needs attention',
});

/** What the disk's state means, in a few words (the pill) and in a sentence (the banner, the tray). */
export const STORAGE_WORDS: Readonly<Record<Exclude<StorageState, 'ok'>, { short: string; long: string }>> = Object.freeze({
  full: {
    short: 'Disk full',
    long: 'The disk is full: Punchcard cannot save anything new. Free some space; nothing you already logged is lost.',
  },
  'read-only': {
    short: 'Disk read-only',
    long: 'The disk is read-only: Punchcard cannot save anything new. Make it writable again; nothing you already logged is lost.',
  },
  denied: {
    short: 'Cannot save',
    long: 'Punchcard may not write to its data folder (permission denied). Give your user write access to it; nothing you already logged is lost.',
  },
  failed: { short: 'Disk error', long: 'The disk failed while Punchcard saved. Check the disk; nothing you already logged is lost.' },
});

export function syncCounts(s: Pick<AppStatus, 'outbox'>): SyncCounts {
  const { queued, sending, needsAttention, otherAccounts } = s.outbox;
  return { waiting: queued + sending, needsAttention, otherAccounts: otherAccounts ?? 0 };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 entries are waiting to be sent. 1 needs your attention in the outbox." (nothing when there is nothing). */
function countSentences(c: SyncCounts, waitingTail: string): string[] {
  const out: string[] = [];
  if (c.waiting) out.push(`${plural(c.waiting, 'entry is', 'entries are')} waiting to be sent${waitingTail}.`);
  if (c.needsAttention) out.push(`${plural(c.needsAttention, 'entry needs', 'entries need')} your attention in the outbox.`);
  if (c.otherAccounts) out.push(`${plural(c.otherAccounts, 'entry waits', 'entries wait')} for another account to sign in.`);
  return out;
}

const join = (...parts: Array<string | string[] | undefined>) => parts.flat().filter(Boolean).join(' ');

/** The status in words. `null`: nothing heard from the core yet. */
export function syncLine(s: AppStatus | null): SyncWords {
  if (!s) {
    return {
      short: 'Connecting…',
      sentence: 'Punchcard is starting and has not checked the service yet.',
      tone: 'busy',
      counts: { waiting: 0, needsAttention: 0, otherAccounts: 0 },
    };
  }
  const counts = syncCounts(s);
  const { waiting, needsAttention } = counts;
  const cause = s.network?.cause;
  const waitingShort = waiting ? ` · ${waiting} waiting` : '';
  const words = (short: string, tone: SyncTone, ...sentence: Array<string | string[] | undefined>): SyncWords => ({
    short,
    tone,
    sentence: join(...sentence),
    counts,
  });

  if (s.storage && s.storage !== 'ok')
    return words(STORAGE_WORDS[s.storage].short, 'warn', STORAGE_WORDS[s.storage].long, countSentences(counts, ''));
  if (s.account.problem) return words('Not signed in', 'warn', s.account.problem, countSentences(counts, ' once you sign in'));

  // why nothing goes now, measured from the last exchange with the service (src/shared/network.ts)
  let why: string | undefined;
  let tail = '';
  if (!s.online) {
    why =
      s.network && s.network.cause !== 'unchecked' ? `Offline: ${networkWords(s.network)}.` : 'Offline: the service could not be reached.';
    tail = ' when the service can be reached again';
  } else if (cause === 'token-rejected') {
    why = 'The service rejected the sign-in: sign in again.';
    tail = ' once you sign in again';
  } else if (cause === 'rate-limited') {
    why = s.network?.until
      ? `The service asked Punchcard to slow down: nothing is sent before ${clockTime(s.network.until)}.`
      : 'The service asked Punchcard to slow down for a few minutes.';
    tail = ' after that';
  } else if (cause === 'server-error') {
    why = 'The service is failing right now; Punchcard tries again by itself.';
    tail = ' when it works again';
  }
  const counted = countSentences(counts, tail);

  if (needsAttention) return words(`${plural(needsAttention, 'needs', 'need')} attention`, 'warn', why, counted);
  if (!s.online) return words(`Offline${waitingShort}`, 'off', why, counted.length ? counted : 'Nothing is waiting to be sent.');
  if (cause === 'token-rejected') return words('Sign in again', 'warn', why, counted);
  if (cause === 'rate-limited')
    return words(s.network?.until ? `Paused until ${clockTime(s.network.until)}` : `Paused${waitingShort}`, 'busy', why, counted);
  if (cause === 'server-error') return words('Service failing', 'warn', why, counted);
  if (s.outbox.sending) return words(`Syncing ${waiting}`, 'busy', counted);
  if (waiting) return words(`Online${waitingShort}`, 'busy', counted);
  return words('Online · all synced', 'ok', 'Everything you logged has reached the service.', countSentences(counts, ''));
}
