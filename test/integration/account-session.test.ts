import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountHandlers, memorySecrets, createSession } from '../../src/core/account';
import type { AccountSession, SessionOptions } from '../../src/core/account';
import type { SecretStore } from '../../src/core/context';
import type { KeyValueStore } from '../../src/core/store';
import { AuthError, InvalidInputError } from '../../src/core/service';
import { memoryStore } from '../../src/core/store';
import { startSandbox } from '../../src/sandbox';
import type { Sandbox } from '../../src/sandbox';
import { removeDir, tempDir } from '../fixtures/temp-dirs';
import { runningClock, TEST_TODAY } from '../fixtures/test-clock';

let sb: Sandbox;
let dataDir: string;
let store: KeyValueStore;
let secrets: SecretStore;
const open: AccountSession[] = [];
const clock = runningClock();

function session(extra: Partial<SessionOptions> = {}): AccountSession {
  const s = createSession({
    dataDir,
    store,
    secrets,
    clock,
    demoService: () => import('../../src/sandbox'),
    startSandbox: (o) => startSandbox({ ...o, today: TEST_TODAY }),
    ...extra,
  });
  open.push(s);
  return s;
}

beforeAll(async () => {
  sb = await startSandbox({ today: TEST_TODAY });
});
afterAll(async () => {
  await sb.close();
});
beforeEach(() => {
  dataDir = tempDir('punch-session-');
  store = memoryStore()('account');
  secrets = memorySecrets();
});
afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
  removeDir(dataDir);
});

