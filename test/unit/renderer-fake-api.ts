/**
 * A fake bridge for the renderer's store tests: each test gives only the operations its slice calls, and every call
 * is recorded. Calling an operation the test did not provide fails loudly, so a slice cannot silently call more.
 */
import type { Api, EventName, Events } from '../../src/shared/contract';

export type Calls = Array<{ op: string; input: unknown }>;
type Handlers = Partial<Record<Exclude<keyof Api, 'on'>, (input: never) => Promise<unknown>>>;

export interface FakeApi {
  api: Api;
  calls: Calls;
  /** Push an event to whoever subscribed, as the core would. */
  emit<E extends EventName>(event: E, payload: Events[E]): void;
  listenerCount(): number;
}

export function fakeApi(handlers: Handlers): FakeApi {
  const calls: Calls = [];
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  const api = new Proxy({} as Api, {
    get(_t, prop: string) {
      if (prop === 'on') {
        return (event: string, listener: (p: unknown) => void) => {
          const set = listeners.get(event) ?? new Set();
          set.add(listener);
          listeners.set(event, set);
          return () => set.delete(listener);
        };
      }
      const handler = (handlers as Record<string, (i: unknown) => Promise<unknown>>)[prop];
      return async (input: unknown) => {
        calls.push({ op: prop, input });
        if (!handler) throw new Error(`the store called api.${prop}, which this test did not expect`);
        return handler(input);
      };
    },
  });
  return {
    api,
    calls,
    emit(event, payload) {
      for (const l of listeners.get(event) ?? []) l(payload);
    },
    listenerCount: () => [...listeners.values()].reduce((n, s) => n + s.size, 0),
  };
}

/** A BridgeError as the bridge rethrows it. */
export function bridgeError(name: string, message: string, violations?: unknown[]): Error {
  return Object.assign(new Error(message), { name, violations });
}

/** Local noon of a calendar day, so "today" is that day in any time zone the tests run in. */
export function noonOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y, m - 1, d, 12, 0, 0).getTime();
}
