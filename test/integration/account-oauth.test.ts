/** @inner src/core/account/sign-in/oauth-tokens.ts, src/core/account/sign-in/oauth.ts, src/sandbox/accounts/index.ts */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPkce } from '../../src/core/account/sign-in/oauth';
import { requestToken } from '../../src/core/account/sign-in/oauth-tokens';
import { memorySecrets, createSession } from '../../src/core/account';
import type { AccountSession } from '../../src/core/account';
import type { SecretStore } from '../../src/core/context';
import type { KeyValueStore } from '../../src/core/store';
import { AuthError } from '../../src/core/service';
import { memoryStore } from '../../src/core/store';
import { startSandbox } from '../../src/sandbox';
import type { AccountsServer } from '../../src/sandbox/accounts';
import { startAccountsServer } from '../../src/sandbox/accounts';
import type { Sandbox } from '../../src/sandbox';
import { removeDir, tempDir } from '../fixtures/temp-dirs';
import { TEST_TODAY } from '../fixtures/test-clock';
import { wallClock } from '../fixtures/test-timers';

const CLIENT_ID = '1000.PUNCHCARDTEST';
let sb: Sandbox;
let accounts: AccountsServer;
let dataDir: string;
let now: number;
const clock = wallClock(() => now);

/** Plays the browser: opens the authorization address, follows the redirect to Punchcard's loopback. */
async function browser(url: string): Promise<void> {
  const approved = await fetch(url, { redirect: 'manual' });
  expect(approved.status).toBe(302);
  const back = await fetch(approved.headers.get('location')!);
  expect(back.status).toBe(200);
}

const tokenRequests = (grant?: string) =>
  accounts.requests().filter((r) => r.path === '/oauth/v2/token' && (!grant || r.grantType === grant));

function newSession(store: KeyValueStore, secrets: SecretStore, extra: Partial<Parameters<typeof createSession>[0]> = {}): AccountSession {
  return createSession({
    dataDir,
    store,
    secrets,
    clock,
    openExternal: browser,
    dataCentres: { local: { apiBase: sb.url, accounts: accounts.url } },
    demoService: () => import('../../src/sandbox'),
    ...extra,
  });
}

async function signedIn(extra: Partial<Parameters<typeof createSession>[0]> = {}) {
  const store = memoryStore()('account');
  const secrets = memorySecrets();
  const session = newSession(store, secrets, extra);
  await session.signInWithOAuth({ dataCentre: 'local', clientId: CLIENT_ID, user: sb.demoUser });
  return { session, store, secrets };
}

beforeAll(async () => {
  sb = await startSandbox({ today: TEST_TODAY });
});
afterAll(async () => {
  await sb.close();
});
beforeEach(async () => {
  now = Date.UTC(2026, 10, 18, 9);
  dataDir = tempDir('punch-oauth-');
  accounts = await startAccountsServer({ sandbox: sb });
});
afterEach(async () => {
  await accounts.close();
  removeDir(dataDir);
});

describe('sign-in with the browser (OAuth with PKCE)', () => {
  it('signs in, keeps only the refresh token in the keychain, and calls the service as the user', async () => {
    const { session, store, secrets } = await signedIn();
    expect(session.account()).toMatchObject({ kind: 'service', authMethod: 'oauth', user: sb.demoUser, baseUrl: sb.url, signedIn: true });
    const refresh = await secrets.get('oauth-refresh-token');
    expect(refresh).toMatch(/^1000\./);
    const stored = JSON.stringify({ account: store.get('account'), mints: store.get('oauthMints') });
    expect(stored).not.toContain(refresh!);
    for (const t of session.secretsInMemory()) expect(stored).not.toContain(t);
    const jobs = await session.client().allJobs({ assignedTo: sb.demoUser });
    expect(jobs.length).toBeGreaterThan(0);
  });

  it('sends S256 PKCE and a state, and the accounts server refuses a wrong verifier', async () => {
    const { verifier, challenge } = createPkce();
    const redirect = 'http://127.0.0.1:9/callback';
    const auth = new URL(`${accounts.url}/oauth/v2/auth`);
    auth.search = new URLSearchParams({
      client_id: CLIENT_ID,
      response_type: 'code',
      redirect_uri: redirect,
      scope: 'ZOHOPEOPLE.timetracker.ALL',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 's1',
    }).toString();
    const code = new URL((await fetch(auth, { redirect: 'manual' })).headers.get('location')!).searchParams.get('code')!;
    const endpoint = { accounts: accounts.url, clientId: CLIENT_ID };
    const wrong = createPkce().verifier;
    await expect(
      requestToken(endpoint, { grant_type: 'authorization_code', code, redirect_uri: redirect, code_verifier: wrong }, now),
    ).rejects.toThrow(/refused the sign-in code/);
    expect(tokenRequests().at(-1)?.error).toBe('invalid_code_verifier');
    // The code was spent by the failed attempt: even the right verifier cannot use it now.
    await expect(
      requestToken(endpoint, { grant_type: 'authorization_code', code, redirect_uri: redirect, code_verifier: verifier }, now),
    ).rejects.toBeInstanceOf(AuthError);
  });

  it('ignores a callback with a foreign state and finishes with the real one', async () => {
    const { session } = await signedIn({
      openExternal: async (url) => {
        const redirect = new URL(new URL(url).searchParams.get('redirect_uri')!);
        redirect.search = 'code=forged&state=not-ours';
        expect((await fetch(redirect)).status).toBe(400);
        await browser(url);
      },
    });
    expect(session.account().authMethod).toBe('oauth');
  });

  it('gives up after the wait with a message saying what to do, and stores nothing', async () => {
    const store = memoryStore()('account');
    const secrets = memorySecrets();
    const session = newSession(store, secrets, { openExternal: async () => {}, oauthTimeoutMs: 150 });
    await expect(session.signInWithOAuth({ dataCentre: 'local', clientId: CLIENT_ID, user: sb.demoUser })).rejects.toThrow(
      /timed out.*Start the sign-in again/,
    );
    expect(store.get('account')).toBeUndefined();
    expect(await secrets.get('oauth-refresh-token')).toBeNull();
    expect(session.account().kind).toBe('sandbox');
  });
});

