/**
 * The service client: one method per operation of spec section 4, over ./http/transport.ts (requests, pacing, retries,
 * envelopes) and ./wire/normalize*.ts (wire -> domain). Callers get domain types and typed errors only.
 */
import type { EmployeeRecord, Job, Timesheet, TimeLog } from '../../shared/domain';
import { systemClock } from '../clock';
import { InvalidInputError, InvalidResponseError, NetworkError, ServiceError, UnsupportedOperationError } from './errors';
import { narrowCall } from './http/call-options';
import { createTransport, type Params } from './http/transport';
import { checkFields, inputCheckWords } from './wire/input-checks';
import { saidOf } from '../../shared/i18n/said';
import { addTimeLogParams, editTimeLogParams } from './wire/time-log-params';
import { createLimiter } from './pacing/limiter';
import {
  toAddedTimeLog,
  toCreatedTimesheet,
  toJobs,
  toMessage,
  toOptionalTimeLog,
  toPayrollRecords,
  toTimeLogs,
  toTimesheetAck,
  toTimesheetDetail,
  toTimesheets,
} from './wire/normalize';
import { toEmployeeRecords, toOptionalEmployee, toRecordAck, toTrackerSettings } from './wire/normalize-records';
import { collect, pagedRecords, type Page } from './wire/paging';
import { clampPageSize, rateRuleFor, resolvePolicy } from './pacing/policy';
import type { CallOptions, ClientConfig, EmployeeQuery, ServiceClient } from './types';
import { ShapeError } from './wire/fields';
import { employeeInputData } from './wire/employee-input';
import { doingSaid } from './words';
import { failureWords } from './failure-words';

/** We always ask for and send ISO days; received dates are still parsed tolerantly (wire-format "Dates and hours"). */
const DATE_FORMAT = 'yyyy-MM-dd';
/** spec 4.4: view and form defaults. */
const DEFAULT_VIEW = 'P_EmployeeView';
const DEFAULT_FORM = 'P_Employee';
/** wire-format: getDataByID of an unknown record id answers 7049 ("no such record"). */
const CODE_NO_SUCH_RECORD = 7049;
/** real-service-notes "Beyond the contract": listing time logs; not every deployment offers it. */
const TIME_LOG_LIST = 'timetracker/gettimelogs';

