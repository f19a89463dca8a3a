/**
 * The service client: one method per operation of spec section 4, over ./http/transport.ts (requests, pacing, retries,
 * envelopes) and ./wire/normalize*.ts (wire -> domain), each section's calls in ./calls/. Callers get domain types and
 * typed errors only.
 */
import { systemClock } from '../clock';
import { InvalidResponseError } from './errors';
import { createTransport } from './http/transport';
import type { Params } from './http/request';
import { createLimiter } from './pacing/limiter';
import { clampPageSize, resolvePolicy } from './pacing/policy';
import type { CallOptions, ClientConfig, ServiceClient } from './types';
import { ShapeError } from './wire/fields';
import { doingSaid } from './words';
import { failureWords } from './failure-words';
import type { Calls } from './calls/calls';
import { timesheetCalls } from './calls/timesheets';
import { timeLogCalls } from './calls/time-logs';
import { companyCalls } from './calls/company';
import { employeeCalls } from './calls/employees';

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

  const calls: Calls = {
    clock,
    policy,
    limiter,
    http,
    read,
    write,
    shaped,
    pageLimit: (page) => clampPageSize(page?.limit ?? policy.pageSize),
  };
  return { ...timesheetCalls(calls), ...timeLogCalls(calls), ...companyCalls(calls), ...employeeCalls(calls) };
}
