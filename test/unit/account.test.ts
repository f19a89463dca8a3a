/** @inner src/core/account/sign-in/datacentres.ts, src/core/account/sign-in/oauth.ts, src/core/preferences.ts */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DATA_CENTRES, resolveDataCentre } from '../../src/core/account/sign-in/datacentres';
import { authorizationUrl, createPkce, OAUTH_SCOPES } from '../../src/core/account/sign-in/oauth';
import { memorySecrets } from '../../src/core/account';
import { createPreferences, DEFAULT_PREFERENCES, preferenceHandlers } from '../../src/core/preferences';
import { memoryStore } from '../../src/core/store';

describe('data centres', () => {
  it('maps every data centre of the service to its API base and accounts server', () => {
    expect(Object.keys(DATA_CENTRES).sort()).toEqual(['com', 'com.au', 'com.cn', 'eu', 'in', 'jp', 'sa', 'zohocloud.ca'].sort());
    expect(resolveDataCentre('eu')).toEqual({ apiBase: 'https://people.zoho.eu/people', accounts: 'https://accounts.zoho.eu' });
    expect(resolveDataCentre('com.au').apiBase).toBe('https://people.zoho.com.au/people');
    expect(resolveDataCentre('com.cn').accounts).toBe('https://accounts.zoho.com.cn');
  });

  it('gives Canada its own hosts, not zoho.<dc>', () => {
    const ca = { apiBase: 'https://people.zohocloud.ca/people', accounts: 'https://accounts.zohocloud.ca' };
    expect(resolveDataCentre('zohocloud.ca')).toEqual(ca);
    expect(resolveDataCentre('ca')).toEqual(ca);
  });

  it('refuses an unknown data centre naming the field and the choices', () => {
    expect(() => resolveDataCentre('mars')).toThrow(/the data centre must be one of com, eu, in/);
  });

  it('lets a test add its own data centre', () => {
    const local = { apiBase: 'http://127.0.0.1:1/', accounts: 'http://127.0.0.1:2' };
    expect(resolveDataCentre('local', { local })).toBe(local);
  });
});

describe('PKCE and the authorization address', () => {
  it('makes a 43-character verifier whose S256 hash is the challenge, different every time', () => {
    const a = createPkce();
    const b = createPkce();
    expect(a.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(createHash('sha256').update(a.verifier).digest('base64url')).toBe(a.challenge);
    expect(a.verifier).not.toBe(b.verifier);
  });

  it('asks for both scopes, offline access, consent and S256', () => {
    const url = new URL(
      authorizationUrl({
        accounts: 'https://accounts.zoho.eu',
        clientId: '1000.ABC',
        redirectUri: 'http://127.0.0.1:5555/callback',
        challenge: 'ch',
        state: 'st',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://accounts.zoho.eu/oauth/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: '1000.ABC',
      response_type: 'code',
      redirect_uri: 'http://127.0.0.1:5555/callback',
      scope: 'ZOHOPEOPLE.timetracker.ALL,ZOHOPEOPLE.forms.ALL',
      access_type: 'offline',
      prompt: 'consent',
      code_challenge: 'ch',
      code_challenge_method: 'S256',
      state: 'st',
    });
    expect(OAUTH_SCOPES).toHaveLength(2);
  });
});

describe('memory secrets', () => {
  it('stores, reads and deletes, and says whether something was deleted', async () => {
    const s = memorySecrets();
    expect(await s.get('a')).toBeNull();
    await s.set('a', 'secret-1');
    expect(await s.get('a')).toBe('secret-1');
    expect(await s.delete('a')).toBe(true);
    expect(await s.delete('a')).toBe(false);
  });
});

describe('preferences', () => {
  it('starts from the documented defaults', () => {
    const prefs = createPreferences(memoryStore()('preferences'));
    expect(prefs.get()).toEqual({
      rounding: { mode: 'nearest', stepMinutes: 1 },
      idleThresholdMinutes: 10,
      shortcut: 'CommandOrControl+Alt+P',
      startAtLogin: false,
      notifications: true,
      autoUpdate: true,
      theme: 'system',
      onSuspend: 'ask',
      endOfDay: '18:00',
      catchForgottenTimer: true,
      morningReminder: true,
      morningReminderAt: '10:00',
      timeZone: 'system',
      language: 'system',
      region: 'system',
      favouriteJobIds: [],
      recentJobIds: [],
    });
  });

  it('keeps an update across a reopen and leaves the other settings alone', async () => {
    const open = memoryStore();
    const { updatePreferences } = preferenceHandlers(createPreferences(open('preferences')));
    await updatePreferences({ theme: 'dark', rounding: { mode: 'up', stepMinutes: 15 } });
    const again = createPreferences(open('preferences')).get();
    expect(again.theme).toBe('dark');
    expect(again.rounding).toEqual({ mode: 'up', stepMinutes: 15 });
    expect(again.idleThresholdMinutes).toBe(10);
  });

  it('fills settings missing from an older stored document with defaults', () => {
    const store = memoryStore()('preferences');
    store.set('preferences', { theme: 'light', favouriteJobIds: ['j1'] });
    const p = createPreferences(store).get();
    expect(p.theme).toBe('light');
    expect(p.favouriteJobIds).toEqual(['j1']);
    expect(p.shortcut).toBe(DEFAULT_PREFERENCES.shortcut);
    expect(p.onSuspend).toBe('ask');
  });

  it('tells a listener about the change so the shell can re-register the shortcut', async () => {
    const seen: string[] = [];
    const h = preferenceHandlers(createPreferences(memoryStore()('preferences')), (p) => seen.push(p.shortcut));
    await h.updatePreferences({ shortcut: 'Alt+Shift+T' });
    expect(seen).toEqual(['Alt+Shift+T']);
    expect((await h.getPreferences({})).shortcut).toBe('Alt+Shift+T');
  });
});
