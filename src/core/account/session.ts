/**
 * The signed-in account and its service client (the `Session` of context.ts).
 *
 * Where things live: the account description (AccountInfo without secrets) in the `account` store; the pasted token,
 * the OAuth refresh token and client secret in the SecretStore (the OS keychain); access tokens in memory only.
 * Which account is used, first match wins:
 *  1. an environment account (PUNCH_BASE_URL / PUNCH_TOKEN / PUNCH_USER, passed in by the front end): used as is,
 *     its token in memory only, nothing stored;
 *  2. the stored account (signed in earlier);
 *  3. when the account file could not be read (./account-store.ts): no account at all, never the demo. Every call
 *     that needs the service fails with an AuthError saying so and how to sign in again;
 *  4. the built-in sandbox, the demo company, started in-process on first use.
 */
import { join } from 'node:path';
import type { AccountInfo } from '../../shared/domain';
import type { Clock, SecretStore, Session } from '../context';
import type { KeyValueStore } from '../store';
import { createServiceClient, AuthError, DEFAULT_POLICY } from '../service';
import type { ServiceClient } from '../service';
import type { DemoServiceCode, StartDemoService } from './demo-service';
import type { DataCentre } from './datacentres';
import { lazyClient } from './lazy-client';
import type { PacingOptions } from './pacing';
import { accountBudget, budgetPauses } from './rate-budget';
import type { AccessTokens, MintBudget, TokenGrant } from './oauth-tokens';
import { createAccessTokens, mintLog, ZOHO_MINT_BUDGET } from './oauth-tokens';
import { builtInSandbox } from './sandbox-account';
import { ACCOUNT_KEY, isUnreadableMarker, UNREADABLE_KEY, unreadableAccountMessage, type UnreadableAccount } from './account-store';
import { accountWords } from './account-words';
import { saidOf } from '../../shared/i18n/said';
import type { OAuthSignIn, StoredAccount, TokenSignIn } from './sign-in';
import { SECRET, signInWithBrowserAndCheck, signInWithPastedToken } from './sign-in';

export interface SessionOptions {
  dataDir: string;
  /** The `account` store (non-secret account description, OAuth mint timestamps). */
  store: KeyValueStore;
  secrets: SecretStore;
  clock: Clock;
  env?: { baseUrl?: string; token?: string; user?: string };
  /** Opens the sign-in page (Electron: shell.openExternal; web and CLI: print the URL). */
  openExternal?: (url: string) => Promise<void>;
  /** Extra or overriding data centres (tests point one at the local accounts server and sandbox). */
  dataCentres?: Record<string, DataCentre>;
  /** How long to wait for the browser (default 2 minutes, the validity of the code). */
  oauthTimeoutMs?: number;
  mintBudget?: MintBudget;
  fetch?: typeof fetch;
  /** The built-in demo service's code, loaded on first use (the shells pass `() => import('../sandbox')`). */
  demoService?: () => Promise<DemoServiceCode>;
  /** Starts the built-in sandbox instead of `demoService`'s `startSandbox` (tests pin its `today`). */
  startSandbox?: StartDemoService;
  /** Pacing of service accounts (default: DEFAULT_POLICY, one budget file per account shared by all processes). */
  pacing?: PacingOptions;
}

export interface AccountSession extends Session {
  useSandbox(user?: string): Promise<AccountInfo>;
  signInWithToken(input: TokenSignIn): Promise<AccountInfo>;
  signInWithOAuth(input: OAuthSignIn): Promise<AccountInfo>;
  signOut(): Promise<AccountInfo>;
  /** Secrets held in memory right now, so error messages can be scrubbed of them before they leave the core. */
  secretsInMemory(): string[];
  /**
   * Pauses the service ordered for the current account (429 / 7209 lock-out), still in force: endpoint -> epoch ms
   * when it may be called again. Read from the account's budget file, so a pause another process met shows here too.
   */
  ratePauses(): Record<string, number>;
  close(): Promise<void>;
}

