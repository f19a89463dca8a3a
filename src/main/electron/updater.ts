/**
 * The one place that calls electron-updater: its AppUpdater as the `Updater` that src/main/update/controller.ts
 * drives (when to check, what to say: ../update/policy.ts). electron-updater picks the platform's updater itself
 * (NSIS on Windows, the zip through Squirrel on macOS, AppImage, deb or rpm on Linux) and reads the feed the build
 * wrote into the packaged app's app-update.yml (beside app.asar); a feed named at run time (PUNCH_UPDATE_URL, PUNCH_UPDATE_GITHUB) replaces it.
 *
 * What it guarantees and we rely on: a download is written to a temporary file and kept only when its sha512 matches
 * the one latest*.yml publishes (builder-util-runtime's DigestTransform), so a damaged or altered download is
 * refused, never installed (test/integration/update-feed.test.ts serves one). Installers are signed in the release
 * workflow; on Windows electron-updater also checks the new installer's signature against the running app's
 * publisher.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AppUpdater } from 'electron-updater';
import type { UpdateFeed } from '../update/policy';
import type { Updater } from '../update/controller';

/** electron-builder writes app-update.yml next to app.asar when the build names a feed (scripts/package.mjs). */
export function builtInFeedExists(resourcesPath: string | undefined): boolean {
  return resourcesPath !== undefined && existsSync(join(resourcesPath, 'app-update.yml'));
}

/** The platform's updater, loaded only when updates are on (most starts of a managed copy never load it). */
export async function platformUpdater(): Promise<AppUpdater> {
  // electron-updater is CommonJS: its exports hang off the default export when imported from ESM
  const { default: electronUpdater } = await import('electron-updater');
  return electronUpdater.autoUpdater;
}

/**
 * `load` gives the AppUpdater (electron-updater's autoUpdater in the app; a test passes one it built over a local
 * feed). Checks never download by themselves: the controller asks for the download, so it can say which version.
 */
export function electronUpdater(load: () => Promise<AppUpdater>, feed?: UpdateFeed): Updater {
  let ready: Promise<AppUpdater> | undefined;
  let installOnQuit = true;
  const updater = () => {
    ready ??= load().then((u) => {
      u.autoDownload = false;
      u.autoInstallOnAppQuit = installOnQuit;
      u.allowDowngrade = false;
      // its "Checking for update" / "Found version" lines on every check are noise; failures still reach the log
      u.logger = {
        info: () => undefined,
        warn: (m: unknown) => console.warn('Punchcard updates:', m),
        error: (m: unknown) => console.error('Punchcard updates:', m),
      };
      if (feed)
        u.setFeedURL(
          feed.provider === 'generic' ? { provider: 'generic', url: feed.url } : { provider: 'github', owner: feed.owner, repo: feed.repo },
        );
      return u;
    });
    return ready;
  };

  return {
    async check() {
      const u = await updater();
      const result = await u.checkForUpdates();
      return result?.isUpdateAvailable ? result.updateInfo.version : null;
    },
    async download() {
      await (await updater()).downloadUpdate();
    },
    installOnQuit(on) {
      installOnQuit = on;
      if (ready)
        void ready.then((u) => {
          u.autoInstallOnAppQuit = installOnQuit;
        });
    },
    restartAndInstall() {
      // isSilent false: the installer shows its progress on Windows; isForceRunAfter true: Punchcard starts again
      if (ready) void ready.then((u) => u.quitAndInstall(false, true));
    },
  };
}
