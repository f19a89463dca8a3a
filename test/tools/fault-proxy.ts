/**
 * A fault-injecting HTTP proxy for tests: a real TCP/HTTP server on 127.0.0.1 that forwards to an upstream (the
 * sandbox) and, in the mode a test switches at run time, fails the way real networks do. The client under test
 * talks to `proxy.url` exactly as it would to the service; what it sees is what a real network would give it.
 *
 * Modes (`setMode(mode, opts)`):
 * - `pass`: forward, answer as upstream answered.
 * - `refuse`: nothing listening. The listening socket is closed and open sockets destroyed, so connects get
 *   ECONNREFUSED; any other mode listens again on the same port.
 * - `blackhole`: accept, read the request, never answer, never close (until the client gives up or `close()`).
 * - `reset-before`: read the request, then RST (`socket.resetAndDestroy()`); nothing forwarded.
 * - `reset-after-commit` / `drop-after-commit`: forward, wait for upstream's full answer (the service committed),
 *   then RST / close (FIN) the client socket without sending a byte.
 * - `html-502`: a gateway's HTML error page (502, text/html), not forwarded.
 * - `html-502-after-commit`: forwarded, then the gateway page instead of upstream's answer.
 * - `captive-portal`: a Wi-Fi sign-in page (200, text/html), not forwarded.
 * - `truncated`: forward, then upstream's status and headers (with its Content-Length) and half the body, then end.
 * - `slow`: forward, and delay the answer by `opts.delayMs`.
 *
 * `opts.times`: only the next N matching requests get the mode, then it falls back to `pass`. `opts.match`: only
 * requests whose path matches (substring or RegExp) get it; `opts.body`: only those whose body does; others pass. `refuse` works on connections, not
 * requests, so it takes neither (use `setMode('pass')` to come back). DNS failures cannot be made by a proxy: see
 * ./test-dns.mjs and ./test-dns-switch.ts.
 *
 * `dropConnections()` ends open connections (kept-alive ones too) and keeps listening: with the test DNS down, the
 * client's next request then really needs a lookup.
 *
 * Every request is counted (`counts()`): seen, forwarded, committed upstream (upstream's full answer received), and
 * per mode; `log()` lists them, and `until(what)` waits for them (an event with a deadline, instead of a test's fixed
 * sleep). `held()` says which requests the proxy holds now (black-holed, or a slow answer not given yet) while their
 * client still waits. `close()` ends everything, black-holed sockets and pending slow answers included.
 *
 * `slow` holds an answer on Node's timers, or on the timers a test hands in (`useTimers`: a test clock), so a test
 * that advances its clock also decides when the held answer is given.
 */
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  type IncomingHttpHeaders,
} from 'node:http';
import type { Socket } from 'node:net';

export type FaultMode =
  | 'pass'
  | 'refuse'
  | 'blackhole'
  | 'reset-before'
  | 'reset-after-commit'
  | 'drop-after-commit'
  | 'html-502'
  | 'html-502-after-commit'
  | 'captive-portal'
  | 'truncated'
  | 'slow';

export const FAULT_MODES: readonly FaultMode[] = [
  'pass',
  'refuse',
  'blackhole',
  'reset-before',
  'reset-after-commit',
  'drop-after-commit',
  'html-502',
  'html-502-after-commit',
  'captive-portal',
  'truncated',
  'slow',
];

export interface ModeOptions {
  /** Only the next N matching requests; then the proxy passes again. */
  times?: number;
  /** Only requests whose path (with query) contains this string or matches this RegExp. */
  match?: string | RegExp;
  /** Only requests whose body (a form-encoded POST's parameters) contains this string or matches this RegExp. */
  body?: string | RegExp;
  /** `slow`: how long to hold the answer. */
  delayMs?: number;
}

export interface ProxiedRequest {
  method: string;
  path: string;
  /** The mode that handled it. */
  mode: FaultMode;
  forwarded: boolean;
  /** Upstream's full answer was received (the service committed whatever the request asked). */
  committed: boolean;
  upstreamStatus?: number;
  at: number;
  /**
   * Held without an answer (`blackhole`): when its connection closed, the client giving up on it (or `close()`). What
   * a client waited on the service, apart from its own start-up and work (a test of deadlines measures this, not its
   * whole run, which a busy machine stretches).
   */
  closedAt?: number;
  /** The request's TEST_TAG_HEADER, when its client set one (test/fixtures/driven-clock.ts). */
  tag?: string;
}

