/**
 * The logs of one grid cell (a job on a day): each with its hours, state and, when the manager rejected it, the
 * manager's comment; Edit on each (Delete is inside the edit form, confirmed); and time to add to that job and day.
 */
import { useEffect, useState } from 'react';
import type { Job, LocalTimeLog } from '../../../shared/domain';
import { ELSEWHERE_WORDS, showDate } from '../format';
import { liveSync } from '../store/today';
import { useApp } from '../store/useApp';
import type { CellRef } from './WeekGrid';
import { AddToDay, EditLog } from './LogForm';
import { LogOutcomeLine } from './LogOutcomeLine';
import { SyncBadge } from './SyncBadge';

interface Props {
  cell: CellRef;
  logs: LocalTimeLog[];
  /** The job of the cell, when known (a row added for a job, or the job list). */
  job: Pick<Job, 'jobId' | 'jobName' | 'jobBillableStatus'>;
  /** Why the week cannot be changed, when it cannot. */
  lockedReason: string | null;
  /** The manager's comment on the week's last decision. */
  comment?: string;
  onClose: () => void;
}

export function CellDetail({ cell, logs, job, lockedReason, comment, onClose }: Props) {
  const entries = useApp((s) => s.outbox.entries);
  const reset = useApp((s) => s.logForm.reset);
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(logs.length === 0);
  useEffect(() => { reset(); setEditing(null); setAdding(logs.length === 0); }, [cell.jobName, cell.date, reset]);

  return (
    <section className="card cell-detail" aria-labelledby="cell-title">
      <div className="card-head">
        <h3 id="cell-title" className="detail-title">{cell.jobName} · {showDate(cell.date)}</h3>
        <button type="button" className="icon-btn" aria-label="Close day details" onClick={onClose}><span aria-hidden="true">{'\u00D7'}</span></button>
      </div>
      {logs.length > 0 && (
        <ul className="log-list">
          {logs.map((l) => {
            const readOnly = lockedReason ?? (l.locked ? 'This log is pending or approved and cannot be changed.' : null);
            if (editing === l.localId) return <li key={l.localId} className="log-item"><EditLog log={l} onDone={() => setEditing(null)} /></li>;
            return (
              <li key={l.localId} className={`log-item${l.approvalStatus === 'rejected' ? ' log-rejected' : ''}`}>
                <div className="log-main">
                  <span className="mono strong">{l.hours}</span>
                  <span className="log-desc">{l.description || <span className="muted">No description</span>}</span>
                  <span className="muted small">{l.billingStatus}{l.workItem ? ` · ${l.workItem}` : ''}{l.elsewhere ? ` · ${ELSEWHERE_WORDS}` : ''}</span>
                </div>
                <SyncBadge state={liveSync(l, entries)} />
                {l.approvalStatus === 'rejected' && (
                  <p className="rejected-note small log-message"><span aria-hidden="true">{'\u2298'} </span>Rejected by your manager{comment ? `: "${comment}"` : '.'}</p>
                )}
                {l.message && <p className="field-hint field-error log-message">{l.message}</p>}
                {!readOnly && (
                  <div className="row row-end log-actions">
                    <button type="button" className="btn btn-small" onClick={() => setEditing(l.localId)} aria-label={`Edit ${l.hours} on ${l.jobName}`}>Edit</button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {!editing && <LogOutcomeLine />}
      {lockedReason ? (
        <p className="muted small">{lockedReason}</p>
      ) : adding ? (
        <AddToDay job={job} workDate={cell.date} onDone={() => setAdding(false)} />
      ) : (
        <button type="button" className="btn" onClick={() => setAdding(true)}>Add time to {showDate(cell.date)}</button>
      )}
    </section>
  );
}
