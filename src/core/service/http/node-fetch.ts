/**
 * The part of `fetch` the client uses (./transport.ts: method, headers, a form body, no redirects, a signal; the status,
 * two headers and the text of the answer; the token endpoint's `ok`), over `node:http` and `node:https`: for the
 * built-in sandbox on this machine (../../account/sandbox-account.ts) and for every request of `punch` (the CLI passes
 * it to the core: src/cli/core.ts).
 *
 * Why: global fetch is undici, which Node loads and compiles on first use (its JavaScript and its HTTP parser in
 * WebAssembly): about 160 ms of CPU on this 2-CPU machine, against about 20 for `node:http` (30 with `node:https` and a
 * TLS context), in a process that makes one or two requests. On the demo it was about 40% of `punch status`'s CPU time;
 * with an account, the largest part of it. The desktop app and web mode, which live long, keep global fetch.
 *
 * Failures come out as fetch's would for the classification in ./network-failure.ts: the socket's own error (its
 * `code`: ECONNREFUSED when the service is offline, ECONNRESET when a connection is cut, a certificate's code when
 * TLS is intercepted, ENOTFOUND) as the `cause` of a TypeError, and an aborted signal as its reason (TimeoutError /
 * AbortError). Like undici, a connection (TLS included) not made within CONNECT_TIMEOUT_MS fails as a connect timeout
 * (ETIMEDOUT from `connect`, naming the host it tried): nothing was sent. `createNodeFetch({ connectTimeoutMs })` sets
 * another limit (a test's, so it need not wait 10 s). TLS is Node's (the system's CA store as Node reads it, as undici does).
 * No `Accept-Encoding` is sent, so answers come uncompressed and need no zlib.
 */
import type http from 'node:http';
import type https from 'node:https';

/**
 * `node:https` (and the TLS it loads) when a request first goes to an https address: the demo and a service on
 * loopback HTTP need neither, and loading them costs about 2 ms of CPU (docs/benchmarks.md "punch status, fourth pass").
 */
let secureModule: typeof https | undefined;
const httpsModule = (): typeof https => (secureModule ??= process.getBuiltinModule('node:https'));
/**
 * `node:http` too on the first request: `punch`'s demo answers in the process (src/sandbox/in-process.ts) and never
 * loads it (nor `net`, which it loads).
 */
let plainModule: typeof http | undefined;
const httpModule = (): typeof http => (plainModule ??= process.getBuiltinModule('node:http'));

/** undici's connect timeout: a SYN (or a TLS handshake) never answered fails after this, before anything was sent. */
export const CONNECT_TIMEOUT_MS = 10_000;

const agents = { 'http:': undefined as http.Agent | undefined, 'https:': undefined as https.Agent | undefined };

interface Answer {
  status: number;
  ok: boolean;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}

function failed(cause: unknown): TypeError {
  return Object.assign(new TypeError('fetch failed'), { cause });
}

export interface NodeFetchOptions {
  /** How long a new connection (TLS included) may take before it fails as a connect timeout; default CONNECT_TIMEOUT_MS. */
  connectTimeoutMs?: number;
}

type FetchInit = { method?: string; headers?: Record<string, string>; body?: string; signal?: AbortSignal };

/** A nodeFetch with its own limits. */
export function createNodeFetch(opts: NodeFetchOptions = {}): (input: string | URL, init?: FetchInit) => Promise<Answer> {
  const connectTimeoutMs = opts.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  return (input, init) => fetchOver(input, init, connectTimeoutMs);
}

export const nodeFetch = createNodeFetch();

function fetchOver(input: string | URL, init: FetchInit = {}, connectTimeoutMs: number): Promise<Answer> {
  const url = new URL(String(input));
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return Promise.reject(failed(new Error(`nodeFetch speaks HTTP and HTTPS only (got ${url.protocol})`)));
  const secure = url.protocol === 'https:';
  return new Promise<Answer>((resolve, reject) => {
    const { signal } = init;
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const body = init.body === undefined ? undefined : Buffer.from(init.body);
    const agent = secure
      ? (agents['https:'] ??= new (httpsModule().Agent)({ keepAlive: true }))
      : (agents['http:'] ??= new (httpModule().Agent)({ keepAlive: true }));
    const req = (secure ? httpsModule() : httpModule()).request(url, {
      method: init.method ?? 'GET',
      agent,
      headers: { ...init.headers, ...(body ? { 'Content-Length': String(body.length) } : {}) },
    });
    let settled = false;
    let onBodyFailure: ((e: unknown) => void) | undefined;
    const abort = () => {
      const reason: unknown = signal?.reason;
      req.destroy();
      if (!settled) {
        settled = true;
        reject(reason);
      } else onBodyFailure?.(reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
    const done = () => signal?.removeEventListener('abort', abort);
    req.once('socket', (socket) => {
      // A socket the agent kept alive is connected already; a new one has connectTimeoutMs to connect (and shake
      // hands). The socket's own timer, as undici's is, not the core's clock: it bounds the network, not a wait of
      // Punchcard's (the attempt's deadline, on the clock, is ./transport.ts's signal).
      if (!socket.connecting) return;
      const tooSlow = () =>
        req.destroy(
          Object.assign(new Error(`connect ETIMEDOUT ${url.host} (no connection within ${connectTimeoutMs} ms)`), {
            code: 'ETIMEDOUT',
            syscall: 'connect',
            host: url.host,
          }),
        );
      socket.setTimeout(connectTimeoutMs, tooSlow);
      socket.once(secure ? 'secureConnect' : 'connect', () => {
        socket.setTimeout(0);
        socket.removeListener('timeout', tooSlow);
      });
    });
    req.once('error', (e) => {
      done();
      if (!settled) {
        settled = true;
        reject(failed(e));
      } else onBodyFailure?.(failed(e));
    });
    req.once('response', (res) => {
      settled = true;
      const chunks: Buffer[] = [];
      const text = new Promise<string>((ok, no) => {
        onBodyFailure = no;
        res.on('data', (c: Buffer) => chunks.push(c));
        res.once('end', () => {
          done();
          ok(Buffer.concat(chunks).toString('utf8'));
        });
        res.once('aborted', () => {
          done();
          no(failed(Object.assign(new Error('the answer was cut off'), { code: 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH' })));
        });
        res.once('error', (e) => {
          done();
          no(failed(e));
        });
      });
      text.catch(() => undefined); // read or not, a failure here is the caller's only through text()
      const status = res.statusCode ?? 0;
      resolve({
        status,
        ok: status >= 200 && status < 300,
        headers: {
          get: (name) => {
            const v = res.headers[name.toLowerCase()];
            return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
          },
        },
        text: () => text,
      });
    });
    req.end(body);
  });
}

/** The built-in sandbox's fetch: plain HTTP to this machine (kept under its name for its callers). */
export const loopbackFetch = nodeFetch;
