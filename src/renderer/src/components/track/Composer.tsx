/**
 * The Track tab's one form: pick a job once, then either start the timer or type how long it took and log it.
 * With the hours field empty the primary action is "Start timer"; with hours typed it is "Log HH:MM"; Enter in a
 * field other than the job does whichever it shows, and so does Ctrl+Enter (⌘Enter on a Mac) from anywhere in the
 * form, the job field included. Enter and Tab in the job field only choose a job (JobPicker): picking a job by
 * keyboard never starts anything. The company's rules are checked as the user types (useLogCheck) and named at
 * their field. The app-wide keys (Alt+S start/stop, Alt+L log: ../../shortcuts.ts) reach this form through `ui.request`.
 *
 * After a log the form is ready for the next one, as it opens: the day goes back to Today (a log to Yesterday used
 * to leave the next entry on Yesterday, unnoticed; docs/daily-loop.md), and the line saying what was logged stays
 * until the user starts the next entry (types, picks a job or a day), not while it is being typed. The primary button
 * (Log or Start, and when it takes a press): ./ComposerAction.tsx. `data-log-field` names Hours for the page's
 * early-input layer (Alt+L and Enter on a job go there before the script too: ../../first-screen/early-input.ts).
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { Job } from '../../../../shared/domain';
import { useLogCheck } from '../../hooks/useLogCheck';
import { violationFor } from '../../store/errors';
import { fieldsKey, type LogInput } from '../../store/slices/log-form';
import { useApp } from '../../store/useApp';
import { billingFor } from '../../../../shared/billing';
import { useMounted } from '../../hooks/useMounted';
import { DateChoice } from './DateChoice';
import { DayChips, SeveralDaysOutcome, useSeveralDays } from './SeveralDays';
import { DurationField, readDuration } from './DurationField';
import { JobPicker } from './JobPicker';
import { ErrorMessage } from '../Messages';
import { LogOutcomeLine } from './LogOutcomeLine';
import { UndoLine } from './UndoLine';
import { ComposerAction } from './ComposerAction';
import { useWording } from '../../i18n/I18n';
import { violationText } from '../../i18n/said-words';
import { LOG_WORDS } from '../../log-words';
import { COMPOSER_WORDS as M } from './track-words';

export function Composer() {
  const w = useWording();
  const id = useId();
  const now = useApp((s) => s.today.date);
  const running = useApp((s) => s.timer.view?.running ?? false);
  const timerBusy = useApp((s) => s.timer.busy);
  const start = useApp((s) => s.timer.start);
  const log = useApp((s) => s.logForm.log);
  const saving = useApp((s) => s.logForm.saving);
  const violations = useApp((s) => s.logForm.violations);
  const checkedKey = useApp((s) => s.logForm.checkedKey);
  const error = useApp((s) => s.logForm.error);
  const errorKey = useApp((s) => s.logForm.errorKey);
  const reset = useApp((s) => s.logForm.reset);
  const clearOutcome = useApp((s) => s.logForm.clearOutcome);
  const company = useApp((s) => s.settings.company);
  // today's week as last read: submitted or approved, it takes no new time (said before Start, asked at Start)
  const weekLocked = useApp((s) => s.today.week?.locked ?? false);
  const hoursRef = useRef<HTMLInputElement>(null);

  // kept in the store: still chosen after a visit to another tab (store/slices/ui.ts)
  const job = useApp((s) => s.ui.trackJob);
  const setJobState = useApp((s) => s.ui.setTrackJob);
  // The job as chosen this very moment: Ctrl+Enter on a suggestion chooses it and acts in the same key press,
  // before React has drawn the choice.
  const jobNow = useRef<Job | null>(job);
  const setJob = (j: Job | null) => {
    jobNow.current = j;
    setJobState(j);
  };
  const [description, setDescriptionState] = useState('');
  const [workItem, setWorkItemState] = useState('');
  const [billable, setBillable] = useState(true);
  // Only what the user changed is sent: otherwise the core bills as the job is (src/shared/billing.ts), the same
  // decision `punch log` and the timer get.
  const [billableSaid, setBillableSaid] = useState(false);
  const [hours, setHoursState] = useState('');
  const [date, setDateState] = useState(now);
  const clearDays = useApp((s) => s.fill.clearDays);
  /** The user's own change of a field: the next entry has begun, so the last line goes. */
  const typed =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      clearOutcome();
      clearDays();
      set(v);
    };
  const setHours = typed(setHoursState);
  const setDescription = typed(setDescriptionState);
  const setWorkItem = typed(setWorkItemState);
  const setDate = typed(setDateState);
  const chooseJob = typed(setJob);
  // A new day (the window stayed open past midnight): "today" moves with it unless the user chose another day.
  const shownDay = useRef(now);
  useEffect(() => {
    if (date === shownDay.current) setDateState(now);
    shownDay.current = now;
  }, [now]);
  useEffect(() => {
    reset();
  }, [reset]);
  // The job field has focus when the window opens, not when a keyboard user arrives on Track from the tab list:
  // the tabs pattern keeps focus on the tab (not autoFocus, which would take it from there).
  // Once the window can be used (App: not before the screen built into index.html is taken over).
  const formRef = useRef<HTMLFormElement>(null);
  const ready = useMounted();
  useEffect(() => {
    if (!ready) return;
    const current = document.activeElement;
    if (!current || current === document.body) formRef.current?.querySelector<HTMLInputElement>('[role="combobox"]')?.focus();
  }, [ready]);
  // The box shows what the core will decide for this job (its own status) until the user changes it.
  useEffect(() => {
    if (job) {
      setBillable(billingFor(job) === 'Billable');
      setBillableSaid(false);
    }
  }, [job?.jobId, job?.jobName]);

  const duration = readDuration(hours);
  const logging = hours.trim() !== '';
  // A typed job name (no job list saved yet) has no id: the service takes the name (spec 4.2 addtimelog jobName).
  const said = (j: Job | null) => (billableSaid && j === job ? { billable } : {});
  const fieldsFor = (j: Job | null): LogInput | null =>
    j && duration.hhmm && date
      ? {
          ...(j.jobId ? { jobId: j.jobId } : {}),
          jobName: j.jobName,
          workDate: date,
          hours: duration.hhmm,
          ...said(j),
          ...(description.trim() ? { description: description.trim() } : {}),
          ...(workItem.trim() ? { workItem: workItem.trim() } : {}),
        }
      : null;
  const one = fieldsFor(job);
  // several days: one log per day, checked together (the single day's check stands aside)
  const several = useSeveralDays(one, () => {
    setHoursState('');
    setDescriptionState('');
    setWorkItemState('');
    setDateState(now);
    hoursRef.current?.focus();
  });
  const { days, busy: daysBusy } = several;
  const setDays = typed(several.setDays);
  const fields = days ? null : one;
  useLogCheck(fields);
  const key = fieldsKey(fields);
  // Findings are shown only for the fields they were found for (store/slices/log-form.ts).
  const current = fields && checkedKey === key ? violations : [];
  const refusal = fields && errorKey === key ? error : null;
  const at = (f: Parameters<typeof violationFor>[1]) => violationText(w, violationFor(current, f));
  const blocked = current.length > 0 || !!duration.problem || !date;

  const startTimer = (chosen: Job | null = job) => {
    if (!chosen || timerBusy) return;
    void start({
      ...(chosen.jobId ? { jobId: chosen.jobId } : {}),
      jobName: chosen.jobName,
      ...said(chosen),
      ...(description.trim() ? { description: description.trim() } : {}),
      ...(workItem.trim() ? { workItem: workItem.trim() } : {}),
    }).then((ok) => {
      if (ok) {
        setJob(null);
        setDescriptionState('');
        setWorkItemState('');
      }
    });
  };
  const logIt = async (chosen: Job | null = job) => {
    if (days) return duration.problem ? undefined : several.log();
    // Ctrl+Enter on a job just picked (hours typed first): its fields, before the re-render.
    const picked = chosen !== job;
    const f = picked ? fieldsFor(chosen) : fields;
    if (!f || saving || duration.problem || (!picked && blocked)) return;
    if (await log(f, 'track')) {
      setHoursState('');
      setDescriptionState('');
      setWorkItemState('');
      setDateState(now);
      hoursRef.current?.focus();
    }
  };
  const primary = (chosen: Job | null = job) => {
    if (logging) void logIt(chosen);
    else startTimer(chosen);
  };

  const focusJob = () => formRef.current?.querySelector<HTMLInputElement>('[role="combobox"]')?.focus();
  // Alt+S / Alt+L from any tab (../../shortcuts.ts): start with the job chosen here, or show where to choose one.
  const request = useApp((s) => s.ui.request);
  const settle = useApp((s) => s.ui.settleRequest);
  useEffect(() => {
    if (!request || !ready) return;
    settle();
    // to Hours, job chosen or not: typing the hours first is a way of its own (the job next, then Enter)
    if (request.kind === 'log') {
      hoursRef.current?.focus();
      return;
    }
    if (jobNow.current && !logging) startTimer(jobNow.current);
    else focusJob();
  }, [request, ready]);

  const maxDate = company && !company.allowFutureDates ? now : undefined;
  return (
    <form
      ref={formRef}
      className="card composer"
      aria-label={w.say(M.name)}
      data-log-field={`${id}-hours`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        primary();
      }}
      onKeyDown={(e) => {
        // the form's own key, from any of its fields: the job field's Enter only chooses a job
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey) {
          e.preventDefault();
          primary(jobNow.current);
        }
      }}
    >
      <JobPicker
        value={job}
        onChange={chooseJob}
        onConfirm={() => hoursRef.current?.focus()}
        hint={at('job')}
        invalid={!!at('job')}
        allowTypedName
      />
      <label className="field">
        <span className="field-label">{w.say(LOG_WORDS.description)}</span>
        <input
          className="input"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          placeholder={w.say(LOG_WORDS.descriptionPlaceholder)}
          aria-invalid={!!at('description') || undefined}
        />
        {at('description') && <span className="field-hint field-error">{at('description')}</span>}
      </label>
      <div className="composer-when">
        <DurationField id={`${id}-hours`} value={hours} onChange={setHours} inputRef={hoursRef} ruleProblem={at('hours')} />
        <DateChoice
          id={`${id}-date`}
          value={date}
          onChange={setDate}
          today={now}
          max={maxDate}
          ruleProblem={at('workDate') ?? at('week')}
          several={{
            on: days !== null,
            onChange: (on) => setDays(on ? (days ?? []) : null),
            chips: <DayChips days={days ?? []} onChange={setDays} today={now} check={several.check} />,
          }}
        />
      </div>
      <details className="composer-more">
        <summary>{w.say(M.more)}</summary>
        <div className="row">
          <label className="field grow">
            <span className="field-label">{w.say(LOG_WORDS.workItem)}</span>
            <input
              className="input"
              value={workItem}
              onChange={(e) => setWorkItem(e.target.value)}
              placeholder={w.say(LOG_WORDS.optional)}
            />
          </label>
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
      </details>
      <ErrorMessage error={refusal && !refusal.violations.length ? refusal : null} />
      <LogOutcomeLine place="track" />
      <SeveralDaysOutcome />
      <UndoLine place="track" />
      {!logging && weekLocked && (
        <p className="muted small" data-testid="timer-week-locked">
          {w.say(M.weekLocked)}
        </p>
      )}
      <ComposerAction
        {...{ id, job, logging, days, daysBusy, blocked, saving, timerBusy, running, date }}
        hhmm={duration.hhmm}
        durationProblem={!!duration.problem}
        daysCheck={several.check}
        today={now}
      />
    </form>
  );
}
