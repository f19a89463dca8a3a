/**
 * Time away given to another job: the user came back from idle (or sleep, a lock) and says the time
 * was spent on other work, a meeting down the hall, a call. That span becomes a log of its own on the job picked,
 * one per day of the timer's zone it covers, rounded by the user's rule; the timer's own time up to the span is logged
 * as "Discard idle time" logs it, and the timer starts anew from now on its own job (the time up to the question is
 * never lost, and nothing is counted twice). All of it is one append to the journal, through the company's rules (all
 * or nothing: a day the span would overfill refuses it, and nothing is logged): ./timer-stop.ts `extra`.
 */
import type { RoundingRule, TimerView } from '../../shared/domain';
import { roundToHhmm } from '../../shared/time/hours';
import { splitByDayIn, systemZone } from '../../shared/time/zone';
import type { NewLog } from '../log-gate';

/** The logs of the span `from` to `to` on `job`; none when it rounds to nothing. */
export function idleLogs(
  v: Pick<TimerView, 'zone'>,
  span: { from: number; to: number },
  job: { jobId?: string; jobName: string; billable: boolean },
  rule: RoundingRule,
): NewLog[] {
  if (span.to <= span.from) return [];
  return splitByDayIn(v.zone ?? systemZone(), span.from, span.to)
    .map(({ date, ms }) => ({ date, hours: roundToHhmm(ms, rule).roundedHhmm }))
    .filter((d) => d.hours !== '00:00')
    .map((d) => ({
      workDate: d.date,
      hours: d.hours,
      ...(job.jobId ? { jobId: job.jobId } : {}),
      jobName: job.jobName,
      billable: job.billable,
    }));
}
