/**
 * What the week says to people, one function per message from values (a week, a day, hours, counts), each a code
 * and values with its English beside it (src/shared/i18n/said.ts): why a week cannot be submitted, what became of
 * a submit whose answer was lost, and the reminders.
 */
import { defineMessages } from '../../shared/i18n/messages';
import { said } from '../../shared/i18n/english';
import type { Said, SaidValue, Words } from '../../shared/i18n/said';

const M = defineMessages({
  unreachable: {
    id: 'core.week.submit.unreachable',
    defaultMessage: 'The service cannot be reached right now; submitting a week needs a connection.',
  },
  pending: {
    id: 'core.week.submit.not-synced',
    defaultMessage:
      '{count, plural, one {# entry of this week is not synced yet} other {# entries of this week are not synced yet}}: {entries}. Sync first (it happens by itself when the service is reachable).',
    description: '{entries}: the entries, each as day, hours and job, joined with semicolons.',
  },
  // the service is reachable and refused these only because its calendar is still on an earlier day: "sync first, it
  // happens when the service is reachable" would be untrue (it is reachable) and give no time
  waitsForServiceDay: {
    id: 'core.week.submit.waits-for-service-day',
    defaultMessage:
      "{count, plural, one {# entry of this week waits for the service's day to begin (another time zone, still on an earlier day): {entries}. Punchcard sends it then; submit the week after that.} other {# entries of this week wait for the service's day to begin (another time zone, still on an earlier day): {entries}. Punchcard sends them then; submit the week after that.}}",
    description: '{entries}: the entries, each as day, hours and job, joined with semicolons.',
  },
  attention: {
    id: 'core.week.submit.attention',
    defaultMessage:
      '{count, plural, one {# entry of this week needs attention in the outbox: {entries}. Retry, fix or discard it first.} other {# entries of this week need attention in the outbox: {entries}. Retry, fix or discard them first.}}',
  },
  submitted: { id: 'core.week.submit.already-submitted', defaultMessage: 'This week is already submitted and waits for approval.' },
  approved: { id: 'core.week.submit.already-approved', defaultMessage: 'This week is already approved.' },
  empty: { id: 'core.week.submit.empty', defaultMessage: 'Nothing is logged in this week yet.' },
  cannot: {
    id: 'core.week.submit.cannot',
    defaultMessage: 'The week cannot be submitted: {why}',
    description: '{why}: the reasons, each a sentence of its own.',
  },
  stopped: {
    id: 'core.week.submit.stopped',
    defaultMessage: 'The week was not submitted: it was stopped before anything was sent. Nothing changed.',
  },
  notSubmitted: {
    id: 'core.week.submit.lost-not-submitted',
    defaultMessage:
      'The week of {day} was not submitted: the service did not answer ({why}), and the week, read again just now, shows it not submitted. Nothing changed; submit it again.',
  },
  unknown: {
    id: 'core.week.submit.lost-unknown',
    defaultMessage:
      'The submit of the week of {day} got no answer ({why}): the service may or may not have received it, and the week could not be read to find out. Punchcard does not send it again by itself: look at the week once the service answers; it shows whether the week is submitted (a submitted week cannot be submitted twice).',
  },
  entry: {
    id: 'core.week.submit.entry',
    defaultMessage:
      '{kind, select, delete {deleting {day} {hours} {job}} edit {a change to {day} {hours} {job}} other {{day} {hours} {job}}}{description, select, none {} other { ({description})}}',
    description: 'An outbox entry of the week: its day, hours (HH:MM) and job; {description} or "none".',
  },
  more: {
    id: 'core.week.submit.more',
    defaultMessage: '{entries}; and {count, number} more',
    description: 'The first five entries, then how many more.',
  },
  // reminders
  remindAttention: {
    id: 'core.week.remind.attention',
    defaultMessage:
      '{count, plural, one {# entry in the outbox needs attention: the service refused it.} other {# entries in the outbox need attention: the service refused them.}} Open the outbox to retry, fix or discard.',
  },
  remindRejected: {
    id: 'core.week.remind.rejected',
    defaultMessage:
      'Your timesheet for {week} was rejected.{comment, select, none {} other { Your manager wrote: "{comment}"{stop, select, yes {.} other {}}}} Fix it and submit it again.',
    description: "{comment}: the manager's own words, quoted as written; {stop} says whether a full stop follows them.",
  },
  remindOverdue: {
    id: 'core.week.remind.overdue',
    defaultMessage: 'Last week ({week}, {hours}) was due {weekday} and is not submitted yet. Submit it now.',
    description: '{hours}: the week\'s hours as HH:MM ("38:30", as its Total shows them); {weekday}: a day of the week.',
  },
  remindDue: {
    id: 'core.week.remind.due',
    defaultMessage:
      'This week {compare, select, none {has no hours logged yet} only {has {hours} logged} same {has about as many hours as last week ({hours})} less {has {hours} less than last week} other {has {hours} more than last week}} and {when, select, tomorrow {is due {weekday}} today {is due today} other {was due {weekday}; submit it now}}.',
    description: '{hours}: hours as HH:MM ("06:00", as the week\'s Total shows them); {weekday}: a day of the week.',
  },
});

