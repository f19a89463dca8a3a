/**
 * The service client's timesheet calls (spec 4.1): list, read, create, change, delete, approve or reject. Each checks
 * the ids and days it is given before anything is sent (../wire/input-checks.ts).
 */
import type { Timesheet } from '../../../shared/domain';
import { saidOf } from '../../../shared/i18n/said';
import { InvalidInputError } from '../errors';
import { narrowCall } from '../http/call-options';
import type { Params } from '../http/request';
import type { ServiceClient } from '../types';
import { checkFields, inputCheckWords } from '../wire/input-checks';
import { toTimesheetDetail, toTimesheets } from '../wire/normalize';
import { toCreatedTimesheet, toMessage, toTimesheetAck } from '../wire/normalize-acks';
import { collect, pagedRecords } from '../wire/paging';
import { DATE_FORMAT, type Calls } from './calls';

export type TimesheetCalls = Pick<
  ServiceClient,
  'timesheets' | 'allTimesheets' | 'timesheetDetails' | 'createTimesheet' | 'modifyTimesheet' | 'deleteTimesheet' | 'approveTimesheet'
>;

export function timesheetCalls(c: Calls): TimesheetCalls {
  const calls: TimesheetCalls = {
    timesheets(q, page, given) {
      const call = narrowCall(c.clock, given); // one deadline for every page: `withinMs` counts from here
      checkFields('listTimesheets', { user: q.user }, { fromDate: q.fromDate, toDate: q.toDate });
      const base: Params = {
        user: q.user,
        fromDate: q.fromDate,
        toDate: q.toDate,
        approvalStatus: q.approvalStatus,
        employeeStatus: q.employeeStatus,
        dateFormat: DATE_FORMAT,
      };
      // spec 4.1: sIndex starts at 0 for timesheets
      return pagedRecords<Timesheet>(
        (sIndex, limit) => c.read('timetracker/gettimesheet', { ...base, sIndex, limit }, toTimesheets, call),
        page?.sIndex ?? 0,
        c.pageLimit(page),
      );
    },
    allTimesheets: async (q, call) => collect(calls.timesheets(q, undefined, call)),

    async timesheetDetails(timesheetId, call) {
      checkFields('readTimesheet', { timesheetId });
      return c.read('timetracker/gettimesheetdetails', { timesheetId }, toTimesheetDetail, call);
    },

    async createTimesheet(input, call) {
      checkFields(
        'createTimesheet',
        { user: input.user, timesheetName: input.timesheetName, fromDate: input.fromDate, toDate: input.toDate },
        { fromDate: input.fromDate, toDate: input.toDate },
      );
      return c.write(
        'timetracker/createtimesheet',
        {
          user: input.user,
          timesheetName: input.timesheetName,
          fromDate: input.fromDate,
          toDate: input.toDate,
          description: input.description,
          billableStatus: input.billableStatus,
          jobId: input.jobId,
          projectId: input.projectId,
          clientId: input.clientId,
          sendforApproval: input.sendforApproval,
          dateFormat: DATE_FORMAT,
        },
        toCreatedTimesheet,
        call,
      );
    },

    async modifyTimesheet(input, call) {
      checkFields('changeTimesheet', { timesheetId: input.timesheetId });
      return c.write(
        'timetracker/modifytimesheet',
        {
          timesheetId: input.timesheetId,
          timesheetName: input.timesheetName,
          description: input.description,
          sendforApproval: input.sendforApproval,
        },
        (p) => toTimesheetAck(p, input.timesheetId),
        call,
      );
    },

    async deleteTimesheet(timesheetId, call) {
      checkFields('deleteTimesheet', { timesheetId });
      return c.write('timetracker/deletetimesheet', { timesheetId }, toMessage, call);
    },

    async approveTimesheet(input, call) {
      checkFields('decide', { timesheetId: input.timesheetId });
      if (input.approvalStatus !== 'approved' && input.approvalStatus !== 'rejected') {
        const w = inputCheckWords.decision();
        throw new InvalidInputError(w, [{ field: 'decision', rule: 'format', message: w.message, said: saidOf(w) }]);
      }
      for (const decision of Object.values(input.timeLogs ?? {})) {
        if (decision !== 'approved' && decision !== 'rejected') {
          const each = inputCheckWords.decisionPerLog();
          throw new InvalidInputError(inputCheckWords.decisionPerLog(String(decision)), [
            { field: 'logs', rule: 'format', message: each.message, said: saidOf(each) },
          ]);
        }
      }
      return c.write(
        'timetracker/approvetimesheet',
        {
          timesheetId: input.timesheetId,
          approvalStatus: input.approvalStatus,
          isAllLevelApprove: input.isAllLevelApprove,
          // spec 4.1: timeLogs is a JSON object string mapping a time log id to its decision
          timeLogs: input.timeLogs && Object.keys(input.timeLogs).length > 0 ? JSON.stringify(input.timeLogs) : undefined,
          comments: input.comments,
        },
        (p) => toTimesheetAck(p, input.timesheetId),
        call,
      );
    },
  };
  return calls;
}
