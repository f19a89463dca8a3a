/**
 * The HTTP side, on Node's `http` alone: check who is asking, read the request, apply the active fault, dispatch,
 * write the envelope, log the request. Going offline closes the listener AND destroys open sockets, so pooled
 * keep-alive connections die too and the next request gets ECONNREFUSED (the project brief's sandbox API `setOffline`).
 *
 * The door is web mode's (src/loopback): a request must name the server by a loopback Host (or the host it was told
 * to listen on), come from no other web site (Origin absent or its own), and carry a form body (what the service
 * client sends, spec 4.4) or JSON, within 1 MiB; the connections are capped. Each refusal changes nothing. The admin
 * routes (/__sandbox/...) exist only when `admin` controls are given: the standalone sandbox (`npm run sandbox`,
 * the tests' startSandbox), never the demo service inside the app, web mode or `punch`.
 *
 * What happens past the door (the request log, the faults, dispatch, the envelope) is `answer`, which `punch`'s demo
 * also calls without a socket (./in-process.ts): one handler, so both paths give the same answers byte for byte. The
 * HTTP server is made on the first `listen`, so an in-process demo loads no server of `net` (nor the `cluster`,
 * `child_process` and `dgram` a `listen` loads).
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import {
  BodyTooLarge,
  bodyTypeAllowed,
  createCappedServer,
  hostAllowed,
  originAllowed,
  readBody,
  type BodyType,
  type ServerCaps,
} from '../loopback';
import { ApiError, renderError, renderPlain, renderSuccess, type WireAnswer, type WireStyle } from './envelope';
import type { FaultSwitch } from './admin/faults';
import type { Params } from './params';
import { withOddDate } from './wire-records';
import { dispatch, type RouterDeps } from './router';
import type { LoggedRequest } from './types';

export interface AdminRequest {
  method: string;
  path: string;
  body: unknown;
}
export interface AdminAnswer {
  answer: WireAnswer;
  after?: () => void;
}

export interface ServerDeps extends RouterDeps {
  faults: FaultSwitch;
  style: () => WireStyle;
  /** The admin routes; absent when the sandbox serves the demo company inside Punchcard. */
  admin?: (req: AdminRequest) => Promise<AdminAnswer>;
  /** Connection caps (src/loopback/server-caps.ts). */
  caps?: Partial<ServerCaps>;
}

