/**
 * One outbox entry: what it is, its state, why it needs attention, its attempts, and what the user can do about it
 * (fix, send again, it is there, discard). Shown by ./OutboxGroupList.tsx, in the list or in its window.
 */
import { forwardRef, useState, type CSSProperties, type FocusEvent } from 'react';
import type { OutboxAttempt, OutboxEntry } from '../../../../shared/domain';
import { useShallow } from 'zustand/react/shallow';
import { useApp } from '../../store/useApp';
import { showDate, showTime } from '../../format';
import { Dialog } from '../Dialog';
import { FixEntryForm } from './FixEntryForm';
import { SyncBadge } from '../SyncBadge';

const KIND_LABELS = { add: 'Add', edit: 'Edit', delete: 'Delete' } as const;
const ATTEMPT_WORDS: Record<OutboxAttempt['outcome'], string> = {
  applied: 'Sent',
  refused: 'Refused',
  retry: 'Not sent, tried again later',
  ambiguous: 'No answer',
  reconciled: 'Settled',
};
const capitalise = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

/** Where the row sits in a windowed list: its place and the list's size (said to screen readers), and its position. */
export interface RowPlace {
  index: number;
  size: number;
  style?: CSSProperties;
  tabIndex?: number;
  onFocus?: (e: FocusEvent<HTMLLIElement>) => void;
}

export const OutboxRow = forwardRef<HTMLLIElement, { entry: OutboxEntry; place?: RowPlace }>(function OutboxRow({ entry, place }, ref) {
  const busy = useApp((s) => s.outbox.busyIds.includes(entry.id));
  const actions = useApp(useShallow((s) => ({ markRecorded: s.outbox.markRecorded, retry: s.outbox.retry, discard: s.outbox.discard })));
  const [fixing, setFixing] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const can = (r: OutboxEntry['resolutions'][number]) => entry.resolutions.includes(r);
  const summary = `${KIND_LABELS[entry.kind]} ${entry.hours ?? ''} ${entry.jobName ?? ''}, ${showDate(entry.workDate)}`.replace(
    /\s+/g,
    ' ',
  );
  const last = entry.attempts.at(-1);
  // the one action that moves the entry on sits on the right, styled as primary; Discard is quiet, on the far left
  const primary = can('fix') ? 'fix' : can('mark-recorded') ? 'mark-recorded' : can('retry') ? 'retry' : undefined;
  const btn = (r: OutboxEntry['resolutions'][number]) => `btn btn-small${primary === r ? ' btn-primary' : ''}`;

  return (
    <li
      ref={ref}
      className={`outbox-entry outbox-${entry.state}`}
      data-testid="outbox-entry"
      aria-label={summary}
      {...(place
        ? {
            'data-index': place.index,
            'aria-posinset': place.index + 1,
            'aria-setsize': place.size,
            style: place.style,
            tabIndex: place.tabIndex,
            onFocus: place.onFocus,
          }
        : {})}
    >
      <div className="row row-between">
        <div className="outbox-what">
          <span className="tag">{KIND_LABELS[entry.kind]}</span>
          {entry.hours && <span className="mono strong">{entry.hours}</span>}
          <span className="outbox-job">{entry.jobName ?? 'Time log'}</span>
          <span className="muted small">{showDate(entry.workDate)}</span>
        </div>
        <SyncBadge state={entry.state} />
      </div>
      {entry.waitsFor && (
        <p className="small strong" data-testid="waits-for">
          {capitalise(entry.waitsFor)}.
        </p>
      )}
      {/* while fixing, the refusal is said at the field it concerns (FixEntryForm) */}
      {entry.message && !(fixing && entry.field) && (
        <p className={entry.state === 'needs-attention' ? 'field-error small' : 'muted small'}>{entry.message}</p>
      )}
      {entry.unchecked && (
        <p className="muted small">
          Not checked against your company&apos;s rules yet (they could not be read): checked before it is sent.
        </p>
      )}
      {entry.attempts.length > 0 && (
        <details className="attempts small">
          <summary>
            {entry.attempts.length} attempt{entry.attempts.length === 1 ? '' : 's'}
            {last ? `, last ${showTime(last.at)}` : ''}
          </summary>
          <ol>
            {entry.attempts.map((a, i) => (
              <li key={i}>
                <span className="mono">{showTime(a.at)}</span> {ATTEMPT_WORDS[a.outcome] ?? a.outcome}
                {a.message ? `: ${a.message}` : ''}
              </li>
            ))}
          </ol>
        </details>
      )}
      {fixing ? (
        <FixEntryForm entry={entry} onDone={() => setFixing(false)} />
      ) : (
        entry.resolutions.length > 0 && (
          <div className="outbox-actions">
            {can('discard') && (
              <button type="button" className="btn btn-small btn-quiet outbox-discard" disabled={busy} onClick={() => setDiscarding(true)}>
                Discard
              </button>
            )}
            {can('retry') && (
              // For an ambiguous entry (it may already be recorded) "retry" means sending it again: say exactly that.
              <button type="button" className={btn('retry')} disabled={busy} onClick={() => void actions.retry(entry.id)}>
                {can('mark-recorded') ? 'Send again' : 'Retry'}
              </button>
            )}
            {can('mark-recorded') && (
              <button
                type="button"
                className={btn('mark-recorded')}
                disabled={busy}
                onClick={() => void actions.markRecorded(entry.id)}
                title="You checked the service and this entry is there: stop trying and keep it."
              >
                It is there
              </button>
            )}
            {can('fix') && (
              <button type="button" className={btn('fix')} disabled={busy} onClick={() => setFixing(true)}>
                Fix
              </button>
            )}
          </div>
        )
      )}
      {discarding && (
        <Dialog
          title="Discard this entry?"
          tone="danger"
          onCancel={() => setDiscarding(false)}
          actions={
            <>
              <button type="button" className="btn" onClick={() => setDiscarding(false)} autoFocus>
                Keep it
              </button>
              <button
                type="button"
                className="btn btn-danger"
                onClick={() => {
                  setDiscarding(false);
                  void actions.discard(entry.id);
                }}
              >
                Discard
              </button>
            </>
          }
        >
          {entry.maybeSent ? (
            <p>
              {summary} may already be in the service: its answer was lost. Discarding only stops Punchcard from tracking it; if it is
              there, it stays there. This cannot be undone.
            </p>
          ) : (
            <p>{summary} will not be sent to the service. This cannot be undone.</p>
          )}
        </Dialog>
      )}
    </li>
  );
});
