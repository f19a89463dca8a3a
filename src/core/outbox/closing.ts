/**
 * What makes `createPunchcard(...).close()` final: after it resolves, nothing is written to the data directory (a
 * test or an uninstaller may remove it; a write after close once made that fail) and no request leaves for the
 * service. The ledger refuses changes itself (./ledger.ts `close`); these gate the other stores and the client.
 */
import type { Session } from '../context';
import type { KeyValueStore, OpenStore } from '../store';
import { NetworkError } from '../service';
import type { ServiceClient } from '../service';
import { closedError } from './ledger';
import { outboxWords } from './outbox-words';

/**
 * Stores whose writes throw once `close()` was called (reads still work). The timer, the week cache and the job
 * list write only on the user's action or after a request returns; a late one must fail, not touch the disk.
 */
export function closableStores(): { gate(store: KeyValueStore): KeyValueStore; open(open: OpenStore): OpenStore; close(): void } {
  let closed = false;
  const refuse = () => {
    if (closed) throw closedError();
  };
  const gate = (store: KeyValueStore): KeyValueStore => ({
    get: <T>(key: string) => store.get<T>(key),
    set: (key, value) => {
      refuse();
      store.set(key, value);
    },
    delete: (key) => {
      refuse();
      store.delete(key);
    },
    get path() {
      return store.path;
    },
  });
  return {
    gate,
    open: (open) => (name, schema) => gate(open(name, schema)),
    close() {
      closed = true;
    },
  };
}

/**
 * The session as the sync engine uses it: once `isClosed()`, every client call throws before a request starts.
 * Thrown as a NetworkError that was not applied, which is true: nothing was sent.
 */
export function closingSession(session: Session, isClosed: () => boolean): Session {
  const guard = (client: ServiceClient): ServiceClient =>
    new Proxy(client, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (isClosed()) throw new NetworkError(outboxWords.closing(), 'no');
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  return {
    client: () => guard(session.client()),
    user: () => session.user(),
    account: () => session.account(),
    onChange: (listener) => session.onChange(listener),
  };
}
