/**
 * Envelopes and errors exactly as docs/wire-format.md fixes them. `spec` style: HTTP 200 `{result}` and HTTP 4xx
 * `{error:{code,message}}`. `real` style: everything HTTP 200 inside `{response:{...}}` with `status` 0 or 1
 * (real-service-notes "Envelopes and errors"). Ids go out as bare JSON numbers when `numericIds` is on; the JSON
 * is written by hand for them so 18-digit ids stay exact (a JS number would round them).
 */

/** A refusal the service would send: the code from real-service-notes and a message saying what to do. */
export class ApiError extends Error {
  override readonly name = 'ApiError' as const;
  constructor(
    readonly code: number,
    message: string,
    /**
     * `outsideApi`: the web server's answer (unknown path, wrong method), not the API's: its HTTP status holds in the
     * real style too, where the API's own errors travel with HTTP 200.
     */
    readonly opts: { httpStatus?: number; fields?: Record<string, string>; retryAfterSec?: number; outsideApi?: boolean } = {},
  ) {
    super(message);
  }
}

/** wire-format.md "Envelopes": the HTTP status of each code in `spec` style. */
export function httpStatusOf(e: ApiError): number {
  if (e.opts.httpStatus) return e.opts.httpStatus;
  switch (e.code) {
    case 7202:
      return 401;
    case 9000:
    case 9005:
      return 403;
    case 9008:
    case 7049:
      return 404;
    case 8005:
    case 9009:
      return 409;
    case 7209:
      return 429;
    default:
      return 400; // 9002-9007, 8000-8008, 7024, 7052
  }
}

export interface WireStyle {
  envelope: 'spec' | 'real';
  numericIds: boolean;
}

export interface WireAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Fields that carry ids (wire-format.md "IDs"). */
const ID_KEYS = new Set(['recordId', 'timesheetId', 'timeLogId', 'timelogId', 'jobId', 'pkId', 'erecno', 'projectId', 'clientId']);
/** real style spellings (wire-format.md "Status and billing spellings"). */
const REAL_SPELLING: Record<string, string> = {
  draft: 'Draft',
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  Billable: 'billable',
  'Non Billable': 'non-billable',
  'in-progress': 'In-progress',
  completed: 'Completed',
};
const SPELLED_KEYS = new Set(['status', 'approvalStatus', 'billingStatus', 'jobBillableStatus', 'jobStatus']);
const NUMBER_MARK = '\u0000num:';

function serialise(value: unknown, style: WireStyle): string {
  const text = JSON.stringify(value, function (this: unknown, key: string, v: unknown) {
    if (style.envelope === 'real' && SPELLED_KEYS.has(key) && typeof v === 'string' && REAL_SPELLING[v]) {
      return REAL_SPELLING[v];
    }
    if (style.numericIds && ID_KEYS.has(key)) {
      if (typeof v === 'string' && /^\d{1,18}$/.test(v)) return NUMBER_MARK + v;
      if (Array.isArray(v)) return v.map((x) => (typeof x === 'string' && /^\d{1,18}$/.test(x) ? NUMBER_MARK + x : x));
    }
    return v;
  });
  // JSON.stringify escapes U+0000 as the six characters \u0000; swap each marked string for its bare digits.
  return style.numericIds ? text.replace(/"\\u0000num:(\d+)"/g, '$1') : text;
}

const JSON_HEADERS = { 'content-type': 'application/json;charset=UTF-8' };

export interface Success {
  result: unknown;
  message?: string;
  /** real style: whether another page exists after this one (written as given, true or false, on list pages). */
  isNextAvailable?: boolean;
  /** spec 4.4: the view listing is a bare JSON array in both styles. */
  bare?: boolean;
}

export function renderSuccess(s: Success, uri: string, style: WireStyle): WireAnswer {
  let payload: unknown;
  if (s.bare) payload = s.result;
  else if (style.envelope === 'spec') payload = { result: s.result };
  else {
    payload = {
      response: {
        result: s.result,
        message: s.message ?? 'Data fetched successfully',
        uri,
        ...(s.isNextAvailable !== undefined ? { isNextAvailable: s.isNextAvailable } : {}),
        status: 0,
      },
    };
  }
  return { status: 200, headers: { ...JSON_HEADERS }, body: serialise(payload, style) };
}

/**
 * `flip` alternates the real style's `errors` between an object and a one-element array, so a client must accept
 * both (real-service-notes: "errors may be an array or a single object").
 */
export function renderError(e: ApiError, uri: string, style: WireStyle, flip: boolean): WireAnswer {
  const headers: Record<string, string> = { ...JSON_HEADERS };
  if (e.opts.retryAfterSec !== undefined) headers['retry-after'] = String(e.opts.retryAfterSec);
  if (style.envelope === 'spec') {
    const body = { error: { code: e.code, message: e.message } };
    return { status: httpStatusOf(e), headers, body: serialise(body, style) };
  }
  // real style: 7052 carries its message as an object of field -> problem (wire-format.md).
  const detail = { code: e.code, message: e.opts.fields ?? e.message };
  const body = { response: { status: 1, message: 'Error occurred', uri, errors: flip ? [detail] : detail } };
  return { status: e.opts.outsideApi ? httpStatusOf(e) : 200, headers, body: serialise(body, style) };
}

/** Admin routes and faults answer plain JSON, outside the envelope. */
export function renderPlain(status: number, value: unknown, headers: Record<string, string> = {}): WireAnswer {
  return { status, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(value) };
}
