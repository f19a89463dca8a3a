/**
 * The outbox promise against the real sandbox over HTTP: an hour logged is never lost and never counted twice,
 * offline, when the service refuses, or when it answers ambiguously. Requests are counted with sandbox.requests().
 */
import fs from 'node:fs';
import path from 'node:path';
import { listDamage } from '../../src/core/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { counts, startHarness, someJob, tempDir, type Harness } from '../fixtures/logging-harness';
import { TEST_TODAY } from '../fixtures/test-clock';

const today = () => TEST_TODAY;
let h: Harness;
let job: { jobId: string; jobName: string };

beforeEach(async () => {
  h = await startHarness();
  job = await someJob(h.client, h.sandbox.demoUser);
  await h.logging.handlers.listJobs({ status: 'all' }); // the picker's cache, as the app has it before going offline
  await h.logging.handlers.syncNow({});
  h.sandbox.resetRequests();
});
afterEach(async () => {
  await h?.close();
});

const entry = (description: string, hours = '00:30', workDate = today()) => ({ ...job, workDate, hours, billable: true, description });
const onService = (description: string) => h.serviceLogs().filter((l) => l.description === description);

describe('offline logging', () => {
  it('queues five entries while offline and sends each exactly once when the service is back', async () => {
    await h.sandbox.setOffline(true);
    const results = [];
    for (let i = 1; i <= 5; i++) results.push(await h.logging.handlers.logTime(entry(`offline ${i}`)));
    expect(results.map((r) => r.state)).toEqual(['queued', 'queued', 'queued', 'queued', 'queued']);
    // nothing is lost while the background retries keep failing
    await expect.poll(() => h.logging.status()).toMatchObject({ queued: 5, sending: 0, needsAttention: 0, online: false });

    await h.sandbox.setOffline(false);
    const report = await h.logging.handlers.syncNow({});
    expect(report).toMatchObject({ remaining: 0, needsAttention: 0, online: true });
    for (let i = 1; i <= 5; i++) expect(onService(`offline ${i}`)).toHaveLength(1);
    expect(counts(h.sandbox, 'addtimelog')).toBe(5);
    const outbox = await h.logging.handlers.getOutbox({});
    expect(outbox.filter((e) => e.state !== 'synced')).toEqual([]);
  });

  it('sends an add edited three times offline as one addtimelog with the last values and no edittimelog', async () => {
    await h.sandbox.setOffline(true);
    const { log: logged } = await h.logging.handlers.logTime(entry('draft'));
    await h.logging.handlers.editLog({ localId: logged.localId, hours: '01:00' });
    await h.logging.handlers.editLog({ localId: logged.localId, description: 'final words' });
    await h.logging.handlers.editLog({ localId: logged.localId, hours: '01:15', billable: false });
    await h.sandbox.setOffline(false);
    await h.logging.handlers.syncNow({});

    expect(counts(h.sandbox, 'addtimelog')).toBe(1);
    expect(counts(h.sandbox, 'edittimelog')).toBe(0);
    const [log] = onService('final words');
    expect(log).toMatchObject({ minutes: 75, workDate: today() });
    expect((log as unknown as { billingStatus: string }).billingStatus).toBe('Non Billable');
  });

  it('sends nothing at all for an entry deleted before it ever reached the service', async () => {
    await h.sandbox.setOffline(true);
    const { log: logged } = await h.logging.handlers.logTime(entry('never mind'));
    const deleted = await h.logging.handlers.deleteLog({ localId: logged.localId });
    expect(deleted.state).toBe('synced');
    await h.sandbox.setOffline(false);
    h.sandbox.resetRequests();
    await h.logging.handlers.syncNow({});
    expect(h.sandbox.requests().filter((r) => /timelog/.test(r.path))).toEqual([]);
    expect(await h.logging.handlers.getOutbox({})).toEqual([]);
  });

  it('folds two edits of a synced log made offline into one edittimelog', async () => {
    const { log: logged, state } = await h.logging.handlers.logTime(entry('to be edited'));
    expect(state).toBe('synced');
    await h.sandbox.setOffline(true);
    await h.logging.handlers.editLog({ localId: logged.localId, hours: '02:00' });
    await h.logging.handlers.editLog({ localId: logged.localId, description: 'edited twice' });
    await h.sandbox.setOffline(false);
    h.sandbox.resetRequests();
    await h.logging.handlers.syncNow({});
    expect(counts(h.sandbox, 'edittimelog')).toBe(1);
    expect(onService('edited twice')).toMatchObject([{ minutes: 120, timeLogId: logged.timeLogId }]);
  });
});

