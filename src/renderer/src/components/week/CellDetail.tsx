/**
 * The logs of one grid cell (a job on a day): each with its hours, state and, when the manager rejected it, the
 * manager's comment; Edit on each (Delete is inside the edit form, confirmed); and time to add to that job and day.
 * Escape closes an open form first, then the day (the week puts focus back on its cell); a form closed by Cancel,
 * Escape or a save gives focus back to the button that opened it, never to the page.
 *
 * Chosen from the grid, the day comes into view and takes focus, at every size: in a usual week at the tray's
 * 420 x 640 it opens below the fold, and a click that seemed to do nothing was the issue. Focus goes to
 * the first field when there is one to type in (an empty day opens its form), else to the heading, which says which
 * day this is; the scroll is smooth unless the user asked for reduced motion.
 */
import { useEffect, useRef, useState } from 'react';
import type { ApprovalStatus, Job, LocalTimeLog } from '../../../../shared/domain';
import { ELSEWHERE_WORDS } from '../../format';
import { liveBadge } from '../../store/slices/today';
import { useApp } from '../../store/useApp';
import type { CellRef } from './WeekGrid';
import { AddToDay, EditLog } from '../track/LogForm';
import { LogOutcomeLine } from '../track/LogOutcomeLine';
import { UndoLine } from '../track/UndoLine';
import { SyncBadge } from '../SyncBadge';
import { RejectedNote } from './RejectedNote';
import { Duplicate } from './Duplicate';
import { defineMessages } from '../../../../shared/i18n/messages';
import { useWording } from '../../i18n/I18n';
import { coreText } from '../../i18n/words';

const M = defineMessages({
  close: { id: 'week.day.close', defaultMessage: 'Close day details', description: 'Screen reader name of the × of a day’s logs.' },
  logLocked: { id: 'week.day.log-locked', defaultMessage: 'This log is pending or approved and cannot be changed.' },
  noDescription: { id: 'week.day.no-description', defaultMessage: 'No description', description: 'In place of a log’s empty description.' },
  billing: {
    id: 'week.day.billing',
    defaultMessage: '{billing, select, nonBillable {Non-billable} billable {Billable} other {}}',
    description: 'Whether a log is billed.',
  },
  edit: { id: 'week.day.edit', defaultMessage: 'Edit', description: 'Button: change a log.' },
  editName: {
    id: 'week.day.edit.name',
    defaultMessage: 'Edit {hours} on {job}',
    description: 'Screen reader name of Edit; {hours}: HH:MM.',
  },
  add: { id: 'week.day.add', defaultMessage: 'Add time to {day}', description: '{day}: "Wed 18 Nov".' },
});

interface Props {
  cell: CellRef;
  logs: LocalTimeLog[];
  /** The job of the cell, when known (a row added for a job, or the job list). */
  job: Pick<Job, 'jobId' | 'jobName' | 'jobBillableStatus'>;
  /** Why the week cannot be changed, when it cannot. */
  lockedReason: string | null;
  /** The manager's comment on the week's last decision. */
  comment?: string;
  /** The week's timesheet state: a log rejected in a week that still waits says what to do next differently. */
  weekStatus?: ApprovalStatus;
  /** Every log of the cell's day, every job: what "the whole day" duplicates (./Duplicate.tsx). */
  dayLogs?: LocalTimeLog[];
  onClose: () => void;
}

