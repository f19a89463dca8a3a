/**
 * The rules' verdict on several logs at once (copy a week, the same hours on several days, a duplicated day), pure:
 * each log in order, each day's total counting the batch's earlier logs that pass, so a preview says exactly what a
 * commit will queue. Before the rules, two reasons to skip a copied log that are not refusals: its source was copied
 * onto that day before (`already-copied`), or the day holds a log with the same job, hours and description
 * (`already-there`): copying a week again must make nothing twice. A log that copies nothing (the same
 * hours on several days) is only checked by the rules.
 */
import type { BatchVerdict, RuleViolation } from '../../shared/domain';
import { parseHhmm } from '../../shared/time/hours';
import { checkLog, type LogToCheck, type RuleContext } from './check';
import { ruleWords, violationWords } from './words';

export interface BatchLogToCheck extends LogToCheck {
  description?: string;
  copiedFrom?: string;
}

/** A log a day already holds, as the batch compares it. */
export interface DayLog {
  jobId?: string;
  jobName: string;
  hours: string;
  description?: string;
}

export interface BatchContext extends RuleContext {
  /** Whether a log copied from `source` is on `day` already (the ledger's rows remember their source). */
  copiedOnto(source: string, day: string): boolean;
  /** The logs `day` holds already: this device's and the service's, each once. */
  logsOn(day: string): DayLog[];
  /** Whether the job is completed on the service (from the job list with every status). */
  jobCompleted(log: { jobId?: string; jobName?: string }): boolean;
  /** The job list was never read: a job cannot be called unknown now (it is checked before it is sent). */
  jobsUnknown?: boolean;
}

export interface BatchFinding {
  verdict: BatchVerdict;
  violations: RuleViolation[];
}

const text = (s: string | undefined) => (s ?? '').trim();

/** Same job (by id when both have one, else by name), same minutes, same description. */
export function sameDayLog(a: DayLog, b: DayLog): boolean {
  const sameJob = a.jobId && b.jobId ? a.jobId === b.jobId : text(a.jobName).toLowerCase() === text(b.jobName).toLowerCase();
  return sameJob && parseHhmm(a.hours) === parseHhmm(b.hours) && text(a.description) === text(b.description);
}

export function batchVerdicts(logs: readonly BatchLogToCheck[], ctx: BatchContext): BatchFinding[] {
  const extra = new Map<string, number>();
  // each log already on a day stands for one log of the batch: two identical logs copied onto a day holding one
  // make one more, never zero and never two
  const unmatched = new Map<string, DayLog[]>();
  const dayLogs = (day: string) => {
    let left = unmatched.get(day);
    if (!left) unmatched.set(day, (left = [...ctx.logsOn(day)]));
    return left;
  };
  const counted: RuleContext = { ...ctx, dayTotalMinutes: (d, ex) => ctx.dayTotalMinutes(d, ex) + (extra.get(d) ?? 0) };
  return logs.map((log) => {
    if (log.copiedFrom && ctx.copiedOnto(log.copiedFrom, log.workDate)) return { verdict: 'already-copied', violations: [] };
    // only a copy: the same hours typed for several days may well be a second log of the same kind on a day
    const left = log.copiedFrom ? dayLogs(log.workDate) : [];
    const twin = left.findIndex((l) => sameDayLog(l, { ...log, jobName: log.jobName ?? '' }));
    if (twin >= 0) {
      left.splice(twin, 1);
      return { verdict: 'already-there', violations: [] };
    }
    let violations = checkLog(log, counted);
    if (ctx.jobsUnknown) violations = violations.filter((v) => v.rule !== 'unknown-job');
    if (!violations.some((v) => v.field === 'job') && ctx.jobCompleted(log))
      violations.push({ field: 'job', rule: 'completed-job', ...violationWords(ruleWords.jobCompleted({ name: text(log.jobName) })) });
    if (violations.length > 0) return { verdict: 'refused', violations };
    extra.set(log.workDate, (extra.get(log.workDate) ?? 0) + parseHhmm(log.hours));
    return { verdict: 'log', violations: [] };
  });
}
