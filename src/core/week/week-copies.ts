/**
 * The kept copies of the service's part of each week (./weekview.ts): ONE per week, in memory and in the store
 * `weeks` (with when it was read), shared by every process on the data directory. `punch` on the same data directory
 * may have read (or submitted) a week since: its copy on disk then wins (one stat, ../store/file-freshness.ts), and a
 * week whose shown part another process changed is announced, so the screens follow it.
 */
import type { KeyValueStore } from '../store';
import { fileFreshness } from '../store';
import type { ServiceWeek } from './week-merge';

export const keyOf = (weekStart: string) => `week:${weekStart}`;
/** What a read can change on screen: the timesheet, the logs and those without a readable date (not when they were read). */
export const shownPart = (w: ServiceWeek | undefined) => JSON.stringify(w ? [w.timesheet ?? null, w.logs, w.undatedLogs ?? null] : null);

export interface WeekCopies {
  /** The kept copy of this week for the signed-in account, from memory or the store (another process's, if newer). */
  cached(weekStart: string): ServiceWeek | undefined;
  /** Keeps a week's copy, in the store and in memory. */
  keep(weekStart: string, week: ServiceWeek): void;
  /** Writes a key of the store (after taking another process's copies). */
  write(key: string, value: unknown): void;
  /** Holds a copy in memory only. */
  remember(weekStart: string, week: ServiceWeek): void;
  /** Another process wrote the copies: take them, and announce a week whose shown part it changed. */
  noticeOtherWriters(): void;
}

export function createWeekCopies(
  store: KeyValueStore,
  account: () => string,
  announce: (weekStart: string, week: ServiceWeek) => void,
): WeekCopies {
  const memory = new Map<string, ServiceWeek>();
  const freshness = fileFreshness(store);
  const noticeOtherWriters = () => {
    if (!freshness.changed()) return;
    const before = new Map(memory);
    memory.clear();
    for (const [weekStart, old] of before) {
      const now = cached(weekStart);
      if (now && shownPart(old) !== shownPart(now)) announce(weekStart, now);
    }
  };
  const write = (key: string, value: unknown) => {
    noticeOtherWriters();
    store.set(key, value);
    freshness.wrote();
  };
  const cached = (weekStart: string): ServiceWeek | undefined => {
    noticeOtherWriters();
    let c = memory.get(weekStart);
    if (!c) {
      c = store.get<ServiceWeek>(keyOf(weekStart));
      if (c) memory.set(weekStart, c);
    }
    return c && c.account === account() ? c : undefined;
  };
  const keep = (weekStart: string, week: ServiceWeek) => {
    write(keyOf(weekStart), week);
    memory.set(weekStart, week);
  };
  return { cached, keep, write, remember: (weekStart, week) => void memory.set(weekStart, week), noticeOtherWriters };
}
