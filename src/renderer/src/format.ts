/**
 * How days, times, rules and states read on screen, in the user's language and the user's region (docs/i18n.md):
 * every function takes the component's Wording; the formats come from `w.formats` (src/shared/i18n/formats.ts), never
 * from a fixed pattern. Wire formats stay in src/shared; `HH:MM` (the service's hours) and the timer's `01:07:42`
 * stay as they are in every language.
 */
import type { RoundingRule, SyncState } from '../../shared/domain';
import { toLocalDate } from '../../shared/time/week';
import { dayIn, systemZone } from '../../shared/time/zone';
import { IN_ZONE } from '../../shared/i18n/said';
import { SYNC_STATE_MESSAGES } from '../../shared/status/sync-words';
import { CHECKING_MESSAGE, type BadgeState } from '../../shared/status/badge';
import { defineMessages, type MessageDescriptor, type Wording } from '../../shared/i18n/messages';

/** A grid column's heading: the weekday's short name and the day of the month, each in the user's words and digits. */
export function dayHeading(w: Wording, date: string): { weekday: string; day: string } {
  const d = toLocalDate(date);
  return { weekday: w.formats.weekday(d.getDay(), 'short'), day: w.formats.number(d.getDate()) };
}

/**
 * A moment as every screen shows it, read in `zone` (the user's: hooks/useUserZone.ts, or a timer's own): its clock
 * time when it falls on `now`'s day there (`3:05 PM`), else its day too (`Wed 18 Nov 15:05`); named with the zone
 * ("(Asia/Dubai time)", as the core's words name it: src/shared/i18n/said.ts) when it is not this computer's, so a
 * time never reads as the computer's clock when it is another's.
 */
export function showMoment(w: Wording, at: number, zone: string, now = Date.now()): string {
  const text = dayIn(zone, at) === dayIn(zone, now) ? w.formats.time(at, zone) : w.formats.dateTime(at, zone);
  return zone === systemZone() ? text : w.say(IN_ZONE, { moment: text, zone });
}

/** Elapsed ms -> `01:07:42` (hours may pass 24): the timer's digits, the same in every language. */
export function showElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(total / 3600))}:${two(Math.floor(total / 60) % 60)}:${two(total % 60)}`;
}

const M = defineMessages({
  // The same message as Settings' rounding card says under its examples: one rule, one way to say it.
  rule: {
    id: 'settings.rounding.rule',
    defaultMessage:
      '{mode, select, nearest {nearest {step, plural, one {minute} other {# minutes}}} up {up to {step, plural, one {the minute} other {# minutes}}} other {down to {step, plural, one {the minute} other {# minutes}}}}',
    description: 'The rounding rule in words, after the examples: "nearest 15 minutes", "up to the minute".',
  },
  synced: { id: 'track.sync-sentence.synced', defaultMessage: 'Synced.', description: 'After "Logged 01:30 on ...": the service has it.' },
  queued: {
    id: 'track.sync-sentence.queued',
    defaultMessage: 'Queued: waiting to be sent, it goes by itself when the service can be reached.',
    description: 'After "Logged 01:30 on ...": the log waits in the outbox.',
  },
  sending: { id: 'track.sync-sentence.sending', defaultMessage: 'Syncing...', description: 'After "Logged 01:30 on ...": being sent now.' },
  inDoubt: {
    id: 'sync.in-doubt',
    defaultMessage:
      'Sent, but the answer did not come back: Punchcard checks with the service whether it arrived before sending it again, so it is never there twice.',
    description:
      'An entry whose request went out and whose answer was lost (a login page, a cut connection); it waits for the service to be reachable.',
  },
  needsAttention: {
    id: 'track.sync-sentence.needs-attention',
    defaultMessage: 'The service refused it: it needs your attention.',
    description: 'After "Logged 01:30 on ...": the service refused the log.',
  },
  noList: {
    id: 'week.no-list-note',
    defaultMessage:
      'This service does not list logs on their own: logs made on its web page or phone app show here only once the week is submitted, and the daily maximum is checked without them.',
  },
  elsewhere: {
    id: 'week.logged-elsewhere',
    defaultMessage: 'logged elsewhere',
    description: 'Beside a time log made outside Punchcard (on the service’s web page, phone app or another computer).',
  },
});

/** The rounding rule in words: "nearest minute", "up to 15 minutes". */
export function ruleWords(w: Wording, rule: RoundingRule): string {
  return w.say(M.rule, { mode: rule.mode, step: rule.stepMinutes });
}

/**
 * A sync state as icon + words, the same in the outbox, the week, the track screen and `punch`
 * (src/shared/status/sync-words.ts: the status line counts "waiting" = Queued + Syncing). Screens that show a log's state use
 * these, never words of their own: a log the service refused reads "Needs attention", never "Queued".
 */
export const SYNC_LABELS: Record<BadgeState, { icon: string; message: MessageDescriptor }> = {
  queued: { icon: '\u25F7', message: SYNC_STATE_MESSAGES.queued },
  sending: { icon: '\u21BB', message: SYNC_STATE_MESSAGES.sending },
  synced: { icon: '\u2713', message: SYNC_STATE_MESSAGES.synced },
  'needs-attention': { icon: '\u26A0\uFE0E', message: SYNC_STATE_MESSAGES['needs-attention'] },
  // not the turning arrow: nothing is under way, Punchcard asks the service once it can be reached
  checking: { icon: '?', message: CHECKING_MESSAGE },
};

/** After "Logged 01:30 on ...": where the log is now, in a sentence. */
export const SYNC_SENTENCES: Record<SyncState, MessageDescriptor> = {
  synced: M.synced,
  queued: M.queued,
  sending: M.sending,
  'needs-attention': M.needsAttention,
};

/**
 * An entry sent whose answer was lost stays "sending" until the service can say whether it arrived: its sentence says
 * what happened, its badge "Checking" (src/shared/status/badge.ts).
 */
export { inDoubt } from '../../shared/status/badge';

/** What an entry in doubt (`inDoubt`) says: after "Logged 01:30 on ...", and on its outbox row. */
export const IN_DOUBT_SENTENCE = M.inDoubt;

/** A timesheet's state in words (`none`: the week has no timesheet yet). */
export const STATE_MESSAGES = defineMessages({
  none: { id: 'week.state.none', defaultMessage: 'Not submitted', description: 'The week has no timesheet yet.' },
  draft: { id: 'week.state.draft', defaultMessage: 'Draft', description: 'A timesheet made but not sent for approval.' },
  pending: { id: 'week.state.pending', defaultMessage: 'Pending approval' },
  approved: { id: 'week.state.approved', defaultMessage: 'Approved' },
  rejected: { id: 'week.state.rejected', defaultMessage: 'Rejected' },
});

/** STATE_MESSAGES' English, for the screens not converted yet (the Team tab's team-format.ts). */
export const STATE_LABELS = Object.freeze(
  Object.fromEntries(Object.entries(STATE_MESSAGES).map(([k, m]) => [k, m.defaultMessage])) as Record<keyof typeof STATE_MESSAGES, string>,
);

/**
 * The service offers no list of the user's logs (WeekView.onlyTimesheetLogs): said wherever the week or the day's
 * total is shown (the Week tab, Track), since logs made elsewhere may be missing from both.
 */
export const NO_LIST_NOTE = M.noList;

/** Beside a log made outside Punchcard (LocalTimeLog.elsewhere): where it came from. */
export const ELSEWHERE_WORDS = M.elsewhere;
