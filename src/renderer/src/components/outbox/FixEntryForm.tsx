/**
 * Fix a refused outbox entry in place: hours, date, job (an add's only: an edit cannot move a log to another job,
 * spec 4.2), description; the fixed entry is queued again. It opens on the field the refusal concerns
 * (`OutboxEntry.field`, set by the core from the broken rule or the service's refusal code) and says there what is
 * wrong; that message goes as soon as the value changes. A fix the core refuses names its field the same way.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { Job, OutboxEntry, OutboxField, RuleViolation } from '../../../../shared/domain';
import { parseDuration, toHhmm } from '../../../../shared/time/hours';
import type { FixFields } from '../../store/slices/outbox';
import { useApp } from '../../store/useApp';
import { JobPicker } from '../track/JobPicker';
import { ErrorMessage } from '../Messages';
import '../../styles/outbox.css';
import { useWording } from '../../i18n/I18n';
import { violationText } from '../../i18n/said-words';
import { defineMessages } from '../../../../shared/i18n/messages';
import { coreText } from '../../i18n/words';
import { LOG_WORDS } from '../../log-words';
import { HOURS_FIELD } from '../track/DurationField';

const M = defineMessages({
  noDate: {
    id: 'outbox.fix.no-date',
    defaultMessage: 'Date: pick a date.',
    description: 'Under the date field of the Fix form when it is empty.',
  },
  name: {
    id: 'outbox.fix.name',
    defaultMessage: 'Fix entry',
    description: 'Screen reader name of the form that fixes a refused outbox entry.',
  },
  date: { id: 'outbox.fix.date', defaultMessage: 'Date', description: 'Label of the date field.' },
  keepDescription: {
    id: 'outbox.fix.description.placeholder',
    defaultMessage: 'Leave empty to keep it',
    description: 'Placeholder of the description field: empty keeps the entry’s description.',
  },
  save: { id: 'outbox.fix.save', defaultMessage: 'Save fix' },
});

/** `1h30`, `1.5`, `90m`, `1:30` -> `01:30`; undefined when it is not a duration (shared/time/hours.ts). */
function hoursOf(typed: string): string | undefined {
  try {
    return toHhmm(parseDuration(typed));
  } catch {
    return undefined;
  }
}

/** A refused fix's violation at the form's field (a locked week is the date's problem). */
function fieldOfViolation(v: RuleViolation): OutboxField {
  return v.field === 'week' ? 'workDate' : v.field;
}

