/**
 * What the tray menu and the global shortcut can do without opening the window: start or stop the timer (resuming
 * the last job), switch to a recent job, sync now. Everything goes through the core's dispatcher like the window's
 * own calls; anything that needs a decision (no job yet, a stop over the company maximum) opens the window instead.
 */
import type { Events, OperationName, OpInput, OpOutput } from '../../shared/contract';
import type { Job, TimerView } from '../../shared/domain';
import type { Preferences } from '../../shared/preferences';
import type { Punchcard } from '../../core';
import type { PreferenceWatch } from './preference-watch';
import type { MainWindow } from './window';
import { isSaid } from '../../shared/i18n/said';
import { shellWords } from './shell-words';

export type Tell = (notice: Events['notice']) => void;

export interface QuickActions {
  toggleTimer(): Promise<void>;
  startJob(jobId: string): Promise<void>;
  syncNow(): Promise<void>;
  /** The last few jobs the user worked on (favourites first), for the tray menu. */
  recentJobs(limit?: number): Promise<Job[]>;
}

export function createQuickActions(core: Punchcard, prefs: PreferenceWatch, window: MainWindow, tell: Tell): QuickActions {
  async function call<K extends OperationName>(name: K, input: OpInput<K>): Promise<OpOutput<K>> {
    const result = await prefs.dispatch(name, input);
    if (!result.ok)
      throw Object.assign(new Error(result.error.message), {
        name: result.error.name,
        ...(result.error.said ? { said: result.error.said } : {}),
      });
    return result.value as OpOutput<K>;
  }
  const failed = (what: 'toggle' | 'start' | 'sync') => (e: unknown) => {
    const said = (e as { said?: unknown }).said;
    tell(shellWords.couldNot(what, isSaid(said) ? { said } : e instanceof Error ? e.message : String(e)));
  };

  async function stop(): Promise<boolean> {
    const result = await call('stopTimer', {});
    if (result.needsConfirm || result.needsEnd || result.needsDay) {
      // Over the company's daily maximum, a timer that ran long or whose clock moved, a week locked meanwhile: nothing
      // was logged and only the window can ask (Stop there asks it).
      window.showScreen('track');
      if (result.notice) tell({ level: 'warning', message: result.notice, ...(result.noticeSaid ? { said: result.noticeSaid } : {}) });
      return false;
    }
    if (result.notice) tell({ level: 'info', message: result.notice, ...(result.noticeSaid ? { said: result.noticeSaid } : {}) });
    return true;
  }

  const lastJobId = (timer: TimerView, p: Preferences): string | undefined => timer.jobId ?? p.recentJobIds[0];
  // Read from the core, not `prefs.current()`: the recent jobs change with every log (timer stops included), and the
  // watch only learns of changes made through the preference operations, so it would resume a stale job or none.
  const jobPreferences = () => call('getPreferences', {});

  return {
    toggleTimer: () =>
      (async () => {
        const timer = await call('getTimer', {});
        if (timer.running) {
          await stop();
          return;
        }
        const jobId = lastJobId(timer, await jobPreferences());
        if (!jobId) {
          window.showScreen('track');
          return;
        } // first use: the user picks a job in the window
        await call('startTimer', { jobId });
      })().catch(failed('toggle')),

    startJob: (jobId) =>
      (async () => {
        const timer = await call('getTimer', {});
        if (timer.running && timer.jobId === jobId) return;
        if (timer.running && !(await stop())) return;
        await call('startTimer', { jobId });
      })().catch(failed('start')),

    syncNow: () =>
      call('syncNow', {}).then((report) => {
        if (report.needsAttention > 0) tell(shellWords.attentionCount(report.needsAttention));
      }, failed('sync')),

    async recentJobs(limit = 5) {
      const p = await jobPreferences().catch(() => prefs.current());
      const ids = [...new Set([...p.favouriteJobIds, ...p.recentJobIds])].slice(0, limit);
      if (ids.length === 0) return [];
      // listJobs answers from the cache when offline, so the menu works on a train too.
      const jobs = await call('listJobs', {}).catch(() => [] as Job[]);
      const byId = new Map(jobs.map((j) => [j.jobId, j]));
      return ids.map((id) => byId.get(id)).filter((j): j is Job => j !== undefined);
    },
  };
}
