/**
 * `punch` while the service is unreachable (the sandbox stops listening: ECONNREFUSED) and after it comes back:
 * exit 2 for what needs the network, `log` still records (queued), `sync` sends each entry exactly once and exits 3
 * naming the entry the service refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogResult } from '../../src/shared/contract';
import type { Job, OutboxEntry, SyncReport } from '../../src/shared/domain';
import { freeDay, startCliWorld, type CliWorld } from '../fixtures/cli-harness';

let w: CliWorld;
let jobId: string;
/** A day the service holds 09:45 of, logged elsewhere in no timesheet. */
let fullDay: string;
beforeAll(async () => {
  w = await startCliWorld();
  jobId = w.sandbox.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(w.sandbox.demoUser))!.jobId;
});
afterAll(async () => {
  await w?.close();
});

const onService = (description: string) => w.sandbox.state().timeLogs.filter((l) => l.description === description);

describe('punch offline and back', () => {
  let refused: LogResult;

  it('serves the job list from the cache but exits 2 for a timesheet read', async () => {
    const online = await w.punchJson<Job[]>(['jobs']);
    expect(online.code).toBe(0);
    // hours logged elsewhere (the service's web page) in no timesheet: Punchcard cannot see them (spec 4.2)
    fullDay = freeDay(w.sandbox.state(), w.sandbox.demoUser, 600);
    const elsewhere = await fetch(`${w.sandbox.url}/api/timetracker/addtimelog`, {
      method: 'POST',
      headers: { authorization: `Zoho-oauthtoken ${w.sandbox.demoToken}` },
      body: new URLSearchParams({ user: w.sandbox.demoUser, workDate: fullDay, jobId, hours: '09:45', description: 'logged elsewhere' }),
    });
    expect(elsewhere.ok).toBe(true);
    await w.sandbox.setOffline(true);
    const [cached, sheet] = await Promise.all([
      w.punchJson<Job[]>(['jobs']),
      w.punch(['timesheet', w.sandbox.state().timesheets[0].timesheetId]),
    ]);
    expect(cached.code).toBe(0);
    expect(cached.value.map((j) => j.jobId)).toEqual(online.value.map((j) => j.jobId));
    expect(sheet.code).toBe(2);
    expect(sheet.stderr).toMatch(/^punch: /);
    expect(sheet.stderr).toMatch(/could not be reached/);
  });

  it('logs while offline: exit 0 and "queued"', async () => {
    const day = freeDay(w.sandbox.state(), w.sandbox.demoUser, 120);
    const human = await w.punch(['log', '--job', jobId, '--date', day, '--hours', '01:00', '--description', 'offline one']);
    expect(human.code).toBe(0);
    expect(human.stdout.split('\n')[0]).toBe('queued');
    expect(human.stdout.split('\n')[1]).toMatch(
      /^Queued \(the service is not answering; the network is fine\): 01:00 on \w{3} \d+ \w{3}, .+\. It will be sent when the service is reachable; `punch sync` sends it now\.$/,
    );
    // The day is full on the service with hours in no timesheet: only the service can tell, so it is accepted now and
    // refused on sync. (A job name not in the cached job list is refused at once: cli-job-name.test.ts.)
    const json = await w.punchJson<LogResult>([
      'log',
      '--job',
      jobId,
      '--date',
      fullDay,
      '--hours',
      '00:30',
      '--description',
      'offline refused',
    ]);
    expect(json.code).toBe(0);
    expect(json.value.state).toBe('queued');
    refused = json.value;
    const outbox = await w.punchJson<OutboxEntry[]>(['outbox']);
    expect(outbox.value.filter((e) => e.state === 'queued')).toHaveLength(2);
    expect(onService('offline one')).toHaveLength(0);
  });

  it('syncs after the service is back: the good entry exactly once, exit 3 naming the refused one', async () => {
    await w.sandbox.setOffline(false);
    const human = await w.punch(['sync']);
    expect(human.code).toBe(3);
    const refusedEntry = (await w.punchJson<OutboxEntry[]>(['outbox'])).value.find((e) => e.localId === refused.log.localId)!;
    expect(refusedEntry.state).toBe('needs-attention');
    expect(human.stderr).toMatch(/^punch: 1 entry remains in the outbox:/);
    expect(human.stderr).toContain(refusedEntry.id);
    // each entry's line wraps within 100 columns, going on further in: read as one line
    expect(human.stderr.replace(/\n {4}/g, ' ')).toMatch(/needs attention: .*8002|needs attention: .*maximum/i);
    expect(onService('offline one')).toHaveLength(1);
    expect(onService('offline refused')).toHaveLength(0);

    const json = await w.punchJson<SyncReport & { remainingEntries: OutboxEntry[] }>(['sync']);
    expect(json.code).toBe(3);
    expect(json.value.remainingEntries.map((e) => e.id)).toEqual([refusedEntry.id]);
    expect(onService('offline one')).toHaveLength(1);
  });

  it('exits 0 once the refused entry is discarded and nothing remains', async () => {
    const entry = (await w.punchJson<OutboxEntry[]>(['outbox'])).value.find((e) => e.state === 'needs-attention')!;
    const discard = await w.punchJson<OutboxEntry[]>(['outbox', 'discard', entry.id]);
    expect(discard.code).toBe(0);
    expect(discard.value.some((e) => e.id === entry.id)).toBe(false);
    const sync = await w.punch(['sync']);
    expect(sync.code).toBe(0);
    expect(sync.stdout).toMatch(/The outbox is empty/);
    expect(onService('offline one')).toHaveLength(1);
  });
});

