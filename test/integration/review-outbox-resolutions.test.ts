/**
 * Review findings on the outbox's resolutions, against the real sandbox over HTTP: a choice the entry does not offer
 * (from `punch outbox ...` or a stale screen) must not lose an hour or make the ledger disagree with the service.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/core/service';
import { counts, startHarness, someJob, type Harness } from '../fixtures/logging-harness';
import { TEST_TODAY } from '../fixtures/test-clock';

const today = () => TEST_TODAY;
let h: Harness;
let job: { jobId: string; jobName: string };

beforeEach(async () => {
  h = await startHarness();
  job = await someJob(h.client, h.sandbox.demoUser);
  await h.logging.handlers.listJobs({ status: 'all' });
  await h.logging.handlers.syncNow({});
  h.sandbox.resetRequests();
});
afterEach(async () => {
  await h?.close();
});

const entry = (description: string, hours = '00:30') => ({ ...job, workDate: today(), hours, billable: true, description });
const onService = (description: string) => h.serviceLogs().filter((l) => l.description === description);
const opOf = async (localId: string) => (await h.logging.handlers.getOutbox({})).find((e) => e.localId === localId && e.kind === 'add')!;

describe('choices an outbox entry does not offer', () => {
  it('refuses "It is there" for a queued add, which then still reaches the service exactly once', async () => {
    await h.sandbox.setOffline(true);
    const { log: logged } = await h.logging.handlers.logTime(entry('queued, not recorded'));
    const op = await opOf(logged.localId);
    expect(op.state).toBe('queued');
    await expect(h.logging.handlers.markEntryRecorded({ id: op.id })).rejects.toThrow(InvalidInputError);
    await expect(h.logging.handlers.markEntryRecorded({ id: op.id })).rejects.toThrow(/still waiting to be sent/);

    await h.sandbox.setOffline(false);
    await h.logging.handlers.syncNow({});
    expect(onService('queued, not recorded')).toHaveLength(1);
    expect((await opOf(logged.localId)).state).toBe('synced');
  });

  it('refuses "Send again" for a queued entry without changing it', async () => {
    await h.sandbox.setOffline(true);
    const { log: logged } = await h.logging.handlers.logTime(entry('queued, no retry'));
    const op = await opOf(logged.localId);
    await expect(h.logging.handlers.retryEntry({ id: op.id })).rejects.toThrow(/cannot be sent again/);
    expect(await opOf(logged.localId)).toMatchObject({ state: 'queued' });
  });

  it('refuses to fix an add while it is in flight, so the ledger keeps the values the service received', async () => {
    h.sandbox.fault({ kind: 'delay', ms: 2_500, match: 'addtimelog', times: 1 });
    const logging = h.logging.handlers.logTime(entry('fixed in flight'));
    await expect.poll(async () => (await h.logging.handlers.getOutbox({}))[0]?.state).toBe('sending');
    const [op] = await h.logging.handlers.getOutbox({});
    await expect(h.logging.handlers.fixEntry({ id: op.id, hours: '02:00' })).rejects.toThrow(/being sent right now/);
    const { log: logged } = await logging;
    // the add answers 2.5 s after it was sent (and this harness never read the company's rules, so they are read first); give it room on a busy machine
    await expect.poll(async () => (await opOf(logged.localId)).state, { timeout: 5_000 }).toBe('synced');

    const [service] = onService('fixed in flight');
    const week = await h.logging.handlers.getWeek({ date: today() });
    const row = week.logs.find((l) => l.localId === logged.localId)!;
    expect(service.minutes).toBe(30);
    expect(row.hours).toBe('00:30');
  });

  it('refuses to fix an add that already reached the service (the fix would never be sent)', async () => {
    const { log: logged, state } = await h.logging.handlers.logTime(entry('fixed after sync'));
    expect(state).toBe('synced');
    const op = await opOf(logged.localId);
    await expect(h.logging.handlers.fixEntry({ id: op.id, hours: '03:00' })).rejects.toThrow(/already reached the service/);
    const week = await h.logging.handlers.getWeek({ date: today() });
    expect(week.logs.find((l) => l.localId === logged.localId)?.hours).toBe('00:30');
    expect(counts(h.sandbox, 'edittimelog')).toBe(0);
  });

  it('still fixes a refused add and sends the fixed values once', async () => {
    const { log: logged } = await h.logging.handlers.logTime({
      ...entry('refused then fixed'),
      jobId: 'no-such-job',
      jobName: 'No such job',
    });
    const op = await opOf(logged.localId);
    expect(op.resolutions).toContain('fix');
    await h.logging.handlers.fixEntry({ id: op.id, jobId: job.jobId });
    await h.logging.handlers.syncNow({});
    expect(onService('refused then fixed')).toHaveLength(1);
    expect((await opOf(logged.localId)).state).toBe('synced');
  });
});
