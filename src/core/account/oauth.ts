/**
 * Sign-in with the browser: OAuth 2.0 authorization code flow with PKCE (S256), as a desktop app must
 * (real-service-notes "Hosts and sign-in"). A one-shot loopback server on 127.0.0.1:<random port>/callback receives the
 * code; `state` ties the answer to this request; the code is exchanged for a refresh token (kept in the keychain by the
 * session) and a first access token. The code is valid 2 minutes, so the wait is too.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock } from '../clock';
import { AuthError } from '../service';
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

const page = (title: string, text: string) =>
  `<!doctype html><meta charset="utf-8"><title>${title}</title>` +
  `<body style="font-family:system-ui;margin:3em"><h1>${title}</h1><p>${text}</p></body>`;

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
    const server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (url.pathname !== '/callback') {
        res.writeHead(404).end();
        return;
      }
      // A callback without our state was not started by this sign-in (another tab, or a forged request): ignore it.
      if (url.searchParams.get('state') !== state) {
        res
          .writeHead(400, { 'content-type': 'text/html; charset=utf-8' })
          .end(
            page(
              'Sign-in not recognised',
              'This answer does not belong to the sign-in Punchcard started. Start the sign-in again from Punchcard.',
            ),
          );
        return;
      }
      const error = url.searchParams.get('error');
      const got = url.searchParams.get('code');
      if (error || !got) {
        res
          .writeHead(400, { 'content-type': 'text/html; charset=utf-8' })
          .end(page('Sign-in refused', 'Punchcard was not given access. You can close this window.'));
        settle.reject(
          new AuthError(
            `Sign-in was not completed in the browser (${error ?? 'no code returned'}). Start the sign-in again and allow access.`,
          ),
        );
        return;
      }
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(page('Signed in to Punchcard', 'You can close this window and return to Punchcard.'));
      settle.resolve(got);
    });
    const timer = clock.setTimeout(
      () =>
        settle.reject(
          new AuthError(
            `Sign-in timed out: the browser did not return to Punchcard within ${Math.round(timeoutMs / 1000)} seconds ` +
              '(a sign-in code is valid only 2 minutes). Start the sign-in again and finish it in the browser window that opens.',
          ),
        ),
      timeoutMs,
    );
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
      throw new AuthError(
        'The accounts server returned no refresh token, so Punchcard could not stay signed in. Sign in again and approve offline access.',
      );
    }
    return { ...grant, refreshToken: grant.refreshToken };
  } finally {
    callback.close();
  }
}