describe('punch log when the answer is lost', () => {
  it('exits 2 saying the service may have it, and offers "recorded" and "retry" instead of a fix', async () => {
    w.sandbox.configure({ timeLogList: false }); // a service without gettimelogs: the timesheet fallback (reconcile-timelogs.test.ts has the list)
    const day = freeDay(w.sandbox.state(), w.sandbox.demoUser, 120);
    w.sandbox.fault({ kind: 'commit-then-drop', match: 'addtimelog', times: 1 });
    const human = await w.punch(['log', '--job', jobId, '--date', day, '--hours', '00:45', '--description', 'answer lost']);
    expect(human.code).toBe(2);
    // unsure while the call waited: said as needing attention, never as queued
    expect(human.stdout.split('\n')[0]).toBe('needs-attention');
    const entry = (await w.punchJson<OutboxEntry[]>(['outbox'])).value.find((e) => e.state === 'needs-attention')!;
    expect(entry).toMatchObject({ kind: 'add', maybeSent: true });
    expect(human.stderr).toMatch(/^punch: the service may or may not have recorded this entry/);
    expect(human.stderr).toContain(`punch outbox recorded ${entry.id}`);
    expect(human.stderr).toContain(`punch outbox retry ${entry.id}`);
    expect(human.stderr).not.toMatch(/outbox fix/);
    // the request did reach the service (commit, then the connection dropped): "recorded" keeps it, nothing is re-sent
    expect(onService('answer lost')).toHaveLength(1);
    const recorded = await w.punchJson<OutboxEntry[]>(['outbox', 'recorded', entry.id]);
    expect(recorded.code).toBe(0);
    expect(recorded.value.find((e) => e.id === entry.id)?.state ?? 'synced').toBe('synced');
    expect((await w.punch(['sync'])).code).toBe(0);
    expect(onService('answer lost')).toHaveLength(1);
  });
});

describe('punch edit of a log this device has not seen, while the service cannot be reached', () => {
  it('says the service could not be reached to look (exit 2), not that no such log exists, and edits it once back', async () => {
    w.sandbox.configure({ timeLogList: true }); // the list of the user's logs, which the test before turned off
    const day = freeDay(w.sandbox.state(), w.sandbox.demoUser, 60);
    // made on the service's web page after this data directory last read the week
    const { timeLogId } = w.sandbox.elsewhere.log({ workDate: day, jobId, hours: '01:00', description: 'made on the phone' });
    await w.sandbox.setOffline(true);
    const human = await w.punch(['edit', timeLogId, '--hours', '00:30']);
    expect(human.code).toBe(2);
    expect(human.stderr).toContain(`punch: no time log with id ${timeLogId} in what this device kept of the last 9 weeks`);
    expect(human.stderr).toMatch(/the service could not be reached to look there\.\nRun it again when the service answers/);
    const json = await w.punchJson<{ error: { name: string } }>(['edit', timeLogId, '--hours', '00:30']);
    expect(json.code).toBe(2);
    expect(json.value.error.name).toBe('NetworkError');
    expect(onService('made on the phone')).toMatchObject([{ minutes: 60 }]);

    await w.sandbox.setOffline(false);
    const back = await w.punch(['edit', timeLogId, '--hours', '00:30']);
    expect(back.code).toBe(0);
    expect(onService('made on the phone')).toMatchObject([{ minutes: 30 }]);
  });
});

describe('punch edit of a log made elsewhere just after this device read its week', () => {
  it('finds it on the service instead of saying no such log from the week kept a second ago', async () => {
    w.sandbox.configure({ timeLogList: true });
    const day = freeDay(w.sandbox.state(), w.sandbox.demoUser, 60);
    expect((await w.punch(['week', '--date', day])).code).toBe(0); // the week read now and kept
    const { timeLogId } = w.sandbox.elsewhere.log({ workDate: day, jobId, hours: '01:00', description: 'made a second later' });
    const edit = await w.punch(['edit', timeLogId, '--hours', '00:15']);
    expect(edit.stderr).toBe('');
    expect(edit.code).toBe(0);
    expect(onService('made a second later')).toMatchObject([{ minutes: 15 }]);
  });
});
