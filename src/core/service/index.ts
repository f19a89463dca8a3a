/** FACE_SERVICE */
export { createServiceClient } from './client';
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
export { deadlineIn, narrowCall, untilAborted } from './call-options';
export { NOT_SENT_IN_TIME } from './http';
export type { CallOptions } from './http';
export { emptyBudget, pausesIn } from './limiter';
export type { BudgetRecord, BudgetStore, EndpointRecord } from './limiter';
export { loopbackFetch } from './loopback-fetch';
export { ACTION_WRITE, DEFAULT_POLICY, SANDBOX_POLICY, UNPACED } from './policy';
export type { ClientPolicy, EmployeeQuery, RateRule, ServiceClient, TimesheetQuery } from './types';
export { doingSaid, doingWords } from './words';
