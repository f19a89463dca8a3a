/**
 * The bridge contract: the single source of truth for what the renderer may ask of the core and what the core
 * pushes back. The preload (Electron), the web-mode HTTP bridge, the main-side IPC handlers and the renderer's
 * `Api` type all derive from the `operations` and `events` maps of this folder; nothing mirrors them by hand.
 *
 * Every operation takes exactly one argument (an object, validated in main with its schema) and returns a Promise.
 * No operation returns or accepts a secret except the sign-in inputs, which main moves straight into the keychain.
 *
 * Its rooms: the operations (./operations.ts, with the timer's in ./timer-operations.ts and the managers' and HR's in
 * ./team-operations.ts, built of ./inputs.ts and the one schema of a log, ../log.ts), their results (./results.ts),
 * the push events (./events.ts); here, what is derived from them (the renderer's `Api`, the core's `Handlers`), the
 * error that crosses the bridge, and `parseInput`, the one check of an operation's input.
 */
import type { ListedEvent, ListedOperation } from '../operation-names';
import type { RuleViolation, StorageState } from '../domain';
import { inputWords } from '../input-words';
import { said as saidInEnglish, sayInEnglish } from '../i18n/english';
import { defineMessages } from '../i18n/messages';
import { saidOf, type Said, type Words } from '../i18n/said';
import { operations, type OperationName, type OpInput, type OpOutput, type OpParsed } from './operations';
import type { EventName, Events } from './events';

export { operations, type Operations, type OperationName, type OpInput, type OpParsed, type OpOutput } from './operations';
export type * from './results';
export type * from './events';
/** The most entries one window of the outbox list holds (`getOutboxList`): said where the page's order is (no zod there). */
export { OUTBOX_WINDOW_MAX } from '../status/outbox-groups';
export { MAX_BATCH_LOGS, MAX_EMPLOYEE_PAGE } from './inputs';

// The name lists and channels live in a zod-free module (the renderer and preload import them without the schemas).
// They must equal the contract's keys: a compile error below ("Property 'x' is missing") names an operation or event
// that one side has and the other lacks.
export { EVENT_NAMES, OPERATION_NAMES, channelOf, eventChannelOf } from '../operation-names';
const everyOperationListed: Record<Exclude<OperationName, ListedOperation>, never> = {};
const noOperationUnknown: Record<Exclude<ListedOperation, OperationName>, never> = {};
const everyEventListed: Record<Exclude<EventName, ListedEvent>, never> = {};
const noEventUnknown: Record<Exclude<ListedEvent, EventName>, never> = {};
void [everyOperationListed, noOperationUnknown, everyEventListed, noEventUnknown];
/** What the renderer calls (window.api in Electron, the HTTP bridge in web mode). */
export type Api = { [K in OperationName]: (input: OpInput<K>) => Promise<OpOutput<K>> } & {
  /** Subscribe to a push event; returns the unsubscribe function. */
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void;
};

/**
 * What a front end may give one operation besides its input: a signal that stops it (Ctrl+C in punch). The core
 * passes it down explicitly to the requests the operation makes; a request it stops in flight is settled like a lost
 * answer (a write may have arrived), never re-sent blindly.
 */
export interface OperationCall {
  signal?: AbortSignal;
}

/** What main implements: handlers receive the validated (parsed) input, and the caller's `OperationCall` if any. */
export type Handlers = { [K in OperationName]: (input: OpParsed<K>, call?: OperationCall) => Promise<OpOutput<K>> };

/** An error that crossed the bridge: the class name of the core's error and a message for the user. */
export interface BridgeError {
  name: string;
  /** In English: for logs, and what a shell shows when it has no words for `said`. */
  message: string;
  /** What happened as a code and values, worded by each shell (src/shared/i18n/said.ts); absent where not converted yet. */
  said?: Said;
  code?: number;
  violations?: RuleViolation[];
  /** `StorageError` only: why the data directory refused the write (the disk is full, read-only, writing denied, failed). */
  storage?: Exclude<StorageState, 'ok'>;
}

const M = defineMessages({
  unknownCall: {
    id: 'core.unknown-call',
    defaultMessage: 'This version of Punchcard cannot do "{name}" (unknown operation). Nothing was changed.',
    description: '{name}: what a script asked for, quoted back as it typed it.',
  },
});

/** A call this version does not know (a script's typo, or a newer front end): its name quoted back. */
export const unknownCallWords = (name: string): Words => saidInEnglish(M.unknownCall.id, { name: name.slice(0, 80) });

/**
 * Validates an operation's input; throws a BridgeError-shaped `InvalidInputError` with what was wrong in the user's
 * words, the log's fields also as `violations` (shown at each field), never the operation's or a field's code name.
 */
export function parseInput<K extends OperationName>(name: K, input: unknown): OpParsed<K> {
  const def = operations[name];
  if (!def) {
    const w = unknownCallWords(String(name));
    throw Object.assign(new Error(w.message), { name: 'InvalidInputError', said: saidOf(w) });
  }
  const parsed = def.input.safeParse(input ?? {});
  if (!parsed.success) {
    const { message, said, violations } = inputWords(String(name), input ?? {}, parsed.error.issues, sayInEnglish);
    throw Object.assign(new Error(message), { name: 'InvalidInputError', violations, ...(said ? { said } : {}) });
  }
  return parsed.data as OpParsed<K>;
}
