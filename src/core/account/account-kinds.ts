/**
 * The accounts a session can hold (./session.ts picks one, first match wins): an environment account, a stored one
 * (signed in earlier, with a pasted token or OAuth), none when the account file could not be read, or the built-in
 * demo. Each is an `Active`: what it is to the user, its service client (made on first use, paced by the account's
 * budget file) and the secrets it holds in memory right now.
 */
import { join } from 'node:path';
import type { AccountInfo } from '../../shared/domain';
import { saidOf } from '../../shared/i18n/said';
import { createServiceClient, AuthError, DEFAULT_POLICY } from '../service';
import type { ServiceClient } from '../service';
import { lazyClient } from './lazy-client';
import { accountBudget } from './rate-budget';
import { builtInSandbox } from './sandbox-account';
import { unreadableAccountMessage, type UnreadableAccount } from './account-store';
import { accountWords } from './account-words';
import type { Clock, SecretStore } from '../context';
import type { KeyValueStore } from '../store';
import type { DemoServiceCode, StartDemoService } from './demo-service';
import type { PacingOptions } from './pacing';
import type { AccessTokens, MintBudget, TokenGrant } from './sign-in/oauth-tokens';
import { createAccessTokens, mintLog } from './sign-in/oauth-tokens';
import type { StoredAccount } from './sign-in/sign-in';
import { SECRET } from './sign-in/sign-in';

export interface Active {
  info: AccountInfo;
  client: () => ServiceClient;
  secrets: () => string[];
  /** Set when no account can be used: every call that needs one fails with it. */
  refusal?: AuthError;
}

/** What every kind of account needs of the session's options (./session.ts `SessionOptions`). */
export interface AccountOptions {
  dataDir: string;
  /** The `account` store (non-secret account description, OAuth mint timestamps). */
  store: KeyValueStore;
  secrets: SecretStore;
  clock: Clock;
  mintBudget?: MintBudget;
  fetch?: typeof fetch;
  /** The built-in demo service's code, loaded on first use (the shells pass `() => import('../sandbox')`). */
  demoService?: () => Promise<DemoServiceCode>;
  /** Starts the built-in sandbox instead of `demoService`'s `startSandbox` (tests pin its `today`). */
  startSandbox?: StartDemoService;
  /** Pacing of service accounts (default: DEFAULT_POLICY, one budget file per account shared by all processes). */
  pacing?: PacingOptions;
}

