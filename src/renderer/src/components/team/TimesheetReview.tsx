/**
 * One timesheet opened for a decision: its logs, then the decision bar (comment, Approve, Reject, all levels) that
 * stays in view at the bottom of the screen however long the logs are. Untick logs to reject just
 * those (partial, spec 4.1 timeLogs); any rejection needs a comment. Delete is last, quiet and confirmed.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { TimeLog, UndatedTimeLog } from '../../../../shared/domain';
import { parseHhmm, toHhmm } from '../../../../shared/time/hours';
import { useShallow } from 'zustand/react/shallow';
import { defineMessages } from '../../../../shared/i18n/messages';
import { useWording } from '../../i18n/I18n';
import { useApp } from '../../store/useApp';
import { extraName, nameOf, stateOf } from '../../team-format';
import { outcomeWords, periodWords, stateWords, whoOf } from '../../team-words';
import { DecisionBar } from './ReviewDecisionBar';
import { DeleteTimesheet } from './DeleteTimesheet';
import { ReviewLogRow } from './ReviewLogRow';
import { ReviewFlags } from './WeekFlags';
import { weekFlags } from '../../../../shared/team/week-flags';
import { ErrorMessage, Loading, Outcome } from '../Messages';
import '../../styles/team.css';

const M = defineMessages({
  back: { id: 'team.review.back', defaultMessage: 'Team timesheets', description: 'Button: back from one timesheet to the list.' },
  opening: { id: 'team.review.opening', defaultMessage: 'Opening the timesheet...' },
  total: { id: 'team.review.total', defaultMessage: 'Total', description: "Before the timesheet's total hours (HH:MM)." },
  billable: { id: 'team.review.billable', defaultMessage: 'Billable', description: "Before the timesheet's billable hours (HH:MM)." },
  comment: { id: 'team.review.comment', defaultMessage: 'Comment:', description: "Before the comment of the timesheet's decision." },
  noLogs: { id: 'team.review.no-logs', defaultMessage: 'This timesheet has no time logs.' },
  caption: { id: 'team.review.caption', defaultMessage: 'Time logs. Untick a log to reject just that one.' },
  colApprove: {
    id: 'team.review.col.approve',
    defaultMessage: 'Approve',
    description: 'Column of checkboxes: approve this log (untick to reject it).',
  },
  colDay: { id: 'team.review.col.day', defaultMessage: 'Day' },
  colJob: { id: 'team.review.col.job', defaultMessage: 'Job' },
  colHours: { id: 'team.review.col.hours', defaultMessage: 'Hours' },
  onlyPending: { id: 'team.review.only-pending', defaultMessage: 'Only pending timesheets can be approved or rejected.' },
  undatedNote: {
    id: 'team.review.undated-note',
    defaultMessage:
      '{count, plural, one {One log ({hours}) has a date Punchcard cannot read.} other {# logs ({hours}) have a date Punchcard cannot read.}} The total counts {count, plural, one {it} other {them}}, but no day does: a day said to have no hours may have some.',
    description:
      "Under the timesheet's totals when logs came with a date that cannot be read (shown last in the table); {hours}: their hours, HH:MM.",
  },
});

/** A log whose date cannot be read, drawn as a row like the others: its date as it came stands in the day's place. */
const asCame = (l: UndatedTimeLog): TimeLog => ({ ...l, workDate: l.rawWorkDate });

