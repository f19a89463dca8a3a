/**
 * Which account a time log belongs to ("Accounts by identity"): entries stay attached to the account they
 * were logged under, and the same account typed another way is the same account. The key is
 * `<kind>|<baseUrl>|<user>` (`sandbox|<user>` for the built-in demo, which listens on a new port each start), with:
 *  - the base URL's scheme and host in lower case, the default port dropped, trailing slashes removed (the path keeps
 *    its case: a service may tell paths apart by case);
 *  - an email in lower case; an employee id trimmed and otherwise compared as it is.
 * Keys recorded before this normalisation (the raw `baseUrl|user` strings) still match: compare with `sameAccount`.
 */

import { defineMessages } from './i18n/messages';
import type { Said } from './i18n/said';

export interface AccountIdentity {
  kind: string;
  baseUrl: string;
  user: string;
}

/** `HTTPS://People.Zoho.EU:443/people/` -> `https://people.zoho.eu/people`. Not a URL: trimmed, trailing slashes removed. */
export function normaliseBaseUrl(baseUrl: string): string {
  const raw = baseUrl.trim();
  try {
    const u = new URL(raw);
    // URL lower-cases scheme and host and drops the scheme's default port
    const pathname = u.pathname.replace(/\/+$/, '');
    return `${u.protocol}//${u.host}${pathname}${u.search}`;
  } catch {
    return raw.replace(/\/+$/, '');
  }
}

/** An email in lower case (mailbox names are case-insensitive in practice); an employee id as typed, trimmed. */
export function normaliseUser(user: string): string {
  const u = user.trim();
  return u.includes('@') ? u.toLowerCase() : u;
}

export function accountKey(a: AccountIdentity): string {
  return a.kind === 'sandbox' ? `sandbox|${normaliseUser(a.user)}` : `${a.kind}|${normaliseBaseUrl(a.baseUrl)}|${normaliseUser(a.user)}`;
}

/** The parts of a key (`kind|baseUrl|user`, or `sandbox|user`); a URL holds no unescaped `|`, an email may. */
export function parseAccountKey(key: string): AccountIdentity {
  const first = key.indexOf('|');
  if (first < 0) return { kind: key, baseUrl: '', user: '' };
  const kind = key.slice(0, first);
  const rest = key.slice(first + 1);
  if (kind === 'sandbox') {
    // an older sandbox key held the port's URL too: `sandbox|http://127.0.0.1:PORT|user`
    const m = /^https?:\/\/[^|]*\|(.*)$/.exec(rest);
    return { kind, baseUrl: '', user: m ? m[1] : rest };
  }
  const second = rest.indexOf('|');
  return second < 0 ? { kind, baseUrl: rest, user: '' } : { kind, baseUrl: rest.slice(0, second), user: rest.slice(second + 1) };
}

const normalised = new Map<string, string>();

/** A recorded key in today's normal form (memoised: the ledger asks this for every row, often). */
export function normaliseAccountKey(key: string): string {
  let n = normalised.get(key);
  if (n === undefined) {
    n = accountKey(parseAccountKey(key));
    if (normalised.size > 1000) normalised.clear();
    normalised.set(key, n);
  }
  return n;
}

/** Two recorded keys name the same account (either may be in an older, raw form). */
export function sameAccount(a: string, b: string): boolean {
  return a === b || normaliseAccountKey(a) === normaliseAccountKey(b);
}

const M = defineMessages({
  account: {
    id: 'core.account-key',
    defaultMessage:
      '{kind, select, sandbox {{user, select, none {an unnamed user} other {{user}}} in the built-in demo company} other {{user, select, none {an unnamed user} other {{user}}} on {where, select, none {an unknown service} other {{where}}}}}',
    description: 'An account: {user} an email or employee id (or "none"), {where} the service\'s address (or "none").',
  },
});

/** "maya@acme.com on people.zoho.eu", "maya.patel@demo.punchcard.test in the built-in demo", as a code and values. */
export function accountKeySaid(key: string): Said {
  const a = parseAccountKey(key);
  let where = a.baseUrl;
  try {
    where = new URL(a.baseUrl).host;
  } catch {
    /* not a URL: as recorded */
  }
  return {
    code: M.account.id,
    values: { kind: a.kind === 'sandbox' ? 'sandbox' : 'service', user: a.user || 'none', where: where || 'none' },
  };
}

/** "maya@acme.com on people.zoho.eu", "maya.patel@demo.punchcard.test in the built-in demo" (English). */
export function describeAccountKey(key: string): string {
  const a = parseAccountKey(key);
  const who = a.user || 'an unnamed user';
  if (a.kind === 'sandbox') return `${who} in the built-in demo company`;
  let where = a.baseUrl;
  try {
    where = new URL(a.baseUrl).host;
  } catch {
    /* not a URL: as recorded */
  }
  return `${who} on ${where || 'an unknown service'}`;
}
