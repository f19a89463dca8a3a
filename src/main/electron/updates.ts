/**
 * Updates in the app: the policy (../update/policy.ts) read from Electron's facts and the user's preference, the
 * schedule (../update/controller.ts) over electron-updater (./updater.ts). The tray shows "Restart to update to
 * X.Y.Z" once an update is downloaded (./tray.ts); quitting installs it.
 */
import { app } from 'electron';
import { createUpdateController, type UpdateController } from '../update/controller';
import { decideUpdates, updateMenuLabel, updateWords, type UpdateState } from '../update/policy';
import type { PreferenceWatch } from './preference-watch';
import { builtInFeedExists, electronUpdater, platformUpdater } from './updater';

export interface AppUpdates {
  /** The tray's item, when an update is ready. */
  menuLabel(): string | undefined;
  /** One sentence about updates (logged at start; Settings says the same words). */
  words(): string;
  restartAndInstall(): void;
  onChange(listener: (state: UpdateState) => void): () => void;
  dispose(): void;
}

export function initUpdates(prefs: PreferenceWatch): AppUpdates {
  const listeners = new Set<(s: UpdateState) => void>();
  const controller: UpdateController = createUpdateController({
    decide: () =>
      decideUpdates({
        env: process.env,
        isPackaged: app.isPackaged,
        prefs: prefs.current(),
        builtInFeed: builtInFeedExists(process.resourcesPath),
      }),
    createUpdater: (decision) => electronUpdater(platformUpdater, decision.feed),
    onChange: (state) => {
      for (const l of listeners) l(state);
    },
  });
  controller.reconsider();
  const unwatch = prefs.onChange(() => controller.reconsider());
  console.info(`Punchcard updates: ${updateWords(controller.state(), app.getVersion())}`);

  return {
    menuLabel: () => updateMenuLabel(controller.state()),
    words: () => updateWords(controller.state(), app.getVersion()),
    restartAndInstall: () => controller.restartAndInstall(),
    onChange(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    dispose() {
      unwatch();
      controller.stop();
      listeners.clear();
    },
  };
}
