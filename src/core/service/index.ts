/** FACE_SERVICE: the client of the time tracking service, the session that holds it, and whether the service answers. */
export { createServiceClient } from './client';
export { wrapClient } from './client-wrap';
export type { ClientAround, WriteMethod } from './client-wrap';
export {
  AuthError,
  InvalidInputError,
  NetworkError,
  RateLimitedError,
  ServerError,
  ServiceError,
  UnsupportedOperationError,
  errorSaid,
  errorText,
  errorValue,
  saidError,
} from './errors';
export type { ErrorWords } from './errors';
export { deadlineIn, narrowCall, untilAborted } from './http/call-options';
export { NOT_SENT_IN_TIME } from './http/transport';
export type { CallOptions } from './http/transport';
export { emptyBudget, pausesIn } from './pacing/budget-record';
export type { BudgetRecord, BudgetStore, EndpointRecord } from './pacing/budget-record';
export { loopbackFetch, nodeFetch } from './http/node-fetch';
export { ACTION_WRITE, DEFAULT_POLICY, SANDBOX_POLICY, UNPACED } from './pacing/policy';
export type { ClientPolicy, EmployeeQuery, RateRule, ServiceClient, TimesheetQuery } from './types';
export { doingSaid, doingWords } from './words';
export { accountKeyOf } from './session';
export type { Session } from './session';
export { createReachability } from './reachability';
export type { Reachability, ReachPolicy } from './reachability';
