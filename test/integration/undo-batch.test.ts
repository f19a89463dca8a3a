/**
 * Undo of several logs made at once (copy a week, several days: src/core/undo-batch.ts) over the real sandbox: the
 * batch's answer names one change, and its undo takes every log the batch made back together, each as the undo of one
 * log does: a log still queued is taken out of the outbox and never sent, one the service holds (or may hold: its add
 * in flight) is deleted there once, a day the batch skipped made nothing to undo. A log whose week was submitted
 * since stays, and the answer says which. The undo is one journal change: Punchcard killed after it and before the
 * undo list noted it, the undo asked again makes no second delete.
 *
 * The demo user's weeks (src/sandbox/seed/history.ts), today being Wednesday 2026-11-18: Friday is still to come (a
 * day the batch skips: the company takes no future days), last week (9-15 Nov) was rejected and is open.
 */
import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { UndoResult } from '../../src/shared/contract';
import type { BatchLog, BatchPreview } from '../../src/shared/domain';
import { createServiceClient, SANDBOX_POLICY } from '../../src/core/service';
import { startSandbox, type Sandbox } from '../../src/sandbox/index';
import { coreOver, counts, sessionOf, someJob, startHarness, tempDir, type CoreUnderTest, type Harness } from '../fixtures/logging-harness';
import { runningClock, TEST_NOW, TEST_TODAY } from '../fixtures/test-clock';
import { testClock } from '../fixtures/test-timers';
import { FaultProxy } from '../tools/fault-proxy';

const FRIDAY = '2026-11-20';
const LAST_WEEK = '2026-11-09';
const LAST_WEEK_DAYS = ['2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13'];

let h: Harness | undefined;
let sandbox: Sandbox | undefined;
let proxy: FaultProxy | undefined;
let core: CoreUnderTest | undefined;
afterEach(async () => {
  await h?.close();
  await core?.close();
  await proxy?.close();
  await sandbox?.close();
  h = core = proxy = sandbox = undefined;
});

type Handlers = CoreUnderTest['handlers'];
const days = (job: { jobId: string; jobName: string }, dates: string[], description: string): BatchLog[] =>
  dates.map((workDate) => ({ ...job, workDate, hours: '00:15', billable: true, description }));
const onService = (sb: Sandbox, description: string) =>
  sb
    .state()
    .timeLogs.filter((l) => l.user === sb.demoUser && l.description === description)
    .map((l) => l.workDate)
    .sort();
const undo = (handlers: Handlers, id?: string) => handlers.undoChange(id ? { id } : {}) as Promise<UndoResult>;
const made = (r: BatchPreview) => r.items.filter((i) => i.localId).map((i) => i.log.workDate);

async function ready(handlers: Handlers) {
  await handlers.listJobs({ status: 'all' });
  await handlers.syncNow({});
}

it('several days, two sent and two not yet (the service holds the answer to the third add): one undo takes all four back, each once', async () => {
  sandbox = await startSandbox({ seed: 1, today: TEST_TODAY });
  const sb = sandbox;
  proxy = await FaultProxy.start(sb.url);
  // the held answer is given when the test says so (the proxy's timers are a test clock), never by a wait
  const held = testClock(TEST_NOW);
  proxy.useTimers(held);
  const clock = runningClock();
  const on = { getToken: async () => sb.demoToken, policy: SANDBOX_POLICY, authScheme: 'Bearer' as const, clock };
  const job = await someJob(createServiceClient({ baseUrl: sb.url, ...on }), sb.demoUser);
  const client = createServiceClient({ baseUrl: proxy.url, ...on });
  core = await coreOver({
    dataDir: tempDir('punch-undo-batch-'),
    clock,
    session: sessionOf(client, { baseUrl: proxy.url, user: sb.demoUser, token: sb.demoToken }),
  });
  const { handlers } = core;
  await ready(handlers);
  proxy.setMode('slow', { match: 'addtimelog', body: /2026-11-12/, times: 1, delayMs: 60_000 });
  sb.resetRequests();

  // Friday is still to come: skipped, nothing made there
  const r = await handlers.logBatch({ logs: days(job, [FRIDAY, ...LAST_WEEK_DAYS], 'several days') });
  expect(r.items[0]).toMatchObject({ verdict: 'refused' });
  expect(made(r)).toEqual(LAST_WEEK_DAYS);
  expect(r.undoId).toMatch(/^u-/);
  // the 10th and 11th reached the service; the 12th's add is held there, unanswered; the 13th waits behind it
  await expect.poll(() => onService(sb, 'several days')).toEqual(['2026-11-10', '2026-11-11', '2026-11-12']);
  await expect.poll(() => proxy!.held()).toBe(1);
  expect(core.status()).toMatchObject({ sending: 1, queued: 1 });

  const u = await undo(handlers);
  expect(u).toMatchObject({ id: r.undoId, kind: 'add', state: 'queued' });
  expect(u.withdrawn).toBeUndefined();
  expect(u.logs!.map((l) => [l.log.workDate, l.withdrawn ?? l.state ?? l.kept])).toEqual([
    ['2026-11-10', 'queued'],
    ['2026-11-11', 'queued'],
    ['2026-11-12', 'queued'],
    ['2026-11-13', true],
  ]);
  // the 13th is out of the outbox at once: only the three deletes wait (the 12th's for its add's answer)
  expect(core.status()).toMatchObject({ queued: 3, sending: 1 });

  // the held answer is given: the deletes follow it, once each; the 13th was never sent
  await held.advance(60_000);
  await expect.poll(() => onService(sb, 'several days'), { timeout: 15_000 }).toEqual([]);
  await expect.poll(() => core!.status()).toMatchObject({ queued: 0, sending: 0, needsAttention: 0 });
  expect(counts(sb, 'addtimelog')).toBe(3);
  expect(counts(sb, 'deletetimelog')).toBe(3);
  await expect(undo(handlers, r.undoId)).rejects.toThrow(/undone already/);
  await handlers.syncNow({});
  expect(counts(sb, 'deletetimelog')).toBe(3);
}, 30_000);

