/**
 * "Approve N": the decision on every selected timesheet, in the sticky bar at the bottom of the screen. A
 * comment is optional to approve and needed to reject: Reject with none focuses the field and says so.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { defineMessages } from '../../../../shared/i18n/messages';
import { useWording } from '../../i18n/I18n';
import { useApp } from '../../store/useApp';
import { commentNeeded, commentNeededMany } from '../../team-words';
import { ErrorMessage } from '../Messages';
import { estimateText } from '../../../../shared/said-words';

const M = defineMessages({
  region: {
    id: 'team.batch.region',
    defaultMessage: '{count, plural, other {Decide # selected}}',
    description: 'Screen reader name of the bar that decides the selected timesheets.',
  },
  comment: { id: 'team.batch.comment', defaultMessage: 'Comment (needed to reject)' },
  deciding: {
    id: 'team.batch.deciding',
    defaultMessage: '{count, plural, one {Deciding # timesheet.} other {Deciding # timesheets.}} {estimate}',
    description: '{estimate}: how long it takes, in words ("This takes about 2 minutes: ...").',
  },
  clear: { id: 'team.batch.clear', defaultMessage: 'Clear selection' },
  reject: {
    id: 'team.batch.reject',
    defaultMessage: 'Reject {count, number}',
    description: 'Button: reject the {count} selected timesheets.',
  },
  approve: {
    id: 'team.batch.approve',
    defaultMessage: 'Approve {count, number}',
    description: 'Button: approve the {count} selected timesheets.',
  },
  busy: { id: 'team.batch.busy', defaultMessage: 'Deciding...', description: 'The Approve button while the decisions are sent.' },
});

export function TeamBatchBar() {
  const w = useWording();
  const selected = useApp((s) => s.team.selected);
  const list = useApp((s) => s.team.list);
  const batching = useApp((s) => s.team.batching);
  const batchError = useApp((s) => s.team.batchError);
  const estimate = useApp((s) => s.team.batchEstimate);
  const actions = useApp(
    useShallow((s) => ({ decideSelected: s.team.decideSelected, selectAll: s.team.selectAll, estimateBatch: s.team.estimateBatch })),
  );
  const [comments, setComments] = useState('');
  const [needsComment, setNeedsComment] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const fieldId = useId();
  const errorId = useId();

  const n = selected.length;
  // How long it takes, before it starts: the service takes about 20 decisions a minute.
  useEffect(() => {
    if (!batching) void actions.estimateBatch();
  }, [n, batching, actions.estimateBatch]);
  const names = [...new Set(list.filter((t) => selected.includes(t.recordId)).map((t) => t.employeeName))];
  const needed = names.length === 1 ? commentNeeded(w, names[0]) : commentNeededMany(w);

  const decide = async (decision: 'approved' | 'rejected') => {
    if (decision === 'rejected' && !comments.trim()) {
      setNeedsComment(true);
      field.current?.focus();
      return;
    }
    if (await actions.decideSelected({ decision, comments })) setComments('');
  };

  return (
    <div className="decision-bar" role="region" aria-label={w.say(M.region, { count: n })}>
      <div className="field">
        <label className="field-label" htmlFor={fieldId}>
          {w.say(M.comment)}
        </label>
        <textarea
          ref={field}
          id={fieldId}
          className={`input${needsComment ? ' input-invalid' : ''}`}
          rows={1}
          value={comments}
          aria-invalid={needsComment || undefined}
          aria-describedby={needsComment ? errorId : undefined}
          onChange={(e) => {
            setComments(e.target.value);
            if (e.target.value.trim()) setNeedsComment(false);
          }}
        />
        {needsComment && (
          <span id={errorId} className="field-hint field-error" role="alert">
            {needed}
          </span>
        )}
      </div>
      <ErrorMessage error={batchError} />
      {estimate && n > 1 && (
        <p className="muted small" role="status">
          {batching ? w.say(M.deciding, { count: n, estimate: estimateText(w, estimate) }) : estimateText(w, estimate)}
        </p>
      )}
      <div className="decision-actions">
        <button type="button" className="btn btn-small btn-quiet" onClick={() => actions.selectAll(false)}>
          {w.say(M.clear)}
        </button>
        <div className="decision-buttons">
          <button type="button" className="btn btn-danger" disabled={batching} onClick={() => void decide('rejected')}>
            {w.say(M.reject, { count: n })}
          </button>
          <button type="button" className="btn btn-primary" disabled={batching} onClick={() => void decide('approved')}>
            {batching ? w.say(M.busy) : w.say(M.approve, { count: n })}
          </button>
        </div>
      </div>
    </div>
  );
}
