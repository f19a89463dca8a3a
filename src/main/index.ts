/**
 * The Electron main process: a thin shell around the core (`core/root/punchcard.ts`). Each line below wires one piece;
 * the pieces keep their own state (src/main/electron/*). Nothing about time, logs or the service lives here.
 */
import { join } from 'node:path';
import { format } from 'node:util';
import { app, shell } from 'electron';
import { redactConsole } from '../shared/redact';
import { createPunchcard, keytarSecrets, pacingFromEnvironment, type Punchcard } from '../core';
import { registerIpc } from './electron/ipc';
import { initLoginItem, startedAtLogin } from './electron/login';
import { createTell, initMorningReminder, initNotifications } from './electron/notify';
import { initPower } from './electron/power';
import { initPreferences } from './electron/preference-watch';
import { createQuickActions } from './electron/quick-actions';
import { registerShortcut } from './electron/shortcut';
import { openElectronStore, WINDOW_SCHEMA } from './electron/store';
import { initTray } from './electron/tray';
import { initShellWording } from './electron/shell-wording';
import { shellWords } from './electron/shell-words';
import { initUpdates, type AppUpdates } from './electron/updates';
import { initWindow, type MainWindow } from './electron/window';

// Log lines go through the one redaction (src/shared/redact.ts): an error may quote a request with its token.
redactConsole(console, format);

// One name everywhere: userData becomes ~/.config/Punchcard on Linux, the same folder `npm run web` uses.
app.setName('Punchcard');

const disposers: Array<() => void> = [];
let core: Punchcard | undefined;
let mainWindow: MainWindow | undefined;
let updates: AppUpdates | undefined;

/** PUNCH_BASE_URL / PUNCH_TOKEN / PUNCH_USER, as for `punch` and `npm run web` (the core never reads process.env). */
function accountFromEnvironment(): { baseUrl?: string; token?: string; user?: string } {
  const { PUNCH_BASE_URL: baseUrl, PUNCH_TOKEN: token, PUNCH_USER: user } = process.env;
  return { ...(baseUrl ? { baseUrl } : {}), ...(token ? { token } : {}), ...(user ? { user } : {}) };
}

async function start(): Promise<void> {
  const dataDir = app.getPath('userData');
  const openStore = openElectronStore(dataDir);
  core = await createPunchcard({
    dataDir,
    openStore,
    secrets: keytarSecrets(),
    openExternal: (url) => shell.openExternal(url),
    env: accountFromEnvironment(),
    // PUNCH_RATE_LIMIT / PUNCH_RATE_BUDGET, as for `punch` (account/pacing.ts)
    pacing: pacingFromEnvironment(process.env),
    // Settings' line about updates; until the updater is set up (a moment after start), that it is starting
    updateStatus: () => updates?.status() ?? shellWords.starting(),
    // the built-in demo company's code, loaded only when the demo is used (the core imports nothing of src/sandbox)
    demoService: () => import('../sandbox'),
  });
  const prefs = await initPreferences(core);
  const window = initWindow({
    store: openStore('window', WINDOW_SCHEMA),
    preload: join(import.meta.dirname, '../preload/index.cjs'),
    rendererFile: join(import.meta.dirname, '../renderer/index.html'),
    devUrl: !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined,
  });
  mainWindow = window;
  const wording = initShellWording(prefs);
  const tell = createTell(prefs, window, wording);
  const actions = createQuickActions(core, prefs, window, tell);

  // Updates: only here (never in web mode or `punch`), and only in an installed app with a feed (update/policy.ts).
  const appUpdates = initUpdates(prefs);
  updates = appUpdates;

  disposers.push(
    registerIpc(core, prefs, window),
    initTray({
      core,
      actions,
      window,
      updates: appUpdates,
      resourcesDir: join(app.getAppPath(), 'resources'),
      wording,
    }),
    () => appUpdates.dispose(),
    initPower(core, prefs, window),
    registerShortcut(prefs, actions, tell),
    initNotifications(core, prefs, window, wording),
    initMorningReminder(core, prefs, window, wording),
    initLoginItem(prefs),
  );
  if (!startedAtLogin()) window.show();
}

function initSingleInstance(): boolean {
  if (!app.requestSingleInstanceLock()) return false;
  // Launching Punchcard again (from the menu, a shortcut) means "show me the window".
  app.on('second-instance', () => mainWindow?.show());
  app.on('activate', () => mainWindow?.show());
  return true;
}

function registerShutdown(): void {
  let closing = false;
  app.on('will-quit', (event) => {
    if (closing || !core) return;
    // Let the core save the timer and the outbox before the process ends.
    event.preventDefault();
    closing = true;
    for (const dispose of disposers.splice(0).reverse()) {
      try {
        dispose();
      } catch (e) {
        console.error('Punchcard: shutdown step failed:', e);
      }
    }
    core
      .close()
      .catch((e: unknown) => console.error('Punchcard: could not close cleanly:', e))
      .finally(() => app.exit(0));
  });
  // A tray app keeps running with no window open.
  app.on('window-all-closed', () => undefined);
}

if (initSingleInstance()) {
  registerShutdown();
  app
    .whenReady()
    .then(start)
    .catch((e: unknown) => {
      console.error('Punchcard could not start:', e);
      app.exit(1);
    });
} else {
  app.quit();
}
