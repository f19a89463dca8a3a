/**
 * Reminders that respect the deadline instead of nagging (PRODUCT: "this week has 6 h less than last week and is
 * due Friday"). Pure: the caller passes the clock's time, the company's settings and what the ledger knows. Ids are
 * stable for the same situation, so the UI can show each one once and let it be dismissed.
 */
import type { ApprovalStatus, Reminder, TrackerSettings } from '../../shared/domain';
import { describeMinutes } from '../../shared/time/hours';
import { daysBetween, dueDate, localDate, weekdayName, weekLabel } from '../../shared/time/week';

export interface ReminderInput {
  now: number;
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
    reminders.push({
      id: `needs-attention:${n}`,
      kind: 'needs-attention',
      message: `${n === 1 ? '1 entry' : `${n} entries`} in the outbox ${n === 1 ? 'needs' : 'need'} attention: the service refused ${n === 1 ? 'it' : 'them'}. Open the outbox to retry, fix or discard.`,
    });
  }
  if (input.rejected) {
    const { weekStart, comments } = input.rejected;
    const said = comments?.trim() ?? '';
    // A comment that ends its own sentence gets no second full stop after the closing quote.
    const why = said ? ` Your manager wrote: "${said}"${/[.!?]$/.test(said) ? '' : '.'}` : '';
    reminders.push({
      id: `rejected:${weekStart}`,
      kind: 'rejected',
      weekStart,
      message: `Your timesheet for ${weekLabel(weekStart)} was rejected.${why} Fix it and submit it again.`,
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
    message: `Last week (${weekLabel(lastWeek.weekStart)}, ${describeMinutes(input.lastWeekTotalMinutes)}) was due ${weekdayName(settings.submissionDueWeekday)} and is not submitted yet. Submit it now.`,
  };
}

function weekDueReminder(input: ReminderInput): Reminder | undefined {
  const { settings, thisWeek } = input;
  if (!settings.enabled) return undefined;
  // Submitted or decided: nothing left for the user. A rejected week is the rejected reminder's job.
  if (thisWeek.status && thisWeek.status !== 'draft') return undefined;
  const due = dueDate(thisWeek.weekStart, settings.submissionDueWeekday);
  const daysLeft = daysBetween(localDate(input.now), due);
  // Quiet until the day before the due day.
  if (daysLeft > 1) return undefined;

  const dayName = weekdayName(settings.submissionDueWeekday);
  const when = daysLeft === 1 ? `is due ${dayName}` : daysLeft === 0 ? 'is due today' : `was due ${dayName}; submit it now`;
  return {
    id: `week-due:${thisWeek.weekStart}`,
    kind: 'week-due',
    weekStart: thisWeek.weekStart,
    message: `This week ${comparison(thisWeek.totalMinutes, input.lastWeekTotalMinutes)} and ${when}.`,
  };
}

function comparison(thisWeek: number, lastWeek: number): string {
  if (thisWeek <= 0) return 'has no hours logged yet';
  if (lastWeek <= 0) return `has ${describeMinutes(thisWeek)} logged`;
  const diff = thisWeek - lastWeek;
  if (Math.abs(diff) < SAME_WITHIN_MINUTES) return `has about as many hours as last week (${describeMinutes(thisWeek)})`;
  return `has ${describeMinutes(Math.abs(diff))} ${diff < 0 ? 'less' : 'more'} than last week`;
}
