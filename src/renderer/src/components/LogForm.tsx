/**
 * Log time by hand (ManualLog) or change a logged one (EditLog). The company's rules are checked as the user
 * types and shown next to the field they concern, before anything is queued.
 */
import { useEffect, useId, useState } from 'react';
import type { Job, LocalTimeLog, RuleViolation } from '../../../shared/domain';
import { localDate } from '../../../shared/week';
import { isHoursFormat, normaliseHours, useLogCheck } from '../hooks/useLogCheck';
import { violationFor } from '../store/errors';
import { useApp } from '../store/useApp';
import { JobPicker } from './JobPicker';
import { ErrorMessage, Outcome, toneOf } from './Messages';

interface ManualProps {
  /** Pre-filled from a week grid cell. */
  job?: Job | null;
  workDate?: string;
  onDone?: () => void;
}

export function ManualLog({ job: initialJob = null, workDate, onDone }: ManualProps) {
  const log = useApp((s) => s.logForm.log);
  const today = localDate(Date.now());
  const [job, setJob] = useState<Job | null>(initialJob);
  const [date, setDate] = useState(workDate ?? today);
  const [hours, setHours] = useState('');
  const [billable, setBillable] = useState(initialJob ? initialJob.jobBillableStatus === 'Billable' : true);
  const [description, setDescription] = useState('');
  useEffect(() => { if (job) setBillable(job.jobBillableStatus === 'Billable'); }, [job?.jobId]);

  // A typed job name (no job list saved yet) has no id: the service takes the name (spec 4.2 addtimelog jobName).
  const fields = job ? { ...(job.jobId ? { jobId: job.jobId } : {}), jobName: job.jobName, workDate: date, hours, billable, ...(description.trim() ? { description: description.trim() } : {}) } : null;
  return (
    <LogInput
      mode="add" fields={fields} date={date} setDate={setDate} hours={hours} setHours={setHours} billable={billable}
      setBillable={setBillable} description={description} setDescription={setDescription}
      jobSlot={(v) => <JobPicker value={job} onChange={setJob} hint={v?.message} invalid={!!v} allowTypedName />}
      canSubmit={!!job}
      onSubmit={async () => {
        if (!fields) return;
        if (await log(fields)) { setHours(''); setDescription(''); onDone?.(); }
      }}
    />
  );
}

export function EditLog({ log, onDone }: { log: LocalTimeLog; onDone?: () => void }) {
  const edit = useApp((s) => s.logForm.edit);
  const [date, setDate] = useState(log.workDate);
  const [hours, setHours] = useState(log.hours);
  const [billable, setBillable] = useState(log.billingStatus === 'Billable');
  const [description, setDescription] = useState(log.description ?? '');
  const changed = date !== log.workDate || hours !== log.hours || billable !== (log.billingStatus === 'Billable')
    || description !== (log.description ?? '');
  const fields = changed
    ? { ...(log.jobId ? { jobId: log.jobId } : {}), jobName: log.jobName, workDate: date, hours, billable, description }
    : null;
  return (
    <LogInput
      mode="edit" fields={fields} date={date} setDate={setDate} hours={hours} setHours={setHours} billable={billable}
      setBillable={setBillable} description={description} setDescription={setDescription}
      canSubmit={changed}
      onCancel={onDone}
      onSubmit={async () => {
        const patch = {
          localId: log.localId,
          ...(hours !== log.hours ? { hours } : {}),
          ...(date !== log.workDate ? { workDate: date } : {}),
          ...(billable !== (log.billingStatus === 'Billable') ? { billable } : {}),
          ...(description !== (log.description ?? '') ? { description } : {}),
        };
        if (await edit(patch)) onDone?.();
      }}
    />
  );
}

interface FieldsProps {
  mode: 'add' | 'edit';
  fields: Parameters<typeof useLogCheck>[0];
  date: string; setDate: (s: string) => void;
  hours: string; setHours: (s: string) => void;
  billable: boolean; setBillable: (b: boolean) => void;
  description: string; setDescription: (s: string) => void;
  jobSlot?: (violation: RuleViolation | undefined) => React.ReactNode;
  canSubmit: boolean;
  onSubmit: () => Promise<void>;
  onCancel?: () => void;
}