interface Active {
  info: AccountInfo;
  client: () => ServiceClient;
  secrets: () => string[];
  /** Set when no account can be used: every call that needs one fails with it. */
  refusal?: AuthError;
}

export function createSession(o: SessionOptions): AccountSession {
  const listeners = new Set<(a: AccountInfo) => void>();
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

  function envAccount(env: NonNullable<SessionOptions['env']>): Active {
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

  function initial(): Active {
    if (o.env?.baseUrl) return envAccount(o.env);
    // the store's shape check (./account-store.ts) hands out only a whole record, or none
    const rec = o.store.get<StoredAccount>(ACCOUNT_KEY);
    if (rec && rec.kind === 'service') return storedAccount(rec);
    if (!rec) {
      const unreadable = o.store.get<unknown>(UNREADABLE_KEY);
      if (isUnreadableMarker(unreadable)) return unreadableAccount(unreadable);
    }
    return sandboxAccount(rec?.kind === 'sandbox' ? rec.user : undefined);
  }

  let active = initial();

  function switchTo(next: Active): AccountInfo {
    active = next;
    const info = active.info;
    for (const l of listeners) {
      try {
        l(info);
      } catch {
        /* a listener's failure must not undo the sign-in */
      }
    }
    return info;
  }

  async function forgetSecrets(): Promise<void> {
    for (const name of Object.values(SECRET)) await o.secrets.delete(name);
    mints.clear();
  }

  /** The user chose an account (signed in, or the demo): the note that the account file was unreadable has done its job. */
  function chose(key: typeof ACCOUNT_KEY, value: unknown): void {
    o.store.set(key, value);
    o.store.delete(UNREADABLE_KEY);
  }

  return {
    client: () => active.client(),
    user() {
      if (active.refusal) throw active.refusal;
      const u = active.info.user;
      if (!u) throw new AuthError(accountWords.noEmployee());
      return u;
    },
    account: () => active.info,
    onChange(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    async useSandbox(user) {
      if (user) await sandbox.checkUser(user);
      await forgetSecrets();
      chose(ACCOUNT_KEY, { kind: 'sandbox', baseUrl: '', user: user ?? '', authMethod: 'none', authScheme: 'Zoho-oauthtoken' });
      return switchTo(sandboxAccount(user));
    },

    async signInWithToken(input) {
      const rec = await signInWithPastedToken(input, { secrets: o.secrets, clock: o.clock, dataCentres: o.dataCentres, fetch: o.fetch });
      chose(ACCOUNT_KEY, rec);
      return switchTo(storedAccount(rec));
    },

    async signInWithOAuth(input) {
      const { record, grant } = await signInWithBrowserAndCheck(input, {
        secrets: o.secrets,
        dataCentres: o.dataCentres,
        fetch: o.fetch,
        clock: o.clock,
        timeoutMs: o.oauthTimeoutMs,
        // Default: print to stderr, so a `--json` stdout stays one JSON document.
        openExternal:
          o.openExternal ??
          (async (url) => {
            process.stderr.write(`Open this address in your browser to sign in:\n${url}\n`);
          }),
      });
      chose(ACCOUNT_KEY, record);
      // A new refresh token starts a new budget; the code exchange itself minted its first access token.
      mints.clear();
      mints.add(o.clock.now(), (o.mintBudget ?? ZOHO_MINT_BUDGET).windowMs);
      return switchTo(storedAccount(record, grant));
    },

    async signOut() {
      await forgetSecrets();
      o.store.delete(ACCOUNT_KEY);
      o.store.delete(UNREADABLE_KEY);
      return switchTo(sandboxAccount());
    },

    secretsInMemory: () => active.secrets(),
    ratePauses: () => budgetPauses(o.dataDir, active.info, o.clock.now()),
    close: () => sandbox.close(),
  };
}
