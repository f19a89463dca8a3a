/**
 * The app's side of a damaged account file: not signed in, never the demo, also after a restart; every
 * operation that needs the service says so; choosing an account (here the demo, explicitly) ends it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { memorySecrets } from '../../src/core/account';
import { createPunchcard, type Punchcard } from '../../src/core';
import { startSandbox } from '../../src/sandbox';
import { runningClock, TEST_TODAY } from '../fixtures/test-clock';

const dirs: string[] = [];
const cores: Punchcard[] = [];
afterEach(async () => {
  for (const c of cores.splice(0)) await c.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
async function open(dataDir: string): Promise<Punchcard> {
  const core = await createPunchcard({
    dataDir,
    secrets: memorySecrets(),
    autoSync: false,
    // on the test's day: the demo company, if the user chooses it, starts on the clock's day too
    clock: runningClock(),
    demoService: () => import('../../src/sandbox'),
    startSandbox: (o) => startSandbox({ ...o, today: TEST_TODAY }),
  });
  cores.push(core);
  return core;
}

it('stays "not signed in" across a restart, refuses to log or sync, and ends when the user chooses an account', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'punch-account-damaged-'));
  dirs.push(dataDir);
  writeFileSync(join(dataDir, 'account.json'), '{"account": {"kind": "service", "baseUrl": "https://people.zoho.eu/people", "user": ');
  const first = await open(dataDir);
  const status = await first.handlers.getStatus({});
  expect(status.account).toMatchObject({ kind: 'service', signedIn: false, baseUrl: '', user: '' });
  expect(status.account.problem).toMatch(
    /^Not signed in: the account file could not be read \(kept as .*\)\. .*Sign in again: Settings → Account, or `punch login`/,
  );
  expect(status.damage).toHaveLength(1);
  await first.close();
  cores.splice(0);

  const second = await open(dataDir);
  expect((await second.handlers.getAccount({})).problem).toMatch(/could not be read/);
  const log = await second.dispatch('logTime', { jobName: 'Backend API', workDate: TEST_TODAY, hours: '01:00' });
  expect(log).toMatchObject({ ok: false, error: { name: 'AuthError', message: expect.stringMatching(/^Not signed in/) } });
  expect(await second.handlers.getOutbox({})).toEqual([]);
  const jobs = await second.dispatch('listJobs', { refresh: true });
  expect(jobs).toMatchObject({ ok: false, error: { name: 'AuthError' } });
  // acknowledging the report does not sign anyone in
  await second.handlers.acknowledgeDamage({ all: true });
  expect((await second.handlers.getStatus({})).account.problem).toMatch(/could not be read/);

  const demo = await second.handlers.useSandbox({});
  expect(demo).toMatchObject({ kind: 'sandbox', signedIn: true });
  expect(demo.problem).toBeUndefined();
  await second.close();
  cores.splice(0);
  expect((await (await open(dataDir)).handlers.getAccount({})).kind).toBe('sandbox');
}, 60_000);
