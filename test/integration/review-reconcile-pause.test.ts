/**
 * Review finding: an add found `sending` after a crash is reconciled by reading the user's timesheets. When that read
 * endpoint is paused (429 / 7209 lock-out longer than a read waits), the client refuses at once, without I/O. The
 * engine used to pick the same operation again immediately: a loop of microtasks and ledger writes that starved the
 * event loop until the pause ended (minutes). Now the operation waits for that endpoint (docs/outbox.md).
 */
import { afterEach, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import type { AccountSession } from '../../src/core/account';
import { createLedger, JOURNAL_FILE } from '../../src/core/journal';
import type { ServiceClient } from '../../src/core/service';
import { startSandbox, type Sandbox } from '../../src/sandbox/index';
import { coreOver, sandboxSession, someJob, startHarness, tempDir, type CoreUnderTest } from '../fixtures/logging-harness';
import { runningClock, TEST_TODAY } from '../fixtures/test-clock';

let sandbox: Sandbox | undefined;
let logging: CoreUnderTest | undefined;
afterEach(async () => {
  await logging?.close();
  await sandbox?.close();
  logging = undefined;
  sandbox = undefined;
});

/**
 * The session over the sandbox, with a breaker: past 50 reads of the timesheets the client throws, so a loop that
 * never yields (the bug) ends and this test fails on what it asserts, instead of hanging the suite with its timers
 * starved. What the test asserts is what the user sees, not this count.
 */
function sessionWithBreaker(s: Sandbox): AccountSession {
  const { session, client } = sandboxSession(s.url, s.demoToken, s.demoUser);
  let reads = 0;
  const guarded: ServiceClient = new Proxy(client, {
    get(target, key, receiver) {
      if (key !== 'allTimesheets') return Reflect.get(target, key, receiver);
      return async (...args: Parameters<ServiceClient['allTimesheets']>) => {
        if (++reads > 50) throw new Error('read loop');
        return target.allTimesheets(...args);
      };
    },
  });
  return { ...session, client: () => guarded };
}

it('leaves a crashed add waiting (maybe sent) while the read it needs is locked out: the sync answers, the app stays responsive, nothing is written or sent', async () => {
  sandbox = await startSandbox({ seed: 1, today: TEST_TODAY, timeLogList: false }); // the timesheet fallback's read is the one locked out
  const clock = runningClock();
  const dataDir = tempDir();
  // an add this device queued offline, then "crashed" while sending it (a dead process's write-ahead mark)
  const first = await startHarness({ sandbox, dataDir, clock });
  const job = await someJob(first.client, sandbox.demoUser);
  await sandbox.setOffline(true);
  await first.logging.handlers.logTime({ ...job, workDate: TEST_TODAY, hours: '00:30', billable: true, description: 'crashed add' });
  await first.logging.close();
  createLedger(dataDir, clock).change((j) => {
    for (const op of j.ops)
      Object.assign(op, { state: 'sending', maybeSent: true, sendingBy: { pid: 2 ** 22 + 7, engine: 'gone', at: clock.now() } });
  });

  await sandbox.setOffline(false);
  // longer than a read waits out (backoffMaxMs 10 s): the client then fails fast while the endpoint is paused
  sandbox.fault({ kind: 'http-429', match: 'gettimesheet', retryAfterSec: 300, times: 1 });
  sandbox.resetRequests();
  const session = sessionWithBreaker(sandbox);
  // what a user feels of a loop of microtasks: timers that do not fire (the window freezes) until the pause ends
  let ticks = 0;
  let ticked: () => void = () => undefined;
  const ticking = setInterval(() => {
    if (++ticks >= 5) ticked();
  }, 20);
  try {
    const journal = path.join(dataDir, JOURNAL_FILE);
    const before = fs.statSync(journal).size;
    logging = await coreOver({ dataDir, clock, session, tuning: { sync: { backoffBaseMs: 20, backoffMaxMs: 100 } } });
    const report = await logging.handlers.syncNow({});
    expect(report).toMatchObject({ sent: 0, remaining: 1 });
    // still maybe sent: never re-sent blindly, reconciled once the read is allowed again
    const [op] = await logging.handlers.getOutbox({});
    expect(op.state).toBe('sending');
    const written = fs.statSync(journal).size;
    // a few records (the engine's marks), not one per turn of a loop: 0.5 KiB here, 26 KiB with the loop
    expect(written - before, 'bytes the sync wrote to the journal').toBeLessThan(4096);
    // the event loop turns while the entry waits: five of the interval's timers fire (a starved loop fires none until
    // the pause ends; the breaker above ends it first), then nothing was written or asked meanwhile
    ticks = 0;
    const fired = await Promise.race([
      new Promise<boolean>((r) => (ticked = () => r(true))),
      new Promise<boolean>((r) => setTimeout(() => r(false), 5_000).unref()),
    ]);
    expect(fired, 'five timers fired while the entry waited (the event loop was not starved)').toBe(true);
    expect(fs.statSync(journal).size, 'nothing written to the journal while it waits').toBe(written);
    expect(sandbox.requests().filter((r) => r.path.includes('gettimesheet')).length, 'the locked-out read asked once').toBeLessThanOrEqual(
      2,
    );
  } finally {
    clearInterval(ticking);
  }
  expect(sandbox.requests().filter((r) => r.path.includes('addtimelog'))).toEqual([]);
});
