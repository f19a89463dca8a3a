/**
 * A ServiceClient whose real client is made on first use (once). `Session.client()` is synchronous, but the built-in sandbox
 * is started lazily (only when the demo account is actually used): every call here first awaits the real client.
 * The object literal is typed as ServiceClient, so TypeScript proves every operation of the service is forwarded.
 */
import { UNPACED, type ServiceClient } from '../service';

export function lazyClient(make: () => Promise<ServiceClient>): ServiceClient {
  let made: Promise<ServiceClient> | undefined;
  // Made once; a failed start is not remembered, so the next call tries again (e.g. after a full disk is fixed).
  const get = () =>
    (made ??= make().then(
      (c) => {
        ready = c;
        return c;
      },
      (e: unknown) => {
        made = undefined;
        throw e;
      },
    ));
  const call = <K extends keyof ServiceClient>(name: K) =>
    (async (...args: unknown[]) => {
      const c = await get();
      return (c[name] as (...a: unknown[]) => unknown)(...args);
    }) as unknown as ServiceClient[K];
  let ready: ServiceClient | undefined;
  const pages = <K extends 'timesheets' | 'jobs' | 'employees' | 'listTimeLogs'>(name: K) =>
    async function* (...args: unknown[]) {
      const c = await get();
      yield* (c[name] as (...a: unknown[]) => AsyncIterable<unknown>)(...args);
    } as unknown as ServiceClient[K];
  return {
    timesheets: pages('timesheets'),
    allTimesheets: call('allTimesheets'),
    timesheetDetails: call('timesheetDetails'),
    createTimesheet: call('createTimesheet'),
    modifyTimesheet: call('modifyTimesheet'),
    deleteTimesheet: call('deleteTimesheet'),
    approveTimesheet: call('approveTimesheet'),
    timeLog: call('timeLog'),
    addTimeLog: call('addTimeLog'),
    editTimeLog: call('editTimeLog'),
    deleteTimeLog: call('deleteTimeLog'),
    listTimeLogs: pages('listTimeLogs'),
    allTimeLogs: call('allTimeLogs'),
    allTimeLogsForDisplay: call('allTimeLogsForDisplay'),
    // synchronous: nothing was learnt before the real client exists
    timeLogListSupported: () => ready?.timeLogListSupported(),
    askTimeLogListAgain: () => ready?.askTimeLogListAgain?.(),
    // before the real client exists nothing was sent: no place is taken (the built-in sandbox is not paced anyway)
    paceEstimate: (endpoint, count) => ready?.paceEstimate?.(endpoint, count) ?? { waitMs: 0, rule: UNPACED },
    payrollReport: call('payrollReport'),
    settings: call('settings'),
    jobs: pages('jobs'),
    allJobs: call('allJobs'),
    employees: pages('employees'),
    allEmployees: call('allEmployees'),
    employee: call('employee'),
    insertEmployee: call('insertEmployee'),
    updateEmployee: call('updateEmployee'),
  };
}
