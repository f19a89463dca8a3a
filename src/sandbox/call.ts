/**
 * What a resource handler gets: the request's parameters, who is calling, the data, and `today` (no future dates
 * are judged against it). A handler returns the payload or throws an ApiError; the router writes the envelope.
 */
import type { Success } from './envelope';
import type { Params } from './params';
import type { Store } from './store';
import type { EmployeeRow, WireVariants } from './types';

export interface Call {
  params: Params;
  caller: EmployeeRow;
  store: Store;
  today: string;
  /** Groups captured from the route's path pattern (e.g. the view name of /api/forms/{view}/records). */
  pathParts: string[];
  /** The configured wire variants (payroll rows' employee field and currency); the spec's when absent. */
  variants?: WireVariants;
}

export type Handler = (call: Call) => Success;
