/**
 * `causeOf` (src/core/service/network-cause.ts): the one place a failed call becomes a status cause. It reads the
 * client's `kind` when present and otherwise the error's name, codes and cause chain, so it works before and after
 * the client classifies its failures itself.
 * @inner src/core/service/errors.ts, src/core/service/http/network-failure.ts, src/core/service/network-cause.ts
 */
import { describe, expect, it } from 'vitest';
import { causeOf, connectionLost, cutOff, detailsOf, inChain, pageStatusOf } from '../../src/core/service/network-cause';
import {
  AuthError,
  InvalidInputError,
  InvalidResponseError,
  NetworkError,
  RateLimitedError,
  ServerError,
  ServiceError,
} from '../../src/core/service/errors';
import { causeCode, networkErrorFrom } from '../../src/core/service/http/network-failure';

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

describe('detailsOf: what the status says beside the cause', () => {
  it('a connection cut after it was made (reset after the request, half an answer) is cutOff, never a refusal or DNS', () => {
    const reset = networkErrorFrom(fetchFailed('ECONNRESET'), 'x', 1000);
    const halfBody = networkErrorFrom(new Error('aborted'), 'x', 1000, { phase: 'body' });
    expect(halfBody.kind).toBe('cut-off');
    for (const cut of [reset, halfBody]) {
      expect(causeOf(cut)).toBe('offline-no-network'); // the cause keeps its value (scripts read it)
      expect(detailsOf('offline-no-network', cut)).toEqual({ cutOff: true });
    }
    // the network itself failed: no connection was ever made
    const unreachable = networkErrorFrom(fetchFailed('ENETUNREACH'), 'x', 1000);
    expect(causeOf(unreachable)).toBe('offline-no-network');
    expect(detailsOf('offline-no-network', unreachable)).toEqual({});
    // a probe's "not sent" wrapping a reset says the same as the reset
    const notSent = new NetworkError('Not sent', 'no', { cause: reset });
    expect(detailsOf(causeOf(notSent) as 'offline-no-network', notSent)).toEqual({ cutOff: true });
  });

  it("a page's HTTP status is read wherever it is in the chain, an AggregateError's first error included", () => {
    const page = new NetworkError('a page', 'unknown', { kind: 'not-the-service', httpStatus: 502 });
    expect(detailsOf('not-the-service', new NetworkError('Not sent', 'no', { cause: page }))).toEqual({ httpStatus: 502 });
    expect(detailsOf('not-the-service', new AggregateError([page]))).toEqual({ httpStatus: 502 });
    expect(pageStatusOf(new Error('no page'))).toBeUndefined();
  });

  it('inChain stops at the first answer and at a cycle', () => {
    const a: { code: string; cause?: unknown } = { code: 'A' };
    const b = { code: 'B', cause: a };
    a.cause = b; // a cycle: the walk ends after 6 links
    let seen = 0;
    expect(inChain(b, () => void seen++)).toBeUndefined();
    expect(seen).toBe(6);
    expect(inChain(b, (e) => (e.code === 'A' ? 'found' : undefined))).toBe('found');
  });
});

describe('the one walk down the chain finds each cause deep in it', () => {
  /**
   * `inner` four links down, as a real failure nests it: a wrapper's error > another wrapper > fetch's TypeError > an
   * AggregateError of the addresses tried > `inner`.
   */
  const deep = (inner: object) =>
    new Error('outer', { cause: new Error('wrapper', { cause: new TypeError('fetch failed', { cause: new AggregateError([inner]) }) }) });
  const code = (c: string, more: object = {}) => Object.assign(new Error(c), { code: c }, more);

  it('a reset: no network', () => expect(causeOf(deep(code('ECONNRESET')))).toBe('offline-no-network'));
  it("the service's address refusing: the service is down", () => expect(causeOf(deep(code('ECONNREFUSED')))).toBe('service-down'));
  it("a refusal the client named, the OS's reason deep under it: the service is down", () =>
    expect(causeOf(new NetworkError('refused', 'no', { kind: 'refused', detail: deep(code('ECONNREFUSED')) }))).toBe('service-down'));
  it('a name not found: DNS', () => expect(causeOf(deep(code('ENOTFOUND')))).toBe('offline-dns'));
  it("undici's headers timeout: the service does not answer", () => expect(causeOf(deep(code('UND_ERR_HEADERS_TIMEOUT')))).toBe('timeout'));
  it('a deadline that ran out: the service does not answer', () =>
    expect(causeOf(deep(new DOMException('The operation was aborted due to timeout', 'TimeoutError')))).toBe('timeout'));
  it("a typed failure wrapped deep: its own verdict (an answer that is not the service's)", () =>
    expect(causeOf(deep(new InvalidResponseError('html', 'x')))).toBe('not-the-service'));
  it("a caller's abort deep: nothing about the network", () =>
    expect(causeOf(deep(new DOMException('aborted', 'AbortError')))).toBeUndefined());
  it("a gateway page's HTTP status", () => expect(pageStatusOf(deep({ httpStatus: 502 }))).toBe(502));
  it('a kept-alive connection lost (EPIPE)', () => expect(connectionLost(deep(code('EPIPE')))).toBe(true));
  it('an answer cut off halfway', () => expect(cutOff(deep({ kind: 'cut-off' }))).toBe(true));
  it("the OS's code under undici's own, six links down", () =>
    expect(causeCode(deep(code('UND_ERR_SOCKET', { cause: code('ECONNRESET') })))).toBe('ECONNRESET'));
  it("the address undici's connect timeout names, inside an AggregateError", () => {
    const e = networkErrorFrom(
      deep(code('UND_ERR_CONNECT_TIMEOUT', { message: 'Connect Timeout Error (attempted address: 10.0.0.5:443, timeout: 10000ms)' })),
      'timetracker/gettimelogs',
      4_000,
    );
    expect(e).toMatchObject({ kind: 'timeout', applied: 'no' });
    expect(e.message).toContain('10.0.0.5:443');
  });
});
