/** The week at a glance: timesheet state, reminders, the jobs x days grid, the day details, and submission. */
import { useEffect, useState } from 'react';
import type { Job, WeekView as Week } from '../../../../shared/domain';
import { weekLabel, weekStartOf } from '../../../../shared/time/week';
import { pendingWithRejectionsWords } from '../../../../shared/team/approval';
import { NO_LIST_NOTE, STATE_LABELS } from '../../format';
import { useShallow } from 'zustand/react/shallow';
import { useApp } from '../../store/useApp';
import { remindersFor } from '../../store/slices/week';
import { CellDetail } from './CellDetail';
import { DeleteTimesheet } from '../team/DeleteTimesheet';
import { Empty, ErrorMessage, Loading } from '../Messages';
import { SubmitWeek } from './SubmitWeek';
import { CopyWeek } from './CopyWeek';
import { WeekGrid, type CellRef, type GridRow } from './WeekGrid';
import { JobPicker } from '../track/JobPicker';
import '../../styles/week.css';

function lockedReason(week: Week): string | null {
  if (!week.locked) return null;
  const status = week.timesheet?.status;
  const rejected = week.logs.filter((l) => l.approvalStatus === 'rejected').length;
  // the manager rejected some logs and has not decided on the rest: say what happens next, not only "read-only"
  if (status === 'pending' && rejected > 0) return pendingWithRejectionsWords(rejected);
  if (status === 'pending') return 'This week waits for approval, so its logs are read-only (the service refuses changes to pending logs).';
  if (status === 'approved') return 'This week is approved, so its logs are read-only.';
  return 'This week is locked by the company and cannot be changed.';
}

/**
 * Said before deleting the timesheet. Where the service lists the user's logs the week stays whole; where it does
 * not, the week then shows only the logs made here (its logs are kept by this device first: the others are not lost).
 */
const UNATTACHED_NOTE = 'Its logs stay in the week, in no timesheet, ready to submit again.';

export function WeekScreen() {
  const weekStart = useApp((s) => s.week.weekStart);
  const view = useApp((s) => s.week.view);
  const loading = useApp((s) => s.week.loading);
  const error = useApp((s) => s.week.error);
  const reminders = useApp((s) => s.week.reminders);
  const jobs = useApp((s) => s.jobs.list);
  const entries = useApp((s) => s.outbox.entries);
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
  const locked = shown ? lockedReason(shown) : null;
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
      <div className="week-nav" role="group" aria-label="Week">
        <button type="button" className="icon-btn" aria-label="Previous week" onClick={() => go(actions.goToPrevious)}>
          <span aria-hidden="true">{'\u2039'}</span>
        </button>
        <h2 className="week-label" aria-live="polite">
          {weekLabel(weekStart)}
        </h2>
        <button type="button" className="icon-btn" aria-label="Next week" onClick={() => go(actions.goToNext)}>
          <span aria-hidden="true" className="mirror">
            {'\u203A'}
          </span>
        </button>
        <button type="button" className="btn btn-small" disabled={isThisWeek} onClick={() => go(actions.goToThisWeek)}>
          This week
        </button>
        {/* The core keeps the service's view of a week for a minute (rate limits, daily call caps); this reads it now. */}
        <button
          type="button"
          className="icon-btn"
          aria-label="Refresh week from the service"
          title="Refresh from the service"
          onClick={() => go(() => actions.load({ refresh: true }))}
        >
          <span aria-hidden="true">{'\u21BB'}</span>
        </button>
      </div>
      {shown && (
        <div className="week-state">
          <span className={`badge badge-${status}`} data-testid="timesheet-state">
            {STATE_LABELS[status]}
          </span>
          {!shown.fresh && <span className="muted small">From this computer only: the service cannot be reached.</span>}
        </div>
      )}
      {shown?.onlyTimesheetLogs && (
        <p className="banner" role="note" data-testid="no-list-note">
          <span aria-hidden="true">{'\u2139\uFE0E'}</span> {NO_LIST_NOTE}
        </p>
      )}
      {/* Submit comes before the grid: the week's main action is a few presses of Tab from the tabs. */}
      {shown && <SubmitWeek />}

      {remindersFor(reminders, weekStart, status).map((r) => (
        <p key={r.id} className="banner" role="note">
          <span aria-hidden="true">{'\u2139\uFE0E'}</span> {r.message}
        </p>
      ))}
      {shown?.timesheet?.status === 'rejected' && (
        <div className="callout callout-error" role="note" aria-label="Rejected by your manager">
          <span className="callout-icon" aria-hidden="true">
            !
          </span>
          <div className="callout-text">
            <p>
              <strong>Rejected by your manager.</strong> Fix the logs marked {'\u2298'}, then resubmit the week.
            </p>
            {shown.timesheet.comments && <blockquote className="quote">{shown.timesheet.comments}</blockquote>}
          </div>
        </div>
      )}
      {locked && (
        <p className="banner banner-lock" role="note">
          <strong>Read-only.</strong> {locked}
        </p>
      )}

      {error && <ErrorMessage error={error} onRetry={() => void actions.load()} />}
      {!shown && loading && <Loading>Loading the week...</Loading>}
      {shown && rows.length === 0 && (
        <Empty title="Nothing logged this week.">Add a row for a job below, or log time on the Track tab.</Empty>
      )}
      {shown && rows.length > 0 && (
        <>
          <WeekGrid
            week={shown}
            rows={rows}
            today={today}
            selected={cell}
            entries={entries}
            onSelect={(c) => setCell(cell && cell.jobName === c.jobName && cell.date === c.date ? null : c)}
          />
          <p className="week-totals small">
            <span>
              Billable <strong className="mono">{shown.billableHours}</strong>
            </span>
            <span>
              Non-billable <strong className="mono">{shown.nonBillableHours}</strong>
            </span>
          </p>
          <p className="legend small muted" aria-hidden="true">
            <span>{'\u25F7'} queued</span>
            <span>{'\u21BB'} sending</span>
            <span>{'\u26A0\uFE0E'} needs attention</span>
            <span>{'\u2298'} rejected</span>
          </p>
        </>
      )}
      {shown && cell && (
        <CellDetail
          cell={cell}
          job={jobOf(cell.jobName)}
          logs={shown.logs.filter((l) => l.jobName === cell.jobName && l.workDate === cell.date)}
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
              label="Add a row for a job"
            />
            <div className="row row-end">
              <button type="button" className="btn btn-quiet btn-small" onClick={() => setPicking(false)}>
                Cancel
              </button>
            </div>
          </div>
        ) : (
          <button type="button" className="btn btn-small add-row-btn" onClick={() => setPicking(true)}>
            + Add a row for a job
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
            note={UNATTACHED_NOTE}
            onDelete={actions.deleteTimesheet}
          />
        </div>
      )}
    </div>
  );
}
