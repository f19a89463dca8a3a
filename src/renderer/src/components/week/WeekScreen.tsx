/** The week at a glance: timesheet state, reminders, the jobs x days grid, the day details, and submission. */
import { useEffect, useState } from 'react';
import type { Job, WeekView as Week } from '../../../../shared/domain';
import { weekStartOf } from '../../../../shared/time/week';
import { NO_LIST_NOTE, STATE_MESSAGES } from '../../format';
import { useShallow } from 'zustand/react/shallow';
import { useApp } from '../../store/useApp';
import { remindersFor } from '../../store/slices/week';
import { CellDetail } from './CellDetail';
import { DeleteTimesheet } from '../team/DeleteTimesheet';
import { Empty, ErrorMessage, Loading } from '../Messages';
import { SubmitWeek } from './SubmitWeek';
import { UndatedLogs } from './UndatedLogs';
import { CopyWeek } from './CopyWeek';
import { WeekGrid, type CellRef, type GridRow } from './WeekGrid';
import { JobPicker } from '../track/JobPicker';
import '../../styles/week.css';
import { FormattedMessage } from 'react-intl';
import type { Wording } from '../../../../shared/i18n/messages';
import { useWording } from '../../i18n/I18n';
import { coreText } from '../../i18n/words';
import { sayIt } from '../../../../shared/i18n/said';
import { LOG_WORDS } from '../../log-words';
import { WEEK_WORDS as M } from './week-words';

/** Why the week cannot be changed, in words, or null when it can. */
function lockedReason(w: Wording, week: Week): string | null {
  if (!week.locked) return null;
  const status = week.timesheet?.status;
  const rejected = week.logs.filter((l) => l.approvalStatus === 'rejected').length;
  // the manager rejected some logs and has not decided on the rest: say what happens next, not only "read-only"
  if (status === 'pending' && rejected > 0) return w.say(M.pendingWithRejections, { count: rejected });
  return w.say(M.locked, { status: status === 'pending' || status === 'approved' ? status : 'other' });
}

/** A rejected week's next step: fix the logs marked, or, once some are fixed, how many are left, or resubmit. */
function rejectedWhatNext(w: Wording, week: Week): string {
  const rejected = week.logs.filter((l) => l.approvalStatus === 'rejected');
  const left = rejected.filter((l) => !l.fixed).length;
  if (left === rejected.length) return w.say(M.rejectedFix, { mark: '\u2298' });
  return w.say(M.rejectedFixed, { left, mark: '\u2298', done: '\u2713' });
}

