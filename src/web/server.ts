/**
 * Web mode's HTTP server: the same core as the desktop app, and the same built renderer, over loopback HTTP.
 *
 *   GET  /, /assets/...   the built renderer (strict CSP, no-sniff)
 *   POST /rpc/<name>      core.dispatch(name, body) -> `{ ok, value | error }`   (Bearer run token, JSON only)
 *   GET  /events?token=   push events as Server-Sent Events                        (EventSource cannot send headers)
 *
 * Every request must name the server by a loopback Host (DNS rebinding); RPC and events need the run token, or the
 * cookie the first call with the token got (./session-cookie.ts: the page reopened from the browser's history).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { OPERATION_NAMES, type OperationName } from '../shared/contract';
import type { DispatchResult } from '../core';
import type { AppStatus } from '../shared/domain';
import { pagePolicy } from './page-policy';
import { openEventStream, type Subscribe } from './event-stream';
import {
  bearerToken,
  BodyTooLarge,
  createCappedServer,
  hostAllowed,
  newRunToken,
  originAllowed,
  readBody,
  tokenMatches,
  type ServerCaps,
} from '../loopback';
import { serveStatic } from './static-files';
import { keepFirstAnswers } from './kept-answers';
import type { FirstAnswers } from '../shared/first-screen/answers';
import { firstScreenCalls } from '../shared/first-screen/calls';
import { createSessionCookie } from './session-cookie';
import { COMMANDS, refusalWords, WEB_WORDS as W } from './web-words';
import type { MessageDescriptor } from '../shared/i18n/messages';

/** What the server needs of the core (`createPunchcard` returns more). */
export interface WebCore {
  dispatch(name: OperationName, input: unknown): Promise<DispatchResult>;
  on: Subscribe;
}

export interface WebServerOptions {
  core: WebCore;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Loopback only: the server has no TLS and trusts its token alone. */
  host?: '127.0.0.1' | 'localhost';
  rendererDir: string;
  /** Largest accepted RPC body (default 1 MiB: a week of logs is a few KiB). */
  maxBodyBytes?: number;
  /** SSE keep-alive period (default 15 s). */
  keepAliveMs?: number;
  /** Tests pass a fixed token; normally a fresh random one per run. */
  token?: string;
  /** The secret of the session cookie (./session-cookie.ts); normally a fresh random one per run. */
  cookieSecret?: string;
  /** Connection caps (../loopback/server-caps.ts); tests shorten them. */
  caps?: Partial<ServerCaps>;
  /**
   * The first screen's answers kept ready between pages (./kept-answers.ts; default on). Tests that count the core's
   * calls turn it off: keeping them calls the core while the server is idle.
   */
  keepFirstAnswers?: boolean;
  /** The wall clock the kept answers' day and age are read by (default Date.now, as the core's); tests pass their own. */
  now?: () => number;
}

export interface WebServer {
  /** Where to point the browser, token in the fragment (never sent to the server, never logged). */
  url: string;
  origin: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

const OPERATIONS = new Set<string>(OPERATION_NAMES);

/**
 * Calls that change nothing the first screen's answers say: the first screen's own reads, but the week's (a read
 * `now` may refresh the core's copy of a week that was not kept yet). Any other call counts as a change (./kept-answers.ts).
 */
const PLAIN_READS = new Set<string>([
  ...firstScreenCalls(0)
    .map((c) => c.name)
    .filter((name) => name !== 'getWeek'),
  'getFirstScreen',
]);

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
} as const;

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** A refusal in the request's language (`Accept-Language`), with its code and values for the app (./web-words.ts). */
async function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  name: string,
  message: MessageDescriptor,
  values?: Record<string, string | number>,
): Promise<void> {
  sendJson(res, status, { ok: false, error: { name, ...(await refusalWords(req, message, values)) } });
}

