/**
 * Explicit caps on every connection of Punchcard's loopback servers, instead of Node's defaults (no idle limit on a
 * socket, no limit on their number): a local program that opens hundreds of sockets and sends nothing, or sends its
 * headers a byte a minute, must not hold the app's server (or its demo service) hostage.
 *
 * The numbers: the app's own callers send a request in milliseconds, so 10 s for the headers and 30 s for the whole
 * request are far above any honest client; a kept-alive socket idle for 5 s is closed (the client opens another);
 * a socket silent for 2 minutes is closed (web mode's event stream writes a keep-alive comment every 15 s, the demo
 * service's slowest answer is a test's minute of delay); 256 open sockets at once is more than a browser (6 per host)
 * and dozens of `punch` processes need.
 */
import type { RequestListener, Server } from 'node:http';

export interface ServerCaps {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  idleSocketTimeoutMs: number;
  maxConnections: number;
  /** How many header lines a request may have. */
  maxHeadersCount: number;
}

export const DEFAULT_CAPS: ServerCaps = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  idleSocketTimeoutMs: 120_000,
  maxConnections: 256,
  maxHeadersCount: 100,
};

/**
 * A server with the caps (defaults, overridden by `caps`). Node checks the header and request timeouts on a timer
 * (`connectionsCheckingInterval`, default 30 s, which would let a 10 s limit run to 40 s): here a tenth of the
 * header limit, at least 50 ms and at most 1 s.
 */
export function createCappedServer(handler: RequestListener, caps: Partial<ServerCaps> = {}): Server {
  const c = { ...DEFAULT_CAPS, ...caps };
  // node:http when a server is made, not when this module loads: `punch`'s demo answers in the process and loads
  // neither it nor `net` (src/sandbox/in-process.ts)
  const server = process.getBuiltinModule('node:http').createServer(
    {
      headersTimeout: c.headersTimeoutMs,
      // Node requires requestTimeout >= headersTimeout (0 would mean none)
      requestTimeout: Math.max(c.requestTimeoutMs, c.headersTimeoutMs),
      keepAliveTimeout: c.keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, Math.max(50, Math.floor(c.headersTimeoutMs / 10))),
    },
    handler,
  );
  server.maxConnections = c.maxConnections;
  server.maxHeadersCount = c.maxHeadersCount;
  server.setTimeout(c.idleSocketTimeoutMs, (socket) => socket.destroy());
  return server;
}
