/**
 * The decision on one opened timesheet (TimesheetReview): a comment, "Approve at all levels", Reject and Approve,
 * sticky at the bottom of the screen area while the logs scroll. Unticked logs make it partial; any rejection needs a
 * comment (the core refuses it too), and Reject with none focuses the field and says so.
 */
import { useId, useRef, useState } from 'react';
import { commentMissing } from '../../../../shared/team/approval';
import type { TimeLog } from '../../../../shared/domain';
import { defineMessages } from '../../../../shared/i18n/messages';
import { useWording } from '../../i18n/I18n';
import { useApp } from '../../store/useApp';
import { commentNeeded, outcomeWords } from '../../team-words';
import { ErrorMessage, Outcome } from '../Messages';

const M = defineMessages({
  decision: { id: 'team.review.decision', defaultMessage: 'Decision', description: 'Screen reader name of the decision bar.' },
  commentFor: {
    id: 'team.review.comment-for',
    defaultMessage: '{named, select, yes {Comment for {name}} other {Comment for the employee}}',
    description: 'Label of the comment field; {name}: the employee.',
  },
  commentHint: {
    id: 'team.review.comment-placeholder',
    defaultMessage: 'Say what to fix when you reject',
    description: 'Placeholder of the comment field.',
  },
  allLevels: {
    id: 'team.review.all-levels',
    defaultMessage: 'Approve at all levels',
    description: "Checkbox: approve for every approval level at once, not only the manager's own.",
  },
  reject: { id: 'team.review.reject', defaultMessage: 'Reject' },
  approve: { id: 'team.review.approve', defaultMessage: 'Approve' },
  approveSome: {
    id: 'team.review.approve-some',
    defaultMessage: 'Approve {approve, number}, reject {reject, number}',
    description: 'Button, when some logs are unticked: approve the ticked ones, reject the others.',
  },
});

/** Comment, all levels, Reject and Approve: sticky at the bottom of the screen area while the logs scroll. */
export function DecisionBar({
  logs,
  approvedLogs,
  employeeName,
}: {
  logs: ReadonlyArray<Pick<TimeLog, 'timeLogId'>>;
  approvedLogs: Record<string, boolean>;
  employeeName?: string;
}) {
  const w = useWording();
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
    <div className="decision-bar" role="region" aria-label={w.say(M.decision)}>
      {decided && <Outcome>{outcomeWords(w, decided, new Date().getFullYear())}</Outcome>}
      <div className="field">
        <label className="field-label" htmlFor={fieldId}>
          {w.say(M.commentFor, { named: employeeName ? 'yes' : 'no', name: employeeName ?? '' })}
        </label>
        <textarea
          ref={field}
          id={fieldId}
          className={`input${needsComment ? ' input-invalid' : ''}`}
          rows={2}
          value={comments}
          placeholder={w.say(M.commentHint)}
          aria-invalid={needsComment || undefined}
          aria-describedby={needsComment ? errorId : undefined}
          onChange={(e) => {
            setComments(e.target.value);
            if (e.target.value.trim()) setNeedsComment(false);
          }}
        />
        {needsComment && (
          <span id={errorId} className="field-hint field-error" role="alert">
            {commentNeeded(w, employeeName)}
          </span>
        )}
      </div>
      <ErrorMessage error={decideError} />
      <div className="decision-actions">
        <label className="check check-small">
          <input type="checkbox" checked={allLevels} onChange={(e) => setAllLevels(e.target.checked)} /> {w.say(M.allLevels)}
        </label>
        <div className="decision-buttons">
          <button type="button" className="btn btn-danger" disabled={deciding} onClick={() => send({ decision: 'rejected' })}>
            {w.say(M.reject)}
          </button>
          <button type="button" className="btn btn-primary" disabled={deciding} onClick={approve}>
            {partial ? w.say(M.approveSome, { approve: logs.length - rejectedCount, reject: rejectedCount }) : w.say(M.approve)}
          </button>
        </div>
      </div>
    </div>
  );
}
