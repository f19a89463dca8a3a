/** @inner src/core/service/http/network-failure.ts, src/core/service/wire/envelope.ts */
import { describe, expect, it } from 'vitest';
import { findError, messageText, parseRetryAfter, readAnswer } from '../../src/core/service/wire/envelope';
import { AuthError, NetworkError, RateLimitedError, ServerError, ServiceError } from '../../src/core/service';
import { causeCode, networkErrorFrom } from '../../src/core/service/http/network-failure';

const answer = (status: number, body: unknown, retryAfter: string | null = null, contentType?: string) => ({
  status,
  retryAfter,
  text: typeof body === 'string' ? body : JSON.stringify(body),
  contentType,
});
const EP = 'timetracker/gettimesheet';

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('expected a throw');
}

describe('reading the service answer', () => {
  it('unwraps the spec envelope, the real envelope and a bare array', () => {
    expect(readAnswer(answer(200, { result: [1, 2] }), EP, false).payload).toEqual([1, 2]);
    const real = readAnswer(
      answer(200, { response: { result: [3], message: 'Data fetched successfully', status: 0, isNextAvailable: true } }),
      EP,
      false,
    );
    expect(real).toEqual({ payload: [3], isNextAvailable: true });
    // a last page may say so, as a boolean or as text; the spec's envelope may carry it beside result
    expect(readAnswer(answer(200, { response: { result: [4], status: 0, isNextAvailable: false } }), EP, false).isNextAvailable).toBe(
      false,
    );
    expect(readAnswer(answer(200, { response: { result: [4], status: 0, isNextAvailable: 'false' } }), EP, false).isNextAvailable).toBe(
      false,
    );
    expect(readAnswer(answer(200, { result: [5], isNextAvailable: true }), EP, false)).toEqual({ payload: [5], isNextAvailable: true });
    expect(readAnswer(answer(200, { response: { result: [6], status: 0 } }), EP, false)).toEqual({ payload: [6] });
    expect(readAnswer(answer(200, [{ recordId: '1' }]), EP, false).payload).toEqual([{ recordId: '1' }]);
  });

  it('takes an object without result as the payload itself on the forms operations (spec 4.4), and only there', () => {
    expect(readAnswer(answer(200, { pkId: '5', message: 'ok' }), 'forms/json/P_Employee/insertRecord', true).payload).toEqual({
      pkId: '5',
      message: 'ok',
    });
    expect(thrown(() => readAnswer(answer(200, { pkId: '5', message: 'ok' }), 'timetracker/addtimelog', true))).toMatchObject({
      name: 'NetworkError',
      kind: 'not-the-service',
      applied: 'unknown',
      httpStatus: 200,
    });
  });

  it('treats status 1 with HTTP 200 as a ServiceError carrying the code', () => {
    const e = thrown(() =>
      readAnswer(
        answer(200, { response: { status: 1, message: 'Error occurred', errors: { code: 9008, message: 'Timesheet not found' } } }),
        EP,
        false,
      ),
    );
    expect(e).toBeInstanceOf(ServiceError);
    expect(e).toMatchObject({ code: 9008, httpStatus: 200, endpoint: EP, applied: 'no' });
    // the service's own words kept for logs; people read what it means and what to do, without the code
    expect(e).toMatchObject({ said: 'Timesheet not found' });
    expect((e as Error).message).toBe(
      'The service refused this while reading timesheets: that timesheet is not on the service (any more). Reload the list.',
    );
  });

  it('reads the code from a one-element errors array and joins an object message', () => {
    const e = thrown(() =>
      readAnswer(
        answer(200, {
          response: { status: 1, errors: [{ code: 7052, message: { 'First Name': 'is mandatory', Email: 'is mandatory' } }] },
        }),
        EP,
        true,
      ),
    );
    expect(e).toBeInstanceOf(ServiceError);
    expect((e as ServiceError).code).toBe(7052);
    expect((e as Error).message).toContain('First Name: is mandatory; Email: is mandatory');
  });

  it('maps the spec style 4xx error body to a ServiceError with code and HTTP status', () => {
    const e = thrown(() => readAnswer(answer(400, { error: { code: 9002, message: 'hours is missing' } }), 'timetracker/addtimelog', true));
    expect(e).toMatchObject({ name: 'ServiceError', code: 9002, httpStatus: 400 });
  });

  it('maps 7202 and HTTP 401 to AuthError, and 9000 and HTTP 403 to AuthError', () => {
    expect(
      thrown(() => readAnswer(answer(200, { response: { status: 1, errors: { code: 7202, message: 'Invalid OAuth token' } } }), EP, false)),
    ).toMatchObject({ name: 'AuthError', code: 7202 });
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
    const e = thrown(() =>
      readAnswer(answer(200, { response: { status: 1, errors: [{ code: '7209', message: 'Access blocked' }] } }), EP, false),
    );
    expect(e).toMatchObject({ name: 'RateLimitedError', retryAfterMs: 300_000 });
  });

  it('says a 5xx was not applied for a read and may have been for a write', () => {
    expect(thrown(() => readAnswer(answer(503, 'busy'), EP, false))).toMatchObject({ name: 'ServerError', applied: 'no', httpStatus: 503 });
    const w = thrown(() => readAnswer(answer(500, { result: 'x' }), 'timetracker/addtimelog', true));
    expect(w).toBeInstanceOf(ServerError);
    expect(w).toMatchObject({ applied: 'unknown' });
  });

  it('turns an unparseable 200 into a NetworkError: something other than the service answered', () => {
    expect(thrown(() => readAnswer(answer(200, '<html>oops</html>'), EP, false))).toBeInstanceOf(NetworkError);
    expect(thrown(() => readAnswer(answer(200, ''), EP, true))).toMatchObject({
      name: 'NetworkError',
      kind: 'not-the-service',
      applied: 'unknown',
    });
  });

  it('turns an unparseable 404 into a ServiceError carrying the HTTP status (in its field, not its words)', () => {
    const e = thrown(() => readAnswer(answer(404, 'Not Found'), EP, false));
    expect(e).toMatchObject({ name: 'ServiceError', code: undefined, httpStatus: 404 });
    expect((e as Error).message).toBe('The service refused this while reading timesheets: it gave no reason.');
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

describe("answers that are not the service's (docs/wire-format.md)", () => {
  const PORTAL = '<!DOCTYPE html><html><body><h1>Sign in to Wi-Fi</h1></body></html>';
  const GATEWAY = '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>';
  const notTheService = {
    name: 'NetworkError',
    kind: 'not-the-service',
    inPlainWords: 'a login page or proxy answered instead of the service (Wi-Fi sign-in?)',
  };

  it('a Wi-Fi sign-in page with HTTP 200 is never a success', () => {
    const e = thrown(() => readAnswer(answer(200, PORTAL, null, 'text/html; charset=utf-8'), EP, false));
    expect(e).toMatchObject({ ...notTheService, httpStatus: 200, applied: 'unknown' });
    expect((e as Error).message).not.toContain('Wi-Fi</h1>'); // the page itself is never quoted
  });

  it('a gateway HTML page at 502, 503 or 504 is a NetworkError, not a ServerError; on a write the outcome is unknown', () => {
    for (const status of [502, 503, 504]) {
      const e = thrown(() => readAnswer(answer(status, GATEWAY, null, 'text/html'), 'timetracker/addtimelog', true));
      expect(e, String(status)).toMatchObject({ ...notTheService, httpStatus: status, applied: 'unknown' });
    }
  });

  it('an HTML page at any status is not a refusal either, even without a content type', () => {
    for (const status of [400, 401, 403, 404, 407, 500]) {
      expect(
        thrown(() => readAnswer(answer(status, GATEWAY), EP, false)),
        String(status),
      ).toMatchObject({ ...notTheService, httpStatus: status });
    }
  });

  it('a content type that is not JSON, a redirect, a JSON scalar or JSON without an envelope are not the service', () => {
    expect(thrown(() => readAnswer(answer(200, '{"result":[]}', null, 'application/octet-stream'), EP, false))).toMatchObject(
      notTheService,
    );
    expect(thrown(() => readAnswer(answer(302, ''), EP, true))).toMatchObject({ ...notTheService, httpStatus: 302 });
    expect(thrown(() => readAnswer(answer(200, '"ok"'), EP, true))).toMatchObject(notTheService);
    expect(thrown(() => readAnswer(answer(200, { ok: true }), EP, true))).toMatchObject(notTheService);
    expect(thrown(() => readAnswer(answer(200, '{"result":[1,'), EP, true))).toMatchObject(notTheService); // cut JSON
  });

  it('still reads the service: JSON with a charset, text/plain JSON, and its own errors', () => {
    expect(readAnswer(answer(200, { result: [1] }, null, 'application/json;charset=UTF-8'), EP, false).payload).toEqual([1]);
    expect(readAnswer(answer(200, { result: [2] }, null, 'text/plain'), EP, false).payload).toEqual([2]);
    expect(
      thrown(() => readAnswer(answer(400, { error: { code: 9002, message: 'x' } }, null, 'application/json'), EP, true)),
    ).toBeInstanceOf(ServiceError);
    expect(thrown(() => readAnswer(answer(503, { error: { message: 'busy' } }, null, 'application/json'), EP, true))).toBeInstanceOf(
      ServerError,
    );
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
      // the reason is kept for logs (the cause chain); the words say what it means
      expect(causeCode(e.detail), code).toBe(code);
      expect(e.message, code).not.toContain(code);
      expect(e.message, code).toMatch(
        code === 'ECONNREFUSED'
          ? // the service's address refused: the network works, so the user is not told to check it
            /^The service could not be reached while reading timesheets: it is not answering; the network is fine\. Nothing was sent\.$/
          : /^The service could not be reached while reading timesheets: (no network|its name could not be found \(DNS\))\. Check the connection; nothing was sent\.$/,
      );
    }
  });

  it('finds the code inside an AggregateError of several addresses', () => {
    const agg = Object.assign(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })], 'all failed'), {
      code: 'ECONNREFUSED',
    });
    expect(causeCode(fetchFailed(agg))).toBe('ECONNREFUSED');
    const bare = new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]);
    expect(networkErrorFrom(fetchFailed(bare), EP, 1000).applied).toBe('no');
  });

  it('says the outcome is unknown after a hang up, a reset or a timeout', () => {
    expect(networkErrorFrom(fetchFailed(Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' })), EP, 1000).applied).toBe(
      'unknown',
    );
    expect(networkErrorFrom(fetchFailed(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })), EP, 1000).applied).toBe(
      'unknown',
    );
    expect(networkErrorFrom(fetchFailed(new Error('socket hang up')), EP, 1000).applied).toBe('unknown');
    const timeout = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    const e = networkErrorFrom(timeout, EP, 30_000);
    expect(e.applied).toBe('unknown');
    expect(e.message).toContain('30 s');
  });

  it('gives each failure its kind and plain-words cause', () => {
    const code = (c: string, extra: object = {}) => fetchFailed(Object.assign(new Error(c), { code: c, ...extra }));
    const table: Array<[unknown, string, string, string, object?]> = [
      // the host refused: the network works, the service is not there (not "no network")
      [code('ECONNREFUSED', { syscall: 'connect' }), 'refused', 'no', 'the service is not answering; the network is fine'],
      [code('ENETUNREACH'), 'refused', 'no', 'no network'],
      [code('ENOTFOUND', { syscall: 'getaddrinfo' }), 'dns', 'no', "the service's name could not be found (DNS)"],
      [code('EAI_AGAIN', { syscall: 'getaddrinfo' }), 'dns', 'no', "the service's name could not be found (DNS)"],
      [code('UND_ERR_CONNECT_TIMEOUT'), 'timeout', 'no', 'the service did not answer in time'],
      [code('ETIMEDOUT', { syscall: 'connect' }), 'timeout', 'no', 'the service did not answer in time'],
      [new DOMException('timed out', 'TimeoutError'), 'timeout', 'unknown', 'the service did not answer in time'],
      [code('UND_ERR_HEADERS_TIMEOUT'), 'timeout', 'unknown', 'the service did not answer in time'],
      [code('ECONNRESET', { syscall: 'read' }), 'reset', 'unknown', 'the connection was cut'],
      [code('UND_ERR_SOCKET'), 'reset', 'unknown', 'the connection was cut'],
      [
        Object.assign(new TypeError('terminated'), {
          cause: Object.assign(new Error('x'), { code: 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH' }),
        }),
        'cut-off',
        'unknown',
        'the connection was cut',
      ],
      [
        code('DEPTH_ZERO_SELF_SIGNED_CERT'),
        'not-the-service',
        'no',
        'a login page or proxy answered instead of the service (Wi-Fi sign-in?)',
      ],
    ];
    for (const [err, kind, applied, cause] of table) {
      const e = networkErrorFrom(err, EP, 30_000);
      expect({ kind: e.kind, applied: e.applied, cause: e.inPlainWords }, kind).toEqual({ kind, applied, cause });
      expect(e.detail).toBe(err);
    }
    // a failure while reading the body of an answer that had begun
    expect(networkErrorFrom(code('ECONNRESET'), EP, 1000, { phase: 'body' }).kind).toBe('cut-off');
  });
});
