/**
 * The renderer's only door to the core, and the only renderer file that touches `window.api` (but for one call made
 * before this module is loaded: first-screen/answers.ts asks `getFirstScreen` as the app's script is asked for).
 *
 * - Electron: the preload exposes `window.api` (one function per contract operation, plus `on`).
 * - Web mode (`npm run web`): the same `Api` over HTTP. Every operation is `POST /rpc/<name>` with a JSON body and
 *   the per-run token as a Bearer header; push events arrive on one shared Server-Sent Events stream.
 *
 * A web page's session with its server (lost when the server stops or restarts, recovered by itself) is in
 * ./web-session.ts.
 *
 * Both answer with the same envelope `{ ok: true, value } | { ok: false, error: BridgeError }`; failures become an
 * Error whose `name`, `message`, `code` and `violations` are the BridgeError's, so screens branch on `error.name`.
 * (The preload rejects with the plain BridgeError because contextBridge keeps only an Error's message; the Error is
 * made here, in the page's world.)
 */
import type { Api, BridgeError, EventName, Events, OperationName } from '../../shared/contract';
// Names only, from the zod-free module: a value import from the contract (src/shared/contract/) would bundle zod (~1 MB) into the page.
import { EVENT_NAMES, OPERATION_NAMES } from '../../shared/operation-names';
import { createWebSession, readRunToken, type WebSession } from './web-session';
import { defineMessages, type MessageDescriptor } from '../../shared/i18n/messages';
import { answerKey } from '../../shared/first-screen/answers';
import type { AnswerBook } from './first-screen/answers';

/** The web bridge's own failures, said as codes with values (the screens word them: i18n/said-words.ts errorText). */
const M = defineMessages({
  unavailable: {
    id: 'web.bridge.unavailable',
    defaultMessage: 'Punchcard is not answering. Check that {web} (or {start}) is still running; this page reconnects by itself.',
    description: '{web}, {start}: the commands that run Punchcard.',
  },
  notOurs: {
    id: 'web.bridge.not-ours',
    defaultMessage: 'Punchcard answered with something that is not what it sends. Reload the page; if it persists, restart {web}.',
  },
});
const COMMANDS = { web: 'npm run web', start: 'npm start' };

/** A failure of the bridge itself: its code and values, and the English beside them (logs, and a catalog without it). */
function bridgeFailure(m: MessageDescriptor, values: Record<string, string>): BridgeError {
  const message = m.defaultMessage.replace(/\{(\w+)\}/g, (all, k: string) => values[k] ?? all);
  return { name: WEB_BRIDGE_ERRORS.unavailable, message, said: { code: m.id, values } };
}

/** The Error a failed call rejects with: the core's error class name and the user-facing message travel as fields. */
export interface BridgeCallError extends Error {
  code?: number;
  violations?: BridgeError['violations'];
  said?: BridgeError['said'];
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
  if (error.said !== undefined) e.said = error.said;
  return e;
}

type Envelope = { ok: true; value: unknown } | { ok: false; error: BridgeError };

async function callOverHttp(session: WebSession, name: OperationName, input: unknown): Promise<unknown> {
  const answer = await post(session.token(), name, input);
  if (answer.kind === 'unreachable') {
    session.report('unreachable');
    throw toBridgeCallError(bridgeFailure(M.unavailable, COMMANDS));
  }
  if (answer.kind === 'refused') {
    session.report('refused');
    throw toBridgeCallError(answer.error);
  }
  session.report('answered');
  if (answer.kind === 'not-json') {
    throw toBridgeCallError(bridgeFailure(M.notOurs, COMMANDS));
  }
  if (answer.envelope.ok) return answer.envelope.value;
  throw toBridgeCallError(answer.envelope.error);
}

type Answer =
  { kind: 'unreachable' } | { kind: 'refused'; error: BridgeError } | { kind: 'not-json' } | { kind: 'answered'; envelope: Envelope };

/** One RPC: what came back, without deciding what it means for the page. */
async function post(token: string, name: OperationName, input: unknown): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(`/rpc/${encodeURIComponent(name)}`, {
      method: 'POST',
      // without a token (a page reopened from history) the session cookie speaks for it (src/web/session-cookie.ts)
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(input ?? {}),
    });
  } catch {
    return { kind: 'unreachable' };
  }
  let envelope: Envelope;
  try {
    envelope = (await response.json()) as Envelope;
  } catch {
    return { kind: 'not-json' };
  }
  // the server refuses this tab's token (a new run since the page opened, or none): not an error of the operation
  if (response.status === 401 && !envelope.ok) return { kind: 'refused', error: envelope.error };
  return { kind: 'answered', envelope };
}

