/**
 * The Track tab's day: today's logs with their sync state, the day's total against the company maximum, and the
 * recent work a user continues in one click. It reads the week that holds today (and the week before, so Monday's
 * "yesterday" is there too) through the same `getWeek` as the week view: one copy in the core for every screen. When
 * the core reads that week again for any reason (a rule checked on a day, the Week tab), it pushes the week (`week`
 * event, ../events.ts) and Today takes it: the form's refusal and Today's total never disagree. Track shown again
 * after another tab only glances (the core reads when its copy is older than 5 minutes); the window coming back
 * looks (a minute: a log may have been made on the phone meanwhile).
 */
import type { Job, LocalTimeLog, OutboxEntry, SyncState, TimerView, WeekView } from '../../../../shared/domain';
import type { MorningReminder } from '../../../../shared/contract';
import { parseHhmm } from '../../../../shared/time/hours';
import { badgeOf, type BadgeState } from '../../../../shared/status/badge';
import { addDays, localDate, weekdayOf, weekStartOf } from '../../../../shared/time/week';
import { defineMessages } from '../../../../shared/i18n/messages';
import { words, type Words } from '../../i18n/words';
import { actionRunner } from '../action';
import type { UserError } from '../errors';
import { patchSlice, todayOf, type SliceCreator } from '../types';

export interface TodaySlice {
  today: {
    /** The user's day the lists are for (it moves on at the midnight of their zone: `load` reads the clock). */
    date: string;
    /** The week that holds `date`. */
    week: WeekView | null;
    /** The week before it: recent work from the last days of that week (read when `date` is early in its week). */
    before: WeekView | null;
    /** How many `week` pushes set `week` and `before` (../events.ts `receiveWeek`): orders a read against them. */
    pushes: { week: number; before: number };
    loading: boolean;
    error: UserError | null;
    /** `look`: why (src/shared/contract/operations.ts getWeek): `look` by default (the window came back), `now` when it opened. */
    load(look?: 'look' | 'glance' | 'now'): Promise<void>;
    /** Track was shown again (another tab before): the day as the core keeps it, read when older than 5 minutes. */
    show(): Promise<void>;
    /** The morning reminder as the core says it (null: silent today; src/core/week/morning.ts). */
    morning: MorningReminder | null;
    loadMorning(): Promise<void>;
    answerMorning(answer: 'snooze' | 'not-today'): Promise<void>;
  };
}

/** The previous week is read too while today is Monday or Tuesday, so "continue yesterday's" always has yesterday. */
const READ_PREVIOUS_WEEK_UNTIL_WEEKDAY = 2;

export const createTodaySlice: SliceCreator<TodaySlice> =
  ({ api, now }) =>
  (set, get) => {
    const patch = (p: Partial<TodaySlice['today']>) => patchSlice(set, 'today', p);
    const run = actionRunner(patch);
    return {
      today: {
        // this computer's day until the preferences say the user's zone (../index.ts `followTheDay`)
        date: localDate(now()),
        week: null,
        before: null,
        pushes: { week: 0, before: 0 },
        loading: false,
        error: null,
        show: () => get().today.load('glance'),
        morning: null,
        async loadMorning() {
          await run({ done: (morning) => ({ morning }) }, () => api.getMorningReminder({}));
        },
        async answerMorning(answer) {
          await run({ done: (morning) => ({ morning }) }, () => api.answerMorningReminder({ answer }));
        },
        async load(look = 'look') {
          const date = todayOf(get, now);
          const weekStart = weekStartOf(date);
          const dayOfWeek = weekdayOf(date);
          const wantBefore = dayOfWeek <= READ_PREVIOUS_WEEK_UNTIL_WEEKDAY;
          if (date !== get().today.date) patch({ date, week: null, before: null });
          // each week's answer is dropped when a push of that week came while the read was on its way (./week.ts)
          const seen = get().today.pushes;
          await run(
            {
              busy: 'loading',
              error: 'error',
              wanted: () => get().today.date === date,
              done: ([week, before]) => {
                const pushed = get().today.pushes;
                return { ...(pushed.week === seen.week ? { week } : {}), ...(pushed.before === seen.before ? { before } : {}) };
              },
            },
            () =>
              Promise.all([
                api.getWeek({ date: weekStart, look }),
                // Recent work only: a failure here must not hide today, and last week's copy serves (a glance).
                wantBefore ? api.getWeek({ date: addDays(weekStart, -7), look: 'glance' }).catch(() => null) : Promise.resolve(null),
              ]),
          );
        },
      },
    };
  };

/** Minutes of an `HH:MM` value, 0 for anything unreadable (a total must not throw on one odd log). */
export function minutesOf(hhmm: string): number {
  try {
    return parseHhmm(hhmm);
  } catch {
    return 0;
  }
}

/** Today's logs, as the week holds them (the logs the service refused are still listed, marked). */
export function logsOfDay(week: WeekView | null, date: string): LocalTimeLog[] {
  return week ? week.logs.filter((l) => l.workDate === date) : [];
}

export function totalMinutes(logs: LocalTimeLog[]): number {
  return logs.reduce((sum, l) => sum + minutesOf(l.hours), 0);
}

