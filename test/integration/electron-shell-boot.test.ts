/**
 * The Electron shell (src/main/index.ts + src/main/electron/*) booted for real in Node: the module is imported as
 * Electron would run it, with 'electron' replaced by a RECORDING fake (test/fixtures/fake-electron.ts), against a
 * real sandbox over HTTP and a temporary userData directory.
 *
 * What this proves, honestly: OUR glue makes the calls and wiring it should (window options, CSP header, permission
 * and navigation refusals, one IPC handler per operation that checks the sender frame, tray, shortcut, power
 * listeners, and an orderly shutdown), and the core behind it answers. What it does NOT prove: that Electron itself
 * behaves as the fake does (sandboxing, real IPC, a real tray); no Electron binary can be downloaded here, and the
 * Playwright suite (test/e2e/electron.spec.ts) covers that where one exists.
 *
 * Nothing of ours is replaced: only 'electron'. The account is the environment's (PUNCH_BASE_URL, PUNCH_TOKEN), whose
 * token stays in memory and never reaches the OS keychain, so this test runs the same with or without a Secret
 * Service on D-Bus (keytar itself is tested against a real one in test/integration/keychain.test.ts).
 *
 * The shell reads the system clock (it builds the core with the default clock), so this file fakes Date alone
 * (timers stay real) and sets it running from Wednesday 10:00 local: the shell, its core and the in-process sandbox
 * all see the test's day, whatever the hour or the zone the suite runs in.
 * @inner src/core/preferences.ts
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RENDERER_CSP } from '../../src/shared/csp';
import { EVENT_SNAPSHOT_CHANNEL, OPERATION_NAMES, channelOf, eventChannelOf } from '../../src/shared/operation-names';
import type { AppStatus, Job, OutboxEntry } from '../../src/shared/domain';
import { DEFAULT_PREFERENCES } from '../../src/core/preferences';
import { systemClock } from '../../src/core/context';
import { createLedger, type Journal } from '../../src/core/journal';
import { startSandbox } from '../../src/sandbox';
import type { Sandbox } from '../../src/sandbox';
import { createFakeElectron, FakeWebContents, FakeWebFrame, recordedEvent, type FakeElectron } from '../fixtures/fake-electron';
import { removeDir, tempDir } from '../fixtures/temp-dirs';
import { TEST_NOW, TEST_TODAY } from '../fixtures/test-clock';

const holder = vi.hoisted(() => ({ fake: undefined as unknown as { module: Record<string, unknown> } }));
vi.mock('electron', () => holder.fake.module);

/** The parts of the outbox file (core/journal/ledger.ts) this test reads. */
type Result = { ok: true; value: unknown } | { ok: false; error: { name: string; message: string } };

let sb: Sandbox;
let fake: FakeElectron;
let home: string;
const startupErrors: unknown[] = [];
const ENV_KEYS = ['PUNCH_BASE_URL', 'PUNCH_TOKEN', 'PUNCH_USER', 'ELECTRON_RENDERER_URL'] as const;
const savedEnv = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));
const today = TEST_TODAY;

async function until(what: string, done: () => boolean, ms = 10_000): Promise<void> {
  const end = performance.now() + ms;
  while (!done()) {
    if (performance.now() > end)
      throw new Error(`Timed out waiting for ${what}. Shell errors: ${startupErrors.map(String).join('; ') || 'none'}`);
    await new Promise((r) => setTimeout(r, 20)); // kept: a poll of the shell's state, bounded, naming what it waited for
  }
}
const ourWindow = () => fake.windows[0];
/** An operation called from our own window's main frame, as the preload would. */
const call = (name: string, input: unknown = {}) =>
  fake.ipcMain.invoke(`punch:${name}`, ourWindow().webContents.mainFrame, input) as Promise<Result>;
async function value<T>(name: string, input: unknown = {}): Promise<T> {
  const r = await call(name, input);
  if (!r.ok) throw new Error(`${name} failed: ${r.error.message}`);
  return r.value as T;
}
const logsSaying = (description: string) => sb.state().timeLogs.filter((l) => l.description === description);
const pendingOutbox = async () => (await value<OutboxEntry[]>('getOutbox')).filter((e) => e.state === 'queued' || e.state === 'sending');

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: TEST_NOW, shouldAdvanceTime: true });
  sb = await startSandbox({ today: TEST_TODAY });
  home = tempDir('punch-shell-boot-');
  fake = createFakeElectron({ userData: join(home, 'userData'), appPath: process.cwd() });
  holder.fake = fake;
  Object.assign(process.env, { PUNCH_BASE_URL: sb.url, PUNCH_TOKEN: sb.demoToken, PUNCH_USER: sb.demoUser });
  delete process.env.ELECTRON_RENDERER_URL;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    startupErrors.push(args.join(' '));
  });
  // index.ts runs at import (app.whenReady().then(start)): import a fresh copy and wait for the window to show.
  vi.resetModules();
  await import('../../src/main/index');
  await until('the shell to show its window', () => fake.calls.includes('window.show') || fake.exits.length > 0);
  expect(fake.exits, `the shell exited while starting: ${startupErrors.join('; ')}`).toEqual([]);
});

