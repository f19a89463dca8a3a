/**
 * The status says offline when any call cannot connect, reads included, and online again on the next call the
 * service answers (src/core/service/reachability.ts). Only a failed write used to flip it, so with nothing
 * queued the app said "online" while every screen showed cached data. Against the sandbox over HTTP, taken offline.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AppStatus } from '../../src/shared/domain';
import { memorySecrets } from '../../src/core/account';
import { createPunchcard, type Punchcard } from '../../src/core';
import { startSandbox, type Sandbox } from '../../src/sandbox/index';
import { weekStartOf } from '../../src/shared/time/week';
import { startHarness, someJob, type Harness } from '../fixtures/logging-harness';
import { onTestClock } from '../fixtures/core-over-sandbox';
import { removeDir, tempDir } from '../fixtures/temp-dirs';
import { TEST_TODAY } from '../fixtures/test-clock';

const today = () => TEST_TODAY;
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const onlineEvents = (x: Harness) => x.events.filter((e) => e.event === 'status').map((e) => (e.payload as AppStatus).online);

describe('the status after reads', () => {
  it('says offline when the job list cannot be refreshed, and online again after the next read', async () => {
    h = await startHarness();
    const jobs = await h.logging.handlers.listJobs({});
    expect(h.logging.status().online).toBe(true);
    h.events.length = 0;

    await h.sandbox.setOffline(true);
    // the list still comes from the cache: the failure is only visible in the status
    expect(await h.logging.handlers.listJobs({ refresh: true })).toEqual(jobs);
    // The failure is a refused connection, or (when the kept-alive socket was written to before its close was seen, as
    // on a loaded machine) a lost connection, which the core measures at once with one read on a new connection before
    // it says offline (reachability.ts `note`): so the status says it as soon as that read fails, not necessarily by now.
    await expect.poll(() => h!.logging.status().online).toBe(false);
    expect(h.logging.status()).toMatchObject({ online: false, queued: 0 });
    expect(onlineEvents(h)).toEqual([false]);

    await h.sandbox.setOffline(false);
    // while offline the week is read at most once per check step (src/core/service/reachability.ts)
    await expect.poll(async () => (await h!.logging.handlers.getWeek({ date: today() })).fresh).toBe(true);
    expect(h.logging.status().online).toBe(true);
    expect(onlineEvents(h)).toEqual([false, true]);
  });

  it('says offline when the week cannot be read, even with a fresh copy kept, and reads it again once back', async () => {
    h = await startHarness();
    await h.logging.handlers.getCompanySettings({});
    await h.logging.handlers.getWeek({ date: today() });
    await h.sandbox.setOffline(true);
    // the kept copy is fresh, so this needs no request: the app does not know yet
    expect(await h.logging.handlers.getWeek({ date: today() })).toMatchObject({ fresh: true });
    await h.logging.handlers.getCompanySettings({ refresh: true });
    expect(h.logging.status().online).toBe(false);
    // now it knows: the kept copy is not fresh (read again at the next check step, the way to learn it is back)
    expect(await h.logging.handlers.getWeek({ date: today() })).toMatchObject({ fresh: false });
    const preview = await h.logging.handlers.previewSubmit({ weekStart: weekStartOf(today()) });
    expect(preview.blockers.join(' ')).toMatch(/cannot be reached/);

    await h.sandbox.setOffline(false);
    await expect.poll(async () => (await h!.logging.handlers.getWeek({ date: today() })).fresh).toBe(true);
    expect(h.logging.status().online).toBe(true);
  });

  it('stays online when the service answers a read with an error', async () => {
    h = await startHarness();
    h.sandbox.fault({ kind: 'http-5xx', status: 503, match: 'getjobs' });
    await h.logging.handlers.listJobs({ refresh: true }).catch(() => undefined);
    h.sandbox.fault(null);
    expect(h.logging.status().online).toBe(true);
    expect(h.sandbox.requests().some((r) => r.path.includes('getjobs') && r.status === 503)).toBe(true);
  });

  it('sends what waited for the connection as soon as a read gets through, without waiting for the retry', async () => {
    // a retry a minute away: only the read can be what sends the entry in time
    h = await startHarness({ sync: { backoffBaseMs: 60_000, backoffMaxMs: 60_000 } });
    const job = await someJob(h.client, h.sandbox.demoUser);
    await h.logging.handlers.getCompanySettings({});
    await h.sandbox.setOffline(true);
    const logged = await h.logging.handlers.logTime({
      ...job,
      workDate: today(),
      hours: '00:45',
      billable: true,
      description: 'sent after a read',
    });
    expect(logged.state).toBe('queued');
    expect(h.logging.status().online).toBe(false);

    await h.sandbox.setOffline(false);
    // the user asks for the week (a refresh goes even between check steps); its answer sends the entry at once
    await h.logging.handlers.getWeek({ date: today(), refresh: true });
    await expect.poll(() => h!.serviceLogs().filter((l) => l.description === 'sent after a read').length, { timeout: 3_000 }).toBe(1);
    await expect.poll(() => h!.logging.status().queued).toBe(0);
  });
});

describe('getStatus of the whole core', () => {
  let sandbox: Sandbox | undefined;
  let core: Punchcard | undefined;
  let dataDir: string | undefined;
  afterEach(async () => {
    await core?.close();
    await sandbox?.close();
    if (dataDir) removeDir(dataDir);
    core = sandbox = dataDir = undefined;
  });

  it('answers online false after a failed read and true after the next answered one', async () => {
    sandbox = await startSandbox({ seed: 1, today: TEST_TODAY });
    dataDir = tempDir('punch-status-');
    core = await createPunchcard({
      dataDir,
      secrets: memorySecrets(),
      autoSync: false,
      ...onTestClock(),
      env: { baseUrl: sandbox.url, token: sandbox.demoToken, user: sandbox.demoUser },
    });
    const seen: boolean[] = [];
    core.on('status', (s) => seen.push(s.online));
    await core.handlers.getCompanySettings({});
    expect((await core.handlers.getStatus({})).online).toBe(true);
    seen.length = 0; // from "not checked yet" to online: not a change of `online`

    await sandbox.setOffline(true);
    await core.handlers.getWeek({ date: today() });
    expect((await core.handlers.getStatus({})).online).toBe(false);
    await sandbox.setOffline(false);
    await core.handlers.getCompanySettings({ refresh: true });
    expect((await core.handlers.getStatus({})).online).toBe(true);
    expect(seen).toEqual([false, true]);
  });
});