/**
 * A log's sync state now: the outbox's changes are pushed at once, the week only re-read after one, so the log's
 * entries as the last push said them decide (needs attention over sending over queued: `entries`, the page's
 * `outbox.byLog` of the log); with none it is as the week says (the core merged it with the log's entries then).
 */
export function liveSync(log: Pick<LocalTimeLog, 'localId' | 'sync'>, entries: OutboxEntry[]): SyncState {
  const mine = entries.filter((e) => e.localId === log.localId);
  if (mine.length === 0) return log.sync;
  for (const s of ['needs-attention', 'sending', 'queued'] as const) if (mine.some((e) => e.state === s)) return s;
  return 'synced';
}

/** A log's badge now: its `liveSync`, "checking" while an entry of it was sent and its answer lost (shared/status/badge.ts). */
export function liveBadge(log: Pick<LocalTimeLog, 'localId' | 'sync'>, entries: OutboxEntry[]): BadgeState {
  return badgeOf(
    liveSync(log, entries),
    entries.filter((e) => e.localId === log.localId),
  );
}

/**
 * A Week tab cell's badge: the most urgent of its logs' `liveBadge`s, so the cell says what its detail says. A log
 * being sent outranks one whose answer was lost ("Syncing" is under way, "Checking" waits for the service); both
 * outrank "Queued".
 */
export function cellBadge(
  logs: ReadonlyArray<Pick<LocalTimeLog, 'localId' | 'sync'>>,
  byLog: Record<string, OutboxEntry[]>,
): BadgeState | null {
  if (logs.length === 0) return null;
  const badges = logs.map((l) => liveBadge(l, byLog[l.localId] ?? []));
  for (const b of ['needs-attention', 'sending', 'checking', 'queued'] as const) if (badges.includes(b)) return b;
  return 'synced';
}

/** Is the running timer on this job and description (then "continue" would start what already runs)? */
export function isRunningOn(timer: TimerView | null, work: { jobId?: string; jobName: string; description?: string }): boolean {
  if (!timer?.running) return false;
  const sameJob = work.jobId ? timer.jobId === work.jobId : timer.jobName === work.jobName;
  return sameJob && (timer.description ?? '') === (work.description ?? '');
}

/**
 * What a Continue item says beside its job: the day that work was last logged ("today", "Thu 26 Nov"); on the work
 * the timer runs on, where its time goes instead ("running, logging to today", or the open day chosen for a
 * locked week): "Running: Training Thu 26 Nov" read as if the time went to Thursday.
 */
export function recentWhen(work: RecentWork, timer: TimerView | null, today: string): Words {
  if (isRunningOn(timer, work)) {
    const to = timer?.logTo && timer.logTo !== today ? timer.logTo : undefined;
    return words(M.when, { state: to ? 'runningTo' : 'runningToday', day: { day: to ?? today } });
  }
  if (!work.lastDate) return words(M.when, { state: 'job', day: '' });
  return words(M.when, { state: work.lastDate === today ? 'today' : 'day', day: { day: work.lastDate } });
}

const M = defineMessages({
  when: {
    id: 'track.recent.when',
    defaultMessage:
      '{state, select, runningToday {running, logging to today} runningTo {running, logging to {day}} today {today} day {{day}} other {recent job}}',
    description:
      'Beside a job under Continue. runningToday / runningTo: the timer runs on it and its time goes to today / to {day} (a day of an open week); today / day: when it was last logged; other: a job used recently, not logged lately.',
  },
});

/** Something the user worked on and may continue: a job, with the description of that work when there was one. */
export interface RecentWork {
  key: string;
  jobId?: string;
  jobName: string;
  description?: string;
  billable: boolean;
  /** The last day it was logged on; absent for a job that is only in the recent-jobs list. */
  lastDate?: string;
}

/**
 * The recent work, most recent day first: each job + description logged in the last days (today included) once, then
 * the recently used jobs not among them, up to `limit`. Jobs unknown to the job list are kept (offline, first start).
 */
export function recentWork(weeks: Array<WeekView | null>, today: string, recentJobIds: string[], jobs: Job[], limit = 4): RecentWork[] {
  const logs = weeks.flatMap((w) => w?.logs ?? []).filter((l) => l.workDate <= today);
  logs.sort((a, b) => b.workDate.localeCompare(a.workDate));
  const out: RecentWork[] = [];
  const seen = new Set<string>();
  for (const l of logs) {
    const description = l.description?.trim() || undefined;
    const key = `${l.jobId ?? l.jobName}\u0000${description ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      key,
      jobName: l.jobName,
      billable: l.billingStatus === 'Billable',
      lastDate: l.workDate,
      ...(l.jobId ? { jobId: l.jobId } : {}),
      ...(description ? { description } : {}),
    });
    if (out.length >= limit) return out;
  }
  for (const id of recentJobIds) {
    const job = jobs.find((j) => j.jobId === id);
    if (!job || out.some((r) => r.jobId === id)) continue;
    out.push({ key: `${id}\u0000`, jobId: id, jobName: job.jobName, billable: job.jobBillableStatus === 'Billable' });
    if (out.length >= limit) break;
  }
  return out;
}
