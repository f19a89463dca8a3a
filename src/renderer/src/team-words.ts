/**
 * The Team tab's words that are pure presentation (kept apart from the store's data flow, store/slices/team.ts): the line
 * after "Approve N" that says whose timesheets were decided, and the flags of an unusual week (src/shared/team/week-flags.ts).
 */
import type { DecisionOutcome, Timesheet } from '../../shared/domain';
import { weekFlags, type WeekFlag } from '../../shared/team/week-flags';
import { whoOf } from './team-format';

type Decided = Extract<DecisionOutcome, { ok: true }>;

/** "Chloe Martin, James Wilson and Liam Chen". */
export function namesList(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * "Approved 3 timesheets: Chloe Martin, James Wilson and Liam Chen." / "Approved 2 of 3 timesheets (Ava Johnson and
 * Noah Kim); 1 was not (why is shown with it)." Whose, from the service's answer for each (the same person twice,
 * for two weeks, is named twice with the weeks' count).
 */
export function batchLine(outcomes: DecisionOutcome[], decision: 'approved' | 'rejected'): string {
  const done = outcomes.filter((o): o is Decided => o.ok);
  const failed = outcomes.length - done.length;
  const verb = decision === 'approved' ? 'Approved' : 'Rejected';
  const n = (k: number) => `${k} timesheet${k === 1 ? '' : 's'}`;
  const counts = new Map<string, number>();
  for (const o of done) {
    const who = whoOf(o.timesheet);
    counts.set(who, (counts.get(who) ?? 0) + 1);
  }
  // by name, as the list is read
  const whose = namesList([...counts].sort(([a], [b]) => a.localeCompare(b)).map(([who, k]) => (k > 1 ? `${who} (${k})` : who)));
  const head =
    failed === 0
      ? `${verb} ${n(done.length)}${whose ? `: ${whose}` : ''}.`
      : `${verb} ${done.length} of ${n(outcomes.length)}${whose ? ` (${whose})` : ''}; ${failed} ${failed === 1 ? 'was' : 'were'} not (why is shown with ${failed === 1 ? 'it' : 'each'}).`;
  const waiting = decision === 'approved' ? done.filter((o) => o.timesheet.status === 'pending') : [];
  if (!waiting.length) return head;
  return `${head} ${namesList(waiting.map((o) => whoOf(o.timesheet)).sort((a, b) => a.localeCompare(b)))} ${waiting.length === 1 ? 'waits' : 'wait'} for the next approver.`;
}

/** A list row's flags: only what its total says (a row carries no logs); the opened timesheet says more. */
export function rowFlags(t: Timesheet, thisYear?: number): WeekFlag[] {
  return weekFlags(t, thisYear);
}