describe('answers lost after the service applied the request', () => {
  it('asks the user, and sends nothing again, when a dropped add cannot be found in any timesheet', async () => {
    h.sandbox.configure({ timeLogList: false }); // a service without gettimelogs: the timesheet fallback (reconcile-timelogs.test.ts has the list)
    h.sandbox.fault({ kind: 'commit-then-drop', match: 'addtimelog', times: 1 });
    const result = await h.logging.handlers.logTime(entry('dropped answer'));
    // settled as unsure while the call waited (or just after): said as it is, never as queued when unsure
    expect(result.state).toBe(result.log.sync === 'needs-attention' ? 'needs-attention' : 'queued');
    const [op] = (await h.logging.handlers.getOutbox({})).filter((e) => e.localId === result.log.localId);
    // what it looked at and found, and plainly that sending again may make a second copy
    expect(op).toMatchObject({
      state: 'needs-attention',
      resolutions: ['mark-recorded', 'retry', 'discard'],
      message: expect.stringMatching(
        /^The service may or may not have recorded this entry.*(No timesheet of yours covers \w{3} \d{1,2} \w{3} yet, so Punchcard had nowhere to look for it\.|Punchcard looked in the week's timesheets? "[^"]+"( and "[^"]+")* and did not find it, but).*Sending again makes a second copy if it is there after all\.$/,
      ),
    });
    await h.logging.handlers.syncNow({});
    await h.logging.handlers.syncNow({});
    expect(onService('dropped answer')).toHaveLength(1);
    expect(counts(h.sandbox, 'addtimelog')).toBe(1);
    expect(h.events.some((e) => e.event === 'notice')).toBe(true);

    // the user checked the service: it is there
    const after = await h.logging.handlers.markEntryRecorded({ id: op.id });
    expect(after.find((e) => e.id === op.id)?.state).toBe('synced');
    expect(onService('dropped answer')).toHaveLength(1);
  });

  it('settles a dropped add by itself once a timesheet covering its day shows the log', async () => {
    h.sandbox.configure({ timeLogList: false }); // a service without gettimelogs: the timesheet fallback (reconcile-timelogs.test.ts has the list)
    h.sandbox.fault({ kind: 'commit-then-drop', match: 'addtimelog', times: 1 });
    const { log: logged } = await h.logging.handlers.logTime(entry('found later'));
    expect((await h.logging.handlers.getOutbox({}))[0].state).toBe('needs-attention');
    // someone creates the week's timesheet (e.g. in the service's web UI): it gathers the log
    await h.client.createTimesheet({ user: h.sandbox.demoUser, timesheetName: 'covering', fromDate: today(), toDate: today() });
    await h.logging.handlers.syncNow({});

    const [log] = onService('found later');
    const outbox = await h.logging.handlers.getOutbox({});
    expect(outbox.find((e) => e.localId === logged.localId)).toMatchObject({ state: 'synced' });
    expect(outbox.find((e) => e.localId === logged.localId)?.attempts.map((a) => a.outcome)).toContain('reconciled');
    const week = await h.logging.handlers.getWeek({ date: today() });
    expect(week.logs.filter((l) => l.description === 'found later')).toMatchObject([
      { timeLogId: log.timeLogId, source: 'local', sync: 'synced' },
    ]);
    expect(onService('found later')).toHaveLength(1);
  });

  it('does not take absence from an existing timesheet as proof: a new log belongs to no timesheet yet', async () => {
    h.sandbox.configure({ timeLogList: false }); // a service without gettimelogs: the timesheet fallback (reconcile-timelogs.test.ts has the list)
    // a draft timesheet already covers today (it gathered an earlier log)
    await h.client.addTimeLog({ user: h.sandbox.demoUser, workDate: today(), hours: '00:10', ...job, description: 'earlier' });
    await h.client.createTimesheet({ user: h.sandbox.demoUser, timesheetName: 'draft', fromDate: today(), toDate: today() });
    h.sandbox.resetRequests();
    h.sandbox.fault({ kind: 'commit-then-drop', match: 'addtimelog', times: 1 });
    const result = await h.logging.handlers.logTime(entry('outside the draft'));
    expect(result.log).toMatchObject({
      sync: 'needs-attention',
      message: expect.stringMatching(
        /Punchcard looked in the week's timesheets "draft" and "[^"]+" and did not find it, but .* does not prove it is missing\..*'Send again'\. Sending again makes a second copy if it is there after all\./,
      ),
    });
    expect(counts(h.sandbox, 'gettimesheetdetails')).toBeGreaterThan(0);
    await h.logging.handlers.syncNow({});
    expect(counts(h.sandbox, 'addtimelog')).toBe(1);
    expect(onService('outside the draft')).toHaveLength(1);
  });

  it('finds out by reading the log that a dropped edit was applied, without sending it twice', async () => {
    const { log: logged } = await h.logging.handlers.logTime(entry('edit me'));
    h.sandbox.resetRequests();
    h.sandbox.fault({ kind: 'commit-then-drop', match: 'edittimelog', times: 1 });
    const r = await h.logging.handlers.editLog({ localId: logged.localId, hours: '03:00' });
    expect(r.state).toBe('synced');
    expect(counts(h.sandbox, 'edittimelog')).toBe(1);
    expect(counts(h.sandbox, 'gettimelogdetails')).toBe(1);
    expect(onService('edit me')).toMatchObject([{ minutes: 180 }]);
  });
});

describe('refusals and rate limits', () => {
  it('puts an entry the service refuses in needs-attention with its message and sends the entries behind it', async () => {
    // a day with hours logged elsewhere on a service that does not list logs: the local check cannot know them (they
    // are in no timesheet), the service refuses (8002)
    h.sandbox.configure({ timeLogList: false });
    const day = today();
    h.sandbox.elsewhere.log({ workDate: day, hours: '09:00', jobId: job.jobId, description: 'on the phone' });
    const over = '01:30';

    const refused = await h.logging.handlers.logTime(entry('too much', over, day));
    const behind = await h.logging.handlers.logTime(entry('behind it'));
    // refused while the call waited: said as such, never as queued, in words without the code (8002)
    expect(refused.state).toBe('needs-attention');
    expect(refused.log.sync).toBe('needs-attention');
    expect(refused.log.message).toBe(
      "The service refused this while sending a new log: that would go over your company's maximum hours for the day. Log fewer hours, or pick another day.",
    );
    expect(behind.state).toBe('synced');
    expect(onService('too much')).toHaveLength(0);
    expect(onService('behind it')).toHaveLength(1);
    const op = (await h.logging.handlers.getOutbox({})).find((e) => e.localId === refused.log.localId)!;
    expect(op.resolutions).toContain('fix');
    expect(op.field).toBe('hours'); // the Fix form opens on the hours

    // the user fixes it: the corrected add goes, once
    await h.logging.handlers.fixEntry({ id: op.id, hours: '00:05' });
    await h.logging.handlers.syncNow({});
    expect(onService('too much')).toMatchObject([{ minutes: 5 }]);
  });

  it('pauses only addtimelog on a 429 while an edit of another log still goes through', async () => {
    const { log: synced } = await h.logging.handlers.logTime(entry('already there'));
    h.sandbox.resetRequests();
    h.sandbox.fault({ kind: 'http-429', match: 'addtimelog', retryAfterSec: 1 });
    const waiting = await h.logging.handlers.logTime(entry('waits for the limit'));
    expect(waiting.state).toBe('queued');
    const edited = await h.logging.handlers.editLog({ localId: synced.localId, hours: '00:45' });
    expect(edited.state).toBe('synced');
    expect(counts(h.sandbox, 'addtimelog')).toBe(1);
    expect(counts(h.sandbox, 'edittimelog')).toBe(1);
    expect(onService('already there')).toMatchObject([{ minutes: 45 }]);

    h.sandbox.fault(null);
    // the pause ends by itself (Retry-After: 1 s) and the add goes without anyone asking
    await expect.poll(() => onService('waits for the limit').length, { timeout: 5_000, interval: 100 }).toBe(1);
    expect(counts(h.sandbox, 'addtimelog')).toBe(2);
  });

  it('keeps the other endpoints going during a 7209 lock-out of addtimelog', async () => {
    const { log: synced } = await h.logging.handlers.logTime(entry('before lock-out'));
    h.sandbox.configure({ rateLimits: { timetracker: { limit: 1, windowMs: 60_000 }, lockoutMs: 1_500 } });
    h.sandbox.resetRequests();
    await h.logging.handlers.logTime(entry('first in window'));
    const locked = await h.logging.handlers.logTime(entry('locked out'));
    expect(locked.state).toBe('queued');
    const edited = await h.logging.handlers.editLog({ localId: synced.localId, description: 'edited during lock-out' });
    expect(edited.state).toBe('synced');
    expect(onService('edited during lock-out')).toHaveLength(1);
    expect(onService('locked out')).toHaveLength(0);
    h.sandbox.configure({ rateLimits: false });
  });
});

describe('a damaged outbox file', () => {
  it('is kept byte for byte and reported, what it held is recovered, and the app opens', async () => {
    const dataDir = tempDir();
    // the old outbox.json, cut short in the middle of its first row
    const bytes =
      '{"journal":{"version":1,"rows":{"L-1":{"localId":"L-1","workDate":"2026-11-16","hours":"01:00","jobName":"Old","billingStatus":"Billable","createdAt":1,"updatedAt":1},"L-2":{"localId":"L-2","wor';
    fs.writeFileSync(path.join(dataDir, 'outbox.json'), bytes);
    const other = await startHarness({ sandbox: h.sandbox, dataDir });
    try {
      const [report] = listDamage(dataDir);
      expect(report).toMatchObject({ what: 'the outbox', recovered: 1 });
      expect(fs.readFileSync(report.keptAs, 'utf8')).toBe(bytes);
      expect(fs.readdirSync(dataDir).filter((f) => f.startsWith('outbox.json.migrated-'))).toHaveLength(1);
      expect(fs.existsSync(path.join(dataDir, 'outbox.json'))).toBe(false);
      expect(await other.logging.handlers.getOutbox({})).toEqual([]);
      const notice = other.events.find((e) => e.event === 'notice');
      expect((notice?.payload as { message: string }).message).toContain(report.keptAs);
      expect((notice?.payload as { message: string }).message).toContain('1 time log');
      const r = await other.logging.handlers.logTime(entry('after corruption'));
      expect(r.state).toBe('synced');
    } finally {
      await other.close();
    }
  });
});
