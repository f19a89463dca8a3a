/**
 * Per-call options, passed explicitly: every client method takes a `CallOptions` as its last parameter, and a caller
 * that bounds a whole action (several calls, pages, fallbacks) makes one with `narrowCall` and hands that same value
 * to each call, and to every function it calls that makes calls of its own.
 *
 * Why explicit and not ambient (AsyncLocalStorage, as before): an ambient scope leaked into work that merely started
 * inside it (the sync engine woken by a bounded read's answer inherited that read's deadline, for a write too), and
 * nothing in a signature said which calls a deadline covered. Explicit options make that visible and testable; ESLint
 * refuses `node:async_hooks` in src for that reason.
 */
import type { Timers } from '../../clock';
import { NetworkError } from '../errors';
import { failureWords } from '../failure-words';
import type { CallOptions } from '../types';

/**
 * A deadline `ms` from now: a reading of the clock's `elapsed()` (monotonic), the one `CallOptions.deadline` is on. The
 * clock is the caller's, which is the client's (the root hands one clock to both).
 */
export function deadlineIn(clock: Pick<Timers, 'elapsed'>, ms: number): number {
  return clock.elapsed() + ms;
}

/**
 * One call's options out of several layers (an action's limits, a caller's signal, an engine's own limits): every
 * limit narrows, none widens. `withinMs` counts from now on `clock` and becomes a `deadline`, so the value can be handed to several
 * calls made one after another and they all end by the same time. The earliest deadline holds, the shortest attempt
 * timeout and the fewest read retries; any layer's signal aborts. Returns a new object; `undefined` layers are skipped.
 */
export function narrowCall(clock: Pick<Timers, 'elapsed'>, ...layers: ReadonlyArray<CallOptions | undefined>): CallOptions {
  const out: CallOptions = {};
  const signals: AbortSignal[] = [];
  const ends: number[] = [];
  for (const layer of layers) {
    if (!layer) continue;
    if (layer.withinMs !== undefined) ends.push(clock.elapsed() + layer.withinMs);
    if (layer.deadline !== undefined) ends.push(layer.deadline);
    if (layer.timeoutMs !== undefined) out.timeoutMs = Math.min(out.timeoutMs ?? Infinity, layer.timeoutMs);
    if (layer.readRetries !== undefined) out.readRetries = Math.min(out.readRetries ?? Infinity, layer.readRetries);
    if (layer.signal && !signals.includes(layer.signal)) signals.push(layer.signal);
  }
  if (ends.length) out.deadline = Math.min(...ends);
  if (signals.length) out.signal = signals.length === 1 ? signals[0] : AbortSignal.any(signals);
  return out;
}

/**
 * The signal aborted because time ran out (its reason a TimeoutError: AbortSignal.timeout's, or the watch's end of the
 * reads once the service was found not to answer, ../watched-client.ts): a deadline, said as a timeout, not as a
 * cancellation.
 */
export function ranOut(signal: AbortSignal | undefined): boolean {
  return !!signal?.aborted && (signal.reason as { name?: unknown } | undefined)?.name === 'TimeoutError';
}

/**
 * Waits for `work` until `signal` aborts, then rejects with a NetworkError of kind 'cancelled'; `work` itself goes on
 * (use it for reads only: a write's caller must learn the write's outcome). For a caller
 * that shares a request with others (one read of a week for the grid and the submit preview, one read of the job list
 * for every caller): a caller that gives up (a window closing, Ctrl+C) stops waiting without taking the others' answer
 * away from them.
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(cancelled(signal));
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(cancelled(signal));
    signal.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

function cancelled(signal: AbortSignal): NetworkError {
  const reason: unknown = signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
  return new NetworkError(failureWords.cancelled(), 'no', {
    kind: 'cancelled',
    detail: reason,
  });
}
