/**
 * The operations of spec section 4 as a table (method, path, scope, rate class, writes?) and the order every
 * request goes through: route, token (7202), rate limit (7209), scope (9000), handler, save.
 */
import { TokenBook, type Need } from './auth';
import type { Call, Handler } from './call';
import { ApiError, type Success } from './envelope';
import type { Params } from './params';
import type { RateClass, RateLimiter } from './rate-limits';
import { approveTimesheet } from './routes/approvals';
import { getDataById, insertRecord, listRecords, updateRecord } from './routes/employees';
import { getJobs, getPayrollReport, getSettings } from './routes/reports';
import { addTimeLog, deleteTimeLog, editTimeLog, getTimeLogDetails, getTimeLogs } from './routes/timelogs';
import { createTimesheet, deleteTimesheet, getTimesheetDetails, getTimesheets, modifyTimesheet } from './routes/timesheets';
import type { Store } from './store';
import type { WireVariants } from './types';

interface Route {
  method: 'GET' | 'POST';
  pattern: RegExp;
  /** Rate-limit key: one window per endpoint per token. */
  endpoint: string;
  need: Need;
  rate: RateClass;
  writes: boolean;
  handler: Handler;
}

function tt(method: Route['method'], op: string, handler: Handler, writes = method === 'POST'): Route {
  return {
    method,
    pattern: new RegExp(`^/api/timetracker/${op}$`, 'i'),
    endpoint: `timetracker/${op}`,
    need: 'timetracker',
    rate: 'timetracker',
    writes,
    handler,
  };
}

const ROUTES: Route[] = [
  tt('GET', 'gettimesheet', getTimesheets),
  tt('GET', 'gettimesheetdetails', getTimesheetDetails),
  tt('POST', 'createtimesheet', createTimesheet),
  tt('POST', 'modifytimesheet', modifyTimesheet),
  tt('POST', 'deletetimesheet', deleteTimesheet),
  tt('POST', 'approvetimesheet', approveTimesheet),
  tt('GET', 'gettimelogdetails', getTimeLogDetails),
  tt('POST', 'addtimelog', addTimeLog),
  tt('POST', 'edittimelog', editTimeLog),
  tt('POST', 'deletetimelog', deleteTimeLog),
  // beyond the contract (real-service-notes): switched off by `timeLogList: false`, then an unknown path
  tt('GET', 'gettimelogs', getTimeLogs),
  tt('GET', 'getpayrollreport', getPayrollReport),
  tt('GET', 'gettimetrackersettings', getSettings),
  tt('GET', 'getjobs', getJobs),
  {
    method: 'GET',
    pattern: /^\/api\/forms\/json\/P_Employee\/getDataByID$/i,
    endpoint: 'forms/getDataByID',
    need: 'forms.read',
    rate: 'formsRead',
    writes: false,
    handler: getDataById,
  },
  {
    method: 'GET',
    pattern: /^\/api\/forms\/([^/]+)\/records$/i,
    endpoint: 'forms/records',
    need: 'forms.read',
    rate: 'formsRead',
    writes: false,
    handler: listRecords,
  },
  {
    method: 'POST',
    pattern: /^\/api\/forms\/([^/]+)\/([^/]+)\/insertRecord$/i,
    endpoint: 'forms/insertRecord',
    need: 'forms.write',
    rate: 'formsInsert',
    writes: true,
    handler: insertRecord,
  },
  {
    method: 'POST',
    pattern: /^\/api\/forms\/([^/]+)\/([^/]+)\/updateRecord$/i,
    endpoint: 'forms/updateRecord',
    need: 'forms.write',
    rate: 'formsUpdate',
    writes: true,
    handler: updateRecord,
  },
];

export interface ApiRequest {
  method: string;
  /** Path with the real service's optional `/people` prefix already removed. */
  path: string;
  params: Params;
  authorization: string | undefined;
}

export interface RouterDeps {
  store: Store;
  tokens: TokenBook;
  limiter: RateLimiter;
  today: () => string;
  /** Operations beyond the contract that this deployment offers (default: all). */
  offers?: () => { timeLogList: boolean };
  /** How answers vary where the contract leaves a field unnamed (default: the spec's spelling). */
  variants?: () => WireVariants;
}

/** Endpoints that exist only while switched on; switched off they are unknown paths. */
const OPTIONAL: Record<string, 'timeLogList'> = { 'timetracker/gettimelogs': 'timeLogList' };

/** Runs one API request; throws ApiError for every refusal. */
export function dispatch(req: ApiRequest, deps: RouterDeps): Success {
  const offers = deps.offers?.();
  const candidates = ROUTES.filter((r) => r.pattern.test(req.path) && (!OPTIONAL[r.endpoint] || !offers || offers[OPTIONAL[r.endpoint]]));
  // Unknown paths and wrong methods are the web server's answer, not the API's: they keep their HTTP status in both
  // envelope styles (docs/wire-format.md "Sandbox specifics").
  if (candidates.length === 0)
    throw new ApiError(9003, `No such operation: ${req.path}; see spec section 4 for the paths.`, { httpStatus: 404, outsideApi: true });
  const route = candidates.find((r) => r.method === req.method);
  if (!route)
    throw new ApiError(9003, `Use ${candidates[0].method} for ${req.path} (got ${req.method}).`, { httpStatus: 405, outsideApi: true });

  const grant = deps.tokens.resolve(req.authorization);
  deps.limiter.admit(grant.token, route.endpoint, route.rate);
  TokenBook.check(grant.scopes, route.need);

  const run = (): Success => {
    const caller = deps.store.findEmployee(grant.user);
    if (!caller) throw new ApiError(7202, 'Invalid OAuth token: it belongs to no current employee; sign in again.');
    const call: Call = {
      params: req.params,
      caller,
      store: deps.store,
      today: deps.today(),
      variants: deps.variants?.(),
      pathParts: route.pattern
        .exec(req.path)!
        .slice(1)
        .map((s) => decodeURIComponent(s)),
    };
    return route.handler(call);
  };
  // A write runs on the latest saved state under the state file's lock and is saved before it is answered
  // (./store.ts: other processes may serve the same demo company); a read takes what they wrote first.
  if (route.writes) return deps.store.change(run);
  deps.store.refresh();
  return run();
}
