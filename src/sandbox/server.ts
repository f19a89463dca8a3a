/**
 * The HTTP side, on Node's `http` alone: read the request, apply the active fault, dispatch, write the envelope,
 * log the request. Going offline closes the listener AND destroys open sockets, so pooled keep-alive connections
 * die too and the next request gets ECONNREFUSED (briefs/common.md `setOffline`).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ApiError, renderError, renderPlain, renderSuccess, type WireAnswer, type WireStyle } from './envelope';
import type { FaultSwitch } from './faults';
import type { Params } from './params';
import { dispatch, type RouterDeps } from './router';
import type { LoggedRequest } from './types';

export interface AdminRequest { method: string; path: string; body: unknown }
export interface AdminAnswer { answer: WireAnswer; after?: () => void }

export interface ServerDeps extends RouterDeps {
  faults: FaultSwitch;
  style: () => WireStyle;
  admin: (req: AdminRequest) => Promise<AdminAnswer>;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Parameters travel in the query string or a form body (spec 4.4 leaves it open); a JSON body is accepted too. */
function bodyParams(contentType: string | undefined, body: string): Params {
  if (!body.trim()) return {};
  if ((contentType ?? '').includes('application/json')) {
    let parsed: unknown;
    try { parsed = JSON.parse(body); } catch { throw new ApiError(9003, 'The request body is not valid JSON; send parameters as a form body.'); }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ApiError(9003, 'The JSON body must be an object of parameters.');
    return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  }
  return Object.fromEntries(new URLSearchParams(body));
}

export class SandboxServer {
  readonly http: Server;
  private readonly sockets = new Set<Socket>();
  private readonly log: LoggedRequest[] = [];
  private flip = false;
  port = 0;

  constructor(private readonly deps: ServerDeps, private readonly host: string) {
    this.http = createServer((req, res) => { void this.handle(req, res); });
    this.http.on('connection', (s) => { this.sockets.add(s); s.on('close', () => this.sockets.delete(s)); });
  }

  get listening(): boolean { return this.http.listening; }

  listen(port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      this.http.once('error', reject);
      this.http.listen(port, this.host, () => {
        this.http.off('error', reject);
        const addr = this.http.address();
        this.port = typeof addr === 'object' && addr ? addr.port : port;
        resolve(this.port);
      });
    });
  }

  async stop(): Promise<void> {
    if (!this.http.listening) return;
    await new Promise<void>((resolve) => {
      this.http.close(() => resolve());
      for (const s of this.sockets) s.destroy();
    });
    // Give clients a moment to see their pooled connections close; a client that reused one before noticing
    // would get "other side closed" instead of the ECONNREFUSED that an offline service gives.
    await new Promise((r) => setTimeout(r, 25));
  }

  requests(): LoggedRequest[] { return this.log.map((r) => ({ ...r, params: { ...r.params } })); }
  resetRequests(): void { this.log.length = 0; }

  private send(res: ServerResponse, a: WireAnswer): void {
    res.writeHead(a.status, { ...a.headers, 'content-length': Buffer.byteLength(a.body) });
    res.end(a.body);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    // The real base URL ends in /people (real-service-notes "Hosts"): accept paths with or without it.
    const path = url.pathname.replace(/^\/people(?=\/)/, '').replace(/\/+$/, '') || '/';
    const method = (req.method ?? 'GET').toUpperCase();
    let body = '';
    try { body = await readBody(req); } catch { req.socket.destroy(); return; }

    if (path.startsWith('/__sandbox')) return this.handleAdmin(method, path, body, res);

    const entry: LoggedRequest = { method, path, params: Object.fromEntries(url.searchParams), status: 0, at: Date.now() };
    this.log.push(entry);
    const style = this.deps.style();
    let answer: WireAnswer;
    let drop = false;
    try {
      Object.assign(entry.params, bodyParams(req.headers['content-type'], body));
      const fault = this.deps.faults.take(path);
      if (fault?.kind === 'http-5xx') {
        answer = renderPlain(fault.status ?? 503, { error: { message: 'Service temporarily unavailable (sandbox fault)' } });
      } else if (fault?.kind === 'http-429') {
        const sec = fault.retryAfterSec ?? 1;
        answer = renderPlain(429, { error: { code: 7209, message: `Too many requests; retry after ${sec} s` } }, { 'retry-after': String(sec) });
      } else {
        if (fault?.kind === 'delay') await sleep(fault.ms);
        drop = fault?.kind === 'commit-then-drop';
        const success = dispatch({ method, path, params: entry.params, authorization: req.headers.authorization }, this.deps);
        answer = renderSuccess(success, path, style);
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
    if (drop) {
      // commit-then-drop: the change is applied (and saved); the answer never leaves.
      req.socket.destroy();
      return;
    }
    entry.status = answer.status;
    this.send(res, answer);
  }

  private async handleAdmin(method: string, path: string, body: string, res: ServerResponse): Promise<void> {
    let parsed: unknown = undefined;
    try {
      parsed = body.trim() ? JSON.parse(body) : undefined;
    } catch {
      return this.send(res, renderPlain(400, { error: 'admin requests take a JSON body' }));
    }
    try {
      const { answer, after } = await this.deps.admin({ method, path, body: parsed });
      if (after) res.once('finish', after);
      this.send(res, answer);
    } catch (e) {
      this.send(res, renderPlain(400, { error: (e as Error).message }));
    }
  }
}
