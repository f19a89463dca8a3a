/**
 * "Copy a week": another week (the one before by default, any of the last twelve by the picker) into the
 * week shown, with its hours and descriptions or its rows only. A preview lists every log it would make, day by day,
 * with the rules' verdict, before anything is queued; "Copy N logs" queues what passes; the result says what was
 * logged and what was skipped and why, with Undo (Ctrl+Z) for a few seconds, which takes every log the copy made back
 * at once (../track/UndoLine.tsx). Copying the same week again makes nothing twice (src/core/log-batch.ts).
 * Focus follows the panel (./panel-focus.ts): opened, the week to copy from; previewed, "Copy N logs" (Cancel when
 * nothing would be copied); done, Close; closed (Cancel, Close or Escape), back on "Copy a week".
 */
import { useId, useState, type RefObject } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { CopyWeekPreview } from '../../../../shared/domain';
import { defineMessages } from '../../../../shared/i18n/messages';
import { addWeeks } from '../../../../shared/time/week';
import { useWording } from '../../i18n/I18n';
import { errorText } from '../../i18n/said-words';
import { useApp } from '../../store/useApp';
import { BatchList } from './BatchList';
import { BATCH_WORDS, counts } from './batch-words';
import { closeOnEscape, stageOf, usePanelFocus } from './panel-focus';
import { UndoLine } from '../track/UndoLine';

const M = defineMessages({
  open: { id: 'week.copy.open', defaultMessage: 'Copy a week', description: 'Button: copy another week into the week shown.' },
  title: {
    id: 'week.copy.title',
    defaultMessage: 'Copy a week into {week}',
    description: '{week}: the week shown, its first and last day.',
  },
  from: { id: 'week.copy.from', defaultMessage: 'Copy from' },
  weekBefore: {
    id: 'week.copy.week-before',
    defaultMessage: '{week} (the week before)',
    description: 'An option of the week picker: the week before the one shown.',
  },
  what: { id: 'week.copy.what', defaultMessage: 'What to copy' },
  withHours: { id: 'week.copy.with-hours', defaultMessage: 'Rows with hours and descriptions' },
  rowsOnly: { id: 'week.copy.rows-only', defaultMessage: 'Rows only (the jobs, to fill in)' },
  preview: { id: 'week.copy.preview', defaultMessage: 'Preview' },
  cancel: { id: 'week.copy.cancel', defaultMessage: 'Cancel' },
  copyN: {
    id: 'week.copy.copy-n',
    defaultMessage: '{count, plural, =0 {Nothing to copy} one {Copy # log} other {Copy # logs}}',
    description: 'The button that queues the logs the preview said pass.',
  },
  keepRows: {
    id: 'week.copy.keep-rows',
    defaultMessage: '{count, plural, =0 {No rows to add} one {Add # row} other {Add # rows}}',
  },
  rows: {
    id: 'week.copy.rows',
    defaultMessage:
      '{count, plural, =0 {This week has a row for every job of {from} already.} one {# job of {from} becomes a row of this week, to fill in:} other {# jobs of {from} become rows of this week, to fill in:}}',
  },
  rowsDone: {
    id: 'week.copy.rows-done',
    defaultMessage: '{count, plural, =0 {No rows added.} one {Added # row to fill in.} other {Added # rows to fill in.}}',
  },
  empty: { id: 'week.copy.empty', defaultMessage: 'The week of {from} has no logs to copy.' },
  close: { id: 'week.copy.close', defaultMessage: 'Close' },
});