/** A header a test's client may set on each request to find it again in the proxy (`holds`); forwarded like any other. */
export const TEST_TAG_HEADER = 'x-punch-test-request';

/** Timers the proxy's slow answers wait on (a test clock's, test/fixtures/test-timers.ts; default Node's). */
export interface ProxyTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface ProxyCounts {
  seen: number;
  forwarded: number;
  committed: number;
  byMode: Partial<Record<FaultMode, number>>;
}

/** What the proxy sends instead of the service: a typical gateway error page. */
export const GATEWAY_PAGE =
  '<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head>\n<body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>\n';
/** ... and a hotel Wi-Fi login page. */
export const CAPTIVE_PAGE =
  '<!DOCTYPE html>\n<html><head><title>Welcome to Harbour Hotel Wi-Fi</title></head>\n<body><h1>Sign in to Wi-Fi</h1><form action="/login" method="post"><input name="room"><input name="surname"><button>Connect</button></form></body></html>\n';

interface Upstream {
  status: number;
  rawHeaders: string[];
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Headers that describe one hop, not the message: never copied from upstream. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'proxy-connection',
  'te',
  'trailer',
  'upgrade',
  'content-length',
]);

export class FaultProxy {
  readonly host = '127.0.0.1';
  port = 0;
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<unknown>();
  private clock: ProxyTimers = { setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: (t) => clearTimeout(t as NodeJS.Timeout) };
  private readonly entries: ProxiedRequest[] = [];
  /** Requests held now (black-holed, or their slow answer not given yet) whose client is still connected. */
  private readonly holding = new Set<ProxiedRequest>();
  private readonly watchers = new Set<() => void>();
  private mode: FaultMode = 'pass';
  private opts: ModeOptions = {};
  private remaining = Infinity;
  private closed = false;
  private readonly upstream: URL;

