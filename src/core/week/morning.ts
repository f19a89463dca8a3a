/**
 * The morning reminder: on a working day (Monday to Friday: the service says nothing of a company's
 * working days), when nothing is running and nothing is logged by the time the user chose (`morningReminderAt`,
 * default 10:00), one notice offers to start the timer on the usual job (the job with the most hours in the last two
 * weeks on this device, else the last one used). Snooze puts it off 30 minutes, once more at most; "Not today" ends it
 * for the day; a log or a timer started ends it too. It never repeats by itself: the shells ask when it is due, at the
 * moment this module says (`at`), on a timer of their clock, not in a polling loop.
 *
 * `morningDue` is pure (the clock's time, the settings, what the day holds and what the user answered in); the store
 * `reminder.json` keeps the answers of the day, shared by every process on the data directory (the app and `punch`).
 */
import type { MorningReminder } from '../../shared/contract';
import { addDays, weekdayOf } from '../../shared/time/week';
import { atIn, chosenZone, userDay } from '../../shared/time/zone';
import type { KeyValueStore, StoreSchema } from '../store';
import { isFiniteNumber, isPlainObject, isString } from '../store';

export const SNOOZE_MS = 30 * 60_000;
/** "Snooze" twice at most: a third time, only Start or Not today. */
export const MAX_SNOOZES = 2;
export const REMINDER_STORE = 'reminder';
const KEY = 'morning';

/** What the user answered today (a new day starts clean). */
export interface MorningAnswers {
  day: string;
  snoozes: number;
  snoozedUntil?: number;
  notToday?: boolean;
}

export interface MorningInput {
  now: number;
  /** `HH:MM`, or undefined: the reminder is off. */
  at: string | undefined;
  running: boolean;
  loggedToday: boolean;
  answers: MorningAnswers | undefined;
  /** The zone the user's days and `at` are in (the preference `timeZone`); `system` or none: this process's. */
  zone?: string;
}

/** When the reminder is due today: now (`due`), later (`at`), or not at all today (undefined). */
export function morningDue(i: MorningInput): { due: boolean; at: number; snoozes: number } | undefined {
  if (!i.at || i.running || i.loggedToday) return undefined;
  const today = userDay(i.now, i.zone);
  if (weekdayOf(today) > 5) return undefined;
  const a = i.answers?.day === today ? i.answers : undefined;
  if (a?.notToday) return undefined;
  const [hh, mm] = i.at.split(':').map(Number);
  const [y, m, d] = today.split('-').map(Number);
  const zone = chosenZone(i.zone);
  // the chosen time on the clocks of the user's zone, as their day is
  const chosen = zone ? atIn(zone, today, hh, mm) : new Date(y, m - 1, d, hh, mm).getTime();
  const at = Math.max(chosen, a?.snoozedUntil ?? 0);
  return { due: i.now >= at, at, snoozes: a?.snoozes ?? 0 };
}

/** The answer `answer` given at `now` (a snooze beyond MAX_SNOOZES is not offered, and not taken). */
export function answered(prev: MorningAnswers | undefined, answer: 'snooze' | 'not-today', now: number, zone?: string): MorningAnswers {
  const day = userDay(now, zone);
  const a = prev?.day === day ? prev : { day, snoozes: 0 };
  if (answer === 'not-today') return { ...a, notToday: true };
  if (a.snoozes >= MAX_SNOOZES) return a;
  return { ...a, snoozes: a.snoozes + 1, snoozedUntil: now + SNOOZE_MS };
}

/** The job with the most minutes over the last 14 days of `logs`, else `fallback`. */
export function usualJob<T extends { jobId?: string; jobName: string; workDate: string; minutes: number }>(
  logs: T[],
  today: string,
  fallback?: { jobId?: string; jobName: string },
): { jobId?: string; jobName: string } | undefined {
  const from = addDays(today, -14);
  const by = new Map<string, { jobId?: string; jobName: string; minutes: number }>();
  for (const l of logs) {
    if (l.workDate < from || l.workDate > today || !l.jobName) continue;
    const key = l.jobId || l.jobName.toLowerCase();
    const seen = by.get(key) ?? { ...(l.jobId ? { jobId: l.jobId } : {}), jobName: l.jobName, minutes: 0 };
    seen.minutes += l.minutes;
    by.set(key, seen);
  }
  const best = [...by.values()].sort((x, y) => y.minutes - x.minutes)[0];
  return best ? { ...(best.jobId ? { jobId: best.jobId } : {}), jobName: best.jobName } : fallback;
}

export const REMINDER_SCHEMA: StoreSchema = {
  what: 'the morning reminder',
  check(key, value) {
    if (key !== KEY) return { keep: value, problems: [] };
    const ok = isPlainObject(value) && isString(value.day) && isFiniteNumber(value.snoozes);
    return ok ? { keep: value, problems: [] } : { keep: undefined, problems: ["today's answers to the morning reminder"] };
  },
  describe: (doc) => (doc[KEY] ? { text: "today's answers to the morning reminder", count: 1 } : { text: 'nothing', count: 0 }),
  ifNothing: 'the morning reminder may ask once more today',
};

export interface MorningDeps {
  store: KeyValueStore;
  now: () => number;
  /** `HH:MM` when the reminder is on. */
  at: () => string | undefined;
  running: () => boolean;
  /** The preference `timeZone` (`system` or a zone name): the user's days. */
  zone?: () => string | undefined;
  /** Today's logs as the week holds them (the kept copy: never waits for the service), and the last fortnight's. */
  logs: () => Promise<Array<{ jobId?: string; jobName: string; workDate: string; minutes: number }>>;
  /** The last job used (the recent jobs), when no log says which job is usual. */
  lastJob: () => { jobId?: string; jobName: string } | undefined;
}

export function createMorningReminder(deps: MorningDeps) {
  const read = () => deps.store.get<MorningAnswers>(KEY);
  async function get(): Promise<MorningReminder | null> {
    const now = deps.now();
    const zone = deps.zone?.();
    const today = userDay(now, zone);
    const day = { now, at: deps.at(), running: deps.running(), answers: read(), zone };
    // off, a weekend, a timer running, "Not today": silent whatever was logged, so the weeks are not read (three weeks
    // built from the journal, in every `punch status`: docs/benchmarks.md "punch status, fourth pass")
    if (!morningDue({ ...day, loggedToday: false })) return null;
    const logs = await deps.logs();
    const due = morningDue({ ...day, loggedToday: logs.some((l) => l.workDate === today && l.minutes > 0) });
    if (!due) return null;
    const job = usualJob(logs, today, deps.lastJob());
    return { ...due, canSnooze: due.snoozes < MAX_SNOOZES, ...(job ? { job } : {}) };
  }
  return {
    get,
    async answer(answer: 'snooze' | 'not-today'): Promise<MorningReminder | null> {
      deps.store.set(KEY, answered(read(), answer, deps.now(), deps.zone?.()));
      return get();
    },
  };
}
