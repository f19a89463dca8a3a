/**
 * The demo service answered in this process, without a socket: `punch`'s built-in demo (src/cli/core.ts). Each `punch`
 * process starts its own demo service on the data directory's demo company and talks only to it, then ends; over
 * loopback that cost a server's `listen` (which loads Node's `cluster`, `child_process` and `dgram`), the client's and
 * the server's HTTP on one thread, and a port nobody else could use (its token is this process's alone). Here the
 * client's transport hands each request to the same handler that serves HTTP (`SandboxServer.answer`: the request
 * log, the faults, dispatch, the envelope), so the answers are the same byte for byte
 * (test/integration/sandbox-in-process.test.ts); only the door of a network server (Host, Origin, body size, connection
 * caps) is not there, as nothing can knock on it. `punch sandbox`, the app and web mode keep the loopback server: other
 * processes talk to them.
 *
 * What the client gets is what it reads of fetch's answer (src/core/service/http/node-fetch.ts): the status, `ok`, the
 * headers by name, the text. A dropped answer (the commit-then-drop fault) and an offline service fail as fetch's
 * would, a TypeError whose cause carries the socket's code (ECONNRESET, ECONNREFUSED), so the client classifies them
 * as it does over the network.
 */
import type { WireAnswer } from './envelope';
import type { SandboxServer } from './server';
import type { InProcessFetch } from './types';

/** The address of an in-process demo: the client builds its requests on it; nothing listens on a network. */
export const IN_PROCESS_URL = 'in-process://demo';

type InProcessAnswer = Awaited<ReturnType<InProcessFetch>>;

function failed(code: string, message: string): TypeError {
  return Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error(message), { code }) });
}

function header(headers: Record<string, string> | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}

/** What the client sees of an answer: its headers as the HTTP path writes them (content-length included). */
function asFetchAnswer(a: WireAnswer): InProcessAnswer {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(a.headers)) headers[k.toLowerCase()] = v;
  headers['content-length'] = String(Buffer.byteLength(a.body));
  return {
    status: a.status,
    ok: a.status >= 200 && a.status < 300,
    headers: { get: (name) => headers[name.toLowerCase()] ?? null },
    text: () => Promise.resolve(a.body),
  };
}

/** A fetch that hands each request to `server`'s handler; `offline()` true fails it as a refused connection. */
export function inProcessFetch(server: SandboxServer, offline: () => boolean): InProcessFetch {
  return async (input, init = {}) => {
    const { signal } = init;
    if (signal?.aborted) throw signal.reason;
    const url = new URL(String(input));
    if (offline()) throw failed('ECONNREFUSED', `connect ECONNREFUSED ${IN_PROCESS_URL}`);
    const answer = await server.answer({
      method: init.method ?? 'GET',
      url: `${url.pathname}${url.search}`,
      contentType: header(init.headers, 'content-type'),
      authorization: header(init.headers, 'authorization'),
      body: init.body ?? '',
    });
    // aborted while the handler ran (a delay fault): the caller gave up, as fetch's would
    if (signal?.aborted) throw signal.reason;
    if (!answer) throw failed('ECONNRESET', 'socket hang up (the answer was dropped after the change)');
    return asFetchAnswer(answer);
  };
}
