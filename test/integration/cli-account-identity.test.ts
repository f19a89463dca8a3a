/**
 * Accounts by identity, through the real `punch`: an entry queued under an account stays attached to it.
 * The same account typed with a trailing slash or an upper-case email sends it; another account lists it with the
 * account it waits for, never sends it, counts it apart, and may discard it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogResult } from '../../src/shared/contract';
import type { AppStatus, OutboxEntry, SyncReport } from '../../src/shared/domain';
import { freeDay, startCliWorld, type CliWorld } from '../fixtures/cli-harness';

let w: CliWorld;
beforeAll(async () => {
  w = await startCliWorld();
});
afterAll(async () => {
  await w?.close();
});

const onService = (description: string) => w.sandbox.state().timeLogs.filter((l) => l.description === description);
const LIAM = 'liam.chen@demo.punchcard.test';

describe('entries stay with the account they were logged under', () => {
  it('the same account typed with a trailing slash and an upper-case email sends the queued entry', async () => {
    const day = freeDay(w.sandbox.state(), w.sandbox.demoUser, 60);
    await w.sandbox.setOffline(true);
    const typed = { PUNCH_BASE_URL: `${w.sandbox.url.toUpperCase()}/`, PUNCH_USER: w.sandbox.demoUser.toUpperCase() };
    const log = await w.punchJson<LogResult>(
      ['log', '--job-name', 'Backend API', '--date', day, '--hours', '00:45', '--description', 'typed another way'],
      { env: typed },
    );
    expect(log.code, log.stderr).toBe(0);
    expect(log.value.state).toBe('queued');
    await w.sandbox.setOffline(false);
    const sync = await w.punchJson<SyncReport>(['sync']);
    expect(sync.code, sync.stderr).toBe(0);
    expect(onService('typed another way')).toHaveLength(1);
  }, 60_000);

  it("another account's entry is listed with the account it waits for, is not sent, is counted apart, and can be discarded", async () => {
    const day = freeDay(w.sandbox.state(), w.sandbox.demoUser, 60);
    await w.sandbox.setOffline(true);
    const log = await w.punchJson<LogResult>([
      'log',
      '--job-name',
      'Backend API',
      '--date',
      day,
      '--hours',
      '00:20',
      '--description',
      "maya's entry",
    ]);
    expect(log.value.state).toBe('queued');
    await w.sandbox.setOffline(false);

    const liam = { PUNCH_USER: LIAM, PUNCH_TOKEN: w.sandbox.issueToken({ user: LIAM, scopes: ['timetracker.ALL', 'forms.ALL'] }) };
    const sync = await w.punch(['sync'], { env: liam });
    expect(sync.code).toBe(3);
    const host = new URL(w.sandbox.url).host;
    // each entry's line wraps within 100 columns, going on further in: read as one line
    expect(sync.stderr.replace(/\n {4}/g, ' ')).toContain(`waits for ${w.sandbox.demoUser} on ${host}: sign in to that account to send it`);
    expect(onService("maya's entry")).toHaveLength(0);

    const outbox = await w.punchJson<OutboxEntry[]>(['outbox'], { env: liam });
    const entry = outbox.value.find((e) => e.localId === log.value.log.localId)!;
    expect(entry).toMatchObject({
      state: 'queued',
      waitsFor: `waits for ${w.sandbox.demoUser} on ${host}: sign in to that account to send it`,
    });
    expect(entry.resolutions).toContain('discard');
    const human = await w.punch(['outbox'], { env: liam });
    expect(human.stdout).toContain(`waits for ${w.sandbox.demoUser}`);

    const status = await w.punchJson<AppStatus>(['status'], { env: liam });
    expect(status.value.outbox).toMatchObject({ queued: 0, otherAccounts: 1 });

    const discard = await w.punchJson<OutboxEntry[]>(['outbox', 'discard', entry.id], { env: liam });
    expect(discard.code, JSON.stringify(discard.value)).toBe(0);
    expect(discard.value.some((e) => e.id === entry.id)).toBe(false);
    expect(onService("maya's entry")).toHaveLength(0);
  }, 90_000);
});
