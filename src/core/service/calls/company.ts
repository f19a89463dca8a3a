/**
 * The service client's calls about the company (spec 4.3): the payroll report, the time tracker's settings and the
 * jobs.
 */
import type { Job } from '../../../shared/domain';
import { narrowCall } from '../http/call-options';
import type { Params } from '../http/request';
import type { ServiceClient } from '../types';
import { checkFields } from '../wire/input-checks';
import { toJobs, toPayrollRecords } from '../wire/normalize';
import { toTrackerSettings } from '../wire/normalize-records';
import { collect, pagedRecords } from '../wire/paging';
import { DATE_FORMAT, type Calls } from './calls';

export type CompanyCalls = Pick<ServiceClient, 'payrollReport' | 'settings' | 'jobs' | 'allJobs'>;

export function companyCalls(c: Calls): CompanyCalls {
  const calls: CompanyCalls = {
    async payrollReport(q, call) {
      checkFields('payroll', { user: q.user, fromDate: q.fromDate, toDate: q.toDate }, { fromDate: q.fromDate, toDate: q.toDate });
      return c.read(
        'timetracker/getpayrollreport',
        { user: q.user, fromDate: q.fromDate, toDate: q.toDate, dateFormat: DATE_FORMAT },
        toPayrollRecords,
        call,
      );
    },

    settings: (call) => c.read('timetracker/gettimetrackersettings', {}, toTrackerSettings, call),

    jobs(q = {}, page, given) {
      const call = narrowCall(c.clock, given);
      const base: Params = { assignedTo: q.assignedTo, jobStatus: q.jobStatus };
      // spec 4.3: sIndex starts at 0 for jobs
      return pagedRecords<Job>(
        (sIndex, limit) => c.read('timetracker/getjobs', { ...base, sIndex, limit }, toJobs, call),
        page?.sIndex ?? 0,
        c.pageLimit(page),
      );
    },
    allJobs: async (q, call) => collect(calls.jobs(q, undefined, call)),
  };
  return calls;
}
