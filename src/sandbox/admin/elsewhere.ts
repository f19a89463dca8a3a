/**
 * Changes made "elsewhere": on the service's own web page or phone app, or on another computer, as the real service's
 * users do (PRODUCT "Not the only writer"). They go straight into the data (one `Store.change` each: under the state
 * file's lock when the demo shares one), past the API (no token, no rate limit,
 * not in the request log: the app under test did not send them), but under the same rules as addtimelog and
 * edittimelog: the job, the day, the daily maximum, a locked timesheet. A log added here is in no timesheet, like
 * one added through the API, so only the service's list of the user's logs (gettimelogs) shows it until a timesheet
 * gathers it. Used by tests through `Sandbox.elsewhere` and by the browser suite through the admin routes
 * (`POST /__sandbox/elsewhere/log|edit|delete`).
 */
import { hhmmMinutes } from '../calendar';
import { ApiError } from '../envelope';
import type { Store } from '../store';
import type { Elsewhere, TimeLogRow } from '../types';
import { checkDailyMaximum, checkUnlocked, checkWorkDate, jobFor } from '../routes/timelog-rules';

function minutesOf(hours: string): number {
  const m = hhmmMinutes(hours);
  if (m === null || m <= 0) throw new ApiError(9003, `hours must be HH:MM above 00:00 (got "${hours}").`);
  return m;
}

function existing(store: Store, timeLogId: string, action: string): TimeLogRow {
  const log = store.timeLog(timeLogId);
  if (!log) throw new ApiError(7049, `Record not found: no time log with timeLogId "${timeLogId}".`);
  checkUnlocked(store, log, action);
  return log;
}

export function createElsewhere(store: Store, today: () => string, defaultUser: string): Elsewhere {
  return {
    log: (input) =>
      store.change(() => {
        const owner = store.employee(input.user ?? defaultUser);
        const minutes = minutesOf(input.hours);
        const job = jobFor(store, input.jobId, input.jobName);
        checkWorkDate(store, input.workDate, today());
        checkDailyMaximum(store, owner.email, input.workDate, minutes);
        const log: TimeLogRow = {
          timeLogId: store.newId(),
          user: owner.email,
          workDate: input.workDate,
          minutes,
          jobId: job.jobId,
          billingStatus: input.billable === false ? 'Non Billable' : input.billable === true ? 'Billable' : job.jobBillableStatus,
          workItem: input.workItem ?? '',
          description: input.description ?? '',
          approvalStatus: 'draft',
          timesheetId: null,
        };
        store.state.timeLogs.push(log);
        return { timeLogId: log.timeLogId };
      }),
    edit: (timeLogId, patch) =>
      store.change(() => {
        const log = existing(store, timeLogId, 'edit');
        const workDate = patch.workDate ?? log.workDate;
        const minutes = patch.hours !== undefined ? minutesOf(patch.hours) : log.minutes;
        if (workDate !== log.workDate) checkWorkDate(store, workDate, today());
        checkDailyMaximum(store, log.user, workDate, minutes, log);
        Object.assign(log, { workDate, minutes });
        if (patch.billable !== undefined) log.billingStatus = patch.billable ? 'Billable' : 'Non Billable';
        if (patch.description !== undefined) log.description = patch.description;
      }),
    delete: (timeLogId) =>
      store.change(() => {
        const log = existing(store, timeLogId, 'delete');
        store.state.timeLogs = store.state.timeLogs.filter((l) => l !== log);
      }),
  };
}
