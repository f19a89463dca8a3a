/**
 * The core's key-value stores in Electron: the SAME factory as Node, the CLI and web mode
 * (`core/store/conf-store.ts`), opened on the app's userData folder.
 *
 * Why not electron-store: it is conf with Electron's paths added, and it kept its own copy of the damaged-file
 * handling (it moved a corrupt file aside and started empty, without a report or a recovery), so the app and `punch`
 * behaved differently on the same damaged file (issue 11). The path is the only thing Electron adds, and `main`
 * passes it in (`app.getPath('userData')`), so one factory serves every front end: same shape checks, same
 * byte-for-byte copy in `damaged/` with a report, same recovery, same 0700/0600 permissions, same StorageError.
 */
import type { OpenStore } from '../core/context';
import { isFiniteNumber, isPlainObject, type StoreSchema } from '../core/store/store-schema';
import { openConfStore, type ConfStoreOptions } from '../core/store/conf-store';

export function openElectronStore(dataDir: string, options: ConfStoreOptions = {}): OpenStore {
  return openConfStore(dataDir, options);
}

/** The `window` store: the window's last size (electron/window.ts). */
export const WINDOW_SCHEMA: StoreSchema = {
  what: 'the window size',
  check(key, value) {
    if (key !== 'size') return { keep: value, problems: [] };
    const ok = isPlainObject(value) && isFiniteNumber(value.width) && isFiniteNumber(value.height);
    return ok ? { keep: value, problems: [] } : { keep: undefined, problems: ['the window size is not a width and a height'] };
  },
  describe: (doc) => (doc.size ? { text: 'the window size', count: 1 } : { text: 'nothing', count: 0 }),
  ifNothing: 'the window opens at its default size',
};
