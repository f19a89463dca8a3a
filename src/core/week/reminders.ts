/**
 * Reminders that respect the deadline instead of nagging (PRODUCT: "this week has 6 h less than last week and is
 * due Friday"). Pure: the caller passes the clock's time, the company's settings and what the ledger knows. Ids are
 * stable for the same situation, so the UI can show each one once and let it be dismissed.
 */
import type { ApprovalStatus, Reminder, TrackerSettings } from '../../shared/domain';
import { daysBetween, dueDate, localDate } from '../../shared/time/week';
import { saidOf, type Said, type Words } from '../../shared/i18n/said';
import { defineMessages } from '../../shared/i18n/messages';
import { said } from '../../shared/i18n/english';
import { weekWords } from './week-words';

const M = defineMessages({
  // Submit is refused while a week's entries wait for the service's day (./submit.ts names the wait): "submit it now"
  // beside a disabled Submit would contradict it, so the reminder says when it can be submitted instead.
  dueWaiting: {
    id: 'core.week.remind.due-waiting',
    defaultMessage:
      "{which, select, last {Last week ({week}, {hours}) was due {weekday}} other {This week ({hours}) {when, select, today {is due today} other {was due {weekday}}}}}. {count, plural, one {# entry waits for the service's day to begin (another time zone, still on an earlier day); Punchcard sends it by itself then, and the week can be submitted after that.} other {# entries wait for the service's day to begin (another time zone, still on an earlier day); Punchcard sends them by itself then, and the week can be submitted after that.}}",
    description:
      '{hours}: the week\'s hours as HH:MM ("38:30"); {week}: the week as its first and last day; {weekday}: a day of the week; {count}: entries not sent yet.',
  },
});

/** A week due (or overdue) whose submit waits for entries the service's day will let through. */
function dueWaiting(v: {
  which: 'this' | 'last';
  week: string;
  minutes: number;
  when: 'today' | 'late';
  weekday: number;
  count: number;
}): Words {
  return said(M.dueWaiting.id, {
    which: v.which,
    week: { week: v.week },
    hours: { hours: v.minutes },
    when: v.when,
    weekday: { weekday: v.weekday },
    count: v.count,
  });
}

export interface ReminderInput {
  now: number;
  /** The user's day at `now` (the zone they chose: ../../shared/time/zone.ts `userDay`); default: this process's. */
  today?: string;
  settings: TrackerSettings;
  /** `waiting`: its entries queued until the service's day begins (submit is refused until they are sent). */
  thisWeek: { weekStart: string; totalMinutes: number; status?: ApprovalStatus; waiting?: number };
  lastWeekTotalMinutes: number;
  /** Last week's timesheet state, when known: an unsubmitted last week with hours gets an overdue reminder. */
  lastWeek?: { weekStart: string; status?: ApprovalStatus; waiting?: number };
  /** Outbox entries the user has to act on. */
  needsAttention: number;
  /** The latest rejected week, if one waits to be fixed and resubmitted. */
  rejected?: { weekStart: string; comments?: string };
}

/** Differences smaller than this are "about the same": a reminder about 10 minutes is noise. */
const SAME_WITHIN_MINUTES = 30;

export function computeReminders(input: ReminderInput): Reminder[] {
  const reminders: Reminder[] = [];
  if (input.needsAttention > 0) {
    const n = input.needsAttention;
    reminders.push({ id: `needs-attention:${n}`, kind: 'needs-attention', ...text(weekWords.remindAttention(n)) });
  }
  if (input.rejected) {
    const { weekStart, comments } = input.rejected;
    // A comment that ends its own sentence gets no second full stop after the closing quote.
    reminders.push({
      id: `rejected:${weekStart}`,
      kind: 'rejected',
      weekStart,
      ...text(weekWords.remindRejected(weekStart, comments?.trim() ?? '')),
    });
  }
  const overdue = lastWeekOverdueReminder(input);
  if (overdue) reminders.push(overdue);
  const due = weekDueReminder(input);
  if (due) reminders.push(due);
  return reminders;
}

/** Once the week rolls over, an unsubmitted last week would otherwise drop out of sight until payroll asks. */
function lastWeekOverdueReminder(input: ReminderInput): Reminder | undefined {
  const { lastWeek, settings } = input;
  if (!lastWeek || !settings.enabled || input.lastWeekTotalMinutes <= 0) return undefined;
  if (lastWeek.status && lastWeek.status !== 'draft') return undefined;
  return {
    id: `week-due:${lastWeek.weekStart}`,
    kind: 'week-due',
    weekStart: lastWeek.weekStart,
    ...text(
      lastWeek.waiting
        ? dueWaiting({
            which: 'last',
            week: lastWeek.weekStart,
            minutes: input.lastWeekTotalMinutes,
            when: 'late',
            weekday: settings.submissionDueWeekday,
            count: lastWeek.waiting,
          })
        : weekWords.remindOverdue(lastWeek.weekStart, input.lastWeekTotalMinutes, settings.submissionDueWeekday),
    ),
  };
}

function weekDueReminder(input: ReminderInput): Reminder | undefined {
  const { settings, thisWeek } = input;
  if (!settings.enabled) return undefined;
  // Submitted or decided: nothing left for the user. A rejected week is the rejected reminder's job.
  if (thisWeek.status && thisWeek.status !== 'draft') return undefined;
  const due = dueDate(thisWeek.weekStart, settings.submissionDueWeekday);
  const daysLeft = daysBetween(input.today ?? localDate(input.now), due);
  // Quiet until the day before the due day.
  if (daysLeft > 1) return undefined;

  const when = daysLeft === 1 ? ('tomorrow' as const) : daysLeft === 0 ? ('today' as const) : ('late' as const);
  const id = { id: `week-due:${thisWeek.weekStart}`, kind: 'week-due' as const, weekStart: thisWeek.weekStart };
  if (thisWeek.waiting && when !== 'tomorrow') {
    const v = {
      which: 'this' as const,
      week: thisWeek.weekStart,
      minutes: thisWeek.totalMinutes,
      when,
      weekday: settings.submissionDueWeekday,
    };
    return { ...id, ...text(dueWaiting({ ...v, count: thisWeek.waiting })) };
  }
  return {
    ...id,
    ...text(
      weekWords.remindDue({
        ...comparison(thisWeek.totalMinutes, input.lastWeekTotalMinutes),
        when,
        weekday: settings.submissionDueWeekday,
      }),
    ),
  };
}

function comparison(thisWeek: number, lastWeek: number): { compare: 'none' | 'only' | 'same' | 'less' | 'more'; minutes: number } {
  if (thisWeek <= 0) return { compare: 'none', minutes: 0 };
  if (lastWeek <= 0) return { compare: 'only', minutes: thisWeek };
  const diff = thisWeek - lastWeek;
  if (Math.abs(diff) < SAME_WITHIN_MINUTES) return { compare: 'same', minutes: thisWeek };
  return { compare: diff < 0 ? 'less' : 'more', minutes: Math.abs(diff) };
}

/** A reminder's English and its code and values. */
const text = (w: Words): { message: string; said: Said } => ({ message: w.message, said: saidOf(w) });
