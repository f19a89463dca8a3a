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
 * Each kind of account is made in ./account-kinds.ts; signing in to a real one is ./sign-in/.
 */
import type { AccountInfo } from '../../shared/domain';
import type { Session } from '../context';
import { AuthError } from '../service';
import { budgetPauses } from './rate-budget';
import { ACCOUNT_KEY, isUnreadableMarker, UNREADABLE_KEY } from './account-store';
import { accountWords } from './account-words';
import { accountKinds, type AccountOptions, type Active } from './account-kinds';
import type { DataCentre } from './sign-in/datacentres';
import { ZOHO_MINT_BUDGET } from './sign-in/oauth-tokens';
import type { OAuthSignIn, StoredAccount, TokenSignIn } from './sign-in/sign-in';
import { SECRET, signInWithBrowserAndCheck, signInWithPastedToken } from './sign-in/sign-in';

export interface SessionOptions extends AccountOptions {
  env?: { baseUrl?: string; token?: string; user?: string };
  /** Opens the sign-in page (Electron: shell.openExternal; web and CLI: print the URL). */
  openExternal?: (url: string) => Promise<void>;
  /** Extra or overriding data centres (tests point one at the local accounts server and sandbox). */
  dataCentres?: Record<string, DataCentre>;
  /** How long to wait for the browser (default 2 minutes, the validity of the code). */
  oauthTimeoutMs?: number;
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

export function createSession(o: SessionOptions): AccountSession {
  const listeners = new Set<(a: AccountInfo) => void>();
  const { sandbox, mints, sandboxAccount, envAccount, storedAccount, unreadableAccount } = accountKinds(o);

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
