/**
 * The tray's and the shortcut's quick actions (src/main/electron/quick-actions.ts, no electron import) over the real
 * core on a sandbox, with a clock the test moves. Only the window is a stand-in: it records the screens it was asked
 * to show, which is all the quick actions ask of it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Events, Screen } from '../../src/shared/contract';
import type { Job, OutboxEntry, TimerView } from '../../src/shared/domain';
import type { Punchcard } from '../../src/core';
import { initPreferences, type PreferenceWatch } from '../../src/main/electron/preference-watch';
import { createQuickActions, type QuickActions } from '../../src/main/electron/quick-actions';
import type { MainWindow } from '../../src/main/electron/window';
import type { Sandbox } from '../../src/sandbox';
import { call as callOn, startCoreOverSandbox, type CoreOverSandbox } from '../fixtures/core-over-sandbox';

const MINUTE = 60_000;
let clockAt = new Date(2026, 10, 18, 9, 0).getTime();
let world: CoreOverSandbox;
let sb: Sandbox;
let core: Punchcard;
let prefs: PreferenceWatch;
let quick: QuickActions;
let screens: Screen[];
let notices: Array<Events['notice']>;
let jobs: Job[];

const call = <T>(name: string, input: unknown = {}) => callOn<T>(core, name, input);
const timer = () => call<TimerView>('getTimer');
const outboxHours = async () => (await call<OutboxEntry[]>('getOutbox')).map((e) => `${e.jobName} ${e.hours}`);

beforeEach(async () => {
  clockAt = new Date(2026, 10, 18, 9, 0).getTime();
  world = await startCoreOverSandbox({ today: '2026-11-18', dirPrefix: 'punch-quick-', now: () => clockAt });
  ({ sb, core } = world);
  prefs = await initPreferences(core);
  screens = [];
  notices = [];
  const window = {
    showScreen: (s: Screen) => {
      screens.push(s);
    },
  } as unknown as MainWindow;
  quick = createQuickActions(core, prefs, window, (n) => notices.push(n));
  jobs = await call<Job[]>('listJobs', {});
  await call('getCompanySettings', { refresh: true }); // the company's 10:00 daily maximum, cached for offline
  // Nothing reaches the service in these tests unless a test says so: entries wait in the outbox.
  await sb.setOffline(true);
});
afterEach(async () => {
  await sb.setOffline(false);
  await world.close();
});

describe('toggling the timer from the tray or the shortcut', () => {
  it('opens the window on Track the first time, when there is no job to resume', async () => {
    await quick.toggleTimer();
    expect(screens).toEqual(['track']);
    expect((await timer()).running).toBe(false);
    expect(notices).toEqual([]);
  });

  it('stops a running timer and logs its time, then starts it again on the same job', async () => {
    await call('startTimer', { jobId: jobs[0].jobId });
    clockAt += 45 * MINUTE;
    await quick.toggleTimer();
    expect((await timer()).running).toBe(false);
    expect(await outboxHours()).toEqual([`${jobs[0].jobName} 00:45`]);

    await quick.toggleTimer();
    const resumed = await timer();
    expect(resumed.running).toBe(true);
    expect(resumed.jobId).toBe(jobs[0].jobId);
    expect(screens).toEqual([]);
  });

  it('resumes the job last logged when the app starts afresh', async () => {
    await call('logTime', { jobId: jobs[1].jobId, workDate: '2026-11-18', hours: '00:30' });
    // A new shell over the same data: it reads the preferences (recent jobs) the core stored.
    const fresh = createQuickActions(
      core,
      await initPreferences(core),
      { showScreen: (s: Screen) => screens.push(s) } as unknown as MainWindow,
      (n) => notices.push(n),
    );
    await fresh.toggleTimer();
    expect((await timer()).jobId).toBe(jobs[1].jobId);
  });

  it('leaves a stop over the daily maximum to the window, with the reason, and keeps the timer running', async () => {
    await call('startTimer', { jobId: jobs[0].jobId });
    clockAt += 13 * 60 * MINUTE;
    await quick.toggleTimer();
    expect(screens).toEqual(['track']);
    expect(notices).toHaveLength(1);
    expect(notices[0].level).toBe('warning');
    expect(notices[0].message).toMatch(/10:00/);
    expect((await timer()).running).toBe(true);
    expect(await outboxHours()).toEqual([]);
  });
});

describe('starting a job from the tray menu', () => {
  it('stops the running job, logs it, and starts the chosen one', async () => {
    await call('startTimer', { jobId: jobs[0].jobId });
    clockAt += 90 * MINUTE;
    await quick.startJob(jobs[1].jobId);
    const now = await timer();
    expect(now.running).toBe(true);
    expect(now.jobId).toBe(jobs[1].jobId);
    expect(await outboxHours()).toEqual([`${jobs[0].jobName} 01:30`]);
  });

  it('does nothing when the chosen job is already running', async () => {
    await call('startTimer', { jobId: jobs[0].jobId });
    const startedAt = (await timer()).startedAt;
    clockAt += 20 * MINUTE;
    await quick.startJob(jobs[0].jobId);
    expect((await timer()).startedAt).toBe(startedAt);
    expect(await outboxHours()).toEqual([]);
  });

  it('tells the user why a job could not start instead of failing silently', async () => {
    await sb.setOffline(false); // online, the core looks the unknown job up once instead of waiting out its retries
    await quick.startJob('no-such-job');
    expect(notices).toHaveLength(1);
    expect(notices[0].level).toBe('error');
    expect(notices[0].message).toBe(
      'Could not start the timer: Job: that job is not in your job list. Refresh the job list, or pick a job from it.',
    );
    expect((await timer()).running).toBe(false);
  });
});

describe('the recent jobs of the tray menu', () => {
  it('lists favourites first, then recent jobs, each once, up to the limit, even offline', async () => {
    await call('logTime', { jobId: jobs[2].jobId, workDate: '2026-11-18', hours: '00:15' });
    await call('logTime', { jobId: jobs[1].jobId, workDate: '2026-11-18', hours: '00:15' });
    await prefs.dispatch('toggleFavouriteJob', { jobId: jobs[2].jobId });
    await prefs.dispatch('toggleFavouriteJob', { jobId: jobs[0].jobId });
    // The shell's own watch saw only the favourites; the recent jobs came from logging.
    expect((await quick.recentJobs()).map((j) => j.jobId)).toEqual([jobs[2].jobId, jobs[0].jobId, jobs[1].jobId]);
    expect((await quick.recentJobs(2)).map((j) => j.jobId)).toEqual([jobs[2].jobId, jobs[0].jobId]);
  });

  it('is empty before any job was used', async () => {
    expect(await quick.recentJobs()).toEqual([]);
  });
});

describe('syncing from the tray', () => {
  it('sends what waits in the outbox once the service is back, quietly', async () => {
    await call('logTime', { jobId: jobs[0].jobId, workDate: '2026-11-18', hours: '00:40', description: 'tray sync' });
    expect(await outboxHours()).toHaveLength(1);
    await sb.setOffline(false);
    await quick.syncNow();
    expect(
      sb
        .state()
        .timeLogs.filter((l) => l.description === 'tray sync')
        .map((l) => l.minutes),
    ).toEqual([40]);
    expect(notices).toEqual([]);
  });

  it('warns when entries need attention after the sync', async () => {
    await call('logTime', { jobId: jobs[0].jobId, workDate: '2026-11-18', hours: '00:40' });
    await sb.setOffline(false);
    // The service applies the entry but the answer is lost: on a service without gettimelogs (the list would find it),
    // only the user can say whether it is there.
    sb.configure({ timeLogList: false });
    sb.fault({ kind: 'commit-then-drop', match: 'addtimelog' });
    await quick.syncNow();
    sb.fault(null);
    expect(notices).toMatchObject([
      { level: 'warning', message: '1 entry needs your attention in the Outbox.', said: { code: 'shell.sync-attention' } },
    ]);
  });
});
