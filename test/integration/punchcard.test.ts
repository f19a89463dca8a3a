import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogResult } from '../../src/shared/contract';
import type { AccountInfo, AppStatus, Job, WeekView } from '../../src/shared/domain';
import { memorySecrets } from '../../src/core/account';
import type { Punchcard } from '../../src/core';
import { createPunchcard } from '../../src/core';
import { startSandbox } from '../../src/sandbox';
import type { Sandbox } from '../../src/sandbox';
import { call, onTestClock } from '../fixtures/core-over-sandbox';
import { removeDir, tempDir } from '../fixtures/temp-dirs';
import { TEST_TODAY } from '../fixtures/test-clock';

let dataDir: string;
let core: Punchcard;
let reference: Sandbox;

beforeAll(async () => {
  dataDir = tempDir('punch-core-');
  core = await createPunchcard({ dataDir, secrets: memorySecrets(), autoSync: false, ...onTestClock() });
  // A second sandbox from the same seed: what the built-in demo company should contain.
  reference = await startSandbox({ today: TEST_TODAY });
});
afterAll(async () => {
  await core.close();
  await reference.close();
  removeDir(dataDir);
});

describe('createPunchcard on the built-in sandbox', () => {
  it('says the account is the sandbox demo', async () => {
    const account = await call<AccountInfo>(core, 'getAccount');
    expect(account).toMatchObject({ kind: 'sandbox', user: reference.demoUser, authMethod: 'none', signedIn: true });
  });

  it('lists the demo jobs', async () => {
    const jobs = await call<Job[]>(core, 'listJobs', {});
    expect(jobs.length).toBeGreaterThan(0);
    const seeded = new Map(reference.state().jobs.map((j) => [j.jobId, j.jobName]));
    for (const j of jobs) expect(seeded.get(j.jobId)).toBe(j.jobName);
  });

  it('logs time and shows it in the week', async () => {
    const jobs = await call<Job[]>(core, 'listJobs', {});
    const today = TEST_TODAY;
    const logged = await call<LogResult>(core, 'logTime', {
      jobId: jobs[0].jobId,
      workDate: today,
      hours: '01:15',
      description: 'core composition test',
    });
    expect(logged.state).toBe('synced');
    const week = await call<WeekView>(core, 'getWeek', { date: today });
    const mine = week.logs.filter((l) => l.description === 'core composition test');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ hours: '01:15', jobId: jobs[0].jobId, workDate: today, sync: 'synced' });
  });

  it('reports status with the outbox counts and the account', async () => {
    const status = await call<AppStatus>(core, 'getStatus');
    expect(status.account.kind).toBe('sandbox');
    expect(status.outbox).toEqual({ queued: 0, sending: 0, needsAttention: 0, otherAccounts: 0 });
    expect(typeof status.online).toBe('boolean');
    expect(status.storage).toBe('ok');
    expect(status.damage).toEqual([]);
  });

  it('announces an account change on the status event', async () => {
    const seen: AppStatus[] = [];
    const off = core.on('status', (s) => seen.push(s));
    await call(core, 'useSandbox', { user: 'liam.chen@demo.punchcard.test' });
    off();
    expect(seen.at(-1)?.account.user).toBe('liam.chen@demo.punchcard.test');
    await call(core, 'useSandbox', {});
    expect((await call<AccountInfo>(core, 'getAccount')).user).toBe(reference.demoUser);
  });

  it('refuses bad input through dispatch and changes nothing', async () => {
    const before = await call<unknown[]>(core, 'getOutbox');
    const r = await core.dispatch('logTime', { jobId: 'x', workDate: '18-11-2026', hours: '01:00' });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.message).toBe('Date: that day is not on the calendar. Pick a real date.');
      // the message for English readers, and its code with values for each shell to word in the user's language
      expect(r.error.violations).toEqual([
        {
          field: 'workDate',
          rule: 'format',
          message: 'Date: that day is not on the calendar. Pick a real date.',
          said: {
            code: 'core.input.own',
            values: {
              field: { said: { code: 'core.field.date', values: {} } },
              words: { said: { code: 'core.input.own.date', values: {} } },
            },
          },
        },
      ]);
    }
    expect(await call<unknown[]>(core, 'getOutbox')).toEqual(before);
  });

  it('answers every operation of the contract (none is missing)', async () => {
    const { OPERATION_NAMES } = await import('../../src/shared/contract');
    for (const name of OPERATION_NAMES) expect(typeof core.handlers[name], name).toBe('function');
  });
});

