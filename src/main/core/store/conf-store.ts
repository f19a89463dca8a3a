/**
 * Durable key-value documents for the core. Node and the CLI use `conf` directly (atomic writes through
 * `atomically`: write to a temp file, fsync, rename), so a crash mid-write leaves the previous file intact.
 * `set` returns only after the file is written (conf writes synchronously).
 *
 * A corrupt file (bad JSON, e.g. edited by hand or truncated by a disk fault) must never stop the app from opening:
 * it is moved aside to `<name>.corrupt-<timestamp>.json` (kept for the user or support to inspect), the store starts
 * empty, and the corruption is reported through `onCorrupt` and on the store itself (`corruptionOf(store)`), so the
 * module that owns the data can emit a `notice`.
 */
import fs from 'node:fs';
import path from 'node:path';
import Conf from 'conf';
import type { KeyValueStore, OpenStore } from '../context';

export interface StoreCorruption {
  /** Store name (`outbox`, `timer`, ...). */
  name: string;
  /** The file that could not be read. */
  path: string;
  /** Where the unreadable file was moved. */
  movedTo: string;
  /** Why it could not be read (parser message). */
  reason: string;
  at: number;
}

export interface ConfStoreOptions {
  onCorrupt?: (c: StoreCorruption) => void;
  /** Injected for tests: the timestamp in the moved-aside file name. */
  now?: () => number;
}

const corruptions = new WeakMap<KeyValueStore, StoreCorruption>();

/** The corruption found when this store was opened, if any (so a module can tell the user). */
export function corruptionOf(store: KeyValueStore): StoreCorruption | undefined {
  return corruptions.get(store);
}

function isUnreadable(e: unknown): e is Error {
  // conf rethrows JSON.parse's SyntaxError when clearInvalidConfig is false (we want the file kept, not cleared).
  return e instanceof SyntaxError || (e instanceof Error && e.name === 'SyntaxError');
}

function moveAside(file: string, name: string, dataDir: string, now: number): string {
  const stamp = new Date(now).toISOString().replace(/[:.]/g, '-');
  let target = path.join(dataDir, `${name}.corrupt-${stamp}.json`);
  for (let i = 1; fs.existsSync(target); i++) target = path.join(dataDir, `${name}.corrupt-${stamp}-${i}.json`);
  fs.renameSync(file, target);
  return target;
}

export function openConfStore(dataDir: string, options: ConfStoreOptions = {}): OpenStore {
  const now = options.now ?? Date.now;
  return (name: string): KeyValueStore => {
    if (!/^[A-Za-z0-9._-]{1,100}$/.test(name) || name.startsWith('.')) {
      throw new Error(`Store name "${name}" is not allowed: use letters, digits, '.', '_' or '-' (it becomes a file name).`);
    }
    fs.mkdirSync(dataDir, { recursive: true });
    const file = path.join(dataDir, `${name}.json`);
    let corruption: StoreCorruption | undefined;
    let storeRef: KeyValueStore | undefined;

    /**
     * conf re-reads and re-parses the whole file on every get and twice on every set. The outbox journal is
     * rewritten on each change, so parsing it again costs as much as writing it. The last text written (or read) is
     * remembered with its value: when the file still holds exactly that text, the value is reused. Values go in
     * and out of the store as copies (below), so nobody can change the remembered value behind its text.
     */
    let last: { text: string; value: Record<string, unknown> } | undefined;
    const make = () => new Conf<Record<string, unknown>>({
      cwd: dataDir,
      configName: name,
      // keys are opaque ids (week starts, local ids): never split them on dots
      accessPropertiesByDotNotation: false,
      clearInvalidConfig: false,
      // compact JSON: the outbox document is rewritten on every change
      serialize: (value) => {
        const text = JSON.stringify(value);
        last = { text, value: { ...value } };
        return text;
      },
      deserialize: (text) => {
        if (last && last.text === text) return { ...last.value };
        const value = JSON.parse(text) as Record<string, unknown>;
        last = { text, value: { ...value } };
        return value;
      },
    });
    const recover = (e: Error): Conf<Record<string, unknown>> => {
      const movedTo = moveAside(file, name, dataDir, now());
      corruption = { name, path: file, movedTo, reason: e.message, at: now() };
      options.onCorrupt?.(corruption);
      if (storeRef) corruptions.set(storeRef, corruption);
      return make();
    };

    let conf: Conf<Record<string, unknown>>;
    try {
      conf = make();
    } catch (e) {
      if (!isUnreadable(e)) throw e;
      conf = recover(e);
    }
    // conf re-reads the file on every access; if it becomes unreadable while we run, recover the same way.
    const guarded = <T>(fn: () => T): T => {
      try {
        return fn();
      } catch (e) {
        if (!isUnreadable(e)) throw e;
        conf = recover(e);
        return fn();
      }
    };
    const store: KeyValueStore = {
      get: <T>(key: string) => guarded(() => copy(conf.get(key)) as T | undefined),
      set: (key, value) => guarded(() => conf.set(key, copy(value) as never)),
      delete: (key) => guarded(() => conf.delete(key)),
      get path() { return conf.path; },
    };
    storeRef = store;
    if (corruption) corruptions.set(store, corruption);
    return store;
  };
}

function copy<T>(v: T): T {
  return v === undefined ? v : structuredClone(v);
}

/** In-memory stores for unit tests: values are copied in and out, as a file round trip would. */
export function memoryStore(): OpenStore {
  const docs = new Map<string, Map<string, unknown>>();
  return (name: string): KeyValueStore => {
    const doc = docs.get(name) ?? new Map<string, unknown>();
    docs.set(name, doc);
    return {
      get: <T>(key: string) => (doc.has(key) ? (structuredClone(doc.get(key)) as T) : undefined),
      set: (key, value) => { doc.set(key, structuredClone(value)); },
      delete: (key) => { doc.delete(key); },
      path: `memory:${name}`,
    };
  };
}
