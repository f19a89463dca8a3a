/**
 * "Approve N": the decision on every selected timesheet, in the sticky bar at the bottom of the screen. A
 * comment is optional to approve and needed to reject: Reject with none focuses the field and says so.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { commentNeededFor } from '../../../shared/approval';
import { useApp } from '../store/useApp';
import { ErrorMessage } from './Messages';
import { estimateText } from '../../../shared/said-words';
import { useWording } from '../i18n/I18n';

export function TeamBatchBar() {
  const selected = useApp((s) => s.team.selected);
  const list = useApp((s) => s.team.list);
  const batching = useApp((s) => s.team.batching);
  const batchError = useApp((s) => s.team.batchError);
  const estimate = useApp((s) => s.team.batchEstimate);
  const w = useWording();
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
  const needed = names.length === 1 ? commentNeededFor(names[0]) : 'Say what to fix, so each of them knows what to change';

  const decide = async (decision: 'approved' | 'rejected') => {
    if (decision === 'rejected' && !comments.trim()) {
      setNeedsComment(true);
      field.current?.focus();
      return;
    }
    if (await actions.decideSelected({ decision, comments })) setComments('');
  };

  return (
    <div className="decision-bar" role="region" aria-label={`Decide ${n} selected`}>
      <div className="field">
        <label className="field-label" htmlFor={fieldId}>
          Comment (needed to reject)
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
          {batching ? `Deciding ${n} timesheets. ${estimateText(w, estimate)}` : estimateText(w, estimate)}
        </p>
      )}
      <div className="decision-actions">
        <button type="button" className="btn btn-small btn-quiet" onClick={() => actions.selectAll(false)}>
          Clear selection
        </button>
        <div className="decision-buttons">
          <button type="button" className="btn btn-danger" disabled={batching} onClick={() => void decide('rejected')}>
            Reject {n}
          </button>
          <button type="button" className="btn btn-primary" disabled={batching} onClick={() => void decide('approved')}>
            {batching ? 'Deciding...' : `Approve ${n}`}
          </button>
        </div>
      </div>
    </div>
  );
}
