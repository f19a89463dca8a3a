/**
 * Updates in the app: the policy (../update/policy.ts) read from Electron's facts and the user's preference, the
 * schedule (../update/controller.ts) over electron-updater (./updater.ts). The tray shows "Restart to update to
 * X.Y.Z" once an update is downloaded (./tray.ts); quitting installs it.
 */
import { app } from 'electron';
import { createUpdateController, type UpdateController } from '../update/controller';
import { decideUpdates, updateMenuLabel, updateSaid, updateWords, type UpdateState } from '../update/policy';
import type { UpdateStatus } from '../../shared/domain';
import type { Wording } from '../../shared/i18n/messages';
import { saidOf } from '../../shared/i18n/said';
import type { PreferenceWatch } from './preference-watch';
import { builtInFeedExists, electronUpdater, platformUpdater } from './updater';

export interface AppUpdates {
  /** The tray's item, when an update is ready (in `w`'s language). */
  menuLabel(w?: Wording): string | undefined;
  /** One sentence about updates (logged at start; Settings says the same words). */
  words(): string;
  /** The same as a code and values, for Settings to say in the user's language. */
  status(): UpdateStatus;
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
    menuLabel: (w) => updateMenuLabel(controller.state(), w),
    words: () => updateWords(controller.state(), app.getVersion()),
    status: () => {
      const s = updateSaid(controller.state(), app.getVersion());
      return { words: s.message, said: saidOf(s) };
    },
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
