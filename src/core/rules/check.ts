/**
 * The company's rules for a time log, checked before anything is queued so a log made offline does not fail days
 * later. real-service-notes: the service enforces no future dates, often only the last N days, at most 24 h per day
 * (or the company maximum from settings), and approved or pending logs cannot be edited. Pure: the caller passes the
 * settings, today's local date, the job list and lookups into the ledger.
 */
import type { Job, RuleViolation, TrackerSettings } from '../../shared/domain';
import type { Logged } from '../../shared/log';
import { isHhmm, parseHhmm, toHhmm } from '../../shared/time/hours';
import { addDays, daysBetween, isValidDate, toLocalDate, weekStartOf } from '../../shared/time/week';
import { closestNames } from '../../shared/closest';
import { ruleWords, violationWords } from './words';
import type { Said } from '../../shared/i18n/said';
import { sentencesSaid } from '../../shared/input-words';

/**
 * A log as the rules read it: its day, hours and job (the one schema of a log, src/shared/log.ts). Its formats were
 * checked where it came in; the rules check them again only as a guard for what reaches them from inside (a damaged
 * record's log offered again, an old journal's queued add before it is sent), with the same words.
 */
export interface LogToCheck extends Pick<Logged, 'workDate' | 'hours' | 'jobId'>, Partial<Pick<Logged, 'jobName'>> {
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
  /** How the week holding a locked `date` stands (the rules' refusal says it: ./words.ts); unknown: either. */
  lockState?: (date: string) => 'pending' | 'approved';
  /**
   * A locked `date` whose lock the service could not confirm just now (a commit while offline: ../week/weekview.ts
   * `ensureFresh`): when the lock was last read, and the time now; the refusal says so. Undefined: the service said it.
   */
  lockAsRead?: (date: string) => { at: number; now: number } | undefined;
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
      const v = { day: log.workDate, max: toHhmm(max), ...(room > 0 ? { room: toHhmm(room) } : {}) };
      // an edit replaces its log's hours: said as what this log can be, a new log as what the day would have
      const words = log.localId
        ? ruleWords.editOverDailyMax({ ...v, others: toHhmm(already) })
        : ruleWords.overDailyMax({ ...v, total: toHhmm(already + minutes) });
      violations.push({ field: 'hours', rule: 'max-per-day', ...violationWords(words) });
    }
  }
  if (dateOk && ctx.isLocked(log.workDate)) violations.push(lockedViolation(log.workDate, ctx));
  return violations;
}

/**
 * The refusal of a day in a submitted or approved week, with an open day to use instead (`openDay`): today when its
 * week is open, else the latest open working day before it (PRODUCT: entries checked before they are queued).
 */
export function lockedViolation(date: string, ctx: RuleContext, field: RuleViolation['field'] = 'week'): RuleViolation {
  const openDay = openDayNear(date, ctx);
  const state = ctx.lockState?.(date);
  const words = ruleWords.locked({ monday: weekStartOf(date), ...(state ? { state } : {}), ...(openDay ? { openDay } : {}) });
  return { field, rule: 'locked', ...(openDay ? { openDay } : {}), ...lockedAsRead(violationWords(words), date, ctx) };
}

/** A refusal of a locked week, with when the lock was last read when the service could not say it now. */
export function lockedAsRead(
  refusal: { message: string; said: Said },
  date: string,
  ctx: Pick<RuleContext, 'lockAsRead'>,
): { message: string; said: Said } {
  const asRead = ctx.lockAsRead?.(date);
  if (!asRead) return refusal;
  const note = violationWords(ruleWords.lockedAsRead(asRead));
  return { message: `${refusal.message} ${note.message}`, said: sentencesSaid([refusal.said, note.said])! };
}

/**
 * An open day for a log that cannot go on `date`: today if its week is open, else the latest weekday before today
 * that the company still accepts (not in a locked week as far as is known, within the days allowed back), looking
 * four weeks back at most. Undefined when there is none.
 */
