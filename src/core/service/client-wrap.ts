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

/** The writes as a set, for a wrapper that treats reads apart (the watch ends reads early: ./watched-client.ts). */
export const WRITE_METHODS: ReadonlySet<string> = new Set(
  Object.keys({
    addTimeLog: 1,
    editTimeLog: 1,
    deleteTimeLog: 1,
    createTimesheet: 1,
    modifyTimesheet: 1,
    deleteTimesheet: 1,
    approveTimesheet: 1,
    insertEmployee: 1,
    updateEmployee: 1,
  } satisfies Record<WriteMethod, 1>),
);

export interface ClientAround {
  /**
   * Every call, reads and writes: `run` makes it and returns what the client returned (a promise, an async iterable,
   * or a plain value), which this returns, having looked at it or not. It may throw instead of running it.
   * `given`: the options the method was called with. `run()` makes the call with them; a read may be made with others
   * (`run(options)`: the watch narrows them), a write always goes with its own.
   */
  call<T>(method: keyof ServiceClient, run: (call?: CallOptions) => T, given?: CallOptions): T;
  /** Before a write, with the write's own options (its deadline and signal): the write waits for it, then `call`. */
  beforeWrite?(method: WriteMethod, call: CallOptions | undefined): Promise<void>;
}

/** `client` with `around` done around each of its calls; it keeps no state of its own. */
export function wrapClient(c: ServiceClient, around: ClientAround): ServiceClient {
  /** A read: `go` makes it with the options `around` hands it, or the caller's. */
  const read = <T>(method: keyof ServiceClient, given: CallOptions | undefined, go: (call: CallOptions | undefined) => T): T =>
    around.call(method, (call = given) => go(call), given);
  const write = <T>(method: WriteMethod, call: CallOptions | undefined, run: () => Promise<T>): Promise<T> => {
    const send = () => around.call(method, () => run(), call);
    return around.beforeWrite ? around.beforeWrite(method, call).then(send) : send();
  };
  /** A call without options (what the client knows already). */
  const known = <T>(method: keyof ServiceClient, run: () => T): T => around.call(method, () => run());
  const { paceEstimate, askTimeLogListAgain, allTimeLogsForDisplay } = c;
  return {
    // 4.1 timesheets
    timesheets: (q, page, call) => read('timesheets', call, (o) => c.timesheets(q, page, o)),
    allTimesheets: (q, call) => read('allTimesheets', call, (o) => c.allTimesheets(q, o)),
    timesheetDetails: (id, call) => read('timesheetDetails', call, (o) => c.timesheetDetails(id, o)),
    createTimesheet: (input, call) => write('createTimesheet', call, () => c.createTimesheet(input, call)),
    modifyTimesheet: (input, call) => write('modifyTimesheet', call, () => c.modifyTimesheet(input, call)),
    deleteTimesheet: (id, call) => write('deleteTimesheet', call, () => c.deleteTimesheet(id, call)),
    approveTimesheet: (input, call) => write('approveTimesheet', call, () => c.approveTimesheet(input, call)),
    // 4.2 time logs
    timeLog: (id, call) => read('timeLog', call, (o) => c.timeLog(id, o)),
    addTimeLog: (input, call) => write('addTimeLog', call, () => c.addTimeLog(input, call)),
    editTimeLog: (input, call) => write('editTimeLog', call, () => c.editTimeLog(input, call)),
    deleteTimeLog: (id, call) => write('deleteTimeLog', call, () => c.deleteTimeLog(id, call)),
    listTimeLogs: (q, page, call) => read('listTimeLogs', call, (o) => c.listTimeLogs(q, page, o)),
    allTimeLogs: (q, call) => read('allTimeLogs', call, (o) => c.allTimeLogs(q, o)),
    ...(allTimeLogsForDisplay && {
      allTimeLogsForDisplay: (q, call) => read('allTimeLogsForDisplay', call, (o) => allTimeLogsForDisplay.call(c, q, o)),
    }),
    timeLogListSupported: () => known('timeLogListSupported', () => c.timeLogListSupported()),
    ...(paceEstimate && { paceEstimate: (endpoint, count) => known('paceEstimate', () => paceEstimate.call(c, endpoint, count)) }),
    ...(askTimeLogListAgain && { askTimeLogListAgain: () => known('askTimeLogListAgain', () => askTimeLogListAgain.call(c)) }),
    // 4.3
    payrollReport: (q, call) => read('payrollReport', call, (o) => c.payrollReport(q, o)),
    settings: (call) => read('settings', call, (o) => c.settings(o)),
    jobs: (q, page, call) => read('jobs', call, (o) => c.jobs(q, page, o)),
    allJobs: (q, call) => read('allJobs', call, (o) => c.allJobs(q, o)),
    // 4.4 employees
    employees: (q, page, call) => read('employees', call, (o) => c.employees(q, page, o)),
    allEmployees: (q, call) => read('allEmployees', call, (o) => c.allEmployees(q, o)),
    employee: (id, call) => read('employee', call, (o) => c.employee(id, o)),
    insertEmployee: (fields, opts, call) => write('insertEmployee', call, () => c.insertEmployee(fields, opts, call)),
    updateEmployee: (id, fields, opts, call) => write('updateEmployee', call, () => c.updateEmployee(id, fields, opts, call)),
  };
}
