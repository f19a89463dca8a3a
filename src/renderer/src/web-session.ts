/**
 * Web mode's session with the local server (`npm run web`): whether this tab can talk to it, and getting it back by
 * itself after a restart. The server makes a new random token every run; a tab left open across a restart still
 * holds the old one, and every call is refused.
 *
 * - `ok`: calls are answered.
 * - `unreachable`: the server does not answer at this address (stopped). Checked every few seconds; answered with
 *   this tab's token again (it came back, e.g. after sleep), it is `ok` again with no action from the user.
 * A tab with no token (opened from the browser's history: the address bar no longer holds it, and a new tab has no
 * sessionStorage) is answered through the session cookie the server set when this browser profile first opened the
 * printed address (src/web/session-cookie.ts); it is `ok` as long as that run lasts.
 *
 * - `restarted`: the server answers and refuses this tab's token (a new run), or the tab never had one. Recovery
 *   without a reload: another tab of the same origin that holds the new token (the tab a restart opens) hands it
 *   over (BroadcastChannel: same origin only, memory only); or the user pastes the printed address into this tab
 *   (only the `#token=` part changes, so the browser does not reload: the `hashchange` is read here); or pastes it
 *   into the field the screen offers.
 *
 * Whichever way a token arrives, it is tried with one call before it is used; the app then reads everything again
 * (App.tsx). While the state is not `ok` the window is covered and inert: its forms cannot work (components/SessionGate).
 */

export type SessionState = 'ok' | 'unreachable' | 'restarted';

const TOKEN_KEY = 'punchcard.runToken';
const CHANNEL = 'punchcard.session';
/** How often a tab that lost the server asks again. */
export const RECHECK_MS = 3_000;

type Listener = (state: SessionState, had: { token: boolean }) => void;

export interface WebSession {
  token(): string;
  state(): SessionState;
  /** Calls and the event stream report here what they met. */
  report(outcome: 'answered' | 'refused' | 'unreachable'): void;
  /** Asks the server now (the event stream broke): the state follows the answer. */
  probe(): Promise<void>;
  /** A token from an address the user pasted (the whole address, or the `#token=...` part, or the token). */
  adopt(text: string): Promise<boolean>;
  onChange(listener: Listener): () => void;
  /** The token changed (recovered): the event stream reconnects with it. */
  onToken(listener: (token: string) => void): () => void;
}

/** The token in a pasted address (`http://127.0.0.1:5173/#token=abc`), a `#token=abc` fragment, or a bare token. */
export function tokenIn(text: string): string | null {
  const t = text.trim();
  const m = /[#&]token=([\w-]+)/.exec(t);
  if (m) return m[1];
  return /^[\w-]{20,}$/.test(t) ? t : null;
}

/** The token the page was opened with (`#token=` in the address, then removed from it) or kept for a reload. */
export function readRunToken(): string {
  const fromUrl = takeTokenFromAddress();
  if (fromUrl) return fromUrl;
  try {
    return window.sessionStorage.getItem(TOKEN_KEY) ?? '';
  } catch {
    return '';
  }
}

/**
 * The run token arrives in the URL fragment (`#token=...`: fragments are never sent to servers or written to access
 * logs), is kept in sessionStorage so a reload still works, and is removed from the address bar so it is not
 * bookmarked, shared or left in history.
 */
function takeTokenFromAddress(): string | null {
  const hash = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const fromUrl = hash.get('token');
  if (!fromUrl) return null;
  keep(fromUrl);
  hash.delete('token');
  const rest = hash.toString();
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search + (rest ? `#${rest}` : ''));
  return fromUrl;
}

function keep(token: string): void {
  try {
    window.sessionStorage.setItem(TOKEN_KEY, token);
  } catch {
    /* storage disabled: memory only */
  }
}

/**
 * `check(token)`: one cheap call with that token: 'answered', 'refused' (the token) or 'unreachable'.
 */
export function createWebSession(initial: string, check: (token: string) => Promise<'answered' | 'refused' | 'unreachable'>): WebSession {
  let token = initial;
  let state: SessionState = 'ok';
  const listeners = new Set<Listener>();
  const tokenListeners = new Set<(t: string) => void>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;

  const set = (next: SessionState) => {
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (next === 'unreachable') timer = setTimeout(() => void recheck(), RECHECK_MS);
    if (next === state) return;
    state = next;
    for (const l of listeners) l(state, { token: token !== '' });
    if (state === 'restarted') channel?.postMessage({ type: 'need-token' });
  };

  let checking: Promise<void> | null = null;
  function recheck(): Promise<void> {
    checking ??= check(token)
      .then((outcome) => {
        set(outcome === 'answered' ? 'ok' : outcome === 'refused' ? 'restarted' : 'unreachable');
      })
      .finally(() => {
        checking = null;
      });
    return checking;
  }

  /** Tries a token; used only if the server answers it. */
  async function adoptToken(candidate: string): Promise<boolean> {
    if (candidate === token && state === 'ok') return true;
    const outcome = await check(candidate);
    if (outcome !== 'answered') {
      if (outcome === 'unreachable') set('unreachable');
      return false;
    }
    token = candidate;
    keep(candidate);
    for (const l of tokenListeners) l(token);
    set('ok');
    return true;
  }

  // another tab of this origin holds a token this tab lacks, or needs the one this tab holds
  if (channel) {
    channel.onmessage = (m: MessageEvent<{ type?: string; token?: string }>) => {
      if (m.data?.type === 'token' && typeof m.data.token === 'string' && state !== 'ok') void adoptToken(m.data.token);
      if (m.data?.type === 'need-token' && state === 'ok' && token) channel.postMessage({ type: 'token', token });
    };
    // a tab that opens tells the others at once (the one a restart opens, while the old one waits): each tries it
    if (initial) channel.postMessage({ type: 'token', token: initial });
  }
  // the printed address pasted into this tab: only the fragment changed, so the page was not reloaded
  window.addEventListener('hashchange', () => {
    const fresh = takeTokenFromAddress();
    if (fresh) void adoptToken(fresh);
  });

  return {
    token: () => token,
    state: () => state,
    probe: recheck,
    report(outcome) {
      if (outcome === 'answered') set('ok');
      else if (outcome === 'refused') set('restarted');
      else if (state !== 'restarted') set('unreachable');
    },
    adopt: async (text) => {
      const t = tokenIn(text);
      return t ? adoptToken(t) : false;
    },
    onChange(l) {
      listeners.add(l);
      return () => {
        listeners.delete(l);
      };
    },
    onToken(l) {
      tokenListeners.add(l);
      return () => {
        tokenListeners.delete(l);
      };
    },
  };
}