export function openDayNear(date: string, ctx: Pick<RuleContext, 'today' | 'settings' | 'isLocked'>): string | undefined {
  const usable = (d: string) =>
    !ctx.isLocked(d) &&
    daysBetween(ctx.today, d) <= 0 &&
    (ctx.settings.pastDaysAllowed === null ||
      ctx.settings.pastDaysAllowed < 0 ||
      -daysBetween(ctx.today, d) <= ctx.settings.pastDaysAllowed);
  if (ctx.today !== date && usable(ctx.today)) return ctx.today;
  for (let d = addDays(ctx.today, -1), n = 0; n < 28; d = addDays(d, -1), n++) {
    const weekday = toLocalDate(d).getDay();
    if (d !== date && weekday !== 0 && weekday !== 6 && usable(d)) return d;
  }
  return undefined;
}

const yearOf = (date: string) => date.slice(0, 4);

function checkHours(hours: string, out: RuleViolation[]): number | undefined {
  if (!isHhmm(hours)) {
    out.push({ field: 'hours', rule: 'format', ...violationWords(ruleWords.hoursFormat()) });
    return undefined;
  }
  const minutes = parseHhmm(hours);
  if (minutes <= 0) out.push({ field: 'hours', rule: 'positive', ...violationWords(ruleWords.hoursPositive()) });
  return minutes;
}

/** Returns whether the date is a usable calendar date (later checks need one). */
function checkDate(workDate: string, ctx: RuleContext, out: RuleViolation[]): boolean {
  if (!isValidDate(workDate)) {
    out.push({ field: 'workDate', rule: 'format', ...violationWords(ruleWords.dateFormat()) });
    return false;
  }
  const ahead = daysBetween(ctx.today, workDate);
  if (ahead > 0 && !ctx.settings.allowFutureDates) {
    out.push({ field: 'workDate', rule: 'future', ...violationWords(ruleWords.future({ day: workDate, today: ctx.today })) });
  }
  const allowed = ctx.settings.pastDaysAllowed;
  // "Only the last N days": the oldest day that can be logged is today minus N (0 = today only).
  if (allowed !== null && allowed >= 0 && -ahead > allowed) {
    out.push({
      field: 'workDate',
      rule: 'too-old',
      ...violationWords(
        ruleWords.tooOld({
          day: workDate,
          withYear: yearOf(workDate) !== yearOf(ctx.today),
          allowed,
          oldest: addDays(ctx.today, -allowed),
        }),
      ),
    });
  }
  return true;
}

function checkJob(log: LogToCheck, ctx: RuleContext, out: RuleViolation[]): void {
  const name = typeof log.jobName === 'string' ? log.jobName.trim() : '';
  if (log.jobId) {
    if (ctx.jobs.some((j) => j.jobId === log.jobId) || name) return;
    out.push({ field: 'job', rule: 'unknown-job', ...violationWords(ruleWords.unknownJobId()) });
    return;
  }
  if (!name) {
    out.push({ field: 'job', rule: 'required', ...violationWords(ruleWords.jobRequired()) });
    return;
  }
  if (log.jobFixed || !(ctx.jobsKnown ?? ctx.jobs.length > 0)) return;
  const problem = unknownJobName(name, ctx.jobs);
  if (problem) out.push(problem);
}

/**
 * A job named by name must be in the job list exactly: the service matches names exactly, so a
 * name in another letter case, or a typo, used to be queued and refused days later at sync. The violation names up
 * to three closest names, the same name in another letter case first.
 */
export function unknownJobName(name: string, jobs: readonly Job[]): RuleViolation | undefined {
  const typed = name.trim();
  if (jobs.some((j) => j.jobName.trim() === typed)) return undefined;
  const near = closestNames(
    typed,
    jobs.map((j) => j.jobName.trim()),
  );
  const caseOnly = near.length > 0 && near[0].toLowerCase().replace(/\s+/g, ' ') === typed.toLowerCase().replace(/\s+/g, ' ');
  return { field: 'job', rule: 'unknown-job', ...violationWords(ruleWords.unknownJobName({ name: typed, caseOnly, near })) };
}
