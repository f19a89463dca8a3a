/**
 * Electron's bridge says the status as it stands to a new subscription: main's wiring (src/main/electron/ipc.ts
 * registerIpc) and the preload (src/preload/index.ts) joined by a fake IPC in this process, where main's sends reach
 * the preload's listeners in order and the preload's invokes reach main's handlers, as Electron's do. `electron` is
 * replaced (vi.mock): no Electron binary here. A status pushed while the page loads, before its script subscribes,
 * reached no one, and the page kept "not checked yet" until the next change (the race web mode's event stream closed).
 */
import { EventEmitter } from 'node:events';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_SNAPSHOT_CHANNEL, eventChannelOf } from '../../src/shared/operation-names';
import type { DispatchResult, Punchcard } from '../../src/core';
import type { PreferenceWatch } from '../../src/main/electron/preference-watch';
import type { MainWindow } from '../../src/main/electron/window';

const ipc = vi.hoisted(() => ({
  handlers: new Map<string, (event: { senderFrame: unknown }, ...args: unknown[]) => unknown>(),
  renderer: undefined as unknown as EventEmitter & { invoke(channel: string, ...args: unknown[]): Promise<unknown> },
  exposed: new Map<string, unknown>(),
  /** The frame the page's calls come from (ours, unless a test says otherwise). */
  frame: { url: 'app://punchcard/index.html' } as unknown,
}));

vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  ipc.renderer = Object.assign(new Emitter(), {
    invoke: async (channel: string, ...args: unknown[]) => {
      const handler = ipc.handlers.get(channel);
      if (!handler) throw new Error(`No handler registered for '${channel}'`);
      return handler({ senderFrame: ipc.frame }, ...args);
    },
  });
  return {
    ipcMain: {
      handle: (channel: string, fn: (event: { senderFrame: unknown }, ...args: unknown[]) => unknown) => ipc.handlers.set(channel, fn),
      removeHandler: (channel: string) => ipc.handlers.delete(channel),
    },
    ipcRenderer: ipc.renderer,
    contextBridge: { exposeInMainWorld: (key: string, value: unknown) => ipc.exposed.set(key, value) },
  };
});

type Status = { online: boolean | null; checked: string };
const core = new EventEmitter();
let status: Status;
/** When set, getStatus answers only once this is resolved (a read under way while a push goes out). */
let held: Promise<void> | undefined;
let unregister: () => void;
let on: (event: string, listener: (payload: unknown) => void) => () => void;

const ourFrame = ipc.frame;
const push = (payload: Status) => core.emit('status', payload);

beforeAll(async () => {
  const { registerIpc } = await import('../../src/main/electron/ipc');
  const fakeCore = {
    on: (event: string, listener: (payload: unknown) => void) => {
      core.on(event, listener);
      return () => core.off(event, listener);
    },
  } as unknown as Punchcard;
  const prefs = {
    dispatch: async (name: string): Promise<DispatchResult> => {
      const asked = { ...status };
      await held;
      return name === 'getStatus' ? { ok: true, value: asked } : { ok: true, value: null };
    },
  } as unknown as PreferenceWatch;
  // main's sends go to the page's ipcRenderer, in order (one channel, as Electron's)
  const webContents = { send: (channel: string, payload: unknown) => ipc.renderer.emit(channel, {}, payload) };
  const window = {
    isOurFrame: (frame: unknown) => frame === ourFrame,
    get: () => ({ isDestroyed: () => false, webContents }),
  } as unknown as MainWindow;
  unregister = registerIpc(fakeCore, prefs, window);
  await import('../../src/preload/index');
  on = (ipc.exposed.get('api') as { on: typeof on }).on;
});

beforeEach(() => {
  status = { online: null, checked: 'not yet' };
  held = undefined;
  ipc.frame = ourFrame;
  ipc.renderer.removeAllListeners();
});

describe("Electron's bridge: the first status", () => {
  it('a status pushed before the page subscribed reaches it once it subscribes', async () => {
    // the service's first check ends while the page's script loads: pushed, and no one listens yet
    status = { online: true, checked: 'first check' };
    push(status);
    const got: unknown[] = [];
    on('status', (s) => got.push(s));
    await expect.poll(() => got).toEqual([{ online: true, checked: 'first check' }]);
  });

  it('a push made while the status is read is newer: the read is not told after it', async () => {
    let release!: () => void;
    held = new Promise((r) => (release = r));
    const got: unknown[] = [];
    on('status', (s) => got.push(s));
    // read as "not yet" and held; meanwhile the check ends and is pushed
    status = { online: false, checked: 'offline now' };
    push(status);
    release();
    await held;
    // the snapshot's answer has come back (the same queue): the push alone reached the page
    await ipc.renderer.invoke(EVENT_SNAPSHOT_CHANNEL, 'timer');
    expect(got).toEqual([{ online: false, checked: 'offline now' }]);
  });

  it('only the status is asked; a frame that is not ours is refused; a listener gone hears nothing', async () => {
    const asked: string[] = [];
    const invoke = ipc.renderer.invoke;
    ipc.renderer.invoke = (channel: string, ...args: unknown[]) => {
      asked.push(channel);
      return invoke(channel, ...args);
    };
    try {
      on('timer', () => undefined);
      on('ledger', () => undefined);
      expect(asked).toEqual([]);
      const got: unknown[] = [];
      const off = on('status', (s) => got.push(s));
      off();
      expect(asked).toEqual([EVENT_SNAPSHOT_CHANNEL]);
      await invoke(EVENT_SNAPSHOT_CHANNEL, 'timer');
      expect(got).toEqual([]);
    } finally {
      ipc.renderer.invoke = invoke;
    }
    ipc.frame = { url: 'https://elsewhere.example/' };
    await expect(ipc.renderer.invoke(EVENT_SNAPSHOT_CHANNEL, 'status')).resolves.toMatchObject({
      ok: false,
      error: { name: 'UnauthorizedError' },
    });
    // pushes still go on the event's channel, as before
    ipc.frame = ourFrame;
    const pushed: unknown[] = [];
    ipc.renderer.on(eventChannelOf('status'), (_e: unknown, p: unknown) => pushed.push(p));
    push({ online: true, checked: 'later' });
    expect(pushed).toEqual([{ online: true, checked: 'later' }]);
  });

  it('unregistering removes the snapshot handler with the others', () => {
    expect(ipc.handlers.has(EVENT_SNAPSHOT_CHANNEL)).toBe(true);
    unregister();
    expect(ipc.handlers.has(EVENT_SNAPSHOT_CHANNEL)).toBe(false);
    expect(ipc.handlers.size).toBe(0);
  });
});
