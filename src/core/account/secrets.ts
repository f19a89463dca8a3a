/**
 * Where secrets live: the OS keychain through keytar (macOS Keychain, Windows Credential Vault, the Secret Service on
 * Linux). Tokens never go to a file, a log, or the renderer; tests that are not about the keychain use memorySecrets().
 */
import type { SecretStore } from '../context';

type Keytar = {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
};

import { saidError } from '../service';
import { accountWords } from './account-words';

/**
 * keytar is an optional dependency: it builds from source against libsecret's headers, so on a machine without them
 * `npm ci` leaves it out and Punchcard still runs fully on the built-in sandbox. Only keeping a real account's token
 * needs it, and then the message names what is missing and the one command that adds it. There is deliberately no
 * fallback to a plain file: a token is a password to the user's payroll data.
 */
// a function, not a constant worded at load: its English has values, and wording it would start Intl (about 12 ms of
// CPU) in every process that imports the core (docs/benchmarks.md "punch status, second pass")
export const keychainMissingHelp = (): string => accountWords.keychainMissing('', process.platform).message.replace(/^.*\(\)\. /, '');

type LoadKeytar = () => Promise<unknown>;

/** Wraps keychain failures (locked keyring, no Secret Service on D-Bus) in a message that says what to do. */
async function withKeychain<T>(load: () => Promise<Keytar>, what: 'read' | 'write' | 'delete', run: (k: Keytar) => Promise<T>): Promise<T> {
  const k = await load();
  try {
    return await run(k);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw Object.assign(saidError(accountWords.keychainLocked(what, why)), { cause: e });
  }
}

/** `importKeytar` is injected by tests to stand for a machine where keytar could not be installed. */
export function keytarSecrets(service = 'Punchcard', importKeytar: LoadKeytar = () => import('keytar')): SecretStore {
  let loaded: Promise<Keytar> | undefined;
  // loaded on first use, so a machine without keytar fails with a message when a secret is needed, not at start
  const load = (): Promise<Keytar> => {
    loaded ??= importKeytar()
      .then((m) => (m as { default?: Keytar }).default ?? (m as Keytar))
      .catch((e: unknown) => {
        loaded = undefined;
        const why = e instanceof Error ? e.message.split('\n')[0] : String(e);
        throw saidError(accountWords.keychainMissing(why, process.platform));
      });
    return loaded;
  };
  return {
    get: (account) => withKeychain(load, 'read', (k) => k.getPassword(service, account)),
    set: (account, secret) => withKeychain(load, 'write', (k) => k.setPassword(service, account, secret)),
    delete: (account) => withKeychain(load, 'delete', (k) => k.deletePassword(service, account)),
  };
}

/** Secrets in process memory only (tests, and the env-token mode of the CLI where nothing may be stored). */
export function memorySecrets(initial: Record<string, string> = {}): SecretStore {
  const map = new Map(Object.entries(initial));
  return {
    async get(account) {
      return map.get(account) ?? null;
    },
    async set(account, secret) {
      map.set(account, secret);
    },
    async delete(account) {
      return map.delete(account);
    },
  };
}
