/**
 * A machine where keytar could not be installed (no libsecret headers at `npm ci`): the built-in sandbox works fully;
 * signing in to a real account says what is missing and the one command that adds it, and writes the token nowhere.
 * @inner src/core/account/secrets.ts
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keychainMissingHelp, keytarSecrets } from '../../src/core/account/secrets';
import { createSession, type AccountSession } from '../../src/core/account';
import { openConfStore } from '../../src/core/store';
import { startSandbox } from '../../src/sandbox';
import type { Sandbox } from '../../src/sandbox';
import { wallClock } from '../fixtures/test-timers';

const noKeytar = () => Promise.reject(new Error("Cannot find package 'keytar' imported from secrets.ts"));

let sb: Sandbox;
let dataDir: string;
let s: AccountSession | undefined;
beforeAll(async () => {
  sb = await startSandbox({});
});
afterAll(async () => {
  await sb.close();
});
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'punch-nokeytar-'));
});
afterEach(async () => {
  await s?.close();
  s = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

describe('without the keychain module', () => {
  it('runs on the built-in sandbox, and refuses a real sign-in with the one command that fixes it, storing the token nowhere', async () => {
    s = createSession({
      dataDir,
      store: openConfStore(dataDir)('account'),
      secrets: keytarSecrets('Punchcard-test', noKeytar),
      clock: wallClock(() => Date.now()),
      demoService: () => import('../../src/sandbox'),
    });
    expect(s.account().kind).toBe('sandbox');
    expect((await s.client().allJobs()).length).toBeGreaterThan(0);

    const token = sb.issueToken({ user: sb.demoUser, scopes: ['timetracker.ALL', 'forms.ALL'] });
    const err = (await s.signInWithToken({ baseUrl: sb.url, user: sb.demoUser, token }).catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(Error);
    expect(err.message).toContain('keytar');
    expect(err.message).toContain(keychainMissingHelp());
    expect(err.message).not.toContain(token);
    // nothing changed: still the sandbox, and the token is in no file of the data directory
    expect(s.account().kind).toBe('sandbox');
    for (const f of filesUnder(dataDir)) expect(readFileSync(f, 'utf8')).not.toContain(token);
  });
});
