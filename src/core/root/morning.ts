/**
 * The morning reminder as the root builds it (../week/morning.ts): what it reads, each from the module that knows it.
 * It reads the weeks as kept (never waits for the service), the timer and the recent jobs.
 */
import type { Catalog } from '../catalog';
import type { Clock, PreferencesStore } from '../context';
import type { KeyValueStore } from '../store';
import { createMorningReminder, type Weeks } from '../week';
import { parseHhmm } from '../../shared/time/hours';
import { addWeeks } from '../../shared/time/week';
import { userDay } from '../../shared/time/zone';

export interface MorningReads {
  store: KeyValueStore;
  clock: Clock;
  prefs: PreferencesStore;
  /** Whether the timer runs now. */
  running: () => boolean;
  weeks: Weeks;
  catalog: Catalog;
}

export function morningReminderOf({ store, clock, prefs, running, weeks, catalog }: MorningReads) {
  return createMorningReminder({
    store,
    now: () => clock.now(),
    at: () => (prefs.get().morningReminder ? prefs.get().morningReminderAt : undefined),
    zone: () => prefs.get().timeZone,
    running,
    logs: async () => {
      const today = userDay(clock.now(), prefs.get().timeZone);
      const views = await Promise.all([0, -1, -2].map((n) => weeks.getWeek(addWeeks(today, n), { offline: true })));
      return views.flatMap((v) => v.logs.map((l) => ({ ...l, minutes: parseHhmm(l.hours) })));
    },
    lastJob: () => {
      const id = prefs.get().recentJobIds[0];
      const job = id ? catalog.findJob(id) : undefined;
      return job ? { jobId: job.jobId, jobName: job.jobName } : undefined;
    },
  });
}