export function TimesheetReview() {
  const w = useWording();
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
  // Opened from the list by keyboard, the row pressed is gone with the list: focus would be left on the page's body.
  // The way back takes it, the first stop of this screen (not when something else already holds focus).
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body) back.current?.focus();
  }, []);
  // Approve or Reject pressed: the decision bar and its buttons give way to the outcome, which takes focus.

  // every log, its day read or not: the decision is on the timesheet, so an undated log is decided like the others
  const logs = useMemo(() => (detail ? [...detail.timeLogs, ...(detail.undatedLogs ?? []).map(asCame)] : []), [detail]);
  const undated = detail?.undatedLogs ?? [];
  useEffect(() => {
    setApprovedLogs(Object.fromEntries(logs.map((l) => [l.timeLogId, l.approvalStatus !== 'rejected'])));
  }, [detail?.recordId, logs.length]);

  const decidable = detail?.status === 'pending';
  // Approve or Reject pressed: the decision bar and its buttons give way to the outcome, which takes focus.
  const outcome = useRef<HTMLDivElement>(null);
  const outcomeShown = !decidable && !!decided;
  useEffect(() => {
    if (outcomeShown && (!document.activeElement || document.activeElement === document.body)) outcome.current?.focus();
  }, [outcomeShown, decided]);
  const state = detail ? stateOf(detail) : null;
  const extra = detail ? extraName(detail) : undefined;
  const thisYear = new Date().getFullYear();

  return (
    <div className="stack">
      <div className="row">
        <button ref={back} type="button" className="btn btn-small btn-quiet" onClick={actions.close}>
          <span aria-hidden="true" className="mirror">
            {'\u2039'}
          </span>{' '}
          {w.say(M.back)}
        </button>
      </div>
      {loading && <Loading>{w.say(M.opening)}</Loading>}
      <ErrorMessage error={error} onRetry={openId ? () => void actions.open(openId) : undefined} />
      {detail && state && (
        <>
          <div className="row row-between">
            <div>
              <h2 className="screen-title" translate={nameOf(detail) ? 'no' : undefined}>
                {whoOf(w, detail)}
              </h2>
              <p className="muted small">
                {periodWords(w, detail.fromDate, detail.toDate, thisYear)}
                {extra && (
                  <>
                    {' \u00B7 '}
                    <span translate="no">{extra}</span>
                  </>
                )}
              </p>
            </div>
            <span className={`badge badge-${state}`}>{stateWords(w, state)}</span>
          </div>
          <p className="week-totals small">
            <span>
              {w.say(M.total)} <strong className="mono">{detail.totalHours}</strong>
            </span>
            <span>
              {w.say(M.billable)} <strong className="mono">{detail.billableHours}</strong>
            </span>
          </p>
          {undated.length > 0 && (
            <p className="small review-undated" data-testid="undated-note">
              {w.say(M.undatedNote, { count: undated.length, hours: hoursOf(undated) })}
            </p>
          )}
          {decidable && <ReviewFlags flags={weekFlags(detail, thisYear)} thisYear={thisYear} />}
          {detail.comments && !decidable && (
            <p className="small">
              <span className="muted">{w.say(M.comment)}</span> <span translate="no">{detail.comments}</span>
            </p>
          )}
          {logs.length === 0 ? (
            <p className="muted">{w.say(M.noLogs)}</p>
          ) : (
            <table className="table">
              <caption className="sr-only">{w.say(M.caption)}</caption>
              <thead>
                <tr>
                  {decidable && <th scope="col">{w.say(M.colApprove)}</th>}
                  <th scope="col">{w.say(M.colDay)}</th>
                  <th scope="col">{w.say(M.colJob)}</th>
                  <th scope="col" className="num">
                    {w.say(M.colHours)}
                  </th>
                </tr>
              </thead>
              <tbody>
                {logs.map((l) => (
                  <ReviewLogRow
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
            <div className="decision-bar" ref={outcome} tabIndex={-1}>
              <Outcome>{outcomeWords(w, decided, thisYear)}</Outcome>
            </div>
          ) : (
            <p className="muted small">{w.say(M.onlyPending)}</p>
          )}
          {/* The service refuses to delete an approved timesheet, so the action is not offered for one. */}
          {detail.status !== 'approved' && (
            <div className="stack review-foot">
              <DeleteTimesheet
                period={{ from: detail.fromDate, to: detail.toDate }}
                owner={{ name: detail.employeeName }}
                deleting={deleting}
                error={deleteError}
                onDelete={actions.deleteOpen}
              />
            </div>
          )}
        </>
      )}
    </div>
  );
}

/** The hours of some logs together (HH:MM); a log whose hours cannot be read adds nothing (the wire read them all). */
function hoursOf(logs: ReadonlyArray<{ hours: string }>): string {
  let minutes = 0;
  for (const l of logs) {
    try {
      minutes += parseHhmm(l.hours);
    } catch {
      // the wire gives HH:MM; nothing else to add
    }
  }
  return toHhmm(minutes);
}
