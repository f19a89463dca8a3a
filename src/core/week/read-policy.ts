/**
 * When the service's part of a week is read again, and how old a kept copy may be for what: the read policy
 * (src/core/week/README.md "Read policy", docs/benchmarks.md "Requests per day of use"). Pure: a kept copy, why the
 * week is wanted, the time; out comes what to read.
 *
 * A week read has two halves: the user's time logs of the week (gettimelogs, one request) and which timesheet speaks
 * for it (gettimesheet, one request, and its details for a rejected week). The logs change whenever the user logs on
 * the phone or the web page, so they are read again by the age that suits the reason. The timesheet changes only by a
 * submit or a manager's decision, and each of those changes the approval state of the week's logs in the list
 * (draft to pending, pending to approved or rejected): so the timesheet is read again when the states the list shows
 * differ from those of the last read (`approvalsOf`), when the list shows no states (nothing to compare: both halves
 * every time), after a change made here (`stale`), when the user asks (`refresh`), and at the latest after
 * `sheetMaxAgeMs` as a safety net. An approved week cannot change any more: its copy serves every look for hours.
 */
import type { ApprovalStatus, TimeLog } from '../../shared/domain';

/**
 * Why the week is wanted, each with the age of copy that is true enough for it:
 * - `rule`: a rule is about to be checked on one of its days (the form's live check, a log, the timer, `punch log`);
 * - `act`: the user acts on the whole week (submit);
 * - `look`: the user looks at it (the Week tab opened, the window back in front: a log may have been made on the phone);
 * - `glance`: a screen follows what it already shows (Track shown again after another tab, a change made here);
 * - `now`: read now when the service answers, the copy only offline: a one-shot front end (`punch week`), and the
 *   app's window or page just opened (a decision the user was told of by email shows at once).
 */
export type WeekLook = 'rule' | 'act' | 'look' | 'glance' | 'now';

export interface WeekReadPolicy {
  /** How old the logs may be, by reason. */
  logsMaxAgeMs: Record<WeekLook, number>;
  /** An approved week: how old its copy may be for any reason but `now`. */
  approvedMaxAgeMs: number;
  /** At the latest this long after the timesheet was read, it is read again with the logs. */
  sheetMaxAgeMs: number;
}

export const WEEK_READ_POLICY: Readonly<WeekReadPolicy> = Object.freeze({
  logsMaxAgeMs: Object.freeze({ rule: 15_000, act: 15_000, look: 60_000, glance: 5 * 60_000, now: 0 }),
  approvedMaxAgeMs: 12 * 60 * 60_000,
  sheetMaxAgeMs: 2 * 60 * 60_000,
});

/** What of a kept copy the policy looks at (./week-merge.ts ServiceWeek). */
export interface KeptHalves {
  /** When the logs were read. */
  fetchedAt: number;
  /** When the timesheet was read (absent in copies kept before the halves: as old as the logs). */
  sheetReadAt?: number;
  timesheet?: { status: ApprovalStatus };
  /** The approval states of the list at the last read; null or absent: the list showed none, compare nothing. */
  approvals?: string | null;
  /** Changed here since it was read (a submit, a decision, a delete): read both halves. */
  stale?: boolean;
  /** false: the service has no list, the timesheet's details are the logs (both halves every time). */
  listed?: boolean;
}

/** The age of a copy, or Infinity for a clock that went back (a test's, the system's): such a copy says nothing. */
function ageOf(at: number | undefined, now: number): number {
  if (at === undefined) return Infinity;
  const age = now - at;
  return age >= 0 ? age : Infinity;
}

/** How old the logs may be for this reason and this week. */
export function logsMaxAge(kept: KeptHalves | undefined, why: WeekLook, policy: WeekReadPolicy = WEEK_READ_POLICY): number {
  const max = policy.logsMaxAgeMs[why];
  return kept?.timesheet?.status === 'approved' && why !== 'now' ? Math.max(max, policy.approvedMaxAgeMs) : max;
}

/** Is the kept copy true enough for this reason, as it is (no read)? */
export function keptServes(kept: KeptHalves | undefined, why: WeekLook, now: number, policy: WeekReadPolicy = WEEK_READ_POLICY): boolean {
  if (!kept || kept.stale) return false;
  const age = ageOf(kept.fetchedAt, now);
  return why === 'now' ? false : age < logsMaxAge(kept, why, policy);
}

/** Before a read: does the timesheet half go with the logs from the start (else only when the logs' states say so)? */
export function sheetWanted(
  kept: KeptHalves | undefined,
  now: number,
  refresh: boolean,
  policy: WeekReadPolicy = WEEK_READ_POLICY,
): boolean {
  if (!kept || kept.stale || refresh) return true;
  if (kept.listed === false || kept.approvals == null) return true;
  return ageOf(kept.sheetReadAt ?? kept.fetchedAt, now) >= policy.sheetMaxAgeMs;
}

/**
 * The approval states the list shows, as one comparable string: each log that is not a draft, with its state. A log
 * made on the phone is a draft and changes nothing; a submit, an approval or a rejection changes it. null when a log
 * comes without a state (this service's list does not say: the timesheet is then read with every read).
 */
export function approvalsOf(listed: readonly TimeLog[]): string | null {
  if (listed.some((l) => !l.approvalStatus)) return null;
  return listed
    .filter((l) => l.approvalStatus !== 'draft')
    .map((l) => `${l.timeLogId}:${l.approvalStatus}`)
    .sort()
    .join(',');
}