function LogInput(p: FieldsProps) {
  const id = useId();
  const violations = useApp((s) => s.logForm.violations);
  const saving = useApp((s) => s.logForm.saving);
  const error = useApp((s) => s.logForm.error);
  const outcome = useApp((s) => s.logForm.outcome);
  const reset = useApp((s) => s.logForm.reset);
  const company = useApp((s) => s.settings.company);
  const [hoursTouched, setHoursTouched] = useState(false);
  // Reset on opening only: the outcome of a save stays visible after an edit form closes.
  useEffect(() => { reset(); }, [reset]);
  useLogCheck(p.fields);

  const formatProblem = hoursTouched && p.hours && !isHoursFormat(p.hours) ? 'Use HH:MM, for example 01:30.' : undefined;
  const hoursMsg = formatProblem ?? violationFor(violations, 'hours')?.message;
  const dateMsg = violationFor(violations, 'workDate')?.message ?? violationFor(violations, 'week')?.message;
  const descMsg = violationFor(violations, 'description')?.message;
  const blocking = violations.length > 0 || !!formatProblem || !isHoursFormat(p.hours);
  const maxDate = company && !company.allowFutureDates ? localDate(Date.now()) : undefined;

  return (
    <form className="stack log-form" noValidate onSubmit={(e) => { e.preventDefault(); if (!blocking && p.canSubmit) void p.onSubmit(); }}>
      {p.jobSlot?.(violationFor(violations, 'job'))}
      <div className="row">
        <label className="field">
          <span className="field-label">Date</span>
          <input className={`input${dateMsg ? ' input-invalid' : ''}`} type="date" required value={p.date} max={maxDate}
            onChange={(e) => p.setDate(e.target.value)} aria-invalid={!!dateMsg || undefined} aria-describedby={dateMsg ? `${id}-date` : undefined} />
        </label>
        <label className="field field-hours">
          <span className="field-label">Hours</span>
          <input className={`input mono${hoursMsg ? ' input-invalid' : ''}`} inputMode="numeric" placeholder="HH:MM" required value={p.hours}
            onChange={(e) => p.setHours(e.target.value)}
            onBlur={() => { setHoursTouched(true); p.setHours(normaliseHours(p.hours)); }}
            aria-invalid={!!hoursMsg || undefined} aria-describedby={hoursMsg ? `${id}-hours` : undefined} />
        </label>
        <label className="check">
          <input type="checkbox" checked={p.billable} onChange={(e) => p.setBillable(e.target.checked)} /> Billable
        </label>
      </div>
      {dateMsg && <p id={`${id}-date`} className="field-hint field-error">{dateMsg}</p>}
      {hoursMsg && <p id={`${id}-hours`} className="field-hint field-error">{hoursMsg}</p>}
      <label className="field">
        <span className="field-label">Description</span>
        <input className={`input${descMsg ? ' input-invalid' : ''}`} value={p.description} onChange={(e) => p.setDescription(e.target.value)}
          placeholder="Optional" aria-describedby={descMsg ? `${id}-desc` : undefined} />
      </label>
      {descMsg && <p id={`${id}-desc`} className="field-hint field-error">{descMsg}</p>}
      <ErrorMessage error={error && !error.violations.length ? error : null} />
      {outcome && <Outcome tone={toneOf(outcome.state)}>{outcome.message}</Outcome>}
      <div className="row row-end">
        {p.onCancel && <button type="button" className="btn btn-quiet" onClick={p.onCancel}>Cancel</button>}
        <button type="submit" className="btn btn-primary" disabled={saving || blocking || !p.canSubmit}>
          {saving ? 'Saving...' : p.mode === 'add' ? 'Log time' : 'Save changes'}
        </button>
      </div>
    </form>
  );
}
