/**
 * The preload, generated from the contract: exactly one function per operation plus `on`, on the contract's
 * channels, and nothing else. `electron` is replaced by a recording fake (the Electron binary is not needed),
 * and the renderer's bridge is then loaded over the exposed object, as the page would see it.
 */
import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EVENT_NAMES, OPERATION_NAMES, channelOf, eventChannelOf, type Api } from '../../src/shared/contract';

const electron = vi.hoisted(() => {
  const exposed = new Map<string, unknown>();
  const invokes: Array<{ channel: string; input: unknown }> = [];
  const answers = new Map<string, unknown>();
  return { exposed, invokes, answers };
});

vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  const ipcRenderer = Object.assign(new Emitter(), {
    invoke: async (channel: string, input: unknown) => {
      electron.invokes.push({ channel, input });
      return electron.answers.get(channel) ?? { ok: true, value: { channel, input } };
    },
  });
  return {
    contextBridge: {
      exposeInMainWorld: (key: string, value: unknown) => {
        electron.exposed.set(key, value);
      },
    },
    ipcRenderer,
  };
});

let api: Record<string, unknown>;
let ipc: EventEmitter;

beforeAll(async () => {
  await import('../../src/preload/index');
  api = electron.exposed.get('api') as Record<string, unknown>;
  ipc = (await import('electron')).ipcRenderer as unknown as EventEmitter;
});

describe('the preload', () => {
  it('exposes exactly one function per contract operation, plus on, under window.api', () => {
    expect([...electron.exposed.keys()]).toEqual(['api']);
    expect(Object.keys(api).sort()).toEqual([...OPERATION_NAMES, 'on'].sort());
    for (const value of Object.values(api)) expect(typeof value).toBe('function');
    for (const forbidden of ['send', 'invoke', 'ipcRenderer', 'process', 'require']) expect(api).not.toHaveProperty(forbidden);
  });

  it('calls each operation on its own punch: channel with the input, and resolves with the value', async () => {
    electron.invokes.length = 0;
    for (const name of OPERATION_NAMES) {
      const fn = api[name] as (input: unknown) => Promise<unknown>;
      await expect(fn({ probe: name })).resolves.toEqual({ channel: channelOf(name), input: { probe: name } });
    }
    expect(electron.invokes.map((c) => c.channel)).toEqual(OPERATION_NAMES.map((n) => `punch:${n}`));
  });

  it('rejects with the error name, message, code and violations when main answers ok: false', async () => {
    const error = {
      name: 'ServiceError',
      message: 'Week is locked',
      code: 7250,
      violations: [{ field: 'workDate', rule: 'locked', message: 'locked' }],
    };
    electron.answers.set(channelOf('logTime'), { ok: false, error });
    const logTime = api.logTime as (input: unknown) => Promise<unknown>;
    await expect(logTime({})).rejects.toEqual(error);
    electron.answers.delete(channelOf('logTime'));
  });

  it('hands a listener only the payload of its event, and stops after unsubscribe', () => {
    const on = api.on as (event: string, listener: (p: unknown) => void) => () => void;
    const seen: unknown[] = [];
    const unsubscribe = on('timer', (payload) => seen.push(payload));
    ipc.emit(eventChannelOf('timer'), { sender: 'ipc-internals' }, { running: true });
    ipc.emit(eventChannelOf('outbox'), { sender: 'ipc-internals' }, []);
    expect(seen).toEqual([{ running: true }]);
    unsubscribe();
    ipc.emit(eventChannelOf('timer'), {}, { running: false });
    expect(seen).toEqual([{ running: true }]);
    expect(ipc.listenerCount(eventChannelOf('timer'))).toBe(0);
  });

  it('subscribes to every contract event on its punch:event: channel', () => {
    const on = api.on as (event: string, listener: (p: unknown) => void) => () => void;
    const offs = EVENT_NAMES.map((event) => on(event, () => {}));
    for (const event of EVENT_NAMES) expect(ipc.listenerCount(`punch:event:${event}`)).toBe(1);
    offs.forEach((off) => off());
  });

  it('refuses to subscribe to an event outside the contract', () => {
    const on = api.on as (event: string, listener: (p: unknown) => void) => () => void;
    expect(() => on('punch:timer', () => {})).toThrow(/Unknown event "punch:timer"/);
    expect(() => on('__proto__', () => {})).toThrow(/Unknown event/);
    expect(ipc.eventNames().filter((n) => !String(n).startsWith('punch:event:'))).toEqual([]);
  });
});

describe('the renderer bridge over the preload', () => {
  let bridge: Api;
  beforeAll(async () => {
    vi.stubGlobal('window', { api: electron.exposed.get('api') });
    bridge = (await import('../../src/renderer/src/bridge')).api;
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });

  it('turns a refused call back into an Error whose name screens can branch on', async () => {
    electron.answers.set(channelOf('submitWeek'), { ok: false, error: { name: 'AuthError', message: 'Sign in again', code: 7202 } });
    const failure = await bridge.submitWeek({ weekStart: '2026-11-16' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).toMatchObject({ name: 'AuthError', message: 'Sign in again', code: 7202 });
    electron.answers.delete(channelOf('submitWeek'));
  });

  it('passes values and events through unchanged', async () => {
    await expect(bridge.getWeek({ date: '2026-11-20' })).resolves.toEqual({ channel: 'punch:getWeek', input: { date: '2026-11-20' } });
    const seen: unknown[] = [];
    const off = bridge.on('notice', (n) => seen.push(n));
    ipc.emit(eventChannelOf('notice'), {}, { level: 'info', message: 'Synced' });
    off();
    expect(seen).toEqual([{ level: 'info', message: 'Synced' }]);
  });
});

describe('the renderer bridge outside a page', () => {
  it('imports without a window and rejects calls with a message saying there is no bridge', async () => {
    vi.resetModules();
    vi.unstubAllGlobals();
    const { api } = await import('../../src/renderer/src/bridge');
    await expect(api.getStatus({})).rejects.toMatchObject({ name: 'AppUnavailableError', message: expect.stringMatching(/no bridge/) });
    expect(api.on('timer', () => {})).toBeTypeOf('function');
  });
});
