/**
 * Several logs at once, as the rules judge them (src/core/rules/batch.ts): each day counts the batch's earlier logs
 * that pass (and only those), a copy whose source is on the day already or whose twin the day holds is skipped as
 * such before the rules (each log already there stands for one copy, no more), a job completed since is refused, and
 * a log that copies nothing is only checked by the rules.
 */
import { describe, expect, it } from 'vitest';
import { batchVerdicts, type BatchContext, type BatchLogToCheck, type DayLog } from '../../src/core/rules';
import type { Job, TrackerSettings } from '../../src/shared/domain';

const settings: TrackerSettings = {
  logType: 'hours',
  maxMinutesPerDay: 600,
  allowFutureDates: false,
  pastDaysAllowed: 30,
  submissionDueWeekday: 5,
  enabled: true,
};
const jobs: Job[] = [
  { jobId: 'j1', jobName: 'Design', projectName: 'A', clientName: 'C', jobStatus: 'in-progress', jobBillableStatus: 'Billable' },
  { jobId: 'j2', jobName: 'Old job', projectName: 'A', clientName: 'C', jobStatus: 'completed', jobBillableStatus: 'Billable' },
];

/** Monday 16 Nov holds 07:00 (one log of j1, 02:00 "Review"); 2 Nov's week is locked; today is Friday 20 Nov. */
function ctx(over: Partial<BatchContext> = {}): BatchContext {
  const onMonday: DayLog[] = [
    { jobId: 'j1', jobName: 'Design', hours: '02:00', description: 'Review' },
    { jobId: 'j1', jobName: 'Design', hours: '05:00', description: 'Build' },
  ];
  return {
    settings,
    today: '2026-11-20',
    jobs,
    dayTotalMinutes: (d) => (d === '2026-11-16' ? 420 : 0),
    isLocked: (d) => d >= '2026-11-02' && d <= '2026-11-08',
    copiedOnto: (source, day) => source === 'src-copied' && day === '2026-11-17',
    logsOn: (day) => (day === '2026-11-16' ? onMonday : []),
    jobCompleted: (l) => jobs.find((j) => j.jobId === l.jobId)?.jobStatus === 'completed',
    ...over,
  };
}
const log = (workDate: string, hours: string, more: Partial<BatchLogToCheck> = {}): BatchLogToCheck => ({
  workDate,
  hours,
  jobId: 'j1',
  jobName: 'Design',
  ...more,
});

describe('batchVerdicts', () => {
  it("counts the batch's earlier logs that pass in each day's total, and not the refused ones", () => {
    const out = batchVerdicts(
      [log('2026-11-18', '06:00'), log('2026-11-18', '05:00'), log('2026-11-18', '04:00'), log('2026-11-16', '03:30')],
      ctx(),
    );
    expect(out.map((f) => f.verdict)).toEqual(['log', 'refused', 'log', 'refused']);
    // the second (06:00 + 05:00 > 10:00) is refused; the third fits beside the first alone
    expect(out[1].violations.map((v) => v.rule)).toEqual(['max-per-day']);
    expect(out[3].violations.map((v) => v.rule)).toEqual(['max-per-day']);
  });

  it('skips a copy whose source is on the day already, before any rule', () => {
    const out = batchVerdicts(
      [log('2026-11-17', '11:00', { copiedFrom: 'src-copied' }), log('2026-11-17', '01:00', { copiedFrom: 'other' })],
      ctx(),
    );
    expect(out.map((f) => f.verdict)).toEqual(['already-copied', 'log']);
  });

  it('takes a copy the day holds already as there, each log there standing for one copy only', () => {
    const twin = { copiedFrom: 's', description: 'Review' };
    const out = batchVerdicts([log('2026-11-16', '02:00', twin), log('2026-11-16', '02:00', { ...twin, copiedFrom: 't' })], ctx());
    expect(out.map((f) => f.verdict)).toEqual(['already-there', 'log']);
  });

  it('does not call the same hours typed for a day a twin: only a copy is', () => {
    const out = batchVerdicts([log('2026-11-16', '02:00', { description: 'Review' })], ctx());
    expect(out.map((f) => f.verdict)).toEqual(['log']);
  });

  it('refuses a job completed since, a locked week and a day to come, with their rules', () => {
    const out = batchVerdicts(
      [log('2026-11-18', '01:00', { jobId: 'j2', jobName: 'Old job' }), log('2026-11-03', '01:00'), log('2026-11-21', '01:00')],
      ctx(),
    );
    expect(out.map((f) => f.violations.map((v) => v.rule))).toEqual([['completed-job'], ['locked'], ['future']]);
    expect(out[0].violations[0].said?.code).toBe('rules.job.completed');
    expect(out[0].violations[0].message).toContain('"Old job" is completed');
  });

  it('does not call a job unknown while the job list was never read', () => {
    const out = batchVerdicts(
      [log('2026-11-18', '01:00', { jobId: undefined, jobName: 'Not in the list' })],
      ctx({ jobsUnknown: true, jobsKnown: false, jobs: [] }),
    );
    expect(out.map((f) => f.verdict)).toEqual(['log']);
  });
});