describe('access tokens', () => {
  it('uses one access token for many calls', async () => {
    const { session } = await signedIn();
    for (let i = 0; i < 6; i++) await session.client().settings();
    await session.client().allJobs();
    expect(tokenRequests()).toHaveLength(1);
    expect(tokenRequests('authorization_code')).toHaveLength(1);
  });

  it('refreshes once the hour is (nearly) up, then caches again', async () => {
    const { session } = await signedIn();
    await session.client().settings();
    now += 58 * 60_000; // still more than a minute left
    await session.client().settings();
    expect(tokenRequests('refresh_token')).toHaveLength(0);
    now += 90_000; // inside the last minute: refresh before sending
    await session.client().settings();
    await session.client().settings();
    expect(tokenRequests('refresh_token')).toHaveLength(1);
  });

  it('refreshes once when the service calls the token invalid, and the call succeeds', async () => {
    const { session } = await signedIn();
    now += 61 * 60_000;
    accounts.spoilNextAccessTokens(1); // the expiry refresh gets a token the service will refuse
    sb.resetRequests();
    const settings = await session.client().settings();
    expect(settings.maxMinutesPerDay).toBeGreaterThan(0);
    expect(tokenRequests('refresh_token')).toHaveLength(2);
    expect(sb.requests().map((r) => r.status)).toEqual([401, 200]);
  });

  it('does not refresh again when the refreshed token is refused too', async () => {
    const { session } = await signedIn();
    now += 61 * 60_000;
    accounts.spoilNextAccessTokens(2);
    await expect(session.client().settings()).rejects.toBeInstanceOf(AuthError);
    expect(tokenRequests('refresh_token')).toHaveLength(2);
  });

  it('mints at most 10 access tokens in 10 minutes, across restarts, then refuses clearly', async () => {
    // Tokens that live 90 s are refreshed 30 s after minting (a minute early): each call below needs a new one.
    await accounts.close();
    accounts = await startAccountsServer({ sandbox: sb, accessTokenTtlSec: 90 });
    const { session, store, secrets } = await signedIn();
    for (let i = 0; i < 9; i++) {
      now += 31_000;
      await session.client().settings();
    }
    expect(tokenRequests()).toHaveLength(10); // 1 code exchange + 9 refreshes
    now += 31_000;
    await expect(session.client().settings()).rejects.toThrow(
      /already fetched 10 access tokens in the last 10 minutes.*Try again in about/,
    );
    expect(tokenRequests()).toHaveLength(10);

    // A second process (e.g. the next `punch` command) shares the count through the account store.
    const again = newSession(store, secrets);
    await expect(again.client().settings()).rejects.toBeInstanceOf(AuthError);
    expect(tokenRequests()).toHaveLength(10);

    now += 10 * 60_000; // the window has moved on
    await again.client().settings();
    expect(tokenRequests('refresh_token')).toHaveLength(10);
  });

  it('signs out: the refresh token leaves the keychain and the demo sandbox is back', async () => {
    const { session, store, secrets } = await signedIn();
    const changes: string[] = [];
    session.onChange((a) => changes.push(a.kind));
    const info = await session.signOut();
    expect(info).toMatchObject({ kind: 'sandbox', user: 'maya.patel@demo.punchcard.test', authMethod: 'none' });
    expect(await secrets.get('oauth-refresh-token')).toBeNull();
    expect(store.get('account')).toBeUndefined();
    expect(changes).toEqual(['sandbox']);
    await session.close();
  });
});
