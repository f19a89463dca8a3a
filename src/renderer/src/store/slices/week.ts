/** The week on screen: its logs and timesheet state, the submit preview, and the reminders banner. */
import type { ApprovalStatus, Reminder, SubmitPreview, WeekView } from '../../../../shared/domain';
import { isHhmm, parseHhmm, toHhmm } from '../../../../shared/time/hours';
import { addWeeks, localDate, weekStartOf } from '../../../../shared/time/week';
import { defineMessages } from '../../../../shared/i18n/messages';
import { words, type Words } from '../../i18n/words';
import { actionRunner } from '../action';
import type { UserError } from '../errors';
import { patchSlice, todayOf, type SliceCreator } from '../types';

export interface WeekSlice {
  week: {
    /** Monday of the week on screen. */
    weekStart: string;
    view: WeekView | null;
    /** How many `week` pushes set `view` (../events.ts `receiveWeek`): orders a read against them. */
    pushes: number;
    loading: boolean;
    error: UserError | null;
    preview: SubmitPreview | null;
    previewError: UserError | null;
    submitting: boolean;
    submitError: UserError | null;
    /** After a submit whose total on the service differs from the preview (see submittedTotalNotice). */
    submitNotice: Words | null;
    /** After a submit that went through: what happened, as a success ("Submitted 15:00 ..."), for that week. */
    submitted: Words | null;
    deleting: boolean;
    deleteError: UserError | null;
    reminders: Reminder[];
    /**
     * Reads the week; `refresh` asks the core to go to the service even if its copy is fresh (the Refresh button);
     * `look: 'glance'` follows a change made here (the core's copy serves unless older than 5 minutes).
     */
    load(opts?: { refresh?: boolean; look?: 'look' | 'glance' | 'now' }): Promise<void>;
    /**
     * The Week tab was opened (or the window came back to it): read the week. The core asks the service only when
     * its copy is older than a minute, so a manager's decision or a log made on the phone shows, and nothing is
     * polled in the background (the call budget: about 250 a day).
     */
    show(): Promise<void>;
    goTo(date: string): Promise<void>;
    goToPrevious(): Promise<void>;
    goToNext(): Promise<void>;
    goToThisWeek(): Promise<void>;
    loadPreview(): Promise<void>;
    submit(): Promise<boolean>;
    /** Deletes the week's timesheet (draft or rejected); its logs stay, in no timesheet, ready to submit again. */
    deleteTimesheet(): Promise<boolean>;
    loadReminders(): Promise<void>;
  };
}

/**
 * Said after a submit when the service's total for the week differs from the total the preview showed: a log made
 * elsewhere since the week was last read, or, on a service that does not list the user's logs (the week is then
 * `onlyTimesheetLogs`), hours in no timesheet that the submit gathered (createtimesheet / modifytimesheet with
 * sendforApproval take every loose log of the week). Only a fresh answer counts: a week read from the cache after a
 * failed re-read says nothing about the service.
 */
export function submittedTotalNotice(previewTotal: string, after: WeekView): Words | null {
  if (!after.fresh || !isHhmm(previewTotal) || !isHhmm(after.totalHours)) return null;
  const diff = parseHhmm(after.totalHours) - parseHhmm(previewTotal);
  if (diff === 0) return null;
  return words(M.otherTotal, { more: diff > 0 ? 'yes' : 'no', total: after.totalHours, diff: toHhmm(Math.abs(diff)) });
}

/** "Submitted 15:00 for 16 – 22 Nov: it now waits for your manager's approval." (approved at once: says so). */
export function submittedLine(view: WeekView): Words {
  return words(M.submitted, {
    approved: view.timesheet?.status === 'approved' ? 'yes' : 'no',
    total: view.totalHours,
    week: { week: view.weekStart },
  });
}

const M = defineMessages({
  otherTotal: {
    id: 'week.submit.other-total',
    defaultMessage:
      '{more, select, yes {The service submitted {total} ({diff} more than shown here: hours logged outside Punchcard).} other {The service submitted {total} ({diff} less than shown here).}}',
    description: 'After a submit whose total on the service differs from the one shown before. {total}, {diff}: HH:MM.',
  },
  submitted: {
    id: 'week.submit.done',
    defaultMessage:
      '{approved, select, yes {Submitted {total} for {week}, and approved.} other {Submitted {total} for {week}: it now waits for your manager\u2019s approval.}}',
    description:
      'After a submit. {total}: HH:MM; {week}: the week’s first and last day ("16 – 22 Nov 2026"). approved: yes when approved at once.',
  },
});

/**
 * The reminders for the week on screen (and those about no week in particular). A rejected week on screen already
 * shows the manager's comment in its rejection box, so its "was rejected" reminder would only say it twice.
 */
