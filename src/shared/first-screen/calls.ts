/** The calls a window makes as it opens (./answers.ts says what their answers are for). */
import type { ListedOperation } from '../operation-names';
import { addDays, localDate, weekdayOf, weekStartOf } from '../time/week';
import { OUTBOX_FIRST_WINDOW } from '../status/outbox-groups';

/** The previous week is read too while today is Monday or Tuesday (the store's today slice says why). */
const READ_PREVIOUS_WEEK_UNTIL_WEEKDAY = 2;

/**
 * The calls a window makes as it opens, in the inputs the renderer gives them (store/index.ts `loadEverything`,
 * the slices' `load`, Track's `show`, the morning reminder). `today`: the user's day (../time/zone.ts `userDay`), else
 * the local day at `now`.
 */
export function firstScreenCalls(now: number, today?: string): Array<{ name: ListedOperation; input: Record<string, unknown> }> {
  const date = today ?? localDate(now);
  const weekStart = weekStartOf(date);
  const weekday = weekdayOf(date);
  return [
    { name: 'getStatus', input: {} },
    { name: 'getPreferences', input: {} },
    { name: 'getAccount', input: {} },
    { name: 'getTimer', input: {} },
    { name: 'listJobs', input: { status: 'in-progress' } },
    // the list's first window, as the page asks it (store/slices/outbox.ts): never the whole list (10,000 waiting: ~5 MiB)
    { name: 'getOutboxList', input: { window: { ...OUTBOX_FIRST_WINDOW } } },
    // the week as the core holds it (a glance: no wait on the service while the page is made); the window reads it
    // "now" once it is idle (src/renderer/src/boot.tsx), as a window without these answers does at once
    { name: 'getWeek', input: { date: weekStart, look: 'glance' } },
    ...(weekday <= READ_PREVIOUS_WEEK_UNTIL_WEEKDAY
      ? [{ name: 'getWeek' as const, input: { date: addDays(weekStart, -7), look: 'glance' } }]
      : []),
    { name: 'previewSubmit', input: { weekStart } },
    { name: 'getReminders', input: {} },
    { name: 'getCompanySettings', input: {} },
    { name: 'getRoles', input: {} },
    { name: 'getMorningReminder', input: {} },
  ];
}
