/**
 * A tiny local OAuth accounts server beside the sandbox, for the sign-in tests and the demo: the two endpoints of
 * real-service-notes "Hosts and sign-in". `/oauth/v2/auth` approves at once (no login page) and redirects to the
 * loopback with a code; `/oauth/v2/token` checks the PKCE verifier, the code's 2-minute validity and single use, and
 * mints access tokens the sandbox accepts (`sandbox.issueToken`), also from a refresh token. Node http only.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Sandbox } from '../types';

export interface AccountsServerOptions {
  sandbox: Pick<Sandbox, 'issueToken' | 'demoUser'>;
  /** Who signs in (default the sandbox's demo user). */
  user?: string;
  port?: number;
  host?: string;
  /** real-service-notes: a code is valid 2 minutes. */
  codeTtlMs?: number;
  /** real-service-notes: access tokens live 1 hour. */
  accessTokenTtlSec?: number;
  /** Injected clock (the code's expiry). */
  now?: () => number;
}

export interface AccountsRequest {
  method: string;
  path: string;
  grantType?: string;
  /** `error` of a refused token request, e.g. invalid_code. */
  error?: string;
  status: number;
}

export interface AccountsServer {
  url: string;
  requests(): AccountsRequest[];
  /** The next `n` access tokens minted are ones the sandbox does not know (as if revoked at once): tests of "invalid token". */
  spoilNextAccessTokens(n?: number): void;
  close(): Promise<void>;
}

/** Service scopes in the authorization request -> the sandbox's scope names (`ZOHOPEOPLE.forms.ALL` -> `forms.ALL`). */
const toSandboxScopes = (scope: string) =>
  scope
    .split(/[ ,]+/)
    .filter(Boolean)
    .map((s) => s.replace(/^ZOHOPEOPLE\./i, ''));

interface Grant {
  clientId: string;
  redirectUri: string;
  challenge: string;
  scopes: string[];
  issuedAt: number;
  used: boolean;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      body += c;
      if (body.length > 64_000) req.destroy();
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

export async function startAccountsServer(o: AccountsServerOptions): Promise<AccountsServer> {
  const now = o.now ?? Date.now;
  const codeTtlMs = o.codeTtlMs ?? 120_000;
  const user = o.user ?? o.sandbox.demoUser;
  const codes = new Map<string, Grant>();
  const refreshTokens = new Map<string, { clientId: string; scopes: string[] }>();
  const log: AccountsRequest[] = [];
  let spoil = 0;

  const mint = (scopes: string[]) => {
    if (spoil > 0) {
      spoil--;
      return `spoiled-${randomBytes(12).toString('hex')}`;
    }
    return o.sandbox.issueToken({ user, scopes });
  };

  function json(res: ServerResponse, status: number, body: unknown, entry: AccountsRequest) {
    entry.status = status;
    const e = (body as { error?: string }).error;
    if (e) entry.error = e;
    res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', 'cache-control': 'no-store' }).end(JSON.stringify(body));
  }

  function authorize(url: URL, res: ServerResponse, entry: AccountsRequest) {
    const p = url.searchParams;
    const redirectUri = p.get('redirect_uri') ?? '';
    const missing = ['client_id', 'response_type', 'redirect_uri', 'scope', 'code_challenge', 'code_challenge_method'].filter(
      (k) => !p.get(k),
    );
    let redirect: URL | undefined;
    try {
      redirect = new URL(redirectUri);
    } catch {
      /* refused below */
    }
    // Desktop apps use a loopback redirect; anything else would hand the code to another host.
    const loopback = redirect && redirect.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(redirect.hostname);
    if (missing.length || !loopback || p.get('response_type') !== 'code' || p.get('code_challenge_method') !== 'S256') {
      entry.status = 400;
      res
        .writeHead(400, { 'content-type': 'text/plain' })
        .end(
          `Invalid authorization request: ${missing.length ? `missing ${missing.join(', ')}` : 'needs response_type=code, S256 and a loopback redirect_uri'}`,
        );
      return;
    }
    const code = `1000.${randomBytes(16).toString('hex')}`;
    codes.set(code, {
      clientId: p.get('client_id')!,
      redirectUri,
      challenge: p.get('code_challenge')!,
      scopes: toSandboxScopes(p.get('scope')!),
      issuedAt: now(),
      used: false,
    });
    redirect!.searchParams.set('code', code);
    const state = p.get('state');
    if (state !== null) redirect!.searchParams.set('state', state);
    redirect!.searchParams.set('location', 'local');
    entry.status = 302;
    res.writeHead(302, { location: redirect!.toString() }).end();
  }

  function token(p: URLSearchParams, res: ServerResponse, entry: AccountsRequest) {
    const grantType = p.get('grant_type') ?? '';
    entry.grantType = grantType;
    const ttl = o.accessTokenTtlSec ?? 3600;
    if (grantType === 'authorization_code') {
      const grant = codes.get(p.get('code') ?? '');
      const verifier = p.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      // The real accounts server answers token errors with HTTP 200 and an `error` key; so does this one.
      if (!grant || grant.used || now() - grant.issuedAt > codeTtlMs) return json(res, 200, { error: 'invalid_code' }, entry);
      if (grant.clientId !== p.get('client_id')) return json(res, 200, { error: 'invalid_client' }, entry);
      if (grant.redirectUri !== p.get('redirect_uri')) return json(res, 200, { error: 'invalid_redirect_uri' }, entry);
      grant.used = true; // a code works once, even when the verifier was wrong
      if (!verifier || challenge !== grant.challenge) return json(res, 200, { error: 'invalid_code_verifier' }, entry);
      const refresh = `1000.${randomBytes(20).toString('hex')}`;
      refreshTokens.set(refresh, { clientId: grant.clientId, scopes: grant.scopes });
      return json(
        res,
        200,
        {
          access_token: mint(grant.scopes),
          refresh_token: refresh,
          api_domain: 'local',
          token_type: 'Bearer',
          expires_in: ttl,
        },
        entry,
      );
    }
    if (grantType === 'refresh_token') {
      const known = refreshTokens.get(p.get('refresh_token') ?? '');
      if (!known || known.clientId !== p.get('client_id')) return json(res, 200, { error: 'invalid_code' }, entry);
      return json(res, 200, { access_token: mint(known.scopes), api_domain: 'local', token_type: 'Bearer', expires_in: ttl }, entry);
    }
    return json(res, 200, { error: 'unsupported_grant_type' }, entry);
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const entry: AccountsRequest = { method: req.method ?? 'GET', path: url.pathname, status: 0 };
    log.push(entry);
    if (url.pathname === '/oauth/v2/auth' && req.method === 'GET') {
      authorize(url, res, entry);
      return;
    }
    if (url.pathname === '/oauth/v2/token' && req.method === 'POST') {
      // Parameters may travel in the query string or the form body, as with the real server.
      readBody(req).then(
        (body) => {
          const p = new URLSearchParams(url.search);
          for (const [k, v] of new URLSearchParams(body)) p.set(k, v);
          token(p, res, entry);
        },
        () => {
          entry.status = 400;
          res.writeHead(400).end();
        },
      );
      return;
    }
    entry.status = 404;
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, o.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${o.host ?? '127.0.0.1'}:${port}`,
    requests: () => log.map((r) => ({ ...r })),
    spoilNextAccessTokens(n = 1) {
      spoil += n;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
