/**
 * The account file (`account.json`): who the user is to the service, without secrets (./sign-in/sign-in.ts StoredAccount),
 * the OAuth mint timestamps (./sign-in/oauth-tokens.ts), and, after the file was found damaged, a marker saying so.
 *
 * A damaged account file never falls back to the built-in demo company: logs made then would be queued
 * under the demo account and `punch log` would say "synced" to a company that does not exist. The account record is
 * used only when it reads back whole; otherwise the file is kept aside (../store/damage.ts) and the marker
 * `unreadable` is written in its place, so the session says "not signed in: the account file could not be read"
 * (also after a restart) until the user signs in again or chooses the demo.
 */
import type { StoreSchema } from '../store';
import { isFiniteNumber, isPlainObject, isString, stringIn } from '../store';
import type { StoredAccount } from './sign-in/sign-in';
import type { Words } from '../../shared/i18n/said';
import { accountWords } from './account-words';

export const ACCOUNT_KEY = 'account';
export const MINTS_KEY = 'oauthMints';
export const UNREADABLE_KEY = 'unreadable';

/** What is known of an account file that could not be read. */
export interface UnreadableAccount {
  keptAs: string;
  at: number;
  /** Who it seemed to be for, when that could still be read from its text (shown, never used to sign in). */
  was?: { user?: string; baseUrl?: string };
}

const AUTH_METHODS = new Set(['none', 'token', 'oauth']);
const AUTH_SCHEMES = new Set(['Zoho-oauthtoken', 'Bearer']);
const OPTIONAL_TEXT = ['dataCentre', 'clientId', 'accounts'] as const;

/** Why a stored account record cannot be used, or undefined when it can. */
export function accountRecordProblem(v: unknown): Words | undefined {
  const no = accountWords.notRecord;
  if (!isPlainObject(v)) return no('shape');
  if (v.kind !== 'service' && v.kind !== 'sandbox') return no('kind');
  if (!isString(v.baseUrl) || !isString(v.user)) return no('address');
  if (v.kind === 'service' && (!v.baseUrl.trim() || !v.user.trim())) return no('address');
  if (!AUTH_METHODS.has(v.authMethod as string) || !AUTH_SCHEMES.has(v.authScheme as string)) return no('method');
  if (v.authMethod === 'oauth' && (!isString(v.clientId) || !isString(v.accounts))) return no('client');
  for (const k of OPTIONAL_TEXT) if (v[k] !== undefined && !isString(v[k])) return no('text', k);
  return undefined;
}

export function isUnreadableMarker(v: unknown): v is UnreadableAccount {
  return isPlainObject(v) && isString(v.keptAs) && isFiniteNumber(v.at);
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export const ACCOUNT_SCHEMA: StoreSchema = {
  what: accountWords.file(),
  check(key, value) {
    if (key === ACCOUNT_KEY) {
      const problem = accountRecordProblem(value);
      // never a partial account: a guessed one would send logs to the wrong place
      return problem ? { keep: undefined, problems: [problem] } : { keep: value, problems: [] };
    }
    if (key === MINTS_KEY) {
      if (Array.isArray(value) && value.every(isFiniteNumber)) return { keep: value, problems: [] };
      return { keep: Array.isArray(value) ? value.filter(isFiniteNumber) : undefined, problems: [accountWords.mints()] };
    }
    if (key === UNREADABLE_KEY) {
      return isUnreadableMarker(value) ? { keep: value, problems: [] } : { keep: undefined, problems: [accountWords.marker()] };
    }
    return { keep: value, problems: [] };
  },
  describe(doc) {
    const a = doc[ACCOUNT_KEY] as StoredAccount | undefined;
    if (!a) return { text: accountWords.nothing(), count: 0 };
    return {
      text: a.kind === 'sandbox' ? accountWords.demoAccount() : accountWords.serviceAccount(a.user, hostOf(a.baseUrl)),
      count: 1,
    };
  },
  ifNothing: accountWords.ifNothing(),
  mark(recovered, report, text) {
    if (recovered[ACCOUNT_KEY] !== undefined) return recovered;
    const user = stringIn(text, 'user');
    const baseUrl = stringIn(text, 'baseUrl');
    const marker: UnreadableAccount = {
      keptAs: report.keptAs,
      at: report.at,
      ...(user || baseUrl ? { was: { ...(user ? { user } : {}), ...(baseUrl ? { baseUrl } : {}) } } : {}),
    };
    return { ...recovered, [UNREADABLE_KEY]: marker };
  },
};

/** The sentence the session fails with while the account file is unreadable. */
export function unreadableAccountMessage(m: UnreadableAccount): Words {
  return accountWords.unreadable(m.keptAs, m.was?.user || undefined, m.was?.baseUrl ? hostOf(m.was.baseUrl) : undefined);
}