/** Largest request body: a form of one time log is a few hundred bytes, an employee record a few KiB. */
export const MAX_BODY_BYTES = 1024 * 1024;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** Parameters travel in the query string or a form body (spec 4.4 leaves it open); a JSON body is accepted too. */
function bodyParams(contentType: string | undefined, body: string): Params {
  if (!body.trim()) return {};
  if ((contentType ?? '').includes('application/json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw new ApiError(9003, 'The request body is not valid JSON; send parameters as a form body.');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new ApiError(9003, 'The JSON body must be an object of parameters.');
    return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  }
  return Object.fromEntries(new URLSearchParams(body));
}

/** A request past the door, as `answer` reads it: from a socket, or handed over in this process (./in-process.ts). */
export interface SandboxRequest {
  method: string;
  /** The path and the query string, e.g. `/api/timetracker/gettimelogs?user=...`. */
  url: string;
  contentType: string | undefined;
  authorization: string | undefined;
  body: string;
}

export class SandboxServer {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private readonly log: LoggedRequest[] = [];
  private flip = false;
  port = 0;

  /** Host names besides the loopback ones that requests may name (the host it was told to listen on). */
  private readonly extraHosts: string[];

  constructor(
    private readonly deps: ServerDeps,
    private readonly host: string,
  ) {
    this.extraHosts = LOOPBACK.has(host.toLowerCase()) ? [] : [host.includes(':') ? `[${host}]` : host];
  }

  /** The HTTP server, made on first use (an in-process demo never makes one). */
  get http(): Server {
    if (!this.server) {
      const server = createCappedServer((req, res) => {
        void this.handle(req, res);
      }, this.deps.caps);
      server.on('connection', (s) => {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
      });
      this.server = server;
    }
    return this.server;
  }

  get listening(): boolean {
    return this.server?.listening ?? false;
  }

  listen(port: number): Promise<number> {
    const server = this.http;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, this.host, () => {
        server.off('error', reject);
        const addr = server.address();
        this.port = typeof addr === 'object' && addr ? addr.port : port;
        resolve(this.port);
      });
    });
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server?.listening) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const s of this.sockets) s.destroy();
    });
    // Give clients a moment to see their pooled connections close; a client that reused one before noticing
    // would get "other side closed" instead of the ECONNREFUSED that an offline service gives.
    await new Promise((r) => setTimeout(r, 25));
  }

  requests(): LoggedRequest[] {
    return this.log.map((r) => ({ ...r, params: { ...r.params } }));
  }
  resetRequests(): void {
    this.log.length = 0;
  }

  private send(res: ServerResponse, a: WireAnswer): void {
    res.writeHead(a.status, { ...a.headers, 'content-length': Buffer.byteLength(a.body) });
    res.end(a.body);
  }

  /** A refusal at the door: plain JSON (no envelope: the request never reached the API), and the connection closed. */
  private refuse(req: IncomingMessage, res: ServerResponse, status: number, message: string): void {
    res.setHeader('connection', 'close');
    this.send(res, renderPlain(status, { error: { message } }));
    req.resume();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    // The real base URL ends in /people (real-service-notes "Hosts"): accept paths with or without it.
    const path = url.pathname.replace(/^\/people(?=\/)/, '').replace(/\/+$/, '') || '/';
    const method = (req.method ?? 'GET').toUpperCase();
    if (!hostAllowed(req, this.port, this.extraHosts)) {
      return this.refuse(req, res, 421, `The demo service answers only to 127.0.0.1:${this.port} or localhost:${this.port}.`);
    }
    if (!originAllowed(req, this.port, this.extraHosts)) return this.refuse(req, res, 403, 'Requests from web pages are refused.');
    const admin = this.deps.admin !== undefined && path.startsWith('/__sandbox');
    const types: BodyType[] = admin ? ['json'] : ['form', 'json'];
    if (!bodyTypeAllowed(req, types)) {
      return this.refuse(
        req,
        res,
        415,
        admin
          ? 'Admin requests take a JSON body (Content-Type: application/json).'
          : 'Send parameters as a form body (Content-Type: application/x-www-form-urlencoded) or in the query string.',
      );
    }
    let body: string;
    try {
      body = await readBody(req, MAX_BODY_BYTES);
    } catch (e) {
      if (e instanceof BodyTooLarge) return this.refuse(req, res, 413, `The request body is over ${MAX_BODY_BYTES} bytes.`);
      req.socket.destroy();
      return;
    }

    if (admin) return this.handleAdmin(method, path, body, res);

    const answer = await this.answer({
      method,
      url: req.url ?? '/',
      contentType: req.headers['content-type'],
      authorization: req.headers.authorization,
      body,
    });
    if (!answer) {
      // commit-then-drop: the change is applied (and saved); the answer never leaves.
      req.socket.destroy();
      return;
    }
    this.send(res, answer);
  }

  /**
   * A request of the API past the door: logged, the active fault applied, dispatched, rendered in the envelope.
   * Undefined when the fault drops the answer after the change was made (commit-then-drop).
   */
  async answer(r: SandboxRequest): Promise<WireAnswer | undefined> {
    const url = new URL(r.url, 'http://sandbox');
    const path = url.pathname.replace(/^\/people(?=\/)/, '').replace(/\/+$/, '') || '/';
    const method = r.method.toUpperCase();
    const entry: LoggedRequest = { method, path, params: Object.fromEntries(url.searchParams), status: 0, at: Date.now() };
    this.log.push(entry);
    const style = this.deps.style();
    let answer: WireAnswer;
    let drop = false;
    try {
      Object.assign(entry.params, bodyParams(r.contentType, r.body));
      const fault = this.deps.faults.take(path);
      if (fault?.kind === 'http-5xx') {
        answer = renderPlain(fault.status ?? 503, { error: { message: 'Service temporarily unavailable (sandbox fault)' } });
      } else if (fault?.kind === 'http-429') {
        const sec = fault.retryAfterSec ?? 1;
        answer = renderPlain(
          429,
          { error: { code: 7209, message: `Too many requests; retry after ${sec} s` } },
          { 'retry-after': String(sec) },
        );
      } else {
        if (fault?.kind === 'delay') await sleep(fault.ms);
        drop = fault?.kind === 'commit-then-drop';
        const success = dispatch({ method, path, params: entry.params, authorization: r.authorization }, this.deps);
        answer = renderSuccess(fault?.kind === 'odd-date' ? withOddDate(success, fault.workDate) : success, path, style);
      }
    } catch (e) {
      if (e instanceof ApiError) {
        if (style.envelope === 'real') this.flip = !this.flip;
        answer = renderError(e, path, style, this.flip);
      } else {
        console.error('[sandbox] internal error', e);
        answer = renderPlain(500, { error: { message: `Sandbox internal error: ${(e as Error).message}` } });
      }
    }
    if (drop) return undefined;
    entry.status = answer.status;
    return answer;
  }

  private async handleAdmin(method: string, path: string, body: string, res: ServerResponse): Promise<void> {
    let parsed: unknown;
    try {
      parsed = body.trim() ? JSON.parse(body) : undefined;
    } catch {
      return this.send(res, renderPlain(400, { error: 'admin requests take a JSON body' }));
    }
    try {
      const { answer, after } = await this.deps.admin!({ method, path, body: parsed });
      if (after) res.once('finish', after);
      this.send(res, answer);
    } catch (e) {
      this.send(res, renderPlain(400, { error: (e as Error).message }));
    }
  }
}
