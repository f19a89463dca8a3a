/**
 * The core's key-value stores on electron-store (the required stack), one `<name>.json` per store in the app's
 * data directory. Same guarantees as the Node side (`core/store/conf-store.ts`): atomic writes (electron-store is
 * conf), dots in keys are plain characters, and a corrupt file is moved aside instead of stopping the app from opening.
 */
import fs from 'node:fs';
import path from 'node:path';
import Store from 'electron-store';
import type { KeyValueStore, OpenStore } from '../core/context';

function isUnreadable(e: unknown): boolean {
  return e instanceof SyntaxError || (e instanceof Error && e.name === 'SyntaxError');
}

export function openElectronStore(dataDir: string, onCorrupt?: (name: string, movedTo: string) => void): OpenStore {
  return (name: string): KeyValueStore => {
    if (!/^[A-Za-z0-9._-]{1,100}$/.test(name) || name.startsWith('.')) {
      throw new Error(`Store name "${name}" is not allowed: use letters, digits, '.', '_' or '-' (it becomes a file name).`);
    }
    fs.mkdirSync(dataDir, { recursive: true });
    const make = () => new Store<Record<string, unknown>>({
      cwd: dataDir,
      name,
      accessPropertiesByDotNotation: false,
      clearInvalidConfig: false,
      serialize: (value) => JSON.stringify(value),
    });
    const recover = (): Store<Record<string, unknown>> => {
      const file = path.join(dataDir, `${name}.json`);
      const movedTo = path.join(dataDir, `${name}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
      fs.renameSync(file, movedTo);
      onCorrupt?.(name, movedTo);
      return make();
    };
    let store: Store<Record<string, unknown>>;
    try { store = make(); } catch (e) {
      if (!isUnreadable(e)) throw e;
      store = recover();
    }
    const guarded = <T>(fn: () => T): T => {
      try { return fn(); } catch (e) {
        if (!isUnreadable(e)) throw e;
        store = recover();
        return fn();
      }
    };
    return {
      get: <T>(key: string) => guarded(() => store.get(key) as T | undefined),
      set: (key, value) => guarded(() => store.set(key, value)),
      delete: (key) => guarded(() => store.delete(key)),
      get path() { return store.path; },
    };
  };
}