export function CopyWeek({ weekStart }: { weekStart: string }) {
  const w = useWording();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState(() => addWeeks(weekStart, -1));
  const [rowsOnly, setRowsOnly] = useState(false);
  const s = useApp(
    useShallow((x) => ({
      preview: x.fill.copyPreview,
      result: x.fill.copyResult,
      previewing: x.fill.previewing,
      copying: x.fill.copying,
      error: x.fill.copyError,
      previewCopy: x.fill.previewCopy,
      copy: x.fill.copy,
      closeCopy: x.fill.closeCopy,
      // the copy undone: its result is about logs that are no more, and the Undo line says what became of them
      undone: x.undo.done?.place === 'copy',
    })),
  );
  // a preview or result of another week shown is not this week's
  const preview = s.preview?.toWeek === weekStart ? s.preview : null;
  const result = s.result?.toWeek === weekStart ? s.result : null;
  const close = () => {
    s.closeCopy();
    setOpen(false);
  };
  const focus = usePanelFocus(stageOf(open, !!result, !!preview));
  if (!open) {
    return (
      <button
        ref={focus.opener}
        type="button"
        className="btn btn-small copy-week-btn"
        onClick={() => {
          setFrom(addWeeks(weekStart, -1));
          s.closeCopy();
          setOpen(true);
        }}
      >
        {w.say(M.open)}
      </button>
    );
  }
  const weeks = Array.from({ length: 12 }, (_, i) => addWeeks(weekStart, -(i + 1)));
  const shownFrom = (preview ?? result)?.fromWeek ?? from;
  const view = result ?? preview;
  return (
    <section className="card copy-week" aria-labelledby={`${id}-title`} data-testid="copy-week" onKeyDown={closeOnEscape(close)}>
      <h3 id={`${id}-title`}>{w.say(M.title, { week: w.formats.week(weekStart) })}</h3>
      {!view && (
        <form
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            void s.previewCopy({ from, to: weekStart, rowsOnly });
          }}
        >
          <label className="field">
            <span>{w.say(M.from)}</span>
            <select
              ref={focus.first as RefObject<HTMLSelectElement | null>}
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              data-testid="copy-from"
            >
              {weeks.map((m, i) => (
                <option key={m} value={m}>
                  {i === 0 ? w.say(M.weekBefore, { week: w.formats.week(m) }) : w.formats.week(m)}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="field choice">
            <legend>{w.say(M.what)}</legend>
            <label>
              <input type="radio" name={`${id}-what`} checked={!rowsOnly} onChange={() => setRowsOnly(false)} /> {w.say(M.withHours)}
            </label>
            <label>
              <input type="radio" name={`${id}-what`} checked={rowsOnly} onChange={() => setRowsOnly(true)} /> {w.say(M.rowsOnly)}
            </label>
          </fieldset>
          <div className="row row-end">
            <button type="button" className="btn btn-quiet btn-small" onClick={close}>
              {w.say(M.cancel)}
            </button>
            <button type="submit" className="btn btn-primary btn-small" disabled={s.previewing}>
              {w.say(M.preview)}
            </button>
          </div>
        </form>
      )}
      {s.error && (
        <p className="error-text" role="alert">
          {errorText(w, s.error)}
        </p>
      )}
      {view && !(result && s.undone) && <CopyOutcome view={view} done={!!result} fromLabel={w.formats.week(shownFrom)} />}
      {result && <UndoLine place="copy" />}
      {view && (
        <div className="row row-end">
          <button ref={focus.dismiss} type="button" className="btn btn-quiet btn-small" onClick={close} aria-keyshortcuts="Escape">
            {w.say(result ? M.close : M.cancel)}
          </button>
          {preview && !result && (
            <button
              ref={focus.confirm}
              type="button"
              className="btn btn-primary btn-small"
              data-testid="copy-confirm"
              disabled={s.copying || (preview.rowsOnly ? preview.rows.length === 0 : counts(preview.items).made === 0)}
              onClick={() => void s.copy()}
            >
              {preview.rowsOnly ? w.say(M.keepRows, { count: preview.rows.length }) : w.say(M.copyN, { count: counts(preview.items).made })}
            </button>
          )}
        </div>
      )}
    </section>
  );
}

function CopyOutcome({ view, done, fromLabel }: { view: CopyWeekPreview; done: boolean; fromLabel: string }) {
  const w = useWording();
  if (view.rowsOnly) {
    return (
      <div className="stack" role="status">
        <p>{done ? w.say(M.rowsDone, { count: view.rows.length }) : w.say(M.rows, { count: view.rows.length, from: fromLabel })}</p>
        {!done && view.rows.length > 0 && (
          <ul className="batch-rows">
            {view.rows.map((r) => (
              <li key={r.jobId ?? r.jobName} translate="no">
                {r.jobName}
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }
  if (view.sourceLogs === 0) return <p role="status">{w.say(M.empty, { from: fromLabel })}</p>;
  const c = counts(view.items);
  return (
    <div className="stack">
      <p role="status" data-testid="copy-summary">
        <strong>{w.say(done ? BATCH_WORDS.done : BATCH_WORDS.summary, c)}</strong>
      </p>
      {view.offline && (
        <p className="banner" role="note">
          {w.say(BATCH_WORDS.offline)}
        </p>
      )}
      <BatchList items={view.items} testId={done ? 'copy-result' : 'copy-preview'} />
    </div>
  );
}
