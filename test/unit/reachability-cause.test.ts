/**
 * `causeOf` (src/core/service/network-cause.ts): the one place a failed call becomes a status cause. It reads the
 * client's `kind` when present and otherwise the error's name, codes and cause chain, so it works before and after
 * the client classifies its failures itself.
 * @inner src/core/service/errors.ts, src/core/service/http/network-failure.ts, src/core/service/network-cause.ts
 */
import { describe, expect, it } from 'vitest';
import { causeOf } from '../../src/core/service/network-cause';
import {
  AuthError,
  InvalidInputError,
  InvalidResponseError,
  NetworkError,
  RateLimitedError,
  ServerError,
  ServiceError,
} from '../../src/core/service/errors';
import { networkErrorFrom } from '../../src/core/service/http/network-failure';

const fetchFailed = (code: string) => Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error(code), { code }) });
const timeout = () => new DOMException('The operation was aborted due to timeout', 'TimeoutError');

describe('causeOf', () => {
  it('maps what undici reports today through the NetworkError the client makes of it', () => {
    // refused by the service's address: the network works (not "no network"); unreachable network: no network
    expect(causeOf(networkErrorFrom(fetchFailed('ECONNREFUSED'), 'x', 1000))).toBe('service-down');
    expect(causeOf(networkErrorFrom(fetchFailed('ENETUNREACH'), 'x', 1000))).toBe('offline-no-network');
    expect(causeOf(networkErrorFrom(fetchFailed('ENETDOWN'), 'x', 1000))).toBe('offline-no-network');
    expect(causeOf(networkErrorFrom(fetchFailed('ENOTFOUND'), 'x', 1000))).toBe('offline-dns');
    expect(causeOf(networkErrorFrom(fetchFailed('EAI_AGAIN'), 'x', 1000))).toBe('offline-dns');
    expect(causeOf(networkErrorFrom(fetchFailed('ECONNRESET'), 'x', 1000))).toBe('offline-no-network');
    expect(causeOf(networkErrorFrom(fetchFailed('UND_ERR_CONNECT_TIMEOUT'), 'x', 1000))).toBe('timeout');
    expect(causeOf(networkErrorFrom(timeout(), 'x', 1000))).toBe('timeout');
    const aggregate = Object.assign(new TypeError('fetch failed'), {
      cause: new AggregateError([Object.assign(new Error('a'), { code: 'ECONNREFUSED' })]),
    });
    expect(causeOf(networkErrorFrom(aggregate, 'x', 1000))).toBe('service-down');
  });

  it("reads the client's kind when it has one", () => {
    const withKind = (kind: string) => Object.assign(new NetworkError('x', 'no'), { kind });
    expect(causeOf(withKind('refused'))).toBe('offline-no-network');
    expect(causeOf(withKind('dns'))).toBe('offline-dns');
    expect(causeOf(withKind('timeout'))).toBe('timeout');
    expect(causeOf(withKind('reset'))).toBe('offline-no-network');
    expect(causeOf(withKind('cut-off'))).toBe('offline-no-network');
    expect(causeOf(withKind('not-the-service'))).toBe('not-the-service');
  });

  it('tells answers of the service from failures of the network', () => {
    expect(causeOf(new ServiceError('refused', 8002, 400, 'x'))).toBe('answered');
    expect(causeOf(new AuthError('bad token', 7202, 401))).toBe('token-rejected');
    expect(causeOf(new AuthError('refused', undefined))).toBe('token-rejected');
    expect(causeOf(new AuthError('no scope', 9000, 403))).toBe('answered');
    expect(causeOf(new RateLimitedError('slow down', 1000, 'x'))).toBe('rate-limited');
    expect(causeOf(new ServerError('5xx', 503, 'no'))).toBe('server-error');
    expect(causeOf(new InvalidResponseError('html', 'x'))).toBe('not-the-service');
  });

  it('finds the cause inside a wrapper (the probe\'s "not sent"), and says nothing for local refusals and aborts', () => {
    expect(causeOf(new NetworkError('Not sent', 'no', { cause: new InvalidResponseError('html', 'x') }))).toBe('not-the-service');
    expect(causeOf(new NetworkError('Not sent', 'no', { cause: networkErrorFrom(fetchFailed('ENOTFOUND'), 'x', 1) }))).toBe('offline-dns');
    expect(causeOf(new InvalidInputError('bad hours'))).toBeUndefined();
    expect(causeOf(networkErrorFrom(new DOMException('aborted', 'AbortError'), 'x', 1000))).toBeUndefined();
    expect(causeOf(new Error('a bug'))).toBeUndefined();
  });
});