  private constructor(upstream: string) {
    this.upstream = new URL(upstream);
    this.server = createServer((req, res) => {
      void this.handle(req, res);
    });
    // no idle timeout of our own: a black hole must stay open as long as the client waits
    this.server.keepAliveTimeout = 5_000;
    this.server.requestTimeout = 0;
    this.server.headersTimeout = 0;
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
      s.on('error', () => {
        /* a client that gave up: nothing to do */
      });
    });
  }

  /** Starts a proxy to `upstream` (e.g. the sandbox's url) on 127.0.0.1, on `port` or a free one. */
  static async start(upstream: string, port = 0): Promise<FaultProxy> {
    const p = new FaultProxy(upstream);
    await p.listen(port);
    return p;
  }

  /** `http://127.0.0.1:<port>`: give this to the client instead of the service's url. */
  get url(): string {
    return `http://${this.host}:${this.port}`;
  }

  /** The url with another host name that resolves here (e.g. `sandbox.punch.test`, see ./test-dns-switch.ts). */
  urlWithHost(hostname: string): string {
    return `http://${hostname}:${this.port}`;
  }

  /** The timers slow answers wait on from now on (a test clock's). */
  useTimers(timers: ProxyTimers): void {
    this.clock = timers;
  }

  /** How many requests the proxy holds now while their client still waits (black-holed, or a slow answer not given yet). */
  held(): number {
    return this.holding.size;
  }

  /** Whether the proxy holds the request tagged `tag` (TEST_TAG_HEADER) now while its client still waits. */
  holds(tag: string): boolean {
    for (const e of this.holding) if (e.tag === tag) return true;
    return false;
  }

  /**
   * Resolves once `what` holds of the requests seen (checked at every request and every change of one), or rejects
   * after `withinMs` of real time: a wait for what the network did, not a fixed sleep.
   */
  until(what: (log: readonly ProxiedRequest[]) => boolean, withinMs = 5_000): Promise<void> {
    if (what(this.entries)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const look = () => {
        if (!what(this.entries)) return;
        done();
        resolve();
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`the fault proxy did not see it within ${withinMs} ms; it saw: ${JSON.stringify(this.log())}`));
      }, withinMs);
      timer.unref();
      const done = () => {
        clearTimeout(timer);
        this.watchers.delete(look);
      };
      this.watchers.add(look);
    });
  }

  private changed(): void {
    for (const look of [...this.watchers]) look();
  }

  currentMode(): FaultMode {
    return this.mode;
  }

  async setMode(mode: FaultMode, opts: ModeOptions = {}): Promise<void> {
    if (this.closed) throw new Error('the fault proxy is closed');
    if (!FAULT_MODES.includes(mode)) throw new Error(`unknown fault mode "${String(mode)}"; use one of ${FAULT_MODES.join(', ')}`);
    if (mode === 'refuse' && (opts.times !== undefined || opts.match !== undefined)) {
      throw new Error('refuse acts on connections (nothing listens), so it takes no times or match; setMode("pass") comes back');
    }
    if (mode === 'slow' && !(typeof opts.delayMs === 'number' && opts.delayMs >= 0)) throw new Error('slow needs opts.delayMs >= 0');
    if (opts.times !== undefined && !(Number.isInteger(opts.times) && opts.times > 0))
      throw new Error('opts.times must be a whole number above 0');
    this.mode = mode;
    this.opts = { ...opts };
    this.remaining = opts.times ?? Infinity;
    if (mode === 'refuse') await this.unlisten();
    else if (!this.server.listening) await this.listen(this.port);
  }

  counts(): ProxyCounts {
    const byMode: Partial<Record<FaultMode, number>> = {};
    for (const e of this.entries) byMode[e.mode] = (byMode[e.mode] ?? 0) + 1;
    return {
      seen: this.entries.length,
      forwarded: this.entries.filter((e) => e.forwarded).length,
      committed: this.entries.filter((e) => e.committed).length,
      byMode,
    };
  }

  /**
   * Ends every open connection (kept-alive ones too) but keeps listening, as when the machine changes networks: the
   * client's next request needs a new connection, so a name lookup (test DNS down: ENOTFOUND) happens again.
   */
  async dropConnections(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    // kept: a client's pool learns of a dead connection on its own socket's events, which no test can await from here
    await new Promise((r) => setTimeout(r, 25)); // let clients notice their pooled connections died
  }

  log(): ProxiedRequest[] {
    return this.entries.map((e) => ({ ...e }));
  }
  resetCounts(): void {
    this.entries.length = 0;
  }

  /** Stops listening and ends every socket (black-holed ones too) and every pending answer. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const t of this.timers) this.clock.clearTimeout(t);
    this.timers.clear();
    this.holding.clear();
    await this.unlisten();
  }

  // ------------------------------------------------------------------------------------------------ internals

  private listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, this.host, () => {
        this.server.off('error', reject);
        const addr = this.server.address();
        this.port = typeof addr === 'object' && addr ? addr.port : port;
        resolve();
      });
    });
  }

  private unlisten(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => setTimeout(resolve, 25); // let clients notice their pooled connections died
      for (const s of this.sockets) s.destroy();
      if (!this.server.listening) {
        done();
        return;
      }
      this.server.close(() => done());
    });
  }

  /** The mode this request gets (and counts it against `times`). */
  private modeFor(path: string, body: string): FaultMode {
    const { match, body: inBody } = this.opts;
    const matches = (pattern: string | RegExp, text: string) => (typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text));
    if (this.mode === 'pass' || this.mode === 'refuse') return 'pass';
    if (match !== undefined && !matches(match, path)) return 'pass';
    if (inBody !== undefined && !matches(inBody, body)) return 'pass';
    const mode = this.mode;
    this.remaining -= 1;
    if (this.remaining <= 0) {
      this.mode = 'pass';
      this.opts = {};
      this.remaining = Infinity;
    }
    return mode;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const socket = req.socket;
    let body: Buffer;
    try {
      body = await readAll(req);
    } catch {
      socket.destroy();
      return;
    }
    const path = req.url ?? '/';
    const delayMs = this.opts.delayMs ?? 0;
    const mode = this.modeFor(path, body.toString('utf8'));
    const entry: ProxiedRequest = { method: req.method ?? 'GET', path, mode, forwarded: false, committed: false, at: Date.now() };
    const tag = req.headers[TEST_TAG_HEADER];
    if (typeof tag === 'string') entry.tag = tag;
    this.entries.push(entry);
    const hold = () => {
      this.holding.add(entry);
      socket.once('close', () => {
        entry.closedAt = Date.now();
        this.holding.delete(entry);
        this.changed();
      });
      this.changed();
    };
    if (mode === 'blackhole') hold();
    this.changed();

    switch (mode) {
      case 'blackhole':
        return; // the request was read; no answer, no close
      case 'reset-before':
        socket.resetAndDestroy();
        return;
      case 'html-502':
        return sendPage(res, 502, GATEWAY_PAGE);
      case 'captive-portal':
        return sendPage(res, 200, CAPTIVE_PAGE);
      default:
        break;
    }

    let up: Upstream;
    try {
      entry.forwarded = true;
      up = await this.forward(req, body);
    } catch {
      // upstream unreachable: what a gateway says
      return sendPage(res, 502, GATEWAY_PAGE);
    }
    entry.committed = true;
    entry.upstreamStatus = up.status;
    this.changed();
    if (this.closed || socket.destroyed) return;

    switch (mode) {
      case 'reset-after-commit':
        socket.resetAndDestroy();
        return;
      case 'drop-after-commit':
        socket.destroy();
        return;
      case 'html-502-after-commit':
        return sendPage(res, 502, GATEWAY_PAGE);
      case 'truncated': {
        // upstream's status line and headers, its Content-Length, half its body; then the connection ends
        const head = [`HTTP/1.1 ${up.status} ${statusText(up.status)}`];
        for (const [k, v] of headerPairs(up.rawHeaders)) if (!HOP_BY_HOP.has(k.toLowerCase())) head.push(`${k}: ${v}`);
        head.push(`Content-Length: ${up.body.length}`, 'Connection: close', '', '');
        socket.write(head.join('\r\n'));
        socket.end(up.body.subarray(0, Math.floor(up.body.length / 2)));
        return;
      }
      case 'slow': {
        hold(); // the service answered; from now on only the proxy's timer holds the answer back
        const t = this.clock.setTimeout(() => {
          this.timers.delete(t);
          this.holding.delete(entry);
          this.changed();
          if (!socket.destroyed) reply(res, up);
        }, delayMs);
        this.timers.add(t);
        return;
      }
      default:
        return reply(res, up);
    }
  }

  private forward(req: IncomingMessage, body: Buffer): Promise<Upstream> {
    const headers: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined && !HOP_BY_HOP.has(k) && k !== 'host') headers[k] = v;
    headers.host = this.upstream.host;
    headers['content-length'] = String(body.length);
    return new Promise((resolve, reject) => {
      const r = httpRequest(
        {
          host: this.upstream.hostname,
          port: this.upstream.port,
          method: req.method,
          path: req.url,
          headers,
          agent: false,
        },
        (res) => {
          readAll(res).then(
            (b) => resolve({ status: res.statusCode ?? 502, rawHeaders: res.rawHeaders, headers: res.headers, body: b }),
            reject,
          );
        },
      );
      r.on('error', reject);
      r.end(body);
    });
  }
}

function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

function headerPairs(raw: string[]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i], raw[i + 1]]);
  return out;
}

function reply(res: ServerResponse, up: Upstream): void {
  const headers: Array<[string, string]> = headerPairs(up.rawHeaders).filter(([k]) => !HOP_BY_HOP.has(k.toLowerCase()));
  res.writeHead(up.status, [...headers.flat(), 'Content-Length', String(up.body.length)]);
  res.end(up.body);
}

function sendPage(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
  });
  res.end(html);
}

function statusText(status: number): string {
  return (
    (
      {
        200: 'OK',
        400: 'Bad Request',
        401: 'Unauthorized',
        403: 'Forbidden',
        404: 'Not Found',
        409: 'Conflict',
        429: 'Too Many Requests',
        500: 'Internal Server Error',
        503: 'Service Unavailable',
      } as Record<number, string>
    )[status] ?? 'Status'
  );
}
