/**
 * Adding time to one job and day of the week (AddToDay) and changing a logged one (EditLog). Hours are typed as
 * people type them (DurationField); the company's rules are checked as the user types and named at their field
 * (store/slices/log-form.ts keeps each finding with the fields it was found for). Deleting a log sits in the edit form,
 * away from its primary action, and asks first.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { Job, LocalTimeLog } from '../../../../shared/domain';
import { useLogCheck } from '../../hooks/useLogCheck';
import { violationFor } from '../../store/errors';
import { fieldsKey, type LogInput } from '../../store/slices/log-form';
import { useApp } from '../../store/useApp';
import { billingFor } from '../../../../shared/billing';
import { DateChoice } from './DateChoice';
import { Dialog } from '../Dialog';
import { DurationField, readDuration } from './DurationField';
import { ErrorMessage } from '../Messages';
import { useWording } from '../../i18n/I18n';
import { violationText } from '../../i18n/said-words';
import { LOG_WORDS } from '../../log-words';
import { LOG_FORM_WORDS as M } from './track-words';

/**
 * The findings of the rules and the last refusal, for these fields only. `localId`: the form edits that log, and
 * the rules count its day without it (the edit form used to check the new hours as a new log: on a full day every
 * change was "over the maximum", its old hours counted twice).
 */
function useFindings(fields: LogInput | null, localId?: string) {
  const w = useWording();
  const violations = useApp((s) => s.logForm.violations);
  const checkedKey = useApp((s) => s.logForm.checkedKey);
  const error = useApp((s) => s.logForm.error);
  const errorKey = useApp((s) => s.logForm.errorKey);
  useLogCheck(fields, undefined, localId);
  const key = fieldsKey(fields, localId);
  const current = fields && checkedKey === key ? violations : [];
  const refusal = errorKey === key || (!fields && errorKey) ? error : null;
  return { current, refusal, at: (f: Parameters<typeof violationFor>[1]) => violationText(w, violationFor(current, f)) };
}

/** Time for one job on one day (a week grid cell): only the hours and a description to type. */
export function AddToDay({
  job,
  workDate,
  onDone,
  onCancel,
}: {
  job: Pick<Job, 'jobId' | 'jobName' | 'jobBillableStatus'>;
  workDate: string;
  onDone?: () => void;
  onCancel?: () => void;
}) {
  const w = useWording();
  const id = useId();
  const log = useApp((s) => s.logForm.log);
  const saving = useApp((s) => s.logForm.saving);
  const clearOutcome = useApp((s) => s.logForm.clearOutcome);
  const [hours, setHoursState] = useState('');
  const [description, setDescriptionState] = useState('');
  // typing the next entry: the line about the last one has said its piece
  const setHours = (v: string) => {
    clearOutcome();
    setHoursState(v);
  };
  const setDescription = (v: string) => {
    clearOutcome();
    setDescriptionState(v);
  };
  // the job's own status (what the core decides without a word from the user: src/shared/billing.ts) until changed
  const [billable, setBillable] = useState(billingFor(job) === 'Billable');
  const [billableSaid, setBillableSaid] = useState(false);
  const duration = readDuration(hours);
  const fields: LogInput | null = duration.hhmm
    ? {
        ...(job.jobId ? { jobId: job.jobId } : {}),
        jobName: job.jobName,
        workDate,
        hours: duration.hhmm,
        ...(billableSaid ? { billable } : {}),
        ...(description.trim() ? { description: description.trim() } : {}),
      }
    : null;
  const { current, refusal, at } = useFindings(fields);
  const blocked = !fields || current.length > 0;
  return (
    <form
      className="stack log-form"
      aria-label={w.say(M.addName, { job: job.jobName, day: w.formats.day(workDate) })}
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        if (!blocked && fields && (await log(fields, 'week'))) {
          setHoursState('');
          setDescriptionState('');
          onDone?.();
        }
      }}
      onKeyDown={(e) => {
        if (onCancel) cancelOnEscape(e, onCancel);
      }}
    >
      <div className="row">
        <DurationField
          id={`${id}-hours`}
          value={hours}
          onChange={setHours}
          autoFocus
          ruleProblem={at('hours') ?? at('workDate') ?? at('week') ?? at('job')}
        />
        <label className="check">
          <input
            type="checkbox"
            checked={billable}
            onChange={(e) => {
              setBillable(e.target.checked);
              setBillableSaid(true);
            }}
          />{' '}
          {w.say(LOG_WORDS.billable)}
        </label>
      </div>
      <DescriptionField value={description} onChange={setDescription} />
      <ErrorMessage error={refusal && !refusal.violations.length ? refusal : null} />
      <div className="row row-end">
        <button type="submit" className="btn btn-primary" disabled={saving || blocked}>
          {saving
            ? w.say(LOG_WORDS.logging)
            : w.say(LOG_WORDS.logButton, { hasHours: duration.hhmm ? 'yes' : 'no', hours: duration.hhmm ?? '', day: 'other' })}
        </button>
      </div>
    </form>
  );
}

