/**
 * What every section of the service client's calls works with (../client.ts builds it once per client): the clock
 * (a paged list's one deadline counts from it), the resolved policy and limiter, the transport, and a read and a
 * write that normalise the answer exactly once.
 */
import type { Clock } from '../../clock';
import type { Limiter } from '../pacing/limiter';
import type { Transport } from '../http/transport';
import type { Params } from '../http/request';
import type { CallOptions, ClientPolicy } from '../types';

export interface Calls {
  clock: Clock;
  policy: ClientPolicy;
  limiter: Limiter;
  http: Transport;
  read<T>(endpoint: string, params: Params, normalize: (p: unknown) => T, call?: CallOptions): Promise<T>;
  write<T>(endpoint: string, params: Params, normalize: (p: unknown) => T, call?: CallOptions): Promise<T>;
  /** A paged list's page size: the caller's, else the policy's, clamped to what the service takes. */
  pageLimit(page?: { limit?: number }): number;
  /** Turns a payload of the wrong shape into InvalidResponseError naming the endpoint. */
  shaped<T>(endpoint: string, payload: unknown, normalize: (p: unknown) => T): T;
}

/** We always ask for and send ISO days; received dates are still parsed tolerantly (wire-format "Dates and hours"). */
export const DATE_FORMAT = 'yyyy-MM-dd';
/** wire-format: getDataByID of an unknown record id answers 7049 ("no such record"). */
export const CODE_NO_SUCH_RECORD = 7049;
