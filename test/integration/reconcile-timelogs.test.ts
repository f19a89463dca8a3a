/**
 * Reconciling an add whose answer was lost with the service's time log list (gettimelogs, beyond the contract:
 * src/core/sync/find-logged-add.ts), against the sandbox over HTTP, with the sandbox's commit-then-drop fault
 * and the fault proxy (test/tools/fault-proxy.ts) in front of it:
 * - the answer lost after the service committed: found in the list, synced with that id, exactly one log;
 * - two identical entries both lost: two distinct logs claimed, none twice;
 * - the request lost before anything was committed: absent from the list, so sent again, exactly once;
 * - the list itself unreadable (a sign-in page): nothing decided, nothing re-sent, settled once it reads;
 * - a service without gettimelogs: the timesheet fallback as before (asks the user), and the list is asked once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Clock } from '../../src/core/context';
import type { SyncOptions } from '../../src/core/sync';
import { startSandbox, type Sandbox } from '../../src/sandbox/index';
import { coreOver, counts, sandboxSession, someJob, tempDir, type CoreUnderTest } from '../fixtures/logging-harness';
import { FaultProxy } from '../tools/fault-proxy';
import { testClock } from '../fixtures/test-timers';
import { runningClock, TEST_NOW, TEST_TODAY } from '../fixtures/test-clock';

let sandbox: Sandbox;
let proxy: FaultProxy;
let job: { jobId: string; jobName: string };
const open: CoreUnderTest[] = [];

beforeEach(async () => {
  sandbox = await startSandbox({ seed: 1, today: TEST_TODAY });
  proxy = await FaultProxy.start(sandbox.url);
  job = await someJob(sandboxSession(sandbox.url, sandbox.demoToken, sandbox.demoUser).client, sandbox.demoUser);
  sandbox.resetRequests();
});
afterEach(async () => {
  for (const l of open.splice(0)) await l.close();
  await proxy.close();
  await sandbox.close();
});

/** A logging module (a fresh client: a new session) talking to `baseUrl` (the proxy by default). */
async function startLogging(
  dataDir = tempDir(),
  baseUrl = proxy.url,
  backoff: SyncOptions = { backoffBaseMs: 50, backoffMaxMs: 400 },
  // the test's day and hour, at the real pace (the backoff waits as in the app)
  clock: Clock = runningClock(),
): Promise<{ logging: CoreUnderTest; dataDir: string }> {
  const { session } = sandboxSession(baseUrl, sandbox.demoToken, sandbox.demoUser, clock);
  const logging = await coreOver({ dataDir, clock, session, tuning: { sync: backoff } });
  logging.start();
  open.push(logging);
  return { logging, dataDir };
}

const entry = (description: string, hours = '00:20') => ({ ...job, workDate: TEST_TODAY, hours, billable: true, description });
const onService = (description: string) =>
  sandbox.state().timeLogs.filter((l) => l.user === sandbox.demoUser && l.description === description);
const adds = () => counts(sandbox, '/addtimelog');
/** Looks for a lost add in the service's list (one day); the week's own reads list seven days, and are not counted. */
const lists = () => sandbox.requests().filter((r) => r.path.endsWith('/gettimelogs') && r.params.fromDate === r.params.toDate).length;
/** The add operations of these ledger entries (OutboxEntry has no description: entries are known by localId). */
async function opsOf(logging: CoreUnderTest, ...localIds: string[]) {
  return (await logging.handlers.getOutbox({})).filter((o) => o.kind === 'add' && localIds.includes(o.localId));
}
async function settled(logging: CoreUnderTest, localId: string, state: string) {
  await expect.poll(async () => (await opsOf(logging, localId)).map((o) => o.state), { timeout: 5_000 }).toEqual([state]);
}
async function log(logging: CoreUnderTest, description: string): Promise<string> {
  return (await logging.handlers.logTime(entry(description))).log.localId;
}

