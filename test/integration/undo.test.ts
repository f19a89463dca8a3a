/**
 * Undo over the real sandbox (issue 27 part 6): a change undone before it left sends nothing; one that reached the
 * service gets its inverse exactly once (add -> delete, edit -> edit back, delete -> the log again), through the same
 * rules and outbox, offline too. Requests are counted with sandbox.requests().
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UndoResult } from '../../src/shared/contract';
import { counts, startHarness, someJob, type Harness } from '../fixtures/logging-harness';
import { TEST_TODAY } from '../fixtures/test-clock';

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

const entry = (description: string, hours = '00:30') => ({ ...job, workDate: TEST_TODAY, hours, billable: true, description });
const onService = (description: string) => h.serviceLogs().filter((l) => l.description === description);
const timelogRequests = () => h.sandbox.requests().filter((r) => /timelog/.test(r.path));
const undo = (id?: string) => h.logging.handlers.undoChange(id ? { id } : {}) as Promise<UndoResult>;

describe('undo of an add', () => {
  it('takes a queued add out of the outbox: nothing is sent, then or when the service is back', async () => {
    await h.sandbox.setOffline(true);
    const logged = await h.logging.handlers.logTime(entry('typo'));
    expect(logged.state).toBe('queued');
    const r = await undo(logged.undoId);
    expect(r).toMatchObject({ kind: 'add', withdrawn: true, log: { description: 'typo', hours: '00:30' } });
    await h.sandbox.setOffline(false);
    await h.logging.handlers.syncNow({});
    expect(timelogRequests()).toEqual([]);
    expect(onService('typo')).toEqual([]);
    expect(h.logging.status()).toMatchObject({ queued: 0, sending: 0 });
  });

  it('deletes a synced add exactly once', async () => {
    const logged = await h.logging.handlers.logTime(entry('logged by mistake'));
    expect(logged.state).toBe('synced');
    expect(onService('logged by mistake')).toHaveLength(1);
    const r = await undo(logged.undoId);
    expect(r).toMatchObject({ kind: 'add', state: 'synced' });
    expect(r.withdrawn).toBeUndefined();
    expect(onService('logged by mistake')).toEqual([]);
    await expect(undo(logged.undoId)).rejects.toThrow(/undone already/);
    await h.logging.handlers.syncNow({});
    expect(counts(h.sandbox, 'deletetimelog')).toBe(1);
  });

  it('an undo while the add is in flight waits for its answer, then deletes it once', async () => {
    h.sandbox.fault({ kind: 'delay', ms: 600, match: 'addtimelog', times: 1 });
    const logging = h.logging.handlers.logTime(entry('in flight'));
    // the add is marked sending before its request leaves; the undo meets it there
    await expect.poll(() => h.logging.status().sending, { interval: 10 }).toBe(1);
    const logged = await logging;
    const r = await undo(logged.undoId);
    expect(r.withdrawn).toBeUndefined();
    await h.logging.handlers.syncNow({});
    await expect.poll(() => onService('in flight')).toEqual([]);
    expect(counts(h.sandbox, 'addtimelog')).toBe(1);
    expect(counts(h.sandbox, 'deletetimelog')).toBe(1);
  });

  it('an undo racing the sync of its add: whichever wins the outbox lock, the service ends without it, the add sent at most once', async () => {
    for (let i = 0; i < 5; i++) {
      const description = `race ${i}`;
      await h.sandbox.setOffline(true);
      const logged = await h.logging.handlers.logTime(entry(description));
      await h.sandbox.setOffline(false);
      h.sandbox.resetRequests();
      // the sync and the undo start together: the journal's lock orders them (write-ahead `sending` mark, or withdrawn)
      const [, undone] = await Promise.all([h.logging.handlers.syncNow({}), undo(logged.undoId)]);
      await h.logging.handlers.syncNow({});
      expect(onService(description)).toEqual([]);
      const adds = counts(h.sandbox, 'addtimelog');
      expect(adds).toBeLessThanOrEqual(1);
      expect(counts(h.sandbox, 'deletetimelog')).toBe(adds);
      expect(undone.withdrawn === true).toBe(adds === 0);
    }
  });
});

describe('undo of an edit', () => {
  it('sends the previous values back once for a synced edit', async () => {
    const { log } = await h.logging.handlers.logTime(entry('before', '01:00'));
    const edited = await h.logging.handlers.editLog({ localId: log.localId, hours: '02:00', description: 'after' });
    expect(onService('after')).toMatchObject([{ minutes: 120 }]);
    const r = await undo(edited.undoId);
    expect(r).toMatchObject({ kind: 'edit', state: 'synced', log: { hours: '01:00', description: 'before' } });
    expect(onService('before')).toMatchObject([{ minutes: 60 }]);
    expect(counts(h.sandbox, 'edittimelog')).toBe(2);
  });

  it('an edit undone offline before it left sends no edit at all', async () => {
    const { log } = await h.logging.handlers.logTime(entry('kept', '01:00'));
    await h.sandbox.setOffline(true);
    const edited = await h.logging.handlers.editLog({ localId: log.localId, hours: '03:00' });
    await undo(edited.undoId);
    await h.sandbox.setOffline(false);
    await h.logging.handlers.syncNow({});
    expect(counts(h.sandbox, 'edittimelog')).toBe(0);
    expect(onService('kept')).toMatchObject([{ minutes: 60 }]);
  });
});

describe('undo of a delete', () => {
  it('adds a synced log that was deleted back once, with the same values', async () => {
    const { log } = await h.logging.handlers.logTime(entry('deleted by mistake', '01:15'));
    const deleted = await h.logging.handlers.deleteLog({ localId: log.localId });
    expect(onService('deleted by mistake')).toEqual([]);
    const r = await undo(deleted.undoId);
    expect(r).toMatchObject({ kind: 'delete', state: 'synced', log: { hours: '01:15', description: 'deleted by mistake' } });
    await expect(undo(deleted.undoId)).rejects.toThrow(/undone already/);
    await h.logging.handlers.syncNow({});
    expect(onService('deleted by mistake')).toMatchObject([{ minutes: 75, jobId: job.jobId }]);
  });

  it('withdraws a delete made offline: the log stays on the service and no request is made', async () => {
    const { log } = await h.logging.handlers.logTime(entry('still here'));
    await h.sandbox.setOffline(true);
    const deleted = await h.logging.handlers.deleteLog({ localId: log.localId });
    expect(deleted.state).toBe('queued');
    h.sandbox.resetRequests();
    const r = await undo(deleted.undoId);
    expect(r.withdrawn).toBe(true);
    await h.sandbox.setOffline(false);
    await h.logging.handlers.syncNow({});
    expect(timelogRequests()).toEqual([]);
    expect(onService('still here')).toHaveLength(1);
    const week = await h.logging.handlers.getWeek({ date: TEST_TODAY });
    expect(week.logs.filter((l) => l.description === 'still here')).toHaveLength(1);
  });
});

describe('the last change', () => {
  it('without an id undoes the latest change, then the one before it, then says there is nothing left', async () => {
    await h.logging.handlers.logTime(entry('first'));
    await h.logging.handlers.logTime(entry('second'));
    expect((await undo()).log.description).toBe('second');
    expect((await undo()).log.description).toBe('first');
    expect(onService('first')).toEqual([]);
    expect(onService('second')).toEqual([]);
    await expect(undo()).rejects.toThrow(/Nothing to undo/);
  });
});
