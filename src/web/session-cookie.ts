/**
 * Web mode reopened from the browser's history. The run token travels in the printed address's fragment,
 * which the page removes from the address bar (so it is not bookmarked or shared) and keeps in the tab's
 * sessionStorage: a new tab opened from history had no token, and the page said "no valid session token".
 *
 * So the first call a page makes with the run token gets a cookie back, and later calls without the token but with
 * the cookie are answered:
 * - the cookie holds a secret of its own for this run, not the run token: the token is what the printed address
 *   carries, the cookie only reopens the page in the browser profile that already opened that address;
 * - HttpOnly (the page's script never reads it), SameSite=Strict (no other site's page or link sends it), Path=/, no
 *   Domain (host-only: 127.0.0.1 or localhost, as the address was opened), no Secure (the server speaks plain HTTP
 *   on loopback only);
 * - its name carries the port, so two web modes on two ports do not overwrite each other's;
 * - a new run makes a new secret: a cookie from an earlier run is refused like a stale token, and the page says how
 *   to get the new address (components/SessionGate.tsx).
 *
 * The server's other checks stay as they are (../loopback/guard.ts): the Host (DNS rebinding) and the Origin (another
 * page's cross-origin request is refused whatever it carries), JSON bodies only, the size limit. Cookies are not kept
 * apart by port: another program serving on 127.0.0.1 that this browser visits is sent it too (the URL token has no
 * such exposure). It is worth something only while this run lasts, and it reaches nothing without our Host and Origin.
 */
import type { IncomingMessage } from 'node:http';
import { newRunToken, tokenMatches } from '../loopback';

/** Kept by the browser across its restarts for as long as a run may last; worthless once the run ends. */
const MAX_AGE_S = 30 * 24 * 60 * 60;

export interface SessionCookie {
  /** Does the request carry this run's cookie? */
  carried(req: IncomingMessage): boolean;
  /** The Set-Cookie value that hands it to the browser. */
  setCookie(): string;
}

/** The value of cookie `name` in the request's Cookie header, or null. */
export function cookieValue(req: IncomingMessage, name: string): string | null {
  const header = req.headers.cookie;
  if (typeof header !== 'string') return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

/** `port()`: the port the server listens on (known once it listens). `secret`: tests pass their own. */
export function createSessionCookie(port: () => number, secret: string = newRunToken()): SessionCookie {
  const name = () => `punchcard_session_${port()}`;
  return {
    carried: (req) => tokenMatches(secret, cookieValue(req, name())),
    setCookie: () => `${name()}=${secret}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${MAX_AGE_S}`,
  };
}