export function WeekScreen() {
  const w = useWording();
  const weekStart = useApp((s) => s.week.weekStart);
  const view = useApp((s) => s.week.view);
  const loading = useApp((s) => s.week.loading);
  const error = useApp((s) => s.week.error);
  const reminders = useApp((s) => s.week.reminders);
  const jobs = useApp((s) => s.jobs.list);
  const byLog = useApp((s) => s.outbox.byLog);
  const actions = useApp(
    useShallow((s) => ({
      load: s.week.load,
      goToPrevious: s.week.goToPrevious,
      goToNext: s.week.goToNext,
      goToThisWeek: s.week.goToThisWeek,
      deleteTimesheet: s.week.deleteTimesheet,
    })),
  );
  // The tab opened: the week is read again when the core's copy is older than a minute (a decision, a log made on the
  // phone); opening it used to show what was read at start, however old.
  const shownWeek = useApp((s) => s.week.show);
  useEffect(() => {
    void shownWeek();
  }, [shownWeek]);
  const [cell, setCell] = useState<CellRef | null>(null);
  /** Rows the user added for a job, per week, until logs give the job a row of its own. */
  const [added, setAdded] = useState<Record<string, Job[]>>({});
  const [picking, setPicking] = useState(false);
  const today = useApp((s) => s.today.date);
  const isThisWeek = weekStart === weekStartOf(today);
  const shown = view && view.weekStart === weekStart ? view : null;
  const status = shown?.timesheet?.status ?? 'none';
  const locked = shown ? lockedReason(w, shown) : null;
  // Only the user's own draft or rejected week: a pending week is in the manager's hands, and the service refuses to
  // delete an approved one.
  const deletable = status === 'draft' || status === 'rejected';
  const deleting = useApp((s) => s.week.deleting);
  const deleteError = useApp((s) => s.week.deleteError);

  const go = (fn: () => Promise<void>) => {
    setCell(null);
    setPicking(false);
    void fn();
  };
  const logged = shown ? [...new Set(shown.logs.map((l) => l.jobName))].sort((a, b) => a.localeCompare(b)) : [];
  const extra = (added[weekStart] ?? []).filter((j) => !logged.includes(j.jobName));
  // rows kept with the week by "Copy a week" (rows only): the core drops a row once the week has a log of its job
  const kept = (shown?.rows ?? []).filter((r) => !logged.includes(r.jobName) && !extra.some((j) => j.jobName === r.jobName));
  const rows: GridRow[] = [
    ...logged.map((jobName) => ({ jobName, projectName: jobs.find((j) => j.jobName === jobName)?.projectName })),
    ...extra.map((j) => ({ jobName: j.jobName, projectName: j.projectName })),
    ...kept.map((r) => ({ jobName: r.jobName, projectName: jobs.find((j) => j.jobName === r.jobName)?.projectName })),
  ];
  const jobOf = (jobName: string) => {
    const known = jobs.find((j) => j.jobName === jobName) ?? extra.find((j) => j.jobName === jobName);
    if (known) return known;
    const l = shown?.logs.find((x) => x.jobName === jobName);
    const row = kept.find((r) => r.jobName === jobName);
    return { jobId: l?.jobId ?? row?.jobId ?? '', jobName, jobBillableStatus: l?.billingStatus ?? ('Billable' as const) };
  };
  const addRow = (job: Job) => {
    setAdded((a) => ({ ...a, [weekStart]: [...(a[weekStart] ?? []).filter((j) => j.jobName !== job.jobName), job] }));
    setPicking(false);
    setCell({ jobName: job.jobName, date: isThisWeek ? today : weekStart });
  };

  return (
    <div className="stack week">
      <div className="week-nav" role="group" aria-label={w.say(M.nav)}>
        <button type="button" className="icon-btn" aria-label={w.say(M.previous)} onClick={() => go(actions.goToPrevious)}>
          <span aria-hidden="true" className="mirror">
            {'\u2039'}
          </span>
        </button>
        <h2 className="week-label" aria-live="polite">
          {w.formats.week(weekStart)}
        </h2>
        <button type="button" className="icon-btn" aria-label={w.say(M.next)} onClick={() => go(actions.goToNext)}>
          <span aria-hidden="true" className="mirror">
            {'\u203A'}
          </span>
        </button>
        <button type="button" className="btn btn-small" disabled={isThisWeek} onClick={() => go(actions.goToThisWeek)}>
          {w.say(M.thisWeek)}
        </button>
        {/* The core keeps the service's view of a week for a minute (rate limits, daily call caps); this reads it now. */}
        <button
          type="button"
          className="icon-btn"
          aria-label={w.say(M.refresh)}
          title={w.say(M.refreshTitle)}
          onClick={() => go(() => actions.load({ refresh: true }))}
        >
          <span aria-hidden="true">{'\u21BB'}</span>
        </button>
      </div>
      {shown && (
        <div className="week-state">
          <span className={`badge badge-${status}`} data-testid="timesheet-state">
            {w.say(STATE_MESSAGES[status])}
          </span>
          {!shown.fresh && <span className="muted small">{w.say(M.notFresh)}</span>}
        </div>
      )}
      {shown?.onlyTimesheetLogs && (
        <p className="banner" role="note" data-testid="no-list-note">
          <span aria-hidden="true">{'\u2139\uFE0E'}</span> {w.say(NO_LIST_NOTE)}
        </p>
      )}
      {shown?.undatedLogs && <UndatedLogs logs={shown.undatedLogs} />}
      {/* Submit comes before the grid: the week's main action is a few presses of Tab from the tabs. */}
      {shown && <SubmitWeek />}

      {remindersFor(reminders, weekStart, status).map((r) => (
        <p key={r.id} className="banner" role="note" data-testid="reminder">
          <span aria-hidden="true">
            {'\u2139\uFE0E'} {coreText(w, r)}
          </span>
          {/* the hours as the Total shows them (50:30), which a screen reader would read as a time of day: it hears words */}
          <span className="sr-only">{sayIt(w, r.said, r.message, { spoken: true })}</span>
        </p>
      ))}
      {shown?.timesheet?.status === 'rejected' && (
        <div className="callout callout-error" role="note" aria-label={w.say(M.rejectedName)}>
          <span className="callout-icon" aria-hidden="true">
            !
          </span>
          <div className="callout-text">
            <p>
              <strong>{w.say(M.rejectedTitle)}</strong> {rejectedWhatNext(w, shown)}
            </p>
            {shown.timesheet.comments && (
              <blockquote className="quote" translate="no">
                {shown.timesheet.comments}
              </blockquote>
            )}
          </div>
        </div>
      )}
      {locked && (
        <p className="banner banner-lock" role="note">
          <strong>{w.say(M.readOnly)}</strong> {locked}
        </p>
      )}

      {error && <ErrorMessage error={error} onRetry={() => void actions.load()} />}
      {!shown && loading && <Loading>{w.say(M.loading)}</Loading>}
      {shown && rows.length === 0 && <Empty title={w.say(M.emptyTitle)}>{w.say(M.emptyHint)}</Empty>}
      {shown && rows.length > 0 && (
        <>
          <WeekGrid
            week={shown}
            rows={rows}
            today={today}
            selected={cell}
            byLog={byLog}
            onSelect={(c) => setCell(cell && cell.jobName === c.jobName && cell.date === c.date ? null : c)}
          />
          <p className="week-totals small">
            <span>
              <FormattedMessage {...M.billable} values={{ hours: <strong className="mono">{shown.billableHours}</strong> }} />
            </span>
            <span>
              <FormattedMessage {...M.nonBillable} values={{ hours: <strong className="mono">{shown.nonBillableHours}</strong> }} />
            </span>
          </p>
          <p className="legend small muted" aria-hidden="true">
            <span>{w.say(M.legend, { icon: '\u25F7', state: 'queued' })}</span>
            <span>{w.say(M.legend, { icon: '\u21BB', state: 'sending' })}</span>
            <span>{w.say(M.legend, { icon: '\u26A0\uFE0E', state: 'attention' })}</span>
            <span>{w.say(M.legend, { icon: '\u2298', state: 'rejected' })}</span>
            {/* a rejected log changed since (its cell's ✓): only in a week that has one */}
            {shown.logs.some((l) => l.fixed) && <span>{w.say(M.legend, { icon: '\u2713', state: 'fixed' })}</span>}
          </p>
        </>
      )}
      {shown && cell && (
        <CellDetail
          cell={cell}
          job={jobOf(cell.jobName)}
          logs={shown.logs.filter((l) => l.jobName === cell.jobName && l.workDate === cell.date)}
          dayLogs={shown.logs.filter((l) => l.workDate === cell.date)}
          lockedReason={locked}
          comment={shown.timesheet?.comments}
          weekStatus={shown.timesheet?.status}
          onClose={() => {
            // back to the cell it was opened from, so a keyboard user goes on from there
            setCell(null);
            requestAnimationFrame(() =>
              document.querySelector<HTMLElement>(`[data-testid="cell-${CSS.escape(cell.jobName)}-${cell.date}"]`)?.focus(),
            );
          }}
        />
      )}
      {shown &&
        !locked &&
        (picking ? (
          <div className="card add-row">
            <JobPicker
              value={null}
              onChange={(j) => {
                if (j) addRow(j);
              }}
              autoFocus
              label={w.say(M.addRow)}
            />
            <div className="row row-end">
              <button type="button" className="btn btn-quiet btn-small" onClick={() => setPicking(false)}>
                {w.say(LOG_WORDS.cancel)}
              </button>
            </div>
          </div>
        ) : (
          <button type="button" className="btn btn-small add-row-btn" onClick={() => setPicking(true)}>
            + {w.say(M.addRow)}
          </button>
        ))}
      {shown && <CopyWeek weekStart={weekStart} />}
      {shown?.timesheet && deletable && (
        <div className="stack delete-timesheet">
          <DeleteTimesheet
            timesheetName={shown.timesheet.timesheetName}
            owner="self"
            deleting={deleting}
            error={deleteError}
            note={w.say(M.unattached)}
            onDelete={actions.deleteTimesheet}
          />
        </div>
      )}
    </div>
  );
}