export function remindersFor(reminders: Reminder[], weekStart: string, status: ApprovalStatus | 'none'): Reminder[] {
  return reminders.filter(
    (r) => (!r.weekStart || r.weekStart === weekStart) && !(r.kind === 'rejected' && r.weekStart === weekStart && status === 'rejected'),
  );
}

export const createWeekSlice: SliceCreator<WeekSlice> =
  ({ api, now }) =>
  (set, get) => {
    const patch = (p: Partial<WeekSlice['week']>) => patchSlice(set, 'week', p);
    const week = () => get().week;
    const run = actionRunner(patch);
    /** An answer for a week is wanted only while that week is on screen (the user may have moved on meanwhile). */
    const onScreen = (weekStart: string) => () => week().weekStart === weekStart;
    return {
      week: {
        // this computer's week until the preferences say the user's zone (../index.ts `followTheDay`)
        weekStart: weekStartOf(localDate(now())),
        view: null,
        pushes: 0,
        loading: false,
        error: null,
        preview: null,
        previewError: null,
        submitting: false,
        submitError: null,
        submitNotice: null,
        submitted: null,
        deleting: false,
        deleteError: null,
        reminders: [],
        async load(opts) {
          const weekStart = week().weekStart;
          // A push of this week while the read is on its way is at least as new as the read's answer (which the core
          // may have built from its copy before the change): the answer is dropped, as the status's is (./status.ts).
          const seen = week().pushes;
          const wanted = () => onScreen(weekStart)() && week().pushes === seen;
          const answer = await run({ busy: 'loading', error: 'error', wanted, done: (view) => ({ view }) }, () =>
            api.getWeek({ date: weekStart, ...(opts?.refresh ? { refresh: true } : {}), ...(opts?.look ? { look: opts.look } : {}) }),
          );
          if (answer.stale) return;
          // Reminders are computed from the core's saved copies of the weeks (no service call), so they are only as good as
          // the last read: refresh them with the week, or a first start says "no hours logged" beside a full week.
          await Promise.all([week().loadPreview(), week().loadReminders()]);
        },
        show: () => week().load(),
        async goTo(date) {
          const weekStart = weekStartOf(date);
          if (weekStart !== week().weekStart)
            patch({ weekStart, view: null, preview: null, submitError: null, submitNotice: null, submitted: null, deleteError: null });
          await week().load();
        },
        goToPrevious: () => week().goTo(addWeeks(week().weekStart, -1)),
        goToNext: () => week().goTo(addWeeks(week().weekStart, 1)),
        goToThisWeek: () => week().goTo(todayOf(get, now)),
        async loadPreview() {
          const weekStart = week().weekStart;
          await run(
            {
              error: 'previewError',
              wanted: onScreen(weekStart),
              done: (preview) => ({ preview }),
              failed: () => ({ preview: null }),
            },
            () => api.previewSubmit({ weekStart }),
          );
        },
        async submit() {
          const weekStart = week().weekStart;
          // The total the user confirmed (the dialog's "Submit HH:MM"), to compare with what the service then holds.
          const previewed = week().preview?.weekStart === weekStart ? week().preview!.totalHours : null;
          // Not `wanted`: the submit's own error stays with it even if the user moved on; only its view is for its week.
          const answer = await run(
            {
              busy: 'submitting',
              error: 'submitError',
              start: { submitNotice: null, submitted: null },
              done: (view) =>
                onScreen(weekStart)()
                  ? {
                      view,
                      submitNotice: previewed ? submittedTotalNotice(previewed, view) : null,
                      submitted: submittedLine(view),
                      // what was said about this week before it went (due, fewer hours than last week) is answered now
                      reminders: week().reminders.filter((r) => r.weekStart !== weekStart),
                    }
                  : {},
            },
            () => api.submitWeek({ weekStart }),
          );
          if (answer.ok) await Promise.all([week().loadPreview(), week().loadReminders()]);
          return answer.ok;
        },
        async deleteTimesheet() {
          const id = week().view?.timesheet?.recordId;
          if (!id) return false;
          const answer = await run({ busy: 'deleting', error: 'deleteError', start: { submitNotice: null } }, () =>
            api.deleteTimesheet({ id }),
          );
          // Re-read: the week now has no timesheet, and the preview offers a fresh submit of the same logs.
          if (answer.ok) await week().load(); // also refreshes the preview and the reminders
          return answer.ok;
        },
        async loadReminders() {
          // Reminders are a quiet extra: if they cannot be read, the week itself still says what matters.
          await run({ done: (reminders) => ({ reminders }), failed: () => ({ reminders: [] }) }, () => api.getReminders({}));
        },
      },
    };
  };
