/**
 * Signing in to a real account: a pasted token (the "self client" path of real-service-notes) or the browser (OAuth
 * with PKCE). Either way the credentials are checked with one cheap call (the time tracker settings) before anything is
 * stored, so a wrong token, data centre or scope is reported at once and leaves the previous account untouched.
 */
import { accountWords } from '../account-words';
import type { OpParsed } from '../../../shared/contract';
import type { AccountInfo } from '../../../shared/domain';
import type { Clock, SecretStore } from '../../context';
import { createServiceClient, AuthError, InvalidInputError, DEFAULT_POLICY } from '../../service';
import type { DataCentre } from './datacentres';
import { resolveDataCentre } from './datacentres';
import { signInWithBrowser } from './oauth';
import type { TokenGrant } from './oauth-tokens';

/** Names of the secrets in the keychain (service "Punchcard"). One account at a time, so fixed names. */
export const SECRET = {
  token: 'pasted-token',
  refreshToken: 'oauth-refresh-token',
  clientSecret: 'oauth-client-secret',
} as const;

export type TokenSignIn = OpParsed<'signInWithToken'>;
export type OAuthSignIn = OpParsed<'signInWithOAuth'>;

/** What the `account` store holds: the account without secrets. */
export interface StoredAccount {
  kind: 'service' | 'sandbox';
  baseUrl: string;
  user: string;
  dataCentre?: string;
  authMethod: AccountInfo['authMethod'];
  authScheme: AccountInfo['authScheme'];
  /** OAuth only: the app's client id and the accounts server that refreshes its tokens. */
  clientId?: string;
  accounts?: string;
}

interface Deps {
  secrets: SecretStore;
  /** The timers the check's request runs on (its timeout). */
  clock: Clock;
  dataCentres?: Record<string, DataCentre>;
  fetch?: typeof fetch;
}

/** One settings() call with the new credentials. An AuthError becomes a message that says what to do. */
async function checkAccess(
  baseUrl: string,
  scheme: AccountInfo['authScheme'],
  token: string,
  deps: Deps,
  hint: 'token' | 'browser',
): Promise<void> {
  const client = createServiceClient({
    baseUrl,
    authScheme: scheme,
    getToken: async () => token,
    fetch: deps.fetch,
    clock: deps.clock,
    // A sign-in check should answer quickly: one attempt, no retries with backoff.
    policy: { ...DEFAULT_POLICY, readRetries: 0 },
  });
  try {
    await client.settings();
  } catch (e) {
    if (e instanceof AuthError) {
      const words = e.code === 9000 || e.httpStatus === 403 ? accountWords.lacksScopes(hint) : accountWords.tokenNotAccepted(hint);
      throw new AuthError(words, e.code, e.httpStatus);
    }
    throw e;
  }
}

async function forgetAll(secrets: SecretStore): Promise<void> {
  for (const name of Object.values(SECRET)) await secrets.delete(name);
}

export async function signInWithPastedToken(input: TokenSignIn, deps: Deps): Promise<StoredAccount> {
  let baseUrl = input.baseUrl;
  if (!baseUrl && input.dataCentre) baseUrl = resolveDataCentre(input.dataCentre, deps.dataCentres).apiBase;
  if (!baseUrl) {
    throw new InvalidInputError(accountWords.addressNeeded(), []);
  }
  const authScheme = input.authScheme ?? 'Zoho-oauthtoken';
  const token = input.token.trim();
  await checkAccess(baseUrl, authScheme, token, deps, 'token');
  await forgetAll(deps.secrets);
  await deps.secrets.set(SECRET.token, token);
  return { kind: 'service', baseUrl, user: input.user, dataCentre: input.dataCentre, authMethod: 'token', authScheme };
}

export async function signInWithBrowserAndCheck(
  input: OAuthSignIn,
  deps: Deps & {
    openExternal: (url: string) => Promise<void>;
    timeoutMs?: number;
  },
): Promise<{ record: StoredAccount; grant: TokenGrant }> {
  const dc = resolveDataCentre(input.dataCentre, deps.dataCentres);
  const clientSecret = input.clientSecret || undefined;
  const grant = await signInWithBrowser({
    accounts: dc.accounts,
    clientId: input.clientId,
    clientSecret,
    fetch: deps.fetch,
    openExternal: deps.openExternal,
    clock: deps.clock,
    timeoutMs: deps.timeoutMs,
  });
  await checkAccess(dc.apiBase, 'Zoho-oauthtoken', grant.accessToken, deps, 'browser');
  await forgetAll(deps.secrets);
  await deps.secrets.set(SECRET.refreshToken, grant.refreshToken);
  if (clientSecret) await deps.secrets.set(SECRET.clientSecret, clientSecret);
  return {
    record: {
      kind: 'service',
      baseUrl: dc.apiBase,
      user: input.user,
      dataCentre: input.dataCentre.trim().toLowerCase(),
      authMethod: 'oauth',
      authScheme: 'Zoho-oauthtoken',
      clientId: input.clientId,
      accounts: dc.accounts,
    },
    grant: { accessToken: grant.accessToken, expiresAt: grant.expiresAt },
  };
}
