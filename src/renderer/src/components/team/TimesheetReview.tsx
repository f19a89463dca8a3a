/**
 * One timesheet opened for a decision: its logs, then the decision bar (comment, Approve, Reject, all levels) that
 * stays in view at the bottom of the screen however long the logs are. Untick logs to reject just
 * those (partial, spec 4.1 timeLogs); any rejection needs a comment. Delete is last, quiet and confirmed.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { commentMissing, commentNeededFor } from '../../../../shared/team/approval';
import type { TimeLog } from '../../../../shared/domain';
import { useApp } from '../../store/useApp';
import { showDate, showDay } from '../../format';
import { extraName, showPeriod, stateOf, whoOf } from '../../team-format';
import { DeleteTimesheet } from './DeleteTimesheet';
import { ReviewFlags } from './WeekFlags';
import { weekFlags } from '../../../../shared/team/week-flags';
import { ErrorMessage, Loading, Outcome } from '../Messages';
import '../../styles/team.css';

const LOG_STATE: Record<string, string> = { approved: 'Approved', rejected: 'Rejected', pending: 'Waiting', draft: 'Not submitted' };

export function TimesheetReview() {
  const detail = useApp((s) => s.team.detail);
  const loading = useApp((s) => s.team.detailLoading);
  const error = useApp((s) => s.team.detailError);
  const decided = useApp((s) => s.team.decided);
  const openId = useApp((s) => s.team.openId);
  const deleting = useApp((s) => s.team.deleting);
  const deleteError = useApp((s) => s.team.deleteError);
  const actions = useApp(useShallow((s) => ({ close: s.team.close, open: s.team.open, deleteOpen: s.team.deleteOpen })));
  /** Time log id -> approved? Every log starts approved; unticking one makes the decision partial. */
  const [approvedLogs, setApprovedLogs] = useState<Record<string, boolean>>({});

  useEffect(() => {
    setApprovedLogs(Object.fromEntries((detail?.timeLogs ?? []).map((l) => [l.timeLogId, l.approvalStatus !== 'rejected'])));
  }, [detail?.recordId, detail?.timeLogs.length]);

  const logs = detail?.timeLogs ?? [];
  const decidable = detail?.status === 'pending';
  const state = detail ? stateOf(detail) : null;
  const extra = detail ? extraName(detail) : undefined;

  return (
    <div className="stack">
      <div className="row">
        <button type="button" className="btn btn-small btn-quiet" onClick={actions.close}>
          <span aria-hidden="true">{'\u2039'}</span> Team timesheets
        </button>
      </div>
      {loading && <Loading>Opening the timesheet...</Loading>}
      <ErrorMessage error={error} onRetry={openId ? () => void actions.open(openId) : undefined} />
      {detail && state && (
        <>
          <div className="row row-between">
            <div>
              <h2 className="screen-title">{whoOf(detail)}</h2>
              <p className="muted small">
                {showPeriod(detail.fromDate, detail.toDate, new Date().getFullYear())}
                {extra ? ` · ${extra}` : ''}
              </p>
            </div>
            <span className={`badge badge-${state.tone}`}>{state.label}</span>
          </div>
          <p className="week-totals small">
            <span>
              Total <strong className="mono">{detail.totalHours}</strong>
            </span>
            <span>
              Billable <strong className="mono">{detail.billableHours}</strong>
            </span>
          </p>
          {decidable && <ReviewFlags flags={weekFlags(detail, new Date().getFullYear())} />}
          {detail.comments && !decidable && (
            <p className="small">
              <span className="muted">Comment:</span> {detail.comments}
            </p>
          )}
          {logs.length === 0 ? (
            <p className="muted">This timesheet has no time logs.</p>
          ) : (
            <table className="table">
              <caption className="sr-only">Time logs. Untick a log to reject just that one.</caption>
              <thead>
                <tr>
                  {decidable && <th scope="col">Approve</th>}
                  <th scope="col">Day</th>
                  <th scope="col">Job</th>
                  <th scope="col" className="num">
                    Hours
                  </th>
                </tr>
              </thead>
              <tbody>
                {logs.map((l) => (
                  <LogRow
                    key={l.timeLogId}
                    log={l}
                    decidable={decidable}
                    approved={approvedLogs[l.timeLogId] ?? true}
                    onChange={(on) => setApprovedLogs((m) => ({ ...m, [l.timeLogId]: on }))}
                  />
                ))}
              </tbody>
            </table>
          )}
          {decidable ? (
            <DecisionBar logs={logs} approvedLogs={approvedLogs} employeeName={detail.employeeName} />
          ) : decided ? (
            <div className="decision-bar">
              <Outcome>{decided}</Outcome>
            </div>
          ) : (
            <p className="muted small">Only pending timesheets can be approved or rejected.</p>
          )}
          {/* The service refuses to delete an approved timesheet, so the action is not offered for one. */}
          {detail.status !== 'approved' && (
            <div className="stack review-foot">
              <DeleteTimesheet
                timesheetName={`for ${showPeriod(detail.fromDate, detail.toDate)}`}
                deleting={deleting}
                error={deleteError}
                whose={detail.employeeName ? `${detail.employeeName}'s` : "The employee's"}
                onDelete={actions.deleteOpen}
              />
            </div>
          )}
        </>
      )}
    </div>
  );
}

