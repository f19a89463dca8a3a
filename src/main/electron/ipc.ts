/**
 * The Electron side of the bridge: one `ipcMain.handle` per contract operation, answered by the core's dispatcher
 * (which validates the input against the contract: main never trusts what the page sends), and the core's push
 * events forwarded to the window. Calls from anything but our own window's main frame are refused.
 */
import { ipcMain } from 'electron';
import { EVENT_NAMES, OPERATION_NAMES, channelOf, eventChannelOf } from '../../shared/contract';
import { EVENT_SNAPSHOT_CHANNEL } from '../../shared/operation-names';
import type { DispatchResult, Punchcard } from '../../core';
import type { PreferenceWatch } from './preference-watch';
import type { MainWindow } from './window';

const NOT_OUR_PAGE: DispatchResult = {
  ok: false,
  error: { name: 'UnauthorizedError', message: 'Only the Punchcard window may call Punchcard.' },
};

export function registerIpc(core: Punchcard, prefs: PreferenceWatch, window: MainWindow): () => void {
  for (const name of OPERATION_NAMES) {
    ipcMain.handle(channelOf(name), (event, input: unknown) => {
      if (!window.isOurFrame(event.senderFrame)) return NOT_OUR_PAGE;
      return prefs.dispatch(name, input);
    });
  }
  // A subscription is told the status as it stands (the preload asks once it listens): the page subscribes once its
  // script runs, after its first calls were answered, and a status pushed in between (the first check of the service)
  // reached no one; the pill said "not checked yet" until the next change. As the web's event stream does when it opens.
  ipcMain.handle(EVENT_SNAPSHOT_CHANNEL, async (event, name: unknown): Promise<DispatchResult> => {
    if (!window.isOurFrame(event.senderFrame)) return NOT_OUR_PAGE;
    return name === 'status' ? prefs.dispatch('getStatus', {}) : { ok: true, value: null };
  });
  const unsubscribes = EVENT_NAMES.map((event) =>
    core.on(event, (payload) => {
      const w = window.get();
      if (w && !w.isDestroyed()) w.webContents.send(eventChannelOf(event), payload);
    }),
  );
  return () => {
    for (const name of OPERATION_NAMES) ipcMain.removeHandler(channelOf(name));
    ipcMain.removeHandler(EVENT_SNAPSHOT_CHANNEL);
    for (const unsubscribe of unsubscribes) unsubscribe();
  };
}
