import { describe, expect, it } from 'vitest';
import { findError, messageText, parseRetryAfter, readAnswer } from '../../src/main/core/service/envelope';
import { AuthError, InvalidResponseError, RateLimitedError, ServerError, ServiceError } from '../../src/main/core/service/errors';
import { causeCode, networkErrorFrom } from '../../src/main/core/service/network-failure';

const answer = (status: number, body: unknown, retryAfter: string | null = null) => ({
  status, retryAfter, text: typeof body === 'string' ? body : JSON.stringify(body),
});
const EP = 'timetracker/gettimesheet';

function thrown(fn: () => unknown): unknown {
  try { fn(); } catch (e) { return e; }
  throw new Error('expected a throw');
}

describe('reading the service answer', () => {
  it('unwraps the spec envelope, the real envelope and a bare array', () => {
    expect(readAnswer(answer(200, { result: [1, 2] }), EP, false).payload).toEqual([1, 2]);
    const real = readAnswer(answer(200, { response: { result: [3], message: 'Data fetched successfully', status: 0, isNextAvailable: true } }), EP, false);
    expect(real).toEqual({ payload: [3], isNextAvailable: true });
    expect(readAnswer(answer(200, [{ recordId: '1' }]), EP, false).payload).toEqual([{ recordId: '1' }]);
  });

  it('takes an object without result as the payload itself', () => {
    expect(readAnswer(answer(200, { pkId: '5', message: 'ok' }), EP, true).payload).toEqual({ pkId: '5', message: 'ok' });
  });

  it('treats status 1 with HTTP 200 as a ServiceError carrying the code', () => {
    const e = thrown(() => readAnswer(answer(200, { response: { status: 1, message: 'Error occurred', errors: { code: 9008, message: 'Timesheet not found' } } }), EP, false));
    expect(e).toBeInstanceOf(ServiceError);
    expect(e).toMatchObject({ code: 9008, httpStatus: 200, endpoint: EP, applied: 'no' });
    expect((e as Error).message).toContain('Timesheet not found');
  });

  it('reads the code from a one-element errors array and joins an object message', () => {
    const e = thrown(() => readAnswer(answer(200, { response: { status: 1, errors: [{ code: 7052, message: { 'First Name': 'is mandatory', Email: 'is mandatory' } }] } }), EP, true));
    expect(e).toBeInstanceOf(ServiceError);
    expect((e as ServiceError).code).toBe(7052);
    expect((e as Error).message).toContain('First Name: is mandatory; Email: is mandatory');
  });

  it('maps the spec style 4xx error body to a ServiceError with code and HTTP status', () => {
    const e = thrown(() => readAnswer(answer(400, { error: { code: 9002, message: 'hours is missing' } }), 'timetracker/addtimelog', true));
    expect(e).toMatchObject({ name: 'ServiceError', code: 9002, httpStatus: 400 });
  });

  it('maps 7202 and HTTP 401 to AuthError, and 9000 and HTTP 403 to AuthError', () => {
    expect(thrown(() => readAnswer(answer(200, { response: { status: 1, errors: { code: 7202, message: 'Invalid OAuth token' } } }), EP, false)))
      .toMatchObject({ name: 'AuthError', code: 7202 });
    expect(thrown(() => readAnswer(answer(401, ''), EP, false))).toMatchObject({ name: 'AuthError', code: 7202, httpStatus: 401 });
    expect(thrown(() => readAnswer(answer(403, { error: { code: 9000, message: 'no scope' } }), EP, false))).toBeInstanceOf(AuthError);
    expect(thrown(() => readAnswer(answer(403, 'forbidden'), EP, false))).toMatchObject({ name: 'AuthError', code: 9000 });
  });

  it('maps 429 with Retry-After to RateLimitedError with that wait', () => {
    const e = thrown(() => readAnswer(answer(429, { error: { code: 7209, message: 'blocked' } }, '3'), EP, false));
    expect(e).toBeInstanceOf(RateLimitedError);
    expect(e).toMatchObject({ retryAfterMs: 3000, endpoint: EP, code: 7209, applied: 'no' });
  });

  it('assumes the five-minute lock-out when 7209 arrives without Retry-After', () => {
    const e = thrown(() => readAnswer(answer(200, { response: { status: 1, errors: [{ code: '7209', message: 'Access blocked' }] } }), EP, false));
    expect(e).toMatchObject({ name: 'RateLimitedError', retryAfterMs: 300_000 });
  });

  it('says a 5xx was not applied for a read and may have been for a write', () => {
    expect(thrown(() => readAnswer(answer(503, 'busy'), EP, false))).toMatchObject({ name: 'ServerError', applied: 'no', httpStatus: 503 });
    const w = thrown(() => readAnswer(answer(500, { result: 'x' }), 'timetracker/addtimelog', true));
    expect(w).toBeInstanceOf(ServerError);
    expect(w).toMatchObject({ applied: 'unknown' });
  });

  it('turns an unparseable 200 into InvalidResponseError', () => {
    expect(thrown(() => readAnswer(answer(200, '<html>oops</html>'), EP, false))).toBeInstanceOf(InvalidResponseError);
    expect(thrown(() => readAnswer(answer(200, ''), EP, true))).toMatchObject({ name: 'InvalidResponseError', applied: 'unknown' });
  });

  it('turns an unparseable 404 into a ServiceError naming the HTTP status', () => {
    const e = thrown(() => readAnswer(answer(404, 'Not Found'), EP, false));
    expect(e).toMatchObject({ name: 'ServiceError', code: undefined, httpStatus: 404 });
    expect((e as Error).message).toContain('HTTP 404');
  });

  it('keeps long numeric ids of the payload as strings', () => {
    const r = readAnswer({ status: 200, retryAfter: null, text: '{"result":[{"timeLogId":123456789012345678}]}' }, EP, true);
    expect(r.payload).toEqual([{ timeLogId: '123456789012345678' }]);
  });

  it('finds no error in a successful real envelope', () => {
    expect(findError({ response: { status: 0, result: [] } })).toBeUndefined();
    expect(messageText(['a', { b: 'c' }])).toBe('a; b: c');
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), () => 4_000)).toBe(6000);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});

describe('network failures', () => {
  const fetchFailed = (cause: unknown) => Object.assign(new TypeError('fetch failed'), { cause });

  it('says nothing was applied when the connection was refused or the host is unknown', () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']) {
      const e = networkErrorFrom(fetchFailed(Object.assign(new Error(code), { code })), EP, 30_000);
      expect(e.applied, code).toBe('no');
      expect(e.message).toContain(code);
    }
  });

  it('finds the code inside an AggregateError of several addresses', () => {
    const agg = Object.assign(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })], 'all failed'), { code: 'ECONNREFUSED' });
    expect(causeCode(fetchFailed(agg))).toBe('ECONNREFUSED');
    const bare = new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]);
    expect(networkErrorFrom(fetchFailed(bare), EP, 1000).applied).toBe('no');
  });

  it('says the outcome is unknown after a hang up, a reset or a timeout', () => {
    expect(networkErrorFrom(fetchFailed(Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' })), EP, 1000).applied).toBe('unknown');
    expect(networkErrorFrom(fetchFailed(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })), EP, 1000).applied).toBe('unknown');
    expect(networkErrorFrom(fetchFailed(new Error('socket hang up')), EP, 1000).applied).toBe('unknown');
    const timeout = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    const e = networkErrorFrom(timeout, EP, 30_000);
    expect(e.applied).toBe('unknown');
    expect(e.message).toContain('30 s');
  });
});
