/** How dates, times and rules read on screen (date-fns, `EEE d MMM`); wire formats stay in src/shared. */
import { format } from 'date-fns';
import type { RoundingRule, SyncState } from '../../shared/domain';
import { toLocalDate } from '../../shared/time/week';
import { SYNC_STATE_WORDS } from '../../shared/status/sync-words';
import { plainDate } from '../../shared/words';

/** `2026-11-18` -> `Wed 18 Nov`: the one way a day reads, in the app, its notices and `punch` (src/shared/words.ts). */
export function showDate(date: string): string {
  return plainDate(date);
}

/** `2026-11-18` -> `Wed 18` (grid column headings). */
export function showDay(date: string): string {
  try {
    return format(toLocalDate(date), 'EEE d');
  } catch {
    return date;
  }
}

/** Epoch ms -> `14:05` today, or `Wed 18 Nov 14:05` on another day. */
export function showTime(ms: number, nowMs = Date.now()): string {
  const at = new Date(ms);
  return format(at, 'yyyy-MM-dd') === format(new Date(nowMs), 'yyyy-MM-dd') ? format(at, 'HH:mm') : format(at, 'EEE d MMM HH:mm');
}

/** Elapsed ms -> `01:07:42` (hours may pass 24). */
export function showElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(total / 3600))}:${two(Math.floor(total / 60) % 60)}:${two(total % 60)}`;
}

/** The rounding rule in words: "nearest minute", "up to 15 minutes". */
export function describeRule(rule: RoundingRule): string {
  const unit = rule.stepMinutes === 1 ? 'minute' : `${rule.stepMinutes} minutes`;
  if (rule.mode === 'nearest') return `nearest ${unit}`;
  return `${rule.mode} to ${rule.stepMinutes === 1 ? 'the minute' : unit}`;
}

/**
 * A sync state as icon + words, the same words in the outbox, the week, the track screen and `punch`
 * (src/shared/sync-words.ts: the status line counts "waiting" = Queued + Syncing). Screens that show a log's state use
 * these, never words of their own: a log the service refused reads "Needs attention", never "Queued".
 */
export const SYNC_LABELS: Record<SyncState, { icon: string; text: string }> = {
  queued: { icon: '\u25F7', text: SYNC_STATE_WORDS.queued },
  sending: { icon: '\u21BB', text: SYNC_STATE_WORDS.sending },
  synced: { icon: '\u2713', text: SYNC_STATE_WORDS.synced },
  'needs-attention': { icon: '\u26A0\uFE0E', text: SYNC_STATE_WORDS['needs-attention'] },
};

/** After "Logged 01:30 on ...": where the log is now, in a sentence. */
export const SYNC_SENTENCES: Record<SyncState, string> = {
  synced: 'Synced.',
  queued: 'Queued: waiting to be sent, it goes by itself when the service can be reached.',
  sending: 'Syncing...',
  'needs-attention': 'The service refused it: it needs your attention.',
};

/** Several logs in one cell show the most urgent state. */
export function worstSync(states: SyncState[]): SyncState {
  for (const s of ['needs-attention', 'sending', 'queued'] as const) if (states.includes(s)) return s;
  return 'synced';
}

/** A timesheet's state in words (`none`: the week has no timesheet yet). */
export const STATE_LABELS = {
  none: 'Not submitted',
  draft: 'Draft',
  pending: 'Pending approval',
  approved: 'Approved',
  rejected: 'Rejected',
} as const;

/**
 * The service offers no list of the user's logs (WeekView.onlyTimesheetLogs): said wherever the week or the day's
 * total is shown (the Week tab, Track), since logs made elsewhere may be missing from both.
 */
export const NO_LIST_NOTE =
  'This service does not list logs on their own: logs made on its web page or phone app show here only once the week is submitted, and the daily maximum is checked without them.';

/** Beside a log made outside Punchcard (LocalTimeLog.elsewhere): where it came from. */
export const ELSEWHERE_WORDS = 'logged elsewhere';
