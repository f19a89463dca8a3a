/**
 * How the Team screens read a timesheet, as facts (the words are in ./team-words.ts): its state ("partial" from its
 * logs), whose it is, its own name when that says more than its period, and the list grouped by period.
 */
import type { ApprovalStatus, DecisionOutcome, Timesheet, TimesheetDetail } from '../../shared/domain';
import { isPartlyApproved } from '../../shared/team/approval';
import { nameBeyondPeriod } from '../../shared/time/period';
import type { Said } from '../../shared/i18n/said';

/** Partly approved whatever the status says: marked by the core, or (a detail) read from its logs. */
export const isPartly = (t: Timesheet | TimesheetDetail): boolean =>
  t.partlyApproved === true || ('timeLogs' in t && Array.isArray(t.timeLogs) && isPartlyApproved(t.timeLogs));

/** What a timesheet's badge says: its status, or `partial` (some logs approved, the others not). */
export type SheetState = ApprovalStatus | 'partial';

/** The badge's state, which is also its tone (a CSS modifier). */
export function stateOf(t: Timesheet | TimesheetDetail): SheetState {
  return isPartly(t) ? 'partial' : t.status;
}

/**
 * "Liam Chen": the employee's name or email as the list gives it (or as the core learnt it from the detail), else the
 * timesheet's own name when it says more than its period ("Liam Chen - week 47"); undefined when none says whose
 * (./team-words.ts `whoOf` then says that the service did not name the employee: never "Someone").
 */
export const nameOf = (t: Timesheet): string | undefined => t.employeeName ?? t.employeeEmail ?? nameBeyondPeriod(t.timesheetName);

/**
 * The timesheet's own name only when it says more than its period ("Week of 16-Nov-2026", the sandbox's, "Week of 16
 * Nov 2026", the app's, or "Week 47" repeat what the period already shows) and is not already the row's heading.
 */
export function extraName(t: Timesheet): string | undefined {
  const name = nameBeyondPeriod(t.timesheetName);
  return name && name !== nameOf(t) ? name : undefined;
}

export interface PeriodGroup {
  key: string;
  from: string;
  to: string;
  sheets: Timesheet[];
}

/** Newest period first; within one, by the employee's name ("the list ordered by period"), the unnamed last. */
export function groupByPeriod(sheets: Timesheet[]): PeriodGroup[] {
  const groups = new Map<string, PeriodGroup>();
  for (const t of sheets) {
    const key = `${t.fromDate}_${t.toDate}`;
    const g = groups.get(key) ?? { key, from: t.fromDate, to: t.toDate, sheets: [] };
    g.sheets.push(t);
    groups.set(key, g);
  }
  const byName = (a: Timesheet, b: Timesheet) =>
    (nameOf(a) ?? '\uFFFF').localeCompare(nameOf(b) ?? '\uFFFF') || a.recordId.localeCompare(b.recordId);
  return [...groups.values()]
    .map((g) => ({ ...g, sheets: g.sheets.sort(byName) }))
    .sort((a, b) => b.from.localeCompare(a.from) || b.key.localeCompare(a.key));
}

/**
 * What the last decision did, as facts the screen words (./team-words.ts `outcomeWords`): one timesheet decided (as
 * the service now holds it), several at once, or one deleted. The store keeps these, never words (docs/i18n.md).
 */
export type TeamOutcome =
  | { kind: 'decided'; sheet: TimesheetDetail }
  | { kind: 'batch'; decision: 'approved' | 'rejected'; outcomes: DecisionOutcome[] }
  | { kind: 'deleted'; sheet: Timesheet };

/** One timesheet of the last "Approve N" that was not decided: its row as the list had it (if it did), and why. */
export interface BatchFailure {
  sheet?: Timesheet;
  /** Why, in the core's words (English). */
  reason: string;
  /** `reason` as the core's code and values, said by the screen in the user's language. */
  said?: Said;
}
