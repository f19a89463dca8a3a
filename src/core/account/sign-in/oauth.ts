/**
 * Sign-in with the browser: OAuth 2.0 authorization code flow with PKCE (S256), as a desktop app must
 * (real-service-notes "Hosts and sign-in"). A one-shot loopback server on 127.0.0.1:<random port>/callback receives the
 * code; `state` ties the answer to this request; the code is exchanged for a refresh token (kept in the keychain by the
 * session) and a first access token. The code is valid 2 minutes, so the wait is too.
 */
import { loadMessages } from '../../../shared/i18n/catalogs';
import { directionOf, pickLanguage, regionTag } from '../../../shared/i18n/locales';
import { defineMessages, type MessageDescriptor } from '../../../shared/i18n/messages';
import { createWording } from '../../../shared/i18n/wording';
import { accountWords } from '../account-words';
import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Clock } from '../../clock';
import { AuthError } from '../../service';
import type { TokenEndpoint, TokenGrant } from './oauth-tokens';
import { requestToken } from './oauth-tokens';

export const OAUTH_SCOPES = ['ZOHOPEOPLE.timetracker.ALL', 'ZOHOPEOPLE.forms.ALL'];
/** real-service-notes: the authorization code is valid 2 minutes. */
export const CODE_VALIDITY_MS = 2 * 60_000;

const base64url = (b: Buffer) => b.toString('base64url');

/** RFC 7636: a 43-character verifier (32 random bytes) and its S256 challenge. */
export function createPkce(): { verifier: string; challenge: string } {
  const verifier = base64url(randomBytes(32));
  return { verifier, challenge: base64url(createHash('sha256').update(verifier).digest()) };
}

export function authorizationUrl(p: { accounts: string; clientId: string; redirectUri: string; challenge: string; state: string }): string {
  const u = new URL(`${p.accounts.replace(/\/$/, '')}/oauth/v2/auth`);
  u.search = new URLSearchParams({
    client_id: p.clientId,
    response_type: 'code',
    redirect_uri: p.redirectUri,
    scope: OAUTH_SCOPES.join(','),
    // offline + consent: without them the answer carries no refresh token, and the user would sign in every hour.
    access_type: 'offline',
    prompt: 'consent',
    code_challenge: p.challenge,
    code_challenge_method: 'S256',
    state: p.state,
  }).toString();
  return u.toString();
}

const PAGE = defineMessages({
  strangerTitle: {
    id: 'core.oauth.page.stranger-title',
    defaultMessage: 'Sign-in not recognised',
    description: 'A page in the browser after signing in.',
  },
  strangerText: {
    id: 'core.oauth.page.stranger-text',
    defaultMessage: 'This answer does not belong to the sign-in Punchcard started. Start the sign-in again from Punchcard.',
  },
  refusedTitle: { id: 'core.oauth.page.refused-title', defaultMessage: 'Sign-in refused' },
  refusedText: { id: 'core.oauth.page.refused-text', defaultMessage: 'Punchcard was not given access. You can close this window.' },
  doneTitle: { id: 'core.oauth.page.done-title', defaultMessage: 'Signed in to Punchcard' },
  doneText: { id: 'core.oauth.page.done-text', defaultMessage: 'You can close this window and return to Punchcard.' },
});

const escapeHtml = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The page the browser shows after the sign-in, in the browser's language (its Accept-Language, as web mode's own
 * pages take it: docs/i18n.md), right to left where the language is.
 */
async function page(acceptLanguage: string | undefined, title: MessageDescriptor, text: MessageDescriptor): Promise<string> {
  const wanted = (acceptLanguage ?? '').split(',').map((t) => t.split(';')[0].trim());
  const language = pickLanguage(wanted);
  const w = createWording(language, regionTag(wanted[0]) ?? 'en-GB', await loadMessages(language).catch(() => ({})));
  const [t, p] = [escapeHtml(w.say(title)), escapeHtml(w.say(text))];
  return (
    `<!doctype html><html lang="${language}" dir="${directionOf(language)}"><meta charset="utf-8"><title>${t}</title>` +
    `<body style="font-family:system-ui;margin:3em"><h1>${t}</h1><p>${p}</p></body></html>`
  );
}

/** Waits for the browser to come back to the loopback with a code for this `state`. */
function awaitCallback(
  state: string,
  timeoutMs: number,
  clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>,
): Promise<{ redirectUri: string; code: Promise<string>; close(): void }> {
  return new Promise((resolveServer, rejectServer) => {
    let settle!: { resolve: (code: string) => void; reject: (e: Error) => void };
    const code = new Promise<string>((resolve, reject) => {
      settle = { resolve, reject };
    });
    // node:http when a sign-in needs its redirect server, not at every start (a demo `punch` never loads it)
    const server = process.getBuiltinModule('node:http').createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (url.pathname !== '/callback') {
        res.writeHead(404).end();
        return;
      }
      // A callback without our state was not started by this sign-in (another tab, or a forged request): ignore it.
      const lang = req.headers['accept-language'];
      // the page is written before the sign-in goes on (its end closes this server)
      const answer = (status: number, title: MessageDescriptor, text: MessageDescriptor, then: () => void = () => undefined) =>
        void page(lang, title, text).then(
          (html) => res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(html, then),
          () => then(),
        );
      if (url.searchParams.get('state') !== state) {
        answer(400, PAGE.strangerTitle, PAGE.strangerText);
        return;
      }
      const error = url.searchParams.get('error');
      const got = url.searchParams.get('code');
      if (error || !got) {
        answer(400, PAGE.refusedTitle, PAGE.refusedText, () => settle.reject(new AuthError(accountWords.notCompleted(error ?? undefined))));
        return;
      }
      answer(200, PAGE.doneTitle, PAGE.doneText, () => settle.resolve(got));
    });
    const timer = clock.setTimeout(() => settle.reject(new AuthError(accountWords.timedOut(Math.round(timeoutMs / 1000)))), timeoutMs);
    const close = () => {
      clock.clearTimeout(timer);
      server.close();
      server.closeAllConnections();
    };
    code.then(close, close);
    server.on('error', rejectServer);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolveServer({ redirectUri: `http://127.0.0.1:${port}/callback`, code, close });
    });
  });
}

export interface BrowserSignIn extends TokenEndpoint {
  /** Opens the URL in the user's browser (Electron: shell.openExternal; web/CLI: print it). */
  openExternal: (url: string) => Promise<void>;
  /** The token's times are on its wall clock; the wait for the browser is a timer of it. */
  clock: Pick<Clock, 'now' | 'setTimeout' | 'clearTimeout'>;
  /** Default 2 minutes, the code's validity. */
  timeoutMs?: number;
}

/** Runs the whole flow; resolves with a grant that has a refresh token. */
export async function signInWithBrowser(o: BrowserSignIn): Promise<TokenGrant & { refreshToken: string }> {
  const { verifier, challenge } = createPkce();
  const state = base64url(randomBytes(16));
  const callback = await awaitCallback(state, o.timeoutMs ?? CODE_VALIDITY_MS, o.clock);
  try {
    await o.openExternal(
      authorizationUrl({ accounts: o.accounts, clientId: o.clientId, redirectUri: callback.redirectUri, challenge, state }),
    );
    const code = await callback.code;
    const grant = await requestToken(
      o,
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: callback.redirectUri,
        code_verifier: verifier,
      },
      o.clock.now(),
    );
    if (!grant.refreshToken) {
      throw new AuthError(accountWords.noRefreshToken());
    }
    return { ...grant, refreshToken: grant.refreshToken };
  } finally {
    callback.close();
  }
}
