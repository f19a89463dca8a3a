/**
 * spec 4.2 time logs through the client, against the sandbox over real HTTP, including the write rules the outbox
 * relies on: a write is never retried by the client, and a lost answer says applied 'unknown'.
 * @inner src/core/service/types.ts
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { createServiceClient, NetworkError, ServerError, ServiceError, SANDBOX_POLICY } from '../../src/core/service';
import type { AddTimeLogInput, ServiceClient } from '../../src/core/service/types';
import { waitUntil } from '../fixtures/wait-until';

const TODAY = '2025-11-20';

let sb: Sandbox;
let client: ServiceClient;
let jobId: string;
beforeEach(async () => {
  sb = await startSandbox({ today: TODAY, seed: 1 });
  client = createServiceClient({ baseUrl: sb.url, getToken: async () => sb.demoToken, policy: SANDBOX_POLICY });
  jobId = sb.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(sb.demoUser))!.jobId;
});
afterEach(async () => {
  await sb.close();
});

const entry = (over: Partial<AddTimeLogInput> = {}): AddTimeLogInput => ({
  user: sb.demoUser,
  workDate: TODAY,
  hours: '01:30',
  jobId,
  description: 'Sprint planning',
  ...over,
});
const addRequests = () => sb.requests().filter((r) => r.path === '/api/timetracker/addtimelog');

describe('adding, reading, editing and deleting a time log', () => {
  it('adds a log and reads it back by the id the service returned', async () => {
    const added = await client.addTimeLog(entry({ billingStatus: 'Non Billable', workItem: 'Planning' }));
    expect(added.timeLogId).toMatch(/^\d+$/);
    const log = await client.timeLog(added.timeLogId);
    expect(log).toMatchObject({
      timeLogId: added.timeLogId,
      workDate: TODAY,
      hours: '01:30',
      jobId,
      billingStatus: 'Non Billable',
      workItem: 'Planning',
      description: 'Sprint planning',
    });
    expect(addRequests()[0].params).toEqual({
      user: sb.demoUser,
      workDate: TODAY,
      hours: '01:30',
      jobId,
      billingStatus: 'Non Billable',
      workItem: 'Planning',
      description: 'Sprint planning',
    });
  });

  it('adds a log by job name alone', async () => {
    const job = sb.state().jobs.find((j) => j.jobId === jobId)!;
    const { timeLogId } = await client.addTimeLog({ user: sb.demoUser, workDate: TODAY, hours: '00:45', jobName: job.jobName });
    expect((await client.timeLog(timeLogId))!.jobName).toBe(job.jobName);
  });

  it('edits only the fields given', async () => {
    const { timeLogId } = await client.addTimeLog(entry());
    await client.editTimeLog({ timeLogId, hours: '2:15' });
    expect(sb.requests().at(-1)!.params).toEqual({ timeLogId, hours: '02:15' });
    const log = await client.timeLog(timeLogId);
    expect(log).toMatchObject({ hours: '02:15', description: 'Sprint planning' });
  });

  it('deletes a log, after which reading it gives null', async () => {
    const { timeLogId } = await client.addTimeLog(entry());
    await client.deleteTimeLog(timeLogId);
    expect(await client.timeLog(timeLogId)).toBeNull();
  });

  it('passes on the service refusing a future date with its code', async () => {
    const err = await client.addTimeLog(entry({ workDate: '2025-11-21' })).catch((e) => e);
    expect(err).toBeInstanceOf(ServiceError);
    expect(err.code).toBe(8003);
    expect(err.applied).toBe('no');
  });
});

describe('writes are never retried by the client', () => {
  it('sends an add once after a 5xx and says the outcome is unknown', async () => {
    sb.fault({ kind: 'http-5xx', status: 503, match: 'addtimelog' });
    const err = await client.addTimeLog(entry()).catch((e) => e);
    expect(err).toBeInstanceOf(ServerError);
    expect(err.applied).toBe('unknown');
    expect(addRequests()).toHaveLength(1);
  });

  it('sends an add once when the service applied it and dropped the connection, and says the outcome is unknown', async () => {
    const before = sb.state().timeLogs.length;
    sb.fault({ kind: 'commit-then-drop', match: 'addtimelog' });
    const err = await client.addTimeLog(entry()).catch((e) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.applied).toBe('unknown');
    expect(addRequests()).toHaveLength(1);
    expect(sb.state().timeLogs.length).toBe(before + 1); // it was applied: a blind resend would have duplicated it
  });

  it('says an edit was not applied when the service is offline', async () => {
    const { timeLogId } = await client.addTimeLog(entry());
    await sb.setOffline(true);
    try {
      const err = await client.editTimeLog({ timeLogId, hours: '03:00' }).catch((e) => e);
      expect(err).toBeInstanceOf(NetworkError);
      expect(err.applied).toBe('no');
    } finally {
      await sb.setOffline(false);
    }
    expect((await client.timeLog(timeLogId))!.hours).toBe('01:30');
  });

  it('gives up on a write that gets no answer in time, after one attempt, with the outcome unknown', async () => {
    const impatient = createServiceClient({
      baseUrl: sb.url,
      getToken: async () => sb.demoToken,
      policy: { ...SANDBOX_POLICY, timeoutMs: 200 },
    });
    sb.fault({ kind: 'delay', ms: 1_000, match: 'addtimelog' });
    const err = await impatient.addTimeLog(entry()).catch((e) => e);
    // a failure at all shows it did not wait for the answer (that would be a success); its kind shows the timer ended it
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.kind).toBe('timeout');
    expect(err.applied).toBe('unknown');
    // the slow answer finished on the server side (its status is set when it is sent): no second attempt came
    await waitUntil('the sandbox to answer the slow add', () => addRequests()[0]?.status > 0);
    expect(addRequests()).toHaveLength(1);
  });

  it('retries a read after a 5xx, so a brief failure is invisible', async () => {
    const { timeLogId } = await client.addTimeLog(entry());
    sb.resetRequests();
    sb.fault({ kind: 'http-5xx', status: 500, match: 'gettimelogdetails', times: 2 });
    expect((await client.timeLog(timeLogId))!.timeLogId).toBe(timeLogId);
    expect(sb.requests().map((r) => r.status)).toEqual([500, 500, 200]);
  });
});
