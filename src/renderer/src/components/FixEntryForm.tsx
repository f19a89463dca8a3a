/** Fix a refused outbox entry in place: hours, date, job, description; the fixed entry is queued again. */
import { useState } from 'react';
import type { Job, OutboxEntry } from '../../../shared/domain';
import { isHoursFormat, normaliseHours } from '../hooks/useLogCheck';
import { violationFor } from '../store/errors';
import type { FixFields } from '../store/outbox';
import { useApp } from '../store/useApp';
import { JobPicker } from './JobPicker';
import { ErrorMessage } from './Messages';

export function FixEntryForm({ entry, onDone }: { entry: OutboxEntry; onDone: () => void }) {
  const jobs = useApp((s) => s.jobs.list);
  const fix = useApp((s) => s.outbox.fix);
  const error = useApp((s) => s.outbox.error);
  const busy = useApp((s) => s.outbox.busyIds.includes(entry.id));
  const [job, setJob] = useState<Job | null>(jobs.find((j) => j.jobName === entry.jobName) ?? null);
  const [hours, setHours] = useState(entry.hours ?? '');
  const [date, setDate] = useState(entry.workDate);
  const [description, setDescription] = useState('');
  const violations = error?.violations ?? [];
  const hoursBad = hours !== '' && !isHoursFormat(hours);

  const submit = async () => {
    const fields: FixFields = {};
    if (hours && hours !== entry.hours) fields.hours = hours;
    if (date !== entry.workDate) fields.workDate = date;
    if (job && job.jobName !== entry.jobName) { fields.jobId = job.jobId; fields.jobName = job.jobName; }
    if (description.trim()) fields.description = description.trim();
    if (await fix(entry.id, fields)) onDone();
  };

  return (
    <form className="stack fix-form" aria-label="Fix entry" onSubmit={(e) => { e.preventDefault(); if (!hoursBad) void submit(); }}>
      {entry.kind !== 'delete' && (
        <JobPicker value={job} onChange={setJob} hint={violationFor(violations, 'job')?.message} invalid={!!violationFor(violations, 'job')} />
      )}
      <div className="row">
        <label className="field">
          <span className="field-label">Date</span>
          <input className="input" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        </label>
        <label className="field field-hours">
          <span className="field-label">Hours</span>
          <input className={`input mono${hoursBad ? ' input-invalid' : ''}`} value={hours} placeholder="HH:MM"
            onChange={(e) => setHours(e.target.value)} onBlur={() => setHours(normaliseHours(hours))} aria-invalid={hoursBad || undefined} />
        </label>
      </div>
      {hoursBad && <p className="field-hint field-error">Use HH:MM, for example 01:30.</p>}
      {violations.map((v) => <p key={`${v.field}-${v.rule}`} className="field-hint field-error">{v.message}</p>)}
      <label className="field">
        <span className="field-label">Description</span>
        <input className="input" value={description} onChange={(e) => setDescription(e.target.value)} placeholder="Leave empty to keep it" />
      </label>
      {error && !error.violations.length && <ErrorMessage error={error} />}
      <div className="row row-end">
        <button type="button" className="btn btn-quiet btn-small" onClick={onDone}>Cancel</button>
        <button type="submit" className="btn btn-primary btn-small" disabled={busy || hoursBad}>Save fix</button>
      </div>
    </form>
  );
}
