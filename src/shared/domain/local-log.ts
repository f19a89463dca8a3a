/**
 * A time log as this device knows it (the ledger's row, merged with the service's logs in a week), where it stands on
 * its way to the service, and what the company's rules say against one.
 */
import type { Said } from '../i18n/said';
import type { ApprovalStatus, BillingStatus } from './service';

export type SyncState = 'queued' | 'sending' | 'synced' | 'needs-attention';

/** A time log as the user logged it, synced or not (the local ledger). */
export interface LocalTimeLog {
  localId: string;
  timeLogId?: string;
  workDate: string;
  hours: string;
  jobId?: string;
  jobName: string;
  billingStatus: BillingStatus;
  workItem?: string;
  description?: string;
  sync: SyncState;
  /** The service's or the app's explanation when sync is needs-attention. */
  message?: string;
  /** `message` as a code and values (src/shared/i18n/said.ts), worded by each shell; absent where not converted. */
  said?: Said;
  /** Known from a timesheet read: per-log approval state. */
  approvalStatus?: ApprovalStatus;
  /**
   * A rejected log changed since its rejection was read (its day, hours, billing or description): fixed here or on the
   * service. The service still holds it "rejected" until the week is resubmitted, so `approvalStatus` stays so.
   */
  fixed?: true;
  /** true when the log is read-only because its timesheet is pending or approved. */
  locked?: boolean;
  /** Came from the service (its list of the user's logs, or a timesheet's details) rather than from the ledger. */
  source: 'local' | 'service';
  /**
   * Made outside Punchcard (the service's web page, its phone app, another computer): shown from the service, or
   * taken into the ledger from there to be edited here. Absent for a log made on this device.
   */
  elsewhere?: true;
  /**
   * Queued, waiting for the service's day to begin: the service refused it as a future day while that day is already
   * the user's (another time zone). Nothing is wrong with it; it goes by itself. In plain words (OutboxEntry's).
   */
  waitsForServiceDay?: string;
  /** `waitsForServiceDay` as a code and values, worded by each shell. */
  waitsForServiceDaySaid?: Said;
}

export interface RuleViolation {
  field: 'hours' | 'workDate' | 'job' | 'week' | 'description';
  rule:
    | 'format'
    | 'positive'
    | 'future'
    | 'too-old'
    | 'unknown-job'
    /** The job is completed on the service now (a copy of an older log, src/core/log-batch.ts): no new hours go to it. */
    | 'completed-job'
    | 'max-per-day'
    | 'locked'
    | 'required'
    /** A start found another timer running that the caller did not know of (started elsewhere meanwhile). */
    | 'timer-running'
    /** A start would stop a timer that ran long (past the end of day, over midnight, ...): its end is asked first. */
    | 'timer-long';
  /** In English, for logs and as the fallback of a shell without the code's message. */
  message: string;
  /** What it says as a code and values, worded by each shell in the user's language (src/shared/i18n/said.ts). */
  said?: Said;
  /** `locked`: an open day the user may log to instead (today if its week is open, else the latest open day before it). */
  openDay?: string;
}