describe('an add whose answer was lost after the service committed it', () => {
  it('settles to synced by itself (sandbox commit-then-drop), with exactly one log on the service and its id', async () => {
    const { logging } = await startLogging(tempDir(), sandbox.url);
    sandbox.fault({ kind: 'commit-then-drop', match: 'addtimelog', times: 1 });
    const id = await log(logging, 'answer dropped');
    await settled(logging, id, 'synced');
    expect(onService('answer dropped')).toHaveLength(1);
    expect(adds()).toBe(1);
    expect(lists()).toBe(1);
    const week = await logging.handlers.getWeek({ date: TEST_TODAY });
    expect(week.logs.find((l) => l.localId === id)).toMatchObject({ timeLogId: onService('answer dropped')[0].timeLogId, hours: '00:20' });
    const [op] = await opsOf(logging, id);
    expect(op.attempts.at(-1)).toMatchObject({ outcome: 'reconciled' });
  });

  for (const mode of ['drop-after-commit', 'reset-after-commit', 'html-502-after-commit', 'truncated'] as const) {
    it(`settles the same through the fault proxy's ${mode}`, async () => {
      const { logging } = await startLogging();
      await proxy.setMode(mode, { match: 'addtimelog', times: 1 });
      const id = await log(logging, `lost: ${mode}`);
      await settled(logging, id, 'synced');
      expect(onService(`lost: ${mode}`)).toHaveLength(1);
      expect(adds()).toBe(1);
    });
  }

  it('two identical entries, both lost, claim two distinct logs: two on the service, none sent twice', async () => {
    const { logging } = await startLogging(tempDir(), sandbox.url);
    sandbox.fault({ kind: 'commit-then-drop', match: 'addtimelog', times: 2 });
    const ids = [await log(logging, 'twin'), await log(logging, 'twin')];
    await expect.poll(async () => (await opsOf(logging, ...ids)).map((o) => o.state), { timeout: 5_000 }).toEqual(['synced', 'synced']);
    const service = onService('twin')
      .map((l) => l.timeLogId)
      .sort();
    expect(service).toHaveLength(2);
    const week = await logging.handlers.getWeek({ date: TEST_TODAY });
    expect(
      week.logs
        .filter((l) => l.description === 'twin')
        .map((l) => l.timeLogId)
        .sort(),
    ).toEqual(service);
    expect(adds()).toBe(2);
  });
});

