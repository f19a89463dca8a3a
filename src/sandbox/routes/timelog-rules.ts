/**
 * The rules the service enforces on a time log (real-service-notes "Data"), checked in the order a person would
 * fix them: the job, then the day (future, too old, holiday), then the daily maximum from the settings.
 */
import { addDays, hhmmMinutes } from '../calendar';
import { toHhmm } from '../../shared/time/hours';
import { ApiError } from '../envelope';
import type { Store } from '../store';
import type { JobRow, TimeLogRow } from '../types';

/** spec 4.2 rule: at least one of jobId and jobName; an unknown or finished job is 8001. */
export function jobFor(store: Store, jobId: string | undefined, jobName: string | undefined): JobRow {
  if (!jobId && !jobName) throw new ApiError(8000, 'Missing job: give jobId or jobName.');
  let job: JobRow | undefined;
  if (jobId) {
    job = store.job(jobId);
    if (!job) throw new ApiError(8001, `Unknown job: no job with jobId "${jobId}"; pick one from getjobs.`);
  } else {
    const name = jobName!.toLowerCase();
    const named = store.state.jobs.filter((j) => j.jobName.toLowerCase() === name);
    job = named.find((j) => j.jobStatus === 'in-progress') ?? named[0];
    if (!job) throw new ApiError(8001, `Unknown job: no job named "${jobName}"; pick one from getjobs.`);
  }
  if (job.jobStatus !== 'in-progress') {
    throw new ApiError(8001, `Job "${job.jobName}" is completed; time can only be logged against in-progress jobs.`);
  }
  return job;
}

/** The day rules: no future dates, only the last allowedPastDays days, no company holidays. */
export function checkWorkDate(store: Store, workDate: string, today: string): void {
  const s = store.state.settings;
  if (!s.allowFutureTimeLog && workDate > today) {
    throw new ApiError(8003, `Cannot log time for a future date: ${workDate} is after today (${today}).`);
  }
  const earliest = addDays(today, -s.allowedPastDays);
  if (workDate < earliest) {
    throw new ApiError(8004, `Cannot log time more than ${s.allowedPastDays} days back: ${workDate} is before ${earliest}.`);
  }
  const holiday = store.state.holidays.find((h) => h.date === workDate);
  if (holiday) throw new ApiError(8008, `Cannot log time on ${workDate}: it is a company holiday (${holiday.name}).`);
}

/** The daily maximum counts the user's other logs that day (the edited log itself excluded). */
export function checkDailyMaximum(store: Store, user: string, workDate: string, minutes: number, except?: TimeLogRow): void {
  const max = hhmmMinutes(store.state.settings.maxHoursPerDay) ?? 24 * 60;
  const others = store.state.timeLogs
    .filter((l) => l !== except && l.user === user && l.workDate === workDate)
    .reduce((s, l) => s + l.minutes, 0);
  if (others + minutes > max) {
    throw new ApiError(
      8002,
      `Too many hours on ${workDate}: ${toHhmm(others)} already logged, adding ${toHhmm(minutes)} exceeds the maximum of ${toHhmm(max)} per day.`,
    );
  }
}

/** spec 3: logs in a submitted or approved timesheet are locked; draft and rejected ones can be changed. */
export function checkUnlocked(store: Store, log: TimeLogRow, action: string): void {
  if (!log.timesheetId) return;
  const sheet = store.state.timesheets.find((t) => t.timesheetId === log.timesheetId);
  if (sheet && (sheet.status === 'pending' || sheet.status === 'approved')) {
    throw new ApiError(8005, `Cannot ${action} time log ${log.timeLogId}: its timesheet "${sheet.timesheetName}" is ${sheet.status}.`);
  }
}
