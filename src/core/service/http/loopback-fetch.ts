/**
 * The part of `fetch` the client uses (./transport.ts: method, headers, a form body, no redirects, a signal; the status,
 * two headers and the text of the answer), over `node:http`, for the built-in sandbox on this machine
 * (../../account/sandbox-account.ts).
 *
 * Why: global fetch is undici, which Node loads and compiles on first use (its JavaScript and its HTTP parser in
 * WebAssembly). On the demo, the path a newcomer takes first, that was about 40% of `punch status`'s CPU time (852-957
 * ms against 516-524 ms, the same bundle with and without it, interleaved on a busy 2-CPU machine), for one request to
 * a server in the same process. `node:http` is
 * loaded anyway (the sandbox serves with it). Real services keep global fetch (TLS, proxies, and the failures
 * docs/wire-format.md classifies were all met through it).
 *
 * Failures come out as fetch's would for the classification in ./network-failure.ts: the socket's own error (its
 * `code`: ECONNREFUSED when the sandbox is offline, ECONNRESET when a connection is cut) as the `cause` of a
 * TypeError, and an aborted signal as its reason (TimeoutError / AbortError).
 */
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true });

interface Answer {
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}

function failed(cause: unknown): TypeError {
  return Object.assign(new TypeError('fetch failed'), { cause });
}

export function loopbackFetch(
  input: string | URL,
  init: { method?: string; headers?: Record<string, string>; body?: string; signal?: AbortSignal } = {},
): Promise<Answer> {
  const url = new URL(String(input));
  if (url.protocol !== 'http:') return Promise.reject(failed(new Error(`loopbackFetch speaks plain HTTP only (got ${url.protocol})`)));
  return new Promise<Answer>((resolve, reject) => {
    const { signal } = init;
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const body = init.body === undefined ? undefined : Buffer.from(init.body);
    const req = http.request(url, {
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
      resolve({
        status: res.statusCode ?? 0,
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