describe('an add lost before the service committed anything', () => {
  for (const mode of ['reset-before', 'html-502', 'captive-portal'] as const) {
    it(`${mode}: absent from the list, so it is sent again, and reaches the service exactly once`, async () => {
      const { logging } = await startLogging();
      await proxy.setMode(mode, { match: 'addtimelog', times: 1 });
      const id = await log(logging, `not committed: ${mode}`);
      await settled(logging, id, 'synced');
      expect(onService(`not committed: ${mode}`)).toHaveLength(1);
      expect(adds()).toBe(1); // the sandbox saw only the second send
      expect(
        proxy
          .log()
          .filter((r) => r.path.includes('addtimelog'))
          .map((r) => r.mode),
      ).toEqual([mode, 'pass']);
      const [op] = await opsOf(logging, id);
      expect(op.attempts.map((a) => a.outcome)).toContain('retry');
    });
  }

  it('a write path that keeps failing is sent again once per backoff step, not as soon as the list shows it absent', async () => {
    // the engine's step: 500 ms doubling (the app's: 5 s), without its jitter; the add's path answers a gateway page
    // until switched back. The core runs on a test clock: each send is waited for (the proxy sees it), never slept for.
    const clock = testClock(TEST_NOW);
    const { logging } = await startLogging(tempDir(), proxy.url, { backoffBaseMs: 500, backoffMaxMs: 2_000, random: () => 0.5 }, clock);
    await proxy.setMode('html-502', { match: 'addtimelog' });
    const sends = () => proxy.log().filter((r) => r.path.includes('addtimelog')).length;
    /**
     * The n-th send has been made, looked for in the list, and the list's answer recorded ("Not found on the service:
     * sending it again"): only then does the engine's step wait on the clock. Advancing the clock while the answer is
     * still on its way (a loaded machine) would let that answer's run find the step already over and send at once.
     */
    const sent = async (n: number) => {
      await proxy.until(() => sends() === n);
      await expect.poll(lists, { timeout: 5_000 }).toBe(n);
      const absent = async () => (await opsOf(logging, id))[0]?.attempts.filter((a) => a.said?.code === 'core.outbox.absent').length ?? 0;
      await expect.poll(absent, { timeout: 5_000 }).toBe(n);
    };
    const id = await log(logging, 'write path down');
    await sent(1);
    // again 0.5 s after the first send, 1 s after the second, 2 s after the third (the engine's wake is 5 ms past the
    // step's end, src/core/sync/pacing.ts `wakeAt`; any pass made from the step's end on may send it, so the test holds
    // it to "not before the step ends", not to the wake's exact millisecond): it used to be 30 to 60 sends in 2 s
    for (const [step, n] of [
      [500, 2],
      [1_000, 3],
      [2_000, 4],
    ] as const) {
      await clock.advance(step - 1);
      expect(sends(), `${step - 1} ms after send ${n - 1}`).toBe(n - 1);
      await clock.advance(6);
      await sent(n);
    }
    expect(lists()).toBe(sends()); // each one looked for in the list once
    const [op] = await opsOf(logging, id);
    expect(op.state).toBe('queued');
    expect(op.attempts.map((a) => a.message).join(' ')).toMatch(/Not found on the service: sending it again in \d+ s/);
    // the network is back and the user syncs a second after the last send (the next step ends 2 s after it): it goes
    // at once, and reaches the service exactly once
    await proxy.setMode('pass');
    await clock.advance(1_000);
    expect(sends()).toBe(4);
    await logging.handlers.syncNow({});
    await settled(logging, id, 'synced');
    expect(onService('write path down')).toHaveLength(1);
    expect(adds()).toBe(1);
  });

  it('"Sync now" in the same millisecond as the last send still sends it at once, once (the step is not waited out)', async () => {
    // the clock stands still between the send and the ask: only the order of the two says the ask came after
    const clock = testClock(TEST_NOW);
    const { logging } = await startLogging(tempDir(), proxy.url, { backoffBaseMs: 500, backoffMaxMs: 2_000, random: () => 0.5 }, clock);
    await proxy.setMode('html-502', { match: 'addtimelog' });
    const sends = () => proxy.log().filter((r) => r.path.includes('addtimelog')).length;
    const id = await log(logging, 'asked at once');
    await proxy.until(() => sends() === 1);
    await expect.poll(async () => (await opsOf(logging, id))[0]?.attempts.at(-1)?.message ?? '').toMatch(/Not found on the service/);
    await proxy.setMode('pass');
    const report = await logging.handlers.syncNow({});
    expect(report, 'what the sync answered, its clock not moved').toMatchObject({ remaining: 0 });
    expect(onService('asked at once')).toHaveLength(1);
    expect(sends()).toBe(2);
    // and only once: a second ask in the same millisecond finds nothing waiting
    await logging.handlers.syncNow({});
    expect(sends()).toBe(2);
  });

  it('a crash leftover that was never sent (maybe sent on disk) is sent once, not left to the user', async () => {
    const first = await startLogging(tempDir(), sandbox.url);
    await sandbox.setOffline(true);
    const id = await log(first.logging, 'crashed before sending');
    await first.logging.close();
    await sandbox.setOffline(false);
    // the write-ahead mark of a process that died before its request left
    const { createLedger } = await import('../../src/core/journal');
    const clock = runningClock();
    const ledger = createLedger(first.dataDir, clock);
    ledger.change((j) => {
      for (const op of j.ops)
        Object.assign(op, { state: 'sending', maybeSent: true, sendingBy: { pid: 2 ** 22 + 7, engine: 'gone', at: clock.now() } });
    });
    ledger.close();
    const again = await startLogging(first.dataDir, sandbox.url);
    await again.logging.handlers.syncNow({});
    await settled(again.logging, id, 'synced');
    expect(onService('crashed before sending')).toHaveLength(1);
  });
});

describe('when the list cannot be read', () => {
  it('decides nothing and sends nothing again while a sign-in page answers the list; settles once it reads', async () => {
    const { logging } = await startLogging();
    sandbox.fault({ kind: 'commit-then-drop', match: 'addtimelog', times: 1 });
    await proxy.setMode('captive-portal', { match: 'gettimelogs' });
    const id = await log(logging, 'list behind a portal');
    await expect
      .poll(async () => (await opsOf(logging, id))[0]?.attempts.some((a) => /Could not check/.test(a.message ?? '')), { timeout: 5_000 })
      .toBe(true);
    expect((await opsOf(logging, id))[0].state).toBe('sending');
    expect(onService('list behind a portal')).toHaveLength(1);
    expect(proxy.counts().byMode['captive-portal']).toBeGreaterThanOrEqual(1);
    await proxy.setMode('pass');
    await logging.handlers.syncNow({});
    await settled(logging, id, 'synced');
    expect(onService('list behind a portal')).toHaveLength(1);
    expect(adds()).toBe(1);
  });
});

