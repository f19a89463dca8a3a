/**
 * The signed-in account and its client, as every module that calls the service holds it (built by ../account,
 * watched by ./reachability.ts, handed to the modules by the composition root). Declared here, beside the client,
 * so the service's own rooms need nothing above them.
 */
import type { AccountInfo } from '../../shared/domain';
import { accountKey } from '../../shared/account-key';
import type { ServiceClient } from './types';

/** The signed-in account and its client. */
export interface Session {
  /** The client for the current account. Throws AuthError('Not signed in...') when there is none. */
  client(): ServiceClient;
  /** The `user` parameter for the service: the employee's email or employee id. */
  user(): string;
  account(): AccountInfo;
  /** Called after the account changes (sign-in, sign-out, switch to sandbox): caches keyed by account reset. */
  onChange(listener: (account: AccountInfo) => void): () => void;
}

/**
 * The key that ties a log to an account (never a secret), in normal form (src/shared/account-key.ts): the same account
 * typed with a trailing slash or another letter case is the same account. The built-in sandbox listens on a new random
 * port each start (and has no address before its first call): it is one account whatever its URL, or a restart would
 * hide this device's logs and strand its queued entries.
 */
export function accountKeyOf(session: { account(): { kind: string; baseUrl: string; user: string } }): string {
  try {
    return accountKey(session.account());
  } catch {
    return '';
  }
}
