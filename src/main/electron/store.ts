/**
 * The core's key-value stores in Electron: electron-store (the design card's store), opened by the SAME factory as
 * Node, the CLI and web mode (`core/store/conf-store.ts`) on the app's userData folder.
 *
 * electron-store is conf with Electron's paths added. Its own handling of a damaged file (move it aside, start empty,
 * no report, no recovery) used to make the app and `punch` behave differently on the same damaged file, so
 * the factory keeps that job: electron-store is only the class it instantiates (`storeClass`), with
 * `clearInvalidConfig: false`, and every front end gets the same shape checks, the same byte-for-byte copy in
 * `damaged/` with a report, the same recovery, the same 0700/0600 permissions and the same StorageError.
 */
import ElectronStore from 'electron-store';
import { isFiniteNumber, isPlainObject, openConfStore, type ConfStoreOptions, type OpenStore, type StoreSchema } from '../../core';
import { defineMessages } from '../../shared/i18n/messages';
import { said } from '../../shared/i18n/english';

const M = defineMessages({
  what: { id: 'shell.window.what', defaultMessage: 'the window size', description: 'What a damaged file is.' },
  notSize: { id: 'shell.window.not-size', defaultMessage: 'the window size is not a width and a height' },
  nothing: { id: 'shell.window.nothing', defaultMessage: 'nothing' },
  ifNothing: { id: 'shell.window.if-nothing', defaultMessage: 'the window opens at its default size' },
});

export function openElectronStore(dataDir: string, options: ConfStoreOptions = {}): OpenStore {
  return openConfStore(dataDir, { storeClass: ElectronStore as unknown as ConfStoreOptions['storeClass'], ...options });
}

/** The `window` store: the window's last size (electron/window.ts). */
export const WINDOW_SCHEMA: StoreSchema = {
  what: said(M.what.id),
  check(key, value) {
    if (key !== 'size') return { keep: value, problems: [] };
    const ok = isPlainObject(value) && isFiniteNumber(value.width) && isFiniteNumber(value.height);
    return ok ? { keep: value, problems: [] } : { keep: undefined, problems: [said(M.notSize.id)] };
  },
  describe: (doc) => (doc.size ? { text: said(M.what.id), count: 1 } : { text: said(M.nothing.id), count: 0 }),
  ifNothing: said(M.ifNothing.id),
};
