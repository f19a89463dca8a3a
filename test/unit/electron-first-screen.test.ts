/**
 * The Electron shell's `getFirstScreen` (src/main/electron/ipc.ts: one `ipcMain` handler per contract operation,
 * answered through the shell's preference watch by the core's dispatcher), with the real core over a sandbox and no
 * Electron binary: `ipcMain` is a stand-in that keeps each handler, and the test calls it as Electron does (an event
 * with its sender frame, then the input). What the window gets before its script runs: the answers of its first
 * calls (src/shared/first-screen/calls.ts), each what that call answers through the same door, the log made before
 * the window opened among them; a frame that is not the window's own gets nothing.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { channelOf } from '../../src/shared/contract';
import type { FirstAnswers } from '../../src/shared/first-screen/answers';
import type { WeekView } from '../../src/shared/domain';
import { OUTBOX_FIRST_WINDOW } from '../../src/shared/status/outbox-groups';
import type { DispatchResult, Punchcard } from '../../src/core';
import type { MainWindow } from '../../src/main/electron/window';
import { initPreferences } from '../../src/main/electron/preference-watch';
import { startCoreOverSandbox, type CoreOverSandbox } from '../fixtures/core-over-sandbox';

type IpcHandler = (event: { senderFrame: unknown }, input: unknown) => Promise<DispatchResult> | DispatchResult;
const ipcHandlers = vi.hoisted(() => new Map<string, IpcHandler>());
vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, fn: IpcHandler) => ipcHandlers.set(channel, fn),
    removeHandler: (channel: string) => ipcHandlers.delete(channel),
  },
}));
const { registerIpc } = await import('../../src/main/electron/ipc');

// a Wednesday: the first screen reads this week only (Monday and Tuesday read the one before too)
const TODAY = '2026-11-18';
let world: CoreOverSandbox;
let core: Punchcard;
let unregister: () => void;
const ourFrame = { url: 'app://punchcard/index.html' };
const window = { get: () => null, isOurFrame: (frame: unknown) => frame === ourFrame } as unknown as MainWindow;

beforeEach(async () => {
  world = await startCoreOverSandbox({ today: TODAY, dirPrefix: 'punch-first-screen-' });
  core = world.core;
  unregister = registerIpc(core, await initPreferences(core), window);
});
afterEach(async () => {
  unregister();
  await world.close();
});

/** A call as the window's bridge makes it: through the handler Electron would run, from `frame`. */
const call = async (name: string, input: unknown, frame: unknown = ourFrame) => {
  const handler = ipcHandlers.get(channelOf(name as never));
  if (!handler) throw new Error(`no handler for ${name}`);
  return handler({ senderFrame: frame }, input);
};

it("hands the window its first calls' answers, each as that call answers it, with the log made before it opened", async () => {
  const jobs = await core.dispatch('listJobs', {});
  if (!jobs.ok) throw new Error(jobs.error.message);
  const job = (jobs.value as Array<{ jobId: string; jobName: string }>)[0];
  const logged = await core.dispatch('logTime', {
    jobId: job.jobId,
    workDate: TODAY,
    hours: '01:15',
    description: 'before the window opened',
  });
  expect(logged.ok).toBe(true);

  const got = await call('getFirstScreen', {});
  if (!got.ok) throw new Error(got.error.message);
  const first = got.value as FirstAnswers;
  expect(first.date).toBe(TODAY);
  const byName = new Map(first.answers.map((a) => [a.name, a]));
  expect([...byName.keys()]).toEqual(
    expect.arrayContaining(['getStatus', 'getPreferences', 'getAccount', 'getTimer', 'listJobs', 'getOutboxList', 'getWeek']),
  );

  // the week Track shows, with the log in it
  const week = byName.get('getWeek')!;
  expect(week.input).toEqual({ date: '2026-11-16', look: 'glance' });
  expect((week.value as WeekView).logs.map((l) => [l.workDate, l.hours, l.description])).toContainEqual([
    TODAY,
    '01:15',
    'before the window opened',
  ]);
  // the outbox's first window, never the whole list
  expect(byName.get('getOutboxList')!.input).toEqual({ window: { ...OUTBOX_FIRST_WINDOW } });

  // each answer is what the same call through the same door answers now (nothing changed in between)
  for (const name of ['getWeek', 'getOutboxList', 'getPreferences', 'getAccount', 'getTimer', 'listJobs'] as const) {
    const a = byName.get(name)!;
    expect({ ok: true, value: a.value }, name).toEqual(await call(name, a.input));
  }
});

it('answers a frame that is not the window with a refusal and none of the answers', async () => {
  const got = await call('getFirstScreen', {}, { url: 'https://elsewhere.example/' });
  expect(got).toEqual({ ok: false, error: { name: 'UnauthorizedError', message: 'Only the Punchcard window may call Punchcard.' } });
});
