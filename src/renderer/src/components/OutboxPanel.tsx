/** Every write waiting for the service, with its state and what can be done about it (PRODUCT: a per-entry outbox). */
import { useState } from 'react';
import type { OutboxEntry } from '../../../shared/domain';
import { describeSync } from '../store/outbox';
import { networkWords } from '../../../shared/network';
import { useShallow } from 'zustand/react/shallow';
import { useApp } from '../store/useApp';
import { showDate, showTime } from '../format';
import { Dialog } from './Dialog';
import { FixEntryForm } from './FixEntryForm';
import { Empty, ErrorMessage, Loading, Outcome } from './Messages';
import { SyncBadge } from './SyncBadge';

const KIND_LABELS = { add: 'Add', edit: 'Edit', delete: 'Delete' } as const;
const capitalise = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

export function OutboxPanel() {
  const entries = useApp((s) => s.outbox.entries);
  const loaded = useApp((s) => s.outbox.loaded);
  const error = useApp((s) => s.outbox.error);
  const syncing = useApp((s) => s.outbox.syncing);
  const lastReport = useApp((s) => s.outbox.lastReport);
  const online = useApp((s) => s.status.value?.online);
  const network = useApp((s) => s.status.value?.network);
  const syncNow = useApp((s) => s.outbox.syncNow);
  const waiting = entries.filter((e) => e.state !== 'synced').length;

  return (
    <div className="stack">
      <div className="row row-between">
        <div>
          <h2 className="screen-title">Outbox</h2>
          <p className="muted small">
            {waiting === 0 ? 'Everything you logged has reached the service.' : `${waiting} waiting to reach the service.`}
            {online === false && ` You are offline (${networkWords(network)}); they sync by themselves when the service is reachable.`}
          </p>
        </div>
        <button type="button" className="btn" disabled={syncing} onClick={() => void syncNow()}>
          <span aria-hidden="true">{'\u21BB'}</span> {syncing ? 'Syncing...' : 'Sync now'}
        </button>
      </div>
      {lastReport && !syncing && <Outcome tone={lastReport.needsAttention || !lastReport.online ? 'warn' : 'ok'}>{describeSync(lastReport)}</Outcome>}
      <ErrorMessage error={error && !error.violations.length ? error : null} />
      {!loaded && <Loading>Reading the outbox...</Loading>}
      {loaded && entries.length === 0 && <Empty title="Nothing waiting.">What you log while the service is out of reach waits here, and is sent by itself when it is back.</Empty>}
      <ul className="outbox-list">
        {entries.map((e) => <OutboxRow key={e.id} entry={e} />)}
      </ul>
    </div>
  );
}

function OutboxRow({ entry }: { entry: OutboxEntry }) {
  const busy = useApp((s) => s.outbox.busyIds.includes(entry.id));
  const actions = useApp(useShallow((s) => ({ markRecorded: s.outbox.markRecorded, retry: s.outbox.retry, discard: s.outbox.discard })));
  const [fixing, setFixing] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const can = (r: OutboxEntry['resolutions'][number]) => entry.resolutions.includes(r);
  const summary = `${KIND_LABELS[entry.kind]} ${entry.hours ?? ''} ${entry.jobName ?? ''}, ${showDate(entry.workDate)}`.replace(/\s+/g, ' ');
  const last = entry.attempts.at(-1);

  return (
    <li className={`outbox-entry outbox-${entry.state}`} data-testid="outbox-entry" aria-label={summary}>
      <div className="row row-between">
        <div className="outbox-what">
          <span className="tag">{KIND_LABELS[entry.kind]}</span>
          {entry.hours && <span className="mono strong">{entry.hours}</span>}
          <span className="outbox-job">{entry.jobName ?? 'Time log'}</span>
          <span className="muted small">{showDate(entry.workDate)}</span>
        </div>
        <SyncBadge state={entry.state} />
      </div>
      {entry.waitsFor && <p className="small strong" data-testid="waits-for">{capitalise(entry.waitsFor)}.</p>}
      {entry.message && <p className={entry.state === 'needs-attention' ? 'field-error small' : 'muted small'}>{entry.message}</p>}
      {entry.unchecked && <p className="muted small">Not checked against your company&apos;s rules yet (they could not be read): checked before it is sent.</p>}
      {entry.attempts.length > 0 && (
        <details className="attempts small">
          <summary>{entry.attempts.length} attempt{entry.attempts.length === 1 ? '' : 's'}{last ? `, last ${showTime(last.at)}` : ''}</summary>
          <ol>
            {entry.attempts.map((a, i) => (
              <li key={i}><span className="mono">{showTime(a.at)}</span> {a.outcome}{a.message ? `: ${a.message}` : ''}</li>
            ))}
          </ol>
        </details>
      )}
      {fixing ? (
        <FixEntryForm entry={entry} onDone={() => setFixing(false)} />
      ) : entry.resolutions.length > 0 && (
        <div className="row row-end">
          {can('mark-recorded') && (
            <button type="button" className="btn btn-small" disabled={busy} onClick={() => void actions.markRecorded(entry.id)}
              title="You checked the service and this entry is there: stop trying and keep it.">It is there</button>
          )}
          {can('retry') && (
            // For an ambiguous entry (it may already be recorded) "retry" means sending it again: say exactly that.
            <button type="button" className="btn btn-small" disabled={busy} onClick={() => void actions.retry(entry.id)}>
              {can('mark-recorded') ? 'Send again' : 'Retry'}
            </button>
          )}
          {can('fix') && <button type="button" className="btn btn-small" disabled={busy} onClick={() => setFixing(true)}>Fix</button>}
          {can('discard') && <button type="button" className="btn btn-small btn-quiet" disabled={busy} onClick={() => setDiscarding(true)}>Discard</button>}
        </div>
      )}
      {discarding && (
        <Dialog
          title="Discard this entry?"
          tone="danger"
          onCancel={() => setDiscarding(false)}
          actions={(
            <>
              <button type="button" className="btn" onClick={() => setDiscarding(false)} autoFocus>Keep it</button>
              <button type="button" className="btn btn-danger" onClick={() => { setDiscarding(false); void actions.discard(entry.id); }}>Discard</button>
            </>
          )}
        >
          {entry.maybeSent
            ? <p>{summary} may already be in the service: its answer was lost. Discarding only stops Punchcard from tracking it; if it is there, it stays there. This cannot be undone.</p>
            : <p>{summary} will not be sent to the service. This cannot be undone.</p>}
        </Dialog>
      )}
    </li>
  );
}
