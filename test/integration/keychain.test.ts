import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keytarSecrets } from '../../src/core/account';
import { createPunchcard } from '../../src/core';
import { startSandbox } from '../../src/sandbox';
import type { Sandbox } from '../../src/sandbox';
import { onTestClock } from '../fixtures/core-over-sandbox';
import { removeDir, tempDir } from '../fixtures/temp-dirs';
import { TEST_TODAY } from '../fixtures/test-clock';

/** Linux keeps secrets in a Secret Service on the D-Bus session bus; `npm test` starts one (scripts/test.sh). */
const noSecretService = process.platform === 'linux' && !process.env.DBUS_SESSION_BUS_ADDRESS;
if (noSecretService) {
  console.warn(
    'keychain tests skipped: no D-Bus session bus, so no Secret Service to store secrets in. ' +
      'Run them with `npm test` (which starts dbus-run-session with an unlocked gnome-keyring).',
  );
}

/** Every file under dir, recursively, as text. */
function everyFile(dir: string): Array<{ path: string; text: string }> {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? everyFile(p) : [{ path: p, text: readFileSync(p, 'latin1') }];
  });
}

// A service name of its own, so the test never touches a real Punchcard entry on this machine.
const service = `Punchcard-test-${randomBytes(4).toString('hex')}`;
let sb: Sandbox;

beforeAll(async () => {
  sb = await startSandbox({ today: TEST_TODAY });
});
afterAll(async () => {
  await sb.close();
});

describe('the OS keychain', () => {
  it.skipIf(noSecretService)('stores, reads and deletes a secret through keytar', async () => {
    const secrets = keytarSecrets(service);
    await secrets.set('probe', 'value-1');
    expect(await secrets.get('probe')).toBe('value-1');
    await secrets.set('probe', 'value-2');
    expect(await secrets.get('probe')).toBe('value-2');
    expect(await secrets.delete('probe')).toBe(true);
    expect(await secrets.get('probe')).toBeNull();
    expect(await secrets.delete('probe')).toBe(false);
  });

  it.skipIf(noSecretService)('keeps a pasted token in the keychain and in no file, and forgets it on sign-out', async () => {
    const dataDir = tempDir('punch-keychain-');
    const secrets = keytarSecrets(service);
    const token = sb.issueToken({ user: 'liam.chen@demo.punchcard.test', scopes: ['timetracker.ALL', 'forms.ALL'] });
    const core = await createPunchcard({ dataDir, secrets, autoSync: false, ...onTestClock() });
    try {
      const signIn = await core.dispatch('signInWithToken', { baseUrl: sb.url, user: 'liam.chen@demo.punchcard.test', token });
      expect(signIn.ok).toBe(true);
      // use the account so every store that would be written is written
      expect((await core.dispatch('getPreferences', {})).ok).toBe(true);
      expect((await core.dispatch('updatePreferences', { theme: 'dark' })).ok).toBe(true);
      expect((await core.dispatch('listTeamTimesheets', { user: 'liam.chen@demo.punchcard.test', status: 'all' })).ok).toBe(true);
      const failed = await core.dispatch('getTimesheet', { id: '1' });
      expect(failed.ok).toBe(false);

      expect(await secrets.get('pasted-token')).toBe(token);
      const files = everyFile(dataDir);
      expect(files.length).toBeGreaterThan(0);
      for (const f of files) expect(f.text.includes(token), `token found in ${f.path}`).toBe(false);
      expect(JSON.stringify(failed)).not.toContain(token);

      const out = await core.dispatch('signOut', {});
      expect(out).toMatchObject({ ok: true, value: { kind: 'sandbox' } });
      expect(await secrets.get('pasted-token')).toBeNull();
    } finally {
      await core.close();
      await secrets.delete('pasted-token');
      removeDir(dataDir);
    }
  });
});
