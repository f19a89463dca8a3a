/**
 * Finds the time log a user means by an id: the local id shown by `punch week` / `punch log`, or the service's
 * timeLogId. The bridge has no "find a log" operation, so this looks where the core already shows logs: the outbox
 * (local, instant) and then the weeks, newest first: as kept, then read now (see findLog).
 */
import type { LocalTimeLog } from '../../shared/domain';
import type { CoreCalls } from '../command';
import { OfflineError, UsageError } from '../failure';
import { localDay, userToday } from '../input';
import { toLocalDate } from '../../shared/time/week';
import { defineMessages } from '../../shared/i18n/messages';
import { words } from '../words';

const M = defineMessages({
  none: {
    id: 'cli.find-log.none',
    defaultMessage:
      '{weeks, plural, one {no time log with id {id} in the last week.} other {no time log with id {id} in the last # weeks.}}',
  },
  notReadNow: {
    id: 'cli.find-log.not-read-now',
    defaultMessage:
      'no time log with id {id} in what this device kept of the last {weeks} weeks, and the service could not be reached to look there.',
  },
  whenOnline: {
    id: 'cli.find-log.when-online',
    defaultMessage:
      'Run it again when the service answers ({status} says whether it does). A log made on this device is found offline too, by the local id {week} shows.',
    description: '{status}, {week}: commands as typed.',
  },
  which: {
    id: 'cli.find-log.which',
    defaultMessage: "Use the id shown by {week} (local id) or the service's time log id.",
    description: '{week}: a command as typed.',
  },
});

/** How far back to look: the demo company's rules allow logging 60 days back (its time tracker settings), so 9 weeks. */
const WEEKS_BACK = 9;

/**
 * How `punch week` shows a local id: a log made on this device has a long random id (`L-` and 36 characters), shown
 * by its first 8 after `L-` so the table fits a terminal; `edit` and `delete` take that short form (or the whole id).
 */
export function shortLogId(localId: string): string {
  return /^L-[0-9a-f-]{36}$/i.test(localId) ? localId.slice(0, 10) : localId;
}

/**
 * The id `punch week` shows for a log: a log made on this device by its short form, one from the service by the
 * service's own id (without the `S-` the week gives it: `edit` and `delete` take the service's id as it is).
 */
export function shownLogId(log: Pick<LocalTimeLog, 'localId' | 'timeLogId'>): string {
  return log.timeLogId && log.localId === `S-${log.timeLogId}` ? log.timeLogId : shortLogId(log.localId);
}

/** The whole id, or the short form `punch week` shows (the first 8 characters after `L-`, at least). */
const isId = (given: string, localId: string) => localId === given || (/^L-[0-9a-f]{8,}/i.test(given) && localId.startsWith(given));

export async function findLog(core: CoreCalls, id: string, now = Date.now()): Promise<{ localId: string; log?: LocalTimeLog }> {
  const outbox = await core.call('getOutbox', {});
  const queued = [...new Set(outbox.filter((e) => isId(id, e.localId)).map((e) => e.localId))];
  if (queued.length === 1) return { localId: queued[0] };
  // First the weeks as kept (a copy read within the last minute serves, so most edits cost no request); only when the id
  // is not there, each week read from the service now: a log made on the service's web page or phone after the copy
  // was read is not in it, and "no such log" would then be untrue.
  const readHere = new Set<string>();
  let unread = false;
  for (const look of ['look', 'now'] as const) {
    // from the user's today (their zone's), week by week back
    const day = toLocalDate(userToday(now));
    for (let i = 0; i < WEEKS_BACK; i++, day.setDate(day.getDate() - 7)) {
      const date = localDay(day.getTime());
      if (look === 'now' && readHere.has(date)) continue;
      const week = await core.call('getWeek', { date, look });
      const log = week.logs.find((l) => isId(id, l.localId) || l.timeLogId === id);
      if (log) return { localId: log.localId, log };
      if (week.fresh && week.readAt !== undefined && Date.parse(week.readAt) >= now) readHere.add(date);
      if (look === 'now') unread ||= !week.fresh;
    }
  }
  // Not found in weeks the service could not be read for (offline, the service down): the log may well be there, so
  // say why instead of "no such log".
  if (unread) {
    throw new OfflineError(
      words(M.notReadNow, { id, weeks: WEEKS_BACK }),
      words(M.whenOnline, { status: '`punch status`', week: '`punch week --date DATE`' }),
    );
  }
  throw new UsageError(words(M.none, { id, weeks: WEEKS_BACK }), words(M.which, { week: '`punch week --date DATE`' }));
}