it("a log in a week submitted since stays, said by day; the others are undone; with all of them locked, the week's refusal", async () => {
  h = await startHarness();
  const job = await someJob(h.client, h.sandbox.demoUser);
  const { handlers } = h.logging;
  await ready(handlers);
  const across = await handlers.logBatch({ logs: days(job, ['2026-11-12', '2026-11-13', TEST_TODAY], 'across two weeks') });
  const within = await handlers.logBatch({ logs: days(job, ['2026-11-10'], 'within last week') });
  expect([...across.items, ...within.items].map((i) => i.state)).toEqual(['synced', 'synced', 'synced', 'synced']);
  await handlers.submitWeek({ weekStart: LAST_WEEK });

  const u = await undo(handlers, across.undoId);
  expect(u.logs!.map((l) => [l.log.workDate, l.kept ?? l.state])).toEqual([
    ['2026-11-12', 'submitted'],
    ['2026-11-13', 'submitted'],
    [TEST_TODAY, 'synced'],
  ]);
  expect(u).toMatchObject({ state: 'synced', log: { workDate: TEST_TODAY } });
  expect(onService(h.sandbox, 'across two weeks')).toEqual(['2026-11-12', '2026-11-13']);
  await expect(undo(handlers, across.undoId)).rejects.toThrow(/undone already/);

  // every log in the submitted week: nothing can be undone, said as a delete there is, and nothing is sent
  h.sandbox.resetRequests();
  await expect(undo(handlers, within.undoId)).rejects.toThrow(/submitted or approved, so it cannot be deleted/);
  expect(counts(h.sandbox, 'deletetimelog')).toBe(0);
  expect(onService(h.sandbox, 'within last week')).toEqual(['2026-11-10']);
}, 30_000);

it('killed after the undo was written and before the undo list noted it: asked again, no second delete and nothing back', async () => {
  sandbox = await startSandbox({ seed: 1, today: TEST_TODAY });
  const dataDir = tempDir('punch-undo-batch-');
  const first = await startHarness({ sandbox, dataDir });
  const job = await someJob(first.client, sandbox.demoUser);
  await ready(first.logging.handlers);
  const r = await first.logging.handlers.logBatch({ logs: days(job, LAST_WEEK_DAYS, 'killed meanwhile') });
  expect(made(r)).toEqual(LAST_WEEK_DAYS);
  const list = join(dataDir, 'undo.json');
  expect(existsSync(list)).toBe(true);
  copyFileSync(list, `${list}.before`);
  await undo(first.logging.handlers, r.undoId);
  expect(onService(sandbox, 'killed meanwhile')).toEqual([]);
  // the undo list as it was before the undo: as if Punchcard died between the journal's write and the list's
  await first.close();
  copyFileSync(`${list}.before`, list);
  rmSync(`${list}.before`);
  h = await startHarness({ sandbox, dataDir });
  await expect(undo(h.logging.handlers, r.undoId)).rejects.toThrow(/not here any more/);
  await h.logging.handlers.syncNow({});
  expect(counts(sandbox, 'deletetimelog')).toBe(LAST_WEEK_DAYS.length);
  expect(onService(sandbox, 'killed meanwhile')).toEqual([]);
}, 30_000);
