/** The durable key-value documents every core module keeps its state in, and how a module opens one. */
import type { StoreSchema } from './store-schema';

/**
 * A small durable key-value document (./conf-store.ts: `conf`, atomic writes, in Node and Electron alike).
 * `set` returns only after the value is on disk; a disk failure throws a StorageError (./storage-error.ts).
 */
export interface KeyValueStore {
  get<T>(key: string): T | undefined;
  set(key: string, value: unknown): void;
  delete(key: string): void;
  readonly path: string;
}
/**
 * Opens (creating if needed) the store named `name` (a file `<name>.json` in the data directory), checked against
 * `schema`, the shape its owning module expects: a file that does not pass is kept aside and reported, and what can be
 * recovered is recovered (./store-schema.ts).
 */
export type OpenStore = (name: string, schema?: StoreSchema) => KeyValueStore;
