/**
 * Who may talk to the web server: only a page that holds this run's random token, addressed by a loopback name.
 *
 * - The token defends against other local users and other web pages (they cannot read it: it is printed to the
 *   terminal and lives in the tab's sessionStorage).
 * - The Host check defends against DNS rebinding: a hostile site that re-points its own name at 127.0.0.1 is still
 *   same-origin with itself, so its requests carry `Host: evil.example:<port>` and are refused here.
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

/** The Host values a loopback page can send for this server. */
export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
}

export function hostAllowed(req: IncomingMessage, port: number): boolean {
  const host = req.headers.host?.toLowerCase();
  return host !== undefined && allowedHosts(port).has(host);
}

/** A browser sends Origin on cross-origin requests (and on POSTs); when present it must be ours. */
export function originAllowed(req: IncomingMessage, port: number): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' && allowedHosts(port).has(url.host.toLowerCase());
  } catch {
    return false;
  }
}