describe('the built-in sandbox account', () => {
  it('is the account when nothing is configured, and starts only when first used', async () => {
    const s = session();
    expect(s.account()).toMatchObject({ kind: 'sandbox', user: 'maya.patel@demo.punchcard.test', authMethod: 'none', signedIn: true });
    const stateFile = join(dataDir, 'sandbox-state.json');
    expect(existsSync(stateFile)).toBe(false);
    const jobs = await s.client().allJobs();
    expect(jobs.length).toBeGreaterThan(0);
    expect(s.account().baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await s.client().addTimeLog({ user: s.user(), workDate: TEST_TODAY, hours: '00:15', jobId: jobs[0].jobId });
    expect(existsSync(stateFile)).toBe(true);
  });

  it('can act as another demo employee, remembered for the next start', async () => {
    const handlers = accountHandlers(session());
    const info = await handlers.useSandbox({ user: 'liam.chen@demo.punchcard.test' });
    expect(info).toMatchObject({ kind: 'sandbox', user: 'liam.chen@demo.punchcard.test' });
    const next = session();
    expect(next.user()).toBe('liam.chen@demo.punchcard.test');
    // liam manages no one: "all" is only his own timesheets
    const sheets = await next.client().allTimesheets({ user: 'all' });
    expect(sheets.length).toBeGreaterThan(0);
    expect(new Set(sheets.map((t) => t.employeeEmail))).toEqual(new Set(['liam.chen@demo.punchcard.test']));
  });

  it('refuses a user the demo company does not have', async () => {
    const s = session();
    await expect(s.useSandbox('nobody@example.com')).rejects.toThrow(InvalidInputError);
    await expect(s.useSandbox('nobody@example.com')).rejects.toThrow(/Employee: "nobody@example.com" is not an employee/);
    expect(s.account().user).toBe('maya.patel@demo.punchcard.test');
  });
});

describe('sign-in with a pasted token', () => {
  it('checks the token once, keeps it in the keychain, and the next start uses it', async () => {
    const s = session();
    const changes: string[] = [];
    s.onChange((a) => changes.push(`${a.kind}:${a.authMethod}`));
    sb.resetRequests();
    const token = sb.issueToken({ user: 'sofia.garcia@demo.punchcard.test', scopes: ['timetracker.ALL', 'forms.ALL'] });
    const info = await s.signInWithToken({ baseUrl: sb.url, user: 'sofia.garcia@demo.punchcard.test', token });
    expect(info).toEqual({
      kind: 'service',
      baseUrl: sb.url,
      user: 'sofia.garcia@demo.punchcard.test',
      authMethod: 'token',
      authScheme: 'Zoho-oauthtoken',
      signedIn: true,
    });
    expect(sb.requests().map((r) => r.path)).toEqual(['/api/timetracker/gettimetrackersettings']);
    expect(await secrets.get('pasted-token')).toBe(token);
    expect(JSON.stringify(store.get('account'))).not.toContain(token);
    expect(changes).toEqual(['service:token']);

    const next = session();
    expect(next.account()).toEqual(info);
    const mine = await next.client().allTimesheets({ user: next.user() });
    expect(mine.every((t) => t.employeeEmail === 'sofia.garcia@demo.punchcard.test')).toBe(true);
    expect(next.secretsInMemory()).toEqual([token]);
  });

  it('refuses a wrong token with what to do, and keeps the previous account', async () => {
    const s = session();
    const err = await s.signInWithToken({ baseUrl: sb.url, user: sb.demoUser, token: 'not-a-real-token-123' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthError);
    expect((err as Error).message).toMatch(/refused the token.*paste it again.*Nothing was saved/);
    expect((err as Error).message).not.toContain('not-a-real-token-123');
    expect(await secrets.get('pasted-token')).toBeNull();
    expect(store.get('account')).toBeUndefined();
    expect(s.account().kind).toBe('sandbox');
  });

  it('says which permission is missing when the token lacks the time tracker scope', async () => {
    const token = sb.issueToken({ user: sb.demoUser, scopes: ['forms.READ'] });
    await expect(session().signInWithToken({ baseUrl: sb.url, user: sb.demoUser, token })).rejects.toThrow(
      /lacks permission \(scopes ZOHOPEOPLE.timetracker.ALL/,
    );
    expect(await secrets.get('pasted-token')).toBeNull();
  });

  it('needs a service address or a data centre', async () => {
    await expect(session().signInWithToken({ user: sb.demoUser, token: sb.demoToken })).rejects.toThrow(
      /Service address or data centre: one of them is required/,
    );
    await expect(session().signInWithToken({ user: sb.demoUser, token: sb.demoToken, dataCentre: 'xx' })).rejects.toThrow(
      /Unknown data centre "xx": the data centre must be one of/,
    );
  });

  it('signs out: the token leaves the keychain and the demo is back', async () => {
    const s = session();
    await s.signInWithToken({ baseUrl: sb.url, user: sb.demoUser, token: sb.demoToken });
    const info = await accountHandlers(s).signOut({});
    expect(info.kind).toBe('sandbox');
    expect(await secrets.get('pasted-token')).toBeNull();
    expect(session().account().kind).toBe('sandbox');
  });
});

describe('an environment account (PUNCH_BASE_URL, PUNCH_TOKEN, PUNCH_USER)', () => {
  it('is used as is, with nothing stored', async () => {
    const s = session({ env: { baseUrl: sb.url, token: sb.demoToken, user: sb.demoUser } });
    expect(s.account()).toMatchObject({ kind: 'service', baseUrl: sb.url, user: sb.demoUser, authMethod: 'token', signedIn: true });
    expect((await s.client().settings()).maxMinutesPerDay).toBe(600);
    expect(store.get('account')).toBeUndefined();
    expect(await secrets.get('pasted-token')).toBeNull();
  });

  it('says which variable is missing', async () => {
    const noToken = session({ env: { baseUrl: sb.url, user: sb.demoUser } });
    expect(noToken.account().signedIn).toBe(false);
    expect(() => noToken.client()).toThrow(/set PUNCH_TOKEN/);
    const noUser = session({ env: { baseUrl: sb.url, token: sb.demoToken } });
    expect(() => noUser.user()).toThrow(/set PUNCH_USER/);
  });

  it('reports a refused token as an AuthError that names the variable', async () => {
    const s = session({ env: { baseUrl: sb.url, token: 'expired-token-0000', user: sb.demoUser } });
    await expect(s.client().settings()).rejects.toThrow(/PUNCH_TOKEN/);
  });
});