const w = (m: { id: string }, values: Said['values'] = {}): Words => said(m.id, values);
const phrase = (m: { id: string }, values: Said['values']): Said => ({ code: m.id, values });

export type EntryFields = { workDate?: string; hours?: string; jobName?: string; description?: string };

export const weekWords = {
  unreachable: () => w(M.unreachable),
  /** `entries`: a value of the entries listed (see `entriesValue`). */
  pending: (count: number, entries: SaidValue) => w(M.pending, { count, entries }),
  waitsForServiceDay: (count: number, entries: SaidValue) => w(M.waitsForServiceDay, { count, entries }),
  attention: (count: number, entries: SaidValue) => w(M.attention, { count, entries }),
  submitted: () => w(M.submitted),
  approved: () => w(M.approved),
  empty: () => w(M.empty),
  cannot: (why: SaidValue) => w(M.cannot, { why }),
  stopped: () => w(M.stopped),
  notSubmitted: (day: string, why: SaidValue) => w(M.notSubmitted, { day: { day }, why }),
  unknown: (day: string, why: SaidValue) => w(M.unknown, { day: { day }, why }),
  remindAttention: (count: number) => w(M.remindAttention, { count }),
  remindRejected: (monday: string, comment: string) =>
    w(M.remindRejected, { week: { week: monday }, comment: comment || 'none', stop: /[.!?]$/.test(comment) ? 'no' : 'yes' }),
  remindOverdue: (monday: string, minutes: number, weekday: number) =>
    w(M.remindOverdue, { week: { week: monday }, hours: { hours: minutes }, weekday: { weekday } }),
  remindDue: (v: {
    compare: 'none' | 'only' | 'same' | 'less' | 'more';
    minutes: number;
    when: 'tomorrow' | 'today' | 'late';
    weekday: number;
  }) => w(M.remindDue, { compare: v.compare, hours: { hours: v.minutes }, when: v.when, weekday: { weekday: v.weekday } }),
};

/** An entry as the blockers name it; at most five named, then how many more (a blocker is read in a dialog). */
export function entriesValue(entries: Array<{ kind: string; f: EntryFields }>): SaidValue {
  const each = entries.map(({ kind, f }) =>
    phrase(M.entry, {
      kind,
      day: f.workDate ? { day: f.workDate } : '',
      hours: f.hours ?? '',
      job: f.jobName ?? '',
      description: f.description || 'none',
    }),
  );
  const named: SaidValue = { list: each.slice(0, 5), kind: 'semicolon' };
  return each.length <= 5 ? named : { said: phrase(M.more, { entries: named, count: each.length - 5 }) };
}