/** The makers of each kind of account, over the session's options, its demo service and its OAuth mint log. */
export function accountKinds(o: AccountOptions) {
  const sandbox = builtInSandbox({
    persistPath: join(o.dataDir, 'sandbox-state.json'),
    dataDir: o.dataDir,
    ...(o.demoService ? { load: o.demoService } : {}),
    ...(o.startSandbox ? { start: o.startSandbox } : {}),
    clock: o.clock,
  });
  const mints = mintLog(o.store);

  /**
   * The account's pacing budget: its file in the data directory, shared by every process (app, web mode, `punch`)
   * that uses this account, so they pace as one client; in memory only when `pacing.sharedBudget` is false.
   */
  const budgetOf = (info: Pick<AccountInfo, 'kind' | 'baseUrl' | 'user'>) =>
    o.pacing?.sharedBudget === false ? undefined : accountBudget(o.dataDir, info, () => o.clock.now());

  /** A client for a real account: paced by DEFAULT_POLICY (real-service-notes: 20 per minute, 5-minute lock-out). */
  function serviceClient(info: AccountInfo, getToken: () => Promise<string>, onInvalidToken: () => Promise<string>): ServiceClient {
    return createServiceClient({
      baseUrl: info.baseUrl,
      authScheme: info.authScheme,
      getToken,
      onInvalidToken,
      policy: { ...DEFAULT_POLICY, ...o.pacing?.policy },
      // paced on the session's clock, the one `ratePauses` reads the budget at: a pause written on another clock was
      // read as days away (or long over) and the status said nothing of it
      rateBudget: budgetOf(info),
      fetch: o.fetch,
      clock: o.clock,
    });
  }

  function sandboxAccount(chosen?: string): Active {
    const user = chosen || undefined;
    let client: ServiceClient | undefined;
    return {
      get info(): AccountInfo {
        return {
          kind: 'sandbox',
          baseUrl: sandbox.url() ?? '',
          user: user ?? sandbox.demoUser(),
          authMethod: 'none',
          authScheme: 'Zoho-oauthtoken',
          signedIn: true,
        };
      },
      // the sandbox is one account whatever its port: its budget is keyed by the user only (accountKeyOf)
      client: () =>
        (client ??= lazyClient(() => sandbox.client(user, budgetOf({ kind: 'sandbox', baseUrl: '', user: user ?? sandbox.demoUser() })))),
      secrets: () => sandbox.tokens(),
    };
  }

  function envAccount(env: { baseUrl?: string; token?: string; user?: string }): Active {
    const baseUrl = env.baseUrl as string;
    const token = env.token;
    let client: ServiceClient | undefined;
    const refused = async (): Promise<string> => {
      throw new AuthError(accountWords.envTokenRefused());
    };
    const info: AccountInfo = {
      kind: 'service',
      baseUrl,
      user: env.user ?? '',
      authMethod: token ? 'token' : 'none',
      authScheme: 'Zoho-oauthtoken',
      signedIn: Boolean(token && env.user),
    };
    return {
      info,
      client() {
        if (!token) throw new AuthError(accountWords.envNoToken());
        return (client ??= serviceClient(info, async () => token, refused));
      },
      secrets: () => (token ? [token] : []),
    };
  }

  /** `firstGrant`: the access token a browser sign-in just produced, so the first request needs no second mint. */
  function storedAccount(rec: StoredAccount, firstGrant?: TokenGrant): Active {
    const info: AccountInfo = {
      kind: 'service',
      baseUrl: rec.baseUrl,
      user: rec.user,
      dataCentre: rec.dataCentre,
      authMethod: rec.authMethod,
      authScheme: rec.authScheme,
      signedIn: true,
    };
    let client: ServiceClient | undefined;
    if (rec.authMethod === 'oauth') {
      let tokens: Promise<AccessTokens> | undefined;
      // held in memory once read: redacted from messages like the tokens (src/shared/redact.ts)
      let clientSecretHeld: string | undefined;
      const ready = () =>
        (tokens ??= (async () => {
          const refreshToken = await o.secrets.get(SECRET.refreshToken);
          if (!refreshToken) {
            tokens = undefined;
            throw new AuthError(accountWords.oauthMissing());
          }
          const clientSecret = (await o.secrets.get(SECRET.clientSecret)) ?? undefined;
          clientSecretHeld = clientSecret;
          return createAccessTokens({
            endpoint: { accounts: rec.accounts ?? '', clientId: rec.clientId ?? '', clientSecret, fetch: o.fetch },
            refreshToken,
            clock: o.clock,
            mints,
            budget: o.mintBudget,
            initial: firstGrant,
          });
        })());
      let memo: AccessTokens | undefined;
      return {
        info,
        client: () =>
          (client ??= serviceClient(
            info,
            async () => (memo = await ready()).accessToken(),
            async () => (memo = await ready()).refreshAfterInvalid(),
          )),
        secrets: () => [...(memo?.inMemory() ?? []), ...(clientSecretHeld ? [clientSecretHeld] : [])],
      };
    }
    let token: string | undefined;
    const getToken = async () => {
      token ??= (await o.secrets.get(SECRET.token)) ?? undefined;
      if (!token) throw new AuthError(accountWords.tokenMissing());
      return token;
    };
    return {
      info,
      client: () =>
        (client ??= serviceClient(info, getToken, async () => {
          throw new AuthError(accountWords.tokenRefused());
        })),
      secrets: () => (token ? [token] : []),
    };
  }

  /**
   * The account file could not be read: not signed in, and not the demo either (logs made now would go to a
   * company that does not exist). The identity is left empty, so entries of the lost account show in the outbox as
   * waiting for it, and nothing can be queued or sent until the user signs in again.
   */
  function unreadableAccount(m: UnreadableAccount): Active {
    const words = unreadableAccountMessage(m);
    const refusal = () => new AuthError(words);
    return {
      info: {
        kind: 'service',
        baseUrl: '',
        user: '',
        authMethod: 'none',
        authScheme: 'Zoho-oauthtoken',
        signedIn: false,
        problem: words.message,
        problemSaid: saidOf(words),
      },
      client: () => {
        throw refusal();
      },
      secrets: () => [],
      refusal: refusal(),
    };
  }

  return { sandbox, mints, sandboxAccount, envAccount, storedAccount, unreadableAccount };
}
