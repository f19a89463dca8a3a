/**
 * Duplicate from the week's day panel: this job's logs of the day, or the whole day (every job), to
 * another day, through the one batch path (src/core/log-batch.ts): a preview of each log with the rules' verdict,
 * then "Duplicate N logs" logs what passes, each once (a log duplicated onto a day before is "already copied"); the
 * result offers Undo (Ctrl+Z) for a few seconds, as every log action does, which takes every log it made back at once
 * (../track/UndoLine.tsx), and its line then says what became of them in place of the result. Focus follows the
 * panel (./panel-focus.ts); Escape closes it and leaves the day's panel open.
 */
import { useId, useState, type RefObject } from 'react';
import type { BatchLog, LocalTimeLog } from '../../../../shared/domain';
import { defineMessages } from '../../../../shared/i18n/messages';
import { addDays } from '../../../../shared/time/week';
import { useWording } from '../../i18n/I18n';
import { errorText } from '../../i18n/said-words';
import { useApp } from '../../store/useApp';
import { BatchList } from './BatchList';
import { closeOnEscape, stageOf, usePanelFocus } from './panel-focus';
import { BATCH_WORDS, counts } from './batch-words';
import { UndoLine } from '../track/UndoLine';

const M = defineMessages({
  open: { id: 'week.duplicate.open', defaultMessage: 'Duplicate…', description: 'Button in a day’s panel: copy its logs to another day.' },
  title: { id: 'week.duplicate.title', defaultMessage: 'Duplicate to another day' },
  what: { id: 'week.duplicate.what', defaultMessage: 'What to duplicate' },
  job: {
    id: 'week.duplicate.job',
    defaultMessage: '{count, plural, one {This log ({job})} other {These # logs ({job})}}',
    description: '{job}: the job of the day panel.',
  },
  day: {
    id: 'week.duplicate.day',
    defaultMessage: '{count, plural, one {The whole day: # log} other {The whole day: # logs}}',
  },
  to: { id: 'week.duplicate.to', defaultMessage: 'To the day' },
  preview: { id: 'week.duplicate.preview', defaultMessage: 'Preview' },
  cancel: { id: 'week.duplicate.cancel', defaultMessage: 'Cancel' },
  close: { id: 'week.duplicate.close', defaultMessage: 'Close' },
  confirm: {
    id: 'week.duplicate.confirm',
    defaultMessage: '{count, plural, =0 {Nothing to duplicate} one {Duplicate # log} other {Duplicate # logs}}',
  },
});

const asBatch = (logs: readonly LocalTimeLog[], to: string): BatchLog[] =>
  logs.map((l) => ({
    ...(l.jobId ? { jobId: l.jobId } : {}),
    jobName: l.jobName,
    workDate: to,
    hours: l.hours,
    billable: l.billingStatus === 'Billable',
    ...(l.workItem ? { workItem: l.workItem } : {}),
    ...(l.description ? { description: l.description } : {}),
    copiedFrom: l.timeLogId ?? l.localId,
  }));

export function Duplicate({
  day,
  jobName,
  jobLogs,
  dayLogs,
}: {
  day: string;
  jobName: string;
  jobLogs: LocalTimeLog[];
  dayLogs: LocalTimeLog[];
}) {
  const w = useWording();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [whole, setWhole] = useState(false);
  const [to, setTo] = useState(() => addDays(day, 1));
  const s = useApp((x) => x.fill);
  // the duplicate undone: its result is about logs that are no more, and the Undo line says what became of them
  const undone = useApp((x) => x.undo.done?.place === 'duplicate');
  const close = () => {
    s.closeBatch();
    setOpen(false);
  };
  const focus = usePanelFocus(stageOf(open, !!s.batchResult, !!s.batchPreview));
  if (dayLogs.length === 0) return null;
  if (!open)
    return (
      <button
        ref={focus.opener}
        type="button"
        className="btn btn-small"
        data-duplicate
        onClick={() => {
          s.closeBatch();
          setWhole(jobLogs.length === 0);
          setOpen(true);
        }}
      >
        {w.say(M.open)}
      </button>
    );
  const logs = asBatch(whole || jobLogs.length === 0 ? dayLogs : jobLogs, to);
  const view = s.batchResult ?? s.batchPreview;
  return (
    <section className="card duplicate" aria-labelledby={`${id}-title`} data-testid="duplicate" onKeyDown={closeOnEscape(close)}>
      <h4 id={`${id}-title`}>{w.say(M.title)}</h4>
      {!view && (
        <form
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            if (to) void s.previewBatch(logs);
          }}
        >
          <fieldset className="field choice">
            <legend>{w.say(M.what)}</legend>
            {jobLogs.length > 0 && (
              <label>
                <input type="radio" name={`${id}-what`} checked={!whole} onChange={() => setWhole(false)} />{' '}
                {w.say(M.job, { count: jobLogs.length, job: jobName })}
              </label>
            )}
            <label>
              <input type="radio" name={`${id}-what`} checked={whole || jobLogs.length === 0} onChange={() => setWhole(true)} />{' '}
              {w.say(M.day, { count: dayLogs.length })}
            </label>
          </fieldset>
          <label className="field">
            <span>{w.say(M.to)}</span>
            <input
              ref={focus.first as RefObject<HTMLInputElement | null>}
              type="date"
              className="input"
              value={to}
              onChange={(e) => setTo(e.target.value)}
              data-testid="duplicate-to"
            />
          </label>
          <div className="row row-end">
            <button type="button" className="btn btn-quiet btn-small" onClick={close}>
              {w.say(M.cancel)}
            </button>
            <button type="submit" className="btn btn-primary btn-small" disabled={!to || s.batchBusy}>
              {w.say(M.preview)}
            </button>
          </div>
        </form>
      )}
      {s.batchError && (
        <p className="error-text" role="alert">
          {errorText(w, s.batchError)}
        </p>
      )}
      {view && (
        <>
          {!(s.batchResult && undone) && (
            <>
              <p role="status" data-testid="duplicate-summary">
                <strong>{w.say(s.batchResult ? BATCH_WORDS.done : BATCH_WORDS.summary, counts(view.items))}</strong>
              </p>
              {view.offline && <p className="banner">{w.say(BATCH_WORDS.offline)}</p>}
              <BatchList items={view.items} testId={s.batchResult ? 'duplicate-result' : 'duplicate-preview'} />
            </>
          )}
          {s.batchResult && <UndoLine place="duplicate" />}
          <div className="row row-end">
            <button ref={focus.dismiss} type="button" className="btn btn-quiet btn-small" onClick={close} aria-keyshortcuts="Escape">
              {w.say(s.batchResult ? M.close : M.cancel)}
            </button>
            {!s.batchResult && (
              <button
                ref={focus.confirm}
                type="button"
                className="btn btn-primary btn-small"
                data-testid="duplicate-confirm"
                disabled={s.batchBusy || counts(view.items).made === 0}
                onClick={() => void s.logBatch(view.items.map((i) => i.log))}
              >
                {w.say(M.confirm, { count: counts(view.items).made })}
              </button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
