/**
 * A service client with something done around each call: the reachability watch (./reachability.ts: every answer or
 * failure noted, a fresh check before each write) and the sync engine's stop at close (../sync/closing-session.ts).
 * One plain wrapper per method, written out below, in place of a Proxy that looked methods up by name and found the
 * write's `CallOptions` by its position in a table: a reader sees which calls are writes and which argument is passed
 * to the check, and the compiler sees that every method of `ServiceClient` is here (a new one must be added).
 */
import type { CallOptions, ServiceClient } from './types';

/** The client methods that change something on the service. */
export type WriteMethod =
  | 'addTimeLog'
  | 'editTimeLog'
  | 'deleteTimeLog'
  | 'createTimesheet'
  | 'modifyTimesheet'
  | 'deleteTimesheet'
  | 'approveTimesheet'
  | 'insertEmployee'
  | 'updateEmployee';

export interface ClientAround {
  /**
   * Every call, reads and writes: `run` makes it and returns what the client returned (a promise, an async iterable,
   * or a plain value), which this returns, having looked at it or not. It may throw instead of running it.
   */
  call<T>(method: keyof ServiceClient, run: () => T): T;
  /** Before a write, with the write's own options (its deadline and signal): the write waits for it, then `call`. */
  beforeWrite?(method: WriteMethod, call: CallOptions | undefined): Promise<void>;
}

/** `client` with `around` done around each of its calls; it keeps no state of its own. */
export function wrapClient(c: ServiceClient, around: ClientAround): ServiceClient {
  const read = around.call.bind(around);
  const write = <T>(method: WriteMethod, call: CallOptions | undefined, run: () => Promise<T>): Promise<T> =>
    around.beforeWrite ? around.beforeWrite(method, call).then(() => read(method, run)) : read(method, run);
  const { paceEstimate, askTimeLogListAgain } = c;
  return {
    // 4.1 timesheets
    timesheets: (q, page, call) => read('timesheets', () => c.timesheets(q, page, call)),
    allTimesheets: (q, call) => read('allTimesheets', () => c.allTimesheets(q, call)),
    timesheetDetails: (id, call) => read('timesheetDetails', () => c.timesheetDetails(id, call)),
    createTimesheet: (input, call) => write('createTimesheet', call, () => c.createTimesheet(input, call)),
    modifyTimesheet: (input, call) => write('modifyTimesheet', call, () => c.modifyTimesheet(input, call)),
    deleteTimesheet: (id, call) => write('deleteTimesheet', call, () => c.deleteTimesheet(id, call)),
    approveTimesheet: (input, call) => write('approveTimesheet', call, () => c.approveTimesheet(input, call)),
    // 4.2 time logs
    timeLog: (id, call) => read('timeLog', () => c.timeLog(id, call)),
    addTimeLog: (input, call) => write('addTimeLog', call, () => c.addTimeLog(input, call)),
    editTimeLog: (input, call) => write('editTimeLog', call, () => c.editTimeLog(input, call)),
    deleteTimeLog: (id, call) => write('deleteTimeLog', call, () => c.deleteTimeLog(id, call)),
    listTimeLogs: (q, page, call) => read('listTimeLogs', () => c.listTimeLogs(q, page, call)),
    allTimeLogs: (q, call) => read('allTimeLogs', () => c.allTimeLogs(q, call)),
    timeLogListSupported: () => read('timeLogListSupported', () => c.timeLogListSupported()),
    ...(paceEstimate && { paceEstimate: (endpoint, count) => read('paceEstimate', () => paceEstimate.call(c, endpoint, count)) }),
    ...(askTimeLogListAgain && { askTimeLogListAgain: () => read('askTimeLogListAgain', () => askTimeLogListAgain.call(c)) }),
    // 4.3
    payrollReport: (q, call) => read('payrollReport', () => c.payrollReport(q, call)),
    settings: (call) => read('settings', () => c.settings(call)),
    jobs: (q, page, call) => read('jobs', () => c.jobs(q, page, call)),
    allJobs: (q, call) => read('allJobs', () => c.allJobs(q, call)),
    // 4.4 employees
    employees: (q, page, call) => read('employees', () => c.employees(q, page, call)),
    allEmployees: (q, call) => read('allEmployees', () => c.allEmployees(q, call)),
    employee: (id, call) => read('employee', () => c.employee(id, call)),
    insertEmployee: (fields, opts, call) => write('insertEmployee', call, () => c.insertEmployee(fields, opts, call)),
    updateEmployee: (id, fields, opts, call) => write('updateEmployee', call, () => c.updateEmployee(id, fields, opts, call)),
  };
}
