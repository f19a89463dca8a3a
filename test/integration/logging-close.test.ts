/**
 * close() stops sync: after it resolves, nothing is written to the data directory and no request reaches the
 * service. The benchmark saw the journal written after close (a sync step's answer arrived late), so its temp
 * directories could not be removed. Against the sandbox over HTTP, with a `delay` fault holding the answer back.
 *
 * Time is the test's: the timers of the core and of the sandbox (in this process) are vitest's fake timers. They move
 * with real time so HTTP goes on as usual, and the test jumps them forward to fire every timer due (a held answer,
 * a backoff, an idle check) at once, instead of sleeping and hoping that was long enough.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createLedger } from '../../src/core/journal';
import { counts, startHarness, someJob, type Harness } from '../fixtures/logging-harness';
import { runningClock } from '../fixtures/test-clock';

let h: Harness | undefined;
let again: Harness | undefined;
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(async () => {
  await again?.close();
  again = undefined;
  await h?.close();
  h = undefined;
  vi.useRealTimers();
});

/** Long past every timer a closed engine could still have had: held answers, backoffs (at most 400 ms here), checks. */
const LATER_MS = 10 * 60_000;

/** Every file of the data directory with its mtime and content. */
function snapshot(dir: string): Record<string, { mtimeMs: number; content: string }> {
  const out: Record<string, { mtimeMs: number; content: string }> = {};
  for (const name of fs.readdirSync(dir).sort()) {
    const file = path.join(dir, name);
    out[name] = { mtimeMs: fs.statSync(file).mtimeMs, content: fs.readFileSync(file, 'utf8') };
  }
  return out;
}

async function loggingWithAnAddInFlight(harness: Harness, delayMs: number, description: string) {
  const job = await someJob(harness.client, harness.sandbox.demoUser);
  await harness.logging.handlers.listJobs({ status: 'all' });
  await harness.logging.handlers.syncNow({});
  harness.sandbox.resetRequests();
  harness.sandbox.fault({ kind: 'delay', ms: delayMs, match: 'addtimelog' });
  const logged = harness.logging.handlers.logTime({ ...job, workDate: harness.today, hours: '00:45', billable: true, description });
  // the request has reached the service; its answer is held back
  await expect.poll(() => counts(harness.sandbox, 'addtimelog'), { interval: 10 }).toBe(1);
  return { logged }; // wrapped: the caller closes while logTime is still waiting
}

const journalOnDisk = (dataDir: string) => createLedger(dataDir, runningClock()).read();

it('waits for the sync step in flight, records its outcome, then writes and sends nothing more', async () => {
  h = await startHarness();
  const { logged } = await loggingWithAnAddInFlight(h, 800, 'in flight at close');

  const closing = h.logging.close();
  await vi.advanceTimersByTimeAsync(800); // the held answer arrives; close waited for it
  await closing;
  const closedAt = Date.now(); // the sandbox stamps its requests with the same (fake) clock
  const files = snapshot(h.dataDir);
  await logged;
  await vi.advanceTimersByTimeAsync(LATER_MS); // every backoff and check the engine had would have fired by now

  expect(snapshot(h.dataDir)).toEqual(files);
  expect(h.sandbox.requests().filter((r) => r.at >= closedAt)).toEqual([]);
  expect(Object.keys(files).filter((f) => f.endsWith('.lock'))).toEqual([]);
  // the answer that arrived while closing was recorded: the entry is synced with the service's id
  const j = journalOnDisk(h.dataDir);
  const row = Object.values(j.rows).find((r) => r.description === 'in flight at close');
  expect(row?.timeLogId).toBe(h.serviceLogs().find((l) => l.description === 'in flight at close')?.timeLogId);
  expect(j.ops.find((o) => o.localId === row?.localId)?.state).toBe('synced');
});

it('resolves after its wait when the step outlives it, writes nothing after, and the next start reconciles instead of re-sending', async () => {
  // a service without gettimelogs: the next start can only ask the user (reconcile-timelogs.test.ts has the list)
  h = await startHarness({ sync: { backoffBaseMs: 50, backoffMaxMs: 400, closeWaitMs: 200 }, sandboxOptions: { timeLogList: false } });
  const { logged } = await loggingWithAnAddInFlight(h, LATER_MS / 2, 'answer after close');

  const closing = h.logging.close();
  await vi.advanceTimersByTimeAsync(200); // its own wait (closeWaitMs), and not a moment longer
  await closing;
  const closedAt = Date.now();
  // it did not wait for the step: the service has not even applied the add yet (the sandbox holds it, then applies it)
  expect(h.serviceLogs().filter((l) => l.description === 'answer after close')).toEqual([]);
  const files = snapshot(h.dataDir);
  expect((await logged).state).toBe('queued');
  await vi.advanceTimersByTimeAsync(LATER_MS); // the held request is applied and answered, long after close

  expect(snapshot(h.dataDir)).toEqual(files);
  expect(h.sandbox.requests().filter((r) => r.at >= closedAt)).toEqual([]);
  // the service applied it, but the answer came after close: on disk it is "maybe sent", as after a crash
  expect(h.serviceLogs().filter((l) => l.description === 'answer after close')).toHaveLength(1);
  const op = journalOnDisk(h.dataDir).ops.find((o) => o.add?.description === 'answer after close');
  expect(op).toMatchObject({ state: 'sending', maybeSent: true });

  h.sandbox.fault(null);
  again = await startHarness({ sandbox: h.sandbox, dataDir: h.dataDir });
  await again.logging.handlers.syncNow({});
  const entry = (await again.logging.handlers.getOutbox({})).find((e) => e.id === op!.id);
  expect(entry?.state).toBe('needs-attention');
  expect(entry?.resolutions).toContain('mark-recorded');
  expect(counts(h.sandbox, 'addtimelog')).toBe(1);
  expect(h.serviceLogs().filter((l) => l.description === 'answer after close')).toHaveLength(1);
});
