/**
 * Whether the desktop app looks for updates, and where (src/main/update/policy.ts): the setting, the managed-machine
 * switch, a copy run from its sources, and the feed from the build or the environment; and how a failure is said.
 */
import { describe, expect, it } from 'vitest';
import {
  decideUpdates,
  failureOf,
  feedFromEnvironment,
  updateMenuLabel,
  updateWords,
  type UpdateState,
} from '../../src/main/update/policy';
import { forbiddenIn } from '../fixtures/forbidden-words';

const installed = { isPackaged: true, prefs: { autoUpdate: true }, builtInFeed: true };

describe('whether updates are on', () => {
  it('is on in an installed app whose build names a feed, with the setting on', () => {
    expect(decideUpdates({ ...installed, env: {} })).toEqual({ on: true });
  });

  it('is off on a managed machine (PUNCH_NO_UPDATES), whatever the setting says', () => {
    for (const value of ['1', 'true', 'yes', 'TRUE']) {
      expect(decideUpdates({ ...installed, env: { PUNCH_NO_UPDATES: value } })).toEqual({ on: false, why: 'managed' });
    }
    // an empty or "0" value is not a request to turn updates off
    expect(decideUpdates({ ...installed, env: { PUNCH_NO_UPDATES: '0' } }).on).toBe(true);
    expect(decideUpdates({ ...installed, env: { PUNCH_NO_UPDATES: '' } }).on).toBe(true);
  });

  it('is off when the user turned the setting off, and in a copy run from its sources', () => {
    expect(decideUpdates({ ...installed, prefs: { autoUpdate: false }, env: {} })).toEqual({ on: false, why: 'setting' });
    expect(decideUpdates({ ...installed, isPackaged: false, env: {} })).toEqual({ on: false, why: 'not-installed' });
  });

  it('is off when neither the build nor the environment names a feed', () => {
    expect(decideUpdates({ ...installed, builtInFeed: false, env: {} })).toEqual({ on: false, why: 'no-source' });
  });

  it('takes the feed from the environment over the build (a company mirror)', () => {
    expect(decideUpdates({ ...installed, builtInFeed: false, env: { PUNCH_UPDATE_URL: 'https://updates.acme.test/punchcard/' } })).toEqual({
      on: true,
      feed: { provider: 'generic', url: 'https://updates.acme.test/punchcard/' },
    });
    expect(feedFromEnvironment({ PUNCH_UPDATE_GITHUB: 'acme/punchcard' })).toEqual({
      provider: 'github',
      owner: 'acme',
      repo: 'punchcard',
    });
  });

  it('stays off and says what to fix when the environment names a feed that is not one', () => {
    const bad = decideUpdates({ ...installed, env: { PUNCH_UPDATE_URL: 'ftp:/nowhere' } });
    expect(bad).toMatchObject({ on: false, why: 'no-source' });
    expect(bad.on ? '' : bad.problem).toMatch(/not a web address: use one like https:/);
    expect(feedFromEnvironment({ PUNCH_UPDATE_GITHUB: 'just-a-name' })).toMatchObject({
      error: expect.stringMatching(/owner\/repository/),
    });
  });
});

describe('what the tray and Settings say', () => {
  const states: UpdateState[] = [
    { kind: 'off', why: 'managed' },
    { kind: 'off', why: 'not-installed' },
    { kind: 'off', why: 'setting' },
    { kind: 'off', why: 'no-source' },
    { kind: 'waiting' },
    { kind: 'checking' },
    { kind: 'current', checkedAt: 0 },
    { kind: 'downloading', version: '1.4.0' },
    { kind: 'ready', version: '1.4.0' },
    ...(['unreachable', 'damaged', 'no-update-for-this-computer', 'other'] as const).map((reason) => ({
      kind: 'failed' as const,
      reason,
      version: '1.4.0',
      at: 0,
    })),
  ];

  it('offers "Restart to update" in the tray only when an update is ready', () => {
    expect(states.map((s) => updateMenuLabel(s)).filter(Boolean)).toEqual(['Restart to update to 1.4.0']);
  });

  it('says every state in plain words', () => {
    for (const state of states) {
      const words = updateWords(state, '1.3.0');
      expect(words.length, JSON.stringify(state)).toBeGreaterThan(10);
      expect(forbiddenIn(words), words).toEqual([]);
    }
    expect(updateWords({ kind: 'off', why: 'managed' }, '1.3.0')).toMatch(/managed by your organisation/);
  });

  it('reads why a download failed from the error, never showing its code', () => {
    expect(failureOf(Object.assign(new Error('sha512 checksum mismatch, expected a, got b'), { code: 'ERR_CHECKSUM_MISMATCH' }))).toBe(
      'damaged',
    );
    expect(failureOf(Object.assign(new Error('getaddrinfo ENOTFOUND updates.acme.test'), { code: 'ENOTFOUND' }))).toBe('unreachable');
    expect(failureOf(new Error('net::ERR_INTERNET_DISCONNECTED'))).toBe('unreachable');
    expect(failureOf(Object.assign(new Error('Cannot find latest-linux.yml'), { code: 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND' }))).toBe(
      'no-update-for-this-computer',
    );
    expect(failureOf(new Error('something else'))).toBe('other');
  });
});
