/**
 * The service client's time log calls (spec 4.2): read, add, change, delete, and the list of a user's logs, which not
 * every deployment offers (real-service-notes "Beyond the contract"): an "unknown operation" answer is remembered and
 * the list is not asked again until `askTimeLogListAgain`.
 */
import type { TimeLog, UndatedTimeLog } from '../../../shared/domain';
import { NetworkError, ServiceError, UnsupportedOperationError } from '../errors';
import { failureWords } from '../failure-words';
import { narrowCall } from '../http/call-options';
import type { Params } from '../http/request';
import { rateRuleFor } from '../pacing/policy';
import type { CallOptions, Page as PageAsked, ServiceClient, TimeLogQuery } from '../types';
import { checkFields } from '../wire/input-checks';
import { toOptionalTimeLog, toTimeLogs } from '../wire/normalize';
import { toTimeLogsForDisplay } from '../wire/normalize-logs';
import { toAddedTimeLog, toMessage } from '../wire/normalize-acks';
import { collect, pagedRecords, type Page } from '../wire/paging';
import { addTimeLogParams, editTimeLogParams } from '../wire/time-log-params';
import { CODE_NO_SUCH_RECORD, DATE_FORMAT, type Calls } from './calls';

/** real-service-notes "Beyond the contract": listing time logs; not every deployment offers it. */
const TIME_LOG_LIST = 'timetracker/gettimelogs';

export type TimeLogCalls = Pick<
  ServiceClient,
  | 'timeLog'
  | 'addTimeLog'
  | 'editTimeLog'
  | 'deleteTimeLog'
  | 'listTimeLogs'
  | 'allTimeLogs'
  | 'allTimeLogsForDisplay'
  | 'timeLogListSupported'
  | 'paceEstimate'
  | 'askTimeLogListAgain'
>;

export function timeLogCalls(c: Calls): TimeLogCalls {
  /** gettimelogs: undefined until asked; false once the service answered "unknown operation" (never asked again). */
  let timeLogListOffered: boolean | undefined;
  const unsupported = () => new UnsupportedOperationError(failureWords.noLogList(), TIME_LOG_LIST);
  /**
   * One page of gettimelogs, read by `toItems` (strict, or keeping undated logs apart for a week shown); an "unknown
   * operation" answer (HTTP 404, whatever its body) is remembered.
   */
  async function timeLogPage<T>(params: Params, call: CallOptions | undefined, toItems: (p: unknown) => T[]): Promise<Page<T>> {
    if (timeLogListOffered === false) throw unsupported();
    try {
      const answer = await c.http.read(TIME_LOG_LIST, params, call);
      const items = c.shaped(TIME_LOG_LIST, answer.payload, toItems);
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
  /** gettimelogs page by page, each read by `toItems`; sIndex starts at 0, as for the other timetracker lists. */
  function timeLogPages<T>(q: TimeLogQuery, page: PageAsked | undefined, given: CallOptions | undefined, toItems: (p: unknown) => T[]) {
    const call = narrowCall(c.clock, given);
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
    return pagedRecords<T>((sIndex, limit) => timeLogPage({ ...base, sIndex, limit }, call, toItems), page?.sIndex ?? 0, c.pageLimit(page));
  }
  const calls: TimeLogCalls = {
    async timeLog(timeLogId, call) {
      checkFields('readLog', { timeLogId });
      return c.read('timetracker/gettimelogdetails', { timeLogId }, toOptionalTimeLog, call);
    },

    // the log's values were checked where they came in (src/shared/log.ts): only the wire's encoding here
    async addTimeLog(input, call) {
      checkFields('addLog', { user: input.user });
      return c.write('timetracker/addtimelog', addTimeLogParams(input), toAddedTimeLog, call);
    },

    async editTimeLog(input, call) {
      checkFields('editLog', { timeLogId: input.timeLogId });
      return c.write('timetracker/edittimelog', editTimeLogParams(input), toMessage, call);
    },

    async deleteTimeLog(timeLogId, call) {
      checkFields('deleteLog', { timeLogId });
      return c.write('timetracker/deletetimelog', { timeLogId }, toMessage, call);
    },

    listTimeLogs: (q, page, given) => timeLogPages(q, page, given, toTimeLogs),
    allTimeLogs: async (q, call) => collect(calls.listTimeLogs(q, undefined, call)),
    async allTimeLogsForDisplay(q, call) {
      const both = (p: unknown) => {
        const { dated, undated } = toTimeLogsForDisplay(p);
        return [...dated, ...undated];
      };
      const all = await collect(timeLogPages(q, undefined, call, both));
      const isUndated = (l: TimeLog | UndatedTimeLog): l is UndatedTimeLog => 'rawWorkDate' in l;
      return { logs: all.filter((l): l is TimeLog => !isUndated(l)), undated: all.filter(isUndated) };
    },
    timeLogListSupported: () => timeLogListOffered,
    paceEstimate(endpoint, count) {
      const rule = rateRuleFor(c.policy, endpoint);
      return { waitMs: c.limiter.estimateMs(endpoint, rule, count), rule };
    },
    askTimeLogListAgain: () => {
      if (timeLogListOffered === false) timeLogListOffered = undefined;
    },
  };
  return calls;
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
