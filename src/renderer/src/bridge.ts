/**
 * The renderer's only door to the core, and the only renderer file that touches `window.api`.
 *
 * - Electron: the preload exposes `window.api` (one function per contract operation, plus `on`).
 * - Web mode (`npm run web`): the same `Api` over HTTP. Every operation is `POST /rpc/<name>` with a JSON body and
 *   the per-run token as a Bearer header; push events arrive on one shared Server-Sent Events stream.
 *
 * Both answer with the same envelope `{ ok: true, value } | { ok: false, error: BridgeError }`; failures become an
 * Error whose `name`, `message`, `code` and `violations` are the BridgeError's, so screens branch on `error.name`.
 * (The preload rejects with the plain BridgeError because contextBridge keeps only an Error's message; the Error is
 * made here, in the page's world.)
 */
import type { Api, BridgeError, EventName, Events, OperationName } from '../../shared/contract';
// Names only, from the zod-free module: a value import from contract.ts would bundle zod (~1 MB) into the page.
import { EVENT_NAMES, OPERATION_NAMES } from '../../shared/operation-names';

/** The Error a failed call rejects with: the core's error class name and the user-facing message travel as fields. */
export interface BridgeCallError extends Error {
  code?: number;
  violations?: BridgeError['violations'];
}

/** Error names the web bridge itself produces (the core's own names come from service/errors.ts). */
export const WEB_BRIDGE_ERRORS = {
  /** The local web server did not answer (stopped, or the tab outlived it). */
  unavailable: 'AppUnavailableError',
  /** The page has no valid run token (opened without the printed URL, or the server restarted). */
  unauthorized: 'UnauthorizedError',
} as const;

export function toBridgeCallError(error: BridgeError): BridgeCallError {
  const e = new Error(error.message) as BridgeCallError;
  e.name = error.name;
  if (error.code !== undefined) e.code = error.code;
  if (error.violations !== undefined) e.violations = error.violations;
  return e;
}

type Envelope = { ok: true; value: unknown } | { ok: false; error: BridgeError };

const TOKEN_KEY = 'punchcard.runToken';

/**
 * The run token arrives once in the URL fragment (`#token=...`: fragments are never sent to servers or written to
 * access logs), is kept in sessionStorage so a reload still works, and is removed from the address bar so it is
 * not bookmarked, shared or left in history.
 */
function readRunToken(): string {
  const hash = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const fromUrl = hash.get('token');
  if (fromUrl) {
    try { window.sessionStorage.setItem(TOKEN_KEY, fromUrl); } catch { /* storage disabled: keep it in memory only */ }
    hash.delete('token');
    const rest = hash.toString();
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search + (rest ? `#${rest}` : ''));
    return fromUrl;
  }
  try { return window.sessionStorage.getItem(TOKEN_KEY) ?? ''; } catch { return ''; }
}

async function callOverHttp(token: string, name: OperationName, input: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`/rpc/${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(input ?? {}),
    });
  } catch {
    throw toBridgeCallError({
      name: WEB_BRIDGE_ERRORS.unavailable,
      message: 'Punchcard is not answering. Check that `npm run web` (or `npm start`) is still running, then reload this page.',
    });
  }
  let envelope: Envelope;
  try {
    envelope = (await response.json()) as Envelope;
  } catch {
    throw toBridgeCallError({
      name: WEB_BRIDGE_ERRORS.unavailable,
      message: `Punchcard answered ${name} with something that is not JSON (HTTP ${response.status}). Reload the page; if it persists, restart \`npm run web\`.`,
    });
  }
  if (envelope.ok) return envelope.value;
  throw toBridgeCallError(envelope.error);
}

/** One EventSource for the whole page, opened on the first subscription; listeners are fanned out by event name. */
function createEventStream(token: string) {
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  let source: EventSource | null = null;

  const open = () => {
    if (source) return;
    source = new EventSource(`/events?token=${encodeURIComponent(token)}`);
    source.onmessage = (message) => {
      let data: { event?: unknown; payload?: unknown };
      try { data = JSON.parse(String(message.data)); } catch { return; }
      const set = listeners.get(data.event as EventName);
      for (const listener of set ?? []) {
        try { listener(data.payload); } catch (e) { console.error(`A "${String(data.event)}" listener failed`, e); }
      }
    };
    // EventSource reconnects by itself after a dropped connection; nothing to do here.
  };

  return function on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void {
    if (!(EVENT_NAMES as readonly string[]).includes(event)) {
      throw new Error(`Unknown event "${String(event)}": subscribe to one of ${EVENT_NAMES.join(', ')}.`);
    }
    const set = listeners.get(event) ?? new Set();
    listeners.set(event, set);
    const l = listener as (payload: unknown) => void;
    set.add(l);
    open();
    return () => { set.delete(l); };
  };
}

/** The HTTP implementation of `Api`, built from the contract's operation list so it cannot drift from it. */
export function createHttpApi(token: string = readRunToken()): Api {
  const api: Record<string, unknown> = {};
  for (const name of OPERATION_NAMES) {
    api[name] = (input: unknown) => callOverHttp(token, name, input);
  }
  api.on = createEventStream(token);
  return api as Api;
}

function isBridgeError(value: unknown): value is BridgeError {
  return typeof value === 'object' && value !== null && !(value instanceof Error)
    && typeof (value as BridgeError).name === 'string' && typeof (value as BridgeError).message === 'string';
}

/** Electron: the preload's functions, with their plain BridgeError rejections turned into Errors. */
export function wrapPreloadApi(exposed: Api): Api {
  const api: Record<string, unknown> = {};
  const calls = exposed as unknown as Record<OperationName, (input: unknown) => Promise<unknown>>;
  for (const name of OPERATION_NAMES) {
    api[name] = (input: unknown) => calls[name](input).catch((e: unknown) => {
      throw isBridgeError(e) ? toBridgeCallError(e) : e;
    });
  }
  api.on = exposed.on;
  return api as Api;
}

/**
 * Outside a page (vitest in Node imports modules that import this one) there is no transport: every call rejects
 * with a message saying so, and subscriptions do nothing, so importing never throws.
 */
function pagelessApi(): Api {
  const api: Record<string, unknown> = {};
  for (const name of OPERATION_NAMES) {
    api[name] = () => Promise.reject(toBridgeCallError({
      name: WEB_BRIDGE_ERRORS.unavailable,
      message: `${name} was called outside the Punchcard window: there is no bridge here (tests pass their own Api).`,
    }));
  }
  api.on = () => () => undefined;
  return api as Api;
}

/**
 * Web mode (`npm run web`, the browser): no Electron shell around the page, so what only the shell can do (the
 * global shortcut, start at login, OS notifications) does nothing here; Settings says so at each of them.
 */
export const inWebMode = typeof window !== 'undefined' && !window.api;

export const api: Api = typeof window === 'undefined'
  ? pagelessApi()
  : window.api ? wrapPreloadApi(window.api) : createHttpApi();