describe('createPunchcard with an environment account', () => {
  it('uses PUNCH_BASE_URL / PUNCH_TOKEN / PUNCH_USER as given', async () => {
    const dir = tempDir('punch-core-env-');
    const envCore = await createPunchcard({
      dataDir: dir,
      secrets: memorySecrets(),
      autoSync: false,
      ...onTestClock(),
      env: { baseUrl: reference.url, token: reference.demoToken, user: reference.demoUser },
    });
    try {
      expect(await call<AccountInfo>(envCore, 'getAccount')).toMatchObject({
        kind: 'service',
        baseUrl: reference.url,
        authMethod: 'token',
      });
      reference.resetRequests();
      const sheets = await call<unknown[]>(envCore, 'listTeamTimesheets', {});
      // the team's pending timesheets: everyone's for this HR admin, except her own (nobody approves their own)
      expect(sheets.length).toBe(
        reference.state().timesheets.filter((t) => t.status === 'pending' && t.user !== reference.demoUser).length,
      );
      expect(reference.requests().some((r) => r.path.endsWith('gettimesheet'))).toBe(true);
    } finally {
      await envCore.close();
      removeDir(dir);
    }
  });
});

describe('closing the core', () => {
  it('stops the built-in sandbox it started', async () => {
    const dir = tempDir('punch-core-close-');
    const c = await createPunchcard({ dataDir: dir, secrets: memorySecrets(), autoSync: false, ...onTestClock() });
    await call(c, 'getCompanySettings', {});
    const { baseUrl } = await call<AccountInfo>(c, 'getAccount');
    expect((await fetch(`${baseUrl}/api/timetracker/gettimetrackersettings`)).status).toBe(401);
    await c.close();
    await expect(fetch(`${baseUrl}/api/timetracker/gettimetrackersettings`)).rejects.toThrow();
    removeDir(dir);
  });

  it('passes preference changes to the shell', async () => {
    const dir = tempDir('punch-core-prefs-');
    const shortcuts: string[] = [];
    const c = await createPunchcard({
      dataDir: dir,
      secrets: memorySecrets(),
      autoSync: false,
      ...onTestClock(),
      onPreferencesChange: (p) => shortcuts.push(p.shortcut),
    });
    await call(c, 'updatePreferences', { shortcut: 'Alt+Shift+P' });
    await c.close();
    expect(shortcuts).toEqual(['Alt+Shift+P']);
    // and they are on disk for the next start
    const again = await createPunchcard({ dataDir: dir, secrets: memorySecrets(), autoSync: false, ...onTestClock() });
    expect((await again.handlers.getPreferences({})).shortcut).toBe('Alt+Shift+P');
    await again.close();
    removeDir(dir);
  });

  it("keeps the update setting, and says updates are the desktop app's unless the shell gives its own words", async () => {
    const dir = tempDir('punch-core-updates-');
    const plain = await createPunchcard({ dataDir: dir, secrets: memorySecrets(), autoSync: false, ...onTestClock() });
    expect((await call<{ autoUpdate: boolean }>(plain, 'getPreferences')).autoUpdate).toBe(true); // on by default
    expect((await call<{ autoUpdate: boolean }>(plain, 'updatePreferences', { autoUpdate: false })).autoUpdate).toBe(false);
    expect((await call<{ words: string }>(plain, 'getUpdateStatus')).words).toMatch(/^Updates come with the installed desktop app/);
    await plain.close();
    const shell = await createPunchcard({
      dataDir: dir,
      secrets: memorySecrets(),
      autoSync: false,
      ...onTestClock(),
      updateStatus: () => ({ words: 'Punchcard 1.4.0 is up to date.' }),
    });
    expect((await call<{ autoUpdate: boolean }>(shell, 'getPreferences')).autoUpdate).toBe(false); // kept across starts
    expect(await call(shell, 'getUpdateStatus')).toEqual({ words: 'Punchcard 1.4.0 is up to date.' });
    const refused = await shell.dispatch('updatePreferences', { autoUpdate: 'yes' });
    expect(refused.ok).toBe(false);
    await shell.close();
    removeDir(dir);
  });
});
