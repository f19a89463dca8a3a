/**
 * What makes `createPunchcard(...).close()` final: after it resolves, nothing is written to the data directory (a
 * test or an uninstaller may remove it; a write after close once made that fail) and no request leaves for the
 * service. The ledger refuses changes itself (../journal/ledger.ts `close`); these gate the other stores, and the sync
 * engine gates its client (../sync/closing-session.ts).
 */
import type { KeyValueStore, OpenStore } from './key-value-store';
import { saidError } from '../../shared/i18n/said';
import { storeWords } from './store-words';

/** What a write throws once the core is closing: the ledger's changes (../journal/ledger.ts) and the gated stores. */
export const CLOSED_MESSAGE = storeWords.closingNotSaved().message;

/** The refusal of a write once the core is closing: CLOSED_MESSAGE, with its code for the shells to word. */
export const closedError = (): Error => saidError(storeWords.closingNotSaved());

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
