/**
 * Several logs at once in the app: "Copy a week" in Week (a preview of every log with the rules' verdict,
 * then "Copy N logs"), and a day's logs duplicated to another day from the week's day panel. Both through the core's
 * one batch path (src/core/log-batch.ts). The store keeps facts (the preview, the result); components word them.
 */
import type { BatchLog, BatchPreview, CopyWeekPreview } from '../../../../shared/domain';
import { actionRunner } from '../action';
import type { UserError } from '../errors';
import { patchSlice, type SliceCreator } from '../types';

/** How many logs a batch made (the Undo line takes them all back at once). */
const madeCount = (r: BatchPreview) => r.items.filter((i) => i.localId).length;

export interface FillSlice {
  fill: {
    /** The copy's preview (what it would make, each log's verdict), or null before one is asked. */
    copyPreview: CopyWeekPreview | null;
    /** After "Copy N logs": what was logged and skipped. */
    copyResult: CopyWeekPreview | null;
    previewing: boolean;
    copying: boolean;
    copyError: UserError | null;
    previewCopy(input: { from: string; to: string; rowsOnly: boolean }): Promise<void>;
    /** Copies what the preview said would pass (the core checks every log again as it records them). */
    copy(): Promise<boolean>;
    /** Closes the copy (preview and result forgotten). */
    closeCopy(): void;
    /** A duplicate of several logs (a day, or one log to several days): its preview, then its result (with Undo). */
    batchPreview: BatchPreview | null;
    batchResult: BatchPreview | null;
    batchBusy: boolean;
    batchError: UserError | null;
    previewBatch(logs: BatchLog[]): Promise<void>;
    logBatch(logs: BatchLog[]): Promise<boolean>;
    closeBatch(): void;
    /** The form's several days: each day's verdict as typed (for `daysKey`), then what became of each. */
    daysPreview: BatchPreview | null;
    daysKey: string | null;
    daysResult: BatchPreview | null;
    daysBusy: boolean;
    daysError: UserError | null;
    checkDays(logs: BatchLog[]): Promise<void>;
    logDays(logs: BatchLog[]): Promise<boolean>;
    clearDays(): void;
  };
}

/** Which logs a check was for: a finding is shown only for the logs it was found for. */
export const batchKey = (logs: readonly BatchLog[] | null) => (logs ? JSON.stringify(logs) : null);

export const createFillSlice: SliceCreator<FillSlice> =
  ({ api }) =>
  (set, get) => {
    const patch = (p: Partial<FillSlice['fill']>) => patchSlice(set, 'fill', p);
    const run = actionRunner(patch);
    let copyInput: { from: string; to: string; rowsOnly: boolean } | null = null;
    /** The batch's Undo, offered before its result shows (a Ctrl+Z the moment it shows must find it: ./undo.ts). */
    const offerUndo =
      (place: 'copy' | 'duplicate' | 'track') =>
      <T extends BatchPreview>(r: T): T => {
        get().undo.offered(r.undoId, place, 'add', madeCount(r));
        return r;
      };
    /** The week on screen and Today follow what was logged (the core announces it too: this is for the one asking). */
    const reread = async () => {
      await Promise.all([get().week.load({ look: 'glance' }), get().today.load('glance')]);
    };
    return {
      fill: {
        copyPreview: null,
        copyResult: null,
        previewing: false,
        copying: false,
        copyError: null,
        async previewCopy(input) {
          copyInput = input;
          await run({ busy: 'previewing', error: 'copyError', start: { copyResult: null }, done: (copyPreview) => ({ copyPreview }) }, () =>
            api.previewCopyWeek({ from: input.from, to: input.to, ...(input.rowsOnly ? { rowsOnly: true } : {}) }),
          );
        },
        async copy() {
          const input = copyInput;
          if (!input) return false;
          const answer = await run({ busy: 'copying', error: 'copyError', done: (copyResult) => ({ copyResult, copyPreview: null }) }, () =>
            api.copyWeek({ from: input.from, to: input.to, ...(input.rowsOnly ? { rowsOnly: true } : {}) }).then(offerUndo('copy')),
          );
          if (answer.ok) await reread();
          return answer.ok;
        },
        closeCopy() {
          copyInput = null;
          get().undo.withdraw('copy');
          patch({ copyPreview: null, copyResult: null, copyError: null });
        },
        batchPreview: null,
        batchResult: null,
        batchBusy: false,
        batchError: null,
        async previewBatch(logs) {
          await run(
            { busy: 'batchBusy', error: 'batchError', start: { batchResult: null }, done: (batchPreview) => ({ batchPreview }) },
            () => api.previewLogs({ logs }),
          );
        },
        async logBatch(logs) {
          const answer = await run(
            { busy: 'batchBusy', error: 'batchError', done: (batchResult) => ({ batchResult, batchPreview: null }) },
            () => api.logBatch({ logs }).then(offerUndo('duplicate')),
          );
          if (answer.ok) await reread();
          return answer.ok;
        },
        closeBatch() {
          get().undo.withdraw('duplicate');
          patch({ batchPreview: null, batchResult: null, batchError: null });
        },
        daysPreview: null,
        daysKey: null,
        daysResult: null,
        daysBusy: false,
        daysError: null,
        async checkDays(logs) {
          const key = batchKey(logs);
          // a check is a quiet extra: the commit checks every day again; a failure here only leaves the days unmarked
          await run(
            {
              wanted: () => true,
              done: (daysPreview) => ({ daysPreview, daysKey: key }),
              failed: () => ({ daysPreview: null, daysKey: null }),
            },
            () => api.previewLogs({ logs }),
          );
        },
        async logDays(logs) {
          const answer = await run(
            { busy: 'daysBusy', error: 'daysError', done: (daysResult) => ({ daysResult, daysPreview: null, daysKey: null }) },
            () => api.logBatch({ logs }).then(offerUndo('track')),
          );
          // not awaited: the form is cleared for the next entry as the result and its Undo show, so a Ctrl+Z at once is
          // the Undo's, not the Hours field's own undo of the hours still typed there (which would start a new entry)
          if (answer.ok) void reread();
          return answer.ok;
        },
        clearDays() {
          patch({ daysPreview: null, daysKey: null, daysResult: null, daysError: null });
        },
      },
    };
  };