export function FixEntryForm({ entry, onDone }: { entry: OutboxEntry; onDone: () => void }) {
  const w = useWording();
  const jobs = useApp((s) => s.jobs.list);
  const fix = useApp((s) => s.outbox.fix);
  const error = useApp((s) => s.outbox.error);
  const busy = useApp((s) => s.outbox.busyIds.includes(entry.id));
  const [job, setJob] = useState<Job | null>(jobs.find((j) => j.jobName === entry.jobName) ?? null);
  const [hours, setHours] = useState(entry.hours ?? '');
  const [date, setDate] = useState(entry.workDate);
  const [description, setDescription] = useState('');
  /** The values when the core last refused a fix: its violations show until their field changes. */
  const [tried, setTried] = useState<{ hours: string; date: string; job: string; description: string } | null>(null);
  const id = useId();
  const refs = {
    hours: useRef<HTMLInputElement>(null),
    workDate: useRef<HTMLInputElement>(null),
    description: useRef<HTMLInputElement>(null),
  };
  const jobFixable = entry.kind === 'add';
  const wrong: OutboxField | undefined = entry.field === 'job' && !jobFixable ? undefined : entry.field;

  // opens on the field that is wrong (the job picker focuses itself through autoFocus)
  useEffect(() => {
    const target = wrong === 'job' ? undefined : refs[wrong ?? 'hours'].current;
    target?.focus();
    // on opening only
  }, []);

  const current = { hours, date, job: job?.jobName ?? '', description };
  const unchanged = {
    hours: hours === (entry.hours ?? ''),
    workDate: date === entry.workDate,
    job: (job?.jobName ?? '') === (entry.jobName ?? ''),
    description: description === '',
  };
  const stillTried = (f: OutboxField) => tried !== null && tried[f === 'workDate' ? 'date' : f] === current[f === 'workDate' ? 'date' : f];
  /** What is wrong at a field now: typed badly, refused by the core for this fix, or the refusal that brought it here. */
  const problem = (f: OutboxField): string | undefined => {
    if (f === 'hours' && hours.trim() !== '' && !hoursOf(hours)) return w.say(HOURS_FIELD.unreadable);
    if (f === 'workDate' && date === '') return w.say(M.noDate);
    const v = (error?.violations ?? []).find((x) => fieldOfViolation(x) === f);
    if (v && stillTried(f)) return violationText(w, v);
    if (f === wrong && unchanged[f] && entry.message) return coreText(w, entry);
    return undefined;
  };
  const hoursBad = hours.trim() !== '' && !hoursOf(hours);
  const dateBad = date === '';
  const problemId = (f: OutboxField) => `${id}-${f}-problem`;
  const at = (f: OutboxField) => {
    const p = problem(f);
    return p ? { 'aria-invalid': true as const, 'aria-describedby': problemId(f) } : {};
  };
  const say = (f: OutboxField) => {
    const p = problem(f);
    return p ? (
      <p id={problemId(f)} className="field-hint field-error fix-problem" data-testid={`fix-problem-${f}`}>
        {p}
      </p>
    ) : null;
  };
  // violations of a field this form does not have (none today) still show, in the error below
  const otherViolations = (error?.violations ?? []).filter(
    (v) => !(['hours', 'workDate', 'job', 'description'] as OutboxField[]).includes(fieldOfViolation(v)),
  );

  const submit = async () => {
    const fields: FixFields = {};
    const h = hoursOf(hours);
    if (h && h !== entry.hours) fields.hours = h;
    if (date !== entry.workDate) fields.workDate = date;
    if (jobFixable && job && job.jobName !== entry.jobName) {
      fields.jobId = job.jobId || undefined;
      fields.jobName = job.jobName;
    }
    if (description.trim()) fields.description = description.trim();
    setTried(current);
    if (await fix(entry.id, fields)) onDone();
  };

  return (
    <form
      className="stack fix-form"
      aria-label={w.say(M.name)}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!hoursBad && !dateBad) void submit();
      }}
    >
      {jobFixable && (
        <div>
          <JobPicker value={job} onChange={setJob} autoFocus={wrong === 'job'} invalid={!!problem('job')} hint={problem('job')} />
        </div>
      )}
      <div className="fix-row">
        <div className="field">
          <label className="field-label" htmlFor={`${id}-date`}>
            {w.say(M.date)}
          </label>
          <input
            id={`${id}-date`}
            ref={refs.workDate}
            className={`input${problem('workDate') ? ' input-invalid' : ''}`}
            type="date"
            value={date}
            onChange={(e) => setDate(e.target.value)}
            {...at('workDate')}
          />
          {say('workDate')}
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-hours`}>
            {w.say(HOURS_FIELD.label)}
          </label>
          <input
            id={`${id}-hours`}
            ref={refs.hours}
            className={`input mono${problem('hours') ? ' input-invalid' : ''}`}
            value={hours}
            placeholder="1:30"
            onChange={(e) => setHours(e.target.value)}
            onBlur={() => {
              const h = hoursOf(hours);
              if (h) setHours(h);
            }}
            {...at('hours')}
          />
          {say('hours')}
        </div>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-description`}>
          {w.say(LOG_WORDS.description)}
        </label>
        <input
          id={`${id}-description`}
          ref={refs.description}
          className={`input${problem('description') ? ' input-invalid' : ''}`}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          placeholder={w.say(M.keepDescription)}
          {...at('description')}
        />
        {say('description')}
      </div>
      {error && !error.violations.length && <ErrorMessage error={error} />}
      {otherViolations.length > 0 && <ErrorMessage error={{ ...error!, violations: otherViolations }} />}
      <div className="fix-actions">
        <button type="button" className="btn btn-quiet btn-small" onClick={onDone}>
          {w.say(LOG_WORDS.cancel)}
        </button>
        <button type="submit" className="btn btn-primary btn-small" disabled={busy || hoursBad || dateBad}>
          {w.say(M.save)}
        </button>
      </div>
    </form>
  );
}
