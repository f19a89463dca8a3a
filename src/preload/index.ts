/**
 * The preload: one function per contract operation, plus `on` for push events. Nothing else crosses into the page:
 * no raw ipcRenderer, no `process`, no `send(channel)` (STYLE: boundaries). Generated from the contract's name lists,
 * so it cannot drift from `src/shared/contract/`.
 *
 * Built by electron-vite into one CommonJS file (`out/preload/index.cjs`): a sandboxed preload can only `require`
 * 'electron', so the name lists are bundled in (from the zod-free `operation-names.ts`; inputs are validated in main).
 */
import { defineMessages } from '../shared/i18n/messages';
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { BridgeError, EventName, OperationName } from '../shared/contract';
import {
  EVENT_NAMES,
  EVENT_SNAPSHOT_CHANNEL,
  OPERATION_NAMES,
  SNAPSHOT_EVENTS,
  channelOf,
  eventChannelOf,
} from '../shared/operation-names';

type Envelope = { ok: true; value: unknown } | { ok: false; error: BridgeError };

/**
 * A failed call rejects with the plain BridgeError object `{ name, message, code?, violations? }`, not an Error:
 * contextBridge copies an Error as a new Error holding only its message (Electron's PassValueToOtherContext), which
 * would drop the name screens branch on. Plain objects cross intact; `src/renderer/src/bridge.ts` turns them back
 * into Errors in the page's own world.
 */
const { noAnswer: NO_ANSWER } = defineMessages({
  noAnswer: {
    id: 'shell.no-answer',
    defaultMessage: "Punchcard's main process gave no answer to {name}. Restart the app.",
    description: "{name}: the call's name in the code, kept as it is.",
  },
});

function bridgeErrorOf(error: BridgeError): BridgeError {
  const plain: BridgeError = { name: String(error.name), message: String(error.message) };
  if (error.code !== undefined) plain.code = error.code;
  if (error.violations !== undefined) plain.violations = error.violations;
  // what the core said as a code and values, for the window to say in the user's language (src/shared/i18n/said.ts)
  const said = error.said;
  if (said && typeof said.code === 'string' && said.values && typeof said.values === 'object') plain.said = said;
  if (error.storage !== undefined) plain.storage = error.storage;
  return plain;
}

async function invoke(name: OperationName, input: unknown): Promise<unknown> {
  const envelope = (await ipcRenderer.invoke(channelOf(name), input ?? {})) as Envelope;
  if (envelope && envelope.ok === true) return envelope.value;
  if (envelope && envelope.ok === false) throw bridgeErrorOf(envelope.error);
  throw bridgeErrorOf({
    name: 'InvalidResponseError',
    message: `Punchcard's main process gave no answer to ${name}. Restart the app.`,
    said: { code: NO_ANSWER.id, values: { name } },
  });
}

function on(event: EventName, listener: (payload: unknown) => void): () => void {
  if (!(EVENT_NAMES as readonly string[]).includes(event)) {
    throw new Error(`Unknown event "${String(event)}": subscribe to one of ${EVENT_NAMES.join(', ')}.`);
  }
  if (typeof listener !== 'function') throw new Error(`on("${event}", listener): the listener must be a function.`);
  // Only the payload reaches the page: the IpcRendererEvent carries `sender` (the ipcRenderer itself).
  let pushed = false;
  let off = false;
  const handler = (_event: IpcRendererEvent, payload: unknown) => {
    pushed = true;
    listener(payload);
  };
  const channel = eventChannelOf(event);
  ipcRenderer.on(channel, handler);
  // the status as it stands, asked once listening (main: src/main/electron/ipc.ts): a push made before the page
  // subscribed reached no one. Told unless a push came first: main sends in order, so a push before the answer is newer.
  if (SNAPSHOT_EVENTS.includes(event))
    void ipcRenderer.invoke(EVENT_SNAPSHOT_CHANNEL, event).then(
      (envelope: Envelope | undefined) => {
        if (!off && !pushed && envelope?.ok === true && envelope.value != null) listener(envelope.value);
      },
      () => undefined,
    );
  return () => {
    off = true;
    ipcRenderer.removeListener(channel, handler);
  };
}

const api: Record<string, unknown> = { on };
for (const name of OPERATION_NAMES) {
  api[name] = (input: unknown) => invoke(name, input);
}

contextBridge.exposeInMainWorld('api', api);