afterAll(async () => {
  if (fake && fake.exits.length === 0) {
    fake.app.emit('will-quit', recordedEvent());
    await until('the shell to exit', () => fake.exits.length > 0).catch(() => undefined);
  }
  vi.restoreAllMocks();
  vi.useRealTimers();
  for (const k of ENV_KEYS) {
    if (savedEnv[k] === undefined) delete process.env[k];
    else process.env[k] = savedEnv[k];
  }
  await sb?.close();
  if (home) removeDir(home);
});

describe('the Electron shell booted against a recording fake of Electron', () => {
  it('opens one sandboxed, isolated window with our preload and loads the built renderer file', () => {
    expect(fake.windows).toHaveLength(1);
    const prefs = ourWindow().options.webPreferences ?? {};
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.sandbox).toBe(true);
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.webSecurity).not.toBe(false);
    expect(String(prefs.preload).replace(/\\/g, '/')).toMatch(/\/preload\/index\.cjs$/);
    expect(ourWindow().loaded).toEqual([{ file: join(process.cwd(), 'src/renderer/index.html') }]);
    expect(ourWindow().isVisible()).toBe(true);
    expect(fake.app.name).toBe('Punchcard');
  });

  it('sends the renderer CSP as a header, refuses every permission, and stops navigation and new windows', () => {
    expect(fake.defaultSession.headersListeners).toHaveLength(1);
    let answered: { responseHeaders?: Record<string, string[]> } | undefined;
    fake.defaultSession.headersListeners[0]({ responseHeaders: { 'X-Kept': ['yes'] } }, (r) => {
      answered = r;
    });
    expect(answered?.responseHeaders).toEqual({ 'X-Kept': ['yes'], 'Content-Security-Policy': [RENDERER_CSP] });

    const allowed: boolean[] = [];
    for (const handler of fake.defaultSession.permissionHandlers) handler(ourWindow().webContents, 'media', (a) => allowed.push(a));
    expect(allowed).toEqual([false]);

    // Any webContents created later (a bug, an injected frame) is locked down as well, not only our window's.
    const later = new FakeWebContents();
    fake.app.emit('web-contents-created', recordedEvent(), later);
    for (const event of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      const e = recordedEvent();
      later.emit(event, e, 'https://evil.example/');
      expect(e.defaultPrevented, event).toBe(true);
    }
    expect(later.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(ourWindow().webContents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
  });

  it("answers every contract operation over IPC, but only to our own window's main frame", async () => {
    expect([...fake.ipcMain.handlers.keys()].sort()).toEqual([...OPERATION_NAMES.map(channelOf), EVENT_SNAPSHOT_CHANNEL].sort());

    const status = await call('getStatus');
    expect(status.ok).toBe(true);
    expect((status as { value: AppStatus }).value.account.signedIn).toBe(true);
    // a new subscription's status as it stands (the preload asks once it listens): the core's, to our frame only
    const asItStands = (await fake.ipcMain.invoke(EVENT_SNAPSHOT_CHANNEL, ourWindow().webContents.mainFrame, 'status')) as Result;
    expect((asItStands as { value: AppStatus }).value.account.signedIn).toBe(true);
    expect(await fake.ipcMain.invoke(EVENT_SNAPSHOT_CHANNEL, null, 'status')).toMatchObject({
      ok: false,
      error: { name: 'UnauthorizedError' },
    });

    // Same URL, but not our main frame (an iframe, another webContents): refused before the core sees it.
    const stranger = new FakeWebFrame(ourWindow().webContents.mainFrame.url);
    expect(await fake.ipcMain.invoke(channelOf('getStatus'), stranger, {})).toEqual({
      ok: false,
      error: { name: 'UnauthorizedError', message: 'Only the Punchcard window may call Punchcard.' },
    });
    expect(await fake.ipcMain.invoke(channelOf('getStatus'), null, {})).toMatchObject({ ok: false, error: { name: 'UnauthorizedError' } });
  });

  it('refuses a logTime with bad hours, naming the field, and queues nothing', async () => {
    const [job] = await value<Job[]>('listJobs');
    const before = sb.state().timeLogs.length;
    const r = await call('logTime', { jobId: job.jobId, workDate: today, hours: 'abc', description: 'shell boot: bad hours' });
    expect(r).toMatchObject({
      ok: false,
      error: {
        name: 'InvalidInputError',
        message: 'Hours: use a duration like 1:30, 1h30 or 90m.',
        violations: [expect.objectContaining({ field: 'hours' })],
      },
    });
    expect(await value<OutboxEntry[]>('getOutbox')).toEqual([]);
    expect(sb.state().timeLogs).toHaveLength(before);
  });

  it('sends a valid logTime from the window to the service exactly once and pushes the change to the window', async () => {
    const [job] = await value<Job[]>('listJobs');
    sb.resetRequests();
    const description = 'shell boot: a valid entry';
    const r = await call('logTime', { jobId: job.jobId, workDate: today, hours: '01:15', description });
    expect(r, JSON.stringify(r)).toMatchObject({ ok: true });
    // The shell starts the core with background sync: nobody calls syncNow here.
    await until('the entry to reach the sandbox', () => logsSaying(description).length > 0);
    await expect.poll(pendingOutbox).toEqual([]);
    expect(logsSaying(description)).toEqual([expect.objectContaining({ minutes: 75, jobId: job.jobId, workDate: today })]);
    expect(sb.requests().filter((q) => q.method === 'POST' && q.path.includes('addtimelog'))).toHaveLength(1);
    expect(ourWindow().webContents.sent.map((m) => m.channel)).toContain(eventChannelOf('outboxChange'));
  });

  it('puts a tray with a menu up, registers the default shortcut, and listens for sleep and lock', () => {
    expect(fake.trays).toHaveLength(1);
    const labels = fake.trays[0].contextMenu?.items.map((i) => i.label) ?? [];
    expect(labels).toEqual(expect.arrayContaining(['Open Punchcard', 'This week', 'Quit Punchcard']));
    expect(fake.trays[0].tooltip).toMatch(/^Punchcard: /);
    expect([...fake.globalShortcut.registered.keys()]).toEqual([DEFAULT_PREFERENCES.shortcut]);
    for (const event of ['suspend', 'lock-screen', 'shutdown']) expect(fake.powerMonitor.listenerCount(event), event).toBe(1);
  });

  it('on quit waits for the core to finish the request in flight, removes its handlers, then exits with 0', async () => {
    const [job] = await value<Job[]>('listJobs');
    const description = 'shell boot: an entry in flight at quit';
    sb.fault({ kind: 'delay', ms: 600, match: 'addtimelog', times: 1 });
    // logTime itself waits (briefly) for the send: quit while that send is still on the wire.
    const logged = call('logTime', { jobId: job.jobId, workDate: today, hours: '00:30', description });
    await expect.poll(async () => (await pendingOutbox()).map((e) => e.state)).toEqual(['sending']);

    // What the world looked like at the moment the shell called app.exit.
    let atExit: { inService: number; journal: Journal } | undefined;
    fake.hooks.onExit = () => {
      // the outbox journal as it is on disk then, read through the ledger (a new reader of the file)
      atExit = { inService: logsSaying(description).length, journal: createLedger(join(home, 'userData'), systemClock).read() };
    };
    const beforeQuitListeners = fake.app.listenerCount('before-quit');
    const quit = recordedEvent();
    fake.app.emit('will-quit', quit);
    expect(quit.defaultPrevented).toBe(true);
    expect(fake.exits).toEqual([]); // not before the core has closed
    await until('the shell to call app.exit', () => fake.exits.length > 0);
    expect(fake.exits).toEqual([0]);
    expect(await logged).toMatchObject({ ok: true });

    // The answer was recorded on disk before exit: the entry carries the service's id, and no operation is left 'sending'.
    expect(atExit?.inService).toBe(1);
    const saved = atExit?.journal;
    const row = Object.values(saved?.rows ?? {}).find((r) => r.description === description);
    expect(row?.timeLogId).toBe(logsSaying(description)[0].timeLogId);
    expect(saved?.ops.map((op) => op.state)).not.toContain('sending');
    expect([...fake.ipcMain.removed].sort()).toEqual([...OPERATION_NAMES.map(channelOf), EVENT_SNAPSHOT_CHANNEL].sort());
    expect(fake.ipcMain.handlers.size).toBe(0);
    expect(fake.globalShortcut.registered.size).toBe(0);
    expect(fake.trays[0].destroyed).toBe(true);
    // the tray's own before-quit listener goes with it (the window's quitting flag stays: it is the module's, for good)
    expect(fake.app.listenerCount('before-quit')).toBe(beforeQuitListeners - 1);
    for (const event of ['suspend', 'lock-screen', 'shutdown']) expect(fake.powerMonitor.listenerCount(event), event).toBe(0);
  });
});