export function CellDetail({ cell, logs, job, lockedReason, comment, weekStatus, dayLogs = [], onClose }: Props) {
  const w = useWording();
  const byLog = useApp((s) => s.outbox.byLog);
  const reset = useApp((s) => s.logForm.reset);
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(logs.length === 0);
  useEffect(() => {
    reset();
    setEditing(null);
    setAdding(logs.length === 0);
  }, [cell.jobName, cell.date, reset]);
  const box = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    // an empty day's form took focus itself (autoFocus, the hours field); otherwise the heading, which names the day
    if (!el.contains(document.activeElement)) el.querySelector<HTMLElement>('#cell-title')?.focus({ preventScroll: true });
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    el.scrollIntoView({ block: 'nearest', behavior: reduced ? 'auto' : 'smooth' });
  }, [cell.jobName, cell.date]);
  /** After the form is gone: focus its opener (this log's Edit, "Add time"), else the panel's Close. */
  const refocus = (selector: string) =>
    requestAnimationFrame(() => {
      (box.current?.querySelector<HTMLElement>(selector) ?? box.current?.querySelector<HTMLElement>('[data-close]'))?.focus();
    });
  const endEdit = (localId: string) => {
    setEditing(null);
    refocus(`[data-edit="${CSS.escape(localId)}"]`);
  };
  const endAdd = () => {
    setAdding(false);
    refocus('[data-add]');
  };

  return (
    <section
      ref={box}
      className="card cell-detail"
      aria-labelledby="cell-title"
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || e.defaultPrevented || (e.target as Element).closest('dialog')) return;
        e.preventDefault();
        onClose();
      }}
    >
      <div className="card-head">
        <h3 id="cell-title" className="detail-title" tabIndex={-1}>
          <span translate="no">{cell.jobName}</span> · {w.formats.day(cell.date)}
        </h3>
        <button type="button" className="icon-btn" data-close aria-label={w.say(M.close)} aria-keyshortcuts="Escape" onClick={onClose}>
          <span aria-hidden="true">{'\u00D7'}</span>
        </button>
      </div>
      {logs.length > 0 && (
        <ul className="log-list">
          {logs.map((l) => {
            const readOnly = lockedReason ?? (l.locked ? w.say(M.logLocked) : null);
            if (editing === l.localId)
              return (
                <li key={l.localId} className="log-item">
                  <EditLog log={l} onDone={() => endEdit(l.localId)} />
                </li>
              );
            return (
              <li
                key={l.localId}
                className={`log-item${l.approvalStatus === 'rejected' ? ' log-rejected' : ''}${l.fixed ? ' log-fixed' : ''}`}
              >
                <div className="log-main">
                  <span className="mono strong">{l.hours}</span>
                  <span className="log-desc">
                    {l.description ? <span translate="no">{l.description}</span> : <span className="muted">{w.say(M.noDescription)}</span>}
                  </span>
                  <span className="muted small">
                    {w.say(M.billing, {
                      billing: l.billingStatus === 'Non Billable' ? 'nonBillable' : l.billingStatus ? 'billable' : 'none',
                    })}
                    {l.workItem ? <span translate="no">{` · ${l.workItem}`}</span> : ''}
                    {l.elsewhere ? ` · ${w.say(ELSEWHERE_WORDS)}` : ''}
                  </span>
                </div>
                <SyncBadge state={liveBadge(l, byLog[l.localId] ?? [])} />
                {l.approvalStatus === 'rejected' && (
                  <RejectedNote className="rejected-note small log-message" weekStatus={weekStatus} comment={comment} fixed={l.fixed} />
                )}
                {l.message && <p className="field-hint field-error log-message">{coreText(w, l)}</p>}
                {!l.message && l.waitsForServiceDay && (
                  <p className="field-hint muted log-message">
                    {coreText(w, { message: l.waitsForServiceDay, said: l.waitsForServiceDaySaid })}
                  </p>
                )}
                {!readOnly && (
                  <div className="row row-end log-actions">
                    <button
                      type="button"
                      className="btn btn-small"
                      data-edit={l.localId}
                      onClick={() => setEditing(l.localId)}
                      aria-label={w.say(M.editName, { hours: l.hours, job: l.jobName })}
                    >
                      {w.say(M.edit)}
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {!editing && <LogOutcomeLine place="week" />}
      {/* a day's logs may go to another day even from a locked week: the copy leaves them where they are */}
      {!adding && !editing && (
        <div className="row row-end">
          <Duplicate day={cell.date} jobName={cell.jobName} jobLogs={logs} dayLogs={dayLogs} />
        </div>
      )}
      {!editing && <UndoLine place="week" />}
      {lockedReason ? (
        <p className="muted small">{lockedReason}</p>
      ) : adding ? (
        <AddToDay job={job} workDate={cell.date} onDone={endAdd} onCancel={logs.length > 0 ? endAdd : undefined} />
      ) : (
        <button type="button" className="btn" data-add onClick={() => setAdding(true)}>
          {w.say(M.add, { day: w.formats.day(cell.date) })}
        </button>
      )}
    </section>
  );
}