function LogRow({
  log: l,
  decidable,
  approved,
  onChange,
}: {
  log: TimeLog;
  decidable: boolean;
  approved: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <tr>
      {decidable && (
        <td>
          <input
            type="checkbox"
            checked={approved}
            aria-label={`Approve ${l.hours} on ${l.jobName}, ${showDate(l.workDate)}`}
            onChange={(e) => onChange(e.target.checked)}
          />
        </td>
      )}
      <td className="nowrap">{showDay(l.workDate)}</td>
      <td>
        {l.jobName}
        {l.description && <span className="muted small block">{l.description}</span>}
        {l.approvalStatus && (!decidable || l.approvalStatus === 'approved') && (
          <span className={`log-state log-state-${l.approvalStatus} block`}>{LOG_STATE[l.approvalStatus] ?? l.approvalStatus}</span>
        )}
      </td>
      <td className="num mono">{l.hours}</td>
    </tr>
  );
}

/** Comment, all levels, Reject and Approve: sticky at the bottom of the screen area while the logs scroll. */
function DecisionBar({
  logs,
  approvedLogs,
  employeeName,
}: {
  logs: TimeLog[];
  approvedLogs: Record<string, boolean>;
  employeeName?: string;
}) {
  const deciding = useApp((s) => s.team.deciding);
  const decideError = useApp((s) => s.team.decideError);
  const decided = useApp((s) => s.team.decided);
  const decide = useApp((s) => s.team.decide);
  const [comments, setComments] = useState('');
  const [allLevels, setAllLevels] = useState(false);
  const [needsComment, setNeedsComment] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const fieldId = useId();
  const errorId = useId();

  const rejectedCount = logs.filter((l) => approvedLogs[l.timeLogId] === false).length;
  const partial = rejectedCount > 0 && rejectedCount < logs.length;

  const send = (d: Parameters<typeof decide>[0]) => {
    // a rejection, whole or of any log, says what to fix (the core refuses it too)
    if (commentMissing({ ...d, comments })) {
      setNeedsComment(true);
      field.current?.focus();
      return;
    }
    void decide({ ...d, ...(comments.trim() ? { comments: comments.trim() } : {}), ...(allLevels ? { allLevels: true } : {}) });
  };
  const approve = () =>
    send({
      decision: rejectedCount === logs.length && logs.length > 0 ? 'rejected' : 'approved',
      ...(partial
        ? {
            logs: Object.fromEntries(
              logs.map((l) => [l.timeLogId, approvedLogs[l.timeLogId] === false ? 'rejected' : 'approved'] as const),
            ),
          }
        : {}),
    });

  return (
    <div className="decision-bar" role="region" aria-label="Decision">
      {decided && <Outcome>{decided}</Outcome>}
      <div className="field">
        <label className="field-label" htmlFor={fieldId}>
          Comment for {employeeName ?? 'the employee'}
        </label>
        <textarea
          ref={field}
          id={fieldId}
          className={`input${needsComment ? ' input-invalid' : ''}`}
          rows={2}
          value={comments}
          placeholder="Say what to fix when you reject"
          aria-invalid={needsComment || undefined}
          aria-describedby={needsComment ? errorId : undefined}
          onChange={(e) => {
            setComments(e.target.value);
            if (e.target.value.trim()) setNeedsComment(false);
          }}
        />
        {needsComment && (
          <span id={errorId} className="field-hint field-error" role="alert">
            {commentNeededFor(employeeName)}
          </span>
        )}
      </div>
      <ErrorMessage error={decideError} />
      <div className="decision-actions">
        <label className="check check-small">
          <input type="checkbox" checked={allLevels} onChange={(e) => setAllLevels(e.target.checked)} /> Approve at all levels
        </label>
        <div className="decision-buttons">
          <button type="button" className="btn btn-danger" disabled={deciding} onClick={() => send({ decision: 'rejected' })}>
            Reject
          </button>
          <button type="button" className="btn btn-primary" disabled={deciding} onClick={approve}>
            {partial ? `Approve ${logs.length - rejectedCount}, reject ${rejectedCount}` : 'Approve'}
          </button>
        </div>
      </div>
    </div>
  );
}
