/**
 * Finds the time log a user means by an id: the local id shown by `punch week` / `punch log`, or the service's
 * timeLogId. The bridge has no "find a log" operation, so this looks where the core already shows logs: the outbox
 * (local, instant) and then the weeks, newest first (each a cached read that also works offline).
 */
import type { LocalTimeLog } from '../../shared/domain';
import type { CoreCalls } from '../command';
import { UsageError } from '../failure';
import { localDay } from '../input';

/** How far back to look: the demo company's rules allow logging 60 days back (spec 2.6 settings), so 9 weeks. */
const WEEKS_BACK = 9;

export async function findLog(core: CoreCalls, id: string, now = Date.now()): Promise<{ localId: string; log?: LocalTimeLog }> {
  const outbox = await core.call('getOutbox', {});
  if (outbox.some((e) => e.localId === id)) return { localId: id };
  const day = new Date(now);
  for (let i = 0; i < WEEKS_BACK; i++) {
    const week = await core.call('getWeek', { date: localDay(day.getTime()) });
    const log = week.logs.find((l) => l.localId === id || l.timeLogId === id);
    if (log) return { localId: log.localId, log };
    day.setDate(day.getDate() - 7);
  }
  throw new UsageError(`no time log with id ${id} in the last ${WEEKS_BACK} weeks.`,
    'Use the id shown by `punch week --date DATE` (local id) or the service\'s time log id.');
}
