/**
 * The company's rules for a time log, checked before anything is queued so a log made offline does not fail days
 * later. real-service-notes: the service enforces no future dates, often only the last N days, at most 24 h per day
 * (or the company maximum from settings), and approved or pending logs cannot be edited. Pure: the caller passes the
 * settings, today's local date, the job list and lookups into the ledger.
 */
import type { Job, RuleViolation, TrackerSettings } from '../../../shared/domain';
import { isHhmm, parseHhmm, toHhmm } from '../../../shared/hours';
import { addDays, daysBetween, isValidDate, weekLabel, weekStartOf } from '../../../shared/week';
import { closestNames, quotedChoice } from '../../../shared/closest';

export interface LogToCheck {
  workDate: string;
  hours: string;
  jobId?: string;
  jobName?: string;
  /** The log being edited (its local id): its own minutes do not count against the day's total. */
  localId?: string;
  /**
   * The job cannot change here (an edit of a log already sent: edittimelog takes no job, spec 4.2), so its name is not
   * checked against the job list again: a job renamed or completed since must not block changing the hours.
   */
  jobFixed?: boolean;
}

export interface RuleContext {
  settings: TrackerSettings;
  /** Today's local date `YYYY-MM-DD` (from the injected clock). */
  today: string;
  jobs: Job[];
  /**
   * Whether the job list has been fetched for this account (default: whether `jobs` holds any). When it has, a job
   * named by name must be in it, letter case included; when it never was (first start offline), the name is
   * accepted and the service checks it when the log is sent (docs/outbox.md "Checked before queued").
   */
  jobsKnown?: boolean;
  /** Minutes already logged on `date`, leaving out the log `excludingLocalId` (an edit replaces it). */
  dayTotalMinutes: (date: string, excludingLocalId?: string) => number;
  /** true when the week holding `date` is submitted (pending) or approved. */
  isLocked: (date: string) => boolean;
}

export function checkLog(log: LogToCheck, ctx: RuleContext): RuleViolation[] {
  const violations: RuleViolation[] = [];
  const minutes = checkHours(log.hours, violations);
  const dateOk = checkDate(log.workDate, ctx, violations);
  checkJob(log, ctx, violations);

  if (dateOk && minutes !== undefined && minutes > 0) {
    const already = Math.max(0, ctx.dayTotalMinutes(log.workDate, log.localId));
    const max = ctx.settings.maxMinutesPerDay;
    if (already + minutes > max) {
      const room = Math.max(0, max - already);
      const advice = room > 0 ? `Log at most ${toHhmm(room)} more on that day.` : 'Nothing more can be logged on that day; pick another day or shorten another log.';
      violations.push({
        field: 'hours', rule: 'max-per-day',
        message: `${log.workDate} would have ${toHhmm(already + minutes)}, over the company maximum of ${toHhmm(max)} per day. ${advice}`,
      });
    }
  }
  if (dateOk && ctx.isLocked(log.workDate)) {
    violations.push({
      field: 'week', rule: 'locked',
      message: `The week ${weekLabel(weekStartOf(log.workDate))} is submitted or approved, so its logs cannot change. Pick a date in another week, or ask your manager to reject the week first.`,
    });
  }
  return violations;
}

function checkHours(hours: string, out: RuleViolation[]): number | undefined {
  if (!isHhmm(hours)) {
    out.push({ field: 'hours', rule: 'format', message: `Hours "${String(hours ?? '')}" are not HH:MM. Write hours and minutes, for example 01:30.` });
    return undefined;
  }
  const minutes = parseHhmm(hours);
  if (minutes <= 0) out.push({ field: 'hours', rule: 'positive', message: 'Hours must be more than 00:00. Enter the time worked, for example 00:15.' });
  return minutes;
}

/** Returns whether the date is a usable calendar date (later checks need one). */
function checkDate(workDate: string, ctx: RuleContext, out: RuleViolation[]): boolean {
  if (!isValidDate(workDate)) {
    out.push({ field: 'workDate', rule: 'format', message: `Date "${String(workDate ?? '')}" is not a calendar date. Use YYYY-MM-DD, for example 2026-11-20.` });
    return false;
  }
  const ahead = daysBetween(ctx.today, workDate);
  if (ahead > 0 && !ctx.settings.allowFutureDates) {
    out.push({ field: 'workDate', rule: 'future', message: `${workDate} is in the future (today is ${ctx.today}); the company does not allow logging ahead. Pick today or an earlier day, or log it when the day comes.` });
  }
  const allowed = ctx.settings.pastDaysAllowed;
  // "Only the last N days": the oldest day that can be logged is today minus N (0 = today only).
  if (allowed !== null && allowed >= 0 && -ahead > allowed) {
    out.push({ field: 'workDate', rule: 'too-old', message: `${workDate} is more than ${allowed} days ago; the company allows logging only back to ${addDays(ctx.today, -allowed)}. Ask your manager to log older time.` });
  }
  return true;
}

function checkJob(log: LogToCheck, ctx: RuleContext, out: RuleViolation[]): void {
  const name = typeof log.jobName === 'string' ? log.jobName.trim() : '';
  if (log.jobId) {
    if (ctx.jobs.some((j) => j.jobId === log.jobId) || name) return;
    out.push({ field: 'job', rule: 'unknown-job', message: `Job ${log.jobId} is not in your job list. Refresh the job list, or pick a job from it.` });
    return;
  }
  if (!name) {
    out.push({ field: 'job', rule: 'required', message: 'A job is required. Pick a job from the list.' });
    return;
  }
  if (log.jobFixed || !(ctx.jobsKnown ?? ctx.jobs.length > 0)) return;
  const problem = unknownJobName(name, ctx.jobs);
  if (problem) out.push(problem);
}

/**
 * A job named by name must be in the job list exactly (issue 8 point 9): the service matches names exactly, so a
 * name in another letter case, or a typo, used to be queued and refused days later at sync. The violation names up
 * to three closest names, the same name in another letter case first.
 */
export function unknownJobName(name: string, jobs: readonly Job[]): RuleViolation | undefined {
  const typed = name.trim();
  if (jobs.some((j) => j.jobName.trim() === typed)) return undefined;
  const near = closestNames(typed, jobs.map((j) => j.jobName.trim()));
  const caseOnly = near.length > 0 && near[0].toLowerCase().replace(/\s+/g, ' ') === typed.toLowerCase().replace(/\s+/g, ' ');
  const why = caseOnly ? ' (job names must match exactly, letter case too)' : '';
  const advice = near.length > 0
    ? `Did you mean ${quotedChoice(near)}?`
    : 'Pick a job from your job list (`punch jobs`), or refresh the list if the job is new.';
  return { field: 'job', rule: 'unknown-job', message: `There is no job named "${typed}" in your job list${why}. ${advice}` };
}
