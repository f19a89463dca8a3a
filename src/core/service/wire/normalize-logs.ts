/**
 * Time logs from the wire (spec 2.3), and the list of a timesheet's logs read for people to see (./normalize.ts, the
 * timesheet's details): there a log whose day cannot be read ("31-Foo-2026", or none) is kept apart, with the date
 * as it came, and the other logs stay readable; a manager can still see the week and decide on it (the decision is
 * on the timesheet, not the log). Everywhere else (a single log, the user's list of logs that a reconciliation
 * searches) such a log still makes the answer unreadable: nothing that has no day may match or be filed as one.
 */
import { z } from 'zod';
import type { TimeLog, UndatedTimeLog } from '../../../shared/domain';
import {
  anyAsText,
  compact,
  optionalWireId,
  optionalWireText,
  plainIssue,
  readWire,
  wireApprovalStatus,
  wireBillingStatus,
  wireDate,
  wireHours,
  wireId,
  wireList,
  wireObject,
  wireText,
  renamed,
} from './fields';
import { once } from '../../../shared/lazy/once';

/** A time log's own fields: never read as whose it is (`jobName` is the job's, `timesheetId` the timesheet's). */
export const TIME_LOG_OWN = [
  'timelogId',
  'timeLogId',
  'workDate',
  'hours',
  'jobName',
  'billingStatus',
  'jobId',
  'projectName',
  'clientName',
  'workItem',
  'description',
  'approvalStatus',
  'status',
  'timesheetId',
  'projectId',
  'clientId',
];

/**
 * spec 2.3; `timelogId` in reads, `timeLogId` elsewhere (real-service-notes "Data"). A log's approval state is extra
 * information (the timesheet's status decides what is locked): a spelling not known here ("Approval not enabled", a
 * new state) leaves it out (`.catch`) rather than make the whole list unreadable.
 */
const logSchema = <D extends z.ZodType>(workDate: D) =>
  wireObject('time log')
    .transform((o) =>
      renamed(o, {
        timeLogId: ['timelogId', 'timeLogId', 'timelogid'],
        workDate: ['workDate'],
        hours: ['hours'],
        jobName: ['jobName'],
        billingStatus: ['billingStatus'],
        jobId: ['jobId'],
        projectName: ['projectName'],
        clientName: ['clientName'],
        workItem: ['workItem'],
        description: ['description'],
        approvalStatus: ['approvalStatus', 'status'],
        timesheetId: ['timesheetId'],
      }),
    )
    .pipe(
      z.object({
        timeLogId: wireId('time log id'),
        workDate,
        hours: wireHours(),
        jobName: wireText(),
        billingStatus: wireBillingStatus(),
        jobId: optionalWireId(),
        projectName: optionalWireText(),
        clientName: optionalWireText(),
        workItem: optionalWireText(),
        description: optionalWireText(),
        approvalStatus: wireApprovalStatus('time log approvalStatus').optional().catch(undefined),
        timesheetId: optionalWireId(),
      }),
    )
    .transform(compact);

export const timeLogSchema = once((): z.ZodType<TimeLog> => logSchema(wireDate('time log workDate')));

/** The same log with its date as it came (text; '' when missing): read only once the dated reading failed. */
const undatedLogSchema = once(() =>
  logSchema(z.unknown().transform(anyAsText)).transform(({ workDate, ...log }): UndatedTimeLog => ({
    ...log,
    rawWorkDate: workDate.trim(),
  })),
);

/**
 * A list of logs for people to see: the dated ones, and apart those whose day alone could not be read. A log wrong
 * in any other way (no id, hours that are not hours) still makes the whole list unreadable, as before.
 */
export const logsKeepingUndated = (what: string) =>
  wireList(what, z.unknown()).transform((items, ctx) => {
    const dated: TimeLog[] = [];
    const undated: UndatedTimeLog[] = [];
    for (const item of items) {
      const read = timeLogSchema().safeParse(item);
      if (read.success) {
        dated.push(read.data);
        continue;
      }
      // the two readings differ only in the date: the second one succeeds exactly when the date was all that failed
      const asCame = undatedLogSchema().safeParse(item);
      if (asCame.success) {
        undated.push(compact(asCame.data));
        continue;
      }
      // said by what is wrong besides the date (that alone would have been kept)
      const issue = read.error.issues.find((i) => i.path[0] !== 'workDate') ?? read.error.issues[0];
      ctx.addIssue({ code: 'custom', message: issue ? plainIssue(issue) : `${what} are not time logs` });
      return z.NEVER;
    }
    return { dated, undated };
  });

/** gettimelogs read for a week people look at: the dated logs and, apart, those whose day could not be read. */
const displayList = once(() => logsKeepingUndated('time log list'));
export const toTimeLogsForDisplay = (payload: unknown): { dated: TimeLog[]; undated: UndatedTimeLog[] } => readWire(displayList(), payload);
