/**
 * Who may talk to Punchcard's own loopback servers (web mode, `src/web`, and the built-in demo service, `src/sandbox`):
 * only a caller that holds this run's random secret, addressed by a loopback name, from no other web site, sending
 * the body types the server reads, within a size limit.
 *
 * - The secret defends against other local users and other web pages (they cannot read it: web mode prints it to
 *   the terminal and the tab keeps it in sessionStorage; the demo service's lives in the memory of the process that
 *   started it).
 * - The Host check defends against DNS rebinding: a hostile site that re-points its own name at 127.0.0.1 is still
 *   same-origin with itself, so its requests carry `Host: evil.example:<port>` and are refused here.
 * - The Origin check and the body types refuse a page's cross-origin "simple" POST (`text/plain`, or a form), which a
 *   browser sends without asking first and which needs no secret to reach a server that does not check.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export function newRunToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Constant-time comparison; hashing first makes both sides the same length, so length leaks nothing either. */
export function tokenMatches(expected: string, given: string | null | undefined): boolean {
  if (!given) return false;
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(given).digest();
  return timingSafeEqual(a, b);
}

export function bearerToken(req: IncomingMessage): string | null {
  const header = req.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match ? match[1] : null;
}

/** The Host values a loopback caller can send for this server (and `extra` names it was told to listen on). */
export function allowedHosts(port: number, extra: readonly string[] = []): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, ...extra.map((h) => `${h.toLowerCase()}:${port}`)]);
}

export function hostAllowed(req: IncomingMessage, port: number, extra: readonly string[] = []): boolean {
  const host = req.headers.host?.toLowerCase();
  return host !== undefined && allowedHosts(port, extra).has(host);
}

/** A browser sends Origin on cross-origin requests (and on POSTs); when present it must be ours. */
export function originAllowed(req: IncomingMessage, port: number, extra: readonly string[] = []): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' && allowedHosts(port, extra).has(url.host.toLowerCase());
  } catch {
    return false;
  }
}

/** The kinds of body a server reads. */
export type BodyType = 'json' | 'form';

const BODY_TYPES: Record<BodyType, RegExp> = {
  json: /^application\/json\s*(;|$)/i,
  form: /^application\/x-www-form-urlencoded\s*(;|$)/i,
};

/** Does the request carry a body at all (a declared length above 0, or a chunked one)? */
export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) return Number(length) !== 0;
  return req.headers['transfer-encoding'] !== undefined;
}

/**
 * Is the body one of `types`? A request without a body passes (nothing to misread); `text/plain`, multipart and
 * a missing type with a body never do: they are what a page can send cross-origin without asking.
 */
export function bodyTypeAllowed(req: IncomingMessage, types: readonly BodyType[]): boolean {
  if (!hasBody(req)) return true;
  const type = req.headers['content-type'] ?? '';
  return types.some((t) => BODY_TYPES[t].test(type));
}

export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`The request body is over ${limit} bytes.`);
  }
}

/** The whole body as text; rejects with BodyTooLarge as soon as it (or its declared length) passes `limit`. */
export function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolveBody, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      reject(new BodyTooLarge(limit));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > limit) {
        over = true;
        reject(new BodyTooLarge(limit));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!over) resolveBody(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
  });
}
