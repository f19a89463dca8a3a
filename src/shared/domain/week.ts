/** The week as every screen and `punch week` see it, its submission's preview, and the reminders about it. */
import type { Said } from '../i18n/said';
import type { LocalTimeLog } from './local-log';
import type { ApprovalStatus, UndatedTimeLog } from './service';

export interface WeekDay {
  date: string;
  totalMinutes: number;
  billableMinutes: number;
}

export interface WeekView {
  /** Monday of the week, YYYY-MM-DD. */
  weekStart: string;
  days: WeekDay[];
  logs: LocalTimeLog[];
  totalHours: string;
  billableHours: string;
  nonBillableHours: string;
  timesheet?: { recordId: string; status: ApprovalStatus; comments?: string; timesheetName: string };
  locked: boolean;
  /**
   * true when the service's part is as true as the asker needs: read now, or a copy recent enough for why it was
   * asked (src/core/week/read-policy.ts; `punch week` asks for a read now). false when the service could not be
   * reached: the view is the kept copy (see `readAt`) or the local ledger only.
   */
  fresh: boolean;
  /** When the service's part of the week was read (ISO 8601); absent when it never was (offline from the start). */
  readAt?: string;
  /**
   * The service offers no list of the user's logs (it answered that it does not know the operation), so the week
   * shows only the logs a timesheet holds and those made on this device: logs made elsewhere (the service's web page,
   * its phone app) in no timesheet yet may be missing, and the daily maximum is checked without them.
   */
  onlyTimesheetLogs?: true;
  /**
   * Jobs kept with this week on this device as rows to fill (a copy of another week's rows: src/core/copy-week.ts),
   * shown as empty rows of the grid until logged. Absent when none.
   */
  rows?: WeekRow[];
  /**
   * The service's logs of this week whose date it wrote in no form Punchcard reads, as they came: in no day and in no
   * total (the week says so). Absent when none.
   */
  undatedLogs?: UndatedTimeLog[];
}

/** A job kept as a row of a week, without hours (copy a week "rows only"). */
export interface WeekRow {
  jobId?: string;
  jobName: string;
}

export interface SubmitPreview {
  weekStart: string;
  totalHours: string;
  daysWithoutHours: string[];
  /** Why submitting is refused right now (queued or needs-attention entries, locked week, nothing logged). */
  blockers: string[];
  /** `blockers` as codes and values, one each (src/shared/i18n/said.ts), worded by each shell. */
  blockersSaid?: Said[];
  /** `resubmit` is the service's operation (a draft or rejected timesheet sent again), not what the user is told. */
  action: 'create' | 'resubmit' | 'none';
  /**
   * The week's timesheet status before this submit, when it has one: only a `rejected` week is a resubmission to
   * people ("Resubmitted"); a draft sent for the first time is "Submitted".
   */
  previousStatus?: ApprovalStatus;
  /**
   * The week could not be read from the service now (one of the blockers says so): a failure of the network, not
   * something the user can fix here (`punch submit` exits 2 for it, like any network failure).
   */
  unreachable?: true;
}

export interface Reminder {
  id: string;
  kind: 'week-due' | 'needs-attention' | 'rejected';
  message: string;
  /** `message` as a code and values, worded by each shell (src/shared/i18n/said.ts). */
  said?: Said;
  weekStart?: string;
}
