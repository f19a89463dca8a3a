/**
 * The answer a new log gets ("Synced", "Needs attention" or "Queued") is the sync's outcome for that log
 * (src/core/sync/answer.ts), and the user-facing wait (WAIT_FOR_SYNC_MS) is a timer of the core's clock, not a race
 * against the whole run. The core, its client and the fault proxy's held answers all run on one test clock
 * (test/fixtures/test-timers.ts): nothing waits until the test advances it, so each test says exactly when the answer
 * comes. The sandbox and the proxy are real HTTP servers.
 * @inner src/core/log-gate.ts (the form's wait, WAIT_FOR_SYNC_MS)
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WAIT_FOR_SYNC_MS } from '../../src/core/log-gate';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import type { LogResult } from '../../src/shared/contract';
import { coreOver, memoryPrefs, sandboxSession, tempDir, type CoreUnderTest } from '../fixtures/logging-harness';
import { TEST_NOW, TEST_TODAY } from '../fixtures/test-clock';
import { testClock, type TestClock } from '../fixtures/test-timers';
import { FaultProxy } from '../tools/fault-proxy';

let clock: TestClock;
let sandbox: Sandbox;
let proxy: FaultProxy;
let logging: CoreUnderTest;
let job: { jobId: string; jobName: string };

beforeEach(async () => {
  clock = testClock(TEST_NOW);
  sandbox = await startSandbox({ seed: 1, today: TEST_TODAY });
  proxy = await FaultProxy.start(sandbox.url);
  proxy.useTimers(clock);
  const { session } = sandboxSession(proxy.url, sandbox.demoToken, sandbox.demoUser, clock);
  logging = await coreOver({ dataDir: tempDir(), clock, session, prefs: memoryPrefs() });
  // the app was open: it knows the company's rules, the jobs and the day
  await logging.handlers.getCompanySettings({});
  [job] = await logging.handlers.listJobs({ status: 'in-progress' });
  await logging.handlers.getWeek({ date: TEST_TODAY });
  proxy.resetCounts();
});

afterEach(async () => {
  // a write still held makes close wait for it (at most its closeWaitMs, a timer of the clock)
  const closing = logging.close();
  await clock.advance(60_000);
  await closing;
  await proxy.close();
  await sandbox.close();
});

const entry = (description: string, hours = '00:30') => ({ ...job, workDate: TEST_TODAY, hours, billable: true, description });

/** How a call stands: its result, or 'pending'. */
function watched<T>(p: Promise<T>): () => T | 'pending' {
  let out: T | 'pending' = 'pending';
  void p.then((v) => {
    out = v;
  });
  return () => out;
}

/** A few turns of the event loop: what a timer of the clock set off has reached the caller. */
const settleIo = () => new Promise((r) => setImmediate(r)).then(() => new Promise((r) => setImmediate(r)));

describe('the answer to a new log', () => {
  it('is Synced as soon as the service took the log, while the clock stands still and the run goes on sending another', async () => {
    // the second log's request is held by the proxy and never answered: the run that sends both does not end
    await proxy.setMode('blackhole', { body: 'held-by-the-proxy' });
    const first = watched(logging.handlers.logTime(entry('taken-by-the-service')));
    const second = watched(logging.handlers.logTime(entry('held-by-the-proxy')));

    // the run has moved on to the second log, which the proxy holds: the first's answer is already there
    await proxy.until((log) => log.some((r) => r.mode === 'blackhole'));
    await settleIo();
    const answer = first() as LogResult | 'pending';
    expect(answer).not.toBe('pending');
    expect((answer as LogResult).state).toBe('synced');
    expect((answer as LogResult).log.timeLogId).toBe(
      sandbox.state().timeLogs.find((l) => l.description === 'taken-by-the-service')?.timeLogId,
    );
    expect(clock.elapsed()).toBe(0); // no timer decided it: the log's own outcome did
    expect(second()).toBe('pending');
  });

  it('is Queued exactly when the user-facing wait ends while the service holds its answer, and Synced follows in the outbox', async () => {
    // held 3 s on the clock: longer than the form waits, shorter than the client's own timeout (15 s)
    await proxy.setMode('slow', { match: 'addtimelog', delayMs: 3_000 });
    const answer = watched(logging.handlers.logTime(entry('answered-late')));
    await proxy.until(() => proxy.held() === 1);

    await clock.advance(WAIT_FOR_SYNC_MS - 1);
    await settleIo();
    expect(answer()).toBe('pending');
    await clock.advance(1);
    await settleIo();
    expect(answer()).toMatchObject({ state: 'queued', log: { sync: 'sending' } }); // in flight, said "syncing" on screen

    // the send went on in the background: the held answer arrives and is recorded
    await clock.advance(3_000 - WAIT_FOR_SYNC_MS);
    await expect.poll(() => logging.status().sending + logging.status().queued, { timeout: 5_000 }).toBe(0);
    const week = await logging.handlers.getWeek({ date: TEST_TODAY });
    expect(week.logs.filter((l) => l.description === 'answered-late').map((l) => l.sync)).toEqual(['synced']);
    expect(sandbox.state().timeLogs.filter((l) => l.description === 'answered-late')).toHaveLength(1);
  });

  it('is Needs attention as soon as the service refused the log, in its words, while the clock stands still', async () => {
    // hours logged elsewhere on a service that does not list logs: the local check cannot know them, the service refuses
    sandbox.configure({ timeLogList: false });
    sandbox.elsewhere.log({ workDate: TEST_TODAY, hours: '09:00', jobId: job.jobId, description: 'on the phone' });

    const answer = await logging.handlers.logTime(entry('too-much', '01:30'));
    expect(answer.state).toBe('needs-attention');
    expect(answer.log.message).toBe(
      "The service refused this while sending a new log: that would go over your company's maximum hours for the day. Log fewer hours, or pick another day.",
    );
    expect(clock.elapsed()).toBe(0);
  });
});