export function createServiceClient(config: ClientConfig): ServiceClient {
  const policy = resolvePolicy(config.policy);
  const clock = config.clock ?? systemClock;
  const limiter = createLimiter({
    clock,
    maxPauseWaitMs: policy.backoffMaxMs,
    // a request cannot be in flight longer than its timeout: a place still open after that was left by a dead holder
    inFlightMaxMs: policy.timeoutMs + 5_000,
    budget: config.rateBudget,
  });
  const http = createTransport({
    baseUrl: config.baseUrl,
    getToken: config.getToken,
    onInvalidToken: config.onInvalidToken,
    authScheme: config.authScheme ?? 'Zoho-oauthtoken',
    policy,
    limiter,
    fetch: config.fetch ?? globalThis.fetch.bind(globalThis),
    clock,
  });

  /** Normalises exactly once; a payload of the wrong shape becomes InvalidResponseError naming the endpoint. */
  function shaped<T>(endpoint: string, payload: unknown, normalize: (p: unknown) => T): T {
    try {
      return normalize(payload);
    } catch (err) {
      if (err instanceof ShapeError) {
        throw new InvalidResponseError(failureWords.unreadableAnswer(doingSaid(endpoint)), endpoint, err.message);
      }
      throw err;
    }
  }
  const read = async <T>(endpoint: string, params: Params, normalize: (p: unknown) => T, call?: CallOptions): Promise<T> =>
    shaped(endpoint, (await http.read(endpoint, params, call)).payload, normalize);
  const write = async <T>(endpoint: string, params: Params, normalize: (p: unknown) => T, call?: CallOptions): Promise<T> =>
    shaped(endpoint, (await http.write(endpoint, params, call)).payload, normalize);

  /** gettimelogs: undefined until asked; false once the service answered "unknown operation" (never asked again). */
  let timeLogListOffered: boolean | undefined;
  const unsupported = () => new UnsupportedOperationError(failureWords.noLogList(), TIME_LOG_LIST);
  /** One page of gettimelogs; an "unknown operation" answer (HTTP 404, whatever its body) is remembered. */
  async function timeLogPage(params: Params, call?: CallOptions): Promise<Page<TimeLog>> {
    if (timeLogListOffered === false) throw unsupported();
    try {
      const answer = await http.read(TIME_LOG_LIST, params, call);
      const items = shaped(TIME_LOG_LIST, answer.payload, toTimeLogs);
      timeLogListOffered = true;
      return answer.isNextAvailable === undefined ? { items } : { items, more: answer.isNextAvailable };
    } catch (err) {
      if (isUnknownOperation(err)) {
        timeLogListOffered = false;
        throw unsupported();
      }
      throw err;
    }
  }

  const pageLimit = (page?: { limit?: number }) => clampPageSize(page?.limit ?? policy.pageSize);

  const client: ServiceClient = {
    // ---------------------------------------------------------------- 4.1 timesheets
    timesheets(q, page, given) {
      const call = narrowCall(clock, given); // one deadline for every page: `withinMs` counts from here
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
        (sIndex, limit) => read('timetracker/gettimesheet', { ...base, sIndex, limit }, toTimesheets, call),
        page?.sIndex ?? 0,
        pageLimit(page),
      );
    },
    allTimesheets: async (q, call) => collect(client.timesheets(q, undefined, call)),

    async timesheetDetails(timesheetId, call) {
      checkFields('readTimesheet', { timesheetId });
      return read('timetracker/gettimesheetdetails', { timesheetId }, toTimesheetDetail, call);
    },

    async createTimesheet(input, call) {
      checkFields(
        'createTimesheet',
        { user: input.user, timesheetName: input.timesheetName, fromDate: input.fromDate, toDate: input.toDate },
        { fromDate: input.fromDate, toDate: input.toDate },
      );
      return write(
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
      return write(
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
      return write('timetracker/deletetimesheet', { timesheetId }, toMessage, call);
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
      return write(
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

    // ---------------------------------------------------------------- 4.2 time logs
    async timeLog(timeLogId, call) {
      checkFields('readLog', { timeLogId });
      return read('timetracker/gettimelogdetails', { timeLogId }, toOptionalTimeLog, call);
    },

    // the log's values were checked where they came in (src/shared/log.ts): only the wire's encoding here
    async addTimeLog(input, call) {
      checkFields('addLog', { user: input.user });
      return write('timetracker/addtimelog', addTimeLogParams(input), toAddedTimeLog, call);
    },

    async editTimeLog(input, call) {
      checkFields('editLog', { timeLogId: input.timeLogId });
      return write('timetracker/edittimelog', editTimeLogParams(input), toMessage, call);
    },

    async deleteTimeLog(timeLogId, call) {
      checkFields('deleteLog', { timeLogId });
      return write('timetracker/deletetimelog', { timeLogId }, toMessage, call);
    },

    listTimeLogs(q, page, given) {
      const call = narrowCall(clock, given);
      checkFields('listLogs', { user: q.user, fromDate: q.fromDate, toDate: q.toDate }, { fromDate: q.fromDate, toDate: q.toDate });
      const base: Params = {
        user: q.user,
        fromDate: q.fromDate,
        toDate: q.toDate,
        jobId: q.jobId,
        billingStatus: q.billingStatus,
        approvalStatus: q.approvalStatus,
        dateFormat: DATE_FORMAT,
      };
      // sIndex starts at 0, as for the other timetracker lists
      return pagedRecords<TimeLog>((sIndex, limit) => timeLogPage({ ...base, sIndex, limit }, call), page?.sIndex ?? 0, pageLimit(page));
    },
    allTimeLogs: async (q, call) => collect(client.listTimeLogs(q, undefined, call)),
    timeLogListSupported: () => timeLogListOffered,
    paceEstimate(endpoint, count) {
      const rule = rateRuleFor(policy, endpoint);
      return { waitMs: limiter.estimateMs(endpoint, rule, count), rule };
    },
    askTimeLogListAgain: () => {
      if (timeLogListOffered === false) timeLogListOffered = undefined;
    },

    // ---------------------------------------------------------------- 4.3 reports, settings, jobs
    async payrollReport(q, call) {
      checkFields('payroll', { user: q.user, fromDate: q.fromDate, toDate: q.toDate }, { fromDate: q.fromDate, toDate: q.toDate });
      return read(
        'timetracker/getpayrollreport',
        { user: q.user, fromDate: q.fromDate, toDate: q.toDate, dateFormat: DATE_FORMAT },
        toPayrollRecords,
        call,
      );
    },

    settings: (call) => read('timetracker/gettimetrackersettings', {}, toTrackerSettings, call),

    jobs(q = {}, page, given) {
      const call = narrowCall(clock, given);
      const base: Params = { assignedTo: q.assignedTo, jobStatus: q.jobStatus };
      // spec 4.3: sIndex starts at 0 for jobs
      return pagedRecords<Job>(
        (sIndex, limit) => read('timetracker/getjobs', { ...base, sIndex, limit }, toJobs, call),
        page?.sIndex ?? 0,
        pageLimit(page),
      );
    },
    allJobs: async (q, call) => collect(client.jobs(q, undefined, call)),

    // ---------------------------------------------------------------- 4.4 employees
    employees(q: EmployeeQuery = {}, page, given) {
      const call = narrowCall(clock, given);
      if ((q.searchColumn === undefined) !== (q.searchValue === undefined)) {
        const w = inputCheckWords.search();
        throw new InvalidInputError(w, [{ field: 'search', rule: 'required', message: w.message, said: saidOf(w) }]);
      }
      const endpoint = `forms/${encodeURIComponent(q.viewName ?? DEFAULT_VIEW)}/records`;
      const base: Params = { searchColumn: q.searchColumn, searchValue: q.searchValue, modifiedtime: q.modifiedtime };
      // spec 4.4: sIndex starts at 1 here, and the page size parameter is rec_limit
      return pagedRecords<EmployeeRecord>(
        (sIndex, limit) => read(endpoint, { ...base, sIndex, rec_limit: limit }, toEmployeeRecords, call),
        page?.sIndex ?? 1,
        pageLimit(page),
      );
    },
    allEmployees: async (q, call) => collect(client.employees(q, undefined, call)),

    async employee(recordId, call) {
      checkFields('readEmployee', { recordId });
      try {
        return await read(`forms/json/${DEFAULT_FORM}/getDataByID`, { recordId }, toOptionalEmployee, call);
      } catch (err) {
        if (err instanceof ServiceError && err.code === CODE_NO_SUCH_RECORD) return null;
        throw err;
      }
    },

    async insertEmployee(fields, opts = {}, call) {
      const inputType = opts.inputType ?? 'json';
      const endpoint = `forms/${inputType}/${encodeURIComponent(opts.formLinkName ?? DEFAULT_FORM)}/insertRecord`;
      return write(endpoint, { inputData: employeeInputData(fields, inputType, 'addEmployee') }, (p) => toRecordAck(p), call);
    },

    async updateEmployee(recordId, fields, opts = {}, call) {
      checkFields('updateEmployee', { recordId });
      const inputType = opts.inputType ?? 'json';
      const endpoint = `forms/${inputType}/${encodeURIComponent(opts.formLinkName ?? DEFAULT_FORM)}/updateRecord`;
      return write(
        endpoint,
        { inputData: employeeInputData(fields, inputType, 'updateEmployee'), recordId },
        (p) => toRecordAck(p, recordId),
        call,
      );
    },
  };
  return client;
}

/**
 * The service's answer to an operation it does not have: HTTP 404, whether the body is its error envelope (the
 * sandbox: code 9003 "No such operation", in both envelope styles), a web server's HTML page or nothing. A 404
 * with a record's "not found" code (9008, 7049) is about a record, not the operation; gettimelogs names none.
 */
function isUnknownOperation(err: unknown): boolean {
  if (err instanceof ServiceError) return err.httpStatus === 404 && err.code !== 9008 && err.code !== CODE_NO_SUCH_RECORD;
  if (err instanceof NetworkError) return err.kind === 'not-the-service' && err.httpStatus === 404;
  return false;
}
