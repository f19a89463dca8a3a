/**
 * The one compact window. It opens near the tray, remembers its size, and hides on close (the app lives in the
 * tray; Quit is in the tray menu). The page is sandboxed and isolated; it may not navigate, open windows, attach
 * webviews or ask for permissions: everything it needs goes through the preload's contract functions.
 */
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, screen, session, type Rectangle } from 'electron';
import { eventChannelOf, type Screen } from '../../shared/contract';
import { RENDERER_CSP, RENDERER_DEV_CSP } from '../../shared/csp';
import type { KeyValueStore } from '../../core';

const DEFAULT_SIZE = { width: 420, height: 640 };

export interface MainWindow {
  get(): BrowserWindow | null;
  /** Shows (creating if needed) and focuses the window, near the tray when its position is known. */
  show(near?: Rectangle): void;
  toggle(near?: Rectangle): void;
  /** Asks the renderer to switch to a screen (tray menu items). */
  showScreen(screen: Screen): void;
  /** True for the main frame of our own page (IPC senders are checked against it). */
  isOurFrame(frame: Electron.WebFrameMain | null | undefined): boolean;
}

let quitting = false;
app.on('before-quit', () => {
  quitting = true;
});

/** Locks down every webContents the app creates, including any a bug might create later. */
function hardenContents(devUrl: string | undefined): void {
  const csp = devUrl ? RENDERER_DEV_CSP : RENDERER_CSP;
  // For http(s) pages (the dev server) the header is the policy; for file:// the renderer's <meta> is.
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
  });
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  app.on('web-contents-created', (_e, contents) => {
    contents.on('will-navigate', (event) => event.preventDefault());
    contents.on('will-redirect', (event) => event.preventDefault());
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });
}

function positionNear(win: BrowserWindow, tray: Rectangle | undefined): void {
  // Linux trays report an empty rectangle: there is no tray position to follow, so centre instead.
  if (!tray || (tray.width === 0 && tray.height === 0)) {
    win.center();
    return;
  }
  const { width, height } = win.getBounds();
  const area = screen.getDisplayNearestPoint({ x: tray.x, y: tray.y }).workArea;
  const x = Math.round(tray.x + tray.width / 2 - width / 2);
  // Tray at the top (macOS menu bar) opens below it; at the bottom (Windows taskbar) opens above it.
  const y = tray.y < area.y + area.height / 2 ? tray.y + tray.height + 4 : tray.y - height - 4;
  win.setPosition(Math.min(Math.max(x, area.x), area.x + area.width - width), Math.min(Math.max(y, area.y), area.y + area.height - height));
}

export function initWindow(opts: { store: KeyValueStore; preload: string; rendererFile: string; devUrl?: string }): MainWindow {
  hardenContents(opts.devUrl);
  let win: BrowserWindow | null = null;
  let pageOrigin = '';
  const rendererPage = pathToFileURL(opts.rendererFile).href;

  const create = (): BrowserWindow => {
    const saved = opts.store.get<{ width: number; height: number }>('size');
    const w = new BrowserWindow({
      width: saved?.width ?? DEFAULT_SIZE.width,
      height: saved?.height ?? DEFAULT_SIZE.height,
      minWidth: 360,
      minHeight: 480,
      show: false,
      title: 'Punchcard',
      autoHideMenuBar: true,
      webPreferences: {
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        webSecurity: true,
        spellcheck: false,
        preload: opts.preload,
        // No `v8CacheOptions` ('bypassHeatCheck' would keep a code cache from the first run): the window loads its
        // page with loadFile, and Chromium keeps code caches only for http(s), chrome:// and (Electron's patch)
        // custom schemes registered with `codeCache: true`; a file:// page gets none whatever this says
        // (content/browser/renderer_host/code_cache_host_impl.cc, GetOriginLock). What a warm cache would give is
        // measured in web mode (docs/benchmarks.md, "Seventh pass": the app's script compiled and run in about half
        // the time); having it here means serving the renderer from such a scheme (protocol.handle), which changes the
        // page's origin that the navigation guard below and the CSP's 'self' are written for: not done blind, with no
        // Electron binary on the machine this was measured on.
      },
    });
    w.on('close', (event) => {
      if (!quitting) {
        event.preventDefault();
        w.hide();
      }
    });
    let saveTimer: NodeJS.Timeout | undefined;
    w.on('resize', () => {
      clearTimeout(saveTimer);
      saveTimer = setTimeout(() => {
        if (w.isDestroyed()) return;
        const [width, height] = w.getSize();
        opts.store.set('size', { width, height });
      }, 500);
    });
    w.on('closed', () => {
      win = null;
    });
    if (opts.devUrl) {
      pageOrigin = new URL(opts.devUrl).origin;
      void w.loadURL(opts.devUrl);
    } else {
      pageOrigin = 'file:';
      void w.loadFile(opts.rendererFile);
    }
    return w;
  };

  const show = (near?: Rectangle) => {
    win ??= create();
    const w = win;
    positionNear(w, near);
    if (w.webContents.isLoading())
      w.once('ready-to-show', () => {
        w.show();
        w.focus();
      });
    else {
      w.show();
      w.focus();
    }
  };

  return {
    get: () => win,
    show,
    toggle(near) {
      if (win && win.isVisible() && win.isFocused()) win.hide();
      else show(near);
    },
    showScreen(target) {
      show();
      const w = win;
      if (!w) return;
      const send = () => w.webContents.send(eventChannelOf('navigate'), { screen: target });
      // A window created just now has no listener yet: send once the page has painted (it subscribes on mount).
      if (w.webContents.isLoading()) w.once('ready-to-show', send);
      else send();
    },
    isOurFrame(frame) {
      if (!win || win.isDestroyed() || !frame) return false;
      if (frame !== win.webContents.mainFrame) return false;
      // Our page is exactly our index.html (any #fragment or ?query), or the dev server's origin.
      const page = frame.url.split(/[?#]/)[0];
      return pageOrigin === 'file:' ? page === rendererPage : page === pageOrigin || page.startsWith(`${pageOrigin}/`);
    },
  };
}
