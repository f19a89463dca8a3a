/**
 * Reminders that respect the deadline instead of nagging (PRODUCT: "this week has 6 h less than last week and is
 * due Friday"). Pure: the caller passes the clock's time, the company's settings and what the ledger knows. Ids are
 * stable for the same situation, so the UI can show each one once and let it be dismissed.
 */
import type { ApprovalStatus, Reminder, TrackerSettings } from '../../shared/domain';
import { daysBetween, dueDate, localDate } from '../../shared/time/week';
import { saidOf, type Said, type Words } from '../../shared/i18n/said';
import { weekWords } from './week-words';

export interface ReminderInput {
  now: number;
  /** The user's day at `now` (the zone they chose: ../../shared/time/zone.ts `userDay`); default: this process's. */
  today?: string;
  settings: TrackerSettings;
  thisWeek: { weekStart: string; totalMinutes: number; status?: ApprovalStatus };
  lastWeekTotalMinutes: number;
  /** Last week's timesheet state, when known: an unsubmitted last week with hours gets an overdue reminder. */
  lastWeek?: { weekStart: string; status?: ApprovalStatus };
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
    ...text(weekWords.remindOverdue(lastWeek.weekStart, input.lastWeekTotalMinutes, settings.submissionDueWeekday)),
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

  const when = daysLeft === 1 ? 'tomorrow' : daysLeft === 0 ? 'today' : 'late';
  return {
    id: `week-due:${thisWeek.weekStart}`,
    kind: 'week-due',
    weekStart: thisWeek.weekStart,
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
