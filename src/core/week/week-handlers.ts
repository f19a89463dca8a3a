/** The bridge calls of the week: its view, submitting it, and the reminders drawn from this week and the last. */
import type { Handlers } from '../../shared/contract';
import type { WeekView } from '../../shared/domain';
import type { Clock } from '../context';
import type { Ledger } from '../journal';
import { countByState } from '../outbox';
import { parseHhmm } from '../../shared/time/hours';
import { addWeeks } from '../../shared/time/week';
import { createDays, type Days } from '../../shared/time/zone';
import { computeReminders, type ReminderInput } from './reminders';
import type { Submission } from './submit';
import type { Weeks } from './weekview';

export type WeekCalls = 'getWeek' | 'previewSubmit' | 'submitWeek' | 'getReminders';

export interface WeekHandlerDeps {
  weeks: Weeks;
  submission: Submission;
  ledger: Ledger;
  clock: Clock;
  /** The user's days (the zone they chose); default: this process's. */
  days?: Days;
  /** The company's settings as kept (the catalog's cache): reminders never wait for the service. */
  settings: () => ReminderInput['settings'];
  /** Says on the bus that these weeks changed (a submitted week is locked now). */
  announceWeeks: (weekStarts: string[]) => void;
  /** The week with the rows kept for it on this device (../copy-week.ts, handed in by the root). */
  withRows?: (view: WeekView) => WeekView;
}

export function weekHandlers(deps: WeekHandlerDeps): Pick<Handlers, WeekCalls> {
  const { weeks, submission, ledger, clock } = deps;
  const days = deps.days ?? createDays(clock);
  return {
    // Read again when the kept copy is too old for why it is shown (./read-policy.ts: the Week tab and the window
    // back a minute, Track shown again 5 minutes, `punch week` now): the screens ask when shown, never in the
    // background. A manager's decision on a submitted week changes its logs' states, which the next look's read of
    // the logs shows (the timesheet is read again then): it is not read on every look.
    getWeek: async ({ date, refresh, look }) => {
      const view = await weeks.getWeek(date, { refresh: !!refresh, look: look ?? 'look' });
      return deps.withRows ? deps.withRows(view) : view;
    },
    previewSubmit: async ({ weekStart }) => submission.previewSubmit(weekStart),
    submitWeek: async ({ weekStart }, call) => {
      const view = await submission.submitWeek(weekStart, call);
      deps.announceWeeks([view.weekStart]);
      return view;
    },
    getReminders: async () => {
      const today = days.today();
      const thisWeek = await weeks.getWeek(today, { offline: true });
      const lastWeek = await weeks.getWeek(addWeeks(today, -1), { offline: true });
      const rejected = [lastWeek, thisWeek].find((w) => w.timesheet?.status === 'rejected');
      return computeReminders({
        now: clock.now(),
        today,
        settings: deps.settings(),
        thisWeek: {
          weekStart: thisWeek.weekStart,
          totalMinutes: parseHhmm(thisWeek.totalHours),
          // entries the service's day has not let in yet: the reminder must not say "submit it now" beside a refused Submit
          waiting: thisWeek.logs.filter((l) => l.waitsForServiceDay).length,
          ...(thisWeek.timesheet ? { status: thisWeek.timesheet.status } : {}),
        },
        lastWeekTotalMinutes: parseHhmm(lastWeek.totalHours),
        needsAttention: countByState(ledger.read()).needsAttention,
        ...(rejected
          ? {
              rejected: {
                weekStart: rejected.weekStart,
                ...(rejected.timesheet?.comments ? { comments: rejected.timesheet.comments } : {}),
              },
            }
          : {}),
      });
    },
  };
}
