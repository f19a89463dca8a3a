/**
 * One timesheet opened for a decision: its logs, a comment, approve or reject as a whole, per time log (partial,
 * spec 4.1 timeLogs), or at all levels.
 */
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useApp } from '../store/useApp';
import { showDate, showDay, STATE_LABELS } from '../format';
import { DeleteTimesheet } from './DeleteTimesheet';
import { ErrorMessage, Loading, Outcome } from './Messages';

export function TimesheetReview() {
  const detail = useApp((s) => s.team.detail);
  const loading = useApp((s) => s.team.detailLoading);
  const error = useApp((s) => s.team.detailError);
  const deciding = useApp((s) => s.team.deciding);
  const decideError = useApp((s) => s.team.decideError);
  const decided = useApp((s) => s.team.decided);
  const openId = useApp((s) => s.team.openId);
  const deleting = useApp((s) => s.team.deleting);
  const deleteError = useApp((s) => s.team.deleteError);
  const actions = useApp(useShallow((s) => ({ decide: s.team.decide, close: s.team.close, open: s.team.open, deleteOpen: s.team.deleteOpen })));
  const [comments, setComments] = useState('');
  const [allLevels, setAllLevels] = useState(false);
  /** Time log id -> approved? Every log starts approved; unticking one makes the decision partial. */
  const [approvedLogs, setApprovedLogs] = useState<Record<string, boolean>>({});

  useEffect(() => {
    setApprovedLogs(Object.fromEntries((detail?.timeLogs ?? []).map((l) => [l.timeLogId, l.approvalStatus !== 'rejected'])));
  }, [detail?.recordId, detail?.timeLogs.length]);

  const logs = detail?.timeLogs ?? [];
  const rejectedCount = logs.filter((l) => approvedLogs[l.timeLogId] === false).length;
  const partial = rejectedCount > 0 && rejectedCount < logs.length;
  const decidable = detail?.status === 'pending';

  const approve = () => void actions.decide({
    decision: rejectedCount === logs.length && logs.length > 0 ? 'rejected' : 'approved',
    ...(comments.trim() ? { comments: comments.trim() } : {}),
    ...(allLevels ? { allLevels: true } : {}),
    ...(partial ? { logs: Object.fromEntries(logs.map((l) => [l.timeLogId, approvedLogs[l.timeLogId] ? 'approved' : 'rejected'] as const)) } : {}),
  });
  const reject = () => void actions.decide({
    decision: 'rejected', ...(comments.trim() ? { comments: comments.trim() } : {}), ...(allLevels ? { allLevels: true } : {}),
  });

  return (
    <div className="stack">
      <div className="row">
        <button type="button" className="btn btn-small btn-quiet" onClick={actions.close}><span aria-hidden="true">{'\u2039'}</span> Team timesheets</button>
      </div>
      {loading && <Loading>Opening the timesheet...</Loading>}
      <ErrorMessage error={error} onRetry={openId ? () => void actions.open(openId) : undefined} />
      {detail && (
        <>
          <div className="row row-between">
            <div>
              <h2 className="screen-title">{detail.employeeName ?? detail.employeeEmail ?? detail.timesheetName}</h2>
              <p className="muted small">{detail.timesheetName} · {showDate(detail.fromDate)} - {showDate(detail.toDate)}</p>
            </div>
            <span className={`badge badge-${detail.status}`}>{STATE_LABELS[detail.status]}</span>
          </div>
          <p className="week-totals small">
            <span>Total <strong className="mono">{detail.totalHours}</strong></span>
            <span>Billable <strong className="mono">{detail.billableHours}</strong></span>
          </p>
          {logs.length === 0 ? <p className="muted">This timesheet has no time logs.</p> : (
            <table className="table">
              <caption className="sr-only">Time logs. Untick a log to reject just that one.</caption>
              <thead>
                <tr>{decidable && <th scope="col">Approve</th>}<th scope="col">Day</th><th scope="col">Job</th><th scope="col" className="num">Hours</th></tr>
              </thead>
              <tbody>
                {logs.map((l) => (
                  <tr key={l.timeLogId}>
                    {decidable && (
                      <td>
                        <input type="checkbox" checked={approvedLogs[l.timeLogId] ?? true}
                          aria-label={`Approve ${l.hours} on ${l.jobName}, ${showDate(l.workDate)}`}
                          onChange={(e) => setApprovedLogs((m) => ({ ...m, [l.timeLogId]: e.target.checked }))} />
                      </td>
                    )}
                    <td className="nowrap">{showDay(l.workDate)}</td>
                    <td>
                      {l.jobName}
                      {l.description && <span className="muted small block">{l.description}</span>}
                      {l.approvalStatus && !decidable && <span className="muted small block">{l.approvalStatus}</span>}
                    </td>
                    <td className="num mono">{l.hours}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {decided && <Outcome>{decided}</Outcome>}
          {decidable ? (
            <div className="stack">
              <label className="field">
                <span className="field-label">Comment for {detail.employeeName ?? 'the employee'}</span>
                <textarea className="input" rows={2} value={comments} onChange={(e) => setComments(e.target.value)}
                  placeholder="Say what to fix when you reject" />
              </label>
              <label className="check"><input type="checkbox" checked={allLevels} onChange={(e) => setAllLevels(e.target.checked)} /> Approve at all levels</label>
              <ErrorMessage error={decideError} />
              <div className="row row-end">
                <button type="button" className="btn btn-danger" disabled={deciding} onClick={reject}>Reject</button>
                <button type="button" className="btn btn-primary" disabled={deciding} onClick={approve}>
                  {partial ? `Approve ${logs.length - rejectedCount}, reject ${rejectedCount}` : 'Approve'}
                </button>
              </div>
            </div>
          ) : !decided && <p className="muted small">Only pending timesheets can be approved or rejected.</p>}
          {/* The service refuses to delete an approved timesheet, so the action is not offered for one. */}
          {detail.status !== 'approved' && (
            <div className="stack delete-timesheet">
              <DeleteTimesheet timesheetName={detail.timesheetName} deleting={deleting} error={deleteError}
                whose={detail.employeeName ? `${detail.employeeName}'s` : "The employee's"} onDelete={actions.deleteOpen} />
            </div>
          )}
        </>
      )}
    </div>
  );
}