export async function startWebServer(opts: WebServerOptions): Promise<WebServer> {
  const { core, rendererDir } = opts;
  // The built page carries its first stylesheet and the early-input script inline, allowed by hash in its <meta>; the
  // header must allow the same (a browser enforces both policies), and still nothing else inline: as the page is now,
  // a rebuild while the server runs included (./page-policy.ts).
  const csp = pagePolicy(join(rendererDir, 'index.html'));
  const host = opts.host ?? '127.0.0.1';
  const maxBody = opts.maxBodyBytes ?? 1024 * 1024;
  const keepAliveMs = opts.keepAliveMs ?? 15_000;
  const token = opts.token ?? newRunToken();
  const streams = new Set<() => void>();
  let port = 0;
  const cookie = createSessionCookie(() => port, opts.cookieSecret);

  /** The first screen's answers as the page's script (../shared/first-screen/calls.ts), kept ready; nothing if they fail. */
  const answers = keepFirstAnswers({
    work: async () => {
      const answer = await core.dispatch('getFirstScreen', {}).catch(() => null);
      return answer?.ok ? (answer.value as FirstAnswers) : null;
    },
    subscribe: core.on,
    now: opts.now,
  });
  const answersScript = () => answers.script();

  async function handleRpc(req: IncomingMessage, res: ServerResponse, name: string): Promise<void> {
    const withToken = tokenMatches(token, bearerToken(req));
    if (!withToken && !cookie.carried(req)) {
      await refuse(req, res, 401, 'UnauthorizedError', W.noSession, { web: COMMANDS.web });
      return;
    }
    // the page opened with the printed address: from now on this browser profile reopens it without the token
    if (withToken && !cookie.carried(req)) {
      res.setHeader('Set-Cookie', cookie.setCookie());
      // a browser holds this run's session now: its next page is given the answers, kept ready from now on
      if (opts.keepFirstAnswers !== false) answers.start();
    }
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
      await refuse(req, res, 415, 'InvalidInputError', W.notJson, { header: 'Content-Type: application/json' });
      return;
    }
    let body: string;
    try {
      body = await readBody(req, maxBody);
    } catch (e) {
      if (e instanceof BodyTooLarge) await refuse(req, res, 413, 'InvalidInputError', W.tooLarge, { bytes: maxBody });
      else res.destroy();
      return;
    }
    if (!OPERATIONS.has(name)) {
      await refuse(req, res, 404, 'InvalidInputError', W.unknownOperation, { name, file: 'src/shared/contract/operations.ts' });
      return;
    }
    let input: unknown;
    try {
      input = body.trim() === '' ? {} : JSON.parse(body);
    } catch {
      await refuse(req, res, 400, 'InvalidInputError', W.badJson, { name });
      return;
    }
    // a change counts from when it is asked (answers begun meanwhile are not kept) to when it is done
    const changes = !PLAIN_READS.has(name);
    if (changes) answers.changed();
    // The core validates the input against the contract and answers with the envelope, errors included.
    const result = await core.dispatch(name as OperationName, input);
    if (changes) answers.changed();
    sendJson(res, 200, result);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    res.setHeader('Content-Security-Policy', csp());
    for (const [key, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(key, value);
    if (!hostAllowed(req, port)) {
      await refuse(req, res, 421, 'UnauthorizedError', W.hostOnly, { ip: `127.0.0.1:${port}`, localhost: `localhost:${port}` });
      return;
    }
    if (!originAllowed(req, port)) {
      await refuse(req, res, 403, 'UnauthorizedError', W.otherSite);
      return;
    }
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    if (url.pathname.startsWith('/rpc/')) {
      if (req.method !== 'POST') {
        res.setHeader('Allow', 'POST');
        await refuse(req, res, 405, 'InvalidInputError', W.postOnly, { method: 'POST' });
        return;
      }
      await handleRpc(req, res, url.pathname.slice('/rpc/'.length));
      return;
    }
    if (url.pathname === '/events') {
      // a stream is opened with GET (EventSource); anything else is not a request for it
      if (req.method !== 'GET') {
        res.setHeader('Allow', 'GET');
        await refuse(req, res, 405, 'InvalidInputError', W.getOnly, { method: 'GET' });
        return;
      }
      if (!tokenMatches(token, url.searchParams.get('token')) && !cookie.carried(req)) {
        await refuse(req, res, 401, 'UnauthorizedError', W.noSession, { web: COMMANDS.web });
        return;
      }
      const close = openEventStream(res, core.on, keepAliveMs, async () => {
        const status = await core.dispatch('getStatus', {});
        return status.ok ? [{ event: 'status', payload: status.value as AppStatus }] : [];
      });
      streams.add(close);
      res.on('close', () => streams.delete(close));
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      await refuse(req, res, 405, 'InvalidInputError', W.methodNotAllowed, { method: req.method ?? '' });
      return;
    }
    // the first screen's answers come with the page, for the browser that holds this run's session only
    await serveStatic(rendererDir, req, res, url.pathname, cookie.carried(req) ? answersScript : undefined);
  }

  const server = createCappedServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      // A core bug must not take the server down; the message says what to do, the details go to the terminal.
      console.error('punchcard web: request failed:', e instanceof Error ? e.message : e);
      if (!res.headersSent) void refuse(req, res, 500, 'InternalError', W.internal, { web: COMMANDS.web }).catch(() => res.destroy());
      else res.destroy();
    });
  }, opts.caps);
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://${host}:${port}`;

  return {
    url: `${origin}/#token=${token}`,
    origin,
    port,
    token,
    async close() {
      answers.close();
      for (const close of streams) close();
      streams.clear();
      await new Promise<void>((resolveClose) => {
        server.close(() => resolveClose());
        server.closeAllConnections();
      });
    },
  };
}
