/** The bridge calls about the account. Secrets go in through sign-in and never come back out: every answer is AccountInfo. */
import type { Handlers } from '../../shared/contract';
import type { AccountSession } from './session';

export type AccountCalls = 'getAccount' | 'useSandbox' | 'signInWithToken' | 'signInWithOAuth' | 'signOut';

export function accountHandlers(session: AccountSession): Pick<Handlers, AccountCalls> {
  return {
    getAccount: async () => session.account(),
    useSandbox: (input) => session.useSandbox(input.user),
    signInWithToken: (input) => session.signInWithToken(input),
    signInWithOAuth: (input) => session.signInWithOAuth(input),
    signOut: () => session.signOut(),
  };
}