export function EditLog({ log, onDone }: { log: LocalTimeLog; onDone?: () => void }) {
  const w = useWording();
  const id = useId();
  const edit = useApp((s) => s.logForm.edit);
  const remove = useApp((s) => s.logForm.remove);
  const saving = useApp((s) => s.logForm.saving);
  const reset = useApp((s) => s.logForm.reset);
  const today = useApp((s) => s.today.date);
  const [date, setDate] = useState(log.workDate);
  const [hours, setHours] = useState(log.hours);
  const [billable, setBillable] = useState(log.billingStatus === 'Billable');
  const [description, setDescription] = useState(log.description ?? '');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    reset();
    first.current?.focus();
  }, [reset]);
  const duration = readDuration(hours);
  const changed =
    date !== log.workDate ||
    duration.hhmm !== log.hours ||
    billable !== (log.billingStatus === 'Billable') ||
    description !== (log.description ?? '');
  const fields: LogInput | null =
    changed && duration.hhmm && date
      ? { ...(log.jobId ? { jobId: log.jobId } : {}), jobName: log.jobName, workDate: date, hours: duration.hhmm, billable, description }
      : null;
  const { current, refusal, at } = useFindings(fields, log.localId);
  const blocked = !fields || current.length > 0;

  const save = async () => {
    if (blocked || !duration.hhmm) return;
    const patch = {
      localId: log.localId,
      ...(duration.hhmm !== log.hours ? { hours: duration.hhmm } : {}),
      ...(date !== log.workDate ? { workDate: date } : {}),
      ...(billable !== (log.billingStatus === 'Billable') ? { billable } : {}),
      ...(description !== (log.description ?? '') ? { description } : {}),
    };
    if (await edit(patch, fieldsKey(fields, log.localId))) onDone?.();
  };

  return (
    <form
      className="stack log-form"
      aria-label={w.say(M.editName, { hours: log.hours, job: log.jobName })}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      onKeyDown={(e) => {
        if (onDone) cancelOnEscape(e, onDone);
      }}
    >
      <p className="strong" translate="no">
        {log.jobName}
      </p>
      <div className="row">
        <DurationField id={`${id}-hours`} value={hours} onChange={setHours} inputRef={first} ruleProblem={at('hours')} />
        <label className="check">
          <input type="checkbox" checked={billable} onChange={(e) => setBillable(e.target.checked)} /> {w.say(LOG_WORDS.billable)}
        </label>
      </div>
      <DateChoice id={`${id}-date`} value={date} onChange={setDate} today={today} ruleProblem={at('workDate') ?? at('week')} />
      <DescriptionField value={description} onChange={setDescription} />
      <ErrorMessage error={refusal && !refusal.violations.length ? refusal : null} />
      <FormActions
        danger={
          <button type="button" className="btn btn-quiet btn-small danger-text" onClick={() => setConfirmDelete(true)}>
            {w.say(M.deleteOpen)}
          </button>
        }
      >
        {onDone && (
          <button type="button" className="btn btn-quiet" onClick={onDone}>
            {w.say(LOG_WORDS.cancel)}
          </button>
        )}
        <button type="submit" className="btn btn-primary" disabled={saving || blocked}>
          {saving ? w.say(M.saving) : w.say(M.save)}
        </button>
      </FormActions>
      {confirmDelete && (
        <Dialog
          title={w.say(M.deleteTitle)}
          tone="danger"
          onCancel={() => setConfirmDelete(false)}
          actions={
            <>
              <button type="button" className="btn" onClick={() => setConfirmDelete(false)} autoFocus>
                {w.say(LOG_WORDS.keepIt)}
              </button>
              <button
                type="button"
                className="btn btn-danger"
                onClick={async () => {
                  setConfirmDelete(false);
                  if (await remove(log.localId)) onDone?.();
                }}
              >
                {w.say(M.deleteConfirm, { hours: log.hours })}
              </button>
            </>
          }
        >
          <p>{w.say(M.deleteText, { hours: log.hours, job: log.jobName, day: w.formats.day(log.workDate) })}</p>
        </Dialog>
      )}
    </form>
  );
}

/** A log's description, which may stay empty. */
function DescriptionField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const w = useWording();
  return (
    <label className="field">
      <span className="field-label">{w.say(LOG_WORDS.description)}</span>
      <input className="input" value={value} onChange={(e) => onChange(e.target.value)} placeholder={w.say(LOG_WORDS.optional)} />
    </label>
  );
}

/**
 * Escape in a log form cancels it (as its Cancel button does), one thing at a time: not while a list in it (the job
 * picker) or a confirmation dialog takes the key, and it goes no further (the open day around it stays open).
 */
function cancelOnEscape(e: React.KeyboardEvent, cancel: () => void): void {
  if (e.key !== 'Escape' || e.defaultPrevented || (e.target as Element).closest('dialog')) return;
  e.preventDefault();
  e.stopPropagation();
  cancel();
}

/** A form's buttons: the destructive one alone on the left, the primary one last on the right. */
function FormActions({ danger, children }: { danger: ReactNode; children: ReactNode }) {
  return (
    <div className="row row-between form-actions">
      <div>{danger}</div>
      <div className="row row-end">{children}</div>
    </div>
  );
}
