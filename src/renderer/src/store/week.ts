/** The week on screen: its logs and timesheet state, the submit preview, and the reminders banner. */
import type { Reminder, SubmitPreview, WeekView } from '../../../shared/domain';
import { addWeeks, localDate, weekStartOf } from '../../../shared/week';
import { toUserError, type UserError } from './errors';
import { patchSlice, type SliceCreator } from './types';

export interface WeekSlice {
  week: {
    /** Monday of the week on screen. */
    weekStart: string;
    view: WeekView | null;
    loading: boolean;
    error: UserError | null;
    preview: SubmitPreview | null;
    previewError: UserError | null;
    submitting: boolean;
    submitError: UserError | null;
    deleting: boolean;
    deleteError: UserError | null;
    reminders: Reminder[];
    load(): Promise<void>;
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

export const createWeekSlice: SliceCreator<WeekSlice> = ({ api, now }) => (set, get) => {
  const patch = (p: Partial<WeekSlice['week']>) => patchSlice(set, 'week', p);
  const week = () => get().week;
  return {
    week: {
      weekStart: weekStartOf(localDate(now())),
      view: null,
      loading: false,
      error: null,
      preview: null,
      previewError: null,
      submitting: false,
      submitError: null,
      deleting: false,
      deleteError: null,
      reminders: [],
      async load() {
        const weekStart = week().weekStart;
        patch({ loading: true, error: null });
        try {
          const view = await api.getWeek({ date: weekStart });
          // The user may have moved on while this was in flight: keep only the answer for the week on screen.
          if (week().weekStart !== weekStart) return;
          patch({ view, loading: false });
        } catch (e) {
          if (week().weekStart === weekStart) patch({ loading: false, error: toUserError(e) });
        }
        if (week().weekStart === weekStart) await week().loadPreview();
      },
      async goTo(date) {
        const weekStart = weekStartOf(date);
        if (weekStart !== week().weekStart) patch({ weekStart, view: null, preview: null, submitError: null, deleteError: null });
        await week().load();
      },
      goToPrevious: () => week().goTo(addWeeks(week().weekStart, -1)),
      goToNext: () => week().goTo(addWeeks(week().weekStart, 1)),
      goToThisWeek: () => week().goTo(localDate(now())),
      async loadPreview() {
        const weekStart = week().weekStart;
        try {
          const preview = await api.previewSubmit({ weekStart });
          if (week().weekStart === weekStart) patch({ preview, previewError: null });
        } catch (e) {
          if (week().weekStart === weekStart) patch({ preview: null, previewError: toUserError(e) });
        }
      },
      async submit() {
        const weekStart = week().weekStart;
        patch({ submitting: true, submitError: null });
        try {
          const view = await api.submitWeek({ weekStart });
          patch({ submitting: false, ...(week().weekStart === weekStart ? { view } : {}) });
          await Promise.all([week().loadPreview(), week().loadReminders()]);
          return true;
        } catch (e) {
          patch({ submitting: false, submitError: toUserError(e) });
          return false;
        }
      },
      async deleteTimesheet() {
        const id = week().view?.timesheet?.recordId;
        if (!id) return false;
        patch({ deleting: true, deleteError: null });
        try {
          await api.deleteTimesheet({ id });
          patch({ deleting: false });
          // Re-read: the week now has no timesheet, and the preview offers a fresh submit of the same logs.
          await Promise.all([week().load(), week().loadReminders()]);
          return true;
        } catch (e) {
          patch({ deleting: false, deleteError: toUserError(e) });
          return false;
        }
      },
      async loadReminders() {
        try {
          patch({ reminders: await api.getReminders({}) });
        } catch {
          // Reminders are a quiet extra: if they cannot be read, the week itself still says what matters.
          patch({ reminders: [] });
        }
      },
    },
  };
};
