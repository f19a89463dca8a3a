/**
 * Access tokens from an OAuth refresh token (real-service-notes "Hosts and sign-in"): an access token lives 1 hour, and
 * one refresh token may mint at most 10 access tokens per 10 minutes. So the access token is cached in memory until a
 * minute before it expires, refreshed on expiry or once when the service calls it invalid, never per request; and the
 * budget is counted (durably, so separate `punch` runs share it) and refused with an AuthError before it is exceeded.
 */
import { accountWords } from '../account-words';
import type { Clock } from '../../context';
import type { KeyValueStore } from '../../store';
import { AuthError, NetworkError } from '../../service';

export interface TokenGrant {
  accessToken: string;
  /** Epoch ms when the access token stops working. */
  expiresAt: number;
  refreshToken?: string;
}

export interface MintBudget {
  limit: number;
  windowMs: number;
}
/** real-service-notes: 10 access tokens per refresh token per 10 minutes. */
export const ZOHO_MINT_BUDGET: MintBudget = { limit: 10, windowMs: 10 * 60_000 };

/** Refresh this long before the service's expiry, so a request never goes out with a token about to die. */
const EXPIRY_MARGIN_MS = 60_000;
/** A refresh that finished this recently already answers an "invalid token" from a request sent before it. */
const FRESH_AFTER_REFRESH_MS = 5_000;
const MINTS_KEY = 'oauthMints';

/** Timestamps of minted access tokens, kept in the (non-secret) account store. */
export function mintLog(store: KeyValueStore) {
  return {
    list: (): number[] => store.get<number[]>(MINTS_KEY) ?? [],
    add(at: number, windowMs: number) {
      store.set(MINTS_KEY, [...this.list().filter((t) => at - t < windowMs), at]);
    },
    clear: () => store.delete(MINTS_KEY),
  };
}
export type MintLog = ReturnType<typeof mintLog>;

export interface TokenEndpoint {
  /** The accounts server, e.g. https://accounts.zoho.eu */
  accounts: string;
  clientId: string;
  clientSecret?: string;
  fetch?: typeof fetch;
}

/** POST {accounts}/oauth/v2/token. Errors arrive as `{ error }`, sometimes with HTTP 200 (as the service's API does). */
export async function requestToken(ep: TokenEndpoint, params: Record<string, string>, now: number): Promise<TokenGrant> {
  const body = new URLSearchParams({ client_id: ep.clientId, ...params });
  if (ep.clientSecret) body.set('client_secret', ep.clientSecret);
  let res: Response;
  try {
    res = await (ep.fetch ?? fetch)(`${ep.accounts.replace(/\/$/, '')}/oauth/v2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
    });
  } catch (e) {
    throw new NetworkError(accountWords.accountsUnreachable(new URL(ep.accounts).host), 'no', { cause: e });
  }
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    /* reported below */
  }
  const accessToken = typeof json.access_token === 'string' ? json.access_token : undefined;
  if (!res.ok || json.error || !accessToken) {
    const reason = typeof json.error === 'string' ? json.error : `HTTP ${res.status}`;
    const words = params.grant_type === 'refresh_token' ? accountWords.refreshRefused(reason) : accountWords.codeRefused(reason);
    throw new AuthError(words, undefined, res.status);
  }
  const expiresInSec = Number(json.expires_in ?? 3600);
  return {
    accessToken,
    expiresAt: now + (Number.isFinite(expiresInSec) && expiresInSec > 0 ? expiresInSec : 3600) * 1000,
    refreshToken: typeof json.refresh_token === 'string' ? json.refresh_token : undefined,
  };
}

export interface AccessTokens {
  /** The cached access token, refreshed first when it is (about to be) expired. Cheap: called per request. */
  accessToken(): Promise<string>;
  /** The client's `onInvalidToken`: one refresh, shared by requests that failed together. */
  refreshAfterInvalid(): Promise<string>;
  /** Tokens in memory, for redaction of error messages. */
  inMemory(): string[];
}

export function createAccessTokens(opts: {
  endpoint: TokenEndpoint;
  refreshToken: string;
  clock: Clock;
  mints: MintLog;
  budget?: MintBudget;
  /** The token the sign-in itself produced (already counted in the budget). */
  initial?: TokenGrant;
}): AccessTokens {
  const budget = opts.budget ?? ZOHO_MINT_BUDGET;
  let current: TokenGrant | undefined = opts.initial;
  let inflight: Promise<string> | undefined;
  /** When a refresh caused by an "invalid token" answer last finished. */
  let invalidRefreshAt = Number.NEGATIVE_INFINITY;

  function refresh(): Promise<string> {
    inflight ??= (async () => {
      const now = opts.clock.now();
      const recent = opts.mints.list().filter((t) => now - t < budget.windowMs);
      if (recent.length >= budget.limit) {
        const waitMin = Math.max(1, Math.ceil((Math.min(...recent) + budget.windowMs - now) / 60_000));
        throw new AuthError(accountWords.tooManyTokens(budget.limit, Math.round(budget.windowMs / 60_000), waitMin));
      }
      // Counted before the call: a request that reaches the server spends the budget even if the answer is lost.
      opts.mints.add(now, budget.windowMs);
      const grant = await requestToken(opts.endpoint, { grant_type: 'refresh_token', refresh_token: opts.refreshToken }, now);
      current = grant;
      return grant.accessToken;
    })().finally(() => {
      inflight = undefined;
    });
    return inflight;
  }

  return {
    async accessToken() {
      if (inflight) return inflight;
      if (current && opts.clock.now() < current.expiresAt - EXPIRY_MARGIN_MS) return current.accessToken;
      return refresh();
    },
    async refreshAfterInvalid() {
      if (inflight) return inflight;
      // Requests sent together with the same refused token all report it: the first one's refresh answers them all.
      if (current && opts.clock.now() - invalidRefreshAt < FRESH_AFTER_REFRESH_MS) return current.accessToken;
      const token = await refresh();
      invalidRefreshAt = opts.clock.now();
      return token;
    },
    inMemory: () => (current ? [current.accessToken, opts.refreshToken] : [opts.refreshToken]),
  };
}
