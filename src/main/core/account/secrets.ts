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

let keytarModule: Promise<Keytar> | undefined;

/** keytar is a native module: load it on first use so that a machine without it fails with a message, not at import. */
function loadKeytar(): Promise<Keytar> {
  keytarModule ??= import('keytar')
    .then((m) => ((m as { default?: Keytar }).default ?? (m as unknown as Keytar)))
    .catch((e: unknown) => {
      keytarModule = undefined;
      const why = e instanceof Error ? e.message : String(e);
      throw new Error(`The OS keychain is not available (the native module keytar could not load: ${why}). `
        + 'Reinstall Punchcard, or on Linux install a Secret Service such as gnome-keyring, then sign in again.');
    });
  return keytarModule;
}

/** Wraps keychain failures (locked keyring, no Secret Service on D-Bus) in a message that says what to do. */
async function withKeychain<T>(what: string, run: (k: Keytar) => Promise<T>): Promise<T> {
  const k = await loadKeytar();
  try {
    return await run(k);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new Error(`Could not ${what} the OS keychain (${why}). Unlock the keychain (on Linux: a running, unlocked Secret Service such as gnome-keyring) and try again.`);
  }
}

export function keytarSecrets(service = 'Punchcard'): SecretStore {
  return {
    get: (account) => withKeychain('read from', (k) => k.getPassword(service, account)),
    set: (account, secret) => withKeychain('write to', (k) => k.setPassword(service, account, secret)),
    delete: (account) => withKeychain('delete from', (k) => k.deletePassword(service, account)),
  };
}

/** Secrets in process memory only (tests, and the env-token mode of the CLI where nothing may be stored). */
export function memorySecrets(initial: Record<string, string> = {}): SecretStore {
  const map = new Map(Object.entries(initial));
  return {
    async get(account) { return map.get(account) ?? null; },
    async set(account, secret) { map.set(account, secret); },
    async delete(account) { return map.delete(account); },
  };
}
