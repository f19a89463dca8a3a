/**
 * Secrets never stored or printed: "Tokens, refresh tokens, client secrets and Authorization values
 * are redacted from every stored or printed message, even when the service echoes them back."
 *
 * `redact(text, knownSecrets?)` is the one function every exit uses (docs/ARCHITECTURE.md "Secrets"): messages
 * stored in the outbox, notices, errors crossing the bridge, `punch` output, log lines. It removes
 * - any secret string this process holds: the `knownSecrets` given, and those of every registered source (the
 *   session's tokens, `registerSecrets`), also URL-encoded;
 * - `Authorization: ...` values (`Zoho-oauthtoken x`, `Bearer x`, a bare value), in headers, JSON or text;
 * - `Zoho-oauthtoken <x>` and `Bearer <x>` wherever they appear;
 * - the values of `access_token`, `refresh_token`, `id_token`, `client_secret`, `code_verifier`, `code` and `token`
 *   in JSON (`"token":"x"`), query strings and form bodies (`token=x`); a number after `code` is an error code and stays.
 * The words around a secret stay, so the message still says what went wrong. Pure: no Node API (the renderer may
 * import it).
 */
import type { Said, SaidValue } from './i18n/said';

export const REDACTED = '[redacted]';

/** Shorter strings would redact ordinary words; real tokens and secrets are long. */
const MIN_SECRET_LENGTH = 8;

type SecretSource = () => ReadonlyArray<string | undefined>;
const sources = new Set<SecretSource>();

/**
 * Adds a source of secrets held in memory (a session's tokens, a pasted token): every later `redact` call removes
 * what it returns at that moment. Returns the function that removes the source (call it when the holder closes).
 */
export function registerSecrets(source: SecretSource): () => void {
  sources.add(source);
  return () => {
    sources.delete(source);
  };
}

/** Every secret known now: the registered sources' plus `extra`, long enough to be told from words, longest first. */
export function knownSecrets(extra: ReadonlyArray<string | undefined> = []): string[] {
  const all = new Set<string>();
  const add = (s: string | undefined) => {
    if (typeof s === 'string' && s.length >= MIN_SECRET_LENGTH) all.add(s);
  };
  extra.forEach(add);
  for (const source of sources) {
    try {
      source().forEach(add);
    } catch {
      /* a source that cannot answer holds nothing to hide now */
    }
  }
  // longest first: a secret that contains another is removed whole
  return [...all].sort((a, b) => b.length - a.length);
}

const SCHEMES = 'Zoho-oauthtoken|Bearer|Basic|Digest|Token|OAuth|MAC|Negotiate';
/** Names whose value is a secret, in JSON, query strings and form bodies. */
const SECRET_KEYS = 'access_token|refresh_token|id_token|client_secret|code_verifier|code|token';
/** A value: up to the next space, quote, separator or closing bracket; never one already redacted. */
const VALUE = '(?!\\[redacted\\])([^\\s"\',;&<>)\\]}]+)';

/** `Authorization: Zoho-oauthtoken x`, `authorization=Bearer x`, `Authorization: x` (header or text). */
const AUTHORIZATION = new RegExp(
  `\\b((?:proxy-)?authorization)(\\s*[:=]\\s*)(?!(?:(?:${SCHEMES})\\s+)?\\[redacted\\])((?:(?:${SCHEMES})\\s+)?)${VALUE}`,
  'gi',
);
/** `Zoho-oauthtoken x`, `Bearer x` anywhere. */
const SCHEME_TOKEN = new RegExp(`\\b(Zoho-oauthtoken|Bearer)(\\s+)${VALUE}`, 'gi');
/** `"token": "x"` or `'token':'x'` (JSON, JS-ish text); an Authorization value with its scheme. */
const QUOTED = new RegExp(`(["'])(${SECRET_KEYS}|authorization|proxy-authorization)\\1(\\s*:\\s*)(["'])((?:\\\\.|(?!\\4).)*)\\4`, 'gi');
/** `token=x` in a query string or form body. */
const UNQUOTED = new RegExp(`(^|[^\\w-])(${SECRET_KEYS})=${VALUE}`, 'gi');

/**
 * `code` is also the service's error code (`code=8002`, `"code":"7202"`) and the id of a message the core said
 * (`"code":"rules.over-daily-max"` in `punch --json`): neither is a secret. An OAuth grant code is random (Zoho's start
 * with digits, `1000.4f...`): dotted lowercase words, each starting with a letter, are a message id.
 */
const isErrorCode = (key: string, value: string) =>
  key.toLowerCase() === 'code' && (/^\d+$/.test(value) || /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/.test(value));

export function redact(text: string, secrets: ReadonlyArray<string | undefined> = []): string {
  if (typeof text !== 'string' || text === '') return text;
  let out = text;
  for (const s of knownSecrets(secrets)) {
    for (const form of new Set([s, encodeURIComponent(s), JSON.stringify(s).slice(1, -1)])) {
      if (out.includes(form)) out = out.split(form).join(REDACTED);
    }
  }
  out = out.replace(QUOTED, (m, q: string, key: string, sep: string, vq: string, value: string) =>
    isErrorCode(key, value) || value === REDACTED ? m : `${q}${key}${q}${sep}${vq}${REDACTED}${vq}`,
  );
  out = out.replace(AUTHORIZATION, (_m, key: string, sep: string, scheme: string) => `${key}${sep}${scheme}${REDACTED}`);
  out = out.replace(SCHEME_TOKEN, (_m, scheme: string, space: string) => `${scheme}${space}${REDACTED}`);
  out = out.replace(UNQUOTED, (m, before: string, key: string, value: string) =>
    isErrorCode(key, value) ? m : `${before}${key}=${REDACTED}`,
  );
  return out;
}

/**
 * Routes a console's error/warn/log/info through `redact` (log lines). `format` turns the arguments into one line
 * (Node's util.format), so an Error's message and stack and an object's fields are redacted too.
 */
export function redactConsole(target: Pick<Console, 'error' | 'warn' | 'log' | 'info'>, format: (...args: unknown[]) => string): void {
  for (const level of ['error', 'warn', 'log', 'info'] as const) {
    const original = target[level].bind(target);
    target[level] = (...args: unknown[]) => original(redact(format(...args)));
  }
}

/**
 * A said thing (./i18n/said.ts) with every text value redacted, nested phrases too: a value may quote the service
 * (its own words of a refusal), which may echo the request's token. Numbers, days and moments are facts, kept.
 */
export function redactSaid<T extends Said | undefined>(said: T, secrets: ReadonlyArray<string | undefined> = []): T {
  if (!said) return said;
  const value = (v: SaidValue): SaidValue => {
    if (typeof v === 'string') return redact(v, secrets);
    if (typeof v === 'object' && v !== null) {
      if ('said' in v) return { said: redactSaid(v.said, secrets) };
      if ('choice' in v) return { choice: v.choice.map((n) => redact(n, secrets)) };
      if ('list' in v) return { ...v, list: v.list.map((n) => (typeof n === 'string' ? redact(n, secrets) : redactSaid(n, secrets))) };
    }
    return v;
  };
  return { code: said.code, values: Object.fromEntries(Object.entries(said.values ?? {}).map(([k, v]) => [k, value(v)])) } as T;
}