describe('a service without gettimelogs', () => {
  it('falls back as before: the add is not in a timesheet, so the user is asked; the list is asked once per session', async () => {
    sandbox.configure({ timeLogList: false });
    const { logging, dataDir } = await startLogging(tempDir(), sandbox.url);
    sandbox.fault({ kind: 'commit-then-drop', match: 'addtimelog', times: 1 });
    const id = await log(logging, 'no list');
    await settled(logging, id, 'needs-attention');
    const [op] = await opsOf(logging, id);
    expect(op.resolutions).toEqual(['mark-recorded', 'retry', 'discard']);
    expect(op.maybeSent).toBe(true);
    expect(adds()).toBe(1);
    expect(onService('no list')).toHaveLength(1);
    // asked once, by the week's read before the log was checked or by the lookup, whichever came first
    expect(counts(sandbox, '/gettimelogs')).toBe(1);
    await logging.handlers.syncNow({}); // looks again (timesheets), without asking for the list again
    expect(counts(sandbox, '/gettimelogs')).toBe(1);
    expect(counts(sandbox, '/gettimesheet')).toBeGreaterThanOrEqual(2);
    expect((await opsOf(logging, id))[0].state).toBe('needs-attention');

    // a later session on a service that lists logs: the waiting entry settles by itself
    await logging.close();
    sandbox.configure({ timeLogList: true });
    const later = await startLogging(dataDir, sandbox.url);
    await later.logging.handlers.syncNow({});
    await settled(later.logging, id, 'synced');
    expect(onService('no list')).toHaveLength(1);
    expect(adds()).toBe(1);
  });
});

describe('"Send again" on an add whose answer was lost (check once more just before sending)', () => {
  /** An add committed, its answer dropped, on a service without the list: needs attention, as above. */
  async function askedAbout(description: string, commit: boolean) {
    sandbox.configure({ timeLogList: false });
    // committed: the sandbox drops its answer; not committed: the proxy resets the connection before forwarding it
    const { logging } = await startLogging(tempDir(), commit ? sandbox.url : proxy.url);
    if (commit) sandbox.fault({ kind: 'commit-then-drop', match: 'addtimelog', times: 1 });
    else await proxy.setMode('reset-before', { match: 'addtimelog', times: 1 });
    const id = await log(logging, description);
    await settled(logging, id, 'needs-attention');
    return { logging, id };
  }

  it('says what it looked at, that it did not find it, and that sending again may make a second copy', async () => {
    const { logging, id } = await askedAbout('asked, with what was found', true);
    expect(adds()).toBe(1);
    const [op] = await opsOf(logging, id);
    // no timesheet covers today in the seed, or one does and does not hold the new log: either way, said plainly
    expect(op.message).toMatch(/may or may not have recorded this entry/);
    expect(op.message).toMatch(
      /Punchcard looked in the week's timesheets? "[^"]+"( and "[^"]+")* and did not find it|No timesheet of yours covers \w{3} \d{1,2} \w{3} yet, so Punchcard had nowhere to look/,
    );
    expect(op.message).toMatch(/Sending again makes a second copy if it is there after all/);
  });

  it('finds it in the list offered since, and records it with that id instead of sending a second copy', async () => {
    const { logging, id } = await askedAbout('send again, found', true);
    expect(onService('send again, found')).toHaveLength(1);
    sandbox.configure({ timeLogList: true });
    const listsBefore = lists();
    await logging.handlers.retryEntry({ id: (await opsOf(logging, id))[0].id });
    await settled(logging, id, 'synced');
    expect(onService('send again, found')).toHaveLength(1);
    expect(adds()).toBe(1); // not sent again
    expect(lists()).toBe(listsBefore + 1); // looked once more, just before sending
    const [op] = await opsOf(logging, id);
    expect(op.attempts.at(-1)).toMatchObject({ outcome: 'reconciled', message: expect.stringMatching(/just before sending it again/) });
    const week = await logging.handlers.getWeek({ date: TEST_TODAY });
    expect(week.logs.filter((l) => l.description === 'send again, found').map((l) => l.timeLogId)).toEqual([
      onService('send again, found')[0].timeLogId,
    ]);
  });

  it('sends it once when the list offered since does not have it', async () => {
    const { logging, id } = await askedAbout('send again, absent', false);
    expect(onService('send again, absent')).toHaveLength(0);
    sandbox.configure({ timeLogList: true });
    await logging.handlers.retryEntry({ id: (await opsOf(logging, id))[0].id });
    await settled(logging, id, 'synced');
    expect(onService('send again, absent')).toHaveLength(1);
    expect(adds()).toBe(1); // the sandbox counted the one that arrived (the first was dropped before it)
  });

  it('sends it when the service still offers no list (the user chose, having been told)', async () => {
    const { logging, id } = await askedAbout('send again, no list', true);
    await logging.handlers.retryEntry({ id: (await opsOf(logging, id))[0].id });
    await settled(logging, id, 'synced');
    expect(onService('send again, no list')).toHaveLength(2); // the second copy the message warned about
  });
});
