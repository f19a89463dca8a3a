/**
 * The tray: the app's home. Its icon says whether the timer runs; the elapsed time shows as the tray title on
 * macOS (the only platform with tray titles) and in the tooltip elsewhere. The menu offers what people do ten
 * times a day without opening the window, and "Restart to update to X.Y.Z" once an update is downloaded (./updates.ts).
 * On macOS the icons are "Template" images (black and alpha), which the menu bar draws in its own colour.
 */
import { join } from 'node:path';
import { app, Menu, nativeImage, Tray, type MenuItemConstructorOptions } from 'electron';
import type { AppStatus, Job, TimerView } from '../../shared/domain';
import { TRAY, trayWords } from './tray-words';
import type { ShellWording } from './shell-wording';
import type { Punchcard } from '../../core';
import type { QuickActions } from './quick-actions';
import type { AppUpdates } from './updates';
import type { MainWindow } from './window';

const TICK_MS = 30_000;

function elapsed(timer: TimerView): string {
  const minutes = Math.floor(Math.max(0, timer.startedAt ? Date.now() - timer.startedAt : timer.elapsedMs) / 60_000);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

export function initTray(opts: {
  core: Punchcard;
  actions: QuickActions;
  window: MainWindow;
  updates?: AppUpdates;
  resourcesDir: string;
  wording: ShellWording;
}): () => void {
  const { core, actions, window, updates } = opts;
  const template = process.platform === 'darwin' ? 'Template' : '';
  const icon = (name: string) => nativeImage.createFromPath(join(opts.resourcesDir, `${name}${template}.png`));
  const icons = { idle: icon('tray-idle'), running: icon('tray-running') };
  const tray = new Tray(icons.idle);

  let timer: TimerView | undefined;
  let status: AppStatus | undefined;
  let recent: Job[] = [];

  const render = () => {
    const w = opts.wording.current();
    const running = timer?.running === true;
    tray.setImage(running ? icons.running : icons.idle);
    const label = running
      ? w.say(TRAY.running, { job: timer?.jobName ?? w.say(TRAY.timer), elapsed: elapsed(timer!) })
      : w.say(TRAY.notTracking);
    if (process.platform === 'darwin') tray.setTitle(running ? elapsed(timer!) : '');
    const words = trayWords(status, label, w);
    tray.setToolTip(words.tooltip);
    const signedIn = status?.account.signedIn ?? false;
    const update = updates?.menuLabel(w);
    const menu: MenuItemConstructorOptions[] = [
      // why nothing reaches the service, in words (never only an icon), at the top where it is seen
      ...(words.headline ? [{ label: words.headline, enabled: false }, { type: 'separator' as const }] : []),
      // a downloaded update: installed on quit anyway; this restarts into it now
      ...(update ? [{ label: update, click: () => updates?.restartAndInstall() }, { type: 'separator' as const }] : []),
      running
        ? {
            label: timer?.jobName
              ? w.say(TRAY.stop, { job: timer.jobName, elapsed: elapsed(timer) })
              : w.say(TRAY.stopTimer, { elapsed: elapsed(timer!) }),
            click: () => void actions.toggleTimer(),
          }
        : {
            label: recent[0] ? w.say(TRAY.startJob, { job: recent[0].jobName }) : w.say(TRAY.start),
            click: () => void actions.toggleTimer(),
          },
      ...(recent.length > 0 ? [{ type: 'separator' as const }, { label: w.say(TRAY.recent), enabled: false }] : []),
      ...recent.map((job) => ({
        label: job.jobName,
        type: 'checkbox' as const,
        checked: running && timer?.jobId === job.jobId,
        click: () => void actions.startJob(job.jobId),
      })),
      { type: 'separator' },
      { label: w.say(TRAY.open), click: () => window.show(tray.getBounds()) },
      { label: w.say(TRAY.week), click: () => window.showScreen('week') },
      {
        label: words.waiting > 0 ? w.say(TRAY.syncWaiting, { count: words.waiting }) : w.say(TRAY.sync),
        click: () => void actions.syncNow(),
      },
      { label: w.say(signedIn ? TRAY.signOut : TRAY.signIn), click: () => window.showScreen('settings') },
      { type: 'separator' },
      { label: w.say(TRAY.quit), role: 'quit' },
    ];
    tray.setContextMenu(Menu.buildFromTemplate(menu));
  };

  const refreshRecent = () =>
    actions.recentJobs().then(
      (jobs) => {
        recent = jobs;
        render();
      },
      () => undefined,
    );

  // Linux shows the context menu on click anyway; elsewhere a click opens the window.
  tray.on('click', () => window.toggle(tray.getBounds()));

  const unsubscribes = [
    ...(updates ? [updates.onChange(() => render())] : []),
    opts.wording.onChange(() => render()),
    core.on('timer', (t) => {
      const jobChanged = t.jobId !== timer?.jobId;
      timer = t;
      render();
      if (jobChanged) void refreshRecent();
    }),
    core.on('status', (s) => {
      status = s;
      render();
    }),
    core.on('outboxChange', () => {
      void core.dispatch('getStatus', {}).then((r) => {
        if (r.ok) {
          status = r.value as AppStatus;
          render();
        }
      });
    }),
  ];
  void core.dispatch('getTimer', {}).then((r) => {
    if (r.ok) {
      timer = r.value as TimerView;
      render();
    }
  });
  void core.dispatch('getStatus', {}).then((r) => {
    if (r.ok) {
      status = r.value as AppStatus;
      render();
    }
  });
  void refreshRecent();
  render();

  // Only the elapsed time changes while running; a slow tick is enough for H:MM.
  const tick = setInterval(() => {
    if (timer?.running) render();
  }, TICK_MS);
  const stopTicking = () => clearInterval(tick);
  app.on('before-quit', stopTicking);

  return () => {
    clearInterval(tick);
    app.removeListener('before-quit', stopTicking);
    for (const unsubscribe of unsubscribes) unsubscribe();
    tray.destroy();
  };
}
