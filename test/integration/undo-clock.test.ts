/**
 * Undo against the sync, on one test clock (test/fixtures/test-timers.ts; the core, its client, its backoff and the
 * fault proxy's held answers all wait on it): an add undone while queued is never sent, however far the clock runs
 * through the sync's retries; an add undone while its request is held by the proxy (in flight) is deleted once its
 * answer comes, exactly once. Nothing here races real time: each step happens when the test advances the clock.
 * @inner src/core/log-gate.ts (the form's wait, WAIT_FOR_SYNC_MS)
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { WAIT_FOR_SYNC_MS } from '../../src/core/log-gate';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import type { UndoResult } from '../../src/shared/contract';
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
  logging = await coreOver({ dataDir: tempDir(), clock, session, prefs: memoryPrefs(), start: true });
  await logging.handlers.getCompanySettings({});
  [job] = await logging.handlers.listJobs({ status: 'in-progress' });
  await logging.handlers.getWeek({ date: TEST_TODAY });
  proxy.resetCounts();
});

afterEach(async () => {
  const closing = logging.close();
  await clock.advance(60_000);
  await closing;
  await proxy.close();
  await sandbox.close();
});

const entry = (description: string) => ({ ...job, workDate: TEST_TODAY, hours: '00:30', billable: true, description });
const onService = (description: string) => sandbox.state().timeLogs.filter((l) => l.description === description);
const requests = (part: string) => sandbox.requests().filter((r) => r.path.includes(part)).length;

it('an add undone while queued is never sent, through ten minutes of the sync retrying on the clock', async () => {
  // nothing listening: the request never leaves, so the add surely did not reach the service
  await proxy.setMode('refuse');
  const logging1 = logging.handlers.logTime(entry('queued then undone'));
  await clock.advance(WAIT_FOR_SYNC_MS);
  const logged = await logging1;
  expect(logged.state).toBe('queued');
  // the form's wait is over on the test clock, but the sync's try may still be on its way to the refused port: its end
  // comes in real time, which a busy machine stretches (then the add is marked sending and the undo, rightly, cannot
  // withdraw it: the next test). Undo once the try is over, the add queued again and surely not sent.
  const entries = async () => (await logging.handlers.getOutbox({})).map((o) => ({ state: o.state, maybeSent: o.maybeSent }));
  await expect.poll(entries, { timeout: 30_000 }).toEqual([{ state: 'queued', maybeSent: undefined }]);
  const undone = (await logging.handlers.undoChange({ id: logged.undoId })) as UndoResult;
  expect(undone.withdrawn).toBe(true);
  await proxy.setMode('pass');
  sandbox.resetRequests();
  // every backoff step of the sync runs: none finds anything to send
  for (let i = 0; i < 20; i++) await clock.advance(30_000);
  expect(requests('addtimelog')).toBe(0);
  expect(onService('queued then undone')).toEqual([]);
  expect(logging.status()).toMatchObject({ queued: 0, sending: 0 });
});

it('an add undone while its request is held is deleted once its answer comes: one add, one delete, nothing left', async () => {
  await proxy.setMode('slow', { match: 'addtimelog', delayMs: 3_000 });
  const answer = logging.handlers.logTime(entry('in flight'));
  await proxy.until(() => proxy.held() === 1);
  await clock.advance(WAIT_FOR_SYNC_MS);
  const logged = await answer;
  expect(logged).toMatchObject({ state: 'queued', log: { sync: 'sending' } });
  // the add is marked sending (write-ahead): the undo cannot take it back, so it queues the delete behind it
  // the undo's own answer waits (WAIT_FOR_SYNC_MS on the clock) for its delete, which waits for the held add
  const undoing = logging.handlers.undoChange({ id: logged.undoId }) as Promise<UndoResult>;
  await clock.advance(WAIT_FOR_SYNC_MS);
  const undone = await undoing;
  expect(undone).toMatchObject({ kind: 'add', state: 'queued' });
  expect(undone.withdrawn).toBeUndefined();
  // the held answer comes; the delete waits for its timeLogId, then goes
  for (let i = 0; i < 40; i++) await clock.advance(1_000);
  expect(onService('in flight')).toEqual([]);
  expect(requests('addtimelog')).toBe(1);
  expect(requests('deletetimelog')).toBe(1);
});
