/**
 * Tokens and scopes (spec 5, wire-format.md "Auth"). A token names a seeded user and the scopes it was granted.
 * Scopes may be written with or without the service prefix (`ZOHOPEOPLE.forms.READ` or `forms.READ`).
 */
import { createHash, randomBytes } from 'node:crypto';
import { ApiError } from './envelope';

export const DEMO_USER = 'maya.patel@demo.punchcard.test';
export const ALL_SCOPES = ['timetracker.ALL', 'forms.ALL'];

/** What a request needs: timetracker.ALL; forms.READ (or ALL) to read; forms.ALL to write. */
export type Need = 'timetracker' | 'forms.read' | 'forms.write';

interface Grant {
  user: string;
  scopes: Set<string>;
}

function normaliseScope(s: string): string {
  const parts = s.trim().split('.');
  // 'ZOHOPEOPLE.forms.READ' -> 'forms.READ'; the resource part is case-insensitive, the level upper case.
  const [resource, level] = parts.length >= 3 ? parts.slice(-2) : parts;
  return `${(resource ?? '').toLowerCase()}.${(level ?? '').toUpperCase()}`;
}

/**
 * Grants are found by a hash of the token, never by comparing the token itself: the time a lookup takes says nothing
 * about how much of a guessed token was right.
 */
const keyOf = (token: string): string => createHash('sha256').update(token).digest('base64');

export class TokenBook {
  private readonly grants = new Map<string, Grant>();
  /**
   * The demo user's token: random for each run (crypto-random, 192 bits), never a fixed value, so nobody can call the
   * demo company without being told it by the process that started the sandbox.
   */
  readonly demoToken = `sbx-demo-${randomBytes(24).toString('base64url')}`;

  constructor() {
    this.grants.set(keyOf(this.demoToken), { user: DEMO_USER, scopes: new Set(ALL_SCOPES.map(normaliseScope)) });
  }

  issue(user: string, scopes: string[]): string {
    const token = `sbx-${randomBytes(24).toString('base64url')}`;
    this.grants.set(keyOf(token), { user: user.toLowerCase(), scopes: new Set(scopes.map(normaliseScope)) });
    return token;
  }

  /** The caller's email for an Authorization header; 7202 when the token is missing or unknown. */
  resolve(header: string | undefined): { token: string; user: string; scopes: Set<string> } {
    const r = /^(?:Zoho-oauthtoken|Bearer)\s+(\S+)\s*$/i.exec(header ?? '');
    if (!r) {
      throw new ApiError(7202, 'Invalid OAuth token: send the header "Authorization: Zoho-oauthtoken <token>" (or Bearer).');
    }
    const grant = this.grants.get(keyOf(r[1]));
    // Never echo the token itself (docs/ARCHITECTURE.md "Security": tokens never in error messages).
    if (!grant) throw new ApiError(7202, 'Invalid OAuth token: the token is unknown or expired; sign in again.');
    return { token: r[1], user: grant.user, scopes: grant.scopes };
  }

  static check(scopes: Set<string>, need: Need): void {
    const ok =
      need === 'timetracker'
        ? scopes.has('timetracker.ALL')
        : need === 'forms.read'
          ? scopes.has('forms.ALL') || scopes.has('forms.READ')
          : scopes.has('forms.ALL');
    if (!ok) {
      const wanted = need === 'timetracker' ? 'timetracker.ALL' : need === 'forms.read' ? 'forms.READ or forms.ALL' : 'forms.ALL';
      throw new ApiError(9000, `Permission denied: this operation needs the scope ${wanted}; sign in again granting it.`);
    }
  }
}
