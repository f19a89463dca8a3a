/**
 * How the Team screens read a timesheet: its state ("Partly approved" from its logs), its period
 * ("16 – 22 Nov"), whose it is, the list grouped by period, and the line after a decision.
 */
import type { Timesheet, TimesheetDetail } from '../../shared/domain';
import { isPartlyApproved } from '../../shared/team/approval';
import { nameBeyondPeriod, showPeriod } from '../../shared/time/period';
import { STATE_LABELS } from './format';

export { showPeriod };

/** Partly approved whatever the status says: marked by the core, or (a detail) read from its logs. */
export const isPartly = (t: Timesheet | TimesheetDetail): boolean =>
  t.partlyApproved === true || ('timeLogs' in t && Array.isArray(t.timeLogs) && isPartlyApproved(t.timeLogs));

/** The badge: its words and its tone (a CSS modifier). */
export function stateOf(t: Timesheet | TimesheetDetail): { label: string; tone: string } {
  return isPartly(t) ? { label: 'Partly approved', tone: 'partial' } : { label: STATE_LABELS[t.status], tone: t.status };
}

/** Whose a timesheet is when neither the service's list nor its detail said (never "Someone": it says why). */
export const NOT_NAMED_SHEET = 'Employee not named by the service';

/**
 * "Liam Chen": the employee's name or email as the list gives it (or as the core learnt it from the detail), else the
 * timesheet's own name when it says more than its period ("Liam Chen - week 47"), else NOT_NAMED_SHEET.
 */
export const whoOf = (t: Timesheet): string => t.employeeName ?? t.employeeEmail ?? nameBeyondPeriod(t.timesheetName) ?? NOT_NAMED_SHEET;

/**
 * The timesheet's own name only when it says more than its period ("Week of 16-Nov-2026", the sandbox's, "Week of 16
 * Nov 2026", the app's, or "Week 47" repeat what the period already shows) and is not already the row's heading.
 */
export function extraName(t: Timesheet): string | undefined {
  const name = nameBeyondPeriod(t.timesheetName);
  return name && name !== whoOf(t) ? name : undefined;
}

export interface PeriodGroup {
  key: string;
  label: string;
  sheets: Timesheet[];
}

/** Newest period first; within one, by the employee's name ("the list ordered by period"). */
export function groupByPeriod(sheets: Timesheet[], thisYear?: number): PeriodGroup[] {
  const groups = new Map<string, PeriodGroup>();
  for (const t of sheets) {
    const key = `${t.fromDate}_${t.toDate}`;
    const g = groups.get(key) ?? { key, label: showPeriod(t.fromDate, t.toDate, thisYear), sheets: [] };
    g.sheets.push(t);
    groups.set(key, g);
  }
  const byName = (a: Timesheet, b: Timesheet) => whoOf(a).localeCompare(whoOf(b)) || a.recordId.localeCompare(b.recordId);
  return [...groups.values()]
    .map((g) => ({ ...g, sheets: g.sheets.sort(byName) }))
    .sort((a, b) => b.sheets[0].fromDate.localeCompare(a.sheets[0].fromDate) || b.key.localeCompare(a.key));
}

/** "Liam Chen's timesheet for 9 – 15 Nov". */
export const sheetWords = (t: Timesheet, thisYear?: number): string => {
  const who = t.employeeName ?? t.employeeEmail ?? nameBeyondPeriod(t.timesheetName);
  return `${who ? `${who}'s` : 'the'} timesheet for ${showPeriod(t.fromDate, t.toDate, thisYear)}`;
};

/** The line after a decision, from what the service now holds (not from what was asked). */
export function decidedLine(t: TimesheetDetail, thisYear?: number): string {
  const what = sheetWords(t, thisYear);
  if (isPartly(t)) {
    const approved = t.timeLogs.filter((l) => l.approvalStatus === 'approved').length;
    const rejected = t.timeLogs.filter((l) => l.approvalStatus === 'rejected').length;
    const waiting = t.timeLogs.length - approved - rejected;
    const parts = [`${approved} approved`, ...(rejected ? [`${rejected} rejected`] : []), ...(waiting ? [`${waiting} waiting`] : [])];
    return `Partly approved ${what}: ${parts.join(', ')}.`;
  }
  if (t.status === 'approved') return `Approved ${what}.`;
  if (t.status === 'rejected') return `Rejected ${what}.`;
  if (t.status === 'pending') return `Approved at your level: ${what} now waits for the next approver.`;
  return `Decided ${what}.`;
}
