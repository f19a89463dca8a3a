/** The logs of one grid cell: see them, edit or delete each, or add time to that job and day. */
import { useEffect, useState } from 'react';
import type { LocalTimeLog } from '../../../shared/domain';
import { showDate } from '../format';
import { useApp } from '../store/useApp';
import type { CellRef } from './WeekGrid';
import { Dialog } from './Dialog';
import { EditLog, ManualLog } from './LogForm';
import { Outcome, toneOf } from './Messages';
import { SyncBadge } from './SyncBadge';

interface Props {
  cell: CellRef;
  logs: LocalTimeLog[];
  /** Why the week cannot be changed, when it cannot. */
  lockedReason: string | null;
  onClose: () => void;
}

export function CellDetail({ cell, logs, lockedReason, onClose }: Props) {
  const jobs = useApp((s) => s.jobs.list);
  const remove = useApp((s) => s.logForm.remove);
  const outcome = useApp((s) => s.logForm.outcome);
  const reset = useApp((s) => s.logForm.reset);
  useEffect(() => { reset(); setEditing(null); setAdding(false); }, [cell.jobName, cell.date, reset]);
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<LocalTimeLog | null>(null);
  const job = jobs.find((j) => j.jobName === cell.jobName) ?? null;

  return (
    <section className="card cell-detail" aria-labelledby="cell-title">
      <div className="card-head">
        <h3 id="cell-title" className="detail-title">{cell.jobName} · {showDate(cell.date)}</h3>
        <button type="button" className="icon-btn" aria-label="Close day details" onClick={onClose}><span aria-hidden="true">{'\u00D7'}</span></button>
      </div>
      {logs.length === 0 && <p className="muted">Nothing logged for this job on this day.</p>}
      <ul className="log-list">
        {logs.map((l) => {
          const readOnly = lockedReason ?? (l.locked ? 'This log is pending or approved and cannot be changed.' : null);
          return (
            <li key={l.localId} className="log-item">
              {editing === l.localId ? (
                <EditLog log={l} onDone={() => setEditing(null)} />
              ) : (
                <>
                  <div className="log-main">
                    <span className="mono strong">{l.hours}</span>
                    <span className="log-desc">{l.description || <span className="muted">No description</span>}</span>
                    <span className="muted small">{l.billingStatus}{l.workItem ? ` · ${l.workItem}` : ''}</span>
                  </div>
                  <SyncBadge state={l.sync} />
                  {l.message && <p className="field-hint field-error log-message">{l.message}</p>}
                  {!readOnly && (
                    <div className="row row-end log-actions">
                      <button type="button" className="btn btn-small" onClick={() => setEditing(l.localId)} aria-label={`Edit ${l.hours} on ${l.jobName}`}>Edit</button>
                      <button type="button" className="btn btn-small btn-quiet" onClick={() => setDeleting(l)} aria-label={`Delete ${l.hours} on ${l.jobName}`}>Delete</button>
                    </div>
                  )}
                </>
              )}
            </li>
          );
        })}
      </ul>
      {!editing && outcome && !adding && <Outcome tone={toneOf(outcome.state)}>{outcome.message}</Outcome>}
      {lockedReason ? (
        <p className="muted small">{lockedReason}</p>
      ) : adding ? (
        <>
          <ManualLog job={job} workDate={cell.date} />
          <button type="button" className="btn btn-quiet btn-small" onClick={() => setAdding(false)}>Close</button>
        </>
      ) : (
        <button type="button" className="btn" onClick={() => setAdding(true)}>Add time to this day</button>
      )}
      {deleting && (
        <Dialog
          title="Delete this log?"
          tone="danger"
          onCancel={() => setDeleting(null)}
          actions={(
            <>
              <button type="button" className="btn" onClick={() => setDeleting(null)} autoFocus>Keep it</button>
              <button type="button" className="btn btn-danger" onClick={() => { const l = deleting; setDeleting(null); void remove(l.localId); }}>Delete</button>
            </>
          )}
        >
          <p>{deleting.hours} on {deleting.jobName}, {showDate(deleting.workDate)}, will be deleted{deleting.sync === 'synced' ? ' from the service' : ''}.</p>
        </Dialog>
      )}
    </section>
  );
}