/** The session's check: one cheap call (the account, read from a file) with a given token. */
const checkToken = async (token: string) => {
  const a = await post(token, 'getAccount', {});
  return a.kind === 'unreachable' ? ('unreachable' as const) : a.kind === 'refused' ? ('refused' as const) : ('answered' as const);
};

/**
 * One EventSource for the whole page, opened on the first subscription; listeners are fanned out by event name. When
 * it breaks the session asks the server at once (stopped, or restarted with another token); a new token reopens it.
 */
function createEventStream(session: WebSession) {
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  let source: EventSource | null = null;
  session.onToken(() => {
    source?.close();
    source = null;
    if (listeners.size) open();
  });

  const open = () => {
    if (source) return;
    const token = session.token();
    source = new EventSource(token ? `/events?token=${encodeURIComponent(token)}` : '/events');
    // it reconnects by itself after a dropped connection, but not after a refusal: either way, ask the server now
    source.onerror = () => {
      void session.probe();
    };
    source.onmessage = (message) => {
      let data: { event?: unknown; payload?: unknown };
      try {
        data = JSON.parse(String(message.data));
      } catch {
        return;
      }
      const set = listeners.get(data.event as EventName);
      for (const listener of set ?? []) {
        try {
          listener(data.payload);
        } catch (e) {
          console.error(`A "${String(data.event)}" listener failed`, e);
        }
      }
    };
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
    return () => {
      set.delete(l);
    };
  };
}

/** The HTTP implementation of `Api`, built from the contract's operation list so it cannot drift from it. */
export function createHttpApi(session: WebSession): Api {
  const api: Record<string, unknown> = {};
  for (const name of OPERATION_NAMES) {
    api[name] = (input: unknown) => callOverHttp(session, name, input);
  }
  api.on = createEventStream(session);
  return api as Api;
}

function isBridgeError(value: unknown): value is BridgeError {
  return (
    typeof value === 'object' &&
    value !== null &&
    !(value instanceof Error) &&
    typeof (value as BridgeError).name === 'string' &&
    typeof (value as BridgeError).message === 'string'
  );
}

/** Electron: the preload's functions, with their plain BridgeError rejections turned into Errors. */
export function wrapPreloadApi(exposed: Api): Api {
  const api: Record<string, unknown> = {};
  const calls = exposed as unknown as Record<OperationName, (input: unknown) => Promise<unknown>>;
  for (const name of OPERATION_NAMES) {
    api[name] = (input: unknown) =>
      calls[name](input).catch((e: unknown) => {
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
    api[name] = () =>
      Promise.reject(
        toBridgeCallError({
          name: WEB_BRIDGE_ERRORS.unavailable,
          message: `${name} was called outside the Punchcard window: there is no bridge here (tests pass their own Api).`,
        }),
      );
  }
  api.on = () => () => undefined;
  return api as Api;
}

/**
 * Web mode (`npm run web`, the browser): no Electron shell around the page, so what only the shell can do (the
 * global shortcut, start at login, OS notifications) does nothing here; Settings says so at each of them.
 */
export const inWebMode = typeof window !== 'undefined' && !window.api;

/** Web mode's session with its server (web-session.ts); null in Electron and outside a page. */
export const webSession: WebSession | null = inWebMode ? createWebSession(readRunToken(), checkToken) : null;

/**
 * The first screen's answers (./first-screen/answers.ts) stand in for the calls they answer while the window starts: from
 * when boot.tsx hands them over until its first load is through. A call answered so gets its answer once `ready`
 * settles (boot.tsx: once the first screen takes input), so the store does not change under the hydration. A push
 * from the core meanwhile (another tab logged time) is applied as it comes, but does not send the calls to the core
 * before then: they would be asked before the first screen takes input, the wait the answers are there to spare. What
 * it changed is read once the window is idle, when boot.tsx's catch-up asks every call of the first load again.
 */
let firstBook: AnswerBook | null = null;
let firstReady: Promise<unknown> = Promise.resolve();
export function answerFirstCallsFrom(book: AnswerBook, ready: Promise<unknown>): void {
  firstBook = book.size > 0 ? book : null;
  firstReady = ready;
}
export function stopAnsweringFirstCalls(): void {
  firstBook = null;
}

function answeringFirstCalls(inner: Api): Api {
  const api: Record<string, unknown> = {};
  const calls = inner as unknown as Record<OperationName, (input: unknown) => Promise<unknown>>;
  for (const name of OPERATION_NAMES) {
    api[name] = (input: unknown) => {
      const key = firstBook ? answerKey(name, input) : '';
      if (!firstBook?.has(key)) return calls[name](input);
      const value = firstBook.get(key);
      return firstReady.then(() => value);
    };
  }
  api.on = inner.on;
  return api as Api;
}

export const api: Api = answeringFirstCalls(
  typeof window === 'undefined' ? pagelessApi() : window.api ? wrapPreloadApi(window.api) : createHttpApi(webSession!),
);
